package scenario

import (
	"reflect"
	"testing"
)

// TestExponentNumbers checks numbers written in exponent form (1e3), which
// the YAML library reads as text: a whole number in range is as good as
// its digits, where a whole number or any number is wanted; a fraction
// where a whole number is wanted, a number out of range and a quoted one
// are refused, saying why.
func TestExponentNumbers(t *testing.T) {
	got, problems := decodeSample(t, "name: '1e3'\ncount: 1e2\npair: [2.5e-1, -1E3]\nptr: -3e+2\nnested: {x: .5e1}\n")
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	ptr := -300
	want := sample{Name: "1e3", Count: 100, Pair: [2]float64{0.25, -1000}, Ptr: &ptr}
	want.Nested.X = 5
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %+v (ptr %v), want %+v", got, *got.Ptr, want)
	}
	for _, c := range []struct{ doc, problem string }{
		{"name: n\ncount: 1.5e0\n", "2:8: count: want a whole number from 0, got the number 1.5"},
		{"name: n\nnested: {x: 1e12}\n", "2:13: nested.x: 1000000000000 is out of range: numbers in a file are at most 1000000000 either way"},
		{"name: n\ncount: \"1e2\"\n", "2:8: count: want a whole number from 0, got the text \"1e2\""},
	} {
		_, problems := decodeSample(t, c.doc)
		if len(problems) != 1 || problems[0] != c.problem {
			t.Errorf("%q: problems %q, want %q", c.doc, problems, c.problem)
		}
	}
}
