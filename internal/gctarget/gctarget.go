// Package gctarget sets the garbage collector's policy for fray's busy
// commands: the simulator, the exact odds and the server, and the odds
// benchmark that measures what the server's odds worker does.
//
// They allocate fast: a simulation keeps little, while an odds computation
// keeps every situation it meets until the menu is answered (tens of
// megabytes for a large one). At Go's default target the collector marks
// that growing heap again and again, and its write barriers slow every copy
// of a state while it does: a third of the instructions of vigor's slowest
// menu. A target of 400 lets the heap grow to five times what is live
// between collections, which takes most of that away for memory the
// computation releases when it ends. The server keeps more (the live
// fights and their rendered transcripts), and its collector took a sixth
// of its CPU under load at the default target.
//
// A process that only computes odds, one menu at a time, keeps almost
// nothing between menus: there the collector is better off until the heap
// reaches a fixed size (ForOdds), so that most menus run with no collection
// at all, and a collection, when it comes, finds little alive.
package gctarget

import (
	"os"
	"runtime/debug"
	"strconv"
)

// Percent is the garbage collector's target (GOGC) Raise sets.
const Percent = 400

// OddsLimit is the size of the heap, in bytes, at which ForOdds lets the
// collector run: a soft limit (debug.SetMemoryLimit), so that a computation
// that keeps more than this is not stopped, only collected more often.
// The largest menus of the bundled encounters keep under 100 MB, and a
// process run at Percent peaked higher than this on the odds benchmark.
const OddsLimit = 256 << 20

// Raise sets the garbage collector's target to Percent, unless the GOGC
// environment variable sets one, and returns what puts the target back
// and the target in effect, as GOGC would give it.
func Raise() (restore func(), target string) {
	if env := os.Getenv("GOGC"); env != "" {
		return func() {}, env
	}
	old := debug.SetGCPercent(Percent)
	return func() { debug.SetGCPercent(old) }, strconv.Itoa(Percent)
}

// ForOdds turns the collector's target off and sets the soft memory limit
// to OddsLimit, for a process whose work is computing odds, unless the GOGC
// or GOMEMLIMIT environment variable sets either. It returns what puts both
// back and the policy in effect, as the environment would give it
// ("off,limit=256MiB").
func ForOdds() (restore func(), policy string) {
	gogc, limit := os.Getenv("GOGC"), os.Getenv("GOMEMLIMIT")
	if gogc != "" || limit != "" {
		policy = "GOGC=" + gogc
		if gogc == "" {
			policy = "GOGC=100"
		}
		if limit != "" {
			policy += ",GOMEMLIMIT=" + limit
		}
		return func() {}, policy
	}
	oldLimit := debug.SetMemoryLimit(OddsLimit)
	oldPercent := debug.SetGCPercent(-1)
	return func() {
		debug.SetGCPercent(oldPercent)
		debug.SetMemoryLimit(oldLimit)
	}, "GOGC=off,GOMEMLIMIT=" + strconv.Itoa(OddsLimit>>20) + "MiB"
}
