package analyze

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// A rankShift is the Mann–Whitney test of H₀: ys/ρ and xs have one
// distribution, for every ratio ρ > 0 at once. The statistic is the
// mid-rank count U = #{x > y/ρ} + ½·#{x = y/ρ} of the base sample, and
// its null distribution is the permutation distribution of U given the
// tie groups of the merged sample {x} ∪ {y/ρ}: exact up to 50 values a
// side (the C(m+n, m) splits counted group by group, as uPMF does),
// else normal with the tie-corrected variance and a continuity
// correction.
//
// Between two consecutive distinct pairwise ratios y/x the statistic
// and the tie groups do not change, so the test need only be made at
// the 2K+1 positions of the K distinct ratios: pos 2g is the gap below
// the g-th ratio (g = K: above all), pos 2k+1 is ratio k itself, where
// the pairs with that ratio tie. Ratios are compared as computed,
// y/x correctly rounded, so equal ratios are equal floats.
type rankShift struct {
	xs, ys []float64 // sorted
	ratio  []float64 // the distinct pairwise ratios y/x, ascending
	idx    [][]int   // idx[i][j]: index in ratio of ys[j]/xs[i]
	median float64   // the median pairwise ratio (Hodges–Lehmann)
	exact  bool
	alpha  float64              // the test's level: 1 − the interval's confidence
	pmfs   map[string][]float64 // exact null pmf of 2U by tie groups
	ps     map[int]float64      // p-value by position
}

// newRankShift prepares the test of xs against ys at level alpha.
func newRankShift(xs, ys []float64, alpha float64) *rankShift {
	s := &rankShift{xs: sorted(xs), ys: sorted(ys), alpha: alpha, pmfs: map[string][]float64{}, ps: map[int]float64{}}
	// Exact up to 50 a side; with ties (within a sample, or two pairs of
	// one ratio) every position has its own null distribution, so then
	// only up to m·n = 400.
	const exactLimit, tiesExactLimit = 50, 400
	m, n := len(xs), len(ys)
	s.exact = m <= exactLimit && n <= exactLimit
	var all []float64
	for _, x := range s.xs {
		for _, y := range s.ys {
			all = append(all, y/x)
		}
	}
	sort.Float64s(all)
	s.median = all[(len(all)-1)/2]
	for _, r := range all {
		if len(s.ratio) == 0 || s.ratio[len(s.ratio)-1] != r {
			s.ratio = append(s.ratio, r)
		}
	}
	if s.exact && m*n > tiesExactLimit && (len(s.ratio) < len(all) || hasTies(s.xs) || hasTies(s.ys)) {
		s.exact = false
	}
	s.idx = make([][]int, len(s.xs))
	for i, x := range s.xs {
		s.idx[i] = make([]int, len(s.ys))
		for j, y := range s.ys {
			s.idx[i][j] = sort.SearchFloat64s(s.ratio, y/x)
		}
	}
	return s
}

// hasTies reports whether sorted xs has two equal values.
func hasTies(xs []float64) bool {
	for i := 1; i < len(xs); i++ {
		if xs[i] == xs[i-1] {
			return true
		}
	}
	return false
}

func sorted(xs []float64) []float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s
}

// positions returns the number of positions, 2K+1.
func (s *rankShift) positions() int { return 2*len(s.ratio) + 1 }

// position returns the position of ratio ρ.
func (s *rankShift) position(rho float64) int {
	k := sort.SearchFloat64s(s.ratio, rho)
	if k < len(s.ratio) && s.ratio[k] == rho {
		return 2*k + 1
	}
	return 2 * k
}

// order compares x_i with y_j/ρ at position pos: −1 when x_i comes
// first, +1 when y_j/ρ does, 0 when they tie.
func (s *rankShift) order(pos, i, j int) int {
	k := s.idx[i][j]
	if pos%2 == 0 { // gap below ratio pos/2: y/x ≥ that ratio means x < y/ρ
		if k >= pos/2 {
			return -1
		}
		return 1
	}
	switch c := (pos - 1) / 2; {
	case k > c:
		return -1
	case k < c:
		return 1
	}
	return 0
}

// groups returns, at position pos, the tie groups of the merged sample in
// ascending order (their sizes) and 2U.
func (s *rankShift) groups(pos int) (sizes []int, w int) {
	m, n := len(s.xs), len(s.ys)
	i, j := 0, 0
	for i < m || j < n {
		c := 1
		switch {
		case i == m:
			c = 1
		case j == n:
			c = -1
		default:
			c = s.order(pos, i, j)
		}
		a, b := 0, 0 // base and other values in the group
		if c <= 0 {
			for v := s.xs[i]; i+a < m && s.xs[i+a] == v; a++ {
			}
		}
		if c >= 0 {
			for v := s.ys[j]; j+b < n && s.ys[j+b] == v; b++ {
			}
		}
		w += 2*a*j + a*b // each base value beats the j before and ties the b beside it
		sizes = append(sizes, a+b)
		i, j = i+a, j+b
	}
	return sizes, w
}

