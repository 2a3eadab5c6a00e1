package blackpowder

import (
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
)

// TestCleanFailures holds the in-place legality tests to what trying an
// action on a copy of the state says. It plays 5 fights a setup (50 with
// FRAY_LONG=1) at random and, at one decision in five, asks every combatant in
// every mode (its own turn, a held delayed action, a free attack) to
// attack, stun and hold everyone with every weapon it carries, to move,
// run and withdraw near and far, and to reload. For each it checks that:
//
//   - legal, which checks those actions where they stand, refuses exactly
//     what acting on a copy refuses, with the same message;
//   - an action failsCleanly vouches for emits nothing when it fails, so
//     that it needs no snapshot to be taken back;
//   - legal changes nothing (checked at one action in fifty).
func TestCleanFailures(t *testing.T) {
	fights := enginetest.Scale(50)
	checked, refused := 0, 0
	for _, setup := range setups(t) {
		for f := range fights {
			r := Rules{}
			s := r.Clone(&setup.State)
			choose := dice.Seeded(dice.Mix(uint64(f), 7))
			src := dice.Seeded(dice.Mix(uint64(f), 8))
			for d := 0; d < 2000; d++ {
				p := r.Next(&s)
				if p.Kind == engine.End {
					break
				}
				for _, who := range s.Combatants {
					if d%5 != 0 {
						break
					}
					for _, mode := range []string{"", "delayed", "free"} {
						for _, cmd := range candidates(&s, &who) {
							where := fmt.Sprintf("%s fight %d decision %d: %s, mode %q: %s", setup.Name, f, d, who.ID, mode, r.FormatCommand(cmd))
							if checkLegal(t, where, &s, who.ID, mode, cmd, checked%50 == 0) != nil {
								refused++
							}
							checked++
						}
					}
				}
				if t.Failed() {
					return
				}
				events, err := r.Decide(&s, p.Actor, engine.Uniform[State, Command]{}.Choose(&s, p, choose), src)
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

// checkLegal compares legal with acting on a copy for one action, and
// returns the refusal; whole checks also that legal leaves s as it was.
func checkLegal(t *testing.T, where string, s *State, who, mode string, cmd Command, whole bool) error {
	t.Helper()
	var before State
	if whole {
		before = s.scratch()
	}
	lr := &run{s: s, src: probeSource{}, mode: mode}
	legalErr := lr.legal(who, cmd)
	if len(lr.events) > 0 || whole && !sameState(s, &before) {
		t.Fatalf("%s: legal changed the state", where)
	}
	trial := s.scratch()
	ar := &run{s: &trial, src: probeSource{}, mode: mode}
	actErr := ar.act(who, cmd)
	if (legalErr == nil) != (actErr == nil) || (legalErr != nil && legalErr.Error() != actErr.Error()) {
		t.Fatalf("%s: legal says %v, acting says %v", where, legalErr, actErr)
	}
	if actErr != nil && failsCleanly(cmd) && len(ar.events) > 0 {
		t.Fatalf("%s: refused (%v) after emitting %d events", where, actErr, len(ar.events))
	}
	return actErr
}

// sameState reports whether a and b are equal as the fight sees them.
func sameState(a, b *State) bool {
	return fmt.Sprint(a.Combatants, a.Groups, a.Pending, a.Declared, a.Round, a.Turn) ==
		fmt.Sprint(b.Combatants, b.Groups, b.Pending, b.Declared, b.Round, b.Turn)
}

// candidates are the actions TestCleanFailures asks of c: legal ones and
// illegal ones of every kind legal checks in place.
func candidates(s *State, c *Combatant) []Command {
	weapons := []string{"", "fists", "no such weapon"}
	for _, w := range c.Weapons {
		weapons = append(weapons, w.Name)
	}
	var out []Command
	for _, t := range s.Combatants {
		for _, w := range weapons {
			out = append(out, &Attack{Target: t.ID, Weapon: w}, &Stun{Target: t.ID, Weapon: w})
		}
		out = append(out, &Attack{Target: t.ID, Part: 3}, &Attack{Target: t.ID, Part: 4}, &Hold{Target: t.ID},
			&Move{X: t.X, Y: t.Y}, &Run{X: t.X, Y: t.Y}, &Withdraw{X: t.X, Y: t.Y})
	}
	out = append(out, &Attack{Target: "nobody"}, &Reload{},
		&Move{X: c.X + 3, Y: c.Y}, &Run{X: c.X + 15, Y: c.Y + 4}, &Withdraw{X: c.X, Y: c.Y - 5}, &Run{X: c.X + 100, Y: c.Y})
	return out
}
