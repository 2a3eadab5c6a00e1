package dice

import "testing"

// The expressions the benchmarks measure; see docs/dice.md for how to run and
// compare them.
var benchExprs = []string{"3d6", "4d6kh3", "2d10kh1+5", "3d6!", "10d10kh3"}

// sink keeps the compiler from discarding benchmarked results.
var sink int

// BenchmarkPCGRaw4 draws four raw 64-bit values, the yardstick for rolling
// a parsed 4d6kh3.
func BenchmarkPCGRaw4(b *testing.B) {
	p := Seeded(1)
	var s uint64
	for b.Loop() {
		s += p.Uint64() + p.Uint64() + p.Uint64() + p.Uint64()
	}
	sink = int(s)
}

// BenchmarkPCGRoll draws one d6 through the Source interface.
func BenchmarkPCGRoll(b *testing.B) {
	var src Source = Seeded(1)
	s := 0
	for b.Loop() {
		s += src.Roll(6)
	}
	sink = s
}

func BenchmarkRoll(b *testing.B) {
	for _, text := range benchExprs {
		e := MustParse(text)
		b.Run(text, func(b *testing.B) {
			src := Seeded(1)
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				s += e.Roll(src)
			}
			sink = s
		})
	}
}

func BenchmarkParseRoll(b *testing.B) {
	for _, text := range benchExprs {
		b.Run(text, func(b *testing.B) {
			src := Seeded(1)
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				s += MustParse(text).Roll(src)
			}
			sink = s
		})
	}
}

func BenchmarkExact(b *testing.B) {
	for _, text := range []string{"3d6", "4d6kh3", "10d10kh3", "3d6!", "100d6"} {
		e := MustParse(text)
		b.Run(text, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Dist(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExactExplodingKeep computes keep and drop over exploding dice,
// followed to the default depth: 10d10!kh5 is the figure icepool publishes
// (37 ms).
func BenchmarkExactExplodingKeep(b *testing.B) {
	for _, text := range []string{"10d10!kh5", "10d10!kl5", "4d6!kh3", "8d6!dl2", "12d10!kh3"} {
		e := MustParse(text)
		b.Run(text, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Dist(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEnumerateAttack enumerates a rules-shaped function (an attack
// with a critical that draws extra dice) over its 577 dice paths.
func BenchmarkEnumerateAttack(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Enumerate(attack(3, 7), EnumerateOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// newForms are the Foundry and Roll20 forms, for BenchmarkRollNewForms and
// BenchmarkExactNewForms.
var newForms = []string{"4d6r1kh3", "2d6rr<3", "4dF", "3d6!!", "4d6min2", "(2d6+3)/2", "6d10x10cs>=8", "8d6cs>4", "10d10x"}

func BenchmarkRollNewForms(b *testing.B) {
	for _, text := range newForms {
		e := MustParse(text)
		b.Run(text, func(b *testing.B) {
			src := Seeded(1)
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				s += e.Roll(src)
			}
			sink = s
		})
	}
}

func BenchmarkExactNewForms(b *testing.B) {
	for _, text := range newForms {
		e := MustParse(text)
		b.Run(text, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Dist(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
