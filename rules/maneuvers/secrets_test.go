package maneuvers

import (
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
)

// TestHiddenNamesStaySecret plays random fights in which two allies sneak
// and checks, at every decision, that no prompt or log line shown to a
// foe names a combatant hidden from it (R36), but where the rules put it
// in the open: an attack or a grapple aimed at it (and an item its Disarm
// knocks away), the turn order, and the contests that foe rolled in or the
// grapple that held it; that no line tells it the health such a one has
// left; and that its view of the state names no such one in another's
// grapple, nor whom else a foe hides from.
func TestHiddenNamesStaySecret(t *testing.T) {
	r := Rules{}
	viewers := []string{"ann", "dan", "bob", "cy"}
	open := map[string]bool{"turn_started": true, "turn_ended": true, "turn_delayed": true, "turn_skipped": true, "defence_chosen": true,
		"strike_declared": true, "revealed": true}
	var view State
	for seed := uint64(1); seed <= 200; seed++ {
		sp := &Spec{Combatants: []Combatant{
			{ID: "ann", Side: "a", Str: 2, Agi: 2, Health: 12, Skills: map[string]int{"stealth": 6},
				Weapons: []Weapon{{Name: "sword", Kind: "melee", Damage: "1d6", Type: "slashing"}, {Name: "knife", Kind: "thrown", Range: 8, Damage: "1d4", Type: "piercing"}},
				Spells:  []Spell{{Name: "mend", Heal: "1d4", Reaction: true, Range: 3}}},
			{ID: "dan", Side: "a", Str: 2, Health: 12, X: -2, Skills: map[string]int{"stealth": 6}, Weapons: []Weapon{{Name: "spear", Kind: "melee", Reach: 2, Damage: "1d6", Type: "piercing"}}},
			{ID: "bob", Side: "b", Str: 2, Health: 12, X: 3, Weapons: []Weapon{{Name: "sword", Kind: "melee", Damage: "1d6", Type: "slashing"}}},
			{ID: "cy", Side: "b", Str: 2, Health: 12, X: 4, Y: 3, Weapons: []Weapon{{Name: "club", Kind: "melee", Damage: "1d6", Type: "crushing"}}},
		}}
		s, err := sp.State()
		if err != nil {
			t.Fatal(err)
		}
		src := dice.NewPCG(seed, 7)
		for n := 0; n < 300; n++ {
			p := r.Next(&s)
			if p.Kind == engine.End || len(p.Options) == 0 {
				break
			}
			for _, v := range viewers {
				checkView(t, seed, r, &s, &view, v)
				me, asker := s.Combatant(v), s.Combatant(p.Actor)
				if asker == me {
					continue // an ally's prompt: its side shares what it sees
				}
				vp := r.ViewPrompt(&s, p, engine.Viewer{Combatant: v})
				text := vp.Question + " | " + strings.Join(vp.Others, ",")
				for _, o := range vp.Options {
					if _, ok := o.Command.(*Delay); !ok {
						text += " | " + o.Label
					}
				}
				for i := range s.Combatants {
					h := &s.Combatants[i]
					inOpen := s.Roll != nil && (s.Roll.Attacker == h.ID || s.Roll.Target == h.ID) || s.Contest != nil && (s.Contest.Initiator == h.ID || s.Contest.Resister == h.ID)
					if h.hiddenFrom(v) && !inOpen && strings.Contains(text, h.ID) {
						t.Fatalf("seed %d: %s is shown %q, naming %s, hidden from it", seed, v, text, h.ID)
					}
				}
			}
			c := p.Options[src.Roll(len(p.Options))-1].Command
			if p.Default >= 0 && src.Roll(3) == 1 {
				c = p.Options[p.Default].Command
			}
			for _, v := range viewers {
				seen, ok := r.ViewCommand(&s, p.Actor, c, engine.Viewer{Combatant: v})
				if !ok {
					continue
				}
				text := r.FormatCommand(seen)
				for i := range s.Combatants {
					h := &s.Combatants[i]
					switch seen.(type) {
					case *Strike, *Grapple, *Delay:
						continue // an attack, or a grapple, aimed in the open; the turn order
					}
					if h.hiddenFrom(v) && strings.Contains(text, h.ID) {
						t.Fatalf("seed %d: %s is shown %s's command %q, naming %s, hidden from it", seed, v, p.Actor, text, h.ID)
					}
				}
			}
			evs, err := r.Decide(&s, p.Actor, c, src)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			for _, e := range evs {
				for _, v := range viewers {
					seen, ok := r.ViewEvent(&s, e, engine.Viewer{Combatant: v})
					if !ok || open[events.Kind(e)] {
						continue
					}
					r.ViewInto(&view, &s, engine.Viewer{Combatant: v})
					line := r.DescribeEvent(&view, seen)
					if d, ok := e.(*Damaged); ok && s.Combatant(d.Combatant).hiddenFrom(v) && (strings.Contains(line, "health left") || seen.(*Damaged).HP != 0) {
						t.Fatalf("seed %d: %s reads %q, the health left of %s, hidden from it", seed, v, line, d.Combatant)
					}
					for i := range s.Combatants {
						h := &s.Combatants[i]
						inOpen := s.Roll != nil && (s.Roll.Attacker == h.ID || s.Roll.Target == h.ID)
						switch e := e.(type) {
						case *Observed:
							inOpen = inOpen || v == e.Observer || v == e.Sneaker // a contest it rolled in
						case *ItemDropped:
							inOpen = inOpen || e.Knocked // knocked away by an attack's Disarm
						case *GrappleEnded:
							inOpen = inOpen || v == e.Target || v == e.Combatant // the two in it
						case *GrappleAttempted:
							inOpen = inOpen || v == e.Target || h.ID == e.Target // the one it is tried on; an attempt aimed in the open
						case *GrappleResolved:
							inOpen = inOpen || v == e.Target || h.ID == e.Target
						case *EscapeRolled:
							inOpen = inOpen || v == e.From || v == e.Combatant // the two in it
						}
						if h.hiddenFrom(v) && !inOpen && strings.Contains(line, h.ID) {
							t.Fatalf("seed %d: %s reads %q, naming %s, hidden from it", seed, v, line, h.ID)
						}
					}
				}
				r.Evolve(&s, e)
			}
		}
	}
}

