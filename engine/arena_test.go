package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A small sealed vocabulary for the tests of Kinds and Arena.
type (
	testEvent interface {
		testEvent()
	}
	hitEvent struct {
		Who  string `json:"who"`
		Dice []int  `json:"dice"`
	}
	missEvent  struct{}
	notAnEvent struct{}
)

func (*hitEvent) testEvent()  {}
func (*missEvent) testEvent() {}

func testKinds() (*engine.Kinds[testEvent], engine.Kind[hitEvent], engine.Kind[missEvent]) {
	k := engine.NewKinds[testEvent]("test event")
	hit := engine.Add[hitEvent](k, "hit")
	miss := engine.Add[missEvent](k, "miss")
	return k, hit, miss
}

func TestKindsDecodeAndList(t *testing.T) {
	k, hit, _ := testKinds()
	if hit.Name() != "hit" {
		t.Errorf("Name() = %q", hit.Name())
	}
	if got := strings.Join(k.Names(), ","); got != "hit,miss" {
		t.Errorf("Names() = %s", got)
	}
	e, err := k.Decode([]byte(`{"kind":"hit","who":"ann","dice":[3,4]}`))
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := e.(*hitEvent); !ok || h.Who != "ann" || len(h.Dice) != 2 {
		t.Errorf("decoded %#v", e)
	}
	if got := k.Kind(e); got != "hit" {
		t.Errorf("Kind(%#v) = %q, want hit", e, got)
	}
	if got := k.Kind(nil); got != "" {
		t.Errorf("Kind(nil) = %q, want none", got)
	}
	if data, err := k.Marshal(&missEvent{}); err != nil || string(data) != `{"kind":"miss"}` {
		t.Errorf("Marshal(miss) = %s, %v", data, err)
	}
	if _, err := k.Decode([]byte(`{"kind":"parry"}`)); err == nil || !strings.Contains(err.Error(), `unknown test event kind "parry"`) {
		t.Errorf("an unknown kind: %v", err)
	}
	if _, err := k.Decode([]byte(`{"kind":"hit","whom":"ann"}`)); err == nil {
		t.Error("an unknown field was read")
	}
}

func TestKindsRefuseMistakes(t *testing.T) {
	for name, add := range map[string]func(){
		"a kind against the convention": func() {
			engine.Add[hitEvent](engine.NewKinds[testEvent]("test event"), "Hit")
		},
		"a type that is not one": func() {
			engine.Add[notAnEvent](engine.NewKinds[testEvent]("test event"), "not_an_event")
		},
		"a kind twice": func() {
			k := engine.NewKinds[testEvent]("test event")
			engine.Add[hitEvent](k, "hit")
			engine.Add[hitEvent](k, "hit")
		},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			add()
		})
	}
}

func TestArenaReusesMemory(t *testing.T) {
	_, hit, miss := testKinds()
	var a engine.Arena
	// One decision's values are distinct and hold what they were set to,
	// past a chunk's worth.
	var first []*hitEvent
	for i := range 100 {
		h := engine.New(&a, hit, hitEvent{Who: "ann", Dice: a.Ints(2)})
		h.Dice[0], h.Dice[1] = i, -i
		first = append(first, h)
		engine.New(&a, miss, missEvent{})
	}
	for i, h := range first {
		if h.Dice[0] != i || h.Dice[1] != -i || h.Who != "ann" {
			t.Fatalf("value %d holds %+v", i, *h)
		}
		if cap(h.Dice) != 2 {
			t.Fatalf("value %d's dice have room for %d", i, cap(h.Dice))
		}
	}
	// The next decision gets the same memory, set anew.
	a.Reset()
	again := engine.New(&a, hit, hitEvent{Who: "bo"})
	if again != first[0] || again.Who != "bo" || again.Dice != nil {
		t.Errorf("after Reset: %p %+v, want %p set anew", again, *again, first[0])
	}
	// Grown to the fight, a decision allocates nothing.
	allocs := testing.AllocsPerRun(100, func() {
		a.Reset()
		for range 100 {
			engine.New(&a, hit, hitEvent{Who: "ann", Dice: a.Ints(2)})
			engine.New(&a, miss, missEvent{})
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations a decision", allocs)
	}
}

func TestNilArenaIsTheTables(t *testing.T) {
	_, hit, _ := testKinds()
	var a *engine.Arena
	x := engine.New(a, hit, hitEvent{Who: "ann", Dice: a.Ints(1)})
	y := engine.New(a, hit, hitEvent{Who: "bo", Dice: a.Ints(1)})
	a.Reset()
	if x == y || x.Who != "ann" || y.Who != "bo" || len(x.Dice) != 1 {
		t.Errorf("values of their own: %+v %+v", *x, *y)
	}
}

// BenchmarkArena makes the events of a decision, three, from an arena.
func BenchmarkArena(b *testing.B) {
	_, hit, miss := testKinds()
	var a engine.Arena
	b.ReportAllocs()
	for b.Loop() {
		a.Reset()
		engine.New(&a, hit, hitEvent{Who: "ann", Dice: a.Ints(2)})
		engine.New(&a, miss, missEvent{})
		engine.New(&a, hit, hitEvent{Who: "bo"})
	}
}

func TestArenaScratchAndLists(t *testing.T) {
	k, hit, _ := testKinds()
	names := engine.AddScratch[string](k)
	if names.Name() != "" || strings.Join(k.Names(), ",") != "hit,miss" {
		t.Errorf("a scratch slot has a kind: %q, %v", names.Name(), k.Names())
	}
	// Another table's kinds share slot numbers: one arena keeps both.
	other := engine.NewKinds[testEvent]("other event")
	otherHit := engine.Add[hitEvent](other, "hit")
	var a engine.Arena
	x := engine.New(&a, hit, hitEvent{Who: "ann"})
	y := engine.New(&a, otherHit, hitEvent{Who: "bo"})
	if x == y || x.Who != "ann" || y.Who != "bo" {
		t.Errorf("two tables' values: %+v %+v", *x, *y)
	}
	// The zero Kind is no table's: memory of its own.
	if z := engine.New(&a, engine.Kind[hitEvent]{}, hitEvent{Who: "cy"}); z == x || z.Who != "cy" {
		t.Errorf("the zero Kind's value: %+v", *z)
	}
	ids := engine.Slice(&a, names, []string{"ann", "bo"})
	more := engine.Slice(&a, names, []string{"cy"})
	if strings.Join(ids, ",") != "ann,bo" || cap(ids) != 2 || more[0] != "cy" {
		t.Errorf("lists: %v %v", ids, more)
	}
	if engine.Slice(&a, names, nil) != nil {
		t.Error("nil did not stay nil")
	}
	dice := a.IntBuffer()
	start := len(*dice)
	*dice = append(*dice, 6, 6, 2)
	rolled := (*dice)[start:len(*dice):len(*dice)]
	if len(rolled) != 3 || rolled[2] != 2 {
		t.Errorf("dice: %v", rolled)
	}
	a.Reset()
	if b := engine.Buffer(&a, names); len(*b) != 0 || len(*a.IntBuffer()) != 0 {
		t.Errorf("after Reset: %v, %v", *b, *a.IntBuffer())
	}
	var h *engine.Hot
	if h.Events() != nil || h.Moves() != nil {
		t.Error("a nil Hot has arenas")
	}
	if got := engine.Slice(h.Events(), names, []string{"ann"}); len(got) != 1 {
		t.Errorf("the table's path: %v", got)
	}
}
