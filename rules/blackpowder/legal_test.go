package blackpowder

import (
	"fmt"
	"testing"

	"fray/engine/enginetest"
)

// TestCleanFailures holds the in-place legality tests to what trying an
// action on a copy of the state says. It plays 5 fights a setup (50 with
// FRAY_LONG=1) at random and, at one decision in five, asks every combatant in
// every mode (its own turn, a held delayed action, a free attack) for
// every kind of action, on everyone, legal and not (see candidates); at
// one decision in twenty also in the rarer states of variants. For each
// it checks that:
//
//   - legal refuses exactly what acting on a copy refuses, with the same
//     message, and legalDelayed exactly what actDelayed refuses;
//   - an action, or a delayed action, emits nothing when it fails, so that
//     it needs no snapshot to be taken back;
//   - legal and legalDelayed change nothing (checked at one action in
//     fifty).
func TestCleanFailures(t *testing.T) {
	checked, refused := 0, 0
	enginetest.Walk(t, Rules{}, setups(t), enginetest.Scale(50), 2000, func(setup string, f, d int, s *State) {
		if d%5 != 0 {
			return
		}
		for _, who := range s.Combatants {
			for vi, v := range variants(s, who.ID, d%20 == 0) {
				for _, mode := range []string{"", "delayed", "free"} {
					for _, cmd := range candidates(v, v.combatant(who.ID)) {
						where := fmt.Sprintf("%s fight %d decision %d variant %d: %s, mode %q: %s", setup, f, d, vi, who.ID, mode, formatted(cmd))
						if checkLegal(t, where, v, who.ID, mode, cmd, checked%50 == 0) != nil {
							refused++
						}
						checked++
						if mode == "delayed" {
							checkLegalDelayed(t, where, v, who.ID, cmd, checked%50 == 0)
						}
					}
				}
			}
		}
	})
	if refused == 0 || refused == checked {
		t.Errorf("%d of %d actions refused: the candidates should include legal and illegal ones", refused, checked)
	}
	t.Logf("%d actions checked, %d refused", checked, refused)
}

// checkLegal compares legal with acting on a copy for one action, and
// returns the refusal; whole checks also that legal leaves s as it was.
func checkLegal(t *testing.T, where string, s *State, who, mode string, cmd Command, whole bool) error {
	t.Helper()
	return compareLegal(t, where, s, whole,
		func(r *run) error { r.mode = mode; return r.legal(who, cmd) },
		func(r *run) error { r.mode = mode; return r.act(who, cmd) })
}

// checkLegalDelayed is checkLegal for legalDelayed and actDelayed, and
// holds legalDelayed also to acting, on a copy, with the action the
// DelayedUsed event lends: what legalDelayed's lending on the spot stands
// for.
func checkLegalDelayed(t *testing.T, where string, s *State, who string, cmd Command, whole bool) {
	t.Helper()
	where += " (delayed)"
	legalErr := compareLegal(t, where, s, whole,
		func(r *run) error { return r.legalDelayed(who, cmd) },
		func(r *run) error { return r.actDelayed(who, cmd) })
	switch cmd.(type) {
	case *Reload, *Revive, *Fix, *Run, *Withdraw, *Assist, *Escape, *Draw, *AimAt, *UseItem, *StandUp, *Check, *FreeForm:
	default:
		return // no action lent: an attack, or no action a delay allows
	}
	if s.holdsDelayed(who) != nil {
		return
	}
	trial := s.scratch()
	lent := &run{s: &trial, src: ones{}, mode: "delayed"}
	lent.emit(&DelayedUsed{Who: who})
	if actErr := lent.act(who, cmd); (legalErr == nil) != (actErr == nil) || (legalErr != nil && legalErr.Error() != actErr.Error()) {
		t.Fatalf("%s: legalDelayed says %v, acting with a lent action says %v", where, legalErr, actErr)
	}
}

