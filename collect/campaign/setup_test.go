package campaign

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Stand-ins for the package tools scripts/setup.sh calls. State lives in
// files under $STUB: installed/PKG, candidate/PKG, fail/PKG (each line one
// failure of apt-get install to come), and log (every apt-get call).
var setupStubs = map[string]string{
	"dpkg-query": `p=${@: -1}; [ -e "$STUB/installed/$p" ] && echo -n 'install ok installed' || exit 1`,
	"apt-cache":  `if [ -e "$STUB/candidate/$2" ]; then echo "  Candidate: 1:10.11.19-0+deb12u1"; else echo "  Candidate: (none)"; fi`,
	"id":         `echo "$STUB_UID"`,
	"apt-get": `echo "$*" >> "$STUB/log"
case $1 in
update) [ -e "$STUB/after-update" ] && for p in $(cat "$STUB/after-update"); do touch "$STUB/candidate/$p"; done; exit 0 ;;
install)
	for p in "$@"; do
		case $p in -*|install) continue ;; esac
		if [ -s "$STUB/fail/$p" ]; then
			sed -i 1d "$STUB/fail/$p"
			echo "E: Failed to fetch http://deb.debian.org/debian/pool/main/m/mariadb/$p.deb  404  Not Found [IP: 151.101.2.132 80]" >&2
			exit 100
		fi
	done
	for p in "$@"; do case $p in -*|install) ;; *) touch "$STUB/installed/$p" ;; esac; done ;;
esac`,
}

// setupEnv is this process's environment without the variables that
// scripts/setup.sh reads (SBREPORT_*, SB_PASSWORD): a test of the script
// gives it exactly the ones it sets, whatever the caller exported
// (SBREPORT_NO_INSTALL=1 bash scripts/test.sh).
func setupEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "SBREPORT_") || strings.HasPrefix(kv, "SB_PASSWORD=") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// setupPackages runs install_packages of scripts/setup.sh with the stubs.
// installed and candidates name packages; fails maps a package to how
// many installs of it fail with 404 before one succeeds; afterUpdate are
// packages that become candidates once the lists are updated.
func setupPackages(t *testing.T, uid string, env []string, installed, candidates []string, fails map[string]int, afterUpdate []string) (log []string, stderr string, err error) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("scripts/setup.sh is for Debian")
	}
	bash, lerr := exec.LookPath("bash")
	if lerr != nil {
		t.Skip("no bash")
	}
	stub := t.TempDir()
	bin := filepath.Join(stub, "bin")
	for _, d := range []string{bin, filepath.Join(stub, "installed"), filepath.Join(stub, "candidate"), filepath.Join(stub, "fail")} {
		os.MkdirAll(d, 0o755)
	}
	for name, body := range setupStubs {
		os.WriteFile(filepath.Join(bin, name), []byte("#!"+bash+"\n"+body+"\n"), 0o755)
	}
	for _, p := range installed {
		os.WriteFile(filepath.Join(stub, "installed", p), nil, 0o644)
	}
	for _, p := range candidates {
		os.WriteFile(filepath.Join(stub, "candidate", p), nil, 0o644)
	}
	for p, n := range fails {
		os.WriteFile(filepath.Join(stub, "fail", p), []byte(strings.Repeat("404\n", n)), 0o644)
	}
	if len(afterUpdate) > 0 {
		os.WriteFile(filepath.Join(stub, "after-update"), []byte(strings.Join(afterUpdate, " ")), 0o644)
	}
	// The package lists exist (have_lists), as on any machine that used apt.
	cmd := exec.Command(bash, "-c", `source ../../scripts/setup.sh && have_lists() { true; } && install_packages`)
	cmd.Env = append(setupEnv(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "STUB="+stub, "STUB_UID="+uid)
	cmd.Env = append(cmd.Env, env...)
	var se strings.Builder
	cmd.Stderr = &se
	err = cmd.Run()
	data, _ := os.ReadFile(filepath.Join(stub, "log"))
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l != "" {
			log = append(log, l)
		}
	}
	return log, se.String(), err
}

