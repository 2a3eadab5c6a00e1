package sim

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"fray/engine"
)

// maxSweepValues bounds how many values one sweep may run the encounter at.
const maxSweepValues = 1000

// Vary is a sweep's variable: a field of an encounter file and the values
// to run the encounter at.
type Vary struct {
	// Path locates the field in the file, as in
	// "combatants[1].evade" or "combatants[0].weapons[0].damage_mod".
	Path string
	// Values are int64, float64, bool or string, in order.
	Values []any

	segs []segment
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
	segs, err := parsePath(path)
	if err != nil {
		return nil, fmt.Errorf("--vary %s: %w", path, err)
	}
	v := &Vary{Path: path, segs: segs}
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
// value. A mapping that starts from bundled content ("use: NAME") is
// looked into as the loader would merge it: a key the file leaves to the
// content is copied from it before the path goes deeper (lists are taken
// whole, as the loader takes them). reg supplies the content of the
// ruleset the file names. The error names the path and what is wrong.
func (v *Vary) Apply(reg *engine.Registry, data []byte, value any) ([]byte, error) {
	var root any
	if err := yaml.UnmarshalWithOptions(data, &root, yaml.UseOrderedMap()); err != nil {
		return nil, fmt.Errorf("--vary %s: reading the encounter: %w", v.Path, err)
	}
	e := &editor{reg: reg, value: value, docs: map[string]yaml.MapSlice{}}
	if m, ok := root.(yaml.MapSlice); ok {
		for _, it := range m {
			if k, _ := it.Key.(string); k == "ruleset" {
				e.ruleset, _ = it.Value.(string)
			}
		}
	}
	out, err := e.set(root, v.segs, "")
	if err != nil {
		return nil, fmt.Errorf("--vary %s: %w", v.Path, err)
	}
	b, err := yaml.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("--vary %s: writing the encounter: %w", v.Path, err)
	}
	return b, nil
}

// editor sets one field of a YAML document.
type editor struct {
	reg     *engine.Registry
	ruleset string
	value   any
	docs    map[string]yaml.MapSlice // bundled content read so far
}

// describe says what sort of YAML value n is.
func describe(n any) string {
	switch n.(type) {
	case yaml.MapSlice:
		return "a mapping"
	case []any:
		return "a list"
	case nil:
		return "empty"
	}
	return fmt.Sprintf("the value %v", n)
}

// set returns n with the field at segs (below the path at) set.
func (e *editor) set(n any, segs []segment, at string) (any, error) {
	if len(segs) == 0 {
		switch n.(type) {
		case yaml.MapSlice, []any:
			return nil, fmt.Errorf("%s is %s, not a single value", at, describe(n))
		}
		return e.value, nil
	}
	s := segs[0]
	if s.isIndex {
		list, ok := n.([]any)
		if !ok {
			return nil, fmt.Errorf("%s is %s, not a list", nameOf(at), describe(n))
		}
		if s.index >= len(list) {
			return nil, fmt.Errorf("%s has %d entries, so there is no [%d]", nameOf(at), len(list), s.index)
		}
		sub := fmt.Sprintf("%s[%d]", at, s.index)
		v, err := e.set(list[s.index], segs[1:], sub)
		if err != nil {
			return nil, err
		}
		list[s.index] = v
		return list, nil
	}
	m, ok := n.(yaml.MapSlice)
	if !ok {
		return nil, fmt.Errorf("%s is %s, not a mapping", nameOf(at), describe(n))
	}
	sub := s.key
	if at != "" {
		sub = at + "." + s.key
	}
	i := indexOf(m, s.key)
	if i < 0 {
		base, err := e.fromContent(m, s.key)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s: %w", nameOf(at), err)
		case base != nil:
			m = append(m, yaml.MapItem{Key: s.key, Value: deepCopy(base)})
		case len(segs) == 1:
			return append(m, yaml.MapItem{Key: s.key, Value: e.value}), nil
		case !segs[1].isIndex:
			m = append(m, yaml.MapItem{Key: s.key, Value: yaml.MapSlice{}})
		default:
			return nil, fmt.Errorf("%s has no list %q", nameOf(at), s.key)
		}
		i = len(m) - 1
	}
	v, err := e.set(m[i].Value, segs[1:], sub)
	if err != nil {
		return nil, err
	}
	m[i].Value = v
	return m, nil
}

