package analyze

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// bruteQ is Q̂ of Matteson & James (2014, eq. 5) computed from its
// definition for X = xs[s:tau], Y = xs[tau:kappa], power 1.
func bruteQ(xs []float64, s, tau, kappa int) float64 {
	X, Y := xs[s:tau], xs[tau:kappa]
	n, m := float64(len(X)), float64(len(Y))
	cross, wx, wy := 0.0, 0.0, 0.0
	for _, x := range X {
		for _, y := range Y {
			cross += math.Abs(x - y)
		}
	}
	for i := range X {
		for k := i + 1; k < len(X); k++ {
			wx += math.Abs(X[i] - X[k])
		}
	}
	for j := range Y {
		for k := j + 1; k < len(Y); k++ {
			wy += math.Abs(Y[j] - Y[k])
		}
	}
	e := 2/(n*m)*cross - wx/(n*(n-1)/2) - wy/(m*(m-1)/2)
	return m * n / (m + n) * e
}

// realNoise returns standardised run-to-run residuals of the real demo
// campaign: each run's tps over its cell's mean, less one, scaled to
// mean 0 and standard deviation 1 over all cells.
func realNoise(t *testing.T) []float64 {
	t.Helper()
	doc, err := collect.Load([]string{"../examples/demo-campaign"})
	if err != nil || len(doc.Runs) == 0 {
		t.Fatalf("load demo campaign: %v (%d runs)", err, len(doc.Runs))
	}
	var res []float64
	for _, c := range Group(doc.Runs, GroupOptions{}).Cells {
		var vs []float64
		for _, r := range c.Runs {
			if r.TPS != nil {
				vs = append(vs, *r.TPS)
			}
		}
		if len(vs) < 2 {
			continue
		}
		m := meanOf(vs)
		for _, v := range vs {
			res = append(res, v/m-1)
		}
	}
	m := meanOf(res)
	sd := 0.0
	for _, r := range res {
		sd += (r - m) * (r - m)
	}
	sd = math.Sqrt(sd / float64(len(res)-1))
	for i := range res {
		res[i] = (res[i] - m) / sd
	}
	return res
}

// realSeries is n points around the demo campaign's innodb
// oltp_point_select tps at 1 thread (10105/s), with the real residuals
// resampled and scaled to a relative noise of cv; points from step on are
// multiplied by factor.
func realSeries(noise []float64, seed uint64, n, step int, factor, cv float64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 1))
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = 10105 * (1 + cv*noise[rng.IntN(len(noise))])
		if step >= 0 && i >= step {
			xs[i] *= factor
		}
	}
	return xs
}

func TestSegmentSplitMatchesDefinition(t *testing.T) {
	xs := realSeries(realNoise(t), 7, 17, 9, 1.1, 0.02)
	for _, minSize := range []int{2, 3, 5} {
		got, ok := newDivergence(xs, 1).segmentSplit(2, 17, minSize)
		if !ok {
			t.Fatalf("minSize %d: no split", minSize)
		}
		want := split{q: math.Inf(-1)}
		for tau := 2 + minSize; tau+minSize <= 17; tau++ {
			for kappa := tau + minSize; kappa <= 17; kappa++ {
				if q := bruteQ(xs, 2, tau, kappa); q > want.q {
					want = split{tau, q}
				}
			}
		}
		if got.tau != want.tau || math.Abs(got.q-want.q) > 1e-9*math.Abs(want.q) {
			t.Errorf("minSize %d: split %+v, want %+v", minSize, got, want)
		}
	}
}

// TestEDivisiveStep: a 10% drop after point 20 of 40 points with 2% noise
// made of real run-to-run residuals is found at point 20, and nowhere
// else.
func TestEDivisiveStep(t *testing.T) {
	noise := realNoise(t)
	for seed := uint64(1); seed <= 5; seed++ {
		xs := realSeries(noise, seed, 40, 20, 0.9, 0.02)
		cps := EDivisive(xs, ChangePointOptions{Seed: 1})
		if len(cps) != 1 || cps[0].Index != 20 {
			t.Errorf("noise draw %d: change points %+v, want one at 20", seed, cps)
			continue
		}
		if cps[0].P > 0.05 || cps[0].P < 1.0/200 {
			t.Errorf("noise draw %d: p = %v", seed, cps[0].P)
		}
	}
}

// TestEDivisiveFlat: flat series of 40 points with the same noise have no
// change point; over 40 noise draws the permutation test at α = 0.05
// claims one in at most a few.
func TestEDivisiveFlat(t *testing.T) {
	noise := realNoise(t)
	if cps := EDivisive(realSeries(noise, 1, 40, -1, 1, 0.02), ChangePointOptions{Seed: 1}); len(cps) != 0 {
		t.Errorf("flat series: change points %+v", cps)
	}
	false_ := 0
	for seed := uint64(100); seed < 140; seed++ {
		if cps := EDivisive(realSeries(noise, seed, 40, -1, 1, 0.02), ChangePointOptions{Seed: seed}); len(cps) > 0 {
			false_++
		}
	}
	// At α = 0.05, 40 draws give 2 false alarms on average; 6 or more has
	// probability below 2%.
	if false_ > 5 {
		t.Errorf("%d of 40 flat series had a change point", false_)
	}
}

