package collect

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// ManifestName is the file name of a campaign directory's manifest.
const ManifestName = "campaign.yaml"

// ManifestFormat identifies the layout of campaign.yaml.
const ManifestFormat = "sbreport-campaign/1"

// Campaign states (Manifest.Status).
const (
	CampaignRunning     = "running"     // started; a crash leaves it so
	CampaignInterrupted = "interrupted" // stopped by a signal; --resume continues
	CampaignFailed      = "failed"      // stopped by --fail-fast or a fatal error
	CampaignComplete    = "complete"    // every run was attempted
)

// Run states (RunEntry.Status).
const (
	RunPending     = "pending"
	RunRunning     = "running" // a crash leaves it so; --resume runs it again
	RunOK          = "ok"
	RunFailed      = "failed"
	RunInterrupted = "interrupted"
	// RunSkipped is a run that adaptive repeats did not need: its cell's
	// interval was narrow enough before it.
	RunSkipped = "skipped"
)

// A Manifest is a campaign directory's campaign.yaml: the plan, the tool
// versions, and one entry per run with its labels, files and status. File
// paths are slash-separated and relative to the campaign directory.
//
// A campaign directory looks like this:
//
//	campaign.yaml
//	host/lscpu.txt, lsblk.txt, free.txt, uname.txt, nproc.txt, json/lscpu.json
//	SYSTEM/version.txt, variables.txt        SELECT VERSION(), SHOW GLOBAL VARIABLES
//	SYSTEM/prepare.txt, table-status.txt     sysbench cleanup+prepare, SHOW TABLE STATUS after it
//	SYSTEM/create-table.txt                  SHOW CREATE TABLE after prepare, for a system with table_options
//	SYSTEM/WORKLOAD/4thr-r1.txt              one measured run, verbatim
//	SYSTEM/WORKLOAD/4thr-r1.status.txt.gz    SHOW GLOBAL STATUS before and after it
//	SYSTEM/WORKLOAD/4thr-r1.warmup.txt       the discarded warm-up run, if any
//	SYSTEM/WORKLOAD/4thr-r1.proc.txt         /proc/stat and /proc/diskstats sampled during it
//	SYSTEM/WORKLOAD/4thr-r1.settings.txt     the server variables it set (and its config's), read back before it
//	SYSTEM/cleanup.txt                       sysbench cleanup at the end
//
// With factors (several table layouts, client counts, named factors,
// variables or options given as lists), run stems name the level of each
// factor with more than one (io-4cl-4thr-r1), and a system with several
// table layouts has a prepare, table status and cleanup file per layout
// (prepare-4x10000-4cl.c2.txt), whose kind says which (prepare@4x10000-4cl.c2).
//
// With several clients (Plan.Clients), every sysbench output, warm-up,
// prepare, cleanup and table status is one file per client, its stem
// suffixed ".cK" (SYSTEM/WORKLOAD/4thr-r1.c2.txt, SYSTEM/prepare.c2.txt)
// and its kind too (output.c2); the status snapshots stay one file per
// run, taken around all the clients.
//
// Every text file starts with the command that produced it, the way a
// terminal shows it ("$ sysbench ...", "MariaDB [sbtest]> SHOW ..."), so the
// files read like a transcript and parse on their own.
type Manifest struct {
	Format     string        `yaml:"format"`
	Status     string        `yaml:"status"`
	Started    time.Time     `yaml:"started"`
	Ended      *time.Time    `yaml:"ended,omitempty"`
	PlanFile   string        `yaml:"plan_file"`
	PlanDigest string        `yaml:"plan_digest"` // SHA-256 of the plan's bytes
	Password   string        `yaml:"password"`    // how sysbench got the password, never the password itself
	Tools      Tools         `yaml:"tools"`
	Host       Captures      `yaml:"host"`
	Systems    []SystemEntry `yaml:"systems"`
	Runs       []*RunEntry   `yaml:"runs"`
	Plan       any           `yaml:"plan"` // the campaign's plan, as sbreport run wrote it
	Error      string        `yaml:"error,omitempty"`
	// Settings are the server variables the campaign changes, with their
	// values before it.
	Settings []ServerSetting `yaml:"settings,omitempty"`
	// OptionFiles are the option files the campaign adds config settings
	// to, with their content before it.
	OptionFiles []OptionFile `yaml:"option_files,omitempty"`
	// Cells says, with adaptive repeats, how many repeats each cell took
	// and whether its interval became as narrow as the plan asks.
	Cells []CellRepeats `yaml:"cells,omitempty"`
}

