package render

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strings"
	"sync"

	"git.sr.ht/~sbinet/gg"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Chart size: 800×500 pixels at the 96 dpi gonum/plot uses for PNG, so a
// chart stays readable when a blog shows it 800 px wide.
const (
	ChartWidth  vg.Length = 600 // points: 800 px
	ChartHeight vg.Length = 375 // points: 500 px
)

var (
	sans       = font.Font{Typeface: "Liberation", Variant: "Sans"}
	gridColor  = color.Gray{Y: 225}
	shadeColor = color.RGBA{R: 0, G: 0, B: 0, A: 28}
	stallColor = color.RGBA{R: 200, A: 255}
	textColor  = color.Gray{Y: 30}
)

// A Figure is one chart: a plot and a legend drawn in a column at its
// right, so it never hides data. The caption is not drawn: the report
// prints it under the image, so the text is searchable and never
// repeated.
type Figure struct {
	Name    string // file name without extension: "bars-oltp_insert"
	Title   string // shown above the plot and as the image's alt text
	Caption string // what the chart shows and where the numbers come from
	Plot    *plot.Plot
	Legend  []LegendEntry
}

// A LegendEntry is one entry of a Figure's legend. Its label may hold
// several lines ("\n"); the thumbnails are drawn beside the first.
type LegendEntry struct {
	Label  string
	Thumbs []plot.Thumbnailer
}

// SVGFontFamily is the font list of SVG text: Liberation Sans, whose
// metrics lay the charts out, then the fonts that share its metrics
// (Arial, Helvetica) and the generic family.
const SVGFontFamily = "Liberation Sans, Arial, Helvetica, sans-serif"

// HiDPI is the scale of the high-resolution PNG written beside each PNG
// for high-density screens, named with HiDPISuffix ("x@2x.png").
const (
	HiDPI       = 2
	HiDPISuffix = "@2x"
)

// WriteTo draws the figure in format ("png" or "svg") and writes it to w.
func (f *Figure) WriteTo(w io.Writer, format string) error {
	switch format {
	case "svg":
		return f.writeSVG(w)
	case "png":
		return f.WritePNG(w, 1)
	}
	c, err := draw.NewFormattedCanvas(ChartWidth, ChartHeight, format)
	if err != nil {
		return err
	}
	f.Draw(draw.New(c))
	_, err = c.WriteTo(w)
	return err
}

// WritePNG draws the figure as a PNG of scale times 800×500 pixels.
func (f *Figure) WritePNG(w io.Writer, scale int) error {
	if scale == 1 {
		return encodePNG(w, halve(f.Image(2)))
	}
	return encodePNG(w, f.Image(scale))
}

// Image draws the figure on an image of scale times 800×500 pixels.
func (f *Figure) Image(scale int) *image.RGBA { return f.imageOn(nil, scale) }

// imageOn is Image drawing on img, an image of a chart drawn before, when
// it has the size (nil: a new image). vgimg makes two images of a
// chart's size, one copied into the other, for each chart; this is the
// canvas vgimg.NewWith(UseWH(ChartWidth, ChartHeight), UseDPI) makes,
// on img: the same size (the points of the size, 600×375, come back
// exactly from the pixels), the same context set up, the same white.
func (f *Figure) imageOn(img *image.RGBA, scale int) *image.RGBA {
	dpi := vgimg.DefaultDPI * scale
	w := ChartWidth / vg.Inch * vg.Length(dpi)
	h := ChartHeight / vg.Inch * vg.Length(dpi)
	if r := image.Rect(0, 0, int(w+0.5), int(h+0.5)); img == nil || img.Rect != r {
		img = image.NewRGBA(r)
	}
	ctx := gg.NewContextForRGBA(img)
	ctx.SetLineCapButt()
	ctx.InvertY()
	c := vgimg.NewWith(vgimg.UseImageWithContext(img, ctx), vgimg.UseDPI(dpi))
	f.draw(draw.New(c), false) // vgimg starts white
	return img
}

