package blackpowder

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/engine/enginetest"
)

// TestStepIsDecideThenEvolve plays 50 fights a setup (500 with FRAY_LONG=1,
// 5 with -short; see enginetest.Scale) with Step and, beside it, with
// Decide and Evolve, and checks at every decision that both give the same
// events, draw the same dice and reach the same state; at one decision in
// eight it checks every option of the prompt the same way, and a command
// the rules refuse gets the same refusal.
func TestStepIsDecideThenEvolve(t *testing.T) {
	fights := enginetest.Scale(500)
	for _, setup := range setups(t) {
		t.Run(setup.Name, func(t *testing.T) {
			for f := range fights {
				checkStep(t, setup.State, uint64(f))
			}
		})
	}
}

// checkStep plays one fight from initial, choosing with the tactical
// policy in even fights and at random in odd ones.
func checkStep(t *testing.T, initial State, seed uint64) {
	t.Helper()
	var policy engine.Policy[State, Command] = Tactical{}
	if seed%2 == 1 {
		policy = engine.Uniform[State, Command]{}
	}
	r := Rules{}
	s := r.Clone(&initial)
	choose := dice.Seeded(dice.Mix(seed, 1))
	diceSeed := dice.Mix(seed, 2)
	for d := 0; d < 2000; d++ {
		p := r.Next(&s)
		if p.Kind == engine.End {
			return
		}
		where := fmt.Sprintf("fight %d, decision %d", seed, d)
		if d%8 == 3 {
			for i, o := range p.Options {
				sameStep(t, fmt.Sprintf("%s, option %d", where, i), &s, p.Actor, o.Command, dice.Mix(diceSeed, uint64(1000+i)))
			}
			sameStep(t, where+", a refused attack", &s, p.Actor, &Attack{Target: p.Actor}, diceSeed)
		}
		c := policy.Choose(&s, &p, choose)
		s = sameStep(t, where, &s, p.Actor, c, dice.Mix(diceSeed, uint64(d)))
		if t.Failed() {
			return
		}
	}
	t.Fatalf("fight %d did not end in 2000 decisions", seed)
}

// sameStep decides c in s both ways with dice from the same seed, checks
// that they agree and returns the state after it (s itself if refused).
func sameStep(t *testing.T, where string, s *State, actor string, c Command, seed uint64) State {
	t.Helper()
	r := Rules{}
	decided := r.Clone(s)
	srcA := dice.Seeded(seed)
	eventsA, errA := r.Decide(&decided, actor, c, srcA)
	for _, e := range eventsA {
		r.Evolve(&decided, e)
	}
	stepped := r.Clone(s)
	srcB := dice.Seeded(seed)
	eventsB, errB := r.Step(&stepped, actor, c, srcB, nil)
	if (errA == nil) != (errB == nil) || (errA != nil && errA.Error() != errB.Error()) {
		t.Fatalf("%s: %s: Decide says %v, Step says %v", where, r.FormatCommand(c), errA, errB)
	}
	if errA != nil {
		return r.Clone(s)
	}
	if a, b := eventJSON(t, eventsA), eventJSON(t, eventsB); !bytes.Equal(a, b) {
		t.Fatalf("%s: %s: events differ:\nDecide: %s\nStep:   %s", where, r.FormatCommand(c), a, b)
	}
	if srcA.State() != srcB.State() {
		t.Fatalf("%s: %s: Decide and Step drew different dice", where, r.FormatCommand(c))
	}
	a, _ := json.Marshal(&decided)
	b, _ := json.Marshal(&stepped)
	if !bytes.Equal(a, b) {
		t.Fatalf("%s: %s: states differ:\nDecide then Evolve: %s\nStep:               %s", where, r.FormatCommand(c), a, b)
	}
	return stepped
}

func eventJSON(t *testing.T, list []Event) []byte {
	t.Helper()
	var out [][]byte
	for _, e := range list {
		b, err := events.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return bytes.Join(out, []byte("\n"))
}
