package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"time"

	"fray/engine"
	"fray/internal/gctarget"
	"fray/odds"
	"fray/store"
)

// A server given Config.OddsProcess computes odds in worker processes:
// each of the pool's workers starts one and talks to it over its standard
// input and output, one JSON document a line. The server writes a job
// (oddsRequest) and, should the fight move on, a cancellation; the worker
// answers each option's result as it is had, then that the job is done
// (oddsReply). A worker that dies or stops answering is killed and
// started again for the next job; the options it left are answered
// without odds, saying why.

// oddsRequest is a job for a worker process: the odds of Commands, each
// given by Actor at the end of the record (Header and Entries), with
// Policy. A request with Cancel set cancels the job ID instead.
type oddsRequest struct {
	ID        uint64        `json:"id"`
	Cancel    bool          `json:"cancel,omitempty"`
	Header    store.Header  `json:"header,omitzero"`
	Entries   []store.Entry `json:"entries,omitempty"`
	Actor     string        `json:"actor,omitempty"`
	Policy    string        `json:"policy,omitempty"`
	Commands  []string      `json:"commands,omitempty"`
	PerOption time.Duration `json:"per_option,omitempty"`
	PerJob    time.Duration `json:"per_job,omitempty"`
}

// oddsReply is a worker process's answer to job ID: option Option's odds
// in brief (Brief, without its full odds), or Reason why it has none; or,
// with Done, that the job has no more answers. An answer with odds is
// followed by the option's full odds: OddsBytes bytes of JSON
// (odds.ReportJSON) and a newline, passed on as they are rather than read
// as JSON, since they may run to megabytes.
type oddsReply struct {
	ID        uint64           `json:"id"`
	Option    int              `json:"option"`
	Brief     *odds.OptionJSON `json:"brief,omitempty"`
	OddsBytes int              `json:"odds_bytes,omitempty"`
	Reason    string           `json:"reason,omitempty"`
	Done      bool             `json:"done,omitempty"`

	full []byte // the full odds that follow
}

// maxOddsBytes bounds the full odds of one option a worker process may
// send.
const maxOddsBytes = 1 << 28

// workerGrace is how long past a job's budget the server waits for its
// worker process before killing it.
const workerGrace = 5 * time.Second

// ServeOddsWorker is the main work of an odds worker process (see
// Config.OddsProcess): it reads jobs from in and writes their results to
// out until in ends, computing the odds of each fight of reg with the
// calculator oddsFor gives for its ruleset. It lowers the process's
// priority first (on Linux), so that the machine's processors go to the
// server's requests first, and sets its garbage collector for computing
// odds (gctarget.ForOdds) while it serves.
func ServeOddsWorker(reg *engine.Registry, oddsFor func(ruleset string) (odds.Calculator, error), in io.Reader, out io.Writer, logger *slog.Logger) error {
	lowerProcessPriority()
	// The process computes odds and nothing else: its collector is set
	// for that (a menu keeps a heap that dies when it is answered).
	restoreGC, _ := gctarget.ForOdds()
	defer restoreGC()
	jobs := make(chan oddsRequest, 1)
	var (
		mu      sync.Mutex
		current uint64
		cancel  context.CancelFunc = func() {}
	)
	readErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		dec := json.NewDecoder(bufio.NewReader(in))
		for {
			var req oddsRequest
			if err := dec.Decode(&req); err != nil {
				if !errors.Is(err, io.EOF) {
					readErr <- fmt.Errorf("reading a job: %w", err)
				}
				mu.Lock()
				cancel()
				mu.Unlock()
				return
			}
			if req.Cancel {
				mu.Lock()
				if req.ID == current {
					cancel()
				}
				mu.Unlock()
				continue
			}
			jobs <- req
		}
	}()
	w := bufio.NewWriter(out)
	var (
		writeMu  sync.Mutex
		writeErr error
	)
	reply := func(r oddsReply) {
		writeMu.Lock()
		defer writeMu.Unlock()
		if writeErr == nil {
			writeErr = writeReply(w, r)
		}
	}
	// The process computes as many options of a job at once as Go has
	// processors, each on a table of its own.
	tables := make([]tableCache, runtime.GOMAXPROCS(0))
	for req := range jobs {
		ctx, stop := context.WithCancel(context.Background())
		mu.Lock()
		current, cancel = req.ID, stop
		mu.Unlock()
		calc, err := oddsFor(req.Header.Ruleset)
		if err != nil {
			for i := range req.Commands {
				reply(oddsReply{ID: req.ID, Option: i, Reason: excerpt(err.Error(), maxDetail)})
			}
		} else {
			computeOdds(ctx, reg, tables, calc, &req, logger, func(i int, r *optionResult) {
				reply(oddsReply{ID: req.ID, Option: i, Brief: r.brief, Reason: r.reason, full: r.full})
			})
		}
		reply(oddsReply{ID: req.ID, Done: true})
		stop()
		if writeErr != nil {
			return fmt.Errorf("odds worker: writing results: %w", writeErr)
		}
	}
	select {
	case err := <-readErr:
		return fmt.Errorf("odds worker: %w", err)
	default:
		return nil
	}
}

