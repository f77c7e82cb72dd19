package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect/warehouse"
)

func init() {
	register("store", "store --db URL INPUT...",
		"Store runs, captures, campaign manifests and the input files line by line in the warehouse at URL (created and migrated as needed); storing the same files again adds nothing.",
		runStore)
}

func runStore(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("store", stderr)
	db := fs.String("db", "", "warehouse `URL`: mysql://user@host:port/db or mysql://user@unix(/path/sock)/db, ?tls=true|skip-verify|preferred; the password comes from MYSQL_PWD")
	quiet := fs.Bool("q", false, "print only the summary, not one line per file")
	inputs, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *db == "" {
		return fmt.Errorf("store: --db URL is required: %w", errUsage)
	}
	if len(inputs) == 0 {
		return fmt.Errorf("store: no input given: %w", errUsage)
	}
	w, err := openWarehouse(*db, false)
	if err != nil {
		return err
	}
	defer w.Close()
	// Each status snapshot is also kept reduced to the counters report
	// reads, which report --db then reads instead of the whole snapshot.
	opts := warehouse.StoreOptions{Sbreport: sbreportVersion(), StatusKeep: analyze.ServerCounters}
	if !*quiet {
		opts.Progress = func(name, what string) {
			fmt.Fprintf(stdout, "%-9s %s\n", what, name)
		}
	}
	st, err := w.Store(context.Background(), inputs, opts)
	if errors.Is(err, warehouse.ErrStdin) {
		return fmt.Errorf("store: %v: %w", err, errUsage)
	}
	for _, e := range st.Problems {
		fmt.Fprintln(stderr, e.Error())
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "stored %d file(s) (%d replaced): %d runs, %d interim points, %d captures, %d problems, %d lines; %d file(s) unchanged\n",
		st.Files, st.Replaced, st.Runs, st.Intervals, st.Captures, st.Errors, st.Lines, st.Unchanged)
	if len(st.Problems) > 0 {
		return fmt.Errorf("%s in the input; the rest was stored: %w", count(len(st.Problems), "problem", "problems"), errPartial)
	}
	return nil
}

// sbreportVersion is the module version of this build, "(devel)" from a
// work tree.
func sbreportVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