func TestSetupPackages(t *testing.T) {
	const rocks = "mariadb-plugin-rocksdb"
	base := []string{"sysbench", "mariadb-server", "mariadb-client"}
	install := "install -y -qq --no-install-recommends "
	tests := []struct {
		name        string
		uid         string
		env         []string
		installed   []string
		candidates  []string
		fails       map[string]int
		afterUpdate []string
		wantLog     []string
		wantErr     bool
		wantStderr  string
	}{
		{name: "everything installed", uid: "0", installed: append(base, rocks)},
		{name: "the plugin 404s once: retried after apt-get update", uid: "0", installed: base, candidates: []string{rocks}, fails: map[string]int{rocks: 1},
			wantLog:    []string{install + rocks, "update -qq", install + rocks},
			wantStderr: "apt-get install mariadb-plugin-rocksdb failed; updating the package lists and retrying"},
		{name: "required packages 404 once", uid: "0", installed: []string{rocks}, candidates: base, fails: map[string]int{"sysbench": 1},
			wantLog: []string{install + "sysbench mariadb-server mariadb-client", "update -qq", install + "sysbench mariadb-server mariadb-client"}},
		{name: "required packages fail twice", uid: "0", installed: []string{rocks}, fails: map[string]int{"sysbench": 2},
			wantLog: []string{install + "sysbench mariadb-server mariadb-client", "update -qq", install + "sysbench mariadb-server mariadb-client"},
			wantErr: true, wantStderr: "cannot install sysbench mariadb-server mariadb-client"},
		{name: "the plugin fails twice: optional", uid: "0", installed: base, candidates: []string{rocks}, fails: map[string]int{rocks: 2},
			wantLog:    []string{install + rocks, "update -qq", install + rocks},
			wantStderr: "could not install mariadb-plugin-rocksdb; continuing with InnoDB and Aria only (tests that need MyRocks will skip)"},
		{name: "the plugin known only after apt-get update", uid: "0", installed: base, afterUpdate: []string{rocks},
			wantLog: []string{"update -qq", install + rocks}},
		{name: "the plugin not in Debian", uid: "0", installed: base,
			wantLog: []string{"update -qq"}, wantStderr: "mariadb-plugin-rocksdb is not available here"},
		{name: "no install: the plugin is optional", uid: "0", env: []string{"SBREPORT_NO_INSTALL=1"}, installed: base, candidates: []string{rocks},
			wantStderr: "optional package mariadb-plugin-rocksdb is not installed (SBREPORT_NO_INSTALL=1): tests that need MyRocks will skip"},
		{name: "no install: sysbench is not", uid: "0", env: []string{"SBREPORT_NO_INSTALL=1"}, installed: []string{"mariadb-server", "mariadb-client"},
			wantErr: true, wantStderr: "missing packages: sysbench (SBREPORT_NO_INSTALL=1)"},
		{name: "not root", uid: "1000", installed: base, candidates: []string{rocks},
			wantStderr: "optional package mariadb-plugin-rocksdb is not installed (run as root to install them)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log, stderr, err := setupPackages(t, tt.uid, tt.env, tt.installed, tt.candidates, tt.fails, tt.afterUpdate)
			if (err != nil) != tt.wantErr {
				t.Errorf("error %v, want error %v; stderr:\n%s", err, tt.wantErr, stderr)
			}
			if strings.Join(log, "\n") != strings.Join(tt.wantLog, "\n") {
				t.Errorf("apt-get calls\n%s\nwant\n%s", strings.Join(log, "\n"), strings.Join(tt.wantLog, "\n"))
			}
			if !strings.Contains(stderr, tt.wantStderr) {
				t.Errorf("stderr\n%s\nlacks %q", stderr, tt.wantStderr)
			}
		})
	}
}

