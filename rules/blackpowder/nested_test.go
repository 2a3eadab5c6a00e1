package blackpowder

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"fray/engine"
)

// TestNestedJSON checks that a nested command's JSON is what
// the codec table writes, and reads back into the same command, for
// a command of every kind; none is null.
func TestNestedJSON(t *testing.T) {
	safe, mod := true, -2
	examples := map[string]Command{
		"attack":    &Attack{Target: "thug1", Weapon: "knife", Part: 3, Modifier: -2},
		"move":      &Move{X: 1.5, Y: -0.25},
		"run":       &Run{X: 1e-7, Y: 3e21},
		"revive":    &Revive{Target: "markus", Skill: "medicine"},
		"use":       &UseItem{Item: "salve", Target: "a<b"},
		"ruling":    &Ruling{Safe: &safe, Modifier: &mod},
		"interrupt": &Interrupt{Action: Nested{&Attack{Target: "é"}}, After: true},
		"draw":      &Draw{Weapon: `q"uote`},
	}
	for kind, newCommand := range commandKinds() {
		c, ok := examples[kind]
		if !ok {
			c = newCommand()
		}
		want, err := commands.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(Nested{c})
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: Nested JSON %s, %v; want %s", kind, got, err, want)
		}
		var back Nested
		if err := json.Unmarshal(want, &back); err != nil || !reflect.DeepEqual(back.Command, c) {
			t.Errorf("%s: %s reads back as %#v, %v; want %#v", kind, want, back.Command, err, c)
		}
	}
	var none Nested
	if got, err := json.Marshal(none); err != nil || string(got) != "null" {
		t.Errorf("no command: %s, %v; want null", got, err)
	}
	some := Nested{&Pass{}}
	if err := json.Unmarshal([]byte(" null "), &some); err != nil || some.Command != nil {
		t.Errorf("null reads as %#v, %v; want no command", some.Command, err)
	}
	for _, bad := range []string{`{"kind":"nope"}`, `{"kind":"attack","bogus":1}`, `[]`} {
		if err := json.Unmarshal([]byte(bad), &some); err == nil {
			t.Errorf("%s read without an error", bad)
		}
	}
	// A ruled event without a command leaves the field out, as it did.
	b, err := events.Marshal(&Ruled{About: "safety", Safe: true})
	if err != nil || string(b) != `{"kind":"ruled","about":"safety","safe":true}` {
		t.Errorf("ruled safety: %s, %v", b, err)
	}
}

// TestCommandsAreValues checks what cloneCommand relies on: of all the
// commands only Ruling, Interrupt and Rest hold anything by reference, and the
// copies it makes share nothing with the original.
func TestCommandsAreValues(t *testing.T) {
	for kind, newCommand := range commandKinds() {
		typ := reflect.TypeOf(newCommand()).Elem()
		switch typ {
		case reflect.TypeFor[Ruling](), reflect.TypeFor[Interrupt](), reflect.TypeFor[Rest]():
			continue
		}
		for f := range typ.Fields() {
			switch f.Type.Kind() {
			case reflect.Bool, reflect.Int, reflect.Float64, reflect.String:
			default:
				t.Errorf("%s: field %s is a %s: cloneCommand must copy it", kind, f.Name, f.Type)
			}
		}
	}
	safe, mod := false, 3
	for _, c := range []Command{
		&Attack{Target: "a", Part: 5}, &Ruling{Safe: &safe, Modifier: &mod}, &Ruling{},
		&Interrupt{Action: Nested{&Attack{Target: "b"}}}, &Interrupt{},
		&Rest{Length: "short", Who: []string{"a", "b"}}, &Rest{Length: "long"},
	} {
		copied := cloneCommand(c)
		if copied == c || !reflect.DeepEqual(copied, c) {
			t.Errorf("cloneCommand(%#v) = %#v", c, copied)
		}
	}
	r := &Ruling{Safe: &safe, Modifier: &mod}
	rc := cloneCommand(r).(*Ruling)
	*rc.Safe, *rc.Modifier = true, 9
	in := &Interrupt{Action: Nested{&Attack{Target: "b"}}}
	ic := cloneCommand(in).(*Interrupt)
	ic.Action.Command.(*Attack).Target = "c"
	rest := &Rest{Length: "short", Who: []string{"a"}}
	cloneCommand(rest).(*Rest).Who[0] = "z"
	if safe || mod != 3 || in.Action.Command.(*Attack).Target != "b" || rest.Who[0] != "a" {
		t.Error("a cloned command shares memory with the original")
	}
	if cloneCommand(nil) != nil {
		t.Error("cloneCommand(nil) is not nil")
	}
}

