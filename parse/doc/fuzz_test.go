package doc

import (
	"strings"
	"testing"
)

// FuzzOutline feeds any text to an Outline line by line: it must not
// panic, and every heading it returns has a title and a level in 1–11.
func FuzzOutline(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: x\n---\n# A\n## B\ntext\n",
		"MySQL 8.0\n=========\n\nRead only\n---------\n",
		"-----\nBACKGROUND THREAD\n-----\n",
		"```\n**bold**\n```\n1. Test with 10 threads\n- item\n<h2>x</h2>\nlabel:\n",
		"Take 2\n第2次\n2回目\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var o Outline
		for i, l := range strings.Split(s, "\n") {
			h, ok := o.Add(i+1, l)
			if ok && (h.Title == "" || h.Level < 1 || h.Level > 11 || h.Line < 1 || h.Line > i+1) {
				t.Fatalf("line %d %q: heading %+v", i+1, l, h)
			}
			for k := range o.Path() {
				if n := o.Name(k); !strings.HasPrefix(n, o.Path()[k].Title) {
					t.Fatalf("line %d: name %q of %q", i+1, n, o.Path()[k].Title)
				}
			}
		}
		for _, h := range o.Path() {
			_ = h.Title
		}
		_, _, _ = Counter(s)
		_ = Enumerates(strings.Split(s, "\n"))
	})
}
