package enginetest

import (
	"encoding/json"
	"strings"
	"testing"
)

// WantProblems checks that err reports exactly the problems want, in
// order, as an encounter spec's State reports them: each problem's
// message, "path: what is wrong", on a line of its own (errors.Join).
func WantProblems(t testing.TB, err error, want ...string) {
	t.Helper()
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("got %v\nwant %s", err, strings.Join(want, "\n"))
	}
}

// JSON returns v as JSON, failing t when it cannot be written: a state's
// JSON is what tests compare states by.
func JSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
