package render

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
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

// A Figure is one chart: a plot, a legend drawn in a column at its right
// (so it never hides data) and a caption under it naming the data.
type Figure struct {
	Name    string // file name without extension: "bars-oltp_insert"
	Title   string // shown above the plot and as the image's alt text
	Caption string // what the chart shows and where the numbers come from
	Plot    *plot.Plot
	Legend  []LegendEntry
}

// A LegendEntry is one line of a Figure's legend.
type LegendEntry struct {
	Label  string
	Thumbs []plot.Thumbnailer
}

// WriteTo draws the figure in format ("png" or "svg") and writes it to w.
func (f *Figure) WriteTo(w io.Writer, format string) error {
	c, err := draw.NewFormattedCanvas(ChartWidth, ChartHeight, format)
	if err != nil {
		return err
	}
	f.Draw(draw.New(c))
	_, err = c.WriteTo(w)
	return err
}

// Draw draws the figure on c: caption at the bottom, legend on the right,
// the plot in what is left.
func (f *Figure) Draw(c draw.Canvas) {
	pad := vg.Points(8)
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())

	capSty := textStyle(10)
	capSty.Color = color.Gray{Y: 70}
	lines := wrap(capSty, f.Caption, c.Size().X-2*pad)
	lh := capSty.FontExtents().Height * 1.15
	capH := vg.Length(len(lines))*lh + pad
	for i, l := range lines {
		y := c.Min.Y + pad/2 + vg.Length(len(lines)-1-i)*lh + capSty.FontExtents().Descent
		c.FillText(capSty, vg.Point{X: c.Min.X + pad, Y: y}, l)
	}

	var legW vg.Length
	if len(f.Legend) > 0 {
		leg := plot.NewLegend()
		leg.TextStyle = textStyle(11)
		leg.Top, leg.Left = true, true
		leg.Padding = vg.Points(3)
		for _, e := range f.Legend {
			leg.Add(e.Label, e.Thumbs...)
		}
		r := leg.Rectangle(c)
		legW = r.Max.X - r.Min.X + 2*pad
		lc := draw.Crop(c, c.Size().X-legW+pad, -pad, capH, -(pad + f.titleHeight()))
		leg.Draw(lc)
	}
	f.Plot.Draw(draw.Crop(c, 0, -legW, capH, 0))
}

func (f *Figure) titleHeight() vg.Length {
	if f.Plot.Title.Text == "" {
		return 0
	}
	return f.Plot.Title.TextStyle.Height(f.Plot.Title.Text) + f.Plot.Title.Padding
}

// wrap splits s into lines no wider than w.
func wrap(sty text.Style, s string, w vg.Length) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if line != "" && sty.Width(try) > w {
				lines = append(lines, line)
				try = word
			}
			line = try
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
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
		a.Tick.Marker = commaTicks{}
	}
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	g := plotter.NewGrid()
	g.Vertical.Color = gridColor
	g.Horizontal.Color = gridColor
	g.Vertical.Width = 0
	p.Add(g)
	return p
}

// commaTicks are the default ticks labelled with thousands separators.
type commaTicks struct{}

func (commaTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = tickLabel(ts[i].Value)
		}
	}
	return ts
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
		y0, y1 := ty(0), ty(b.v)
		c.FillPolygon(b.color, []vg.Point{{X: l, Y: y0}, {X: r, Y: y0}, {X: r, Y: y1}, {X: l, Y: y1}})
		if !math.IsNaN(b.lo) && !math.IsNaN(b.hi) {
			xm := (l + r) / 2
			cap := (r - l) / 4
			c.StrokeLine2(ws, xm, ty(b.lo), xm, ty(b.hi))
			c.StrokeLine2(ws, xm-cap, ty(b.lo), xm+cap, ty(b.lo))
			c.StrokeLine2(ws, xm-cap, ty(b.hi), xm+cap, ty(b.hi))
		}
	}
}

func (bs barSet) DataRange() (xmin, xmax, ymin, ymax float64) {
	for _, b := range bs {
		ymax = math.Max(ymax, b.v)
		if !math.IsNaN(b.hi) {
			ymax = math.Max(ymax, b.hi)
		}
	}
	return -0.5, 0.5, 0, ymax
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
