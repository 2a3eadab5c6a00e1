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
	"strings"
	"syscall"
	"testing"
	"time"
)

// listening reads the address fray serve prints.
var listening = regexp.MustCompile(`listening on (http://\S+)`)

// TestServeStopsGracefully starts fray serve as a process on a free port,
// creates a fight, follows it live, and sends SIGTERM: the stream ends, and
// the process says it stopped and exits with status 0.
func TestServeStopsGracefully(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the serve test starts a process")
	}
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "fights.db"))
	cmd.Env = append(os.Environ(), asFrayEnv+"=1", adminEnv+"=secret")
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
	base := ""
	for base == "" && lines.Scan() {
		if m := listening.FindStringSubmatch(lines.Text()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		t.Fatal("fray serve printed no address")
	}
	resp, err := http.Post(base+"/fights", "application/json", strings.NewReader(`{"bundled":"alley_fight"}`))
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
}
