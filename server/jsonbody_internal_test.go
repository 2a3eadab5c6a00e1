package server

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"
)

// TestInteger: a JSON number is written as an integer when its float64 is
// a whole number within a 64-bit integer's range, and only then.
func TestInteger(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"1.0", "1", true},
		{"1e2", "100", true},
		{"-2.50e1", "-25", true},
		{"-0.0", "0", true},
		{"1e-500", "0", true},
		{"0.5", "", false},
		{"1e-1", "", false},
		{"9.2e18", "9200000000000000000", true},
		{"9.3e18", "", false},
		{"1e400", "", false},
	} {
		got, ok := integer(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("integer(%s) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// FuzzCheckJSON: checkJSON takes no body that is not JSON; of one it
// takes it returns JSON that reads as the same values (as float64s), and
// of one it refuses, a problem of 400 or 422.
func FuzzCheckJSON(f *testing.F) {
	for _, seed := range []string{
		`{"version":0,"command":"initiative"}`, `{"a":1,"a":2}`, `{"a":{"b":[1,{"c":1e2,"c":3}]}}`,
		`[1.0,2e0,-0.0,1e-500,0.5]`, `{"v":9223372036854775807}`, `{"v":9223372036854775808}`,
		`{"v":1e400}`, `1 2`, `{"v":`, `"\u00e9"`, `{"":1,"":2}`, `[[[[]]]]`, ` {"a" : 1.50 } `,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		checked, p := checkJSON(body)
		if p != nil {
			if p.Status != http.StatusBadRequest && p.Status != http.StatusUnprocessableEntity {
				t.Fatalf("%q: a problem of %d", body, p.Status)
			}
			if p.Status == http.StatusBadRequest && json.Valid(body) && !deep(body) {
				t.Fatalf("%q: valid JSON refused 400: %s", body, p.Detail)
			}
			return
		}
		if !json.Valid(body) {
			t.Fatalf("%q: not JSON, yet taken", body)
		}
		var was, is any
		if err := json.Unmarshal(body, &was); err != nil {
			t.Fatalf("%q: %v", body, err)
		}
		if err := json.Unmarshal(checked, &is); err != nil {
			t.Fatalf("%q rewritten %q: %v", body, checked, err)
		}
		if !reflect.DeepEqual(was, is) {
			t.Fatalf("%q rewritten %q reads otherwise", body, checked)
		}
	})
}

// deep reports whether a body nests past maxNesting, which checkJSON
// refuses 400 though it is JSON.
func deep(body []byte) bool {
	depth, most := 0, 0
	for _, b := range body {
		switch b {
		case '[', '{':
			depth++
			most = max(most, depth)
		case ']', '}':
			depth--
		}
	}
	return most > maxNesting
}
