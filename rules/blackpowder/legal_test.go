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
//   - legal and legalDelayed change nothing: at one action in fifty the
//     state as the fight sees it is compared with what it was before the
//     first action asked of it, so that a change made by any action
//     since is caught there.
func TestCleanFailures(t *testing.T) {
	checked, refused := 0, 0
	var trial State // the copy acted on, its memory reused action to action
	enginetest.Walk(t, Rules{}, setups(t), enginetest.Scale(50), 2000, func(setup string, f, d int, s *State) {
		if d%5 != 0 {
			return
		}
		for _, who := range s.Combatants {
			for vi, v := range variants(s, who.ID, d%20 == 0) {
				pristine := stateText(v) // v as the fight sees it before any action is asked of it
				for _, mode := range []Payment{PaidByAction, PaidByDelayed, PaidNothing} {
					for _, cmd := range candidates(v, v.combatant(who.ID)) {
						where := func() string {
							return fmt.Sprintf("%s fight %d decision %d variant %d: %s, mode %s: %s", setup, f, d, vi, who.ID, mode, formatted(cmd))
						}
						if checkLegal(t, where, v, who.ID, mode, cmd, &trial, wholeCheck(checked, pristine)) != nil {
							refused++
						}
						checked++
						if mode == PaidByDelayed {
							checkLegalDelayed(t, where, v, who.ID, cmd, &trial, wholeCheck(checked, pristine))
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

// wholeCheck is pristine at one action in fifty, the text the state must
// still have after the legality check of action number checked, and ""
// (no comparison) at the others.
func wholeCheck(checked int, pristine string) string {
	if checked%50 != 0 {
		return ""
	}
	return pristine
}

// checkLegal compares legal with acting on a copy for one action, and
// returns the refusal; with pristine set it checks also that s, after
// legal, is still as pristine says (see compareLegal).
func checkLegal(t *testing.T, where func() string, s *State, who string, mode Payment, cmd Command, trial *State, pristine string) error {
	t.Helper()
	return compareLegal(t, where, s, trial, pristine,
		func(r *run) error { r.mode = mode; return r.legal(who, cmd) },
		func(r *run) error { r.mode = mode; return r.act(who, cmd) })
}

// checkLegalDelayed is checkLegal for legalDelayed and actDelayed, and
// holds legalDelayed also to acting, on a copy, with the action the
// DelayedUsed event lends: what legalDelayed's lending on the spot stands
// for.
func checkLegalDelayed(t *testing.T, where func() string, s *State, who string, cmd Command, trial *State, pristine string) {
	t.Helper()
	delayed := func() string { return where() + " (delayed)" }
	legalErr := compareLegal(t, delayed, s, trial, pristine,
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
	s.scratchInto(trial)
	lent := &run{s: trial, src: ones{}, mode: PaidByDelayed}
	lent.emit(&DelayedUsed{Who: who})
	if actErr := lent.act(who, cmd); (legalErr == nil) != (actErr == nil) || (legalErr != nil && legalErr.Error() != actErr.Error()) {
		t.Fatalf("%s: legalDelayed says %v, acting with a lent action says %v", delayed(), legalErr, actErr)
	}
}

// compareLegal runs check on s and do on a copy of it (made in trial's
// memory), each in a run of its own with dice that all show 1, and fails
// the test unless both refuse alike, check emits nothing, a refused do
// emits nothing and, when pristine is not "", s is still as pristine
// writes it (stateText) after check: as it was before the first action
// asked of it, so that a check that changed it is caught then or at the
// next comparison. It returns do's refusal.
func compareLegal(t *testing.T, where func() string, s, trial *State, pristine string, check, do func(*run) error) error {
	t.Helper()
	lr := &run{s: s, src: ones{}}
	legalErr := check(lr)
	if len(lr.events) > 0 || pristine != "" && stateText(s) != pristine {
		t.Fatalf("%s: the check changed the state", where())
	}
	s.scratchInto(trial)
	ar := &run{s: trial, src: ones{}}
	actErr := do(ar)
	if (legalErr == nil) != (actErr == nil) || (legalErr != nil && legalErr.Error() != actErr.Error()) {
		t.Fatalf("%s: the check says %v, acting says %v", where(), legalErr, actErr)
	}
	if actErr != nil && len(ar.events) > 0 {
		t.Fatalf("%s: refused (%v) after emitting %d events", where(), actErr, len(ar.events))
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
		if w := c.weapon(); w.Kind == KindGun {
			w.State = GunNeedsFix
		}
		out = append(out, &v)
	}
	return out
}

// ones is dice that all show 1.
type ones struct{}

func (ones) Roll(int) int { return 1 }

// stateText writes s as the fight sees it, to see whether it changed.
func stateText(s *State) string {
	return fmt.Sprint(s.Combatants, s.Groups, s.Pending, s.Declared, s.Round, s.Turn)
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