// oddsChild is the server's side of one worker process, started when
// first needed and again after it failed. One goroutine (a pool worker)
// uses it at a time.
type oddsChild struct {
	argv   []string
	logger *slog.Logger

	cmd     *exec.Cmd
	stdin   io.WriteCloser
	enc     *json.Encoder
	replies chan oddsReply // closed when the process's output ends
	seq     uint64
}

// newOddsChild returns the side of a worker process run by argv; the
// process starts with the first job.
func newOddsChild(argv []string, logger *slog.Logger) *oddsChild {
	return &oddsChild{argv: argv, logger: logger}
}

// start starts the worker process. It computes as many options of a job
// at once as Go gives it processors (every core the machine lets it use,
// unless GOMAXPROCS says fewer): a table waits on one prompt at a time,
// and its threads, of the lowest priority, give way to the server's.
func (c *oddsChild) start() error {
	cmd := exec.Command(c.argv[0], c.argv[1:]...)
	cmd.Env = os.Environ()
	cmd.Stderr = &logWriter{logger: c.logger}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("starting the odds worker: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("starting the odds worker: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the odds worker %q: %w", c.argv[0], err)
	}
	replies := make(chan oddsReply, 16)
	go func() {
		defer close(replies)
		in := bufio.NewReader(stdout)
		for {
			r, err := readReply(in)
			if err != nil {
				if !errors.Is(err, io.EOF) {
					c.logger.Warn("odds: reading the worker process's answers", "err", err)
				}
				return
			}
			replies <- r
		}
	}()
	c.cmd, c.stdin, c.enc, c.replies = cmd, stdin, json.NewEncoder(stdin), replies
	return nil
}

// compute has the worker process compute req, giving each option's
// result to set as it comes, until the process says the job is done. When
// ctx ends first, the process is told to stop after the option it is
// computing. An error says the process failed (it is then stopped, to be
// started again for the next job). A process that had died before it
// answered anything of the job (killed while idle) is started again once,
// for the same job.
func (c *oddsChild) compute(ctx context.Context, req *oddsRequest, set func(int, *optionResult)) error {
	fresh := c.cmd == nil
	answered, err := c.attempt(ctx, req, set)
	if err != nil && !fresh && !answered && ctx.Err() == nil {
		c.logger.Warn("odds: the worker process failed; starting another", "err", err)
		_, err = c.attempt(ctx, req, set)
	}
	return err
}

