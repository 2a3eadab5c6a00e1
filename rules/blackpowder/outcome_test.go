package blackpowder

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
)

// outcomeOf plays steps on the alley fight (initiative already rolled, the
// players first) with the dice given, and summarises the events of the
// last step as the odds of actor's command see them.
func outcomeOf(t *testing.T, actor string, unaware bool, steps [][2]string, rolls ...int) ([]string, map[string]int) {
	t.Helper()
	sp := alley()
	sp.Combatants[3].X = 10 // the gunman, out of reach: his shots are not declared
	sp.Combatants[2].Unaware = unaware
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	enc := engine.NewEncounter[State, Command, Event](Rules{}, s)
	src := dice.NewScript(append([]int{10, 1}, rolls...)...)
	for _, who := range []string{"beatrix", "thug1"} {
		if _, err := enc.Submit(who, &RollInitiative{}, src); err != nil {
			t.Fatal(err)
		}
	}
	var before State
	var events []Event
	for _, st := range steps {
		c, err := Rules{}.ParseCommand(enc.State(), st[0], st[1])
		if err != nil {
			t.Fatal(err)
		}
		before = Rules{}.Clone(enc.State())
		if events, err = enc.Submit(st[0], c, src); err != nil {
			t.Fatalf("%s: %s: %v", st[0], st[1], err)
		}
	}
	took := make([]int, len(before.Combatants))
	tags := Rules{}.Outcome(&before, actor, events, enc.State(), nil, took)
	slices.Sort(tags)
	var damage map[string]int
	for i, n := range took {
		if n != 0 {
			if damage == nil {
				damage = map[string]int{}
			}
			damage[before.Combatants[i].ID] = n
		}
	}
	return tags, damage
}

func TestOutcomeTags(t *testing.T) {
	tests := []struct {
		name    string
		actor   string
		unaware bool // thug1 has not noticed the fight
		steps   [][2]string
		rolls   []int
		tags    []string
		damage  map[string]int
	}{
		{"a miss", "markus", false, [][2]string{{"markus", "attack thug1"}}, []int{1},
			[]string{"miss"}, nil},
		{"a hit waiting for the dodge", "markus", false, [][2]string{{"markus", "attack thug1"}}, []int{9},
			[]string{"hit"}, nil},
		// Stun damage S = (2 + 3 + 1) x 2 = 12 against 8 LP: a passed
		// Consciousness check costs 12 - 8 = 4 LP.
		{"a stun's cost in LP", "markus", true, [][2]string{{"markus", "stun thug1"}}, []int{9, 2, 9},
			[]string{"hit"}, map[string]int{"thug1": 4}},
		{"the dodge fails: damage", "markus", false, [][2]string{{"markus", "attack thug1"}, {"thug1", "dodge"}}, []int{9, 1, 4},
			[]string{"dodge-failed"}, map[string]int{"thug1": 8}},
		{"the dodge works", "markus", false, [][2]string{{"markus", "attack thug1"}, {"thug1", "dodge"}}, []int{5, 10},
			[]string{"dodged"}, nil},
		{"the critical", "markus", false, [][2]string{{"markus", "attack thug1"}, {"thug1", "take"}, {"markus", "critical"}}, []int{9, 10, 8, 3},
			[]string{"critical", "thug1:knocked-out"}, map[string]int{"thug1": 10 + 3 + 3 + 1}},
		{"someone else's jam", "markus", false, [][2]string{{"markus", "pass"}, {"beatrix", "pass"}, {"gunman", "attack markus"}, {"markus", "take"}}, []int{9, 4, 4, 9},
			[]string{"gunman:jam", "gunman:jam:misfire"}, nil},
		{"an aimed attack fired early", "beatrix", false, [][2]string{{"beatrix", "aim gunman"}, {"markus", "pass"}, {"thug1", "attack markus"}, {"beatrix", "fire-early"}}, []int{1},
			[]string{"fired-early", "hit"}, nil},
		{"someone else's hit", "markus", false, [][2]string{{"markus", "pass"}, {"beatrix", "pass"}, {"gunman", "attack markus"}}, []int{9},
			[]string{"gunman:hit"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tags, damage := outcomeOf(t, tt.actor, tt.unaware, tt.steps, tt.rolls...)
			if !slices.Equal(tags, tt.tags) {
				t.Errorf("tags %v, want %v", tags, tt.tags)
			}
			if len(damage) != 0 || len(tt.damage) != 0 {
				if !reflect.DeepEqual(damage, tt.damage) {
					t.Errorf("damage %v, want %v", damage, tt.damage)
				}
			}
		})
	}
}

