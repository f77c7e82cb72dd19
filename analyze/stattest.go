package analyze

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// A TestResult is a two-sample test.
type TestResult struct {
	P        float64
	N1, N2   int
	Warnings Warnings
}

// WelchTTest tests whether xs and ys have the same mean without assuming
// equal variances (two-sided), with Welch–Satterthwaite degrees of freedom.
//
// Both variances zero: P is 0 when the means differ (the difference is
// exact) and 1 when they are equal, with a warning.
func WelchTTest(xs, ys []float64) TestResult {
	res := TestResult{P: 1, N1: len(xs), N2: len(ys)}
	if len(xs) < 2 || len(ys) < 2 {
		res.Warnings.addf("need >= 2 runs per side for a t-test")
		return res
	}
	mx, sx := stat.MeanStdDev(xs, nil)
	my, sy := stat.MeanStdDev(ys, nil)
	vx, vy := sx*sx/float64(len(xs)), sy*sy/float64(len(ys))
	if vx+vy == 0 {
		res.Warnings.addf("zero variance on both sides")
		if mx != my {
			res.P = 0
		}
		return res
	}
	t := (mx - my) / math.Sqrt(vx+vy)
	df := welchDF(vx, vy, len(xs), len(ys))
	res.P = 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Survival(math.Abs(t))
	return res
}

// welchDF returns the Welch–Satterthwaite degrees of freedom of the sum of
// two variances of means.
func welchDF(vx, vy float64, nx, ny int) float64 {
	return (vx + vy) * (vx + vy) / (vx*vx/float64(nx-1) + vy*vy/float64(ny-1))
}

// MannWhitney is the two-sided Mann–Whitney U test as golang.org/x/perf
// benchmath computes it: exact (ties handled) when both samples are at
// most 50 without ties or at most 9 with ties, else the normal
// approximation with tie and continuity corrections. Warns when the
// samples are too small to reach alpha at all.
func MannWhitney(xs, ys []float64, alpha float64) TestResult {
	n1, n2 := len(xs), len(ys)
	res := TestResult{P: 1, N1: n1, N2: n2}
	if n1 == 0 || n2 == 0 {
		res.Warnings.addf("no values to compare")
		return res
	}
	type lv struct {
		v     float64
		first bool
	}
	merged := make([]lv, 0, n1+n2)
	for _, x := range xs {
		merged = append(merged, lv{x, true})
	}
	for _, y := range ys {
		merged = append(merged, lv{y, false})
	}
	sort.SliceStable(merged, func(i, j int) bool { return merged[i].v < merged[j].v })

	// Tie groups: size and how many come from the first sample.
	var ties, firsts []int
	r1 := 0.0 // rank sum of the first sample, midranks for ties
	hasTies := false
	for i := 0; i < len(merged); {
		j, k := i, 0
		for ; j < len(merged) && merged[j].v == merged[i].v; j++ {
			if merged[j].first {
				k++
			}
		}
		r1 += float64(k) * float64(i+1+j) / 2
		ties, firsts = append(ties, j-i), append(firsts, k)
		if j-i > 1 {
			hasTies = true
		}
		i = j
	}
	u1 := r1 - float64(n1*(n1+1))/2
	u2 := float64(n1*n2) - u1
	umin := math.Min(u1, u2)

	const exactLimit, tiesExactLimit = 50, 9
	if !hasTies && n1 <= exactLimit && n2 <= exactLimit ||
		hasTies && n1 <= tiesExactLimit && n2 <= tiesExactLimit {
		switch {
		case len(ties) == 1:
			res.Warnings.addf("all samples are equal")
			return res
		case u1 == u2:
			res.P = 1
		default:
			res.P = math.Min(1, 2*uCDF(n1, n2, ties, umin))
		}
	} else {
		tc := 0.0
		for _, t := range ties {
			tc += float64(t*t*t - t)
		}
		n := float64(n1 + n2)
		mu := float64(n1*n2) / 2
		sd := math.Sqrt(float64(n1*n2) * ((n + 1) - tc/(n*(n-1))) / 12)
		if sd == 0 {
			res.Warnings.addf("all samples are equal")
			return res
		}
		d := umin - mu
		switch { // continuity correction
		case d > 0:
			d -= 0.5
		case d < 0:
			d += 0.5
		}
		z := d / sd
		std := distuv.UnitNormal
		res.P = 2 * math.Min(std.CDF(z), 1-std.CDF(z))
	}
	if res.P > alpha {
		op, need := uTestSamples(alpha)
		if n1 < need && n2 < need {
			res.Warnings.addf("need %s %d samples to detect a difference at alpha level %v", op, need, alpha)
		}
	}
	return res
}