// halve scales img down by two, each pixel the mean of four: the 800×500
// PNG is the 1600×500 one averaged, which antialiases as well as drawing
// it anew and costs a fraction of that.
func halve(img *image.RGBA) *image.RGBA { return halveInto(nil, img) }

// halveInto is halve writing into out when it has the size (every byte
// of it is written), else into a new image.
func halveInto(out, img *image.RGBA) *image.RGBA {
	b := img.Bounds()
	if r := image.Rect(0, 0, b.Dx()/2, b.Dy()/2); out == nil || out.Rect != r {
		out = image.NewRGBA(r)
	}
	for y := 0; y < out.Rect.Dy(); y++ {
		r0 := img.Pix[(2*y)*img.Stride:]
		r1 := img.Pix[(2*y+1)*img.Stride:]
		o := out.Pix[y*out.Stride:]
		for x := 0; x < out.Rect.Dx(); x++ {
			i := 8 * x
			for k := 0; k < 4; k++ {
				o[4*x+k] = uint8((uint16(r0[i+k]) + uint16(r0[i+4+k]) + uint16(r1[i+k]) + uint16(r1[i+4+k]) + 2) / 4)
			}
		}
	}
	return out
}

// encodePNG writes img compressed for speed: a chart is mostly flat
// colour, which the fastest level already packs well.
func encodePNG(w io.Writer, img *image.RGBA) error {
	if img.Opaque() {
		return writePNG(w, img)
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, img)
}

// writeSVG writes the figure as SVG whose text holds where it was laid
// out whatever font the viewer has: every text element names the
// fallbacks of SVGFontFamily and carries its width in Liberation Sans as
// textLength, so that a wider or narrower font is fitted to the same
// span instead of running off the edge or into an axis.
func (f *Figure) writeSVG(w io.Writer) error {
	c := &svgCanvas{Canvas: vgsvg.New(ChartWidth, ChartHeight)}
	f.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.Canvas.WriteTo(&buf); err != nil {
		return err
	}
	_, err := w.Write(fitSVGText(buf.Bytes(), c.widths))
	return err
}

// svgCanvas records the width of every string drawn, in drawing order,
// which is the order of the SVG's text elements.
type svgCanvas struct {
	*vgsvg.Canvas
	widths []vg.Length
}

func (c *svgCanvas) FillString(f font.Face, pt vg.Point, s string) {
	c.widths = append(c.widths, f.Width(s))
	c.Canvas.FillString(f, pt, s)
}

// fitSVGText gives the i-th text element of svg the width widths[i] and
// the font fallbacks.
func fitSVGText(svg []byte, widths []vg.Length) []byte {
	const open = "<text "
	var out bytes.Buffer
	out.Grow(len(svg) + len(widths)*64)
	rest := svg
	for i := 0; ; i++ {
		j := bytes.Index(rest, []byte(open))
		if j < 0 {
			out.Write(rest)
			break
		}
		out.Write(rest[:j+len(open)])
		rest = rest[j+len(open):]
		if i < len(widths) && widths[i] > 0 {
			fmt.Fprintf(&out, `textLength="%.2f" lengthAdjust="spacingAndGlyphs" `, widths[i].Points())
		}
	}
	return bytes.ReplaceAll(out.Bytes(), []byte("font-family:Liberation Sans;"), []byte("font-family:"+SVGFontFamily+";"))
}

// Draw draws the figure on c: the legend in a column on the right, the
// plot in what is left.
func (f *Figure) Draw(c draw.Canvas) { f.draw(c, true) }

func (f *Figure) draw(c draw.Canvas, background bool) {
	pad := vg.Points(8)
	if background {
		c.SetColor(color.White)
		c.Fill(c.Rectangle.Path())
	}
	var legW vg.Length
	if len(f.Legend) > 0 {
		legW = legendWidth(f.Legend) + 2*pad
		top := c.Max.Y - pad - f.titleHeight()
		drawLegend(c, f.Legend, c.Max.X-legW+pad, top)
	}
	f.Plot.Draw(draw.Crop(c, 0, -legW, 0, 0))
}

