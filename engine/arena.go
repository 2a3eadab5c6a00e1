package engine

// An Arena is memory for the values one decision makes on the hot path of
// simulation and exact odds (the events Step emits, the commands Moves
// lists, the dice an event carries), which the next decision reuses: Reset
// frees them all at once, and a decision after it makes its values in the
// same memory, allocating nothing once the arena has grown to the fight.
//
// A nil *Arena is the table's path: every value is memory of its own, since
// a table keeps the commands and events it logs. So a ruleset writes one
// resolution, with New(a, kind, value) wherever it makes a value, and the
// table and the simulator run the same code.
//
// The zero Arena is ready to use. An Arena is not safe for concurrent use;
// each simulation worker or odds enumeration has its own.
type Arena struct {
	// pools holds, by a Kind's slot, the *arenaPool of its type.
	pools []any
	// epoch counts the Resets: a pool last used in an earlier one has
	// nothing handed out.
	epoch uint32
	// ints backs the slices Ints hands out since Reset.
	ints []int
}

// arenaPool is the memory of one type: chunks that never move, so that a
// value handed out stays where it is as the pool grows.
type arenaPool[T any] struct {
	chunks [][]T
	// used counts the values handed out in the arena's epoch.
	used  int
	epoch uint32
}

// arenaChunk is the number of values a pool grows by.
const arenaChunk = 32

// New returns a pointer to a value of type T set to v: in a's memory for
// kind k, or in memory of its own when a is nil.
func New[T any](a *Arena, k Kind[T], v T) *T {
	var p *T
	if a == nil {
		p = new(T)
	} else {
		p = poolOf(a, k).get(a.epoch)
	}
	*p = v
	return p
}

// poolOf returns k's pool in a.
func poolOf[T any](a *Arena, k Kind[T]) *arenaPool[T] {
	if slot := int(k.slot); slot < len(a.pools) {
		if p, ok := a.pools[slot].(*arenaPool[T]); ok {
			return p
		}
	}
	return newPool(a, k)
}

// newPool makes k's pool in a: at the slot's first use, or when a Kind of
// another table that shares its number had it.
func newPool[T any](a *Arena, k Kind[T]) *arenaPool[T] {
	slot := int(k.slot)
	if slot >= len(a.pools) {
		a.pools = append(a.pools, make([]any, slot+1-len(a.pools))...)
	}
	p := &arenaPool[T]{epoch: a.epoch}
	a.pools[slot] = p
	return p
}

// get returns the pool's next free value in the arena's epoch, holding
// whatever it held before.
func (p *arenaPool[T]) get(epoch uint32) *T {
	if p.epoch != epoch {
		p.epoch, p.used = epoch, 0
	}
	c, i := p.used/arenaChunk, p.used%arenaChunk
	if c == len(p.chunks) {
		p.chunks = append(p.chunks, make([]T, arenaChunk))
	}
	p.used++
	return &p.chunks[c][i]
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

// Reset frees every value a has handed out, for the next decision to
// reuse. Values handed out before must not be used after.
func (a *Arena) Reset() {
	if a == nil {
		return
	}
	a.epoch++
	a.ints = a.ints[:0]
}
