package server

import "syscall"

// oddsNice is the niceness of the odds workers' threads: the kernel runs
// the threads serving requests first when both are ready, so that odds
// take the processor time decisions leave.
const oddsNice = 10

// lowerThreadPriority lowers the priority of the calling goroutine's
// thread, which the caller has locked to it (and never unlocks, so that
// the thread ends with it). Failing, it leaves the priority as it was: the
// pool's bounds still hold.
func lowerThreadPriority() {
	syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), oddsNice) //nolint:errcheck // best effort, as documented
}
