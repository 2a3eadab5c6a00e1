package store

import (
	"errors"
	"testing"
)

// TestGroupAnswers checks how a PostgreSQL group commit answers appends
// at one version of one fight: only the first goes in the statement, and
// the others conflict with it when it is committed, or fail as it does.
func TestGroupAnswers(t *testing.T) {
	failed := errors.New("the statement failed")
	for _, tc := range []struct {
		first error // the outcome of the first at version 0 of f
		want  error // then the answer to the second
	}{
		{nil, ErrConflict},
		{ErrConflict, ErrConflict},
		{ErrNotFound, ErrNotFound},
		{failed, failed},
	} {
		reqs := []*appendReq{
			{fight: "f", version: 0}, {fight: "g", version: 0}, {fight: "f", version: 0}, {fight: "f", version: 1},
		}
		for _, r := range reqs {
			r.done = make(chan error, 1)
		}
		firsts, firstOf := firstsOf(reqs)
		if len(firsts) != 3 || firsts[0] != reqs[0] || firsts[1] != reqs[1] || firsts[2] != reqs[3] {
			t.Fatalf("the firsts of f@0, g@0, f@0, f@1: %v", firsts)
		}
		answer(reqs, firstOf, map[*appendReq]error{reqs[0]: tc.first, reqs[1]: nil, reqs[3]: ErrConflict})
		got := []error{<-reqs[0].done, <-reqs[1].done, <-reqs[2].done, <-reqs[3].done}
		if got[0] != tc.first || got[1] != nil || got[2] != tc.want || got[3] != ErrConflict {
			t.Errorf("the first at f@0 %v: answers %v, want %v, nil, %v, conflict", tc.first, got, tc.first, tc.want)
		}
	}
}
