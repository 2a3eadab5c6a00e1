package woundslots

import (
	"encoding/json"
	"fmt"
	"testing"

	"fray/rules/parts"
)

// CheckLegal holds legal and legalAfter, at state s, to what acting on a
// copy of the state says, for TestCleanFailures (in the package's outside
// tests, with the conformance setups). It asks, for every combatant, on
// s and, with more, on the variants of s in which that combatant is in
// rarer states (see variants), every kind of action legal knows, on
// everyone, legal and not (see candidates), after each event that may
// come before an action (see pres). For each it checks that:
//
//   - legalAfter refuses exactly what emitting the event then acting
//     (dispatch) on a copy refuses, with the same message;
//   - acting emits nothing when it refuses, so that the checks are made
//     before its first event;
//   - legalAfter emits nothing and, when whole says so, leaves the state
//     as it was before the first action asked of it, hot memory included
//     (so that a change any action made since is caught then).
//
// It returns how many actions it checked and how many were refused.
func CheckLegal(t *testing.T, where string, s *State, more bool, whole func() bool) (checked, refused int) {
	t.Helper()
	s.hotMemory()           // lend must keep an action out of turn in hot memory safe
	first := snapshot(t, s) // s before any action is asked of it
	for i := range s.Combatants {
		who := s.Combatants[i].ID
		for vi, v := range variants(s, who, more) {
			pristine := first // v before any action is asked of it
			if v != s {
				pristine = snapshot(t, v)
			}
			for _, pre := range pres(v, who) {
				var trial *State // a copy of v after pre, while acting changed nothing
				for _, c := range candidates(v, v.Combatant(who)) {
					w := func() string {
						return fmt.Sprintf("%s variant %d: %s after %s: %s", where, vi, who, describe(pre), formatted(c))
					}
					var err error
					if trial, err = compareLegal(t, w, v, pre, c, whole(), pristine, trial); err != nil {
						refused++
					}
					checked++
					if t.Failed() {
						return checked, refused
					}
				}
			}
		}
	}
	return checked, refused
}

// compareLegal runs legalAfter on s, and on a copy of s emits pre and
// dispatches c, each with dice that all show 1, and fails the test unless
// both refuse alike, a refused dispatch emits nothing, legalAfter emits
// nothing and, with whole set, s is still as pristine (its snapshot before
// the first action asked of it) has it. The copy is trial when it is not nil: one made for an
// earlier action that was refused, and so left as it was. It returns the
// copy, nil if acting changed it, and dispatch's refusal.
func compareLegal(t *testing.T, where func() string, s *State, pre Event, c Command, whole bool, pristine []byte, trial *State) (*State, error) {
	t.Helper()
	lr := &run{s: s, src: ones{}}
	legalErr := lr.legalAfter(c, pre)
	if len(lr.events) > 0 {
		t.Fatalf("%s: legalAfter emitted %d events", where(), len(lr.events))
	}
	if whole {
		if after := snapshot(t, s); string(after) != string(pristine) {
			t.Fatalf("%s: legalAfter (here or at an action asked since the last comparison) changed the state:\n%s\n%s", where(), pristine, after)
		}
	}
	if trial == nil {
		w := clone(s)
		trial = &w
		if pre != nil {
			(&run{s: trial}).emit(pre)
		}
	}
	ar := &run{s: trial, src: ones{}}
	actErr := ar.dispatch(c)
	if (legalErr == nil) != (actErr == nil) || legalErr != nil && legalErr.Error() != actErr.Error() {
		t.Fatalf("%s: legalAfter says %v, acting says %v", where(), legalErr, actErr)
	}
	if actErr != nil && len(ar.events) > 0 {
		t.Fatalf("%s: refused (%v) after emitting %d events", where(), actErr, len(ar.events))
	}
	if len(ar.events) > 0 {
		trial = nil
	}
	return trial, actErr
}

// snapshot is s as JSON, and the hot memory lend lends: the action out of
// turn and the queue it keeps, whether or not s points to them now.
func snapshot(t *testing.T, s *State) []byte {
	t.Helper()
	type hot struct {
		Off     OffTurn
		OffRest []string
		Held    Declared
	}
	all := struct {
		S   *State
		Hot *hot
	}{S: s}
	if h := s.hot; h != nil {
		all.Hot = &hot{h.off, h.offRest, h.held}
	}
	b, err := json.Marshal(all)
	if err != nil {
		t.Fatalf("state as JSON: %v", err)
	}
	return b
}

