package parts

// Pool hands out values of one type from memory reused after Reset, for a
// ruleset's hot path: the events a simulated decision emits, the commands
// a policy chooses from. The values stay where they are, so a pointer to
// one holds until the next Reset; the zero Pool is ready to use.
type Pool[T any] struct {
	chunks [][]T
	used   int
}

// poolChunk is how many values a Pool allocates at a time.
const poolChunk = 8

// Get returns a value of the pool, holding whatever it held before: the
// caller sets it whole.
func (p *Pool[T]) Get() *T {
	c, i := p.used/poolChunk, p.used%poolChunk
	if c == len(p.chunks) {
		p.chunks = append(p.chunks, make([]T, poolChunk))
	}
	p.used++
	return &p.chunks[c][i]
}

// Put returns a value of the pool set to v.
func (p *Pool[T]) Put(v T) *T {
	e := p.Get()
	*e = v
	return e
}

// Reset makes every value of the pool free again.
func (p *Pool[T]) Reset() { p.used = 0 }

// PutIn returns v placed in the pool pick chooses from a ruleset's hot
// memory h (a simulation's Step, which reuses it decision after decision),
// or in memory of its own when h is nil (the table's Decide, which keeps
// what it makes).
func PutIn[H, T any](h *H, pick func(*H) *Pool[T], v T) *T {
	if h == nil {
		e := new(T)
		*e = v
		return e
	}
	e := pick(h).Get()
	*e = v
	return e
}
