package odds_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/odds"
	"fray/rules/tempo"
)

// A player's odds are a function of what the player's view holds. In
// random tempo duels, every time a feint is offered the fight is forked:
// one fork feints, the other makes the Melee Attack the feint appears to
// be, with the same dice. While the one whose decision it is then sees the
// two forks alike, the odds they are given (every option's figures, its
// status, the dice paths and situations it took, an estimate's samples and
// seed) must be the same in both, exact or estimated:
// odds that differ, or that are missing in one fork, would betray the
// feint. The two forks go on in step, with the same answers and dice, for
// as long as that viewer's view of them stays the same.
func TestOddsAreAFunctionOfTheView(t *testing.T) {
	g := engine.Game[tempo.State, tempo.Command, tempo.Event](tempo.Rules{})
	calc, err := odds.For(g)
	if err != nil {
		t.Fatal(err)
	}
	start := tempoState(t, "duel", 9, 2)
	menuOf := func(s *tempo.State, actor string, maxPaths int) []byte {
		t.Helper()
		st := g.Clone(s)
		table := engine.NewTable(g, engine.NewEncounter(g, st))
		// An estimate of a few hundred samples: the same or not is
		// what is asked here, not how precise.
		m, err := calc.All(table, actor, odds.Options{Workers: 1, MaxPaths: maxPaths, Samples: 400})
		if err != nil {
			t.Fatalf("odds for %s: %v", actor, err)
		}
		b, err := json.Marshal(odds.NewMenuJSON(g.ID(), m))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	viewOf := func(s *tempo.State, actor string) []byte {
		v := engine.View(g, s, engine.Viewer{Combatant: actor})
		b, err := json.Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	apply := func(s *tempo.State, actor string, c tempo.Command, src dice.Source) error {
		events, err := g.Decide(s, actor, c, src)
		if err != nil {
			return err
		}
		for _, e := range events {
			g.Evolve(s, e)
		}
		return nil
	}
	forks, compared, estimated := 0, 0, 0
	for fight := range 12 {
		s := g.Clone(start)
		choose := dice.Seeded(dice.Mix(uint64(fight), 29))
		src := dice.Seeded(dice.Mix(uint64(fight), 30))
		for d := 0; d < 120; d++ {
			p := g.Next(&s)
			if p.Kind == engine.End {
				break
			}
			var feint *tempo.Declare
			for _, o := range p.Options {
				if dec, ok := o.Command.(*tempo.Declare); ok && dec.Action == tempo.Feint {
					feint = dec
					break
				}
			}
			if feint != nil && choose.Roll(2) == 1 {
				attack := *feint
				attack.Action = tempo.MeleeAttack
				feinted, attacked := g.Clone(&s), g.Clone(&s)
				seed := dice.Mix(uint64(fight), uint64(d))
				if apply(&feinted, p.Actor, feint, dice.Seeded(seed)) != nil || apply(&attacked, p.Actor, &attack, dice.Seeded(seed)) != nil {
					goto play
				}
				forks++
				// The two go on in step while the one deciding sees
				// them alike.
				for step := 0; step < 4; step++ {
					pf, pa := g.Next(&feinted), g.Next(&attacked)
					if pf.Kind == engine.End || pa.Kind == engine.End || pf.Actor != pa.Actor || pf.Actor == engine.GM || pf.Actor == p.Actor {
						break
					}
					viewer := pf.Actor
					if !bytes.Equal(viewOf(&feinted, viewer), viewOf(&attacked, viewer)) {
						break
					}
					compared++
					// Exact odds, and with a budget so small that
					// most options are estimated.
					for _, maxPaths := range []int{0, 60} {
						mf, ma := menuOf(&feinted, viewer, maxPaths), menuOf(&attacked, viewer, maxPaths)
						if !bytes.Equal(mf, ma) {
							t.Fatalf("fight %d, decision %d, a budget of %d paths: %s sees the feint and the attack alike, but is given different odds:\nfeint:  %s\nattack: %s", fight, d, maxPaths, viewer, mf, ma)
						}
						if maxPaths > 0 && bytes.Contains(mf, []byte(`"status":"estimate"`)) {
							estimated++
						}
					}
					// The same answer in both, the same dice.
					vp := engine.ViewPrompt(g, &feinted, engine.Viewer{Combatant: viewer})
					c := vp.Options[choose.Roll(len(vp.Options))-1].Command
					seed := dice.Mix(uint64(fight), uint64(100+step))
					if apply(&feinted, viewer, c, dice.Seeded(seed)) != nil || apply(&attacked, viewer, c, dice.Seeded(seed)) != nil {
						break
					}
				}
			}
		play:
			c := engine.Uniform[tempo.State, tempo.Command]{}.Choose(&s, &p, choose)
			if err := apply(&s, p.Actor, c, src); err != nil {
				t.Fatalf("fight %d decision %d: %v", fight, d, err)
			}
		}
	}
	if forks < 10 || compared < 10 || estimated < 5 {
		t.Fatalf("%d feints forked, %d menus compared, %d with estimates: too few to show anything", forks, compared, estimated)
	}
	t.Logf("%d feints forked, %d menus compared, %d with estimates", forks, compared, estimated)
}
