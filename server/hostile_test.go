package server_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fray/server"
	"fray/store"
)

// TestEncounterReadsNoFolderOfTheServer: an encounter sent to the server
// may bring in only the content sent with it. A content: folder naming a
// folder of the server's machine, by an absolute path, by one reaching out
// of the content sent with "..", or relative with no content sent (which
// would start at the server's working directory), is refused naming the
// place, and nothing of the folder's documents reaches the answer.
func TestEncounterReadsNoFolderOfTheServer(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	secret := t.TempDir()
	// A document whose value a refusal would quote, were it read.
	if err := os.WriteFile(filepath.Join(secret, "ogre.yaml"), []byte("id: ogre\nside: blue\nlp: hunter2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, secret)
	if err != nil {
		t.Fatal(err)
	}
	enc := func(folder string) string {
		return "ruleset: reference\ncontent: " + folder + "\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: ogre}]\n"
	}
	sent := map[string]string{"monsters/fencer.yaml": "id: fencer\nside: red\nlp: 10\nskill: 2\ndefence: 9\n"}
	for _, tc := range []struct {
		name, folder string
		content      map[string]string
	}{
		{"an absolute folder", secret, nil},
		{"an absolute folder beside content sent", secret, sent},
		{"a folder out of the content sent", "../../../../../../../../.." + secret, sent},
		{"a relative folder with no content sent", rel, nil},
	} {
		body := map[string]any{"encounter": enc(tc.folder)}
		if tc.content != nil {
			body["content"] = tc.content
		}
		r := c.do("POST", "/fights", creatorToken, body)
		p := isProblem(t, tc.name, r, http.StatusUnprocessableEntity)
		if strings.Contains(string(r.body), "hunter2") || !strings.Contains(p.Detail, "encounter.yaml:2:10: content:") {
			t.Errorf("%s: %s", tc.name, r.body)
		}
	}
}

// TestCreateRefusesAControlName: the name a fight is created with is
// printed at a terminal (fray fights list), so one holding a control
// character (an escape sequence) is refused, and nothing is created.
func TestCreateRefusesAControlName(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	for _, name := range []string{"\x1b[2Jboo", "a\x00b", "tab\there"} {
		r := c.do("POST", "/fights", creatorToken, map[string]string{"bundled": "duel", "name": name})
		p := isProblem(t, "the name "+strconv.Quote(name), r, http.StatusUnprocessableEntity)
		if !strings.Contains(p.Detail, "control character") {
			t.Errorf("the name %q: %s", name, p.Detail)
		}
	}
	var list struct{ Fights []store.Summary }
	c.do("GET", "/fights", "admin", nil).decode(t, &list)
	if len(list.Fights) != 0 {
		t.Errorf("%d fights created by refused requests", len(list.Fights))
	}
	if r := c.do("POST", "/fights", creatorToken, map[string]string{"bundled": "duel", "name": "Duel at the mill: round 2 (é)"}); r.status != http.StatusCreated {
		t.Errorf("a plain name: %d %s", r.status, r.body)
	}
}

// TestPlayersOddsOfAnotherRefused: a player who names another combatant,
// or the GM, as the actor of the odds they ask for is refused 403
// not-yours, as for the options, rather than answered with their own odds
// as if they had named nobody.
func TestPlayersOddsOfAnotherRefused(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	v := c.read(f, f.GMToken)
	me := v.Prompt.Actor
	mine := f.tokenOf(me)
	if mine == "" {
		t.Fatalf("no player's token for %s", me)
	}
	other := someoneElse(f, v.Prompt)
	for _, actor := range []string{other, "gm", "nobody"} {
		r := c.do("GET", "/fights/"+f.ID+"/odds?wait_ms=0&actor="+actor, mine, nil)
		p := isProblem(t, me+"'s odds for "+actor, r, http.StatusForbidden)
		if p.Type != "https://fray.invalid/problems/not-yours" {
			t.Errorf("%s's odds for %s: %s", me, actor, p.Type)
		}
	}
	if r := c.do("GET", "/fights/"+f.ID+"/odds?wait_ms=0&actor="+me, mine, nil); r.status != http.StatusOK {
		t.Errorf("%s's odds naming themself: %d %s", me, r.status, r.body)
	}
}

// TestMadeUpTokensMeetTheLimits: a client that makes up a new token for
// every request still meets the rate of requests of its address, and, on
// an open server (which takes any token), the creation quota of its
// address, rather than a fresh bucket a token.
func TestMadeUpTokensMeetTheLimits(t *testing.T) {
	open := backendCases[0].open(t)
	c := startServer(t, open(), func(cfg *server.Config) { cfg.Rate, cfg.Burst = 0.01, 5 })
	limited := 0
	for i := range 20 {
		r := c.do("GET", "/fights/0123456789abcdef", "made-up-"+strconv.Itoa(i), nil)
		if r.status == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited < 10 {
		t.Errorf("%d of 20 requests with made-up tokens refused for the rate of a burst of 5", limited)
	}
	// A token the server gave out is limited on its own.
	f := c.create("duel")
	if r := c.do("GET", "/fights/"+f.ID, f.GMToken, nil); r.status != http.StatusOK {
		t.Errorf("the GM's token, once the address's bucket is spent: %d %s", r.status, r.body)
	}

	opened := startServer(t, open(), func(cfg *server.Config) {
		cfg.CreateToken, cfg.AdminToken, cfg.Open = "", "", true
		cfg.CreateRate, cfg.CreateBurst = 0.01, 2
	})
	created := 0
	for i := range 6 {
		if r := opened.do("POST", "/fights", "made-up-"+strconv.Itoa(i), map[string]string{"bundled": "duel"}); r.status == http.StatusCreated {
			created++
		}
	}
	if created != 2 {
		t.Errorf("%d fights created on an open server with made-up tokens and a quota of 2", created)
	}
}

// TestRefusalsBeforeTheHandlerAreProblems: the requests net/http refuses
// before the API sees them (headers or a URL past the limit, a request
// it cannot read, a transfer coding it does not know, an HTTP version it
// does not speak) are answered with problems like every other error, on
// a fresh connection and on one that served a request before; the
// requests after them are served as ever.
func TestRefusalsBeforeTheHandlerAreProblems(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	addr := strings.TrimPrefix(c.base, "http://")
	big := strings.Repeat("x", server.MaxHeaderBytes+8<<10)
	for _, tc := range []struct {
		name, request string
		status        int
		want          string
	}{
		{"large header", "GET /healthz HTTP/1.1\r\nHost: fray\r\nX-Big: " + big + "\r\n\r\n", 431, "/problems/header-too-large"},
		{"large url", "GET /fights/" + big + " HTTP/1.1\r\nHost: fray\r\n\r\n", 431, "/problems/header-too-large"},
		{"large token", "GET /fights/" + f.ID + "?token=" + big + " HTTP/1.1\r\nHost: fray\r\n\r\n", 431, "Authorization header"},
		{"no host", "GET /healthz HTTP/1.1\r\n\r\n", 400, "missing required Host header"},
		{"bad header name", "GET /healthz HTTP/1.1\r\nHost: fray\r\nBad Name: x\r\n\r\n", 400, "invalid header name"},
		{"bad request line", "HELLO\r\n\r\n", 400, "/problems/bad-request"},
		{"unknown coding", "POST /fights HTTP/1.1\r\nHost: fray\r\nTransfer-Encoding: rot13\r\n\r\n", 501, "Transfer-Encoding"},
		{"http 2.5", "GET /healthz HTTP/2.5\r\nHost: fray\r\n\r\n", 505, "HTTP/1.1"},
	} {
		for _, after := range []bool{false, true} {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			br := bufio.NewReader(conn)
			if after {
				// A connection that served a request first.
				if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: fray\r\n\r\n"); err != nil {
					t.Fatal(err)
				}
				resp, err := http.ReadResponse(br, nil)
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			if _, err := io.WriteString(conn, tc.request); err != nil {
				t.Fatalf("%s: writing: %v", tc.name, err)
			}
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("%s: reading the answer: %v", tc.name, err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			conn.Close()
			if err != nil {
				t.Fatalf("%s: reading the answer's body: %v", tc.name, err)
			}
			r := reply{status: resp.StatusCode, header: resp.Header, body: body}
			what := fmt.Sprintf("%s (after a request: %v)", tc.name, after)
			isProblem(t, what, r, tc.status)
			if !strings.Contains(string(body), tc.want) {
				t.Errorf("%s: %s, want %q in it", what, body, tc.want)
			}
		}
	}
	if r := c.do("GET", "/fights/"+f.ID, f.GMToken, nil); r.status != http.StatusOK {
		t.Errorf("reading the fight after the refusals: %d %s", r.status, r.body)
	}
}

// TestUnreadableBodyIsTheClients: a decision whose body cannot be read as
// HTTP frames it (a malformed chunk, a body cut short of its
// Content-Length) is refused 400 as the client's fault, a problem, not
// answered 500; the fight does not move.
func TestUnreadableBodyIsTheClients(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	v := c.read(f, f.GMToken)
	addr := strings.TrimPrefix(c.base, "http://")
	head := "POST /fights/" + f.ID + "/decisions HTTP/1.1\r\nHost: fray\r\nAuthorization: Bearer " + f.GMToken + "\r\nContent-Type: application/json\r\n"
	body := fmt.Sprintf(`{"version":%d,"actor":%q,"command":%q}`, v.Version, v.Prompt.Actor, v.Prompt.Options[0].Command)
	for _, tc := range []struct {
		name, request string
		want          string
	}{
		{"bad chunk", head + "Transfer-Encoding: chunked\r\n\r\nzz\r\n" + body, "chunk"},
		{"cut short", head + "Content-Length: " + strconv.Itoa(len(body)+50) + "\r\n\r\n" + body, "Content-Length"},
	} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(conn, tc.request); err != nil {
			t.Fatal(err)
		}
		conn.(*net.TCPConn).CloseWrite() // nothing more comes
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		conn.Close()
		if err != nil {
			t.Fatal(err)
		}
		isProblem(t, tc.name, reply{status: resp.StatusCode, header: resp.Header, body: b}, http.StatusBadRequest)
		if !strings.Contains(string(b), tc.want) {
			t.Errorf("%s: %s, want %q in it", tc.name, b, tc.want)
		}
	}
	if again := c.read(f, f.GMToken); again.Version != v.Version {
		t.Errorf("unreadable bodies moved the fight to version %d", again.Version)
	}
}

// TestUnknownQueryParametersAreRefused: a query parameter a route does not
// take (a misspelt wait_ms, say), or one given twice, is refused 422 with
// its location, rather than passed over; the routes' own parameters and
// the page's files are served as before, and the fight does not move.
func TestUnknownQueryParametersAreRefused(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("duel")
	fight := "/fights/" + f.ID
	for _, tc := range []struct {
		method, path, location string
	}{
		{"GET", fight + "/odds?wait=0", "query.wait"},
		{"GET", fight + "/odds?wait_ms=0&wait_ms=5", "query.wait_ms"},
		{"GET", fight + "?verbose=1", "query.verbose"},
		{"GET", "/healthz?x", "query.x"},
		{"GET", fight + "/events?since=0&from=3", "query.from"},
		{"POST", fight + "/undo?force=true", "query.force"},
	} {
		r := c.do(tc.method, tc.path, f.GMToken, `{"version":-1}`)
		isProblem(t, tc.path, r, http.StatusUnprocessableEntity)
		var p struct {
			Detail string `json:"detail"`
			Errors []struct {
				Location string `json:"location"`
			} `json:"errors"`
		}
		r.decode(t, &p)
		if len(p.Errors) != 1 || p.Errors[0].Location != tc.location {
			t.Errorf("%s %s: %s, want one error at %s", tc.method, tc.path, r.body, tc.location)
		}
	}
	for _, path := range []string{fight + "/odds?wait_ms=0&actor=", fight + "?token=" + f.GMToken, "/?fight=x"} {
		if r := c.do("GET", path, f.GMToken, nil); r.status != http.StatusOK {
			t.Errorf("GET %s: %d %.300s", path, r.status, r.body)
		}
	}
	var view struct {
		Version int64 `json:"version"`
	}
	c.do("GET", fight, f.GMToken, nil).decode(t, &view)
	if view.Version != 0 {
		t.Errorf("the fight moved to version %d", view.Version)
	}
}