// uTestSamples returns the least equal sample size whose smallest possible
// two-sided U-test p-value, 2/C(2n, n), reaches alpha (as benchmath).
func uTestSamples(alpha float64) (op string, n int) {
	for n = 1; n <= 9; n++ {
		if 2/binom(2*n, n) <= alpha {
			return ">=", n
		}
	}
	return ">", 10
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// uCDF returns P(U ≤ u) for the first sample of n1 under the null
// hypothesis, given the tie group sizes of the merged sample (midranks).
// It counts the ways of drawing the first sample group by group: taking r
// of a group of t that has j second-sample values before it adds
// r·(2j + t − r) to 2U. Counts beyond 2u are dropped.
func uCDF(n1, n2 int, ties []int, u float64) float64 {
	lim := int(math.Floor(2*u + 1e-9))
	// cnt[k][w]: ways with k first-sample values drawn and 2U = w.
	cnt := make([][]float64, n1+1)
	next := make([][]float64, n1+1)
	for k := range cnt {
		cnt[k] = make([]float64, lim+1)
		next[k] = make([]float64, lim+1)
	}
	cnt[0][0] = 1
	seen := 0
	for _, t := range ties {
		for k := range next {
			clear(next[k])
		}
		for k := 0; k <= n1 && k <= seen; k++ {
			j := seen - k // second-sample values so far
			if j > n2 {
				continue
			}
			for w, c := range cnt[k] {
				if c == 0 {
					continue
				}
				for r := 0; r <= t && k+r <= n1; r++ {
					w2 := w + r*(2*j+t-r)
					if w2 > lim { // not monotonic in r: r = t adds only 2jt
						continue
					}
					next[k+r][w2] += c * binom(t, r)
				}
			}
		}
		cnt, next = next, cnt
		seen += t
	}
	total := 0.0
	for _, c := range cnt[n1] {
		total += c
	}
	return total / binom(n1+n2, n1)
}

// Fieller returns the interval of the ratio of means mean(ys)/mean(xs) of
// two independent samples at the given confidence (Fieller 1954), with
// Welch–Satterthwaite degrees of freedom taken at the point estimate ρ:
// ν = (v_y + ρ²v_x)² / (v_y²/(n_y−1) + ρ⁴v_x²/(n_x−1)), v = s²/n. When
// the denominator's mean is not significantly away from zero
// (g = t²v_x/x̄² ≥ 1) the interval is unbounded and ok is false.
//
// Samples of one value have no variance estimate: the interval is then
// unbounded too, unless both samples are constant.
func Fieller(xs, ys []float64, confidence float64) (ratio, lo, hi float64, ok bool) {
	nx, ny := len(xs), len(ys)
	if nx == 0 || ny == 0 {
		return math.NaN(), math.Inf(-1), math.Inf(1), false
	}
	mx, sx := stat.MeanStdDev(xs, nil)
	my, sy := stat.MeanStdDev(ys, nil)
	if nx == 1 {
		mx, sx = xs[0], 0
	}
	if ny == 1 {
		my, sy = ys[0], 0
	}
	ratio = my / mx
	if mx == 0 {
		return math.NaN(), math.Inf(-1), math.Inf(1), false
	}
	vx, vy := sx*sx/float64(nx), sy*sy/float64(ny)
	if vx == 0 && vy == 0 {
		if nx == 1 && ny == 1 {
			return ratio, math.Inf(-1), math.Inf(1), false
		}
		return ratio, ratio, ratio, true
	}
	if (nx == 1 && vy > 0) || (ny == 1 && vx > 0) || (nx == 1 && ny == 1) {
		return ratio, math.Inf(-1), math.Inf(1), false
	}
	// Welch–Satterthwaite degrees of freedom of ȳ − ρx̄.
	num := vy + ratio*ratio*vx
	den := 0.0
	if ny > 1 {
		den += vy * vy / float64(ny-1)
	}
	if nx > 1 {
		den += math.Pow(ratio, 4) * vx * vx / float64(nx-1)
	}
	df := num * num / den
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile((1 + confidence) / 2)
	t2 := t * t
	a := mx*mx - t2*vx
	if a <= 0 { // g = t²v_x/x̄² ≥ 1: the denominator may be zero
		return ratio, math.Inf(-1), math.Inf(1), false
	}
	disc := t2 * (vy*a + my*my*vx)
	r1 := (mx*my - math.Sqrt(disc)) / a
	r2 := (mx*my + math.Sqrt(disc)) / a
	return ratio, math.Min(r1, r2), math.Max(r1, r2), true
}
