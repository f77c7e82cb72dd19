// Command sbreport turns sysbench benchmarks into publication-ready
// comparisons.
//
// Usage:
//
//	sbreport parse [--json] INPUT...        read results and captures, print what was found
//	sbreport compare [flags] INPUT...       compare systems with intervals and significance
//	sbreport scale [flags] INPUT...         fit scaling curves (Universal Scalability Law)
//	sbreport report [flags] -o DIR INPUT... write report.md, appendix.md, charts, report.xlsx, results.json, runs.csv
//	sbreport demo -o DIR                    write the report of the embedded example campaign
//	sbreport run [flags] PLAN.yaml -o DIR   run a benchmark campaign against real servers
//	sbreport store --db URL INPUT...        keep results in a MySQL-protocol warehouse
//	sbreport history --order KEY INPUT...   change points of each series by version, date or time
//
// The reading verbs take --db URL (beside or instead of inputs) and select
// runs with --where KEY=VALUE, --since and --until.
//
// An INPUT is a file, a directory (read recursively), "-" for standard
// input, or NAME=PATH to label everything under PATH with system NAME.
// Path segments of the form key=value become labels too
// (results/engine=rocksdb/run1.log gives engine=rocksdb).
//
// Exit status: 0 when every input was read, 1 on a failure, 2 on a usage
// error, 3 when some input was skipped or could not be parsed (the rest is
// still reported), 4 when compare --fail-on-regression found a regression.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
)

// A verb is one sbreport sub-command.
type verb struct {
	usage string
	short string
	run   func(args []string, stdout, stderr io.Writer) error
}

var verbs = map[string]verb{}

func register(name, usage, short string, run func(args []string, stdout, stderr io.Writer) error) {
	verbs[name] = verb{usage: usage, short: short, run: run}
}

// errUsage marks a usage error (exit status 2).
var errUsage = errors.New("usage error")

// errPartial marks a run that skipped some input (exit status 3).
var errPartial = errors.New("some input was skipped")

// A usageError is a usage error of a verb ("" for sbreport itself), so
// that the message can say where that verb's help is.
type usageError struct {
	verb string
	err  error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func main() {
	stop := profile(os.Stderr)
	code := exit(run(os.Args[1:], os.Stdout, os.Stderr), os.Stderr)
	stop()
	os.Exit(code)
}

// exit prints err on stderr and returns the exit status. A usage error
// is its reason on one line, then one line saying where help is; the
// usage itself is printed only when asked for (-h).
func exit(err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		// Help asked for is not an error: it went to standard output.
		return 0
	case errors.Is(err, errUsage):
		if err == errUsage { // no command: the usage was printed
			return 2
		}
		fmt.Fprintf(stderr, "sbreport: %s\n", strings.TrimSuffix(err.Error(), ": "+errUsage.Error()))
		var ue *usageError
		if errors.As(err, &ue) && ue.verb != "" {
			fmt.Fprintf(stderr, "run 'sbreport %s -h' for its usage and flags\n", ue.verb)
		} else {
			fmt.Fprintln(stderr, "run 'sbreport -h' for the commands")
		}
		return 2
	case errors.Is(err, errRegression):
		fmt.Fprintf(stderr, "sbreport: %v\n", err)
		return 4
	case errors.Is(err, errPartial):
		fmt.Fprintf(stderr, "sbreport: %v\n", err)
		return 3
	default:
		fmt.Fprintf(stderr, "sbreport: %v\n", err)
		return 1
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		usage(stderr)
		return errUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return nil
	case "help":
		if len(args) > 1 {
			if _, ok := verbs[args[1]]; ok {
				return run([]string{args[1], "-h"}, stdout, stderr)
			}
			return &usageError{err: fmt.Errorf("help: unknown command %q%s: %w", args[1], didYouMean(args[1], verbNames()), errUsage)}
		}
		usage(stdout)
		return nil
	case "-version", "--version", "version":
		fmt.Fprintln(stdout, versionText())
		return nil
	}
	v, ok := verbs[args[0]]
	if !ok {
		return &usageError{err: fmt.Errorf("unknown command %q%s: %w", args[0], didYouMean(args[0], verbNames()), errUsage)}
	}
	if wantsHelp(args[1:]) {
		// The verb's usage goes to standard output when asked for.
		stderr = stdout
	}
	err := v.run(args[1:], stdout, stderr)
	var ue *usageError
	if errors.Is(err, errUsage) && !errors.As(err, &ue) {
		err = &usageError{verb: args[0], err: err}
	}
	return err
}

func verbNames() []string {
	names := make([]string, 0, len(verbs))
	for n := range verbs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// didYouMean returns " (did you mean X?)" for the one of names nearest
// to s, when a slip of a key or two away (a letter wrong, missing, extra,
// or two swapped: reprot, comapre, scal); "" when none is.
func didYouMean(s string, names []string) string {
	if len([]rune(s)) < 3 {
		return "" // -x is no slip of -o
	}
	best, bestD := "", 3
	limit := max(1, min(2, len([]rune(s))/3))
	for _, n := range names {
		if d := editDistance(strings.ToLower(s), n); d <= limit && d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + best + "?)"
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbours count one.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// wantsHelp reports whether the arguments ask for help (before a "--").
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// versionText is "sbreport VERSION (REVISION, TIME[, modified]) GOVERSION"
// from the build information the Go toolchain records.
func versionText() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "sbreport (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	out := "sbreport " + v
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		out += " (" + rev
		if at != "" {
			out += ", " + at
		}
		out += dirty + ")"
	}
	return out + " " + bi.GoVersion
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: sbreport <command> [flags] [inputs]")
	fmt.Fprintln(w, "\ncommands:")
	for _, n := range verbNames() {
		fmt.Fprintf(w, "  %-8s %s\n", n, verbs[n].short)
	}
	fmt.Fprintln(w, "\nrun 'sbreport <command> -h' for a command's flags, 'sbreport --version' for the version")
}

// newFlags returns a FlagSet for a verb whose usage prints its usage line.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		v := verbs[name]
		fmt.Fprintf(stderr, "usage: sbreport %s\n\n%s\n\nflags:\n", v.usage, v.short)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses flags that may stand before, between or after the
// positional arguments, and returns the positional ones.
//
// A mistake is returned as a usage error naming the flag, with the
// nearest flag the verb has when one is a slip away; the flag package
// prints nothing (its usage, a screenful, would bury the reason). -h
// prints the verb's usage.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				usage()
				return nil, err
			}
			return nil, fmt.Errorf("%s: %s: %w", fs.Name(), flagProblem(fs, err), errUsage)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// flagProblem words the flag package's error: an undefined flag as
// "unknown flag --fromat", with the verb's nearest flag when it is a slip
// away ("did you mean --format?").
func flagProblem(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err.Error()
	}
	dash := func(n string) string {
		if len(n) == 1 {
			return "-" + n
		}
		return "--" + n
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	msg := "unknown flag " + dash(name)
	if h := didYouMean(name, names); h != "" {
		n := strings.TrimSuffix(strings.TrimPrefix(h, " (did you mean "), "?)")
		msg += " (did you mean " + dash(n) + "?)"
	}
	return msg
}
