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

// TestMisreadCommandSaysWhere: a decision whose command text cannot be
// read is refused with the word the reading stopped at, in bytes and in
// UTF-16 code units (what a page's JavaScript counts), and an entry of
// errors naming the field; a refusal that is not of the text says no
// word. None moves the fight.
func TestMisreadCommandSaysWhere(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	v := c.read(f, f.GMToken)
	type word struct {
		Text     string `json:"text"`
		At       int    `json:"at"`
		End      int    `json:"end"`
		AtUTF16  int    `json:"at_utf16"`
		EndUTF16 int    `json:"end_utf16"`
	}
	type answer struct {
		Word   *word `json:"word"`
		Errors []struct {
			Location string `json:"location"`
			Value    string `json:"value"`
		} `json:"errors"`
	}
	for _, tc := range []struct {
		command string
		want    *word
	}{
		{"fly to the moon", &word{"fly", 0, 3, 0, 3}},
		{"  Attack   thug9 extra", &word{"extra", 17, 22, 17, 22}},
		{"attack thüg9 extra", &word{"extra", 14, 19, 13, 18}},
		{"attack 🎲 éxtra", &word{"éxtra", 12, 18, 10, 15}},
		{"initiative zzz", &word{"zzz", 11, 14, 11, 14}},
		{"attack nobody", nil}, // read, then refused by the rules
	} {
		r := c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, map[string]any{"version": v.Version, "actor": v.Prompt.Actor, "command": tc.command})
		isProblem(t, tc.command, r, http.StatusUnprocessableEntity)
		var a answer
		r.decode(t, &a)
		switch {
		case tc.want == nil && a.Word != nil:
			t.Errorf("%q: word %+v, want none", tc.command, *a.Word)
		case tc.want == nil:
		case a.Word == nil:
			t.Errorf("%q: no word: %s", tc.command, r.body)
		case *a.Word != *tc.want:
			t.Errorf("%q: word %+v, want %+v", tc.command, *a.Word, *tc.want)
		case tc.command[a.Word.At:a.Word.End] != a.Word.Text:
			t.Errorf("%q: [%d:%d] is not %q", tc.command, a.Word.At, a.Word.End, a.Word.Text)
		case len(a.Errors) != 1 || a.Errors[0].Location != "body.command" || a.Errors[0].Value != tc.command:
			t.Errorf("%q: errors %+v, want one naming body.command", tc.command, a.Errors)
		}
	}
	if again := c.read(f, f.GMToken); again.Version != v.Version {
		t.Errorf("refused commands moved the fight to version %d", again.Version)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Responses map[string]struct {
				Content map[string]struct {
					Schema struct {
						Ref string `json:"$ref"`
					} `json:"schema"`
				} `json:"content"`
			} `json:"responses"`
		} `json:"paths"`
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	c.do("GET", "/openapi.json", "", nil).decode(t, &doc)
	if ref := doc.Paths["/fights/{id}/decisions"]["post"].Responses["default"].Content["application/problem+json"].Schema.Ref; ref != "#/components/schemas/Problem" {
		t.Errorf("the decisions' errors are described by %q, not the Problem", ref)
	}
	for _, field := range []string{"word", "need", "version", "detail", "errors"} {
		if _, ok := doc.Components.Schemas["Problem"].Properties[field]; !ok {
			t.Errorf("the OpenAPI document's Problem has no %s", field)
		}
	}
}