func TestConditionAndCombatants(t *testing.T) {
	s, err := alley().State()
	if err != nil {
		t.Fatal(err)
	}
	if got := (Rules{}).Roster(&s); !slices.Equal(got, []string{"beatrix", "markus", "thug1", "gunman"}) {
		t.Errorf("combatants %v", got)
	}
	s.combatant("thug1").Status = Unconscious
	for id, want := range map[string]struct {
		cond string
		down bool
	}{"markus": {"active", false}, "thug1": {"unconscious", true}, "nobody": {"", false}} {
		if cond, down := (Rules{}).Condition(&s, id); cond != want.cond || down != want.down {
			t.Errorf("%s: %q %v, want %q %v", id, cond, down, want.cond, want.down)
		}
	}
}

// On a group's turn every unfinished member gets its own options.
func TestOptionsFor(t *testing.T) {
	s, err := alley().State()
	if err != nil {
		t.Fatal(err)
	}
	enc := engine.NewEncounter[State, Command, Event](Rules{}, s)
	src := dice.NewScript(10, 1)
	for _, who := range []string{"beatrix", "thug1"} {
		if _, err := enc.Submit(who, &RollInitiative{}, src); err != nil {
			t.Fatal(err)
		}
	}
	st := enc.State()
	has := func(opts []engine.Option[Command], text string) bool {
		return slices.ContainsFunc(opts, func(o engine.Option[Command]) bool { return Rules{}.FormatCommand(o.Command) == text })
	}
	if opts := (Rules{}).OptionsFor(st, "markus"); !has(opts, "hold thug1") {
		t.Errorf("Markus's options lack the hold his club allows")
	}
	if opts := (Rules{}).OptionsFor(st, "beatrix"); has(opts, "hold thug1") || !has(opts, "attack thug1") {
		t.Errorf("Beatrix's options are not her own")
	}
	if opts := (Rules{}).OptionsFor(st, engine.GM); len(opts) != len(next(st).Options) {
		t.Errorf("the GM gets %d options, the prompt has %d", len(opts), len(next(st).Options))
	}
	// Once Beatrix has passed, what is left to her while Markus keeps the
	// turn open is the turn's immediate action and her move (R06, R33).
	if _, err := enc.Submit("beatrix", &Pass{}, src); err != nil {
		t.Fatal(err)
	}
	st = enc.State()
	if p := next(st); p.Actor != "markus" || !slices.Equal(p.Others, []string{"beatrix"}) {
		t.Errorf("after Beatrix passes the prompt is %s's, others %v; want markus's, others [beatrix]", p.Actor, p.Others)
	}
	var texts []string
	for _, o := range (Rules{}).OptionsFor(st, "beatrix") {
		texts = append(texts, Rules{}.FormatCommand(o.Command))
	}
	if !slices.Equal(texts, []string{"draw fists"}) {
		t.Errorf("Beatrix's options once she has passed: %q, want only the immediate action [draw fists]", texts)
	}
}

// TestCommandText checks that command text reads and writes back, and that
// mistakes say how the verb is used.
func TestCommandText(t *testing.T) {
	for _, text := range []string{
		"attack thug with pistol part 3 mod -2", "aim thug with musket", "check body athletics vs 7", "check wits",
		"use salve on markus", "use salve", "revive markus with medicine", "ruling safe", "ruling unsafe", "ruling mod -3",
		"move 1.5 -2", "run 3 4", "withdraw 0 0", "interrupt attack thug", "after reload", "stun thug with club",
		"hold thug", "draw fists", "heal markus beatrix", "rest long", "repair markus", "assist beatrix",
		"initiative", "no-critical", "opportunity-attack", "fire-early", "stand", "done",
		"interrupt with beatrix attack thug with club", "rest short markus beatrix", "do blow the horn",
	} {
		c, err := Rules{}.ParseCommand(nil, "markus", text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if got := (Rules{}).FormatCommand(c); got != text {
			t.Errorf("%q writes back as %q", text, got)
		}
	}
	for _, tt := range []struct{ text, want string }{
		{"attack", "attack needs more: attack TARGET [with WEAPON] [part 3|5|hand] [mod N]"},
		{"attack thug part three", `part takes 3, 5 or hand, not "three"`},
		{"revive markus", "revive TARGET with medicine|survival"},
		{"ruling safe mod 2", "ruling safe, ruling unsafe, or ruling mod N"},
		{"check body vs 0", "vs takes a difficulty of 1 or more, not 0"},
		{"move 1 north", `move X Y takes two numbers, not "1" "north"`},
		{"interrupt dance", `interrupt with what? unknown command "dance"`},
		{"interrupt with beatrix", "interrupt with beatrix and do what?"},
		{"do", "do what?"},
		{"pass now", `"pass" takes nothing after it`},
	} {
		if _, err := (Rules{}).ParseCommand(nil, "markus", tt.text); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want an error saying %q", tt.text, err, tt.want)
		}
	}
}
