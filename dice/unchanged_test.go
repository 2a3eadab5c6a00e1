package dice

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

// unchangedDigest sums up everything an expression does: seeded detailed
// rolls and plain rolls, the order of its draws, its exact distribution,
// canonical form and range.
func unchangedDigest(text string) string {
	h := sha256.New()
	e := MustParse(text)
	src := Seeded(7)
	for range 200 {
		fmt.Fprintln(h, e.RollDetailed(src).Text)
	}
	src2 := Seeded(8)
	for range 2000 {
		fmt.Fprintln(h, e.Roll(src2))
	}
	rec := &Recorder{Source: Seeded(9)}
	for range 100 {
		e.Roll(rec)
	}
	fmt.Fprintln(h, rec.Draws)
	if d, err := e.Exact(ExactOptions{ExplodeDepth: 3}); err == nil {
		for _, o := range d.Outcomes() {
			fmt.Fprintln(h, o.Value, o.P.RatString())
		}
		fmt.Fprintln(h, d.Truncated().RatString())
	} else {
		fmt.Fprintln(h, err)
	}
	fmt.Fprintln(h, e.String())
	lo, okLo := e.Min()
	hi, okHi := e.Max()
	fmt.Fprintln(h, lo, okLo, hi, okHi)
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

// TestExistingExpressionsUnchanged: the rulesets draw their dice through
// this package, so the forms that existed before Foundry's and Roll20's
// were added must roll, draw, print and compute exactly as they did. The
// digests were taken with the code before that change (commit b41325e).
func TestExistingExpressionsUnchanged(t *testing.T) {
	want := map[string]string{
		"3d6":          "abcf4f456f05d736",
		"d20+5":        "8f038d398081022b",
		"4d6kh3":       "8501ea9c8b13c493",
		"4d6dl1":       "e61e73de1d175f21",
		"5d6dh2":       "84c0dab118b23dad",
		"2d10kh1":      "419a20be45a335f2",
		"2d20kl1":      "930c3d2ec1d029a8",
		"10d10kh3":     "587b3fd21334cb6a",
		"2d10kh1+5":    "2c3d42aa4800454f",
		"d10/2":        "ac57c99da6158ce3",
		"d10/3":        "9919e3701dfc7a7f",
		"d10/4":        "691142dad5b6f11f",
		"2d10/2":       "c9eea35d27f5ef0b",
		"3d6!":         "4de505d2cd55b4e1",
		"d8!":          "e33ec998d4fafa02",
		"d6!2":         "3c042c0fe268a821",
		"4d6!kh3":      "3393e5a47e352086",
		"10d10!kh5":    "5ac8f173e017e191",
		"2d10^+1":      "5ea65069945d7d6b",
		"d10^-2":       "837f8fa33e93416c",
		"d20+2d10^+1!": "1acf3a8e75924703",
		"6d6>=5":       "afc74569d687f590",
		"8d10>7":       "e4559cf6e0381d6d",
		"5d6<=2":       "6928ff40ebf75584",
		"4d20=20":      "bfc8b6b90bc20722",
		"6d6!>=5":      "c0297cd961a1ed4c",
		"d6*d4":        "9f3cd89736d0166b",
		"d20-d4-2":     "60a23dcf52ba16b8",
		"d%":           "19d9fee5e15037b0",
		"(d6+1)*2":     "69f8d0b3c208b002",
		"-d4-(d6-3)":   "04996e6a6635c5ee",
		"130d2kh65":    "fd41263cca9a823c",
		"100d6kh90":    "47ef7d4524b923c2",
		"2d6+3*d4":     "b00fa57901a1df2b",
		"d12^-1!3kl1":  "b40e4cefc0a80120",
		"3d2!":         "2d425140c25dc427",
		"d1":           "57be453cc1f4d561",
		"7":            "405c6dfe7975ebf3",
	}
	for text, digest := range want {
		if got := unchangedDigest(text); got != digest {
			t.Errorf("%s: digest %s, was %s", text, got, digest)
		}
	}
}