// attempt is one try of compute, saying whether any option was answered.
func (c *oddsChild) attempt(ctx context.Context, req *oddsRequest, set func(int, *optionResult)) (answered bool, err error) {
	if c.cmd == nil {
		if err := c.start(); err != nil {
			return false, err
		}
	}
	c.seq++
	req.ID = c.seq
	if err := c.enc.Encode(req); err != nil {
		c.kill()
		return false, fmt.Errorf("sending a job to the odds worker: %w", err)
	}
	// The process keeps its own budgets; past them and a grace, it is
	// taken for stuck.
	stuck := time.NewTimer(req.PerJob + workerGrace)
	defer stuck.Stop()
	done := ctx.Done()
	for {
		select {
		case r, ok := <-c.replies:
			switch {
			case !ok:
				c.kill()
				return answered, errors.New("the odds worker stopped")
			case r.ID != req.ID:
				// A late answer to an earlier job: dropped.
			case r.Done:
				return answered, nil
			case r.Option < 0 || r.Option >= len(req.Commands):
				c.kill()
				return answered, fmt.Errorf("the odds worker answered option %d of %d", r.Option, len(req.Commands))
			default:
				answered = true
				set(r.Option, &optionResult{brief: r.Brief, full: r.full, reason: r.Reason})
			}
		case <-done:
			done = nil
			if err := c.enc.Encode(oddsRequest{ID: req.ID, Cancel: true}); err != nil {
				c.kill()
				return answered, fmt.Errorf("cancelling a job of the odds worker: %w", err)
			}
			stuck.Reset(req.PerOption + workerGrace)
		case <-stuck.C:
			c.kill()
			return answered, fmt.Errorf("the odds worker did not finish a job within %s", req.PerJob+workerGrace)
		}
	}
}

// kill stops the worker process, if it runs, and waits for it.
func (c *oddsChild) kill() {
	if c.cmd == nil {
		return
	}
	c.cmd.Process.Kill() //nolint:errcheck // it may have ended already
	c.finish()
}

// close ends the worker process, if it runs: its input closed, it stops
// after its job; it is killed past the grace.
func (c *oddsChild) close() {
	if c.cmd == nil {
		return
	}
	// Errors are of a process that ended already: it is waited for
	// below.
	c.stdin.Close()
	t := time.AfterFunc(workerGrace, func() { c.cmd.Process.Kill() })
	defer t.Stop()
	c.finish()
}

// finish waits for the worker process to end, draining its output, and
// forgets it.
func (c *oddsChild) finish() {
	for range c.replies {
	}
	c.cmd.Wait() //nolint:errcheck // the process was stopped on purpose
	c.cmd, c.stdin, c.enc, c.replies = nil, nil, nil, nil
}

// writeReply writes r to w, its full odds after it, and flushes w.
func writeReply(w *bufio.Writer, r oddsReply) error {
	r.OddsBytes = len(r.full)
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	w.Write(line)
	w.WriteByte('\n')
	if len(r.full) > 0 {
		w.Write(r.full)
		w.WriteByte('\n')
	}
	return w.Flush()
}

// readReply reads what writeReply wrote.
func readReply(in *bufio.Reader) (oddsReply, error) {
	var r oddsReply
	line, err := in.ReadBytes('\n')
	if err != nil {
		if len(line) > 0 && errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return r, err
	}
	if err := json.Unmarshal(line, &r); err != nil {
		return r, fmt.Errorf("an answer: %w", err)
	}
	if r.OddsBytes < 0 || r.OddsBytes > maxOddsBytes {
		return r, fmt.Errorf("an answer with %d bytes of odds", r.OddsBytes)
	}
	if r.OddsBytes > 0 {
		r.full = make([]byte, r.OddsBytes+1)
		if _, err := io.ReadFull(in, r.full); err != nil {
			return r, fmt.Errorf("the odds of an answer: %w", err)
		}
		if r.full[r.OddsBytes] != '\n' {
			return r, errors.New("the odds of an answer do not end where it says")
		}
		r.full = r.full[:r.OddsBytes]
	}
	return r, nil
}

// logWriter logs what a worker process writes to its standard error, line
// by line.
type logWriter struct {
	logger *slog.Logger
	mu     sync.Mutex
	buf    []byte
}

func (w *logWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		w.logger.Warn("odds worker", "says", excerpt(string(w.buf[:i]), maxDetail))
		w.buf = w.buf[i+1:]
	}
	if len(w.buf) > maxDetail {
		w.logger.Warn("odds worker", "says", excerpt(string(w.buf), maxDetail))
		w.buf = w.buf[:0]
	}
	return len(p), nil
}
