package parse

import "testing"

// TestOutputInStringLiteral: sysbench's stdout kept on one line as a
// string literal, its line breaks escaped (train14: a Python deploy
// script's bytes literal, a Rust test's string without a banner, a
// Python call's bytes argument), is read as the output it holds, at the
// line it stands on, the code around the string left out.
func TestOutputInStringLiteral(t *testing.T) {
	type want struct {
		line            int
		version, test   string
		threads         int
		eps, tps, total float64
	}
	for path, w := range map[string]want{
		"../testdata/public/train14/t100-sb1.0.17-cpu-1-thread-prime-5000-stdout-in-python-bytes-literal-with-escaped-newlines-deploy-script-excerpt.txt": {2, "1.0.17", "cpu", 1, 2044.38, 0, 10.0002},
		"../testdata/public/train14/t101-sb-cpu-2-threads-output-without-banner-in-rust-test-string-with-escaped-newlines-asserts-restating-excerpt.txt":  {3, "", "cpu", 2, 2154.01, 0, 2.0006},
		"../testdata/public/train14/t102-sb1.0.8-oltp-legacy-1-thread-interim-every-1s-stdout-in-python-bytes-literal-argument-excerpt.txt":               {2, "1.0.8", "", 1, 0, 33.99, 2.0286},
	} {
		d := readDoc(t, path)
		if len(d.Runs) != 1 {
			t.Errorf("%s: %d runs, want 1", path[len(path)-30:], len(d.Runs))
			continue
		}
		r := d.Runs[0]
		got := want{line: r.Line, version: r.Version, test: r.Test}
		if r.Threads != nil {
			got.threads = *r.Threads
		}
		if r.EPS != nil {
			got.eps = *r.EPS
		}
		if r.TPS != nil {
			got.tps = *r.TPS
		}
		if r.TotalTimeS != nil {
			got.total = *r.TotalTimeS
		}
		if got != w {
			t.Errorf("%s: %+v, want %+v", path[len(path)-30:], got, w)
		}
	}
	// Lines of code with escapes and no line of sysbench's are left as
	// they are (stress-ng's output in the same Rust file's next test).
	if p := escapedOutput(`        let t = "stress-ng: info:  [268685] dispatching hogs: 1 cpu\nstress-ng: metrc: [268685] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\nstress-ng: info:  [268685] passed: 1: cpu (1)\nstress-ng: info:  [268685] failed: 0\n";`); p != nil {
		t.Errorf("stress-ng's output read as sysbench's: %q", p)
	}
}
