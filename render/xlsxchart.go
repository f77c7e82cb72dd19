package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// The workbook's charts are written as DrawingML directly: excelize lays
// out the drawing, its anchor and relationships, and its chart part is
// then replaced by one that has what excelize does not write — numeric x
// values for scatter charts (excelize references them as text, so Excel
// may plot 1, 2, 3, 4, 5 for 1, 2, 4, 8, 16 threads), a log2 x axis,
// error bars, and a cache of every plotted value and name, which
// previewers such as Quick Look draw instead of recalculating. The
// elements follow the order of the CT_* types of ECMA-376 Part 1,
// §21.2 (DrawingML Charts).

// An xref is a column range of a sheet, rows first to last (1-based).
type xref struct {
	sheet       string
	col         int
	first, last int
}

func (r xref) ok() bool { return r.sheet != "" && r.col > 0 && r.first > 0 && r.last >= r.first }

// String returns the absolute reference, "'Scaling'!$C$2:$C$6".
func (r xref) String() string {
	c, _ := excelize.ColumnNumberToName(r.col)
	if r.first == r.last {
		return fmt.Sprintf("'%s'!$%s$%d", r.sheet, c, r.first)
	}
	return fmt.Sprintf("'%s'!$%s$%d:$%s$%d", r.sheet, c, r.first, c, r.last)
}

// An xseries is one series of an xchart.
type xseries struct {
	name        xref // one cell holding the series name
	x, y        xref // categories (bar) or x values (scatter); values
	minus, plus xref // error bar lengths below and above y; unset: none
	color       string
	marker      bool    // scatter: circle markers
	lineWidth   float64 // scatter: points; 0 draws no line
	dash        bool
}

// An xchart is a clustered column chart (bar) or a scatter chart.
type xchart struct {
	bar                   bool
	title, xTitle, yTitle string
	xLog2                 bool
	xMin, xMax            float64 // scatter: x axis bounds, when xMax > xMin
	yMin0                 bool
	// yLog2 draws y on a log2 axis from yMin to yMax, in the number
	// format yFormat, with the categories crossing it at 1: ratios, whose
	// bars then grow up from 1 when better and down when worse.
	yLog2      bool
	yMin, yMax float64
	yFormat    string
	series     []xseries
}

// addChart adds ch at cell anchor of sheet, w×h pixels.
func (wb *workbook) addChart(sheet, anchor string, w, h uint, ch xchart) error {
	// excelize's chart of the same kind and series, for the drawing and
	// relationships; its part is replaced below.
	stub := &excelize.Chart{Type: excelize.Col, Dimension: excelize.ChartDimension{Width: w, Height: h}}
	if !ch.bar {
		stub.Type = excelize.Scatter
	}
	for _, s := range ch.series {
		stub.Series = append(stub.Series, excelize.ChartSeries{Name: s.name.String(), Categories: s.x.String(), Values: s.y.String()})
	}
	if err := wb.f.AddChart(sheet, anchor, stub); err != nil {
		return err
	}
	wb.charts++
	part := fmt.Sprintf("xl/charts/chart%d.xml", wb.charts)
	if _, ok := wb.f.Pkg.Load(part); !ok {
		return fmt.Errorf("workbook chart %d: excelize wrote no %s", wb.charts, part)
	}
	wb.f.Pkg.Store(part, wb.chartXML(ch))
	return nil
}

// Axis ids.
const (
	axX = 1
	axY = 2
)

