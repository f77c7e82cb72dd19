package analyze

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestRankRatioTies: rounded tps values tie. x = 100, 102, 102, 105, 107
// (base) against y = 102, 106, 107, 108, 110: the base's mid-rank U is
// 4.5 (ranks 1, 3, 3, 5, 7.5), and of the C(10, 5) = 252 splits of the
// merged sample with these ties 14 give U ≤ 4.5 and 14 give U ≥ 20.5,
// so the exact two-sided p is 28/252 = 1/9. Untied counting of the
// pairwise differences (a tie against a difference on both sides) gave
// 2·28/252. The Hodges–Lehmann interval that inverts this test is
// [1, 110/102]: ratio 1, where three pairs tie, has p = 1/9 and is
// accepted; every ratio below it is rejected, and 110/102 is the
// largest ratio accepted (checked by enumeration in Python with exact
// fractions, and below by bruteRankRatio).
func TestRankRatioTies(t *testing.T) {
	xs := []float64{100, 102, 102, 105, 107}
	ys := []float64{102, 106, 107, 108, 110}
	r := RankRatio(xs, ys, 0.95)
	if !approx(r.P, 28.0/252, 1e-12) || r.Lo != 1 || !approx(r.Hi, 110.0/102, 1e-12) || r.LoOpen || r.HiOpen ||
		!approx(r.Ratio, 107.0/102, 1e-12) || !r.Bounded {
		t.Errorf("RankRatio = %+v, want p = 28/252, [1, %v]", r, 110.0/102)
	}
	if mw := MannWhitney(xs, ys, 0.05); !approx(mw.P, 28.0/252, 1e-12) {
		t.Errorf("MannWhitney p = %v, want 28/252", mw.P)
	}
	// The same through Compare with --center median.
	d := Group(join(repeat("a", "w", 8, xs...), repeat("b", "w", 8, ys...)), GroupOptions{})
	row := Compare(d, CompareOptions{Center: Median}).Rows[1]
	if row.PValue == nil || !approx(*row.PValue, 28.0/252, 1e-12) || row.Verdict != VerdictSame {
		t.Errorf("compare row %+v", row)
	}
}

