package parts

import (
	"hash/maphash"
	"unsafe"
)

// Rosters are the rosters the clones of one scratch state share (a
// ruleset's Clone of a state with hot memory, as exact odds clone each
// new situation they reach, thousands of them, most with one of a few
// rosters): each a copy of its own (Kind.Copy) that nothing writes,
// found by the memory of the roster. A clone given one marks it shared
// and gets a copy of its own (Kind.Copy) before anything changes it:
// Step, Evolve, and ScratchInto and ViewInto into it, do so first.
//
// Two rosters hold the same values when their memory is the same, but
// for the fields each copy has its own of (Kind.Apart), whose elements
// are compared instead: a string, map or slice is where it points and as
// long, which is what a clone shares with its state anyway. Rosters are
// kept by a hash of the part of that memory a fight changes
// (Kind.Hashed, and the fields apart), and compared whole where they lie.
// The zero value is ready to use.
type Rosters[C any, K RosterKind[C]] struct {
	seed   maphash.Seed
	seeded bool
	by     map[uint64][][]C
	n      int
	buf    []byte
	// from is the shared roster the state's own was last made a copy
	// of (From): the first one Of compares with, without a hash. It is
	// compared whole, so that a state changed since finds it no more.
	from []C
	// hashed are the spans of a combatant's memory hashed and apart its
	// fields apart, found from the kind on first use.
	hashed []span
	apart  []Apart
}

// RosterKind says how a ruleset's rosters of combatants C are copied and
// found again. Its zero value is used.
type RosterKind[C any] interface {
	// Copy returns a copy of roster cs with memory of its own for all
	// that a fight changes in place.
	Copy(cs []C) []C
	// Apart lists, in the order they lie in a combatant, the fields each
	// copy has its own of (SliceApart, PointerApart): those Copy copies.
	Apart() []Apart
	// Hashed lists the spans of a combatant's memory a fight changes
	// (Span), the rosters' hash: the fields apart are hashed by their
	// elements, not where they lie. The rest is only compared.
	Hashed() []Span
}

// Apart is a field of a combatant each copy of a roster has its own of:
// a slice, whose length and elements a roster is found by, or a pointer,
// by whether it is nil and what it points to.
type Apart struct {
	at, size uintptr // where the field lies; the size of what it holds
	slice    bool
}

// SliceApart is a field of slices of T lying at at.
func SliceApart[T any](at uintptr) Apart {
	var t T
	return Apart{at: at, size: unsafe.Sizeof(t), slice: true}
}

// PointerApart is a field of pointers to T lying at at.
func PointerApart[T any](at uintptr) Apart {
	var t T
	return Apart{at: at, size: unsafe.Sizeof(t)}
}

// header is the size of the field's own memory.
func (a Apart) header() uintptr {
	if a.slice {
		return unsafe.Sizeof([]byte(nil))
	}
	return unsafe.Sizeof(unsafe.Pointer(nil))
}

// elements is the memory the field at p holds: a slice's elements, a
// pointer's pointee, "" for none; and whether it is nil.
func (a Apart) elements(p unsafe.Pointer) (string, bool) {
	if a.slice {
		s := (*[]byte)(p) // the header's pointer and length, whatever the type
		if *s == nil {
			return "", true
		}
		return unsafe.String(unsafe.SliceData(*s), uintptr(len(*s))*a.size), false
	}
	q := *(*unsafe.Pointer)(p)
	if q == nil {
		return "", true
	}
	return unsafe.String((*byte)(q), a.size), false
}

// Span is a span of a combatant's memory, from from to to.
type Span struct{ From, To uintptr }

// span is a span of memory, from from to to.
type span struct{ from, to uintptr }

// maxRosters bounds the rosters kept (a few MB for rosters of seven
// combatants): past it they are forgotten, the clones made with them
// keeping them, so that a state cloned all through a long life keeps no
// more.
const maxRosters = 1024

// Of returns the shared copy of roster cs, made when new.
func (r *Rosters[C, K]) Of(cs []C) []C {
	if !r.seeded {
		r.seed, r.seeded = maphash.MakeSeed(), true
		r.plan()
	}
	if r.by == nil || r.n >= maxRosters {
		r.by, r.n = map[uint64][][]C{}, 0
	}
	if r.from != nil && r.same(r.from, cs) {
		return r.from
	}
	h := r.hash(cs)
	for _, shared := range r.by[h] {
		if r.same(shared, cs) {
			return shared
		}
	}
	var k K
	shared := k.Copy(cs)
	r.by[h] = append(r.by[h], shared)
	r.n++
	return shared
}

// From tells r that the state's roster was just made a copy of cs, a
// roster clones share (nil for any other): Of compares with it first.
func (r *Rosters[C, K]) From(cs []C) { r.from = cs }

// plan finds the fields apart and the spans of a combatant's memory
// hashed: the kind's, but for the fields apart.
func (r *Rosters[C, K]) plan() {
	var k K
	r.apart = k.Apart()
	for _, s := range k.Hashed() {
		r.hashed = r.cut(r.hashed, s.From, s.To)
	}
}

// cut appends to spans the span from from to to, less the fields apart.
func (r *Rosters[C, K]) cut(spans []span, from, to uintptr) []span {
	for _, a := range r.apart {
		if a.at+a.header() <= from || a.at >= to {
			continue
		}
		if a.at > from {
			spans = append(spans, span{from, a.at})
		}
		from = a.at + a.header()
	}
	if from < to {
		spans = append(spans, span{from, to})
	}
	return spans
}

// memory is the memory at p from from to to.
func memory(p unsafe.Pointer, from, to uintptr) string {
	return unsafe.String((*byte)(unsafe.Add(p, from)), to-from)
}

// hash is a hash of roster cs: of each combatant's spans hashed and of
// the memory of its fields apart, gathered into one buffer hashed at once.
func (r *Rosters[C, K]) hash(cs []C) uint64 {
	b := r.buf[:0]
	for i := range cs {
		c := unsafe.Pointer(&cs[i])
		for _, s := range r.hashed {
			b = append(b, memory(c, s.from, s.to)...)
		}
		for _, a := range r.apart {
			e, _ := a.elements(unsafe.Add(c, a.at))
			b = append(b, e...)
		}
	}
	r.buf = b
	return maphash.Bytes(r.seed, b)
}

// same reports whether rosters a and b hold the same memory, but for
// where their fields apart point, compared by what they hold: each array
// compared in the spans between those fields, which run from one
// combatant into the next.
func (r *Rosters[C, K]) same(a, b []C) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	pa, pb := unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0])
	size := unsafe.Sizeof(a[0])
	at := uintptr(0)
	for i := range a {
		base := uintptr(i) * size
		for _, f := range r.apart {
			to := base + f.at
			if memory(pa, at, to) != memory(pb, at, to) {
				return false
			}
			at = to + f.header()
			ex, nx := f.elements(unsafe.Add(pa, to))
			ey, ny := f.elements(unsafe.Add(pb, to))
			if nx != ny || ex != ey {
				return false
			}
		}
	}
	end := uintptr(len(a)) * size
	return memory(pa, at, end) == memory(pb, at, end)
}
