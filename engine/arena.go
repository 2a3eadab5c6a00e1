package engine

import "unsafe"

// An Arena is memory for the values one decision makes on the hot path of
// simulation and exact odds (the events Step emits, the commands Moves
// lists, the dice and lists an event carries), which the next decision
// reuses: Reset frees them all at once, and a decision after it makes its
// values in the same memory, allocating nothing once the arena has grown
// to the fight.
//
// A nil *Arena is the table's path: every value is memory of its own, since
// a table keeps the commands and events it logs. So a ruleset writes one
// resolution, with New(a, kind, value) wherever it makes a value, and the
// table and the simulator run the same code.
//
// The zero Arena is ready to use. An Arena is not safe for concurrent use;
// each simulation worker or odds enumeration has its own.
type Arena struct {
	// slabs holds, by a Kind's slot, the memory of its type.
	slabs []slab
	// epoch counts the Resets: a slab last used in an earlier one has
	// nothing handed out.
	epoch uint32
	// ints backs the slices Ints and IntBuffer hand out since Reset.
	ints []int
}

// A slab is the memory of one Kind's type T in an Arena: chunks of
// arenaChunk values that never move, so that a value handed out stays
// where it is as the slab grows, and a slice that the Kind's lists are
// appended to. New reaches the next free value of the first chunk through
// first without knowing the slab's type: the slab is the one of k's slot,
// and it is T's while owner is k's table, which only slabOf sets, when it
// makes the slab's memory as T's.
type slab struct {
	// owner is the table of the Kind the slab holds values of, nil
	// before its first use.
	owner *kindsTable
	// epoch is the arena's epoch the slab last handed out a value in,
	// listEpoch the one its list was last appended to in.
	epoch, listEpoch uint32
	// n counts the values handed out since the epoch began: the first
	// arenaChunk from the first chunk, the next from the second, and so
	// on. A new epoch sets it to 0 alone, which is all a Reset frees.
	n int
	// first is the first chunk (a *[arenaChunk]T), and chunks all of
	// them, first included.
	first  unsafe.Pointer
	chunks []unsafe.Pointer
	// list is the *[]T the Kind's lists are appended to (Slice, Buffer).
	list unsafe.Pointer
}

// arenaChunk is the number of values a chunk of a slab holds.
const arenaChunk = 32

// New returns a pointer to a value of type T set to v: in a's memory for
// kind k, or in memory of its own when a is nil.
func New[T any](a *Arena, k Kind[T], v T) *T {
	p := alloc[T](a, k.table, k.slot)
	*p = v
	return p
}

// alloc returns a value for New to set of the Kind of table t and slot
// slot, in a's memory or, when a is nil, memory of its own. It reaches
// the Kind's slab by its slot, and the slab's memory as T's without a
// type assertion: the slab is T's while its owner is t. Most decisions
// make a value or two of a kind, from the first chunk, which alloc hands
// out itself; next finds the others.
func alloc[T any](a *Arena, t *kindsTable, slot int32) *T {
	if a != nil {
		if i := int(slot) - 1; uint(i) < uint(len(a.slabs)) {
			s := &a.slabs[i]
			if s.owner == t {
				if s.epoch != a.epoch {
					s.epoch, s.n = a.epoch, 0
				}
				if n := s.n; n < arenaChunk {
					var zero T
					s.n = n + 1
					return (*T)(unsafe.Add(s.first, uintptr(n)*unsafe.Sizeof(zero)))
				}
			}
		}
	}
	return next[T](a, Kind[T]{table: t, slot: slot})
}

// next returns the next free value of k in a when alloc has none at
// hand: at the slot's first use, once the first chunk is used up, when a
// is nil or k is the zero Kind (memory of its own).
func next[T any](a *Arena, k Kind[T]) *T {
	s := slabOf(a, k)
	if s == nil {
		return new(T)
	}
	c := s.n / arenaChunk
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, unsafe.Pointer(new([arenaChunk]T)))
	}
	p := &(*[arenaChunk]T)(s.chunks[c])[s.n%arenaChunk]
	s.n++
	return p
}