// nameOf names a path in messages.
func nameOf(at string) string {
	if at == "" {
		return "the encounter"
	}
	return at
}

// indexOf is the index of key in m, or -1.
func indexOf(m yaml.MapSlice, key string) int {
	for i, it := range m {
		if k, ok := it.Key.(string); ok && k == key {
			return i
		}
	}
	return -1
}

// fromContent returns the value of key in the bundled content m starts
// from ("use: NAME", and the content that content uses), or nil.
func (e *editor) fromContent(m yaml.MapSlice, key string) (any, error) {
	for depth := 0; depth < 16; depth++ {
		i := indexOf(m, "use")
		if i < 0 {
			return nil, nil
		}
		name, _ := m[i].Value.(string)
		doc, err := e.content(name)
		if err != nil {
			return nil, err
		}
		if j := indexOf(doc, key); j >= 0 {
			return doc[j].Value, nil
		}
		m = doc
	}
	return nil, fmt.Errorf("bundled content that uses itself")
}

// content returns the bundled content document name of the file's
// ruleset.
func (e *editor) content(name string) (yaml.MapSlice, error) {
	if doc, ok := e.docs[name]; ok {
		return doc, nil
	}
	info, err := e.reg.Lookup(e.ruleset)
	if err != nil {
		return nil, err
	}
	var data []byte
	if info.Content != nil {
		data = info.Content()[name]
	}
	if data == nil {
		return nil, fmt.Errorf("no bundled content %q in ruleset %s", name, e.ruleset)
	}
	var doc yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(data, &doc, yaml.UseOrderedMap()); err != nil {
		return nil, fmt.Errorf("reading bundled content %q: %w", name, err)
	}
	e.docs[name] = doc
	return doc, nil
}

// deepCopy copies a YAML value so that editing the copy leaves the
// original alone.
func deepCopy(n any) any {
	switch n := n.(type) {
	case yaml.MapSlice:
		out := make(yaml.MapSlice, len(n))
		for i, it := range n {
			out[i] = yaml.MapItem{Key: it.Key, Value: deepCopy(it.Value)}
		}
		return out
	case []any:
		out := make([]any, len(n))
		for i, v := range n {
			out[i] = deepCopy(v)
		}
		return out
	}
	return n
}

// segment is one step of a path: a key, or an index when isIndex.
type segment struct {
	key     string
	index   int
	isIndex bool
}

// parsePath splits a path such as "combatants[1].weapons[0].damage" into
// its steps.
func parsePath(path string) ([]segment, error) {
	var segs []segment
	for part := range strings.SplitSeq(path, ".") {
		key, rest := part, ""
		if i := strings.IndexByte(part, '['); i >= 0 {
			key, rest = part[:i], part[i:]
		}
		if key == "" {
			return nil, fmt.Errorf("a path is keys joined by dots, each with any [N] after it, as in combatants[1].evade; %q has an empty key", path)
		}
		segs = append(segs, segment{key: key})
		for rest != "" {
			inner, after, ok := strings.Cut(rest[1:], "]")
			if rest[0] != '[' || !ok {
				return nil, fmt.Errorf("malformed index in %q: write [N] after a key", path)
			}
			i, err := strconv.Atoi(inner)
			if err != nil || i < 0 {
				return nil, fmt.Errorf("index [%s] in %q is not a number from 0", inner, path)
			}
			segs = append(segs, segment{index: i, isIndex: true})
			rest = after
		}
	}
	return segs, nil
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
// with its 95% interval, the draws and the mean rounds.
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
	head = append(head, "draws", "rounds")
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
		row = append(row, percent(p.Report.Draws.Rate), rounds)
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
