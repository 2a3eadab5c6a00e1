package parts

// Keep returns a copy of xs for a state, event or command to hold:
// appended to *mem when mem is set (memory reused decision after
// decision, valid until its owner empties it), else a slice of its own;
// nil stays nil. A copy in mem is capped, so that appending to it never
// writes over what follows it.
func Keep[T any](mem *[]T, xs []T) []T {
	if xs == nil {
		return nil
	}
	if mem == nil {
		return append([]T(nil), xs...)
	}
	start := len(*mem)
	*mem = append(*mem, xs...)
	return (*mem)[start:len(*mem):len(*mem)]
}

// Lazy returns *p, made on first use: a state's hot memory, which a
// state's copy leaves behind and its first use on the hot path makes.
func Lazy[T any](p **T) *T {
	if *p == nil {
		*p = new(T)
	}
	return *p
}

// Copy returns a copy of *p in memory of its own, nil when p is nil: a
// state's clone of an optional part it must not share with the original.
func Copy[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