// Legend layout.
var (
	legendText  = textStyle(11)
	legendThumb = vg.Points(20)
	legendGap   = vg.Points(4)
)

func legendWidth(es []LegendEntry) vg.Length {
	var w vg.Length
	for _, e := range es {
		for _, l := range strings.Split(e.Label, "\n") {
			w = max(w, legendText.Width(l))
		}
	}
	return legendThumb + legendText.Width(" ") + w
}

// drawLegend draws the entries from (x, top) down: the thumbnails in a
// column, each label beside its thumbnail, lines of a label one under
// the other.
func drawLegend(c draw.Canvas, es []LegendEntry, x, top vg.Length) {
	lh := legendText.FontExtents().Height
	desc := legendText.FontExtents().Descent
	tx := x + legendThumb + legendText.Width(" ")
	y := top
	for _, e := range es {
		lines := strings.Split(e.Label, "\n")
		icon := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: x, Y: y - lh + desc/2}, Max: vg.Point{X: x + legendThumb, Y: y - desc/2}}}
		for _, t := range e.Thumbs {
			t.Thumbnail(&icon)
		}
		for _, l := range lines {
			c.FillText(legendText, vg.Point{X: tx, Y: y - lh + desc}, l)
			y -= lh
		}
		y -= legendGap
	}
}

func (f *Figure) titleHeight() vg.Length {
	if f.Plot.Title.Text == "" {
		return 0
	}
	return f.Plot.Title.TextStyle.Height(f.Plot.Title.Text) + f.Plot.Title.Padding
}

func textStyle(size float64) text.Style {
	return text.Style{
		Color:   textColor,
		Font:    font.From(sans, vg.Points(size)),
		Handler: plot.DefaultTextHandler,
	}
}

// restyle sets the font and colour of s, keeping its alignment.
func restyle(s *text.Style, size float64) {
	s.Font = font.From(sans, vg.Points(size))
	s.Color = textColor
}

// newPlot returns a plot in the house style: sans fonts sized for 800 px,
// light grid, axis labels with units.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	restyle(&p.Title.TextStyle, 14)
	p.Title.Padding = vg.Points(6)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		restyle(&a.Label.TextStyle, 12)
		restyle(&a.Tick.Label, 11)
		a.Padding = vg.Points(2)
		a.Tick.Marker = niceTicks{}
	}
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	g := plotter.NewGrid()
	g.Vertical.Color = gridColor
	g.Horizontal.Color = gridColor
	g.Vertical.Width = 0
	p.Add(g)
	return p
}

// minTickLabels is the least number of labelled ticks on a linear axis.
const minTickLabels = 4

// niceTicks label a linear axis at steps of 1, 2, 2.5 or 5 times a power
// of ten (2.5 only where it gives whole numbers), the widest step that still gives minTickLabels labels, with an
// unlabelled tick halfway between labels; labels have thousands
// separators.
type niceTicks struct{}

func (niceTicks) Ticks(min, max float64) []plot.Tick {
	step := niceStep(min, max)
	if step == 0 {
		return []plot.Tick{{Value: min, Label: tickLabel(min)}}
	}
	var ts []plot.Tick
	prec := stepDecimals(step)
	minor := step / 2
	for i := math.Ceil(min/minor - 1e-9); ; i++ {
		v := i * minor
		if v > max+minor*1e-9 {
			break
		}
		if math.Abs(v) < minor*1e-9 {
			v = 0
		}
		t := plot.Tick{Value: v}
		if int64(i)%2 == 0 {
			t.Label = thousands(v, prec)
		}
		ts = append(ts, t)
	}
	return ts
}

// stepDecimals is the number of decimals that labels at multiples of
// step need, so that every label of an axis has the same precision
// ("0.0, 2.5, 5.0").
func stepDecimals(step float64) int {
	for d := 0; d < 10; d++ {
		x := step * math.Pow(10, float64(d))
		if math.Abs(x-math.Round(x)) < 1e-6*x {
			return d
		}
	}
	return 10
}

