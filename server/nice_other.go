//go:build !linux

package server

// lowerThreadPriority does nothing where threads' priorities are not set
// apart (on Linux it lowers the odds workers' threads).
func lowerThreadPriority() {}

// lowerProcessPriority does nothing where threads' priorities are not set
// apart (on Linux it lowers an odds worker process's).
func lowerProcessPriority() {}
