package parse

import (
	"sort"
	"strconv"
	"strings"
)

// A rerunOf is the first run that took a command: its line and the
// heading it was read under.
type rerunOf struct {
	line          int
	heading, from string
	hasHeading    bool
	// repeats is set when that command already had a repeat option: a
	// later run with the same one is the same command again (or the
	// command carried to a block that shows none), which its heading may
	// set apart as another experiment.
	repeats bool
}

// noteRerun judges a run by its command, not its heading: a command that
// repeats an earlier run's command with an option that only repeats the
// measurement ("mysqlslap --auto-generate-sql --iterations=10" after
// "mysqlslap --auto-generate-sql") reruns that experiment, so the run
// takes the earlier run's heading, whatever heading it is shown under
// ("### 重复测试", a repeat test). Commands that differ otherwise, or are
// the same without a repeat option, are left to their headings: two
// sections running one command may name two systems.
func (c *ctx) noteRerun(r *Run) {
	key, repeats := rerunKey(r.Tool, r.cmdOpts)
	first, seen := c.reruns[key]
	if !seen {
		if c.reruns == nil {
			c.reruns = map[string]rerunOf{}
		}
		h, ok := r.Labels["heading"]
		c.reruns[key] = rerunOf{line: r.Line, heading: h, from: r.LabelFrom["heading"], hasHeading: ok, repeats: repeats}
		return
	}
	if !repeats || first.repeats || r.Labels["heading"] == first.heading {
		return
	}
	if first.hasHeading {
		r.SetLabelFrom("heading", first.heading, first.from+", the heading of the run at line "+strconv.Itoa(first.line)+" whose command this one reruns")
	} else {
		delete(r.Labels, "heading")
		delete(r.LabelFrom, "heading")
	}
	r.Warn(r.Line, "the command of the run at line "+strconv.Itoa(first.line)+" again, with an option that repeats the measurement: the same experiment, whatever heading it is shown under")
}

// rerunKey is the tool and the options of a command but those of
// repeatOptions, in order; repeats is set when the command has one.
func rerunKey(tool string, opts map[string]string) (key string, repeats bool) {
	return optionsKey(tool, opts, repeatOptions)
}

// optionsKey is the tool and the options of a command, in order, but
// those of leave; left says one was left out.
func optionsKey(tool string, opts map[string]string, leave map[string]bool) (key string, left bool) {
	names := make([]string, 0, len(opts))
	for k := range opts {
		if leave[k] {
			left = true
			continue
		}
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(tool)
	for _, k := range names {
		b.WriteString("\x00" + k + "=" + opts[k])
	}
	return b.String(), left
}
