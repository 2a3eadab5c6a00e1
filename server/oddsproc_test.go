package server_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"fray/engine"
	"fray/server"
	"fray/server/loadgen"
)

// workerEnv, set to 1, makes the test binary an odds worker process (see
// TestMain): the tests' servers given Config.OddsProcess start the test
// binary itself as their worker.
const workerEnv = "FRAY_TEST_ODDS_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		reg, oddsFor, err := loadgen.Catalog()
		if err == nil {
			err = server.ServeOddsWorker(reg, oddsFor, os.Stdin, os.Stdout, slog.New(slog.NewTextHandler(os.Stderr, nil)))
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// workerServers starts two servers over one store: one computing odds in
// its own process, one in worker processes (the test binary). Their time
// budgets are long, so that the odds depend on the dice paths alone and
// not on how a loaded machine shares its cores (a worker runs at the
// lowest priority).
func workerServers(t *testing.T) (here, away *client) {
	t.Helper()
	t.Setenv(workerEnv, "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	open := backendCases[0].open(t)
	slow := func(cfg *server.Config) { cfg.OddsOptionTime, cfg.OddsPromptTime = time.Minute, 5*time.Minute }
	here = startServer(t, open(), slow)
	away = startServer(t, open(), func(cfg *server.Config) {
		slow(cfg)
		cfg.OddsProcess = []string{exe}
	})
	return here, away
}

// oddsBody reads a prompt's odds whole: every option computed, waiting
// for them up to a minute.
func (c *client) oddsBody(t *testing.T, f created) []byte {
	t.Helper()
	for range 6 {
		r := c.do("GET", "/fights/"+f.ID+"/odds?wait_ms=10000", f.GMToken, nil)
		if r.status != http.StatusOK {
			t.Fatalf("odds: %d %s", r.status, r.body)
		}
		var a oddsAnswer
		r.decode(t, &a)
		if a.Status == "complete" {
			// The body's schema link names the server.
			return schemaLink.ReplaceAll(r.body, nil)
		}
	}
	t.Fatalf("odds of fight %s not complete within a minute", f.ID)
	return nil
}

// schemaLink is the link to a body's schema, with its comma.
var schemaLink = regexp.MustCompile(`"\$schema":"[^"]*",`)

// TestOddsInAWorkerProcess has a server compute odds in worker processes
// and another, over the same store, in its own: at every prompt of a few
// decisions of a blackpowder and a tempo fight, the two answer the same
// bytes, though the worker computes three options at a time and the
// server's own pool one. The workers run at the lowest priority, and a
// worker killed between jobs is started again for the next without
// losing its odds.
func TestOddsInAWorkerProcess(t *testing.T) {
	// The worker process computes as many options at once as its Go has
	// processors.
	t.Setenv("GOMAXPROCS", "3")
	here, away := workerServers(t)
	for _, bundled := range []string{"pistols_at_dawn", "duel", "alley_fight"} {
		for step := range 4 {
			// A fight of its own for each step, played by one server
			// and read first by the other, which then loads it whole
			// from the store (an SQLite store tells no server of
			// another's decisions).
			f := here.create(bundled)
			here.play(f, step)
			v := here.read(f, f.GMToken)
			if v.Prompt.Kind == engine.End {
				break
			}
			got, want := away.oddsBody(t, f), here.oddsBody(t, f)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s, prompt %d (%s): the worker process's odds differ from the server's own\nworker: %s\nserver: %s", bundled, step, v.Prompt.Question, got, want)
			}
		}
	}

	children := oddsWorkers(t)
	if len(children) == 0 {
		t.Fatal("no odds worker process runs")
	}
	if runtime.GOOS == "linux" {
		for _, pid := range children {
			for tid, sched := range scheduling(t, pid) {
				if sched.nice != 19 || sched.policy != 5 {
					t.Errorf("the odds worker %d's thread %d runs at niceness %d, policy %d; want 19 and SCHED_IDLE (5)", pid, tid, sched.nice, sched.policy)
				}
			}
		}
	}

	for _, pid := range children {
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
	}
	f := here.create("duel")
	body := away.oddsBody(t, f)
	if bytes.Contains(body, []byte("worker stopped")) {
		t.Fatalf("a worker killed while idle lost the next prompt's odds: %s", body)
	}
	if want := here.oddsBody(t, f); !bytes.Equal(body, want) {
		t.Fatalf("after the worker was killed, its successor's odds differ\nworker: %s\nserver: %s", body, want)
	}
}

// TestOddsWorkerThatFails gives the server a worker program that exits at
// once: every option of a prompt is answered without odds, saying why,
// and decisions go on.
func TestOddsWorkerThatFails(t *testing.T) {
	if _, err := os.Stat("/bin/false"); err != nil {
		t.Skip("no /bin/false here")
	}
	c := startServer(t, backendCases[0].open(t)(), func(cfg *server.Config) {
		cfg.OddsProcess = []string{"/bin/false"}
	})
	f := c.create("duel")
	for range 2 {
		_, a := c.oddsOf(t, f, f.GMToken, 10*time.Second)
		if a.Status != "complete" || len(a.Refused) == 0 || len(a.Menu.Options) != 0 {
			t.Fatalf("odds with a failing worker: %+v", a)
		}
		for _, r := range a.Refused {
			if !strings.Contains(r.Reason, "worker stopped") {
				t.Fatalf("option %s refused for %q, want the worker's failure", r.Command, r.Reason)
			}
		}
		c.play(f, 1)
	}
}

// oddsWorkers returns the process ids of this process's children: its
// odds workers.
func oddsWorkers(t *testing.T) []int {
	t.Helper()
	procs, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil || len(procs) == 0 {
		t.Skip("no /proc here to find the odds workers in")
	}
	var pids []int
	for _, p := range procs {
		fields := statFields(p)
		if len(fields) > 3 && fields[3] == strconv.Itoa(os.Getpid()) {
			pid, _ := strconv.Atoi(fields[0])
			pids = append(pids, pid)
		}
	}
	return pids
}

// sched is a thread's niceness and scheduling policy.
type sched struct{ nice, policy int }

// scheduling returns the niceness and scheduling policy of each thread of
// process pid.
func scheduling(t *testing.T, pid int) map[int]sched {
	t.Helper()
	stats, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/stat", pid))
	if err != nil || len(stats) == 0 {
		t.Fatalf("no threads of %d: %v", pid, err)
	}
	out := map[int]sched{}
	for _, p := range stats {
		fields := statFields(p)
		if len(fields) < 41 {
			t.Fatalf("%s: %q", p, fields)
		}
		tid, _ := strconv.Atoi(fields[0])
		n, err1 := strconv.Atoi(fields[18])
		policy, err2 := strconv.Atoi(fields[40])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: niceness %q, policy %q", p, fields[18], fields[40])
		}
		out[tid] = sched{n, policy}
	}
	return out
}

// statFields returns the fields of a /proc stat file, field n of proc(5)
// at n-1: the pid, the command (whole, though it may hold spaces), the
// state, the parent's pid, ..., the niceness (19th), ..., the scheduling
// policy (41st).
func statFields(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	s := string(b)
	open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || end < open {
		return nil
	}
	return append([]string{strings.TrimSpace(s[:open]), s[open+1 : end]}, strings.Fields(s[end+1:])...)
}
