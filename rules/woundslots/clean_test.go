package woundslots_test

import (
	"fmt"
	"testing"

	"fray/engine/enginetest"
	"fray/rules/woundslots"
)

// TestCleanFailures holds the in-place legality tests (legal and
// legalAfter) to what acting on a copy of the state says: it plays 2
// random fights a setup (20 with FRAY_LONG=1) and, at one decision in
// eight, asks every combatant for every kind of action, legal and not
// (woundslots.CheckLegal says what is checked); at one decision in
// twenty-four also in the rarer states of its variants. The whole state
// is compared before and after at one action in forty.
func TestCleanFailures(t *testing.T) {
	checked, refused, n := 0, 0, 0
	whole := func() bool { n++; return n%40 == 0 }
	enginetest.Walk(t, woundslots.Rules{}, setups(t), enginetest.Scale(20), 1000, func(setup string, f, d int, s *woundslots.State) {
		if d%8 == 0 {
			c, x := woundslots.CheckLegal(t, fmt.Sprintf("%s fight %d decision %d", setup, f, d), s, d%24 == 0, whole)
			checked, refused = checked+c, refused+x
		}
	})
	if refused == 0 || refused == checked {
		t.Errorf("%d of %d actions refused: the candidates should include legal and illegal ones", refused, checked)
	}
	t.Logf("%d actions checked, %d refused", checked, refused)
}
