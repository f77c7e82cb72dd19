package analyze

import (
	"math"
	"math/rand/v2"
	"sort"
)

// ChangePointOptions controls EDivisive.
type ChangePointOptions struct {
	// Alpha is the significance level of the permutation test: the search
	// stops at the first candidate whose p-value exceeds it. 0 means 0.05.
	Alpha float64
	// Permutations is the number of permutations of each test; 0 means
	// 199, the default of the ecp package (p-values are then multiples
	// of 1/200).
	Permutations int
	// MinSize is the fewest points a segment may have; 0 means 3, and
	// less than 2 is taken as 2 (a segment needs two points to have a
	// spread).
	MinSize int
	// Seed seeds the permutations: the same series, options and seed
	// give the same change points.
	Seed uint64
	// Power is the exponent α of the distances |x−y|^α, in (0, 2); 0
	// means 1.
	Power float64
}

func (o ChangePointOptions) withDefaults() ChangePointOptions {
	if o.Alpha == 0 {
		o.Alpha = 0.05
	}
	if o.Permutations == 0 {
		o.Permutations = 199
	}
	if o.MinSize == 0 {
		o.MinSize = 3
	}
	if o.MinSize < 2 {
		o.MinSize = 2
	}
	if o.Power == 0 {
		o.Power = 1
	}
	return o
}

// A ChangePoint is a place where the distribution of a series changes.
type ChangePoint struct {
	// Index is the index of the first point after the change.
	Index int `json:"index"`
	// Q is the divergence statistic Q̂ of the split (Matteson & James
	// 2014, eq. 5).
	Q float64 `json:"q"`
	// P is the permutation p-value of the change point when it was found:
	// (1 + #{permuted Q̂ ≥ Q̂}) / (permutations + 1).
	P float64 `json:"p"`
}

// EDivisive finds change points in xs with the E-Divisive means method of
// Matteson & James, "A Nonparametric Approach for Multiple Change Point
// Analysis of Multivariate Data", JASA 109 (2014), section 2, as the R
// package ecp and Apache Otava (formerly Hunter) implement it.
//
// A segment [s, e) is split at τ, with X = xs[s:τ] and Y = xs[τ:κ] for
// the best end κ ≤ e, where the split maximises
//
//	Q̂(X, Y) = mn/(m+n) · ( 2/(mn) Σ|Xᵢ−Yⱼ|^α − C(n,2)⁻¹ Σ_{i<k}|Xᵢ−Xₖ|^α − C(m,2)⁻¹ Σ_{j<k}|Yⱼ−Yₖ|^α ),
//
// n = |X|, m = |Y|, both at least MinSize. The best split over all
// current segments is tested by permutation: the points are shuffled
// within each segment Permutations times and the best Q̂ of each shuffled
// series recomputed; the p-value is the share of shuffled statistics at
// least as large as the observed one, counting the observed one. When it
// is at most Alpha the split is kept and the search goes on; otherwise it
// stops. Change points are returned in index order.
//
// Points are compared through their distances only, so the method finds
// changes of any kind (mean, spread, shape), needs no distribution, and
// is invariant to shifting and scaling the series.
func EDivisive(xs []float64, opts ChangePointOptions) []ChangePoint {
	opts = opts.withDefaults()
	n := len(xs)
	if n < 2*opts.MinSize {
		return nil
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x5b2e9f3a1c7d4e60))
	d := newDivergence(xs, opts.Power)
	bounds := []int{0, n} // segment boundaries, sorted
	var found []ChangePoint
	perm := make([]float64, n)
	for {
		best, ok := d.bestSplit(bounds, opts.MinSize)
		if !ok {
			break
		}
		over := 0
		for range opts.Permutations {
			copy(perm, xs)
			for i := 0; i+1 < len(bounds); i++ {
				seg := perm[bounds[i]:bounds[i+1]]
				rng.Shuffle(len(seg), func(a, b int) { seg[a], seg[b] = seg[b], seg[a] })
			}
			pb, ok := newDivergence(perm, opts.Power).bestSplit(bounds, opts.MinSize)
			if ok && pb.q >= best.q {
				over++
			}
		}
		p := float64(over+1) / float64(opts.Permutations+1)
		if p > opts.Alpha {
			break
		}
		found = append(found, ChangePoint{Index: best.tau, Q: best.q, P: p})
		bounds = append(bounds, best.tau)
		sort.Ints(bounds)
	}
	sort.Slice(found, func(i, j int) bool { return found[i].Index < found[j].Index })
	return found
}

