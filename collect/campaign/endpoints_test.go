package campaign

import (
	"context"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
)

// sshServer is an OpenSSH server a test starts on 127.0.0.1: its port,
// the ssh command (with options) that logs in to it as the current user,
// and the destination.
type sshServer struct {
	ssh  []string
	dest string
	log  string // sshd's log
}

// startSSHD starts sshd (Debian's openssh-server, installed here when it
// is missing and the test may install packages) on a private port of
// 127.0.0.1, with a host key and a client key generated for the test, and
// stops it when the test ends.
func startSSHD(t *testing.T) *sshServer {
	t.Helper()
	skip := func(format string, args ...any) {
		t.Helper()
		if mustHaveServer() {
			t.Fatalf(format, args...)
		}
		t.Skipf(format, args...)
	}
	sshd := "/usr/sbin/sshd"
	if _, err := os.Stat(sshd); err != nil {
		if os.Getuid() != 0 || os.Getenv("SBREPORT_NO_INSTALL") == "1" {
			skip("no %s (install Debian's openssh-server)", sshd)
		}
		cmd := exec.Command("apt-get", "install", "-y", "-qq", "--no-install-recommends", "openssh-server")
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			upd := exec.Command("apt-get", "update", "-qq")
			upd.Run()
			cmd = exec.Command("apt-get", "install", "-y", "-qq", "--no-install-recommends", "openssh-server")
			cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
			if out2, err := cmd.CombinedOutput(); err != nil {
				skip("installing openssh-server: %v\n%s\n%s", err, out, out2)
			}
		}
	}
	for _, b := range []string{"ssh", "ssh-keygen"} {
		if _, err := exec.LookPath(b); err != nil {
			skip("no %s", b)
		}
	}
	if os.Getuid() == 0 {
		os.MkdirAll("/run/sshd", 0o755) // sshd's privilege separation directory
	}
	dir := t.TempDir()
	for _, k := range []string{"host", "client"} {
		if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", filepath.Join(dir, k)).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v\n%s", err, out)
		}
	}
	pub, err := os.ReadFile(filepath.Join(dir, "client.pub"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "authorized_keys"), pub, 0o600); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	config := strings.Join([]string{
		"Port " + strconv.Itoa(port), "ListenAddress 127.0.0.1", "HostKey " + filepath.Join(dir, "host"),
		"AuthorizedKeysFile " + filepath.Join(dir, "authorized_keys"), "PidFile " + filepath.Join(dir, "sshd.pid"),
		"StrictModes no", "UsePAM no", "PasswordAuthentication no", "KbdInteractiveAuthentication no",
		"PermitRootLogin prohibit-password", "AllowUsers " + u.Username, "LogLevel VERBOSE", "",
	}, "\n")
	if err := os.WriteFile(filepath.Join(dir, "sshd_config"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "sshd.log")
	cmd := exec.Command(sshd, "-D", "-f", filepath.Join(dir, "sshd_config"), "-E", log)
	if err := cmd.Start(); err != nil {
		t.Fatalf("sshd: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	s := &sshServer{
		ssh: []string{"ssh", "-p", strconv.Itoa(port), "-i", filepath.Join(dir, "client"), "-o", "IdentitiesOnly=yes",
			"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"},
		dest: u.Username + "@127.0.0.1",
		log:  log,
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		probe := exec.Command(s.ssh[0], append(append(s.ssh[1:], "-o", "BatchMode=yes", s.dest), "true")...)
		out, err := probe.CombinedOutput()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			data, _ := os.ReadFile(log)
			t.Fatalf("cannot log in to the test's sshd: %v\n%s\nsshd log:\n%s", err, out, data)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return s
}

// accepted counts the logins sshd accepted.
func (s *sshServer) accepted(t *testing.T) int {
	data, err := os.ReadFile(s.log)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(data), "Accepted publickey")
}

// dbSocket is the unix socket of the project's MariaDB.
func dbSocket() string {
	dir := os.Getenv("SBREPORT_DB_DIR")
	if dir == "" {
		dir = "/tmp/sbreport-mariadb"
	}
	return filepath.Join(dir, "mysqld.sock")
}

// Two clients of one run against two endpoints of the project's MariaDB
// (its TCP port and its socket), both run through ssh on this host by an
// OpenSSH server the test starts: each client's output is labelled with
// its endpoint and host, and the report's analysis merges them into one
// run, without either label.
func TestCampaignEndpointsAndSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	srv := needServer(t)
	if _, err := os.Stat(dbSocket()); err != nil {
		t.Skipf("no socket %s: %v", dbSocket(), err)
	}
	sshd := startSSHD(t)
	db := testDB(t, srv, "endpoints")
	var sshYAML []string
	for _, a := range sshd.ssh {
		sshYAML = append(sshYAML, strconv.Quote(a))
	}
	src := `systems:
  - name: shared
    mysql: {host: [127.0.0.1], port: ` + strconv.Itoa(dbPort()) + `, socket: [` + dbSocket() + `], user: sbtest, password_env: SB_PASSWORD, db: ` + db + `}
    engine: InnoDB
    clients_on: [` + sshd.dest + `]
    ssh: [` + strings.Join(sshYAML, ", ") + `]
workloads: [oltp_point_select]
threads: 2
clients: 2
tables: 2
table_size: 1000
duration: 2s
`
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	plan := readPlanString(t, src, vars)
	before := sshd.accepted(t)
	dir := filepath.Join(t.TempDir(), "campaign")
	m, err := (&Runner{Plan: plan, Dir: dir, Getenv: env(vars)}).Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	tcp := "127.0.0.1:" + strconv.Itoa(dbPort())
	e := m.Runs[0]
	if len(m.Runs) != 1 || e.Status != collect.RunOK || !reflect.DeepEqual(e.Endpoints, []string{tcp, dbSocket()}) ||
		!reflect.DeepEqual(e.ClientHosts, []string{sshd.dest, sshd.dest}) {
		t.Fatalf("run %+v", e)
	}
	if !strings.Contains(e.Commands[0], "--mysql-host=127.0.0.1 --mysql-port="+strconv.Itoa(dbPort())) || !strings.Contains(e.Commands[1], "--mysql-socket="+dbSocket()) {
		t.Errorf("commands %q", e.Commands)
	}
	if !reflect.DeepEqual(m.Systems[0].Endpoints, []string{tcp, dbSocket()}) {
		t.Errorf("system endpoints %v", m.Systems[0].Endpoints)
	}
	// The host check, cleanup and prepare of each client, each client's
	// run, each client's cleanup at the end: 1 + 2×2 + 2 + 2 logins.
	if n := sshd.accepted(t) - before; n != 9 {
		t.Errorf("%d ssh logins, want 9", n)
	}
	doc, err := collect.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 2 {
		t.Fatalf("%d runs read, errors %v", len(doc.Runs), doc.Errors)
	}
	for _, r := range doc.Runs {
		want := tcp
		if r.Labels["client"] == "2" {
			want = dbSocket()
		}
		if r.Labels["endpoint"] != want || r.Labels["client_host"] != sshd.dest || r.TPS == nil || *r.TPS <= 0 {
			t.Errorf("%s: labels %v, tps %v", r.Source, r.Labels, r.TPS)
		}
	}
	ds := analyze.Group(doc.Runs, analyze.GroupOptions{})
	if len(ds.Cells) != 1 || len(ds.Cells[0].Runs) != 1 {
		for _, c := range ds.Cells {
			t.Logf("cell %+v: %d runs, labels %v", c.Key, len(c.Runs), c.Runs[0].Labels)
		}
		t.Fatalf("%d cells", len(ds.Cells))
	}
	merged := ds.Cells[0].Runs[0]
	if _, ok := merged.Labels["endpoint"]; ok || merged.Labels["clients"] != "2" || merged.MeasuredFrom == nil {
		t.Errorf("merged run labels %v, measured from %v", merged.Labels, merged.MeasuredFrom)
	}
}
