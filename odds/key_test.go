package odds

import (
	"encoding/json"
	"sync/atomic"
	"testing"
)

// A state's key is its JSON, as json.Marshal writes it, appended to what
// the buffer holds; a state that cannot be written gets a key of its own.
func TestKeyWriterWritesMarshal(t *testing.T) {
	type state struct {
		Name   string         `json:"name"`
		Skills map[string]int `json:"skills"`
		Notes  []string       `json:"notes,omitempty"`
		hidden int
	}
	states := []any{
		&state{Name: "<Westman> & co", Skills: map[string]int{"dodge": 1, "craft": 2, "aim": 3}, hidden: 1},
		&state{Name: "eastman", Notes: []string{"a\nb", "\u2028"}},
		&state{},
		[]int{1, 2, 3},
	}
	var w keyWriter
	var unique atomic.Int64
	buf := []byte("C|")
	for round := range 2 { // the second time with the encoder and buffer reused
		for _, s := range states {
			want, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			buf = w.appendState(buf[:2], s, &unique)
			if got := string(buf); got != "C|"+string(want) {
				t.Fatalf("round %d: key %q, want %q", round, got, "C|"+string(want))
			}
		}
	}
	a := string(w.appendState([]byte("C|"), make(chan int), &unique))
	b := string(w.appendState([]byte("C|"), make(chan int), &unique))
	if a != "C|#1" || b != "C|#2" {
		t.Fatalf("the keys of states that cannot be written are %q and %q, want C|#1 and C|#2", a, b)
	}
	if got := string(w.appendState(nil, states[2], &unique)); got != `{"name":"","skills":null}` {
		t.Fatalf("after a failure, the key %q", got)
	}
}