// niceStep returns the widest step of 1, 2, 2.5 or 5 times a power of ten
// that gives at least minTickLabels multiples within [min, max]; 0 when
// the range is empty.
func niceStep(min, max float64) float64 {
	if !(max > min) || !finite(min, max) {
		return 0
	}
	e := math.Pow(10, math.Floor(math.Log10(max-min)))
	for _, s := range []float64{10, 5, 2.5, 2, 1, 0.5, 0.25, 0.2, 0.1, 0.05, 0.025, 0.02, 0.01} {
		step := s * e
		if (s == 2.5 || s == 0.25 || s == 0.025) && step != math.Trunc(step) {
			continue // 2.5 steps only where labels stay whole: 25, 250, 2,500
		}
		if math.Floor(max/step+1e-9)-math.Ceil(min/step-1e-9)+1 >= minTickLabels {
			return step
		}
	}
	return e / 100
}

// niceMax is the top of a value axis from zero whose data reach v: the
// next labelled tick above v when that leaves no more than 15% empty,
// else v plus 8%.
func niceMax(v float64) float64 {
	if v <= 0 || !finite(v) {
		return 1
	}
	step := niceStep(0, v*1.02)
	top := math.Ceil(v*1.02/step) * step
	if top <= v*1.15 {
		return top
	}
	return v * 1.08
}

func tickLabel(v float64) string {
	switch a := math.Abs(v); {
	case a >= 1000:
		return thousands(v, 0)
	case a >= 10 || a == 0:
		return trimZeros(fmt.Sprintf("%.1f", v))
	default:
		return trimZeros(fmt.Sprintf("%.3g", v))
	}
}

func trimZeros(s string) string {
	if strings.Contains(s, ".") && !strings.ContainsAny(s, "eE") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// threadAxis makes the x axis of a thread sweep: the measured counts as
// ticks, on a log2 scale when they grow geometrically.
func threadAxis(p *plot.Plot, threads []float64) {
	if len(threads) == 0 {
		return
	}
	ticks := make(plot.ConstantTicks, len(threads))
	for i, t := range threads {
		ticks[i] = plot.Tick{Value: t, Label: trimZeros(fmt.Sprintf("%g", t))}
	}
	p.X.Tick.Marker = ticks
	lo, hi := threads[0], threads[len(threads)-1]
	if geometric(threads) {
		p.X.Scale = plot.LogScale{}
		p.X.Min, p.X.Max = lo/math.Pow(2, 0.25), hi*math.Pow(2, 0.25)
		return
	}
	span := hi - lo
	if span == 0 {
		span = 1
	}
	p.X.Min, p.X.Max = math.Max(0, lo-span*0.05), hi+span*0.05
}

// geometric reports whether sorted thread counts grow by ratios (1, 2, 4,
// 8 or 1, 4, 16) rather than steps: the case for a log axis.
func geometric(ts []float64) bool {
	if len(ts) < 3 || ts[0] <= 0 {
		return false
	}
	for i := 1; i < len(ts); i++ {
		if ts[i]/ts[i-1] < 1.5 {
			return false
		}
	}
	return true
}

// shade fills the data area between x0 and x1 (the warm-up).
type shade struct{ x0, x1 float64 }

func (s shade) Plot(c draw.Canvas, p *plot.Plot) {
	tx, _ := p.Transforms(&c)
	x0, x1 := tx(s.x0), tx(s.x1)
	if x0 < c.Min.X {
		x0 = c.Min.X
	}
	if x1 > c.Max.X {
		x1 = c.Max.X
	}
	if x1 <= x0 {
		return
	}
	c.FillPolygon(shadeColor, []vg.Point{{X: x0, Y: c.Min.Y}, {X: x1, Y: c.Min.Y}, {X: x1, Y: c.Max.Y}, {X: x0, Y: c.Max.Y}})
}

func (s shade) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(shadeColor, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
}

// bars draws grouped bars with interval whiskers, in data coordinates:
// group g is centred on x = g, and its bars share a width of 0.8.
type bars struct {
	group, slot, slots int
	v, lo, hi          float64 // lo, hi NaN: no whisker
	from               float64 // where the bar starts: 0, or 1 for a ratio
	color              color.Color
}

type barSet []bars

func (bs barSet) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	ws := draw.LineStyle{Color: textColor, Width: vg.Points(1.2)}
	for _, b := range bs {
		w := 0.8 / float64(b.slots)
		x0 := float64(b.group) - 0.4 + float64(b.slot)*w
		l, r := tx(x0+w*0.06), tx(x0+w*0.94)
		y0, y1 := ty(b.from), ty(b.v)
		c.FillPolygon(b.color, []vg.Point{{X: l, Y: y0}, {X: r, Y: y0}, {X: r, Y: y1}, {X: l, Y: y1}})
		if !math.IsNaN(b.lo) && !math.IsNaN(b.hi) {
			drawWhisker(c, ws, (l+r)/2, (r-l)/4, ty(b.lo), ty(b.hi))
		}
	}
}