// checkView fails the test when v's view of s (made in view) names, in
// the grapple of one v sees, one hidden from v, or says whom a foe of v's
// hides from beyond v itself (R36).
func checkView(t *testing.T, seed uint64, r Rules, s, view *State, v string) {
	t.Helper()
	r.ViewInto(view, s, engine.Viewer{Combatant: v})
	me := s.Combatant(v)
	for i := range view.Combatants {
		c := &view.Combatants[i]
		for _, id := range []string{c.GrappledBy, c.Grappling} {
			if c.ID != v && s.Combatant(id) != nil && s.Combatant(id).hiddenFrom(v) {
				t.Fatalf("seed %d: %s's view of %s names %s in its grapple, hidden from it", seed, v, c.ID, id)
			}
		}
		if hostile(c, me) && (len(c.HiddenFrom) > 1 || len(c.HiddenFrom) == 1 && c.HiddenFrom[0] != v || len(c.HidAt) > 0) {
			t.Fatalf("seed %d: %s's view of its foe %s says it hides from %v (at %v)", seed, v, c.ID, c.HiddenFrom, c.HidAt)
		}
	}
	if ct := view.Contest; ct != nil && v != ct.Resister && s.Combatant(ct.Initiator) != nil && s.Combatant(ct.Initiator).hiddenFrom(v) {
		t.Fatalf("seed %d: %s's view names %s grappling, hidden from it", seed, v, ct.Initiator)
	}
}

// TestAwarenessRulingKeepsWhomTheAttackerHidFrom checks that the GM's
// ruling on an attack by one hidden from its target does not tell another
// foe of the attacker's, in the record of commands, that it was hidden
// (R36, §6.3): that foe reads the ruling as it would read the same
// outcome on an attacker no one had lost sight of, while the target, the
// attacker's side and the GM read it as given.
func TestAwarenessRulingKeepsWhomTheAttackerHidFrom(t *testing.T) {
	s := hiddenFromBob(t, Combatant{ID: "cy", Side: "b", Health: 10, X: 8, Y: 8}, "ann", "bob", "cy")
	r := Rules{}
	events, err := r.Decide(&s, "ann", &Strike{Target: "bob"}, dice.NewScript())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		r.Evolve(&s, e)
	}
	for _, c := range []struct{ given, cy string }{{"", "unaware"}, {"aware", ""}, {"unaware", "unaware"}} {
		for _, v := range []string{"cy", "bob", "ann", engine.GM} {
			want := c.given
			if v == "cy" {
				want = c.cy
			}
			viewer := engine.Viewer{Combatant: v, GM: v == engine.GM}
			seen, ok := r.ViewCommand(&s, engine.GM, &Situation{Awareness: c.given}, viewer)
			if got := seen.(*Situation).Awareness; !ok || got != want {
				t.Errorf("the GM rules %q: %s reads %q (shown %v), want %q", c.given, v, got, ok, want)
			}
		}
	}
}
