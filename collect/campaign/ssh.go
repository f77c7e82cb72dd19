package campaign

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Clients on other hosts. A system's clients_on lists ssh destinations;
// client k's sysbench processes (prepare, warm-up, measured run,
// cleanup) run on destination k-1 mod n as
//
//	ssh [OPTIONS] DEST 'IFS= read -r MYSQL_PWD; export MYSQL_PWD; exec sysbench ARGS'
//
// with the password on ssh's standard input, so that it is in no command
// line on either host. Their output comes back through ssh into the
// client's file, which starts with the sysbench command as it ran.

// clientHost is the ssh destination of client k (1..clients), "" for
// this host.
func (s *System) clientHost(k int) string {
	if len(s.ClientsOn) == 0 {
		return ""
	}
	return s.ClientsOn[(k-1)%len(s.ClientsOn)]
}

// sshArgv is the ssh command of system s, without the destination.
func (s *System) sshArgv() []string {
	if len(s.SSH) == 0 {
		return []string{"ssh"}
	}
	return slices.Clip(s.SSH)
}

// sshCommand is the Command that runs argv on host through ssh, giving it
// password (if any) as MYSQL_PWD.
func (r *Runner) sshCommand(s *System, host string, argv []string, password string) *Command {
	remote := "exec " + shellQuote(argv)
	var stdin *strings.Reader
	if password != "" {
		remote = "IFS= read -r MYSQL_PWD; export MYSQL_PWD; " + remote
		stdin = strings.NewReader(password + "\n")
	} else {
		stdin = strings.NewReader("")
	}
	ssh := s.sshArgv()
	full := append(append(ssh, "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", host), remote)
	path := ssh[0]
	if p, err := r.x.LookPath(ssh[0]); err == nil {
		path = p
	}
	return &Command{Argv: full, Path: path, Stdin: stdin}
}

// checkClientHosts runs sysbench --version on every host of clients_on,
// before anything runs.
func (r *Runner) checkClientHosts(ctx context.Context) error {
	checked := map[string]bool{} // ssh command and destination
	for i := range r.Plan.Systems {
		s := &r.Plan.Systems[i]
		if len(s.ClientsOn) == 0 {
			continue
		}
		if _, err := r.x.LookPath(s.sshArgv()[0]); err != nil {
			return fmt.Errorf("system %s: clients_on needs %s: %w", s.Name, s.sshArgv()[0], commandError(s.sshArgv(), err, nil))
		}
		for _, host := range s.ClientsOn {
			if key := shellQuote(append(s.sshArgv(), host)); checked[key] {
				continue
			} else {
				checked[key] = true
			}
			var out bytes.Buffer
			c := r.sshCommand(s, host, []string{r.Plan.Sysbench.Binary, "--version"}, "")
			c.Stdout, c.Limit = &out, 30*time.Second
			if _, err := r.x.Run(ctx, c); err != nil {
				if errors.Is(err, ErrInterrupted) {
					return err
				}
				return fmt.Errorf("system %s: client host %s: %w", s.Name, host, commandError(c.Argv, err, out.Bytes()))
			}
		}
	}
	return nil
}
