package gctarget

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestForOdds checks that ForOdds turns the target off with OddsLimit as
// the soft limit, that restore puts both back, and that the environment
// overrides it.
func TestForOdds(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	beforePercent := debug.SetGCPercent(100)
	defer debug.SetGCPercent(beforePercent)
	beforeLimit := debug.SetMemoryLimit(math.MaxInt64)
	defer debug.SetMemoryLimit(beforeLimit)

	restore, policy := ForOdds()
	if policy != "GOGC=off,GOMEMLIMIT=256MiB" {
		t.Errorf("policy %q, want GOGC=off,GOMEMLIMIT=256MiB", policy)
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("the target is %d under ForOdds, want off (-1)", got)
	}
	if got := debug.SetMemoryLimit(-1); got != OddsLimit {
		t.Errorf("the memory limit is %d under ForOdds, want %d", got, OddsLimit)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("the target is %d after restore, want 100 back", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("the memory limit is %d after restore, want none back", got)
	}

	t.Setenv("GOGC", "200")
	restore, policy = ForOdds()
	defer restore()
	if policy != "GOGC=200" {
		t.Errorf("with GOGC=200 set, policy %q, want GOGC=200", policy)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, ForOdds changed the target to %d", got)
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "1GiB")
	if _, policy = ForOdds(); policy != "GOGC=100,GOMEMLIMIT=1GiB" {
		t.Errorf("with GOMEMLIMIT set, policy %q, want GOGC=100,GOMEMLIMIT=1GiB", policy)
	}
}
