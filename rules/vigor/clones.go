package vigor

import (
	"encoding/binary"
	"hash/maphash"
	"unsafe"
)

// Clone returns a copy of the state that shares with s only what the
// rules never change (see cloneState), but for its roster when s is a
// scratch state (one with hot memory, as exact odds step): the clones of
// a scratch state whose combatants hold the same values share one copy
// of them, which nothing writes (rosterClones). A clone with a shared
// roster gets one of its own before anything changes it: Step, Evolve,
// and ScratchInto and ViewInto into it, do so first (own). Exact odds
// clone each new situation of a computation, thousands of them, most with
// one of a few rosters (vigor_ambush decision 28: 8,000 clones, 92
// rosters), so that their copies' bytes, and the collections they bring,
// were most of a clone's cost.
func (Rules) Clone(s *State) State {
	h := s.hot
	if h == nil {
		return cloneState(s)
	}
	c := cloneRest(s)
	c.Combatants, c.shared = h.clones.of(s.Combatants), true
	return c
}

// own gives s a roster of its own when it shares one with other clones
// (see Rules.Clone), before anything changes it.
func (s *State) own() {
	if s.shared {
		s.Combatants, s.shared = copyRoster(s.Combatants), false
	}
}

// rosterClones are the rosters a scratch state's clones share, each a
// copy of its own (copyRoster) that nothing writes, found by the memory
// of the roster: each combatant's but for where its armour and items lie,
// then theirs. The same memory is the same values, as sameMemory takes
// them (a string, map or slice is where it points and as long); what a
// combatant points to, stat blocks and whether it is living, a clone
// shares with its state anyway. They are kept by a hash of the part of
// that memory a fight changes, and compared whole where they lie.
type rosterClones struct {
	seed   maphash.Seed
	seeded bool
	by     map[uint64][][]Combatant
	n      int
	buf    []byte
}

// maxRosterClones bounds the rosters kept (some 5 MB for rosters of
// seven combatants): past it they are forgotten, the clones made with
// them keeping them, so that a state cloned all through a long life keeps
// no more.
const maxRosterClones = 1024

// of returns the shared copy of roster cs, made when new.
func (r *rosterClones) of(cs []Combatant) []Combatant {
	if !r.seeded {
		r.seed, r.seeded = maphash.MakeSeed(), true
	}
	if r.by == nil || r.n >= maxRosterClones {
		r.by, r.n = map[uint64][][]Combatant{}, 0
	}
	h := r.hash(cs)
	for _, shared := range r.by[h] {
		if sameRoster(shared, cs) {
			return shared
		}
	}
	shared := copyRoster(cs)
	r.by[h] = append(r.by[h], shared)
	r.n++
	return shared
}

// Where a combatant's memory has the headers of its items and armour,
// which lie elsewhere in each copy of a roster: a roster is found by the
// rest (see rosterParts).
const (
	itemsHeaderAt = unsafe.Offsetof(Combatant{}.Items)
	armorHeaderAt = unsafe.Offsetof(Combatant{}.Armor)
	sliceHeader   = unsafe.Sizeof(Combatant{}.Items)
	combatantSize = unsafe.Sizeof(Combatant{})
)

// rosterParts returns c's memory but for the headers of its items and
// armour, in three parts.
func rosterParts(c *Combatant) (a, b, d string) {
	p := unsafe.Pointer(c)
	return unsafe.String((*byte)(p), itemsHeaderAt),
		unsafe.String((*byte)(unsafe.Add(p, itemsHeaderAt+sliceHeader)), armorHeaderAt-itemsHeaderAt-sliceHeader),
		unsafe.String((*byte)(unsafe.Add(p, armorHeaderAt+sliceHeader)), combatantSize-armorHeaderAt-sliceHeader)
}

// hash is a hash of roster cs: of the part of each combatant's memory
// where what a fight changes lies (from its armour's header on, and its
// position), and of its items and armour; sameRoster compares the rest.
// The parts are gathered into one buffer, hashed at once.
func (r *rosterClones) hash(cs []Combatant) uint64 {
	b := r.buf[:0]
	for i := range cs {
		c := &cs[i]
		_, _, d := rosterParts(c)
		b = append(b, d...)
		b = binary.LittleEndian.AppendUint64(b, uint64(c.X))
		b = binary.LittleEndian.AppendUint64(b, uint64(c.Y))
		b = append(b, elements(c.Items)...)
		b = append(b, elements(c.Armor)...)
	}
	r.buf = b
	return maphash.Bytes(r.seed, b)
}

// sameRoster reports whether rosters a and b hold the same memory, but
// for where their items and armour lie: each array compared in the spans
// between those headers, which run from one combatant into the next.
func sameRoster(a, b []Combatant) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	pa, pb := unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0])
	span := func(from, to uintptr) bool {
		return unsafe.String((*byte)(unsafe.Add(pa, from)), to-from) == unsafe.String((*byte)(unsafe.Add(pb, from)), to-from)
	}
	at := uintptr(0)
	for i := range a {
		x, y := &a[i], &b[i]
		if len(x.Items) != len(y.Items) || len(x.Armor) != len(y.Armor) {
			return false
		}
		base := uintptr(i) * combatantSize
		if !span(at, base+itemsHeaderAt) || !span(base+itemsHeaderAt+sliceHeader, base+armorHeaderAt) {
			return false
		}
		at = base + armorHeaderAt + sliceHeader
		if len(x.Items) > 0 && elements(x.Items) != elements(y.Items) || len(x.Armor) > 0 && elements(x.Armor) != elements(y.Armor) {
			return false
		}
	}
	return span(at, uintptr(len(a))*combatantSize)
}

// elements is the memory of the elements of s.
func elements[T any](s []T) string {
	if len(s) == 0 {
		return ""
	}
	return unsafe.String((*byte)(unsafe.Pointer(&s[0])), uintptr(len(s))*unsafe.Sizeof(s[0]))
}
