//go:build !unix

package main

import "time"

// cpuTime reports no CPU time where the process's own is not read.
func cpuTime() (time.Duration, bool) { return 0, false }
