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
	// used counts, by slot, the values handed out since Reset.
	used []int32
	// ints backs the slices Ints hands out since Reset.
	ints []int
}

// arenaPool is the memory of one type: chunks that never move, so that a
// value handed out stays where it is as the pool grows.
type arenaPool[T any] struct {
	chunks [][]T
}

// arenaChunk is the number of values a pool grows by.
const arenaChunk = 32

// New returns a pointer to a value of type T set to v: in a's memory for
// kind k, or in memory of its own when a is nil.
func New[T any](a *Arena, k Kind[T], v T) *T {
	if a == nil {
		p := new(T)
		*p = v
		return p
	}
	p := get(a, k)
	*p = v
	return p
}

// get returns the next free value of k's pool in a, holding whatever it
// held before.
func get[T any](a *Arena, k Kind[T]) *T {
	slot := int(k.slot)
	if slot >= len(a.pools) {
		a.grow(slot)
	}
	p, ok := a.pools[slot].(*arenaPool[T])
	if !ok {
		// The slot's first use, or a Kind of another table that shares
		// its number: the pool becomes T's.
		p = new(arenaPool[T])
		a.pools[slot], a.used[slot] = p, 0
	}
	n := a.used[slot]
	a.used[slot] = n + 1
	c, i := int(n)/arenaChunk, int(n)%arenaChunk
	if c == len(p.chunks) {
		p.chunks = append(p.chunks, make([]T, arenaChunk))
	}
	return &p.chunks[c][i]
}

// grow makes room for slot.
func (a *Arena) grow(slot int) {
	n := slot + 1 - len(a.pools)
	a.pools = append(a.pools, make([]any, n)...)
	a.used = append(a.used, make([]int32, n)...)
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
	clear(a.used)
	a.ints = a.ints[:0]
}
