package parts

// Hold returns a pointer to v for a state to hold: on the hot path, the
// slot of the state's hot memory h that slot picks, reused decision after
// decision; on the table's path (h nil), memory of its own, so that only
// the table's path allocates.
func Hold[H, T any](h *H, slot func(*H) *T, v T) *T {
	var p *T
	if h == nil {
		p = new(T)
	} else {
		p = slot(h)
	}
	*p = v
	return p
}
