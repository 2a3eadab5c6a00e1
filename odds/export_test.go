package odds

// WithSeed returns o with its estimates' seeds mixed with r, so that a
// test may run one estimate under many seeds; whole makes the estimate
// ignore the exact part the enumeration had (the whole estimated).
func WithSeed(o Options, r uint64, whole bool) Options {
	o.reseed, o.whole = r, whole
	return o
}
