package server

import (
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

// oddsNice is the niceness of the odds workers' threads: the kernel runs
// the threads serving requests first when both are ready, so that odds
// take the processor time decisions leave.
const oddsNice = 10

// workerNice is the niceness of an odds worker process (the lowest
// priority there is): its threads run on what the server leaves.
const workerNice = 19

// lowerThreadPriority lowers the priority of the calling goroutine's
// thread, which the caller has locked to it (and never unlocks, so that
// the thread ends with it). Failing, it leaves the priority as it was: the
// pool's bounds still hold.
func lowerThreadPriority() {
	syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), oddsNice) //nolint:errcheck // best effort, as documented
}

// schedIdle is Linux's SCHED_IDLE scheduling policy: a thread that runs
// only on a processor nothing else wants. The kernel counts a processor
// running only such threads as idle when it places a thread that wakes,
// so a request never queues behind an odds computation, not even until
// the next scheduler tick (which a low niceness alone leaves it to).
const schedIdle = 5

// lowerProcessPriority lowers the priority of every thread of the
// process to the lowest there is (SCHED_IDLE, and niceness 19 for a
// kernel without it); the threads started later inherit both from those.
// Linux keeps them per thread, so each is set. Failing, it leaves the
// priorities as they were.
func lowerProcessPriority() {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return
	}
	var param struct{ priority int32 }
	for _, t := range tasks {
		if tid, err := strconv.Atoi(t.Name()); err == nil {
			syscall.Setpriority(syscall.PRIO_PROCESS, tid, workerNice) //nolint:errcheck // best effort, as documented
			syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), schedIdle, uintptr(unsafe.Pointer(&param)))
		}
	}
}