// drawWhisker draws an interval from y0 to y1 at x with caps of half-width
// cap, clipped to the data area of c. An end cut by the clipping gets no
// cap, so a reader sees that the interval goes on (a lower bound below
// zero, which a throughput cannot reach, ends at the axis).
func drawWhisker(c draw.Canvas, sty draw.LineStyle, x, cap, y0, y1 vg.Length) {
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	if y1 < c.Min.Y || y0 > c.Max.Y {
		return
	}
	cut0, cut1 := y0 < c.Min.Y, y1 > c.Max.Y
	y0, y1 = max(y0, c.Min.Y), min(y1, c.Max.Y)
	c.StrokeLine2(sty, x, y0, x, y1)
	if !cut0 {
		c.StrokeLine2(sty, x-cap, y0, x+cap, y0)
	}
	if !cut1 {
		c.StrokeLine2(sty, x-cap, y1, x+cap, y1)
	}
}

func (bs barSet) DataRange() (xmin, xmax, ymin, ymax float64) {
	ymin = math.Inf(1)
	for _, b := range bs {
		ymin, ymax = math.Min(ymin, math.Min(b.from, b.v)), math.Max(ymax, math.Max(b.from, b.v))
		if !math.IsNaN(b.hi) {
			ymax = math.Max(ymax, b.hi)
		}
		if !math.IsNaN(b.lo) && b.from > 0 {
			ymin = math.Min(ymin, b.lo)
		}
	}
	if math.IsInf(ymin, 1) {
		ymin = 0
	}
	return -0.5, 0.5, ymin, ymax
}

