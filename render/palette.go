package render

import (
	"image/color"
	"sort"
	"sync"
)

// okabeIto is the Okabe–Ito palette, readable with every common colour
// vision deficiency (yellow left out: it vanishes on white).
var okabeIto = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	{0x00, 0x00, 0x00, 0xFF}, // black
}

// A Palette gives every system one colour, the same in every chart.
type Palette struct {
	mu      sync.Mutex // charts and the workbook are drawn on goroutines of their own
	systems []string
	index   map[string]int
}

// NewPalette assigns colours to systems in the order given (the baseline
// first gets blue); duplicates are ignored.
func NewPalette(systems []string) *Palette {
	p := &Palette{index: map[string]int{}}
	for _, s := range systems {
		p.add(s)
	}
	return p
}

func (p *Palette) add(s string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if i, ok := p.index[s]; ok {
		return i
	}
	p.index[s] = len(p.systems)
	p.systems = append(p.systems, s)
	return len(p.systems) - 1
}

// Color returns the colour of system s; systems not seen before get the
// next free colour.
func (p *Palette) Color(s string) color.Color {
	i := p.add(s)
	c := okabeIto[i%len(okabeIto)]
	if i >= len(okabeIto) { // a second round: lighter, still distinct from the first
		c = lighter(c, 0.45)
	}
	return c
}

// lighter mixes c with white, f of the way: an opaque colour, so that it
// is the same in a PNG, an SVG and a workbook chart.
func lighter(c color.RGBA, f float64) color.RGBA {
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f + 0.5) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xFF}
}

// Hex returns the colour of system s as "RRGGBB", for the workbook charts.
func (p *Palette) Hex(s string) string {
	r, g, b, _ := p.Color(s).RGBA()
	const hex = "0123456789ABCDEF"
	out := make([]byte, 0, 6)
	for _, v := range []uint32{r >> 8, g >> 8, b >> 8} {
		out = append(out, hex[v>>4], hex[v&15])
	}
	return string(out)
}

// Systems returns the systems in colour order.
func (p *Palette) Systems() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.systems...)
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
