package odds

// WithSeed returns o with its estimates' seeds mixed with r, so that a
// test may run one estimate under many seeds; whole makes the estimate
// ignore the exact part the enumeration had (the whole estimated).
func WithSeed(o Options, r uint64, whole bool) Options {
	o.reseed, o.whole = r, whole
	return o
}

// Unfolded returns o leaving every ruling answered by default a situation
// of its own, as before rulings were folded into the decision before them.
func Unfolded(o Options) Options {
	o.unfolded = true
	return o
}

// ExactPart returns the report of the exact part of an estimate of what
// an enumeration left (Estimate.Exact), nil for a whole estimate or
// exact odds.
func ExactPart(r *Report) *Report { return r.exact }