// CellRepeats is one cell of a campaign with adaptive repeats: a system,
// workload and combination of factor levels, run again until the 95%
// interval of the geometric mean of its throughput is within ±Until.
type CellRepeats struct {
	Cell    string   `yaml:"cell"`    // the run IDs' common stem, SYSTEM/WORKLOAD/4thr
	Runs    []string `yaml:"runs"`    // its completed runs
	Repeats int      `yaml:"repeats"` // how many completed
	Max     int      `yaml:"max"`
	// HalfWidth is the interval's larger half, as a fraction of the
	// geometric mean (0.013 is ±1.3%); absent when there is none (fewer
	// than two runs, or a throughput of 0).
	HalfWidth *float64 `yaml:"half_width,omitempty"`
	Until     float64  `yaml:"until"`
	Converged bool     `yaml:"converged"`
}

// An OptionFile is a server's option file that a campaign changes (a
// plan's config), with what it held before, so that an interrupted or
// crashed campaign can put it back.
type OptionFile struct {
	Server   string `yaml:"server"` // socket path or host:port
	Path     string `yaml:"path"`
	Existed  bool   `yaml:"existed"`            // false: the campaign created it, and removes it
	Original string `yaml:"original,omitempty"` // its content before the campaign
	// Restored says the file is back as it was and the server was
	// restarted with it; Error, why not.
	Restored bool   `yaml:"restored"`
	Error    string `yaml:"error,omitempty"`
}

// A ServerSetting is a server variable a campaign changes, on one server.
type ServerSetting struct {
	Server   string `yaml:"server"`   // socket path or host:port
	Name     string `yaml:"name"`     // as the plan gives it
	Original string `yaml:"original"` // before the campaign, as the server showed it
	Dynamic  bool   `yaml:"dynamic"`  // set with SET GLOBAL; else by restarting the server
	// Restored says the campaign put it back to Original at its end (or
	// when interrupted); Error, why it could not.
	Restored bool   `yaml:"restored"`
	Error    string `yaml:"error,omitempty"`
}

// Tools records the versions the campaign ran with.
type Tools struct {
	Sbreport string `yaml:"sbreport"`
	Sysbench string `yaml:"sysbench"` // first line of sysbench --version
}

// Captures lists files by what they hold, with the problems met while
// taking them.
type Captures struct {
	Files  map[string]string `yaml:"files,omitempty"` // kind → path
	Errors []string          `yaml:"errors,omitempty"`
}

// A SystemEntry records one system's server and its captures.
type SystemEntry struct {
	Name    string `yaml:"name"`
	Engine  string `yaml:"engine,omitempty"`
	Server  string `yaml:"server,omitempty"` // SELECT VERSION()
	Address string `yaml:"address"`          // socket path or host:port
	DB      string `yaml:"db"`               // database of the tables
	// Databases are the client databases (DB_c1, DB_c2, ...) that hold
	// the tables when the plan has several clients; DB itself is unused.
	Databases []string `yaml:"databases,omitempty"`
	// Endpoints are the addresses of a system the clients of a run are
	// spread over (client k on endpoint k mod n); Address is the first,
	// which the captures use.
	Endpoints []string          `yaml:"endpoints,omitempty"`
	Labels    map[string]string `yaml:"labels,omitempty"` // plan and system labels
	// TableOptions are the system's table_options, and TableOptionsBy
	// how they were applied ("ALTER TABLE after prepare", or
	// "--create_table_options at prepare").
	TableOptions   string `yaml:"table_options,omitempty"`
	TableOptionsBy string `yaml:"table_options_by,omitempty"`
	Prepared       bool   `yaml:"prepared"`          // tables are in place
	Cleaned        bool   `yaml:"cleaned,omitempty"` // tables were dropped at the end
	Captures       `yaml:",inline"`
}