func TestEDivisiveDeterministic(t *testing.T) {
	xs := realSeries(realNoise(t), 3, 40, 25, 1.06, 0.02)
	a := EDivisive(xs, ChangePointOptions{Seed: 42})
	b := EDivisive(xs, ChangePointOptions{Seed: 42})
	if !slices.Equal(a, b) {
		t.Errorf("same seed, different results: %+v, %+v", a, b)
	}
}

// TestEDivisiveTwoSteps finds both steps of a series that rises 10% at
// point 15 and falls back at point 30, with a minimum segment of 5. With
// this noise draw points 28 and 29 fall 1.9 standard deviations low, so
// the data place the second change at 28: a change point is where the
// data say, within the noise.
func TestEDivisiveTwoSteps(t *testing.T) {
	noise := realNoise(t)
	xs := realSeries(noise, 9, 45, 15, 1.1, 0.02)
	for i := 30; i < 45; i++ {
		xs[i] /= 1.1
	}
	cps := EDivisive(xs, ChangePointOptions{Seed: 1, MinSize: 5})
	var idx []int
	for _, c := range cps {
		idx = append(idx, c.Index)
	}
	if len(idx) != 2 || idx[0] != 15 || idx[1] < 28 || idx[1] > 30 {
		t.Errorf("change points at %v, want 15 and 28…30", idx)
	}
}

func TestEDivisiveShort(t *testing.T) {
	if cps := EDivisive([]float64{1, 2, 3, 10, 11}, ChangePointOptions{}); cps != nil {
		t.Errorf("5 points, minimum segment 3: %+v", cps)
	}
}

// historyRuns makes n runs from the real innodb oltp_point_select 1-thread
// run of the demo campaign, one per version 1.0.0 ... 1.0.n-1, with tps
// set from xs and the interim series dropped (so that the value is the
// printed tps). They are returned in shuffled order: History must order
// them by version.
func historyRuns(t *testing.T, xs []float64) []*parse.Run {
	t.Helper()
	doc, err := collect.Load([]string{"../examples/demo-campaign/innodb/oltp_point_select/1thr-r1.txt"})
	if err != nil || len(doc.Runs) != 1 {
		t.Fatalf("load: %v %v", err, doc.Errors)
	}
	tmpl := doc.Runs[0]
	var runs []*parse.Run
	for i, x := range xs {
		r := *tmpl
		r.Labels = map[string]string{"system": "innodb", "version": fmt.Sprintf("1.0.%d", i), "repeat": "1"}
		r.Intervals = nil
		v := x
		r.TPS = &v
		r.Line = i + 1
		runs = append(runs, &r)
	}
	rand.New(rand.NewPCG(5, 5)).Shuffle(len(runs), func(i, j int) { runs[i], runs[j] = runs[j], runs[i] })
	return runs
}

func TestBuildHistoryVersionStep(t *testing.T) {
	xs := realSeries(realNoise(t), 2, 40, 20, 0.9, 0.02)
	h := BuildHistory(historyRuns(t, xs), HistoryOptions{Order: "version"})
	if h.OrderKind != "version" || len(h.Series) != 1 {
		t.Fatalf("history: kind %q, %d series", h.OrderKind, len(h.Series))
	}
	s := h.Series[0]
	if len(s.Points) != 40 || s.Points[0].Key != "1.0.0" || s.Points[9].Key != "1.0.9" || s.Points[10].Key != "1.0.10" {
		t.Fatalf("points out of version order: %v %v %v", s.Points[0].Key, s.Points[9].Key, s.Points[10].Key)
	}
	want := map[string]string{"workload": "oltp_point_select", "threads": "1", "tool": "sysbench", "system": "innodb"}
	for k, v := range want {
		if s.Labels[k] != v {
			t.Errorf("series label %s = %q, want %q (labels %v)", k, s.Labels[k], v, s.Labels)
		}
	}
	if _, ok := s.Labels["repeat"]; ok {
		t.Errorf("per-run label in the series labels: %v", s.Labels)
	}
	if len(s.ChangePoints) != 1 {
		t.Fatalf("change points %+v", s.ChangePoints)
	}
	c := s.ChangePoints[0]
	if c.Index != 20 || c.After != "1.0.20" || c.Before != "1.0.19" || !c.Worse || c.P > 0.05 {
		t.Errorf("change point %+v", c)
	}
	// The ratio of the segment means, with its Fieller interval.
	ratio := meanOf(xs[20:]) / meanOf(xs[:20])
	r, lo, hi, ok := Fieller(xs[:20], xs[20:], 0.95)
	if !ok || c.Ratio == nil || c.Lo == nil || c.Hi == nil || math.Abs(*c.Ratio-ratio) > 1e-12 || *c.Lo != lo || *c.Hi != hi || r != *c.Ratio {
		t.Errorf("ratio %v [%v, %v], want %v [%v, %v]", c.Ratio, c.Lo, c.Hi, ratio, lo, hi)
	}
	if !(*c.Lo < 0.9 && 0.9 < *c.Hi) {
		t.Errorf("interval [%v, %v] misses the true ratio 0.9", *c.Lo, *c.Hi)
	}
	if len(c.RunsBefore) != 20 || len(c.RunsAfter) != 20 {
		t.Errorf("%d runs before, %d after", len(c.RunsBefore), len(c.RunsAfter))
	}
}

