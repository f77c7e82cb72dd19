package warehouse

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os/user"
	"strings"

	"github.com/go-sql-driver/mysql"
)

// PasswordEnv is the environment variable the password is read from, as
// the mysql client does. A password is never taken from a URL.
const PasswordEnv = "MYSQL_PWD"

// ErrPasswordInURL is returned for a URL that carries a password.
var ErrPasswordInURL = errors.New("warehouse: the URL must not hold a password; set " + PasswordEnv + " instead")

// ParseURL reads a warehouse URL:
//
//	mysql://user@host:port/db
//	mysql://user@unix(/path/to/mysqld.sock)/db
//
// with optional parameters ?tls=true|false|skip-verify|preferred (as
// go-sql-driver/mysql offers them). The user defaults to the login name,
// the port to 3306. password is the password to use (from PasswordEnv;
// "" for none). Errors quote the URL, which holds no password.
func ParseURL(raw, password string) (*mysql.Config, error) {
	rest, ok := strings.CutPrefix(raw, "mysql://")
	if !ok {
		return nil, fmt.Errorf("warehouse: URL %q: want mysql://user@host:port/db or mysql://user@unix(/path/sock)/db", raw)
	}
	rest, query, _ := strings.Cut(rest, "?")
	cfg := mysql.NewConfig()
	// The user is everything before the last "@" that precedes the
	// address ("unix(" or the host).
	addrStart := strings.Index(rest, "unix(")
	at := -1
	if addrStart >= 0 {
		at = strings.LastIndex(rest[:addrStart], "@")
	} else {
		slash := strings.Index(rest, "/")
		if slash < 0 {
			slash = len(rest)
		}
		at = strings.LastIndex(rest[:slash], "@")
	}
	if at >= 0 {
		userinfo := rest[:at]
		rest = rest[at+1:]
		if strings.Contains(userinfo, ":") {
			return nil, ErrPasswordInURL
		}
		u, err := url.PathUnescape(userinfo)
		if err != nil {
			return nil, fmt.Errorf("warehouse: URL user %q: %v", userinfo, err)
		}
		cfg.User = u
	}
	if cfg.User == "" {
		if u, err := user.Current(); err == nil {
			cfg.User = u.Username
		}
	}
	if s, ok := strings.CutPrefix(rest, "unix("); ok {
		end := strings.Index(s, ")")
		if end <= 0 {
			return nil, fmt.Errorf("warehouse: URL %q: unix( without a socket path and a closing parenthesis", raw)
		}
		cfg.Net, cfg.Addr = "unix", s[:end]
		rest = s[end+1:]
	} else {
		host, after, _ := strings.Cut(rest, "/")
		rest = "/" + after
		if host == "" {
			return nil, fmt.Errorf("warehouse: URL %q: no host", raw)
		}
		if _, _, err := net.SplitHostPort(host); err != nil {
			host = net.JoinHostPort(strings.Trim(host, "[]"), "3306")
		}
		cfg.Net, cfg.Addr = "tcp", host
	}
	db, ok := strings.CutPrefix(rest, "/")
	if !ok || db == "" || strings.Contains(db, "/") {
		return nil, fmt.Errorf("warehouse: URL %q: want a database name after the address (…/db)", raw)
	}
	cfg.DBName = db
	cfg.Passwd = password
	if query != "" {
		vals, err := url.ParseQuery(query)
		if err != nil {
			return nil, fmt.Errorf("warehouse: URL %q: parameters: %v", raw, err)
		}
		for k, v := range vals {
			switch k {
			case "tls":
				switch t := strings.ToLower(v[len(v)-1]); t {
				case "true", "false", "skip-verify", "preferred":
					cfg.TLSConfig = t
				default:
					return nil, fmt.Errorf("warehouse: URL %q: tls=%s: want true, false, skip-verify or preferred", raw, t)
				}
			default:
				return nil, fmt.Errorf("warehouse: URL %q: unknown parameter %q (only tls is accepted)", raw, k)
			}
		}
	}
	// Client-side interpolation saves a round trip per statement;
	// strings are escaped and floats written in full precision.
	cfg.InterpolateParams = true
	cfg.ParseTime = true
	return cfg, nil
}

// Redact returns the URL of cfg without its password, for messages.
func Redact(cfg *mysql.Config) string {
	addr := cfg.Addr
	if cfg.Net == "unix" {
		addr = "unix(" + addr + ")"
	}
	s := "mysql://" + url.PathEscape(cfg.User) + "@" + addr + "/" + cfg.DBName
	if cfg.TLSConfig != "" {
		s += "?tls=" + cfg.TLSConfig
	}
	return s
}