// swatch is a filled square legend thumbnail.
type swatch struct{ color color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(s.color, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
}

// finite reports whether every value is a finite number.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// A pointLabel is a short text written beside a data point.
type pointLabel struct {
	x, y  float64
	text  string
	color color.Color
}

// pointLabels write each label beside its point where it hides the
// least: inside the data area, over no point and no label placed before
// it, and across as few of the curves' segments as can be. Where points
// crowd (three systems' single-thread points a few pixels apart), a
// label moves out to two or three times the usual distance rather than
// sit on a neighbour's marker or label.
type pointLabels struct {
	labels []pointLabel
	curves []plotter.XYs // the lines drawn through the points, in data coordinates
}

// pointLabelRadius is the room left around a point's marker.
var pointLabelRadius = vg.Points(5)

// labelsPlaced, when set, is given the boxes of every label drawn and of
// every point's marker (with pointLabelRadius around it), in canvas
// coordinates: the tests check that none overlap.
var labelsPlaced func(labels, markers []vg.Rectangle)

func (ls pointLabels) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	sty := textStyle(9)
	e := sty.FontExtents()
	r := pointLabelRadius
	markers := make([]vg.Rectangle, 0, len(ls.labels))
	for _, l := range ls.labels {
		x, y := tx(l.x), ty(l.y)
		markers = append(markers, vg.Rectangle{Min: vg.Point{X: x - r, Y: y - r}, Max: vg.Point{X: x + r, Y: y + r}})
	}
	taken := append(make([]vg.Rectangle, 0, 2*len(ls.labels)), markers...)
	var segs [][2]vg.Point
	for _, cv := range ls.curves {
		for i := 1; i < len(cv); i++ {
			segs = append(segs, [2]vg.Point{{X: tx(cv[i-1].X), Y: ty(cv[i-1].Y)}, {X: tx(cv[i].X), Y: ty(cv[i].Y)}})
		}
	}
	placed := make([]vg.Rectangle, 0, len(ls.labels))
	for _, l := range ls.labels {
		x, y := tx(l.x), ty(l.y)
		w, h := sty.Width(l.text), e.Ascent+e.Descent
		best, bestCost := vg.Point{X: x + r, Y: y - h/2}, math.Inf(1)
		for k := 1; k <= 3; k++ {
			rk := r * vg.Length(k)
			d := rk * 0.75
			// Lower-left corners of the candidate boxes, in order of preference.
			cands := []vg.Point{
				{X: x + rk, Y: y - h/2}, {X: x - rk - w, Y: y - h/2},
				{X: x + d, Y: y + d}, {X: x - d - w, Y: y + d},
				{X: x + d, Y: y - d - h}, {X: x - d - w, Y: y - d - h},
				{X: x - w/2, Y: y + rk}, {X: x - w/2, Y: y - rk - h},
			}
			for _, cd := range cands {
				box := vg.Rectangle{Min: cd, Max: vg.Point{X: cd.X + w, Y: cd.Y + h}}
				// Further out costs a little: a label stays by its point
				// unless that hides something.
				cost := 0.5 * float64(k-1)
				if !inside(box, c.Rectangle) {
					cost += 1000
				}
				for _, t := range taken {
					if overlaps(box, t) {
						cost += 100
					}
				}
				for _, sg := range segs {
					if crosses(sg[0], sg[1], box) {
						cost++
					}
				}
				if cost < bestCost {
					best, bestCost = cd, cost
				}
			}
		}
		box := vg.Rectangle{Min: best, Max: vg.Point{X: best.X + w, Y: best.Y + h}}
		taken = append(taken, box)
		placed = append(placed, box)
		s := sty
		s.Color = l.color
		c.FillText(s, vg.Point{X: best.X, Y: best.Y + e.Descent}, l.text)
	}
	if labelsPlaced != nil {
		labelsPlaced(placed, markers)
	}
}

func inside(a, b vg.Rectangle) bool {
	return a.Min.X >= b.Min.X && a.Min.Y >= b.Min.Y && a.Max.X <= b.Max.X && a.Max.Y <= b.Max.Y
}