// divergence holds the distance matrix of a series and its column prefix
// sums, so that every Q̂ of a segment costs O(1) once the segment's
// running sums are set up.
type divergence struct {
	n int
	d []float64 // d[i*n+j] = |x_i − x_j|^α
	// col[j*(n+1)+i] = Σ_{i' < i} d[i'][j]: prefix sums down column j.
	col []float64
}

func newDivergence(xs []float64, power float64) *divergence {
	n := len(xs)
	dv := &divergence{n: n, d: make([]float64, n*n), col: make([]float64, n*(n+1))}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			v := math.Abs(xs[i] - xs[j])
			if power != 1 {
				v = math.Pow(v, power)
			}
			dv.d[i*n+j], dv.d[j*n+i] = v, v
		}
	}
	for j := 0; j < n; j++ {
		c := dv.col[j*(n+1) : (j+1)*(n+1)]
		for i := 0; i < n; i++ {
			c[i+1] = c[i] + dv.d[i*n+j]
		}
	}
	return dv
}

// colSum returns Σ_{a ≤ i < b} d[i][j].
func (dv *divergence) colSum(j, a, b int) float64 {
	c := dv.col[j*(dv.n+1):]
	return c[b] - c[a]
}

type split struct {
	tau int
	q   float64
}

// bestSplit returns the split with the largest Q̂ over the segments
// between consecutive bounds; ok is false when no segment is long enough.
func (dv *divergence) bestSplit(bounds []int, minSize int) (best split, ok bool) {
	best.q = math.Inf(-1)
	for i := 0; i+1 < len(bounds); i++ {
		if s, found := dv.segmentSplit(bounds[i], bounds[i+1], minSize); found && s.q > best.q {
			best, ok = s, true
		}
	}
	return best, ok
}

// segmentSplit maximises Q̂ over s+minSize ≤ τ ≤ e−minSize and
// τ+minSize ≤ κ ≤ e, X = [s, τ), Y = [τ, κ). Ties go to the earliest τ.
func (dv *divergence) segmentSplit(s, e, minSize int) (best split, ok bool) {
	best.q = math.Inf(-1)
	// within X = Σ_{s ≤ i < k < τ} d[i][k], grown as τ moves right.
	withinX := 0.0
	for k := s + 1; k < s+minSize; k++ {
		withinX += dv.colSum(k, s, k)
	}
	for tau := s + minSize; tau+minSize <= e; tau++ {
		if tau > s+minSize {
			withinX += dv.colSum(tau-1, s, tau-1)
		}
		nx := float64(tau - s)
		// Y starts as [τ, τ+minSize) and grows to [τ, e).
		cross, withinY := 0.0, 0.0
		for k := tau; k < tau+minSize; k++ {
			cross += dv.colSum(k, s, tau)
			withinY += dv.colSum(k, tau, k)
		}
		for kappa := tau + minSize; ; kappa++ {
			ny := float64(kappa - tau)
			div := 2*cross/(nx*ny) - withinX/(nx*(nx-1)/2) - withinY/(ny*(ny-1)/2)
			q := nx * ny / (nx + ny) * div
			if q > best.q {
				best, ok = split{tau: tau, q: q}, true
			}
			if kappa == e {
				break
			}
			cross += dv.colSum(kappa, s, tau)
			withinY += dv.colSum(kappa, tau, kappa)
		}
	}
	return best, ok
}
