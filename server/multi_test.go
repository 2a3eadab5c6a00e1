package server_test

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"fray/engine"
	"fray/server"
)

// TestTwoServersOnePostgres runs two servers, each with its own pool, on
// one PostgreSQL database: a decision made through one reaches the live
// stream of the other (LISTEN/NOTIFY), each can go on with the fight the
// other moved, and two answers to one prompt through the two give one
// success and one conflict.
func TestTwoServersOnePostgres(t *testing.T) {
	var pg backendCase
	for _, bc := range backendCases {
		if bc.name == "postgres" {
			pg = bc
		}
	}
	open := pg.open(t)
	a := startServer(t, open(), nil)
	b := startServer(t, open(), nil)
	f := a.create("alley_fight")
	player := f.Players[0].Token
	s := b.follow(f, player, "")
	defer s.cancel()
	for i := range 6 {
		via := a
		if i%2 == 1 {
			via = b
		}
		via.play(f, 1)
		e := s.nextBut(t)
		var m server.StreamEntry
		if err := json.Unmarshal(e.data, &m); err != nil {
			t.Fatal(err)
		}
		if m.Version != int64(i+1) || m.Entry == nil {
			t.Fatalf("decision %d through server %d: the other's stream sent %s", i+1, i%2, e.data)
		}
	}
	// Both servers show version 6 before two answers race: a server may
	// read a moment behind a decision made through the other.
	settle := func(want int64) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for a.read(f, f.GMToken).Version != want || b.read(f, f.GMToken).Version != want {
			if time.Now().After(deadline) {
				t.Fatalf("the servers do not both reach version %d", want)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	settle(6)
	for round := range 4 {
		v := a.read(f, f.GMToken)
		if v.Prompt.Kind == engine.End {
			break
		}
		body := map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": v.Prompt.Options[0].Command}
		var wg sync.WaitGroup
		replies := make([]reply, 2)
		for i, c := range []*client{a, b} {
			wg.Go(func() { replies[i] = c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, body) })
		}
		wg.Wait()
		if replies[0].status+replies[1].status != http.StatusOK+http.StatusConflict {
			t.Fatalf("round %d: %d %s and %d %s", round, replies[0].status, replies[0].body, replies[1].status, replies[1].body)
		}
		// A read through the server that lost may come before the other's
		// notification reaches it: reads agree within moments.
		deadline := time.Now().Add(5 * time.Second)
		for {
			va, vb := a.read(f, f.GMToken), b.read(f, f.GMToken)
			if va.Version == vb.Version && string(va.State) == string(vb.State) && va.Version == v.Version+1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d: the servers disagree: versions %d and %d", round, va.Version, vb.Version)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}