// A RunEntry is one measured run.
type RunEntry struct {
	ID       string            `yaml:"id"` // SYSTEM/WORKLOAD/Nthr-rR, also the file stem
	Status   string            `yaml:"status"`
	Labels   map[string]string `yaml:"labels"`
	Command  string            `yaml:"command,omitempty"`  // the measured sysbench command, with one client
	Commands []string          `yaml:"commands,omitempty"` // with several clients: each one's command, in order
	// ExitStatus is the measured sysbench's exit status; with several
	// clients, the first that is not 0, and ExitStatuses holds them all.
	ExitStatus   *int       `yaml:"exit_status,omitempty"`
	ExitStatuses []int      `yaml:"exit_statuses,omitempty"`
	Started      *time.Time `yaml:"started,omitempty"`
	Ended        *time.Time `yaml:"ended,omitempty"`
	// MeasuredFrom and MeasuredTo bound the measured sysbench run (all
	// its clients, warm-up and captures left out), to the millisecond:
	// a vmstat, iostat or mpstat log kept beside several runs is cut to
	// each run by them.
	MeasuredFrom *time.Time `yaml:"measured_from,omitempty"`
	MeasuredTo   *time.Time `yaml:"measured_to,omitempty"`
	Attempts     int        `yaml:"attempts"`
	Error        string     `yaml:"error,omitempty"` // why the run failed
	// Settings are the server variables the run set, as the server read
	// them back just before it (the plan's 8M shows as 8388608).
	Settings map[string]string `yaml:"settings,omitempty"`
	// Endpoints are, with several clients against a system of several
	// endpoints, the server address each client's sysbench used, in
	// client order (the label "endpoint" of its output); ClientHosts, with
	// clients on other hosts, the ssh destination each ran on ("client_host").
	Endpoints   []string `yaml:"endpoints,omitempty"`
	ClientHosts []string `yaml:"client_hosts,omitempty"`
	// Config are the option file settings the run was started with, as
	// the plan gives them, and ConfigRead the server variables of those
	// names as the server showed them before the run (log_bin OFF).
	Config     map[string]string `yaml:"config,omitempty"`
	ConfigRead map[string]string `yaml:"config_read,omitempty"`
	Captures   `yaml:",inline"`
}

// Kinds of files in Captures.Files that hold results the ingest reads.
// With several clients, a client's file has its kind suffixed ".cK"
// (output.c1, output.c2), except the status snapshots, taken once per run.
const (
	FileOutput      = "output" // a measured sysbench run
	FileStatus      = "status" // SHOW GLOBAL STATUS before and after the run (StatusBefore, StatusAfter)
	FileWarmup      = "warmup" // discarded warm-up run
	FileVersion     = "version"
	FileVariables   = "variables"
	FilePrepare     = "prepare"
	FileTableStatus = "table_status"
	// FileCreateTable holds SHOW CREATE TABLE of a client database's
	// first table after prepare, for a system with table options.
	FileCreateTable = "create_table"
	FileCleanup     = "cleanup"
	// FileProc holds the host's /proc/stat and /proc/diskstats, sampled
	// during a measured run when the server is local: one block per
	// sample, "# t=UNIX_SECONDS.FRACTION" then both files verbatim.
	FileProc = "proc"
	// FileSettings holds SHOW GLOBAL VARIABLES of the variables a run set,
	// read back before it.
	FileSettings = "settings"
)

// notResults are file kinds that hold no result, or repeat one in another
// form (lscpu -J beside lscpu): ingest skips them.
// Ingest passes over proc samples (no parser reads them yet) and settings
// (their values are the run's labels and RunEntry.Settings).
var notResults = map[string]bool{FileWarmup: true, FilePrepare: true, FileCleanup: true, "nproc": true, "lscpu_json": true,
	FileSettings: true, FileCreateTable: true}

