package parse

import (
	"slices"
	"strconv"
	"strings"
)

// A cnfBlock is one server configuration the text lists (a my.cnf
// section, "name = value" lines): the storage engines whose variables it
// sets, in order, each with the first such variable and its line.
type cnfBlock struct {
	engines []cnfEngine
}

type cnfEngine struct {
	engine, name string
	line         int
}

// Engines whose variables exist only where the engine is loaded: a
// configuration that sets them is that engine's, whatever else it tunes.
// The built-in engines' variables (innodb_, aria_) are set in most
// configurations and decide only where no plugin engine is named.
var (
	pluginEnginePrefixes  = []string{"rocksdb", "tokudb"}
	builtinEnginePrefixes = []string{"innodb", "aria"}
)

// noteConfigLine follows the server configurations the text lists, for
// a command whose engine is a variable the text never sets
// (--mysql_storage_engine=$engine): "rocksdb_block_cache_size=30G" in a
// my.cnf listing says which engine that server ran. Only "name = value"
// lines count: a SHOW VARIABLES listing names every loaded engine's
// variables whichever engine the tables use, and states the engine in
// default_storage_engine (inferEngine).
func (c *ctx) noteConfigLine(l *Line) {
	t := l.Text // trimmed
	if !c.cnfOpen && (l.win.lacks(needleEq) || strings.IndexByte(t, '=') < 0) {
		return // cheap first: this runs on every line
	}
	if t == "" || t[0] == '#' || t[0] == ';' {
		return // blank lines and comments stay inside a listing
	}
	if t[0] == '[' && t[len(t)-1] == ']' {
		c.cnfOpen = false // [mysqld], [mysqld2]: a section of its own
		return
	}
	name, ok := cnfName(t)
	if !ok {
		c.cnfOpen = false
		return
	}
	e := engineOfVariable(name)
	if e == "" {
		return
	}
	if !c.cnfOpen || len(c.cnfBlocks) == 0 {
		c.cnfBlocks = append(c.cnfBlocks, cnfBlock{})
		c.cnfOpen = true
	}
	b := &c.cnfBlocks[len(c.cnfBlocks)-1]
	for _, x := range b.engines {
		if x.engine == e {
			return
		}
	}
	b.engines = append(b.engines, cnfEngine{engine: e, name: name, line: l.No})
}

// cnfName returns the option a configuration line sets ("name", "name =
// value", "loose-name=value"), ok false for any other line.
func cnfName(t string) (string, bool) {
	i := 0
	for i < len(t) && (t[i] == '_' || t[i] == '-' || t[i] == '.' || t[i]|0x20 >= 'a' && t[i]|0x20 <= 'z' || t[i] >= '0' && t[i] <= '9') {
		i++
	}
	if i == 0 {
		return "", false
	}
	name := t[:i]
	rest := strings.TrimLeft(t[i:], " \t")
	if rest != "" && rest[0] != '=' {
		return "", false
	}
	name = strings.TrimPrefix(strings.TrimPrefix(name, "loose-"), "loose_")
	return strings.ReplaceAll(name, "-", "_"), true
}

// engineOfVariable returns the storage engine a server variable belongs
// to by its prefix ("rocksdb_block_cache_size": rocksdb), "" for none.
// Variable names are lower case: "Innodb_rows_read" is a status counter.
func engineOfVariable(name string) string {
	for _, ps := range [][]string{pluginEnginePrefixes, builtinEnginePrefixes} {
		for _, p := range ps {
			if strings.HasPrefix(name, p+"_") {
				return p
			}
		}
	}
	return ""
}

// configEngine returns the engine the configurations listed so far
// belong to: in each, the one plugin engine it sets variables of, else
// the one built-in engine; the same engine in every one. from says where
// it was read; named lists the engines when they disagree.
func (c *ctx) configEngine() (engine, from string, named []string) {
	for _, b := range c.cnfBlocks {
		var plugin, builtin []cnfEngine
		for _, e := range b.engines {
			if slices.Contains(pluginEnginePrefixes, e.engine) {
				plugin = append(plugin, e)
			} else {
				builtin = append(builtin, e)
			}
		}
		pick := plugin
		if len(pick) == 0 {
			pick = builtin
		}
		for _, e := range pick {
			if !slices.Contains(named, e.engine) {
				named = append(named, e.engine)
			}
		}
		if len(pick) == 1 && from == "" {
			from = pick[0].name + " at line " + strconv.Itoa(pick[0].line)
		}
	}
	if len(named) != 1 {
		return "", "", named
	}
	return named[0], from, named
}
