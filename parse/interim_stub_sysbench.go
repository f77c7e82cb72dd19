package parse

// Temporary stand-in for interim.go (parseInterim), so that the sysbench
// parser builds and its tests run. Delete once interim.go exists.

import (
	"errors"
	"strings"
)

type interimKind int

const (
	interimNone interimKind = iota
	interimReport
	interimCheckpoint
)

func parseInterim(text string, line int) (iv Interval, kind interimKind, err error) {
	if len(text) < 4 || text[0] != '[' {
		return iv, interimNone, nil
	}
	end := strings.IndexByte(text, ']')
	if end < 0 {
		return iv, interimNone, nil
	}
	ts := strings.TrimSpace(text[1:end])
	if !strings.HasSuffix(ts, "s") {
		return iv, interimNone, nil
	}
	t, err1 := parseNum(strings.TrimSpace(ts[:len(ts)-1]))
	if err1 != nil {
		return iv, interimNone, nil
	}
	iv = NewInterval(line, t)
	rest := strings.TrimSpace(text[end+1:])
	if strings.HasPrefix(rest, "Checkpoint report") {
		return iv, interimCheckpoint, nil
	}
	f := strings.Fields(strings.NewReplacer(",", " ", "(", " ", ")", " ").Replace(rest))
	for i := 0; i < len(f); i++ {
		lab := strings.TrimSuffix(f[i], ":")
		next := func() float64 {
			if i+1 >= len(f) {
				err = errors.New("interim line: value missing")
				return 0
			}
			v, _, ok := leadingNum(f[i+1])
			if !ok {
				err = errors.New("interim line: bad value " + f[i+1])
			}
			i++
			return v
		}
		switch lab {
		case "threads", "thds":
			iv.Threads = next()
		case "tps":
			iv.TPS = next()
		case "qps":
			iv.QPS = next()
		case "eps":
			iv.EPS = next()
		case "reads/s":
			iv.Reads = next()
		case "reads":
			iv.Reads = next()
			if i+1 < len(f) && f[i+1] == "MiB/s" || i+1 < len(f) && f[i+1] == "MB/s" {
				iv.ReadMiBs, iv.Reads = iv.Reads, NewInterval(0, 0).Reads
				i++
			}
		case "writes/s":
			iv.Writes = next()
		case "writes":
			iv.Writes = next()
			if i+1 < len(f) && (f[i+1] == "MiB/s" || f[i+1] == "MB/s") {
				iv.WriteMiBs, iv.Writes = iv.Writes, NewInterval(0, 0).Writes
				i++
			}
		case "fsyncs":
			iv.FsyncS = next()
		case "r/w/o":
			if i+1 < len(f) {
				p := strings.Split(f[i+1], "/")
				if len(p) == 3 {
					iv.Reads, _ = parseNum(p[0])
					iv.Writes, _ = parseNum(p[1])
					iv.Other, _ = parseNum(p[2])
				}
				i++
			}
		case "lat", "latency":
			for i+1 < len(f) && f[i+1] == "ms" {
				i++
			}
			if i+2 < len(f) {
				iv.LatPct, _, _ = leadingNum(f[i+1])
				iv.LatMs, _, _ = leadingNum(f[i+2])
				i += 2
			}
		case "time":
			if i+1 < len(f) {
				iv.LatMs, _, _ = leadingNum(f[i+1])
				i++
				if i+1 < len(f) {
					iv.LatPct, _, _ = leadingNum(f[i+1])
					i++
				}
			}
		case "errors", "err/s":
			iv.ErrS = next()
		case "reconnects", "reconn/s":
			iv.ReconnS = next()
		case "queue":
			if i+2 < len(f) {
				iv.QueueLength, _, _ = leadingNum(f[i+2])
				i += 2
			}
		case "concurrency":
			iv.Concurrency = next()
		default:
			if v, r, ok := leadingNum(f[i]); ok && (strings.HasPrefix(r, "MiB/sec") || strings.HasPrefix(r, "MB/sec")) {
				iv.MiBs = v
			} else if ok && i+1 < len(f) && (f[i+1] == "MiB/sec" || f[i+1] == "MB/sec") {
				iv.MiBs = v
				i++
			}
		}
	}
	return iv, interimReport, err
}
