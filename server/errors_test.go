package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"fray/store"
)

// problemDoc is what the tests read of a problem.
type problemDoc struct {
	Type   string `json:"type"`
	Status int    `json:"status"`
	Detail string `json:"detail"`
}

// isProblem checks that a reply is a problem of the status, and returns it.
func isProblem(t *testing.T, what string, r reply, status int) problemDoc {
	t.Helper()
	var p problemDoc
	if ct := r.header.Get("Content-Type"); ct != "application/problem+json" {
		t.Errorf("%s: Content-Type %q, want application/problem+json (%d %.200s)", what, ct, r.status, r.body)
		return p
	}
	if err := json.Unmarshal(r.body, &p); err != nil {
		t.Errorf("%s: not JSON: %v: %.200s", what, err, r.body)
		return p
	}
	if r.status != status || p.Status != status || !strings.HasPrefix(p.Type, "https://fray.invalid/problems/") || p.Detail == "" {
		t.Errorf("%s: %d %+v, want a problem of status %d with a type and a detail", what, r.status, p, status)
	}
	return p
}

// TestEveryErrorIsAProblem: the router's own answers, to an unknown path
// (404) and to a method a path does not take (405, with Allow), are
// problem documents like the API's.
func TestEveryErrorIsAProblem(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		f := c.create("alley_fight")
		for _, tc := range []struct {
			method, path string
			status       int
			allow        string
		}{
			{"GET", "/nowhere", 404, ""},
			{"GET", "/page/nothing.js", 404, ""},
			{"GET", "/page/", 404, ""}, // no listing of the page's files
			{"GET", "/fights/" + f.ID + "/nothing", 404, ""},
			{"POST", "/page/nothing.js", 405, "GET, HEAD"},
			{"DELETE", "/fights", 405, "GET, HEAD, POST"},
			{"PUT", "/healthz", 405, "GET, HEAD"},
			{"DELETE", "/fights/" + f.ID + "/events", 405, "GET, HEAD"},
		} {
			r := c.do(tc.method, tc.path, f.GMToken, nil)
			p := isProblem(t, tc.method+" "+tc.path, r, tc.status)
			if tc.allow != "" && r.header.Get("Allow") != tc.allow {
				t.Errorf("%s %s: Allow %q, want %q", tc.method, tc.path, r.header.Get("Allow"), tc.allow)
			}
			if tc.status == 405 && !strings.HasSuffix(p.Type, "/method-not-allowed") {
				t.Errorf("%s %s: type %s", tc.method, tc.path, p.Type)
			}
		}
	})
}

// TestErrorsQuoteExcerpts: requests whose refusal quotes what was sent (a
// field over the schema's length, a value of the wrong type, an encounter
// the rules refuse) get a problem that quotes at most an excerpt of it,
// not the whole input.
func TestErrorsQuoteExcerpts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func() store.Backend) {
		c := startServer(t, open(), nil)
		huge := strings.Repeat("x", 300_000)
		for _, tc := range []struct {
			name string
			body any
		}{
			{"encounter over its maximum length", map[string]string{"encounter": huge}},
			{"bundled over its maximum length", map[string]string{"bundled": strings.Repeat("y", 5000)}},
			{"an unknown ruleset of 200 KB", map[string]string{"encounter": "ruleset: " + huge[:200_000] + "\ncombatants: []\n"}},
			{"a broken YAML of 200 KB", map[string]string{"encounter": "ruleset: tempo\ncombatants: [" + huge[:200_000]}},
			{"content of the wrong type", `{"bundled":"duel","content":{"a.yaml":["` + huge[:100_000] + `"]}}`},
		} {
			r := c.do("POST", "/fights", creatorToken, tc.body)
			isProblem(t, tc.name, r, http.StatusUnprocessableEntity)
			if len(r.body) > 4096 {
				t.Errorf("%s: a problem of %d bytes: %.300s…", tc.name, len(r.body), r.body)
			}
		}
	})
}
