package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPromptThreeAngles: a blog post whose zsh prompt ends in ">>>"
// (marius@remoteur:~>>> sysbench ...) and whose output sits between
// Liquid tags ({% highlight bash %}). The run takes the command and the
// prompt's host; the tags are not JSON documents.
func TestPromptThreeAngles(t *testing.T) {
	d := parseFile(t, filepath.Join("testdata", "prompts", "sb0.4.12-cpu-zsh-prompt-ending-in-three-angles-jekyll-post.md"))
	if len(d.Errors) != 0 || len(d.Runs) != 1 {
		t.Fatalf("%d runs, errors %v; want one run and no error", len(d.Runs), d.Errors)
	}
	r := d.Runs[0]
	if r.Command != "sysbench --num-threads=4 --test=cpu --cpu-max-prime=100000 run" || r.Labels["host"] != "remoteur" ||
		r.Test != "cpu" || r.Threads == nil || *r.Threads != 4 || r.TotalTimeS == nil || *r.TotalTimeS != 86.6428 {
		t.Errorf("run: command %q host %q test %q threads %s total time %v", r.Command, r.Labels["host"], r.Test,
			intText(r.Threads), r.TotalTimeS)
	}
	// Python's own prompt, which harnesses also print before the commands
	// they run, is a prompt without a host.
	l := &Line{No: 1, Raw: ">>> sysbench --num-threads=1 --test=cpu run"}
	normalize(l)
	if l.Prompt != ">>>" || l.Text != "sysbench --num-threads=1 --test=cpu run" || promptHost(l.Prompt) != "" || clientPrompt(l.Prompt) {
		t.Errorf(">>> prompt: %q %q", l.Prompt, l.Text)
	}
}

// TestDiffFence: a review thread quoting sysbench output in a ```diff
// fence (apache/shardingsphere #18353), every line behind a "+": the
// interim lines are read as a run of 200 threads, cut short where the
// excerpt ends.
func TestDiffFence(t *testing.T) {
	f := filepath.Join("testdata", "diff", "shardingsphere18353-sysbench-interim-lines-in-diff-review-excerpt.txt")
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	d, err := All(strings.NewReader(string(b)), f)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want one run", len(d.Runs), d.Errors)
	}
	r := d.Runs[0]
	if r.Line != 5 || r.Threads == nil || *r.Threads != 200 || len(r.Intervals) != 2 || r.Complete ||
		r.Intervals[1].TPS != 11731.00 {
		t.Errorf("run: line %d threads %s intervals %+v complete %v", r.Line, intText(r.Threads), r.Intervals, r.Complete)
	}
	// Outside a diff fence a leading "+" stays: the same lines are no run.
	plain := strings.Replace(string(b), "```diff", "```", 1)
	d, err = All(strings.NewReader(plain), f)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 0 {
		t.Errorf("without the diff fence: %d runs, want none", len(d.Runs))
	}
}