// ReadManifest reads dir's campaign.yaml. Its errors name the file once
// and wrap the cause (errors.Is(err, fs.ErrNotExist) when there is none).
func ReadManifest(dir string) (*Manifest, error) {
	p := filepath.Join(dir, ManifestName)
	m, _, err := readManifest(newTree(nil).fsys, p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return m, nil
}

// readManifest reads the manifest file p of fsys and returns it with its
// bytes; its errors do not name p.
func readManifest(fsys fs.FS, p string) (*Manifest, []byte, error) {
	data, err := fs.ReadFile(fsys, p)
	if err != nil {
		return nil, nil, unwrapPathErr(err)
	}
	m, err := ParseManifest(data)
	if err != nil {
		return nil, nil, err
	}
	return m, data, nil
}

// ParseManifest decodes the bytes of a campaign.yaml already read, as
// ReadManifest decodes the file; its errors name no file.
func ParseManifest(data []byte) (*Manifest, error) {
	m, err := decodeManifest(data)
	if err != nil {
		return nil, err
	}
	if m.Format != ManifestFormat {
		return nil, fmt.Errorf("format %q, want %q", m.Format, ManifestFormat)
	}
	return m, nil
}

// decodeManifest decodes a manifest as yaml.Unmarshal does: through
// blockYAML when it reads the text and the decoding succeeds, else (and
// for the error) through yaml.Unmarshal.
func decodeManifest(data []byte) (*Manifest, error) {
	if doc, ok := blockYAML(data); ok {
		var m Manifest
		if err := doc.Decode(&m); err == nil {
			return &m, nil
		}
	}
	var m Manifest
	if err := yaml.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// ManifestLabels reads the manifest of the campaign directory dir and
// returns the labels of every file that holds results, keyed by its
// slash-separated path relative to dir. Runs carry system, engine,
// workload, threads and repeat plus the plan's labels, and so do their
// SHOW GLOBAL STATUS captures (two result sets in one file, told apart by
// their statements, StatusBefore then StatusAfter); a system's version,
// variables and table status carry system and engine. With several
// clients, threads is the run's total, each client's output also carries
// client=K and client_group=RUN_ID (the clients of one run, which analyze
// merges into one run), tables is the plan's total, and each client's
// table status carries client=K. It returns nil, nil
// when dir has no campaign.yaml. Files the campaign wrote that hold no
// result (prepare, cleanup, warm-up runs, nproc, the lscpu -J copy) are not in the map;
// ManifestSkip lists them.
func ManifestLabels(dir string) (map[string]map[string]string, error) {
	m, err := ReadManifest(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return m.FileLabels(), nil
}

// FileLabels returns the labels of every file that holds results (see
// ManifestLabels).
func (m *Manifest) FileLabels() map[string]map[string]string {
	out := map[string]map[string]string{}
	var plan map[string]string // read once: planLabels encodes the plan
	for kind, p := range m.Host.Files {
		if !notResults[kind] {
			if plan == nil {
				plan = m.planLabels()
				out[p] = plan
			} else {
				out[p] = copyLabels(plan)
			}
		}
	}
	for _, s := range m.Systems {
		for kind, p := range s.Files {
			base, client := SplitKind(kind)
			if !notResults[base] {
				l := copyLabels(s.Labels)
				l["system"] = s.Name
				if s.Engine != "" {
					l["engine"] = s.Engine
				}
				if client > 0 {
					l["client"] = strconv.Itoa(client)
				}
				out[p] = l
			}
		}
	}
	for _, r := range m.Runs {
		for kind, p := range r.Files {
			base, client := SplitKind(kind)
			if notResults[base] {
				continue
			}
			l := copyLabels(r.Labels)
			if client > 0 {
				l["client"] = strconv.Itoa(client)
				l["client_group"] = r.ID
				if client <= len(r.Endpoints) {
					l["endpoint"] = r.Endpoints[client-1]
				}
				if client <= len(r.ClientHosts) {
					l["client_host"] = r.ClientHosts[client-1]
				}
			}
			out[p] = l
		}
	}
	return out
}

// ManifestSkip returns the files of the campaign directory dir that hold
// no result (prepare and cleanup output, warm-up runs, nproc, the lscpu -J copy), as
// slash-separated paths relative to dir; nil when dir has no campaign.yaml.
func ManifestSkip(dir string) (map[string]bool, error) {
	m, err := ReadManifest(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return m.SkipFiles(), nil
}

// SkipFiles returns the files that hold no result (see ManifestSkip).
func (m *Manifest) SkipFiles() map[string]bool {
	out := map[string]bool{}
	add := func(files map[string]string) {
		for kind, p := range files {
			if base, _ := SplitKind(kind); notResults[base] {
				out[p] = true
			}
		}
	}
	add(m.Host.Files)
	for _, s := range m.Systems {
		add(s.Files)
	}
	for _, r := range m.Runs {
		add(r.Files)
	}
	return out
}

func copyLabels(m map[string]string) map[string]string {
	out := make(map[string]string, len(m)+6)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Summary counts the runs by status.
func (m *Manifest) Summary() map[string]int {
	out := map[string]int{}
	for _, r := range m.Runs {
		out[r.Status]++
	}
	return out
}

// planLabels returns the plan-wide labels recorded in the manifest (never
// nil).
func (m *Manifest) planLabels() map[string]string {
	var p struct {
		Labels map[string]string `yaml:"labels"`
	}
	if b, err := yaml.Marshal(m.Plan); err == nil {
		yaml.Unmarshal(b, &p) // a plan without labels leaves the map nil
	}
	return copyLabels(p.Labels)
}

// clientSuffix is the ".cK" suffix of a client's file kind.
var clientSuffix = regexp.MustCompile(`\.c([1-9][0-9]*)$`)

// SplitKind splits a file kind such as "output.c2" into its base kind and
// client number (0 for a kind of no client). A table layout's tag goes
// too: "prepare@4x10000-4cl.c2" is prepare of client 2.
func SplitKind(kind string) (base string, client int) {
	if m := clientSuffix.FindStringSubmatchIndex(kind); m != nil {
		n, err := strconv.Atoi(kind[m[2]:m[3]])
		if err == nil {
			base, _, _ = strings.Cut(kind[:m[0]], "@")
			return base, n
		}
	}
	base, _, _ = strings.Cut(kind, "@")
	return base, 0
}
