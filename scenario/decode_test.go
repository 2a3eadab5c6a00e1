package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
)

// grade decodes itself from text, as a ruleset's dice expression might.
type grade int

func (g *grade) UnmarshalText(b []byte) error {
	switch string(b) {
	case "low":
		*g = 1
	case "high":
		*g = 2
	default:
		return fmt.Errorf("want low or high, not %q", b)
	}
	return nil
}

func (*grade) JSONSchema() map[string]any {
	return map[string]any{"enum": []string{"low", "high"}}
}

type base struct {
	Kind string `yaml:"kind" enum:"a,b"`
}

type sample struct {
	base    `yaml:",inline"`
	Name    string          `json:"name" required:"true"`
	Count   uint8           // key "count"
	Skipped string          `yaml:"-"`
	Grade   grade           `yaml:"grade"`
	Grades  []grade         `yaml:"grades" min:"1" max:"2"`
	ByLevel map[int]string  `yaml:"by_level"`
	Extra   any             `yaml:"extra"`
	Pair    [2]float64      `yaml:"pair"`
	Ptr     *int            `yaml:"ptr"`
	Flag    bool            `yaml:"flag"`
	Nested  struct{ X int } `yaml:"nested"`
	//lint:ignore U1000 an unexported field the decoder must leave alone
	internal int
}

// decodeSample decodes a document into a sample, returning its problems
// without the file name.
func decodeSample(t *testing.T, doc string) (sample, []string) {
	t.Helper()
	root, problems := parseYAML("f", "", []byte(doc))
	if len(problems) > 0 {
		t.Fatalf("parsing: %v", problems[0])
	}
	var s sample
	d := newDecoder("")
	d.decode(root, reflect.ValueOf(&s).Elem(), "")
	var out []string
	for _, p := range d.problems {
		out = append(out, strings.TrimPrefix(p.Error(), "f:"))
	}
	return s, out
}

func TestDecode(t *testing.T) {
	s, problems := decodeSample(t, `kind: b
name: n
count: 7
grade: high
grades: [low, high]
by_level: {1: one, 20: twenty}
extra: {a: [1, x]}
pair: [1, 2.5]
ptr: 4
flag: true
nested: {x: 3}
`)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	want := sample{base: base{Kind: "b"}, Name: "n", Count: 7, Grade: 2, Grades: []grade{1, 2},
		ByLevel: map[int]string{1: "one", 20: "twenty"}, Extra: map[string]any{"a": []any{int64(1), "x"}},
		Pair: [2]float64{1, 2.5}, Flag: true}
	want.Nested.X = 3
	if s.Ptr == nil || *s.Ptr != 4 {
		t.Errorf("ptr %v", s.Ptr)
	}
	s.Ptr = nil
	if !reflect.DeepEqual(s, want) {
		t.Errorf("decoded\n%+v\nwant\n%+v", s, want)
	}

	_, problems = decodeSample(t, `kind: c
name: ~
count: 300
skipped: x
grade: middling
grades: []
by_level: {one: x}
pair: [1]
ptr: [1]
flag: yes please
`)
	want2 := []string{
		`1:7: kind: "c" is not allowed; allowed: a, b`,
		`3:8: count: 300 is too large`,
		`4:1: unknown field "skipped" in the top level; allowed: kind, name, count, grade, grades, by_level, extra, pair, ptr, flag, nested`,
		`5:8: grade: want low or high, not "middling"`,
		`6:9: grades: 0 items is fewer than the minimum 1`,
		`7:12: by_level.one: want a whole number, got the text "one"`,
		`8:7: pair: want a list of 2, got a list`,
		`9:6: ptr: want a whole number, got a list`,
		`10:7: flag: want true or false, got the text "yes please"`,
		`1:1: the top level: missing required field "name"`,
	}
	if strings.Join(problems, "\n") != strings.Join(want2, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want2, "\n"))
	}
}