// TestCloneCopiesDeclaredCommands checks that a cloned state's declared
// and delayed commands are its own.
func TestCloneCopiesDeclaredCommands(t *testing.T) {
	s := State{Declared: &Declaration{
		Actor:   "a",
		Command: Nested{&Attack{Target: "b"}},
		Held:    []Deferred{{Who: "c", Command: Nested{&Attack{Target: "a"}}}},
	}}
	out := s.clone()
	out.Declared.Command.Command.(*Attack).Target = "x"
	out.Declared.Held[0].Command.Command.(*Attack).Target = "y"
	if s.Declared.Command.Command.(*Attack).Target != "b" || s.Declared.Held[0].Command.Command.(*Attack).Target != "a" {
		t.Error("the clone shares its declared commands with the original")
	}
}

// TestCloneOfAScratchStateIsItsOwn checks that a Clone of a state that
// scratchInto filled keeps its initiative order when the scratch state is
// filled again from another: the scratch's order is its hot memory's, and
// exact odds clone the state a dice path led to, then reuse it for the
// next path.
func TestCloneOfAScratchStateIsItsOwn(t *testing.T) {
	a := State{Groups: []Group{{ID: "x"}, {ID: "y"}}, Order: []int{0, 1}}
	b := State{Groups: []Group{{ID: "x"}, {ID: "y"}}, Order: []int{1, 0}}
	var scratch State
	scratch.hotMemory()
	a.scratchInto(&scratch)
	kept := scratch.clone()
	b.scratchInto(&scratch)
	if !slices.Equal(kept.Order, []int{0, 1}) {
		t.Errorf("the clone's order became %v with the scratch state's next copy, want [0 1]", kept.Order)
	}
}

// TestNestedCommandsInArena checks the copies of nested commands on the
// hot path: an event's are made in the events arena, equal to the
// original and allocating nothing once the arena has grown, while what a
// declaration holds (held, keptAttack) is hot memory's own, unchanged when
// the arena is reset and reused.
func TestNestedCommandsInArena(t *testing.T) {
	var a engine.Arena
	for _, c := range []Command{
		&Attack{Target: "a", Part: 5}, &Stun{Target: "b"}, &Hold{Target: "c"}, &Move{X: 1, Y: 2},
		&Run{X: 3}, &Withdraw{Y: -1}, &Draw{Weapon: "knife"}, &AimAt{Target: "d", Hand: true},
		&UseItem{Item: "salve"}, &Revive{Target: "e", Skill: "medicine"},
		&Interrupt{Action: Nested{&Attack{Target: "f"}}, With: "g"},
	} {
		copied := cloneCommandIn(&a, c)
		if copied == c || !reflect.DeepEqual(copied, c) {
			t.Errorf("cloneCommandIn(%#v) = %#v", c, copied)
		}
	}
	in := Nested{&Interrupt{Action: Nested{&Attack{Target: "f"}}}}
	if n := testing.AllocsPerRun(100, func() { a.Reset(); in.cloneIn(&a) }); n != 0 {
		t.Errorf("an interrupt copied into the arena: %v allocations, want 0", n)
	}

	var h hotMemory
	a.Reset()
	event := Nested{&Attack{Target: "b"}}.cloneIn(&a)
	kept := h.held(event)
	if kept.Command == event.Command || !reflect.DeepEqual(kept, event) {
		t.Fatalf("held(%#v) = %#v: want a copy of its own", event.Command, kept.Command)
	}
	a.Reset()
	Nested{&Attack{Target: "z"}}.cloneIn(&a) // the next Step's, in the same memory
	if kept.Command.(*Attack).Target != "b" {
		t.Error("the held command changed with the events arena")
	}
	if again := h.held(Nested{&Attack{Target: "b"}}); again.Command != kept.Command {
		t.Error("an equal delayed action was copied again")
	}
	if n := testing.AllocsPerRun(100, func() { h.held(event) }); n != 0 {
		t.Errorf("held, kept before: %v allocations, want 0", n)
	}
	var nilHot *hotMemory
	if nilHot.held(event) != event {
		t.Error("the table's path holds a copy of the event's own command")
	}

	p := h.keptAttack(Attack{Target: "b", Weapon: "knife"})
	if q := h.keptAttack(Attack{Target: "b", Weapon: "knife"}); q != p || *q != (Attack{Target: "b", Weapon: "knife"}) {
		t.Errorf("pinned twice: %#v and %#v, want one attack with the knife", p, q)
	}
	if a := nilHot.keptAttack(Attack{Target: "b", Weapon: "knife"}); a == nilHot.keptAttack(*a) {
		t.Error("the table's path shares a pinned attack")
	}
}
