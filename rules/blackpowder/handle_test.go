package blackpowder

import (
	"bytes"
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
)

// TestListedStrikesHold plays fights the way a simulation does (Moves, the
// tactical policy, Step on the same state) and checks at every decision
// that each attack Moves listed passes strikeCheck, run in full, with the
// numbers Moves recorded (and provokes nobody when Moves says so), that
// the answers and the initiative roller it recorded are those the prompt
// and the rules find, and that Step, which takes what Moves recorded,
// gives the events Decide gives checking in full.
func TestListedStrikesHold(t *testing.T) {
	fights := enginetest.Scale(200)
	used := 0
	for _, setup := range setups(t) {
		for f := range fights {
			used += checkListed(t, setup.Name, setup.State, uint64(f))
		}
	}
	if used == 0 {
		t.Fatal("no Step took an attack Moves listed")
	}
}

// checkListed plays one fight from initial and returns how many attacks
// Step took as Moves listed them.
func checkListed(t *testing.T, name string, initial State, seed uint64) int {
	t.Helper()
	r := Rules{}
	s := r.Clone(&initial)
	choose := dice.Seeded(dice.Mix(seed, 1))
	var p engine.Prompt[Command]
	used := 0
	for d := 0; d < 2000; d++ {
		r.Moves(&s, &p)
		if p.Kind == engine.End {
			return used
		}
		where := fmt.Sprintf("%s, fight %d, decision %d", name, seed, d)
		h := s.hot
		for _, k := range h.strikes {
			full := &run{s: &s}
			var got aimedStrike
			if err := full.strikeCheck(h.listedActor, k.cmd, plainStrike, &got); err != nil {
				t.Fatalf("%s: listed attack on %s refused: %v", where, k.cmd.Target, err)
			}
			if got.c != &s.Combatants[k.attacker] || got.t != &s.Combatants[k.tgt] || got.draw != noDraw || got.difficulty != k.difficulty {
				t.Fatalf("%s: listed attack on %s: Moves recorded %+v, strikeCheck finds %+v", where, k.cmd.Target, k, got)
			}
			if q := s.opportunists(nil, got.c, k.cmd); len(q) > 0 && !k.provokes {
				t.Fatalf("%s: listed attack on %s provokes %v, which Moves did not record", where, k.cmd.Target, q)
			}
		}
		if h.hasAnswers && answersOf(&p) != h.answers {
			t.Fatalf("%s: Moves recorded answers %+v, the options have %+v", where, h.answers, answersOf(&p))
		}
		if h.roll.group != 0 {
			g, roller, err := (&run{s: &s}).roller(p.Actor)
			if err != nil || g != &s.Groups[h.roll.group-1] || roller != &s.Combatants[h.roll.roller-1] {
				t.Fatalf("%s: Moves recorded roll %+v, initiative finds %v, %v, %v", where, h.roll, g, roller, err)
			}
		}
		c := Tactical{}.Choose(&s, &p, choose)
		listed := false
		if a, ok := c.(*Attack); ok && listedDifficulty(&s, a) >= 0 {
			used++
			listed = true
		}
		seedD := dice.Mix(seed, uint64(d))
		decided := r.Clone(&s)
		eventsA, errA := r.Decide(&decided, p.Actor, c, dice.Seeded(seedD))
		eventsB, errB := r.Step(&s, p.Actor, c, dice.Seeded(seedD), nil)
		if (errA == nil) != (errB == nil) {
			t.Fatalf("%s: %s: Decide says %v, Step says %v", where, r.FormatCommand(c), errA, errB)
		}
		if errA != nil {
			t.Fatalf("%s: %s refused: %v", where, r.FormatCommand(c), errA)
		}
		if a, b := eventJSON(t, eventsA), eventJSON(t, eventsB); !bytes.Equal(a, b) {
			t.Fatalf("%s: %s: events differ:\nDecide: %s\nStep:   %s", where, r.FormatCommand(c), a, b)
		}
		if h.listedState != nil {
			t.Fatalf("%s: what Moves proved outlived the Step", where)
		}
		if listed && h.run.taken == nil {
			t.Fatalf("%s: Step checked %s again, which Moves listed", where, r.FormatCommand(c))
		}
	}
	t.Fatalf("%s: fight %d did not end in 2000 decisions", name, seed)
	return used
}

// TestListedStrikeOnce checks that an attack Moves listed is checked in
// full once its state has changed: stepped again, it gets the refusal
// Decide gives it.
func TestListedStrikeOnce(t *testing.T) {
	r := Rules{}
	for _, setup := range setups(t) {
		s := r.Clone(&setup.State)
		var p engine.Prompt[Command]
		for d := 0; d < 200; d++ {
			r.Moves(&s, &p)
			if p.Kind == engine.End || len(s.hot.strikes) == 0 {
				if p.Kind == engine.End {
					break
				}
				if _, err := r.Step(&s, p.Actor, p.Options[p.Default].Command, dice.Seeded(uint64(d)), nil); err != nil {
					t.Fatal(err)
				}
				continue
			}
			atk := s.hot.strikes[0].cmd
			if _, err := r.Step(&s, p.Actor, atk, dice.Seeded(1), nil); err != nil {
				t.Fatalf("%s: listed attack refused: %v", setup.Name, err)
			}
			again := r.Clone(&s)
			_, errA := r.Decide(&again, p.Actor, atk, dice.Seeded(2))
			_, errB := r.Step(&s, p.Actor, atk, dice.Seeded(2), nil)
			if (errA == nil) != (errB == nil) || errA != nil && errA.Error() != errB.Error() {
				t.Fatalf("%s: the attack again: Decide says %v, Step says %v", setup.Name, errA, errB)
			}
			break
		}
	}
}

// listedDifficulty is the difficulty the last Moves worked out for cmd,
// an attack it listed in state s, or -1 when it did not.
func listedDifficulty(s *State, cmd *Attack) int {
	h := s.hot
	if h == nil || h.listedState != s {
		return -1
	}
	for i := range h.strikes {
		if k := &h.strikes[i]; k.cmd == cmd {
			return k.difficulty
		}
	}
	return -1
}