// bruteRankRatio returns the p-value at ratio 1 and the ends of the
// acceptance region of the mid-rank Mann–Whitney test of ys/ρ against
// xs, by enumerating every split of the merged sample at every distinct
// pairwise ratio and at a ratio inside every gap between them, in exact
// rational arithmetic (integer samples). Ends: the least and largest
// accepted ratio or gap; a gap's end is the ratio beside it.
func bruteRankRatio(xs, ys []int64, alpha float64) (p, lo, hi float64, loOpen, hiOpen, ok bool) {
	test := func(rho *big.Rat) float64 {
		var vals []*big.Rat
		for _, x := range xs {
			vals = append(vals, new(big.Rat).SetInt64(x))
		}
		for _, y := range ys {
			vals = append(vals, new(big.Rat).Quo(new(big.Rat).SetInt64(y), rho))
		}
		n := len(vals)
		rank := make([]float64, n) // mid-ranks
		for i := range vals {
			less, eq := 0, 0
			for j := range vals {
				switch vals[j].Cmp(vals[i]) {
				case -1:
					less++
				case 0:
					eq++
				}
			}
			rank[i] = float64(less) + float64(eq+1)/2
		}
		m := len(xs)
		u0 := 0.0
		for i := 0; i < m; i++ {
			u0 += rank[i]
		}
		le, ge, total := 0, 0, 0
		var rec func(start, left int, sum float64)
		rec = func(start, left int, sum float64) {
			if left == 0 {
				total++
				if sum <= u0+1e-9 {
					le++
				}
				if sum >= u0-1e-9 {
					ge++
				}
				return
			}
			for i := start; i <= n-left; i++ {
				rec(i+1, left-1, sum+rank[i])
			}
		}
		rec(0, m, 0)
		return math.Min(1, 2*float64(min(le, ge))/float64(total))
	}
	var ratios []*big.Rat
	for _, x := range xs {
		for _, y := range ys {
			r := big.NewRat(y, x)
			dup := false
			for _, q := range ratios {
				dup = dup || q.Cmp(r) == 0
			}
			if !dup {
				ratios = append(ratios, r)
			}
		}
	}
	for i := range ratios { // insertion sort
		for j := i; j > 0 && ratios[j].Cmp(ratios[j-1]) < 0; j-- {
			ratios[j], ratios[j-1] = ratios[j-1], ratios[j]
		}
	}
	type cand struct {
		rho   *big.Rat
		point bool
		k     int // ratio index (point) or index of the ratio above (gap)
	}
	var cs []cand
	half := big.NewRat(1, 2)
	cs = append(cs, cand{new(big.Rat).Mul(ratios[0], half), false, 0})
	for k, r := range ratios {
		cs = append(cs, cand{r, true, k})
		if k+1 < len(ratios) {
			mid := new(big.Rat).Add(r, ratios[k+1])
			cs = append(cs, cand{mid.Mul(mid, half), false, k + 1})
		} else {
			cs = append(cs, cand{new(big.Rat).Mul(r, big.NewRat(2, 1)), false, k + 1})
		}
	}
	first, last := -1, -1
	for i, c := range cs {
		if test(c.rho) > alpha {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	p = test(big.NewRat(1, 1))
	if first < 0 || first == 0 || last == len(cs)-1 {
		return p, 0, 0, false, false, false
	}
	f := func(r *big.Rat) float64 { v, _ := r.Float64(); return v }
	a, b := cs[first], cs[last]
	if a.point {
		lo = f(a.rho)
	} else {
		lo, loOpen = f(ratios[a.k-1]), true
	}
	if b.point {
		hi = f(b.rho)
	} else {
		hi, hiOpen = f(ratios[b.k]), true
	}
	return p, lo, hi, loOpen, hiOpen, true
}

// TestRankRatioBruteForce checks RankRatio's p-value and interval
// against bruteRankRatio on the case above and on 60 small samples of
// few distinct values (3 to 6 a side), which tie within and between the
// samples; and, with equal sizes, against MannWhitney (benchmath's
// method).
func TestRankRatioBruteForce(t *testing.T) {
	cases := [][2][]int64{
		{{100, 102, 102, 105, 107}, {102, 106, 107, 108, 110}},
		{{1, 2, 3, 4}, {4, 5, 6, 7}},
		{{10, 10, 10, 12}, {10, 12, 12, 12, 14}},
		{{4378, 4404, 4404, 4410}, {4404, 4420, 4431, 4431, 4460}},
		{{23, 20, 24, 21, 22, 21}, {26, 25, 26, 23, 22}},
	}
	rng := rand.New(rand.NewPCG(18, 5))
	for len(cases) < 64 {
		draw := func(n int, base int64) []int64 {
			v := make([]int64, n)
			for i := range v {
				v[i] = base + int64(rng.IntN(5))
			}
			return v
		}
		cases = append(cases, [2][]int64{draw(3+rng.IntN(4), 20), draw(3+rng.IntN(4), 20+int64(rng.IntN(4)))})
	}
	open := 0
	for _, c := range cases {
		var xs, ys []float64
		for _, v := range c[0] {
			xs = append(xs, float64(v))
		}
		for _, v := range c[1] {
			ys = append(ys, float64(v))
		}
		r := RankRatio(xs, ys, 0.95)
		p, lo, hi, loOpen, hiOpen, ok := bruteRankRatio(c[0], c[1], 0.05)
		if !approx(r.P, p, 1e-12) || r.Bounded != ok {
			t.Errorf("%v vs %v: p = %v bounded %v, want %v %v", c[0], c[1], r.P, r.Bounded, p, ok)
			continue
		}
		if ok && (!approx(r.Lo, lo, 1e-12) || !approx(r.Hi, hi, 1e-12) || r.LoOpen != loOpen || r.HiOpen != hiOpen) {
			t.Errorf("%v vs %v: [%v, %v] open %v %v, want [%v, %v] open %v %v", c[0], c[1], r.Lo, r.Hi, r.LoOpen, r.HiOpen, lo, hi, loOpen, hiOpen)
		}
		if r.LoOpen || r.HiOpen {
			open++
		}
		// One pivot: significant exactly when 1 is outside the interval.
		in := r.Bounded && (r.Lo < 1 || r.Lo == 1 && !r.LoOpen) && (r.Hi > 1 || r.Hi == 1 && !r.HiOpen)
		if r.Bounded && (r.P <= 0.05) == in {
			t.Errorf("%v vs %v: p = %v but [%v, %v] open %v %v", c[0], c[1], r.P, r.Lo, r.Hi, r.LoOpen, r.HiOpen)
		}
		// Benchmath doubles P₀(U₁ ≤ min(U₁, U₂)), the same as doubling the
		// smaller tail when the null distribution is symmetric: always
		// with equal sizes, not with unequal sizes and ties.
		if len(xs) == len(ys) && len(xs) <= 9 {
			if mw := MannWhitney(xs, ys, 0.05); !approx(mw.P, r.P, 1e-12) {
				t.Errorf("%v vs %v: MannWhitney %v, RankRatio %v", c[0], c[1], mw.P, r.P)
			}
		}
	}
	if open == 0 {
		t.Error("no interval with an open end among the cases")
	}
}

// TestRankRatioOpenEnd: x = 20, 21, 21, 22, 23, 24 against y = 22, 23,
// 25, 26, 26. At ratio 1 the 22s and the 23s tie and p = 10/231 ≤ 0.05;
// every ratio just above 1 is accepted, 1 itself is not: the interval
// is (1, 26/21], open at 1, and excludes 1 as the test does. Compare
// says so.
func TestRankRatioOpenEnd(t *testing.T) {
	xs := []float64{23, 20, 24, 21, 22, 21}
	ys := []float64{26, 25, 26, 23, 22}
	r := RankRatio(xs, ys, 0.95)
	if !approx(r.P, 10.0/231, 1e-12) || r.Lo != 1 || !r.LoOpen || !approx(r.Hi, 26.0/21, 1e-12) || r.HiOpen {
		t.Errorf("RankRatio = %+v", r)
	}
	d := Group(join(repeat("a", "w", 8, xs...), repeat("b", "w", 8, ys...)), GroupOptions{})
	row := Compare(d, CompareOptions{Center: Median}).Rows[1]
	if !row.RatioLoOpen || row.RatioHiOpen || *row.RatioLo != 1 || row.Verdict != VerdictBetter {
		t.Errorf("row %+v", row)
	}
}