// chartXML writes the chart part of ch.
func (wb *workbook) chartXML(ch xchart) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`)
	b.WriteString(`<c:roundedCorners val="0"/><c:chart>`)
	richTitle(&b, ch.title, 1400)
	b.WriteString(`<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/>`)
	if ch.bar {
		b.WriteString(`<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>`)
	} else {
		b.WriteString(`<c:scatterChart><c:scatterStyle val="lineMarker"/><c:varyColors val="0"/>`)
	}
	for i, s := range ch.series {
		wb.seriesXML(&b, ch, i, s)
	}
	if ch.bar {
		fmt.Fprintf(&b, `<c:gapWidth val="80"/><c:axId val="%d"/><c:axId val="%d"/></c:barChart>`, axX, axY)
		fmt.Fprintf(&b, `<c:catAx><c:axId val="%d"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/>`, axX)
		axisTitle(&b, ch.xTitle)
		crosses := `<c:crosses val="autoZero"/>`
		if ch.yLog2 {
			crosses = `<c:crossesAt val="1"/>`
		}
		fmt.Fprintf(&b, `<c:numFmt formatCode="General" sourceLinked="0"/><c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="low"/>`+
			`<c:crossAx val="%d"/>%s<c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>`, axY, crosses)
	} else {
		fmt.Fprintf(&b, `<c:axId val="%d"/><c:axId val="%d"/></c:scatterChart>`, axX, axY)
		fmt.Fprintf(&b, `<c:valAx><c:axId val="%d"/><c:scaling>`, axX)
		if ch.xLog2 {
			b.WriteString(`<c:logBase val="2"/>`)
		}
		b.WriteString(`<c:orientation val="minMax"/>`)
		if ch.xMax > ch.xMin {
			fmt.Fprintf(&b, `<c:max val="%s"/><c:min val="%s"/>`, num(ch.xMax), num(ch.xMin))
		}
		b.WriteString(`</c:scaling><c:delete val="0"/><c:axPos val="b"/>`)
		axisTitle(&b, ch.xTitle)
		fmt.Fprintf(&b, `<c:numFmt formatCode="General" sourceLinked="0"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>`+
			`<c:crossAx val="%d"/><c:crosses val="autoZero"/><c:crossBetween val="midCat"/>`, axY)
		if ch.xLog2 {
			b.WriteString(`<c:majorUnit val="2"/>`)
		}
		b.WriteString(`</c:valAx>`)
	}
	fmt.Fprintf(&b, `<c:valAx><c:axId val="%d"/><c:scaling>`, axY)
	if ch.yLog2 {
		b.WriteString(`<c:logBase val="2"/>`)
	}
	b.WriteString(`<c:orientation val="minMax"/>`)
	if ch.yLog2 && ch.yMax > ch.yMin {
		fmt.Fprintf(&b, `<c:max val="%s"/><c:min val="%s"/>`, num(ch.yMax), num(ch.yMin))
	}
	if ch.yMin0 {
		// The top is set too: LibreOffice leaves the points at the end
		// of a bounded log x axis, and every error bar, out of its own.
		if top := wb.yTop(ch); top > 0 {
			fmt.Fprintf(&b, `<c:max val="%s"/>`, num(niceMax(top)))
		}
		b.WriteString(`<c:min val="0"/>`)
	}
	b.WriteString(`</c:scaling><c:delete val="0"/><c:axPos val="l"/><c:majorGridlines><c:spPr><a:ln w="6350"><a:solidFill><a:srgbClr val="D9D9D9"/></a:solidFill></a:ln></c:spPr></c:majorGridlines>`)
	axisTitle(&b, ch.yTitle)
	crossBetween := "midCat"
	if ch.bar {
		crossBetween = "between"
	}
	yFormat := "#,##0.##"
	if ch.yFormat != "" {
		yFormat = ch.yFormat
	}
	b.WriteString(`<c:numFmt formatCode="`)
	xmlText(&b, yFormat) // escapes quotes too: fit for an attribute
	fmt.Fprintf(&b, `" sourceLinked="0"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>`+
		`<c:crossAx val="%d"/><c:crosses val="autoZero"/><c:crossBetween val="%s"/>`, axX, crossBetween)
	if ch.yLog2 {
		b.WriteString(`<c:majorUnit val="2"/>`)
	}
	b.WriteString(`</c:valAx>`)
	b.WriteString(`</c:plotArea><c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>`)
	return b.Bytes()
}

// anyNumber reports whether a cell of r holds a number.
func (wb *workbook) anyNumber(r xref) bool {
	for row := r.first; row <= r.last; row++ {
		if x, ok := wb.cells[r.sheet][cellAt{r.col, row}].(float64); ok && finite(x) {
			return true
		}
	}
	return false
}

// yTop returns the highest point of ch, error bars included.
func (wb *workbook) yTop(ch xchart) float64 {
	top := 0.0
	for _, s := range ch.series {
		for row := s.y.first; row <= s.y.last; row++ {
			y, ok := wb.cells[s.y.sheet][cellAt{s.y.col, row}].(float64)
			if !ok || !finite(y) {
				continue
			}
			if s.plus.ok() {
				if p, ok := wb.cells[s.plus.sheet][cellAt{s.plus.col, s.plus.first + row - s.y.first}].(float64); ok && finite(p) {
					y += p
				}
			}
			top = math.Max(top, y)
		}
	}
	return top
}

