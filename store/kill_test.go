package store_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"fray/engine"
	"fray/store"
)

// The child process of the kill -9 tests is this test binary, run with
// these variables naming the backend and where it is.
const (
	childBackendEnv = "FRAY_STORE_CHILD_BACKEND"
	childTargetEnv  = "FRAY_STORE_CHILD_TARGET"
)

// openBackend opens a backend by name: "sqlite" with a file path or
// "postgres" with a URL.
func openBackend(ctx context.Context, kind, target string) (store.Backend, error) {
	if kind == "postgres" {
		return store.OpenPostgres(ctx, target)
	}
	return store.OpenSQLite(ctx, target)
}

// TestKillChild is the child of the kill -9 tests: it appends decisions to
// the fight "killed" as fast as it can and prints the version of each once
// it is committed, until it is killed.
func TestKillChild(t *testing.T) {
	kind, target := os.Getenv(childBackendEnv), os.Getenv(childTargetEnv)
	if kind == "" {
		t.Skip("the child of TestKillNine; runs only when started by it")
	}
	ctx := context.Background()
	b, err := openBackend(ctx, kind, target)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for v := int64(0); ; v++ {
		e := store.Entry{Kind: store.Decision, Decision: engine.Record{Actor: "child", Command: json.RawMessage(fmt.Sprintf(`{"kind":"marker","n":%d}`, v+1))}}
		if err := b.Append(ctx, "killed", v, e); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		if _, err := fmt.Fprintln(os.Stdout, v+1); err != nil {
			os.Exit(2)
		}
	}
}

// killNine starts the child on a fight, kills it with SIGKILL at a random
// moment, reopens the store and checks that every decision the child
// printed as committed is there.
func killNine(t *testing.T, kind, target string) {
	ctx := t.Context()
	b, err := openBackend(ctx, kind, target)
	if err != nil {
		t.Fatal(err)
	}
	h := store.Header{ID: "killed", Ruleset: "blackpowder", Format: store.FormatVersion, Name: "x.yaml", Source: "ruleset: blackpowder\n"}
	if err := b.Create(ctx, h); err != nil {
		t.Fatal(err)
	}
	b.Close()

	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childBackendEnv+"="+kind, childTargetEnv+"="+target)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	if !lines.Scan() {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("the child printed nothing")
	}
	printed, _ := strconv.ParseInt(lines.Text(), 10, 64)
	wait := time.Duration(50+rand.IntN(250)) * time.Millisecond
	timer := time.AfterFunc(wait, func() { cmd.Process.Signal(syscall.SIGKILL) })
	defer timer.Stop()
	for lines.Scan() {
		n, err := strconv.ParseInt(lines.Text(), 10, 64)
		if err != nil {
			break // a line cut by the kill
		}
		printed = n
	}
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the child ended otherwise than by SIGKILL: %v", err)
	}

	b, err = openBackend(ctx, kind, target)
	if err != nil {
		t.Fatalf("reopening after the kill: %v", err)
	}
	defer b.Close()
	_, entries, err := b.Load(ctx, "killed")
	if err != nil {
		t.Fatalf("loading after the kill: %v", err)
	}
	if int64(len(entries)) < printed {
		t.Fatalf("killed after %v: the child printed %d decisions committed, the store holds %d", wait, printed, len(entries))
	}
	for i, e := range entries {
		want := fmt.Sprintf(`{"kind":"marker","n":%d}`, i+1)
		if string(e.Decision.Command) != want {
			t.Fatalf("entry %d: %s, want %s", i+1, e.Decision.Command, want)
		}
	}
	t.Logf("killed after %v: %d decisions printed, %d in the store", wait, printed, len(entries))
}

func TestKillNineSQLite(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the kill -9 test")
	}
	killNine(t, "sqlite", filepath.Join(t.TempDir(), "fights.db"))
}

func TestKillNinePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the kill -9 test")
	}
	killNine(t, "postgres", freshSchema(t, postgresURL(t)))
}
