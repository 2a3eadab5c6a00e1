package scenario

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// ranked bounds the values of a mapping and the items of a list, as a
// ruleset bounds a skill's bonus dice by name.
type ranked struct {
	Skills map[string]int `yaml:"skills" max:"3" eachmin:"0" eachmax:"20"`
	Reload []int          `yaml:"reload" eachmax:"100"`
}

// TestEachBound checks that eachmin and eachmax bound every value of a
// mapping and every item of a list, at the value's line, and that the
// schema says so: the mapping's values and the list's items get the
// minimum and maximum (a billion bonus dice under a skill's name passed
// every check before).
func TestEachBound(t *testing.T) {
	root, problems := parseYAML("f", "", []byte("skills: {blades: 1000000000, bows: -1, axes: 3}\nreload: [1, 101]\n"))
	if len(problems) > 0 {
		t.Fatal(problems[0])
	}
	var r ranked
	d := newDecoder("")
	d.decode(root, reflect.ValueOf(&r).Elem(), "")
	var got []string
	for _, p := range d.problems {
		got = append(got, p.Error())
	}
	want := []string{
		"f:1:18: skills.blades: 1000000000 is more than the maximum 20",
		"f:1:36: skills.bows: -1 is fewer than the minimum 0",
		"f:2:13: reload[1]: 101 is more than the maximum 100",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	g := &schemaGen{defs: map[string]obj{}, names: map[reflect.Type]string{}}
	if _, err := g.schema(reflect.TypeFor[ranked]()); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(g.defs["ranked"])
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		`"skills":{"type":"object","additionalProperties":{"type":"integer","minimum":0,"maximum":20},"maxProperties":3}`,
		`"reload":{"type":"array","items":{"type":"integer","maximum":100}}`,
	} {
		if !strings.Contains(string(data), w) {
			t.Errorf("schema lacks %s:\n%s", w, data)
		}
	}
}