func overlaps(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// crosses reports whether the segment from a to b passes through r
// (Liang–Barsky clipping).
func crosses(a, b vg.Point, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	for _, pq := range [4][2]float64{
		{-dx, float64(a.X - r.Min.X)}, {dx, float64(r.Max.X - a.X)},
		{-dy, float64(a.Y - r.Min.Y)}, {dy, float64(r.Max.Y - a.Y)},
	} {
		p, q := pq[0], pq[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// writePNG encodes an opaque RGBA image as an 8-bit RGB PNG with one
// filter for every row (up; sub on the first). image/png tries all five
// filters on every row: on chart images that took a fifth of the time of
// a report for files about 10% smaller (BenchmarkReport1000, BENCH.md).
func writePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(width))
	binary.BigEndian.PutUint32(hdr[4:], uint32(height))
	hdr[8], hdr[9] = 8, 2 // 8 bits, truecolour
	bw := bufio.NewWriterSize(w, 64<<10)
	if _, err := bw.WriteString("\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	if err := pngChunk(bw, "IHDR", hdr[:]); err != nil {
		return err
	}
	e, _ := pngEncoders.Get().(*pngEncoder)
	if e == nil {
		e = new(pngEncoder)
		zw, err := zlib.NewWriterLevel(&e.idat, zlib.BestSpeed)
		if err != nil {
			return err
		}
		e.zw = zw
	}
	defer pngEncoders.Put(e)
	e.idat.Reset()
	e.zw.Reset(&e.idat)
	if cap(e.row) < 1+3*width {
		e.row = make([]byte, 1+3*width)
	}
	row := e.row[:1+3*width]
	// Each row filtered straight from the image's pixels, RGBA to RGB:
	// the first by "sub", the others by "up".
	var prev []byte
	for y := 0; y < height; y++ {
		p := img.Pix[(y+b.Min.Y-img.Rect.Min.Y)*img.Stride+(b.Min.X-img.Rect.Min.X)*4:][:4*width]
		out := row[1:]
		if y == 0 {
			row[0] = 1 // sub
			var l0, l1, l2 byte
			for x := 0; x < width; x++ {
				px, o := p[4*x:4*x+3], out[3*x:3*x+3]
				o[0], o[1], o[2] = px[0]-l0, px[1]-l1, px[2]-l2
				l0, l1, l2 = px[0], px[1], px[2]
			}
		} else {
			row[0] = 2 // up
			for x := 0; x < width; x++ {
				px, q, o := p[4*x:4*x+3], prev[4*x:4*x+3], out[3*x:3*x+3]
				o[0], o[1], o[2] = px[0]-q[0], px[1]-q[1], px[2]-q[2]
			}
		}
		if _, err := e.zw.Write(row); err != nil {
			return err
		}
		prev = p
	}
	if err := e.zw.Close(); err != nil {
		return err
	}
	if err := pngChunk(bw, "IDAT", e.idat.Bytes()); err != nil {
		return err
	}
	if e.idat.Cap() > 16<<20 {
		e.idat = bytes.Buffer{} // not kept: an image far larger than a chart
	}
	if err := pngChunk(bw, "IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

// A pngEncoder is what writePNG reuses from one chart to the next: the
// compressor (its window and tables, some 1 MB to set up), the
// compressed image and a filtered row.
type pngEncoder struct {
	zw   *zlib.Writer
	idat bytes.Buffer
	row  []byte
}

var pngEncoders sync.Pool

func pngChunk(w io.Writer, kind string, data []byte) error {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	for _, b := range [][]byte{n[:], []byte(kind), data, binary.BigEndian.AppendUint32(nil, crc.Sum32())} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// undrawable returns, once each and in order, the characters of texts
// that the PNG charts' font (Liberation Sans, the only one sbreport has:
// no font with CJK glyphs is embedded, and the charts do not depend on
// the fonts of the machine) has no glyph for: the PNG leaves them out,
// while the SVG charts keep the text for the viewer's fonts to draw.
func undrawable(texts []string) []rune {
	face := font.DefaultCache.Lookup(sans, vg.Points(10))
	if face.Face == nil {
		return nil
	}
	seen := map[rune]bool{}
	var out []rune
	for _, t := range texts {
		for _, r := range t {
			if r < 0x80 || seen[r] {
				continue
			}
			seen[r] = true
			if g, err := face.Face.GlyphIndex(nil, r); err != nil || g == 0 {
				out = append(out, r)
			}
		}
	}
	return out
}

// pngTextWarning says which names the PNG charts cannot write whole, or
// "" when they can.
func pngTextWarning(names []string) string {
	var bad []string
	for _, n := range names {
		if len(undrawable([]string{n})) > 0 {
			bad = append(bad, n)
		}
	}
	if len(bad) == 0 {
		return ""
	}
	more := ""
	if len(bad) > 5 {
		more = fmt.Sprintf(" and %d more", len(bad)-5)
		bad = bad[:5]
	}
	return fmt.Sprintf("the PNG charts cannot draw the characters %q of %s%s: sbreport's chart font (Liberation Sans) has no glyph for them and no other font is used; the SVG charts and the tables keep these names as written",
		string(undrawable(names)), strings.Join(quoteAll(bad), ", "), more)
}

func quoteAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = "\"" + x + "\""
	}
	return out
}