// compareLegal runs check on s and do on a copy of it, each in a run of
// its own with dice that all show 1, and fails the test unless both
// refuse alike, check changes nothing and a refused do emits nothing. It
// returns do's refusal.
func compareLegal(t *testing.T, where string, s *State, whole bool, check, do func(*run) error) error {
	t.Helper()
	var before State
	if whole {
		before = s.scratch()
	}
	lr := &run{s: s, src: ones{}}
	legalErr := check(lr)
	if len(lr.events) > 0 || whole && !sameState(s, &before) {
		t.Fatalf("%s: the check changed the state", where)
	}
	trial := s.scratch()
	ar := &run{s: &trial, src: ones{}}
	actErr := do(ar)
	if (legalErr == nil) != (actErr == nil) || (legalErr != nil && legalErr.Error() != actErr.Error()) {
		t.Fatalf("%s: the check says %v, acting says %v", where, legalErr, actErr)
	}
	if actErr != nil && len(ar.events) > 0 {
		t.Fatalf("%s: refused (%v) after emitting %d events", where, actErr, len(ar.events))
	}
	return actErr
}

// variants returns s and, with more, two copies of s in which combatant
// who is in states random fights seldom reach: prone, trapped, holding a
// delayed action, its gun (if it wields one) jammed, with no action left
// in one and an action in the other.
func variants(s *State, who string, more bool) []*State {
	out := []*State{s}
	if !more {
		return out
	}
	for actions := range 2 {
		v := s.scratch()
		c := v.combatant(who)
		c.Actions, c.Delayed, c.Prone, c.Trapped = actions, true, true, 3
		if w := c.weapon(); w.Kind == Gun {
			w.State = GunNeedsFix
		}
		out = append(out, &v)
	}
	return out
}

// ones is dice that all show 1.
type ones struct{}

func (ones) Roll(int) int { return 1 }

// sameState reports whether a and b are equal as the fight sees them.
func sameState(a, b *State) bool {
	return fmt.Sprint(a.Combatants, a.Groups, a.Pending, a.Declared, a.Round, a.Turn) ==
		fmt.Sprint(b.Combatants, b.Groups, b.Pending, b.Declared, b.Round, b.Turn)
}

// candidates are the actions TestCleanFailures asks of c: legal ones and
// illegal ones of every kind, and commands that are no action.
func candidates(s *State, c *Combatant) []Command {
	weapons := []string{"", "fists", "no such weapon"}
	for _, w := range c.Weapons {
		weapons = append(weapons, w.Name)
	}
	items := []string{"no such item"}
	for _, it := range c.Items {
		items = append(items, it.Name)
	}
	var out []Command
	for _, t := range s.Combatants {
		for _, w := range weapons {
			out = append(out, &Attack{Target: t.ID, Weapon: w}, &Stun{Target: t.ID, Weapon: w}, &AimAt{Target: t.ID, Weapon: w})
		}
		out = append(out, &Attack{Target: t.ID, Part: 3}, &Attack{Target: t.ID, Part: 4}, &Hold{Target: t.ID},
			&Move{X: t.X, Y: t.Y}, &Run{X: t.X, Y: t.Y}, &Withdraw{X: t.X, Y: t.Y}, &Assist{Ally: t.ID})
		for _, skill := range []string{"medicine", "survival", "stealth"} {
			out = append(out, &Revive{Target: t.ID, Skill: skill})
		}
		for _, it := range items {
			out = append(out, &UseItem{Item: it, Target: t.ID})
		}
	}
	for _, w := range weapons {
		out = append(out, &Draw{Weapon: w})
	}
	out = append(out, &Attack{Target: "nobody"}, &AimAt{Target: "nobody"}, &Assist{Ally: "nobody"}, &Revive{Target: "nobody", Skill: "medicine"},
		&UseItem{Item: "no such item"}, &Reload{}, &Fix{}, &Escape{}, &StandUp{},
		&Check{Attribute: "senses", Skill: "perception"}, &Check{Attribute: "luck"}, &Check{Attribute: "body", Skill: "juggling"},
		&FreeForm{Action: "kicks the table over"}, &FreeForm{Action: " "},
		&Move{X: c.X + 3, Y: c.Y}, &Run{X: c.X + 15, Y: c.Y + 4}, &Withdraw{X: c.X, Y: c.Y - 5}, &Run{X: c.X + 100, Y: c.Y},
		&Pass{}, &Dodge{}, nil)
	return out
}

// formatted is cmd as a scenario writes it, or "nothing".
func formatted(cmd Command) string {
	if cmd == nil {
		return "nothing"
	}
	return Rules{}.FormatCommand(cmd)
}