func TestSchemaOfTypes(t *testing.T) {
	g := &schemaGen{defs: map[string]obj{}, names: map[reflect.Type]string{}}
	o, err := g.schema(reflect.TypeFor[sample]())
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(g.defs["sample"])
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, want := range []string{
		`"kind":{"type":"string","enum":["a","b"]}`,
		`"count":{"type":"integer","minimum":0}`,
		`"grade":{"enum":["low","high"]}`,
		`"grades":{"type":"array","items":{"enum":["low","high"]},"minItems":1,"maxItems":2}`,
		`"by_level":{"type":"object","additionalProperties":{"type":"string"},"propertyNames":{"pattern":"^-?[0-9]+$"}}`,
		`"extra":{}`,
		`"pair":{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2}`,
		`"ptr":{"type":"integer"}`,
		`"nested":{"type":"object","properties":{"x":{"type":"integer"}},"additionalProperties":false}`,
		`"required":["name"]`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("schema lacks %s:\n%s", want, got)
		}
	}
	if fmt.Sprint(o) != "[{$ref #/$defs/sample}]" {
		t.Errorf("reference %v", o)
	}
}

func TestLookup(t *testing.T) {
	state, err := decodeJSON([]byte(`{"round": 2, "combatants": [{"id": "ann", "lp": 3, "tags": ["x", "y"]}, {"id": 7, "lp": 1.0}], "grid": [[1, 2], [3, 4]]}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, want, err string
	}{
		{path: "round", want: "2"},
		{path: "combatants.ann.lp", want: "3"},
		{path: "combatants[1].lp", want: "1.0"},
		{path: "combatants.7.lp", want: "1.0"},
		{path: "combatants.ann.tags[1]", want: `"y"`},
		{path: "grid[1][0]", want: "3"},
		{path: "combatants.bob", err: `combatants has no item with id "bob"; ids: ann, 7`},
		{path: "combatants[2]", err: `combatants has 2 items, so there is no [2]`},
		{path: "round.x", err: `round is 2, not an object or a list, so round.x does not exist`},
		{path: "rounds", err: `the state has no key "rounds"; keys: combatants, grid, round`},
		{path: "grid.a", err: `grid is a list without ids; use [i] to pick an item`},
		{path: "[0]", err: `empty name in path "[0]"`},
		{path: "grid[x]", err: `index [x] in path "grid[x]" is not a number from 0`},
		{path: "a..b", err: `empty name in path "a..b"`},
	}
	for _, tt := range tests {
		v, err := lookup(state, tt.path)
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("lookup(%q) error %v, want %q", tt.path, err, tt.err)
		case tt.err == "" && (err != nil || show(v) != tt.want):
			t.Errorf("lookup(%q) = %s, %v; want %s", tt.path, show(v), err, tt.want)
		}
	}
}

func TestEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"3", "3.0", true},
		{"3", "3.5", false},
		{"1e2", "100", true},
		{`"3"`, "3", false},
		{`{"a": [1, {"b": null}]}`, `{"a": [1.0, {"b": null}]}`, true},
		{`{"a": 1}`, `{"a": 1, "b": 2}`, false},
		{`[1, 2]`, `[2, 1]`, false},
		{"true", "true", true},
	}
	for _, tt := range tests {
		a, _ := decodeJSON([]byte(tt.a))
		b, _ := decodeJSON([]byte(tt.b))
		if got := equal(a, b); got != tt.want {
			t.Errorf("equal(%s, %s) = %v", tt.a, tt.b, got)
		}
	}
}

// TestFieldProblems checks how the errors of EncounterSpec.Start are
// placed: at the key a path names, at the nearest part of it that was
// written, or at the file.
func TestFieldProblems(t *testing.T) {
	root, problems := parseYAML("f", "", []byte("a:\n  b: [x, {c: 1}]\nd: 2\n"))
	if len(problems) > 0 {
		t.Fatal(problems[0])
	}
	err := errors.Join(
		&engine.FieldError{Path: "a.b[1].c", Msg: "m1"},
		fmt.Errorf("wrapped: %w", errors.Join(&engine.FieldError{Path: "a.b[1].missing", Msg: "m2"}, &engine.FieldError{Path: "a.b[7]", Msg: "m3"})),
		&engine.FieldError{Path: "", Msg: "m4"},
		&engine.FieldError{Path: "a..", Msg: "m5"},
		errors.New("plain"),
	)
	var got []string
	for _, p := range fieldProblems("f", root, "encounter.", err) {
		got = append(got, p.Error())
	}
	want := []string{
		"f:2:11: encounter.a.b[1].c: m1",
		"f:2:11: encounter.a.b[1].missing: m2",
		"f:2:3: encounter.a.b[7]: m3",
		"f:1:1: encounter: m4",
		"f:1:1: encounter.a..: m5",
		"f: plain",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
