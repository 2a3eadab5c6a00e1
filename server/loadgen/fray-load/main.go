// Command fray-load plays many fights at once against a fray server and
// reports the decisions' throughput and latency. Without -url it starts a
// server of its own on loopback over a fresh SQLite file (or -postgres),
// and reports the CPU time the process used per decision, the server's
// and the load's together: a cost the machine's other load does not
// change the way it changes latencies.
//
//	go run ./server/loadgen/fray-load -fights 200 -duration 20s
//	go run ./server/loadgen/fray-load -postgres postgres://postgres@127.0.0.1/test
//	go run ./server/loadgen/fray-load -url http://127.0.0.1:8080
//	go run ./server/loadgen/fray-load -compare -odds 8 -fights 50 -think 100ms
//	go run ./server/loadgen/fray-load -walk
//
// The server it starts computes odds as fray serve does, in a worker
// process (this program again, run with -odds-worker); -odds-in-process
// computes them in the server's own process, as fray serve
// --odds-in-process does.
//
// With -odds N, N flooders ask for odds beside the tables, each with a
// fight and a token of its own (see loadgen.Options.Odds). With -compare,
// the same load runs twice on one server, without the flooders and then
// with them, and the decisions' latencies are reported side by side, with
// the ratio of their p99s. With -walk, it plays one seeded fight of every
// bundled encounter instead, reading the odds of every prompt as the GM,
// and reports how long each read took (loadgen.Walk).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"time"

	"fray/server"
	"fray/server/loadgen"
	"fray/store"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "fray-load: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	var o loadgen.Options
	var pg string
	var asJSON bool
	flag.StringVar(&o.URL, "url", "", "the server to load (default: start one on loopback)")
	flag.StringVar(&o.Token, "token", os.Getenv("FRAY_CREATE_TOKEN"), "with -url, the server's creation token (default $FRAY_CREATE_TOKEN; none for a server run with --open)")
	flag.StringVar(&pg, "postgres", "", "with no -url, keep the server's fights in the PostgreSQL database at this URL (default: a fresh SQLite file)")
	flag.IntVar(&o.Fights, "fights", 200, "fights played at once")
	flag.IntVar(&o.Decisions, "decisions", 60, "decisions a fight makes before starting another")
	flag.DurationVar(&o.Duration, "duration", 10e9, "how long to run")
	flag.DurationVar(&o.Think, "think", 0, "how long each table waits before answering a prompt, on average (each wait uniform between half and 1.5 times it; tables start spread over it)")
	flag.IntVar(&o.Streams, "streams", 0, "live streams each table follows (the GM's, then the players'), waiting for each to deliver a decision before reading again")
	flag.Uint64Var(&o.Seed, "seed", 1, "seed of the random choices")
	flag.IntVar(&o.Odds, "odds", 0, "odds flooders beside the tables, each with a fight and a token of its own")
	flag.DurationVar(&o.OddsEvery, "odds-every", 5*time.Millisecond, "how long each odds flooder waits between its requests")
	compare := flag.Bool("compare", false, "run the load without the odds flooders, then with them (-odds, default 8), on one server, in turn for -rounds rounds of -duration each, and compare the decisions' latencies")
	rounds := flag.Int("rounds", 3, "with -compare, how many times to run the load without and then with the flooders")
	flag.BoolVar(&asJSON, "json", false, "write the report as JSON")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the run (server and load together) to this file")
	memProfile := flag.String("memprofile", "", "write a profile of the memory allocated during the run (server and load together) to this file")
	inProcess := flag.Bool("odds-in-process", false, "with no -url, compute the server's odds in its own process (on threads of lower priority) rather than in worker processes")
	oddsWorker := flag.Bool("odds-worker", false, "be an odds worker process for a server this program started (internal)")
	walk := flag.Bool("walk", false, "instead of a load, walk one fight of every bundled encounter (-decisions at most, dice and choices from -seed), reading the odds of every prompt as the GM, one read at a time, and report how long they took")
	only := flag.String("only", "", "with -walk, only the encounters whose name contains this")
	answers := flag.String("answers", "", "with -walk, write every prompt's odds as the server answered them to this file, a line each, to compare two servers' answers at one seed")
	flag.Parse()
	if *oddsWorker {
		reg, oddsFor, err := loadgen.Catalog()
		if err != nil {
			return err
		}
		return server.ServeOddsWorker(reg, oddsFor, os.Stdin, os.Stdout, slog.New(slog.NewTextHandler(os.Stderr, nil)))
	}
	if *memProfile != "" {
		runtime.MemProfileRate = 64 << 10
		defer func() {
			if err := writeHeapProfile(*memProfile); err != nil {
				fmt.Fprintf(os.Stderr, "fray-load: %v\n", err)
			}
		}()
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ctx := context.Background()
	own := o.URL == "" // the server runs in this process
	if o.URL == "" {
		o.Token = "fray-load"
		stop, url, err := serve(ctx, pg, o.Token, *inProcess)
		if err != nil {
			return err
		}
		defer stop()
		o.URL = url
	}
	if *walk {
		return runWalk(ctx, loadgen.WalkOptions{URL: o.URL, Token: o.Token, Decisions: o.Decisions, Seed: o.Seed, Only: *only}, *answers)
	}
	if *compare {
		return runCompared(ctx, o, *rounds, asJSON)
	}
	began, measured := cpuTime()
	rep, err := loadgen.Run(ctx, o)
	if err != nil {
		return err
	}
	if ended, ok := cpuTime(); ok && measured && own && rep.Decisions > 0 {
		rep.CPU = (ended - began) / time.Duration(rep.Decisions)
	}
	if asJSON {
		return json.NewEncoder(os.Stdout).Encode(rep)
	}
	fmt.Println(rep)
	if rep.FirstError != "" {
		fmt.Println("first error:", rep.FirstError)
	}
	return nil
}

