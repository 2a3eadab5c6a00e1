// Package simplot draws the results of package sim as PNG or SVG images:
// a report's rounds histogram beside its outcomes, and a sweep's win rates
// against the value varied, each rate with its 95% interval. It is apart
// from sim so that programs that simulate without plotting do not link
// gonum/plot and its font and image stack.
package simplot

import (
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"fray/sim"
)

// Plot sizes: a report's two panels side by side, a sweep's one panel.
const (
	plotWidth  = 10 * vg.Inch
	plotHeight = 4 * vg.Inch
	sweepWidth = 7 * vg.Inch
)

// Format returns the image format a plot file's extension asks for: "png"
// or "svg". Any other extension is an error naming the file.
func Format(file string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(file)); ext {
	case ".png", ".svg":
		return ext[1:], nil
	default:
		return "", fmt.Errorf("cannot plot to %q: the file must end in .png or .svg", file)
	}
}

// WriteReport draws a report: the histogram of rounds to finish (when the
// ruleset counts rounds) beside the win rates, each with its 95% interval.
// format is "png" or "svg".
func WriteReport(w io.Writer, r *sim.Report, format string) error {
	var plots []*plot.Plot
	if r.Rounds != nil {
		p, err := roundsPlot(r)
		if err != nil {
			return err
		}
		plots = append(plots, p)
	}
	p, err := winPlot(r)
	if err != nil {
		return err
	}
	plots = append(plots, p)
	return writeTiled(w, plots, plotWidth, plotHeight, format)
}

// roundsPlot is the histogram of rounds to finish, as shares of the fights
// that ended.
func roundsPlot(r *sim.Report) (*plot.Plot, error) {
	rd := r.Rounds
	vals := make(plotter.Values, len(rd.Histogram))
	for i, b := range rd.Histogram {
		vals[i] = 100 * float64(b.Fights) / float64(rd.Fights)
	}
	bars, err := plotter.NewBarChart(vals, barSize(len(vals)))
	if err != nil {
		return nil, fmt.Errorf("plotting the rounds: %w", err)
	}
	bars.XMin = float64(rd.Min)
	bars.Color = plotutil.Color(0)
	bars.LineStyle.Width = 0
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Rounds to finish (mean %.2f, median %d, p95 %d)", rd.Mean, rd.Median, rd.P95)
	p.X.Label.Text = "rounds"
	p.Y.Label.Text = "% of fights"
	p.Y.Min = 0
	p.Y.Tick.Marker = plainTicks{}
	if rd.Max-rd.Min < 20 {
		p.X.Tick.Marker = everyTick(rd.Min, rd.Max)
	}
	p.Add(bars)
	return p, nil
}

// plainTicks are gonum's default ticks with their labels written as
// briefly as their values allow ("25", not "25.00").
type plainTicks struct{}

func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'f', -1, 64)
		}
	}
	return ticks
}

// everyTick marks and labels every whole number from lo to hi.
func everyTick(lo, hi int) plot.ConstantTicks {
	var ticks plot.ConstantTicks
	for v := lo; v <= hi; v++ {
		ticks = append(ticks, plot.Tick{Value: float64(v), Label: strconv.Itoa(v)})
	}
	return ticks
}

// barSize is the width of a bar when there are n of them.
func barSize(n int) vg.Length {
	return max(min(vg.Points(300/float64(max(n, 1))), vg.Points(30)), vg.Points(2))
}

// winPlot is the win rate of each side, and the draws and timeouts, with
// their 95% intervals.
func winPlot(r *sim.Report) (*plot.Plot, error) {
	var names []string
	var rates []sim.Rate
	for _, s := range r.Sides {
		names = append(names, s.Side+" ("+s.Policy+")")
		rates = append(rates, s.Wins)
	}
	names = append(names, "draws")
	rates = append(rates, r.Draws)
	if r.Timeouts.Count > 0 {
		names = append(names, "timeouts")
		rates = append(rates, r.Timeouts)
	}
	vals := make(plotter.Values, len(rates))
	pts := make(plotter.XYs, len(rates))
	errs := make(plotter.YErrors, len(rates))
	for i, rt := range rates {
		vals[i] = 100 * rt.Rate
		pts[i] = plotter.XY{X: float64(i), Y: 100 * rt.Rate}
		errs[i].Low, errs[i].High = 100*(rt.Rate-rt.Low), 100*(rt.High-rt.Rate)
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(40))
	if err != nil {
		return nil, fmt.Errorf("plotting the win rates: %w", err)
	}
	bars.Color = plotutil.Color(1)
	bars.LineStyle.Width = 0
	ebars, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{pts, errs})
	if err != nil {
		return nil, fmt.Errorf("plotting the win rates: %w", err)
	}
	ebars.LineStyle.Color = color.Black
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Outcomes of %d fights (95%% intervals)", r.Fights)
	p.Y.Label.Text = "% of fights"
	p.Y.Min, p.Y.Max = 0, 100
	p.Y.Tick.Marker = plainTicks{}
	p.Add(bars, ebars)
	p.NominalX(names...)
	return p, nil
}

