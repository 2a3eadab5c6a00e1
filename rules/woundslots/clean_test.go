package woundslots_test

import (
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
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
	fights := enginetest.Scale(20)
	checked, refused, n := 0, 0, 0
	whole := func() bool { n++; return n%40 == 0 }
	for _, setup := range setups(t) {
		for f := range fights {
			r := woundslots.Rules{}
			s := r.Clone(&setup.State)
			choose := dice.Seeded(dice.Mix(uint64(f), 7))
			src := dice.Seeded(dice.Mix(uint64(f), 8))
			for d := 0; d < 1000; d++ {
				p := r.Next(&s)
				if p.Kind == engine.End {
					break
				}
				if d%8 == 0 {
					c, x := woundslots.CheckLegal(t, fmt.Sprintf("%s fight %d decision %d", setup.Name, f, d), &s, d%24 == 0, whole)
					checked, refused = checked+c, refused+x
					if t.Failed() {
						return
					}
				}
				events, err := r.Decide(&s, p.Actor, engine.Uniform[woundslots.State, woundslots.Command]{}.Choose(&s, p, choose), src)
				if err != nil {
					t.Fatalf("%s fight %d decision %d: %v", setup.Name, f, d, err)
				}
				for _, e := range events {
					r.Evolve(&s, e)
				}
			}
		}
	}
	if refused == 0 || refused == checked {
		t.Errorf("%d of %d actions refused: the candidates should include legal and illegal ones", refused, checked)
	}
	t.Logf("%d actions checked, %d refused", checked, refused)
}