// pres are the events CheckLegal asks who's actions after: none when who
// acts now; an action out of turn, and a readied one when who holds one;
// an order when who is a mount; its long action paid in full when who
// acts now; its declared action going ahead when it has one pending.
func pres(s *State, who string) []Event {
	c := s.Combatant(who)
	var out []Event
	if a := s.actor(); a != nil && a.ID == who {
		out = append(out, nil, &LongDone{Combatant: who, Action: nest(&Defend{}), AP: 4})
	}
	out = append(out, &Interrupted{Combatant: who, Actor: s.Turn, Moment: AtDeclared, Initiative: max(0, c.Initiative-InterruptCost)})
	if c.Readied {
		out = append(out, &Interrupted{Combatant: who, Actor: s.Turn, Moment: AtDeclared, Readied: true, Command: c.ReadyAction, Initiative: c.Initiative})
	}
	if c.Mount {
		out = append(out, &Ordered{Rider: c.Rider, Mount: who})
	}
	if p := s.Pending; p != nil && p.Actor == who {
		out = append(out, &ActionGoesAhead{Combatant: who, Command: p.Command})
	}
	return out
}

// describe names an event that comes before an action.
func describe(e Event) string {
	if e == nil {
		return "nothing"
	}
	return fmt.Sprintf("%T%+v", e, e)
}

// formatted is c as a scenario writes it, or "nothing".
func formatted(c Command) string {
	if c == nil {
		return "nothing"
	}
	return Rules{}.FormatCommand(c)
}

// ones is dice that all show 1.
type ones struct{}

func (ones) Roll(int) int { return 1 }

// variants returns s and, with more, two copies of s (with hot memory of
// their own) in which combatant who is in states random fights seldom
// reach. In the first it has no AP, is prone, sunk, defending, dashed
// twice, pinned and grappled by an enemy, readied to attack, without
// mana, with a long action under way, and the encounter's hurry allowed
// or not the other way round. In the second it has AP to spare, a
// readied action, an effect, a condition, grapples an enemy, crouches,
// its mount (if it rides) bolts and hurrying is allowed.
func variants(s *State, who string, more bool) []*State {
	out := []*State{s}
	if !more {
		return out
	}
	for k := range 2 {
		v := clone(s)
		v.hotMemory()
		c := v.Combatant(who)
		var enemy *Combatant
		for i := range v.Combatants {
			if e := &v.Combatants[i]; e.Side != c.Side && e.Status == Active {
				enemy = e
				break
			}
		}
		if enemy != nil {
			c.Grappling = append(c.Grappling, enemy.ID)
			enemy.Grappling = append(enemy.Grappling, c.ID)
		}
		if k == 0 {
			c.AP, c.Posture, c.Sunk, c.Defending, c.Dashes, c.Mana = 0, Prone, true, true, 2, 0
			c.Readied, c.ReadyAction = true, Nested{}
			c.Long = &Long{Object: "bell", Remaining: 3}
			if enemy != nil {
				c.PinnedBy = enemy.ID
			}
			v.Options.HurryAllowed = !v.Options.HurryAllowed
		} else {
			c.AP, c.Posture = 25, Crouching
			c.Readied, c.ReadyAction = true, nest(&Defend{})
			c.Effects = append(c.Effects, Effect{Name: "ward", Mana: 2})
			c.Conditions = append(c.Conditions, Condition{Name: "bleeding", Level: 2})
			if m := v.mountOf(c); m != nil {
				m.Bolting = true
			}
			v.Options.HurryAllowed = true
		}
		out = append(out, &v)
	}
	return out
}

