package sysbench

import "testing"

func TestBanner(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)", "1.0.20", true},
		{"sysbench 0.4.12:  multi-threaded system evaluation benchmark", "0.4.12", true},
		{"sysbench v0.4.8:  multi-threaded system evaluation benchmark", "0.4.8", true},
		{"sysbench 1.1.0-ead2689 (using bundled LuaJIT 2.1.0-beta3)", "1.1.0-ead2689", true},
		{"sysbench 1.0:  multi-threaded system evaluation benchmark", "1.0", true},
		{"sysbench --test=cpu run", "", false},
		{"sysbench 1.0.20 is great", "", false},
	}
	for _, tt := range tests {
		got, ok := Banner(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Banner(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestLeadingIntStrict: a count is digits alone, ended by blanks or a
// note; a number with a decimal comma, an exponent, a hex prefix or a
// unit glued to it is not one.
func TestLeadingIntStrict(t *testing.T) {
	for _, in := range []string{"12abc", "3,96", "1e3", "0x10", "12_0"} {
		if n, ok := LeadingInt(in); ok {
			t.Errorf("LeadingInt(%q) = %d, want not a number", in, n)
		}
	}
	for in, want := range map[string]int64{"212131": 212131, "-12": -12, "41229  --注释": 41229, " 7 ": 7} {
		if n, ok := LeadingInt(in); !ok || n != want {
			t.Errorf("LeadingInt(%q) = %d, %v; want %d", in, n, ok, want)
		}
	}
}
