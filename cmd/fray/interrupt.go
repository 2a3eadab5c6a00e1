package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
)

// exitInterrupted is the status fray exits with on a second Ctrl-C, as a
// shell reports a program ended by SIGINT (128 + 2).
const exitInterrupted = 130

// interrupts watches for Ctrl-C (SIGINT) while a long run goes on: the
// first closes Stop, so that the run ends early and reports what it did;
// the second exits at once.
type interrupts struct {
	stop    chan struct{}
	signals chan os.Signal
	done    chan struct{}
	wg      sync.WaitGroup
}

// watchInterrupts starts watching for Ctrl-C, saying on stderr what the
// first one does; exit is called with exitInterrupted at the second (the
// program's os.Exit, or a test's stand-in). Release stops watching.
func watchInterrupts(stderr io.Writer, exit func(int)) *interrupts {
	in := &interrupts{stop: make(chan struct{}), signals: make(chan os.Signal, 2), done: make(chan struct{})}
	signal.Notify(in.signals, os.Interrupt)
	in.wg.Go(func() {
		select {
		case <-in.signals:
		case <-in.done:
			return
		}
		fmt.Fprintln(stderr, "\nfray: interrupted: finishing the fights under way to report those played (Ctrl-C again stops at once)")
		close(in.stop)
		select {
		case <-in.signals:
			fmt.Fprintln(stderr, "fray: interrupted again: stopping at once")
			exit(exitInterrupted)
		case <-in.done:
		}
	})
	return in
}

// Stop is closed at the first Ctrl-C.
func (in *interrupts) Stop() <-chan struct{} { return in.stop }

// Release stops watching: Ctrl-C has its usual effect again.
func (in *interrupts) Release() {
	signal.Stop(in.signals)
	close(in.done)
	in.wg.Wait()
}