// slabOf returns k's slab in a, its memory made as T's and its values
// freed if it was last used before a's latest Reset; nil when a is nil
// or k is the zero Kind.
func slabOf[T any](a *Arena, k Kind[T]) *slab {
	if a == nil || k.table == nil {
		return nil
	}
	i := int(k.slot) - 1
	if i >= len(a.slabs) {
		a.slabs = append(a.slabs, make([]slab, i+1-len(a.slabs))...)
	}
	s := &a.slabs[i]
	if s.owner != k.table {
		// The slot's first use, or a Kind of another table with the
		// same slot had it: the values it handed out keep their memory.
		first := unsafe.Pointer(new([arenaChunk]T))
		*s = slab{owner: k.table, epoch: a.epoch, listEpoch: a.epoch, first: first,
			chunks: []unsafe.Pointer{first}, list: unsafe.Pointer(new([]T))}
	}
	if s.epoch != a.epoch {
		s.epoch, s.n = a.epoch, 0
	}
	return s
}

// Slice returns a copy of vs for a value to carry: in a's memory for kind
// k, or a slice of its own when a is nil; nil stays nil. The copy is
// capped, so that appending to it never writes over another's.
func Slice[T any](a *Arena, k Kind[T], vs []T) []T {
	if vs == nil {
		return nil
	}
	b := Buffer(a, k)
	start := len(*b)
	*b = append(*b, vs...)
	return (*b)[start:len(*b):len(*b)]
}

// Buffer returns where a's lists of kind k are appended, for a list whose
// length is known only once it is made: its caller appends to it and
// cuts what it appended off as (*b)[start:len(*b):len(*b)], start being
// the length before. What it holds is freed by Reset. When a is nil it is
// a new buffer, whose lists are memory of their own.
func Buffer[T any](a *Arena, k Kind[T]) *[]T {
	s := slabOf(a, k)
	if s == nil {
		return new([]T)
	}
	l := (*[]T)(s.list)
	if s.listEpoch != a.epoch {
		s.listEpoch, *l = a.epoch, (*l)[:0]
	}
	return l
}

// Ints returns n zeroed ints: from a's memory, or a slice of their own
// when a is nil. The slice is capped at n, so that appending to it never
// writes over another's.
func (a *Arena) Ints(n int) []int {
	if a == nil {
		return make([]int, n)
	}
	start := len(a.ints)
	a.ints = append(a.ints, make([]int, n)...)
	return a.ints[start:len(a.ints):len(a.ints)]
}

// IntBuffer is Buffer for ints, such as the dice of a roll whose count is
// known only once they have fallen (a bursting pool): the caller appends
// to it and cuts off what it appended.
func (a *Arena) IntBuffer() *[]int {
	if a == nil {
		return new([]int)
	}
	return &a.ints
}

// Reset frees every value a has handed out, for the next decision to
// reuse. Values handed out before must not be used after.
func (a *Arena) Reset() {
	if a == nil {
		return
	}
	a.epoch++
	a.ints = a.ints[:0]
}

// Hot is the memory a state reuses decision after decision on the hot
// path: the arena of the commands its last Moves listed and the arena of
// the events its last Step emitted (and what they carry). A ruleset's hot
// memory embeds it. Its methods are nil-safe: a nil *Hot is the table's
// path, whose arenas are nil.
type Hot struct {
	moves, events Arena
}

// Events returns where a Step's events go: h's events arena, or nil
// (values of their own) when h is nil, on the table's path.
func (h *Hot) Events() *Arena {
	if h == nil {
		return nil
	}
	return &h.events
}

// Moves returns where a prompt's commands go: h's moves arena, or nil
// when h is nil, for a prompt people read.
func (h *Hot) Moves() *Arena {
	if h == nil {
		return nil
	}
	return &h.moves
}
