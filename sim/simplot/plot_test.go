package simplot_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/scenario/scenariotest"
	"fray/sim"
	"fray/sim/simplot"
)

// demo starts a bundled blackpowder encounter.
func demo(t *testing.T, name string) engine.Table {
	t.Helper()
	return scenariotest.BundledTable(t, blackpowder.Info(), name)
}

// TestWrite checks that the plots are images of the size asked for: a PNG
// that decodes, an SVG document.
func TestWrite(t *testing.T) {
	bp := sim.For(blackpowder.Rules{})
	r, err := bp.Simulate(demo(t, "tavern_brawl"), sim.Options{Name: "tavern_brawl", Fights: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	sweep := &sim.Sweep{Path: "combatants[1].evade", Points: []sim.Point{{Value: int64(5), Report: r}, {Value: int64(6), Report: r}}}
	for _, tt := range []struct {
		name string
		draw func(*bytes.Buffer, string) error
		w, h int
	}{
		{"report", func(b *bytes.Buffer, f string) error { return simplot.WriteReport(b, r, f) }, 960, 384},
		{"sweep", func(b *bytes.Buffer, f string) error { return simplot.WriteSweep(b, sweep, f) }, 672, 384},
	} {
		var b bytes.Buffer
		if err := tt.draw(&b, "png"); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("%s: not a PNG: %v", tt.name, err)
		}
		if got := img.Bounds().Size(); got.X != tt.w || got.Y != tt.h {
			t.Errorf("%s: %v, want %dx%d", tt.name, got, tt.w, tt.h)
		}
		b.Reset()
		if err := tt.draw(&b, "svg"); err != nil {
			t.Fatal(err)
		}
		if svg := b.String(); !strings.HasPrefix(svg, "<?xml") || !strings.Contains(svg, "<svg") || !strings.HasSuffix(strings.TrimSpace(svg), "</svg>") {
			t.Errorf("%s: not an SVG document: %.200s", tt.name, svg)
		}
	}
	for file, want := range map[string]string{"a.png": "png", "B.SVG": "svg", "c.pdf": "", "d": ""} {
		got, err := simplot.Format(file)
		if got != want || (err == nil) != (want != "") {
			t.Errorf("Format(%q) = %q, %v", file, got, err)
		}
	}
}
