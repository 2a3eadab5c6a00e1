package parts

import (
	"slices"
	"testing"
	"unsafe"
)

// fighter is a combatant for the test of Rosters: a name, a position,
// items and an aim each copy has its own of.
type fighter struct {
	name  string
	items []int
	x     int
	aim   *int
	hp    int
}

// fighters is how rosters of fighters are copied and found.
type fighters struct{}

func (fighters) Copy(cs []fighter) []fighter {
	out := slices.Clone(cs)
	for i := range out {
		out[i].items = slices.Clone(out[i].items)
		if out[i].aim != nil {
			a := *out[i].aim
			out[i].aim = &a
		}
	}
	return out
}

func (fighters) Apart() []Apart {
	return []Apart{SliceApart[int](unsafe.Offsetof(fighter{}.items)), PointerApart[int](unsafe.Offsetof(fighter{}.aim))}
}

func (fighters) Hashed() []Span {
	return []Span{{From: unsafe.Offsetof(fighter{}.x), To: unsafe.Sizeof(fighter{})}}
}

// TestRostersShareEqualRosters checks that Rosters gives rosters of the
// same values one copy, of their own, and rosters that differ anywhere
// (in a field, an item, an aim, whether a list or aim is there) copies
// of their own.
func TestRostersShareEqualRosters(t *testing.T) {
	one, two := 1, 2
	name := "ann"
	base := func() []fighter {
		return []fighter{{name: name, items: []int{1, 2}, x: 3, aim: &one, hp: 9}, {name: name, items: []int{}, hp: 4}}
	}
	var r Rosters[fighter, fighters]
	first := r.Of(base())
	if got := r.Of(base()); &got[0] != &first[0] {
		t.Fatal("a roster of the same values has a copy of its own")
	}
	b := base()
	if &first[0].items[0] == &b[0].items[0] || first[0].aim == b[0].aim {
		t.Fatal("the shared copy shares items or an aim with the roster copied")
	}
	b[0].aim = &one
	if got := r.Of(b); &got[0] != &first[0] {
		t.Fatal("an aim elsewhere of the same value is another roster")
	}
	changes := []func(cs []fighter){
		func(cs []fighter) { cs[0].hp = 8 },
		func(cs []fighter) { cs[1].x = 1 },
		func(cs []fighter) { cs[0].name = "bob" },
		func(cs []fighter) { cs[0].items[1] = 5 },
		func(cs []fighter) { cs[0].items = cs[0].items[:1] },
		func(cs []fighter) { cs[1].items = nil },
		func(cs []fighter) { cs[0].aim = &two },
		func(cs []fighter) { cs[0].aim = nil },
		func(cs []fighter) { cs[1].aim = &one },
	}
	seen := map[*fighter]bool{&first[0]: true}
	for i, change := range changes {
		cs := base()
		change(cs)
		got := r.Of(cs)
		if seen[&got[0]] {
			t.Fatalf("change %d: a roster of other values shares a copy", i)
		}
		seen[&got[0]] = true
		if again := r.Of(cs); &again[0] != &got[0] {
			t.Fatalf("change %d: the roster is not found again", i)
		}
	}
	if got := r.Of(base()[:1]); seen[&got[0]] {
		t.Fatal("a shorter roster shares a copy")
	}
	// From names the roster a state was a copy of; one changed since is
	// not taken for it.
	r.From(first)
	changed := base()
	changes[0](changed)
	if got := r.Of(changed); &got[0] == &first[0] {
		t.Fatal("a roster changed since From shares the copy it was made from")
	}
	if got := r.Of(base()); &got[0] != &first[0] {
		t.Fatal("the roster From names is not found")
	}
}
