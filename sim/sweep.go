package sim

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"fray/engine"
	"fray/scenario"
)

// maxSweepValues bounds how many values one sweep may run the encounter at.
const maxSweepValues = 1000

// Vary is a sweep's variable: a field of an encounter file and the values
// to run the encounter at.
type Vary struct {
	// Path locates the field in the file, as in
	// "combatants[1].evade" or "combatants[0].weapons[0].damage_mod"
	// (a scenario.FieldPath).
	Path string
	// Values are int64, float64, bool or string, in order.
	Values []any
}

// ParseVary reads a sweep written PATH=FROM..TO (every whole number from
// FROM to TO) or PATH=V1,V2,... (the values listed: numbers, true, false
// or text).
func ParseVary(spec string) (*Vary, error) {
	path, values, ok := strings.Cut(spec, "=")
	path, values = strings.TrimSpace(path), strings.TrimSpace(values)
	if !ok || path == "" || values == "" {
		return nil, fmt.Errorf("--vary %q: write PATH=FROM..TO or PATH=V1,V2,... as in combatants[1].evade=4..10", spec)
	}
	if _, err := scenario.ParseFieldPath(path); err != nil {
		return nil, fmt.Errorf("--vary %s: %w", path, err)
	}
	v := &Vary{Path: path}
	if from, to, isRange := strings.Cut(values, ".."); isRange {
		lo, err1 := strconv.ParseInt(strings.TrimSpace(from), 10, 64)
		hi, err2 := strconv.ParseInt(strings.TrimSpace(to), 10, 64)
		switch {
		case err1 != nil || err2 != nil:
			return nil, fmt.Errorf("--vary %s=%s: FROM..TO takes two whole numbers", path, values)
		case lo > hi:
			return nil, fmt.Errorf("--vary %s=%s: FROM must not be more than TO", path, values)
		case hi-lo >= maxSweepValues:
			return nil, fmt.Errorf("--vary %s=%s: at most %d values", path, values, maxSweepValues)
		}
		for x := lo; x <= hi; x++ {
			v.Values = append(v.Values, x)
		}
		return v, nil
	}
	for item := range strings.SplitSeq(values, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("--vary %s=%s: an empty value in the list", path, values)
		}
		v.Values = append(v.Values, scalar(item))
	}
	if len(v.Values) > maxSweepValues {
		return nil, fmt.Errorf("--vary %s: at most %d values", path, maxSweepValues)
	}
	return v, nil
}

// scalar reads a value as YAML would: a whole number, a number, a boolean,
// or else text.
func scalar(s string) any {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return f
	}
	if b, err := strconv.ParseBool(s); err == nil && (s == "true" || s == "false") {
		return b
	}
	return s
}

// Apply returns the encounter file data with the field at v.Path set to
// value, as scenario.SetField sets it: a mapping that starts from bundled
// content ("use: NAME") is looked into as the loader merges it, and a key
// the file leaves to the content is copied from it before the path goes
// deeper. reg supplies the content of the ruleset the file names, and opts
// the loader's options (content folders, the file's directory). The error
// names the path and says what is wrong.
func (v *Vary) Apply(reg *engine.Registry, data []byte, value any, opts ...scenario.Option) ([]byte, error) {
	path, err := scenario.ParseFieldPath(v.Path)
	if err != nil {
		return nil, fmt.Errorf("--vary %s: %w", v.Path, err)
	}
	out, err := scenario.SetField(reg, "the encounter", data, path, value, opts...)
	if err != nil {
		return nil, fmt.Errorf("--vary %s: %w", v.Path, err)
	}
	return out, nil
}

// Sweep is a sweep's results: the encounter run at each value of a field.
type Sweep struct {
	// Encounter and Ruleset name what was simulated.
	Encounter string `json:"encounter,omitempty"`
	Ruleset   string `json:"ruleset"`
	// Path is the field varied (Vary.Path).
	Path string `json:"path"`
	// Fights is how many fights each value was run for, all with Seed.
	Fights int64  `json:"fights"`
	Seed   uint64 `json:"seed"`
	// Points are the results at each value, in order.
	Points []Point `json:"points"`
}

// Point is the encounter run at one value of a sweep. Every point uses the
// same seed, so that the values are compared on the same dice as far as
// the fights go alike.
type Point struct {
	// Value is the value the field was set to: int64, float64, bool or
	// string.
	Value  any     `json:"value"`
	Report *Report `json:"report"`
}

// WriteJSON writes the sweep as indented JSON.
func (s *Sweep) WriteJSON(w io.Writer) error { return writeJSON(w, s) }

// WriteText writes the sweep for people: per value, each side's win rate
// with its 95% interval, the draws, the timeouts and the mean rounds.
func (s *Sweep) WriteText(w io.Writer) error {
	var b bytes.Buffer
	name := s.Encounter
	if name == "" {
		name = "the encounter"
	}
	fmt.Fprintf(&b, "%s (%s): %d fights at each value of %s, seed %d\n\n", name, s.Ruleset, s.Fights, s.Path, s.Seed)
	if len(s.Points) == 0 {
		_, err := w.Write(b.Bytes())
		return err
	}
	head := []string{s.Path}
	for _, side := range s.Points[0].Report.Sides {
		head = append(head, side.Side+" ("+side.Policy+")", "95% interval")
	}
	head = append(head, "draws", "timeouts", "rounds")
	rows := [][]string{head}
	for _, p := range s.Points {
		row := []string{fmt.Sprint(p.Value)}
		for _, side := range s.Points[0].Report.Sides {
			var rt Rate
			if sr := p.Report.Side(side.Side); sr != nil {
				rt = sr.Wins
			}
			row = append(row, percent(rt.Rate), interval(rt))
		}
		rounds := "-"
		if p.Report.Rounds != nil {
			rounds = fmt.Sprintf("%.2f", p.Report.Rounds.Mean)
		}
		row = append(row, percent(p.Report.Draws.Rate), percent(p.Report.Timeouts.Rate), rounds)
		rows = append(rows, row)
	}
	var sb strings.Builder
	writeTable(&sb, rows, 1)
	b.WriteString(sb.String())
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("writing the sweep: %w", err)
	}
	return nil
}
