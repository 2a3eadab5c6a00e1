//go:build unix

package main

import (
	"bytes"
	"sync"
	"syscall"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the watcher's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestCtrlCTwice sends this process SIGINT twice while watchInterrupts
// watches: the first closes Stop and says what it does, the second exits
// at once with status 130.
func TestCtrlCTwice(t *testing.T) {
	var stderr syncBuffer
	exited := make(chan int, 1)
	in := watchInterrupts(&stderr, func(code int) { exited <- code })
	defer in.Release()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-in.Stop():
	case <-time.After(10 * time.Second):
		t.Fatal("the first Ctrl-C did not close Stop")
	}
	select {
	case code := <-exited:
		t.Fatalf("the first Ctrl-C exited with %d", code)
	default:
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != exitInterrupted {
			t.Errorf("the second Ctrl-C exited with %d, want %d", code, exitInterrupted)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second Ctrl-C did not exit")
	}
	want := "\nfray: interrupted: finishing the fights under way to report those played (Ctrl-C again stops at once)\nfray: interrupted again: stopping at once\n"
	if got := stderr.String(); got != want {
		t.Errorf("stderr:\n%q\nwant\n%q", got, want)
	}
}
