package server_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/server"
	"fray/store"
)

// The benchmarks of this file measure what a server does per decision and
// per read, through HTTP on loopback over a real SQLite file, as a table
// uses it:
//
//	go test ./server -run '^$' -bench 'Decide|Read' -count 10 > new.txt
//	benchstat old.txt new.txt

// benchServer serves the API over a fresh SQLite file for a benchmark,
// with no rate limit to speak of.
func benchServer(b *testing.B) (base string, backend *store.SQLite) {
	b.Helper()
	reg, _ := catalog(b)
	backend, err := store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "fights.db"))
	if err != nil {
		b.Fatal(err)
	}
	s, err := server.New(server.Config{Store: store.New(backend, reg), Registry: reg, Rate: 1e9, Burst: 1e9, CreateRate: 1e9, CreateBurst: 1 << 30, Open: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	b.Cleanup(func() {
		s.Close()
		ts.Close()
		backend.Close()
	})
	return ts.URL, backend
}

// benchCall makes one request with token and a JSON body (if any) and
// decodes a 2xx answer into out (if any); any other status fails b.
func benchCall(b *testing.B, method, url, token string, body, out any) {
	c := &client{t: b}
	r := c.do(method, url, token, body)
	if r.status/100 != 2 {
		b.Fatalf("%s %s: %d %s", method, url, r.status, r.body)
	}
	if out != nil {
		r.decode(b, out)
	}
}

// benchStream is a live stream a benchmark follows: each entry's id is
// sent on ids as it arrives.
type benchStream struct {
	ids  chan int64
	stop func()
}

// followBench opens the live stream of fight id with token.
func followBench(b *testing.B, base, id, token string) *benchStream {
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/fights/"+id+"/events?token="+token, nil)
	if err != nil {
		b.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		cancel()
		b.Fatalf("opening a stream: %v %v", resp, err)
	}
	s := &benchStream{ids: make(chan int64, 1024)}
	done := make(chan struct{})
	s.stop = func() {
		cancel()
		resp.Body.Close()
		<-done
	}
	go func() {
		defer close(done)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				n, err := strconv.ParseInt(v, 10, 64)
				if err == nil {
					s.ids <- n
				}
			}
		}
	}()
	return s
}

// await waits for the stream to deliver version v.
func (s *benchStream) await(b *testing.B, v int64) {
	timeout := time.After(time.Minute)
	for {
		select {
		case got := <-s.ids:
			if got >= v {
				return
			}
		case <-timeout:
			b.Fatalf("the stream did not deliver version %d in a minute", v)
		}
	}
}

// benchFightLength is the most decisions a benchmark's fight makes before
// another starts: about a fight's length, as fray-load plays them.
const benchFightLength = 60

// BenchmarkDecide measures one decision a op: the GM's POST, answered
// after its durable commit, and its delivery to every live stream of the
// fight (streams=N: the GM's and the players' in turn). Fights of the
// alley fight are played by random options with the server's dice, each
// to its end or to benchFightLength decisions, so that a transcript has
// up to that many entries; starting a fight and its streams is not timed.
func BenchmarkDecide(b *testing.B) {
	for _, n := range []int{0, 4} {
		b.Run(fmt.Sprintf("streams=%d", n), func(b *testing.B) {
			base, _ := benchServer(b)
			rng := rand.New(rand.NewPCG(1, 2))
			var (
				f       created
				streams []*benchStream
				at      engine.Prompt[string]
				version int64
				made    int
			)
			start := func() {
				for _, s := range streams {
					s.stop()
				}
				streams = streams[:0]
				f = created{}
				benchCall(b, "POST", base+"/fights", "", map[string]string{"bundled": "alley_fight"}, &f)
				tokens := []string{f.GMToken}
				for _, p := range f.Players {
					tokens = append(tokens, p.Token)
				}
				for i := range n {
					streams = append(streams, followBench(b, base, f.ID, tokens[i%len(tokens)]))
				}
				var v view
				benchCall(b, "GET", base+"/fights/"+f.ID, f.GMToken, nil, &v)
				at, version, made = v.Prompt, v.Version, 0
			}
			start()
			b.ResetTimer()
			for range b.N {
				if at.Kind == engine.End || made == benchFightLength {
					b.StopTimer()
					start()
					b.StartTimer()
				}
				i := rng.IntN(len(at.Options))
				if at.Kind == engine.Ruling && at.Default >= 0 {
					i = at.Default
				}
				var d struct {
					Version int64                 `json:"version"`
					Prompt  engine.Prompt[string] `json:"prompt"`
				}
				benchCall(b, "POST", base+"/fights/"+f.ID+"/decisions", f.GMToken,
					map[string]any{"version": version, "actor": at.Actor, "command": at.Options[i].Command}, &d)
				for _, s := range streams {
					s.await(b, d.Version)
				}
				at, version = d.Prompt, d.Version
				made++
			}
			b.StopTimer()
			for _, s := range streams {
				s.stop()
			}
		})
	}
}

// recordedFight is a whole fight the store's tests keep, with undos.
type recordedFight struct {
	Header  store.Header  `json:"header"`
	Entries []store.Entry `json:"entries"`
}

// importRecorded records the store's test fight of the given file in
// backend, and a GM token and a token for player, and returns the
// fight's id and the two tokens.
func importRecorded(b *testing.B, backend *store.SQLite, file, player string) (id, gm, pl string) {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "store", "testdata", file))
	if err != nil {
		b.Fatal(err)
	}
	var rf recordedFight
	if err := json.Unmarshal(data, &rf); err != nil {
		b.Fatal(err)
	}
	rf.Header.ID = "bench-" + rf.Header.ID
	if err := backend.Import(context.Background(), rf.Header, rf.Entries); err != nil {
		b.Fatal(err)
	}
	hash := func(tok string) string {
		sum := sha256.Sum256([]byte(tok))
		return hex.EncodeToString(sum[:])
	}
	gm, pl = "bench-gm-token", "bench-player-token"
	if err := backend.AddGrants(context.Background(), map[string]store.Grant{
		hash(gm): {Fight: rf.Header.ID, GM: true},
		hash(pl): {Fight: rf.Header.ID, Combatant: player},
	}); err != nil {
		b.Fatal(err)
	}
	return rf.Header.ID, gm, pl
}

// BenchmarkRead measures the reads a tracker page makes after each entry
// (GET /fights/{id}, its state and prompt, and GET .../transcript), as the
// GM and as a player, of a whole recorded fight: the tempo brawl, a fight
// with secrets, at its end (316 entries, 238 decisions in force).
func BenchmarkRead(b *testing.B) {
	base, backend := benchServer(b)
	id, gm, player := importRecorded(b, backend, "tempo_brawl.json", "fencer")
	for _, what := range []string{"state", "transcript"} {
		path := base + "/fights/" + id
		if what == "transcript" {
			path += "/transcript"
		}
		for _, who := range []struct{ name, token string }{{"gm", gm}, {"player", player}} {
			b.Run(what+"/"+who.name, func(b *testing.B) {
				benchCall(b, "GET", path, who.token, nil, nil)
				b.ResetTimer()
				for range b.N {
					benchCall(b, "GET", path, who.token, nil, nil)
				}
			})
		}
	}
}
