package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// listening reads the address fray serve prints, and creationToken its
// creation token.
var (
	listening     = regexp.MustCompile(`listening on (http://\S+)`)
	creationToken = regexp.MustCompile(`creation token .*: (\S+)$`)
)

// TestServeStopsGracefully starts fray serve as a process on a free port,
// creates a fight, follows it live, and sends SIGTERM: the stream ends, and
// the process says it stopped and exits with status 0.
func TestServeStopsGracefully(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the serve test starts a process")
	}
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "fights.db"))
	cmd.Env = append(os.Environ(), asFrayEnv+"=1", adminEnv+"=secret", createEnv+"=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stdout)
	base, token := "", ""
	for token == "" && lines.Scan() {
		if m := listening.FindStringSubmatch(lines.Text()); m != nil {
			base = m[1]
		}
		if m := creationToken.FindStringSubmatch(lines.Text()); m != nil {
			token = m[1]
		}
	}
	if base == "" || token == "" {
		t.Fatalf("fray serve printed no address (%q) or no creation token (%q)", base, token)
	}
	if !lines.Scan() || !strings.Contains(lines.Text(), base+"/#create="+token) {
		t.Errorf("no link to the page with the creation token: %q", lines.Text())
	}
	// Without the creation token, no fight.
	resp, err := http.Post(base+"/fights", "application/json", strings.NewReader(`{"bundled":"alley_fight"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("creating a fight without the creation token: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	req, err := http.NewRequest("POST", base+"/fights", strings.NewReader(`{"bundled":"alley_fight"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		ID      string `json:"id"`
		GMToken string `json:"gm_token"`
	}
	json.NewDecoder(resp.Body).Decode(&f)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || f.ID == "" {
		t.Fatalf("creating a fight: %d", resp.StatusCode)
	}
	// The odds are computed in a worker process (fray odds-worker).
	req, err = http.NewRequest("GET", base+"/fights/"+f.ID+"/odds?wait_ms=10000", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+f.GMToken)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Status string `json:"status"`
		Menu   struct {
			Options []struct{ Status string } `json:"options"`
		} `json:"menu"`
	}
	json.NewDecoder(resp.Body).Decode(&o)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || o.Status != "complete" || len(o.Menu.Options) == 0 {
		t.Fatalf("odds: %d %+v", resp.StatusCode, o)
	}
	workers := childrenOf(cmd.Process.Pid)
	if runtime.GOOS == "linux" && len(workers) != 1 {
		t.Errorf("fray serve runs %d child processes after computing odds, want 1 odds worker", len(workers))
	}
	live, err := http.Get(base + "/fights/" + f.ID + "/events?token=" + f.GMToken)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Body.Close()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	ended := make(chan struct{})
	go func() {
		io.Copy(io.Discard, live.Body)
		close(ended)
	}()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the live stream did not end after SIGTERM")
	}
	var rest strings.Builder
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("fray serve exited with %v; it printed:\n%s", err, rest.String())
	}
	if !strings.Contains(rest.String(), "fray serve: stopped") {
		t.Errorf("no word of stopping:\n%s", rest.String())
	}
	for _, pid := range workers {
		gone := time.Now().Add(5 * time.Second)
		for syscall.Kill(pid, 0) == nil && time.Now().Before(gone) {
			time.Sleep(10 * time.Millisecond)
		}
		if syscall.Kill(pid, 0) == nil {
			t.Errorf("the odds worker %d outlived fray serve by 5 s", pid)
		}
	}
}

// childrenOf returns the ids of the processes whose parent is pid (none
// where there is no /proc).
func childrenOf(pid int) []int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(b)
		end := strings.LastIndexByte(s, ')')
		if end < 0 {
			continue
		}
		// After the command: the state, then the parent's id.
		if f := strings.Fields(s[end+1:]); len(f) > 1 && f[1] == strconv.Itoa(pid) {
			if child, err := strconv.Atoi(strings.Fields(s)[0]); err == nil {
				out = append(out, child)
			}
		}
	}
	return out
}

// TestServeOpen: with --open, fray serve lets anyone create fights, says
// so at start, and prints no creation token.
func TestServeOpen(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the serve test starts a process")
	}
	cmd := exec.Command(os.Args[0], "serve", "--open", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "fights.db"))
	cmd.Env = append(os.Environ(), asFrayEnv+"=1", adminEnv+"=secret", createEnv+"=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	lines := bufio.NewScanner(stdout)
	base, said := "", ""
	for said == "" && lines.Scan() {
		if m := listening.FindStringSubmatch(lines.Text()); m != nil {
			base = m[1]
		}
		if creationToken.MatchString(lines.Text()) {
			t.Errorf("a creation token printed with --open: %s", lines.Text())
		}
		if strings.Contains(lines.Text(), "--open: anyone") {
			said = lines.Text()
		}
	}
	if base == "" || said == "" {
		t.Fatalf("fray serve --open printed no address (%q) or no word of --open", base)
	}
	resp, err := http.Post(base+"/fights", "application/json", strings.NewReader(`{"bundled":"alley_fight"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Errorf("creating a fight on an open server without a token: %d", resp.StatusCode)
	}
}

// TestServeNegativeGrace: a negative --grace, which would stop the server
// without finishing a request in flight, is a usage error, before the
// server starts.
func TestServeNegativeGrace(t *testing.T) {
	r := fray(t, "serve", "--grace", "-5s", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "f.db"))
	if r.code != exitUsage || !strings.Contains(r.stderr, "--grace must be 0") {
		t.Errorf("exit %d, stderr %q; want a usage error about --grace", r.code, r.stderr)
	}
}