// WriteSweep draws a sweep: each side's win rate, with its 95%
// interval, against the value varied. format is "png" or "svg".
func WriteSweep(w io.Writer, s *sim.Sweep, format string) error {
	p := plot.New()
	p.Title.Text = "Win rate against " + s.Path
	p.X.Label.Text = s.Path
	p.Y.Label.Text = "% of fights won (95% intervals)"
	p.Y.Min, p.Y.Max = 0, 100
	p.Y.Tick.Marker = plainTicks{}
	p.Legend.Top = true
	numeric := numeric(s)
	var labels []string
	for _, pt := range s.Points {
		labels = append(labels, fmt.Sprint(pt.Value))
	}
	var sides []string
	if len(s.Points) > 0 {
		for _, sr := range s.Points[0].Report.Sides {
			sides = append(sides, sr.Side)
		}
	}
	for k, side := range sides {
		pts := make(plotter.XYs, len(s.Points))
		errs := make(plotter.YErrors, len(s.Points))
		for i, pt := range s.Points {
			x := float64(i)
			if numeric {
				x, _ = toFloat(pt.Value)
			}
			var rt sim.Rate
			if sr := pt.Report.Side(side); sr != nil {
				rt = sr.Wins
			}
			pts[i] = plotter.XY{X: x, Y: 100 * rt.Rate}
			errs[i].Low, errs[i].High = 100*(rt.Rate-rt.Low), 100*(rt.High-rt.Rate)
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return fmt.Errorf("plotting the sweep: %w", err)
		}
		line.Color = plotutil.Color(k)
		points.Color = plotutil.Color(k)
		points.Shape = draw.CircleGlyph{}
		ebars, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{pts, errs})
		if err != nil {
			return fmt.Errorf("plotting the sweep: %w", err)
		}
		ebars.LineStyle.Color = plotutil.Color(k)
		p.Add(line, points, ebars)
		p.Legend.Add(side, line, points)
	}
	switch {
	case !numeric:
		p.NominalX(labels...)
	case len(s.Points) <= 20:
		var ticks plot.ConstantTicks
		for _, pt := range s.Points {
			x, _ := toFloat(pt.Value)
			ticks = append(ticks, plot.Tick{Value: x, Label: fmt.Sprint(pt.Value)})
		}
		p.X.Tick.Marker = ticks
	}
	return writeTiled(w, []*plot.Plot{p}, sweepWidth, plotHeight, format)
}

// writeTiled draws plots side by side on one canvas of the given size and
// writes it in the format. gonum/plot panics on data it cannot draw; that
// is returned as an error.
func writeTiled(w io.Writer, plots []*plot.Plot, width, height vg.Length, format string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("plotting: %v", r)
		}
	}()
	c, err := draw.NewFormattedCanvas(width, height, format)
	if err != nil {
		return fmt.Errorf("plotting: %w", err)
	}
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: 1, Cols: len(plots), PadX: vg.Millimeter * 6, PadTop: vg.Millimeter * 2,
		PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 4}
	canvases := plot.Align([][]*plot.Plot{plots}, tiles, dc)
	for i, p := range plots {
		p.Draw(canvases[0][i])
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("writing the %s plot: %w", format, err)
	}
	return nil
}

// numeric reports whether every value of the sweep is a number, to be
// placed on a numeric axis.
func numeric(s *sim.Sweep) bool {
	for _, p := range s.Points {
		if _, ok := toFloat(p.Value); !ok {
			return false
		}
	}
	return true
}

// toFloat returns a numeric value of a sweep as a float64.
func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case int64:
		return float64(v), true
	case float64:
		return v, true
	case int:
		return float64(v), true
	}
	return 0, false
}
