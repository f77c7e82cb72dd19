package parse

import "testing"

// TestFishPrompt splits fish's default prompt, "user@host" and the
// shortened directory with '>' glued to it (root's '#'), from the command
// typed after it. The lines are quoted from public notes: a Japanese note
// on exec fish (code index file 28080611358), a go-zero load test
// (34862019923) and a C library note (38885245554).
func TestFishPrompt(t *testing.T) {
	for _, c := range []struct{ line, prompt, rest string }{
		{"vagrant@localhost ~> echo $SHLVL", "vagrant@localhost ~>", "echo $SHLVL"},
		{`xiaodong@localhost ~> wrk -t10 -c1000 -d40s --latency "http://localhost:8888/check?book=go-zero"`,
			"xiaodong@localhost ~>", `wrk -t10 -c1000 -d40s --latency "http://localhost:8888/check?book=go-zero"`},
		{"root@localhost ~> cat pro1.c", "root@localhost ~>", "cat pro1.c"},
	} {
		p, rest, ok := splitPrompt(c.line)
		if !ok || p != c.prompt || rest != c.rest {
			t.Errorf("splitPrompt(%q) = %q, %q, %v; want %q, %q", c.line, p, rest, ok, c.prompt, c.rest)
		}
	}
	// Not a prompt: an address and a path in prose, with no '>' or '#'
	// glued to the path.
	if p, _, ok := splitPrompt("mail admin@example.com /var/log/mail.log for details"); ok {
		t.Errorf("prose taken for a prompt %q", p)
	}
}