// p returns the two-sided p-value at position pos,
// min(1, 2·min(P₀(U ≤ u), P₀(U ≥ u))).
func (s *rankShift) p(pos int) float64 {
	if p, ok := s.ps[pos]; ok {
		return p
	}
	sizes, w := s.groups(pos)
	m, n := len(s.xs), len(s.ys)
	var p float64
	if s.exact {
		key := groupsKey(sizes)
		pmf, ok := s.pmfs[key]
		if !ok {
			pmf = uPMF(m, n, sizes)
			s.pmfs[key] = pmf
		}
		lo, hi := 0.0, 0.0
		for v, q := range pmf {
			if v <= w {
				lo += q
			}
			if v >= w {
				hi += q
			}
		}
		p = 2 * math.Min(lo, hi)
	} else {
		tc := 0.0
		for _, t := range sizes {
			tc += float64(t*t*t - t)
		}
		nn := float64(m + n)
		sd := math.Sqrt(float64(m*n) * ((nn + 1) - tc/(nn*(nn-1))) / 12)
		d := math.Abs(float64(w)/2-float64(m*n)/2) - 0.5
		p = 1
		if sd > 0 && d > 0 {
			p = 2 * distuv.UnitNormal.Survival(d/sd)
		}
	}
	p = math.Min(1, p)
	s.ps[pos] = p
	return p
}

func groupsKey(sizes []int) string {
	var b strings.Builder
	for _, t := range sizes {
		b.WriteString(strconv.Itoa(t))
		b.WriteByte(',')
	}
	return b.String()
}

// interval returns the set of positions the test does not reject at
// level s.alpha, [lo, hi] (ok false when it rejects everywhere). Up to
// 401 positions (and, exact, m·n ≤ 100) every position is tested;
// beyond, the ends are found by bisection over the gaps on each side of
// the median ratio, and the ratio beside each end is tested.
func (s *rankShift) interval() (lo, hi int, ok bool) {
	alpha := s.alpha
	np := s.positions()
	if np <= 401 && (!s.exact || len(s.xs)*len(s.ys) <= 100) {
		lo, hi = -1, -1
		for pos := 0; pos < np; pos++ {
			if s.p(pos) > alpha {
				if lo < 0 {
					lo = pos
				}
				hi = pos
			}
		}
		return lo, hi, lo >= 0
	}
	// Bisection over the gaps (untied, they share one null
	// distribution), then the ratio beside each end.
	c := s.position(s.median) / 2 * 2
	if s.p(c) <= alpha {
		return 0, 0, false
	}
	a, b := 0, c // s.p(b) > alpha
	for a < b {
		mid := (a + b) / 4 * 2
		if s.p(mid) > alpha {
			b = mid
		} else {
			a = mid + 2
		}
	}
	lo = a
	if lo > 0 && s.p(lo-1) > alpha {
		lo--
	}
	a, b = c, np-1
	for a < b {
		mid := (a + b + 2) / 4 * 2
		if s.p(mid) > alpha {
			a = mid
		} else {
			b = mid - 2
		}
	}
	hi = a
	if hi < np-1 && s.p(hi+1) > alpha {
		hi++
	}
	return lo, hi, true
}

// bound returns the ratio at the lower (upper false) or upper end of an
// acceptance region ending at pos, and whether that end is open: a gap's
// end is the ratio beside it, which is itself rejected. ±Inf when the
// region reaches the outer gap.
func (s *rankShift) bound(pos int, upper bool) (r float64, open bool) {
	if pos%2 == 1 {
		return s.ratio[(pos-1)/2], false
	}
	g := pos / 2
	if upper {
		if g == len(s.ratio) {
			return math.Inf(1), false
		}
		return s.ratio[g], s.p(pos+1) <= s.alpha
	}
	if g == 0 {
		return math.Inf(-1), false
	}
	return s.ratio[g-1], s.p(pos-1) <= s.alpha
}

// uPMF returns the null distribution of 2U, U the mid-rank Mann–Whitney
// count of the first sample of n1, given the tie group sizes of the
// merged sample in ascending order: pmf[w] = P₀(2U = w), over all
// C(n1+n2, n1) equally likely splits. It counts the ways group by group:
// taking r of a group of t that has j second-sample values before it
// adds r·(2j + t − r) to 2U.
func uPMF(n1, n2 int, ties []int) []float64 {
	top := 2*n1*n2 + 1
	cnt := make([][]float64, n1+1)
	next := make([][]float64, n1+1)
	for k := range cnt {
		cnt[k] = make([]float64, top)
		next[k] = make([]float64, top)
	}
	cnt[0][0] = 1
	seen := 0
	for _, t := range ties {
		for k := range next {
			clear(next[k])
		}
		for k := 0; k <= n1 && k <= seen; k++ {
			j := seen - k
			if j > n2 {
				continue
			}
			for w, c := range cnt[k][:2*k*j+1] { // 2U ≤ 2kj so far
				if c == 0 {
					continue
				}
				for r := 0; r <= t && k+r <= n1; r++ {
					if t-r > n2-j {
						continue
					}
					next[k+r][w+r*(2*j+t-r)] += c * binom(t, r)
				}
			}
		}
		cnt, next = next, cnt
		seen += t
	}
	total := binom(n1+n2, n1)
	pmf := cnt[n1]
	for w := range pmf {
		pmf[w] /= total
	}
	return pmf
}

// level returns the confidence of the acceptance region at position pos:
// 1 − P₀(p ≤ alpha) under that position's null distribution, the
// probability that the interval covers the true ratio when it lies
// there.
func (s *rankShift) level(pos int) float64 {
	if !s.exact {
		return 1 - s.alpha
	}
	sizes, _ := s.groups(pos)
	pmf := s.pmfs[groupsKey(sizes)]
	if pmf == nil {
		s.p(pos)
		pmf = s.pmfs[groupsKey(sizes)]
	}
	cum := make([]float64, len(pmf)+1)
	for w, q := range pmf {
		cum[w+1] = cum[w] + q
	}
	size := 0.0
	for w, q := range pmf {
		if q > 0 && 2*math.Min(cum[w+1], 1-cum[w]) <= s.alpha {
			size += q
		}
	}
	return 1 - size
}
