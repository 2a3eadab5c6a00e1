// Package gctarget sets the garbage collector's target for fray's busy
// commands: the simulator, the exact odds and the server, and the odds
// benchmark that measures what the server does.
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
package gctarget

import (
	"os"
	"runtime/debug"
	"strconv"
)

// Percent is the garbage collector's target (GOGC) Raise sets.
const Percent = 400

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