// The documented way to test without installing anything,
// SBREPORT_NO_INSTALL=1 bash scripts/test.sh, exports the variable to the
// tests: the cases above that install packages still see it unset.
func TestSetupPackagesIgnoresCallersEnvironment(t *testing.T) {
	t.Setenv("SBREPORT_NO_INSTALL", "1")
	log, stderr, err := setupPackages(t, "0", nil, []string{"sysbench", "mariadb-server", "mariadb-client"}, []string{"mariadb-plugin-rocksdb"}, nil, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if want := "install -y -qq --no-install-recommends mariadb-plugin-rocksdb"; strings.Join(log, "\n") != want {
		t.Errorf("apt-get calls %q, want %q; stderr:\n%s", log, want, stderr)
	}
}

// privateDir makes a directory as mktemp -d does (mode 0700) and the
// name of a user, other than the one running the test, that may not enter
// it: mysql when running as root (mariadbd's user), else nobody.
func privateDir(t *testing.T) (dir, user string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("scripts/setup.sh is for Debian")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir, err := os.MkdirTemp("", "sbr-private-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("%s: %v, %v; want mode 0700", dir, st.Mode(), err)
	}
	user = "nobody"
	if os.Getuid() == 0 {
		if _, err := exec.Command("id", "-u", "mysql").Output(); err == nil {
			user = "mysql"
		}
	}
	if _, err := exec.Command("id", "-u", user).Output(); err != nil {
		t.Skipf("no user %s", user)
	}
	return dir, user
}

// setup.sh's unreachable names the directory a user may not enter on the
// way to SBREPORT_DB_DIR, with its mode, owner and the chmod that opens it.
func TestSetupUnreachable(t *testing.T) {
	dir, user := privateDir(t)
	unreachable := func() string {
		cmd := exec.Command("bash", "-c", `source ../../scripts/setup.sh && unreachable "$1" "$2"`, "-", user, filepath.Join(dir, "db"))
		cmd.Env = setupEnv()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return string(out)
	}
	got := unreachable()
	for _, want := range []string{dir + " has mode 0700 (owner ", user + ", neither its owner nor in its group, may not enter it (chmod o+x " + dir + ")"} {
		if !strings.Contains(got, want) {
			t.Errorf("unreachable %s %s/db = %q, lacks %q", user, dir, got, want)
		}
	}
	if err := os.Chmod(dir, 0o711); err != nil {
		t.Fatal(err)
	}
	if got := unreachable(); got != "" {
		t.Errorf("mode 0711: unreachable = %q, want nothing", got)
	}
}

// Run as root with SBREPORT_DB_DIR under a directory of mode 0700 (any
// mktemp -d), setup.sh stops before creating anything and says which
// directory mariadbd's user cannot reach, instead of mariadb-install-db's
// screen of "Permission denied".
func TestSetupPrivateParent(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("setup.sh runs mariadbd as mysql only when run as root")
	}
	dir, user := privateDir(t)
	if user != "mysql" {
		t.Skip("no mysql user: MariaDB is not installed")
	}
	db := filepath.Join(dir, "db")
	cmd := exec.Command("bash", "../../scripts/setup.sh")
	env := append(setupEnv(), "SBREPORT_NO_INSTALL=1", "SBREPORT_DB_DIR="+db, "SBREPORT_DB_PORT="+strconv.Itoa(freePort(t)))
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if strings.Contains(string(out), "setup: missing packages") || strings.Contains(string(out), "not found") {
		t.Skipf("MariaDB is not installed:\n%s", out)
	}
	if err == nil {
		stop := exec.Command("bash", "../../scripts/stop-db.sh", "--purge")
		stop.Env = env
		stop.Run()
		t.Fatalf("setup.sh started a server in %s:\n%s", db, out)
	}
	first := strings.SplitN(string(out), "\n", 2)[0]
	if want := "setup: cannot use SBREPORT_DB_DIR=" + db + ": mariadbd runs as user mysql, but " + dir + " has mode 0700 (owner root, group root): mysql, neither its owner nor in its group, may not enter it (chmod o+x " + dir + ")."; first != want {
		t.Errorf("first line\n%s\nwant\n%s\nall:\n%s", first, want, out)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Errorf("%s was created (%v)", db, err)
	}
}