// Compared is what -compare reports: the same load without and with odds
// flooders, and the ratio of the decisions' p99s.
type Compared struct {
	Unloaded loadgen.Report `json:"unloaded"`
	Flooded  loadgen.Report `json:"flooded"`
	// Ratio is the flooded run's decision p99 over the unloaded run's.
	Ratio float64 `json:"p99_ratio"`
}

// runCompared runs o without its odds flooders, then with them (8 when o
// has none), one after the other on one server, rounds times in turn (so
// that the machine's other work weighs on both alike), and reports both,
// each over all its rounds.
func runCompared(ctx context.Context, o loadgen.Options, rounds int, asJSON bool) error {
	flooders := o.Odds
	if flooders <= 0 {
		flooders = 8
	}
	var quiets, louds []loadgen.Report
	for i := range max(1, rounds) {
		o.Seed += uint64(i)
		o.Odds = 0
		quiet, err := loadgen.Run(ctx, o)
		if err != nil {
			return err
		}
		o.Odds = flooders
		loud, err := loadgen.Run(ctx, o)
		if err != nil {
			return err
		}
		quiets, louds = append(quiets, quiet), append(louds, loud)
		if !asJSON {
			fmt.Printf("round %d: decision p99 %.2f ms without the odds flood, %.2f ms with it\n", i+1, ms(quiet.P99), ms(loud.P99))
		}
	}
	quiet, loud := loadgen.Merge(quiets...), loadgen.Merge(louds...)
	c := Compared{Unloaded: quiet, Flooded: loud}
	if quiet.P99 > 0 {
		c.Ratio = float64(loud.P99) / float64(quiet.P99)
	}
	if asJSON {
		return json.NewEncoder(os.Stdout).Encode(c)
	}
	fmt.Println("without odds:", quiet)
	fmt.Println("with odds:   ", loud)
	verdict := "within"
	if c.Ratio > 2 {
		verdict = "NOT within"
	}
	fmt.Printf("decision p99 %.2f ms without the odds flood, %.2f ms with it: %.2fx, %s 2x\n", ms(quiet.P99), ms(loud.P99), c.Ratio, verdict)
	for _, r := range []loadgen.Report{quiet, loud} {
		if r.FirstError != "" {
			fmt.Println("first error:", r.FirstError)
		}
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// writeHeapProfile writes the allocations profile to the file at path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

// serve starts a server on loopback over a fresh store, computing odds in
// worker processes (this program, run with -odds-worker) unless inProcess.
func serve(ctx context.Context, pg, token string, inProcess bool) (func(), string, error) {
	reg, oddsFor, err := loadgen.Catalog()
	if err != nil {
		return nil, "", err
	}
	var b store.Backend
	var dir string
	if pg != "" {
		b, err = store.OpenPostgres(ctx, pg)
	} else {
		if dir, err = os.MkdirTemp("", "fray-load"); err != nil {
			return nil, "", err
		}
		b, err = store.OpenSQLite(ctx, filepath.Join(dir, "fights.db"))
	}
	if err != nil {
		return nil, "", err
	}
	cfg := server.Config{Store: store.New(b, reg), Registry: reg, Rate: 1e6, Burst: 1e6, Odds: oddsFor,
		CreateToken: token, CreateRate: 1e6, CreateBurst: 1e6,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	restore := func() {}
	if inProcess {
		cfg.OddsWorkers, restore = server.ReserveOddsProcs()
	} else {
		exe, err := os.Executable()
		if err != nil {
			b.Close()
			return nil, "", err
		}
		cfg.OddsProcess = []string{exe, "-odds-worker"}
	}
	s, err := server.New(cfg)
	if err != nil {
		restore()
		b.Close()
		return nil, "", err
	}
	ts := httptest.NewServer(s.Handler())
	return func() {
		ts.Close()
		s.Close()
		restore()
		b.Close()
		if dir != "" {
			os.RemoveAll(dir)
		}
	}, ts.URL, nil
}

// runWalk walks the bundled encounters (loadgen.Walk) and prints the
// report, writing the answers to the file answers when it is not "".
func runWalk(ctx context.Context, o loadgen.WalkOptions, answers string) error {
	var buf *bufio.Writer
	if answers != "" {
		f, err := os.Create(answers)
		if err != nil {
			return err
		}
		defer f.Close()
		buf = bufio.NewWriter(f)
		o.Answers = buf
	}
	rep, err := loadgen.Walk(ctx, o)
	if err != nil {
		return err
	}
	if buf != nil {
		if err := buf.Flush(); err != nil {
			return fmt.Errorf("writing %s: %w", answers, err)
		}
	}
	fmt.Println(rep)
	return nil
}
