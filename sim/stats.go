package sim

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// z95 is the standard normal quantile for a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the Wilson score interval at 95% confidence for a
// proportion: successes out of n trials. Unlike the normal approximation it
// stays inside [0, 1] and behaves at rates near 0 and 1. With no trials it
// is [0, 1].
func Wilson(successes, n int64) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(successes) / nf
	z2 := z95 * z95
	denom := 1 + z2/nf
	center := (p + z2/(2*nf)) / denom
	half := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / denom
	return max(0, center-half), min(1, center+half)
}

// Rate is how often something happened: a count out of the fights, the
// proportion and its Wilson 95% interval.
type Rate struct {
	Count int64   `json:"count"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"ci_low"`
	High  float64 `json:"ci_high"`
}

// NewRate returns the Rate of count out of n.
func NewRate(count, n int64) Rate {
	r := Rate{Count: count}
	if n > 0 {
		r.Rate = float64(count) / float64(n)
	}
	r.Low, r.High = Wilson(count, n)
	return r
}

// Contains reports whether p lies within the rate's confidence interval.
func (r Rate) Contains(p float64) bool { return r.Low <= p && p <= r.High }

// Bin is one bar of the rounds histogram: how many fights ended in a given
// round.
type Bin struct {
	Rounds int   `json:"rounds"`
	Fights int64 `json:"fights"`
}

// Rounds summarises how many rounds the fights that ended took. Median and
// P95 are nearest-rank quantiles: the smallest round count that at least
// half (95%) of the fights ended within.
type Rounds struct {
	Fights    int64   `json:"fights"`
	Mean      float64 `json:"mean"`
	Median    int     `json:"median"`
	P95       int     `json:"p95"`
	Min       int     `json:"min"`
	Max       int     `json:"max"`
	Histogram []Bin   `json:"histogram"`
}

// newRounds summarises a histogram: counts[r] fights ended in round r. It
// returns nil when no fight is counted.
func newRounds(counts []int64) *Rounds {
	var total, sum int64
	for r, c := range counts {
		total += c
		sum += int64(r) * c
	}
	if total == 0 {
		return nil
	}
	out := &Rounds{Fights: total, Mean: float64(sum) / float64(total), Min: -1}
	for r, c := range counts {
		if c == 0 {
			continue
		}
		if out.Min < 0 {
			out.Min = r
		}
		out.Max = r
	}
	for r := out.Min; r <= out.Max; r++ {
		out.Histogram = append(out.Histogram, Bin{Rounds: r, Fights: counts[r]})
	}
	out.Median = quantile(counts, total, 0.5)
	out.P95 = quantile(counts, total, 0.95)
	return out
}

// quantile is the nearest-rank q-quantile of a histogram of total values:
// the smallest value whose cumulative count reaches ceil(q * total).
func quantile(counts []int64, total int64, q float64) int {
	rank := max(int64(math.Ceil(q*float64(total))), 1)
	var seen int64
	for v, c := range counts {
		seen += c
		if seen >= rank {
			return v
		}
	}
	return len(counts) - 1
}

// maxRows is how many rows a text histogram has at most; wider ranges are
// grouped into bins of several rounds.
const maxRows = 24

// barWidth is the width of the longest bar of a text histogram.
const barWidth = 40

// WriteHistogram draws the rounds histogram as text, one row per round (or
// per group of rounds when there are many), with bars scaled to the
// fullest row, the count and the share of fights.
func (r *Rounds) WriteHistogram(w io.Writer) error {
	if r == nil || len(r.Histogram) == 0 {
		return nil
	}
	span := r.Max - r.Min + 1
	width := (span + maxRows - 1) / maxRows // rounds per row
	type row struct {
		label string
		count int64
	}
	var rows []row
	var most int64
	for lo := r.Min; lo <= r.Max; lo += width {
		hi := min(lo+width-1, r.Max)
		var n int64
		for _, b := range r.Histogram {
			if b.Rounds >= lo && b.Rounds <= hi {
				n += b.Fights
			}
		}
		label := fmt.Sprint(lo)
		if hi > lo {
			label = fmt.Sprintf("%d-%d", lo, hi)
		}
		rows = append(rows, row{label, n})
		most = max(most, n)
	}
	labelWidth, countWidth := 0, len(fmt.Sprint(most))
	for _, rw := range rows {
		labelWidth = max(labelWidth, len(rw.label))
	}
	for _, rw := range rows {
		line := fmt.Sprintf("  %*s │%-*s %*d %5.1f%%\n", labelWidth, rw.label, barWidth, bar(rw.count, most), countWidth, rw.count, 100*float64(rw.count)/float64(r.Fights))
		if _, err := io.WriteString(w, line); err != nil {
			return err
		}
	}
	return nil
}

// bar draws count as a bar of eighth-blocks, barWidth long for most; any
// count above zero shows at least a sliver.
func bar(count, most int64) string {
	if count == 0 || most == 0 {
		return ""
	}
	eighths := int(math.Round(float64(count) / float64(most) * barWidth * 8))
	eighths = max(eighths, 1)
	partial := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	return strings.Repeat("█", eighths/8) + partial[eighths%8]
}
