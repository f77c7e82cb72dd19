// Command sbreport turns sysbench benchmarks into publication-ready
// comparisons.
//
// Usage:
//
//	sbreport parse [--json] INPUT...        read results and captures, print what was found
//	sbreport compare [flags] INPUT...       compare systems with intervals and significance
//	sbreport scale [flags] INPUT...         fit scaling curves (Universal Scalability Law)
//	sbreport report [flags] -o DIR INPUT... write report.md, charts, report.xlsx, results.json, runs.csv
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
	"log"
	"os"
	"runtime/debug"
	"sort"
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

func main() {
	log.SetFlags(0)
	log.SetPrefix("sbreport: ")
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		// Help asked for is not an error: it went to standard output.
	case errors.Is(err, errUsage):
		if err != errUsage {
			log.Print(err)
		}
		os.Exit(2)
	case errors.Is(err, errRegression):
		log.Print(err)
		os.Exit(4)
	case errors.Is(err, errPartial):
		log.Print(err)
		os.Exit(3)
	default:
		log.Fatal(err)
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
			usage(stderr)
			return fmt.Errorf("help: unknown command %q: %w", args[1], errUsage)
		}
		usage(stdout)
		return nil
	case "-version", "--version", "version":
		fmt.Fprintln(stdout, versionText())
		return nil
	}
	v, ok := verbs[args[0]]
	if !ok {
		usage(stderr)
		return fmt.Errorf("unknown command %q: %w", args[0], errUsage)
	}
	if wantsHelp(args[1:]) {
		// The verb's usage goes to standard output when asked for.
		stderr = stdout
	}
	return v.run(args[1:], stdout, stderr)
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
	names := make([]string, 0, len(verbs))
	for n := range verbs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
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
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, fmt.Errorf("%v: %w", err, errUsage)
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
