package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"fray/server"
	"fray/store"
)

// fuzzServer is a server over a fresh SQLite store with one fight, for
// the fuzz targets, which call its handler directly.
func fuzzServer(f *testing.F) (http.Handler, created) {
	reg, oddsOf := catalog(f)
	b, err := store.OpenSQLite(context.Background(), filepath.Join(f.TempDir(), "fights.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { b.Close() })
	s, err := server.New(server.Config{Store: store.New(b, reg), Registry: reg, Odds: oddsOf, Rate: 1e9, Burst: 1 << 30, CreateRate: 1e9, CreateBurst: 1 << 30, Open: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { s.Close() })
	h := s.Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/fights", bytes.NewReader([]byte(`{"bundled":"pistols_at_dawn"}`))))
	var fight created
	if err := json.Unmarshal(rec.Body.Bytes(), &fight); err != nil || fight.ID == "" {
		f.Fatalf("creating the fight: %d %s", rec.Code, rec.Body)
	}
	return h, fight
}

// version reads the fight's version through the handler.
func version(t *testing.T, h http.Handler, fight created) int64 {
	req := httptest.NewRequest("GET", "/fights/"+fight.ID, nil)
	req.Header.Set("Authorization", "Bearer "+fight.GMToken)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var v view
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("reading the fight: %d %s", rec.Code, rec.Body)
	}
	return v.Version
}

// FuzzDecisionBody sends arbitrary bodies as decisions: the server never
// fails (5xx), answers every refusal as a problem, and only a 200 moves the
// fight.
func FuzzDecisionBody(f *testing.F) {
	h, fight := fuzzServer(f)
	for _, seed := range []string{
		`{"version":0,"command":"initiative"}`,
		`{"version":0,"command_json":{"kind":"initiative"}}`,
		`{"version":0,"command":"initiative","physical":true,"dice":[3]}`,
		`{"version":0,"actor":"westman","command":"attack eastman"}`,
		`{"version":-1}`, `{}`, `[]`, `null`, `{"version":0,"command":"x","zzz":1}`,
		`{"version":0,"command_json":"not an object"}`, `{"version":1e99,"command":"pass"}`,
		`{"version":0,"version":0,"command":"initiative"}`, `{"version":0e0,"command":"initiative"}`,
		`{"version":9223372036854775808,"command":"initiative"}`, `{"version":0,"actor":"nobody","command":"initiative"}`,
		`{"version":0,"command_json":{"kind":"initiative","n":1.0}}`, `{"version":0} {}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		before := version(t, h, fight)
		req := httptest.NewRequest("POST", "/fights/"+fight.ID+"/decisions", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+fight.GMToken)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s: %d %s", body, rec.Code, rec.Body)
		}
		after := version(t, h, fight)
		if rec.Code != http.StatusOK && after != before {
			t.Fatalf("%s: refused with %d, yet the fight moved from %d to %d", body, rec.Code, before, after)
		}
		if rec.Code != http.StatusOK && rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Fatalf("%s: %d as %s", body, rec.Code, rec.Header().Get("Content-Type"))
		}
	})
}

// FuzzCreateBody sends arbitrary bodies to create a fight: the server
// never fails (5xx), and refuses as problems.
func FuzzCreateBody(f *testing.F) {
	h, _ := fuzzServer(f)
	for _, seed := range []string{
		`{"bundled":"duel"}`, `{"encounter":"ruleset: blackpowder\n"}`, `{"encounter":"ruleset: tempo\ncombatants: 3\n"}`,
		`{"bundled":"duel","encounter":"x"}`, `{"name":"x"}`, `{"bundled":"../../etc/passwd"}`, `{"encounter":"{{{{"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/fights", bytes.NewReader(body)))
		if rec.Code >= 500 {
			t.Fatalf("%q: %d %s", body, rec.Code, rec.Body)
		}
		if rec.Code != http.StatusCreated && rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Fatalf("%q: %d as %s", body, rec.Code, rec.Header().Get("Content-Type"))
		}
	})
}