// candidates are the actions CheckLegal asks of c: of every kind legal
// knows, legal ones and illegal ones, and no command at all.
func candidates(s *State, c *Combatant) []Command {
	weapons := []string{"", "nothing like it"}
	for _, w := range c.Weapons {
		weapons = append(weapons, w.Name)
	}
	spells := []string{"nothing like it"}
	for _, sp := range c.Spells {
		spells = append(spells, sp.Name)
	}
	var out []Command
	for _, t := range append(s.Combatants[:len(s.Combatants):len(s.Combatants)], Combatant{ID: "nobody", X: c.X + 2, Y: c.Y - 1}) {
		for _, w := range weapons {
			out = append(out, &Attack{Target: t.ID, Weapon: w})
		}
		for _, style := range []string{Quick, Strong, Nonlethal, Grapple, "sideways"} {
			out = append(out, &Attack{Target: t.ID, Style: style})
		}
		for _, h := range append(hinderKinds[:len(hinderKinds):len(hinderKinds)], "tickle") {
			out = append(out, &Hinder{Hindrance: h, Target: t.ID})
		}
		for _, sp := range spells {
			out = append(out, &Cast{Spell: sp, Target: t.ID})
		}
		for _, l := range []string{"light", "severe", "fatal", "grievous"} {
			out = append(out, &Treat{Target: t.ID, Level: l})
		}
		for _, cond := range []string{"bleeding", "hobbled"} {
			out = append(out, &TreatCondition{Target: t.ID, Condition: cond})
		}
		out = append(out, &Approach{Target: t.ID}, &Pin{Target: t.ID}, &Opening{Target: t.ID}, &Enter{Target: t.ID},
			&Stabilize{Target: t.ID}, &Mount{Target: t.ID}, &Mount{Target: t.ID, Hurry: true},
			&Move{X: t.X, Y: t.Y}, &Move{X: t.X + 1, Y: t.Y}, &Jump{X: t.X, Y: t.Y}, &Drag{X: t.X + 1, Y: t.Y},
			&Dismount{X: t.X + 1, Y: t.Y}, &Dismount{X: t.X - 1, Y: t.Y + 1, Hurry: true},
			&LongAction{Action: nest(&Attack{Target: t.ID})}, &LongAction{Action: nest(&Cast{Spell: spells[len(spells)-1], Target: t.ID})},
			&LongAction{Action: nest(&Jump{X: t.X, Y: t.Y})})
	}
	for _, w := range weapons {
		out = append(out, &Retrieve{Weapon: w}, &Retrieve{Weapon: w, Hurry: true}, &Stow{Weapon: w}, &Stow{Weapon: w, Hurry: true},
			&LongAction{Action: nest(&Stow{Weapon: w})})
	}
	for _, sp := range spells {
		out = append(out, &Cast{Spell: sp})
	}
	for _, p := range []string{Standing, Crouching, Prone, "upside down"} {
		out = append(out, &Posture{To: p}, &Posture{To: p, Hurry: true})
	}
	for _, e := range []string{"ward", "nothing like it"} {
		out = append(out, &EndEffect{Effect: e})
	}
	for _, a := range []Command{nil, &Defend{}, &Attack{Target: "nobody"}, &EndTurn{}} {
		out = append(out, &Ready{Action: nest(a)})
	}
	out = append(out, &Move{X: c.X + 1, Y: c.Y}, &Move{X: c.X + 3, Y: c.Y + 3}, &Move{X: c.X + 40, Y: c.Y}, &Move{X: c.X, Y: c.Y},
		&Move{X: parts.MaxCoordinate + 1, Y: 0},
		&Jump{X: c.X + 2, Y: c.Y}, &Jump{X: c.X + 1, Y: c.Y + 2}, &Jump{X: c.X, Y: c.Y}, &Jump{High: true}, &Jump{High: true, Tuck: true},
		&Drag{X: c.X + 1, Y: c.Y}, &Drag{X: c.X, Y: c.Y}, &Dismount{X: c.X + 1, Y: c.Y},
		&Defend{}, &Seize{}, &Dash{}, &Escape{}, &Calm{}, &Surface{},
		&Use{Object: "bell"}, &Use{Object: "ritual"}, &Use{Object: "door", Hurry: true}, &Use{Object: "ritual", Hurry: true}, &Use{},
		&LongAction{Action: nest(&Defend{})}, &LongAction{Action: nest(&Use{Object: "bell"})}, &LongAction{Action: nest(&Jump{High: true})},
		&LongAction{Action: nest(&Seize{})}, &LongAction{Action: nest(&EndTurn{})},
		nil)
	return out
}