func (wb *workbook) seriesXML(b *bytes.Buffer, ch xchart, i int, s xseries) {
	fmt.Fprintf(b, `<c:ser><c:idx val="%d"/><c:order val="%d"/>`, i, i)
	if s.name.ok() {
		b.WriteString(`<c:tx>`)
		wb.strRef(b, s.name)
		b.WriteString(`</c:tx>`)
	}
	fill := `<a:solidFill><a:srgbClr val="` + s.color + `"/></a:solidFill>`
	switch {
	case ch.bar:
		b.WriteString(`<c:spPr>` + fill + `</c:spPr><c:invertIfNegative val="0"/>`)
	case s.lineWidth > 0:
		fmt.Fprintf(b, `<c:spPr><a:ln w="%d" cap="rnd">%s`, int(s.lineWidth*12700), fill)
		if s.dash {
			b.WriteString(`<a:prstDash val="dash"/>`)
		}
		b.WriteString(`<a:round/></a:ln></c:spPr>`)
	default:
		b.WriteString(`<c:spPr><a:ln><a:noFill/></a:ln></c:spPr>`)
	}
	if !ch.bar {
		if s.marker {
			b.WriteString(`<c:marker><c:symbol val="circle"/><c:size val="6"/><c:spPr>` + fill + `<a:ln>` + fill + `</a:ln></c:spPr></c:marker>`)
		} else {
			b.WriteString(`<c:marker><c:symbol val="none"/></c:marker>`)
		}
	}
	if s.minus.ok() && s.plus.ok() && (wb.anyNumber(s.minus) || wb.anyNumber(s.plus)) {
		b.WriteString(`<c:errBars>`)
		if !ch.bar {
			b.WriteString(`<c:errDir val="y"/>`)
		}
		b.WriteString(`<c:errBarType val="both"/><c:errValType val="cust"/><c:noEndCap val="0"/><c:plus>`)
		wb.numRef(b, s.plus)
		b.WriteString(`</c:plus><c:minus>`)
		wb.numRef(b, s.minus)
		lineCol := "404040"
		if !ch.bar {
			lineCol = s.color
		}
		b.WriteString(`</c:minus><c:spPr><a:ln w="12700"><a:solidFill><a:srgbClr val="` + lineCol + `"/></a:solidFill></a:ln></c:spPr></c:errBars>`)
	}
	if ch.bar {
		b.WriteString(`<c:cat>`)
		wb.strRef(b, s.x)
		b.WriteString(`</c:cat><c:val>`)
		wb.numRef(b, s.y)
		b.WriteString(`</c:val></c:ser>`)
		return
	}
	b.WriteString(`<c:xVal>`)
	wb.numRef(b, s.x)
	b.WriteString(`</c:xVal><c:yVal>`)
	wb.numRef(b, s.y)
	b.WriteString(`</c:yVal><c:smooth val="0"/></c:ser>`)
}

// numRef writes a reference to numbers with the values of its cells as
// the cache; empty cells are left out of the cache (a gap).
func (wb *workbook) numRef(b *bytes.Buffer, r xref) {
	b.WriteString(`<c:numRef><c:f>`)
	xmlText(b, r.String())
	fmt.Fprintf(b, `</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="%d"/>`, r.last-r.first+1)
	for row := r.first; row <= r.last; row++ {
		if x, ok := wb.cells[r.sheet][cellAt{r.col, row}].(float64); ok && finite(x) {
			fmt.Fprintf(b, `<c:pt idx="%d"><c:v>%s</c:v></c:pt>`, row-r.first, num(x))
		}
	}
	b.WriteString(`</c:numCache></c:numRef>`)
}

// strRef writes a reference to text with its cells' text as the cache.
func (wb *workbook) strRef(b *bytes.Buffer, r xref) {
	b.WriteString(`<c:strRef><c:f>`)
	xmlText(b, r.String())
	fmt.Fprintf(b, `</c:f><c:strCache><c:ptCount val="%d"/>`, r.last-r.first+1)
	for row := r.first; row <= r.last; row++ {
		v := wb.cells[r.sheet][cellAt{r.col, row}]
		var s string
		switch x := v.(type) {
		case string:
			s = x
		case float64:
			s = num(x)
		default:
			continue
		}
		fmt.Fprintf(b, `<c:pt idx="%d"><c:v>`, row-r.first)
		xmlText(b, s)
		b.WriteString(`</c:v></c:pt>`)
	}
	b.WriteString(`</c:strCache></c:strRef>`)
}

func richTitle(b *bytes.Buffer, text string, size int) {
	if text == "" {
		return
	}
	fmt.Fprintf(b, `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="%d" b="0"/></a:pPr><a:r><a:rPr lang="en-US" sz="%d" b="0"/><a:t>`, size, size)
	xmlText(b, text)
	b.WriteString(`</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>`)
}

func axisTitle(b *bytes.Buffer, text string) { richTitle(b, text, 1000) }

func xmlText(b *bytes.Buffer, s string) { xml.EscapeText(b, []byte(s)) }

// num formats a cached value as XML Schema double.
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// lighterHex is the faded colour of a poor fit, as "RRGGBB".
func lighterHex(c color.Color) string {
	r, g, bl, _ := c.RGBA()
	l := lighter(color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 0xFF}, 0.55)
	return fmt.Sprintf("%02X%02X%02X", l.R, l.G, l.B)
}