func TestBuildHistoryFlat(t *testing.T) {
	xs := realSeries(realNoise(t), 2, 40, -1, 1, 0.02)
	h := BuildHistory(historyRuns(t, xs), HistoryOptions{Order: "version"})
	if len(h.Series) != 1 || len(h.Series[0].Points) != 40 || len(h.Series[0].ChangePoints) != 0 {
		t.Errorf("flat history: %+v", h.Series)
	}
}

func TestBuildHistoryGivenOrder(t *testing.T) {
	xs := realSeries(realNoise(t), 2, 12, 6, 0.9, 0.02)
	runs := historyRuns(t, xs)
	for _, r := range runs {
		r.Labels["commit"] = "c" + r.Labels["version"]
	}
	var given []string
	for i := 11; i >= 0; i-- {
		given = append(given, fmt.Sprintf("c1.0.%d", i))
	}
	h := BuildHistory(runs, HistoryOptions{Order: "commit", Values: given[:10]})
	if h.OrderKind != "given" || len(h.Series) != 1 {
		t.Fatalf("kind %q, %d series", h.OrderKind, len(h.Series))
	}
	pts := h.Series[0].Points
	if len(pts) != 10 || pts[0].Key != "c1.0.11" || pts[9].Key != "c1.0.2" {
		t.Errorf("points %v … %v (%d)", pts[0].Key, pts[len(pts)-1].Key, len(pts))
	}
	if len(h.Warnings) == 0 {
		t.Error("no warning for the runs left out of the given order")
	}
	// version changes with commit: it is not part of the series.
	if _, ok := h.Series[0].Labels["version"]; ok {
		t.Errorf("labels %v", h.Series[0].Labels)
	}
}

func TestCompareVersions(t *testing.T) {
	vs := []string{"10.11.14-MariaDB", "10.11.6-MariaDB", "v1.2", "1.10", "1.9.1", "10.6.21"}
	for _, v := range vs {
		if _, ok := parseVersion(v); !ok {
			t.Errorf("%q is not a version", v)
		}
	}
	sorted := slices.Clone(vs)
	slices.SortFunc(sorted, compareVersions)
	want := []string{"v1.2", "1.9.1", "1.10", "10.6.21", "10.11.6-MariaDB", "10.11.14-MariaDB"}
	if !slices.Equal(sorted, want) {
		t.Errorf("sorted %v, want %v", sorted, want)
	}
	for _, v := range []string{"a1b2c3", "", "1..2", "release"} {
		if _, ok := parseVersion(v); ok {
			t.Errorf("%q taken for a version", v)
		}
	}
}

// TestAutoOrder picks the first order key with which a series has
// minPoints points; the keys it passes over without building their
// history (hasOrderValues false) are keys with which no series has them.
func TestAutoOrder(t *testing.T) {
	runs := historyRuns(t, realSeries(realNoise(t), 2, 12, -1, 1, 0.02))
	for i, r := range runs {
		r.Labels["date"] = fmt.Sprintf("2026-01-%02d", 1+i%3) // three dates
	}
	if k := AutoOrder(runs, nil, 8); k != "version" {
		t.Errorf("order %q, want version (12 versions; 3 dates)", k)
	}
	// Each date holds four versions: by date, every series (one a
	// version) has one point.
	if k := AutoOrder(runs, nil, 3); k != "version" {
		t.Errorf("order %q, want version at 3 points", k)
	}
	if k := AutoOrder(runs, nil, 13); k != "" {
		t.Errorf("order %q with 12 versions at most, want none", k)
	}
	for _, k := range []string{"date", "version", "commit"} {
		for _, n := range []int{1, 3, 4, 12, 13} {
			h := BuildHistory(runs, HistoryOptions{Order: k, ChangePoints: ChangePointOptions{Permutations: -1}})
			most := 0
			for _, s := range h.Series {
				most = max(most, len(s.Points))
			}
			if !hasOrderValues(runs, k, nil, n) && most >= n {
				t.Errorf("%s: hasOrderValues(%d) is false, but a series has %d points", k, n, most)
			}
		}
	}
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	timeOf := func(r *parse.Run) (time.Time, bool) { return at.Add(time.Duration(r.Line) * time.Hour), true }
	if !hasOrderValues(runs, OrderCampaignTime, timeOf, 12) || hasOrderValues(runs, OrderCampaignTime, timeOf, 13) || hasOrderValues(runs, OrderCampaignTime, nil, 1) {
		t.Error("campaign times: 12 distinct values")
	}
}
