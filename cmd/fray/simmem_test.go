package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"fray/catalog"
	"fray/engine/enginetest"
	"fray/scenario"
	"fray/sim"
)

// simMemFights is how many fights TestSimMemoryStaysFlat plays of each
// bundled encounter under FRAY_LONG=1 (half to warm up, half measured); a
// plain go test plays a tenth of it, go test -short a hundredth.
const simMemFights = 20_000

// simMemGrowth is how much the live heap may grow, in bytes, while the
// second half of an encounter's fights are played. A simulation keeps
// nothing from one fight to the next but memory it reuses, which reaches
// its size within the first fights: the heap grows by a few hundred bytes
// at most. A ruleset that leaks 256 bytes a fight outgrows the bound over
// the 1,000 measured fights of a plain go test, one that leaks 13 over the
// 20,000 of FRAY_LONG=1; tempo's leak was 10 KB a fight.
const simMemGrowth = 256 << 10

// bundledEncounters lists the names of every bundled encounter of every
// ruleset, sorted.
func bundledEncounters(t *testing.T) []string {
	t.Helper()
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, id := range reg.IDs() {
		info, _ := reg.Lookup(id)
		if info.Content == nil {
			continue
		}
		for name, data := range info.Content() {
			if strings.Contains(string(data), "ruleset:") {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// liveHeap collects the garbage and returns the bytes of the heap still
// in use. It collects twice: what a sync.Pool drops survives one
// collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestSimMemoryStaysFlat simulates every bundled encounter of every
// ruleset, as fray sim does, on one worker, and measures the live heap
// after the first half of the fights and after all of them: a ruleset
// whose states or policies keep something fight after fight (tempo's
// views once kept every copied turn order, ten kilobytes a fight, and
// fray sim bow_skirmish -n 100000 took a gigabyte) grows it without end.
func TestSimMemoryStaysFlat(t *testing.T) {
	half := enginetest.Scale(simMemFights) / 2
	cat, err := newCatalog()
	if err != nil {
		t.Fatal(err)
	}
	names := bundledEncounters(t)
	if len(names) < 15 {
		t.Fatalf("found %d bundled encounters, want every ruleset's: %v", len(names), names)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			growth, err := simGrowth(cat, name, half)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: the live heap grew %d bytes over the last %d of %d fights", name, growth, half, 2*half)
			if growth > simMemGrowth {
				t.Errorf("%s: the live heap grew %d bytes over the last %d of %d fights (%d a fight), want at most %d",
					name, growth, half, 2*half, growth/int64(half), simMemGrowth)
			}
		})
	}
}

// simGrowth simulates 2*half fights of the bundled encounter name on one
// worker and returns how much the live heap grew from fight half to the
// last.
func simGrowth(cat *catalog.Catalog, name string, half int) (int64, error) {
	name, data, err := findEncounter(cat.Registry(), name, nil)
	if err != nil {
		return 0, err
	}
	file, err := scenario.ReadEncounter(cat.Registry(), name, data)
	if err != nil {
		return 0, err
	}
	simulator, err := cat.Simulator(file.Table.Ruleset())
	if err != nil {
		return 0, err
	}
	r := &simRun{reg: cat.Registry(), simulator: simulator, name: name, file: file}
	policies, err := r.choosePolicies()
	if err != nil {
		return 0, err
	}
	var (
		done        int
		mid, last   uint64
		midMeasured bool
	)
	// With one worker, Progress runs on the worker's goroutine between two
	// chunks of fights: nothing else allocates while it measures.
	progress := func(n int) {
		done += n
		switch {
		case !midMeasured && done >= half:
			mid, midMeasured = liveHeap(), true
		case done == 2*half:
			last = liveHeap()
		}
	}
	_, err = simulator.Simulate(file.Table, sim.Options{
		Name: name, Fights: 2 * half, Seed: 1, Workers: 1, Policies: policies, Progress: progress,
	})
	if err != nil {
		return 0, fmt.Errorf("simulating %s: %w", name, err)
	}
	if !midMeasured || last == 0 {
		return 0, fmt.Errorf("simulating %s: progress reported %d of %d fights", name, done, 2*half)
	}
	return int64(last) - int64(mid), nil
}
