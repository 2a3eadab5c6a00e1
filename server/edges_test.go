package server_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// raw sends request as it is on a new connection to c's server (after
// first, when not empty, whose answer it reads and drops), and reads the
// answer, following no redirect.
func (c *client) raw(t *testing.T, first, request string) reply {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second)) //nolint:errcheck // a test's bound
	br := bufio.NewReader(conn)
	if first != "" {
		if _, err := io.WriteString(conn, first); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body) //nolint:errcheck // dropped
		resp.Body.Close()
	}
	if _, err := io.WriteString(conn, request); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(br, nil)
	for err == nil && resp.StatusCode < 200 {
		// An interim answer (100 Continue): the answer follows.
		resp, err = http.ReadResponse(br, nil)
	}
	if err != nil {
		t.Fatalf("%q: %v", request, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return reply{status: resp.StatusCode, header: resp.Header, body: body}
}

// errorsOf reads the entries of errors of a problem.
func errorsOf(t *testing.T, r reply) []struct{ Location, Message string } {
	t.Helper()
	var p struct {
		Errors []struct{ Location, Message string } `json:"errors"`
	}
	r.decode(t, &p)
	return p.Errors
}

// at fails t unless the problem r has an entry of errors at loc.
func at(t *testing.T, what string, r reply, loc string) {
	t.Helper()
	for _, e := range errorsOf(t, r) {
		if e.Location == loc {
			return
		}
	}
	t.Errorf("%s: %s, want an entry of errors at %s", what, r.body, loc)
}

// TestUnknownSchemaIsNotFound: a schema the API's document does not have
// is 404 not-found, a problem, not 200 null; one it has is served.
func TestUnknownSchemaIsNotFound(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	for _, path := range []string{"/schemas/Nope.json", "/schemas/Nope", "/schemas/.json", "/schemas/Problem.json.json"} {
		p := isProblem(t, path, c.do("GET", path, "", nil), http.StatusNotFound)
		if !strings.HasSuffix(p.Type, "/not-found") {
			t.Errorf("%s: %s", path, p.Type)
		}
	}
	for _, path := range []string{"/schemas/Problem.json", "/schemas/Problem"} {
		if r := c.do("GET", path, "", nil); r.status != http.StatusOK || !strings.Contains(string(r.body), `"detail"`) {
			t.Errorf("%s: %d %.200s", path, r.status, r.body)
		}
	}
	// Every schema an answer links to is there.
	f := c.create("duel")
	for _, r := range []reply{
		c.do("GET", "/healthz", "", nil),
		c.do("GET", "/fights/"+f.ID, f.GMToken, nil),
		c.do("GET", "/fights/"+f.ID+"/transcript", f.GMToken, nil),
		c.do("POST", "/fights/"+f.ID+"/undo", f.GMToken, `{"version":-1}`),
	} {
		var linked struct {
			Schema string `json:"$schema"`
		}
		r.decode(t, &linked)
		path := strings.TrimPrefix(linked.Schema, c.base)
		if !strings.HasPrefix(path, "/schemas/") {
			t.Errorf("%.200s links to no schema", r.body)
			continue
		}
		if got := c.do("GET", path, "", nil); got.status != http.StatusOK {
			t.Errorf("%s, linked from %.100s: %d %.200s", path, r.body, got.status, got.body)
		}
	}
}

// TestRedirectsAreProblems: the router's redirects (of a path not in its
// clean form, and of /page to /page/) keep their status and Location, and
// their body is a problem saying where to go, not HTML.
func TestRedirectsAreProblems(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	for _, tc := range []struct{ request, location string }{
		{"GET //fights HTTP/1.1\r\nHost: fray\r\n\r\n", "/fights"},
		{"GET /fights/../fights HTTP/1.1\r\nHost: fray\r\n\r\n", "/fights"},
		{"POST /fights/./x/../ HTTP/1.1\r\nHost: fray\r\nContent-Length: 2\r\n\r\n{}", "/fights/"},
		{"GET /healthz/. HTTP/1.1\r\nHost: fray\r\n\r\n", "/healthz"},
		{"GET /page HTTP/1.1\r\nHost: fray\r\n\r\n", "/page/"},
		{"GET /page/index.html HTTP/1.1\r\nHost: fray\r\n\r\n", "./"}, // the page's files
		{"GET //fights?token=secret HTTP/1.1\r\nHost: fray\r\n\r\n", "/fights?token=secret"},
	} {
		what := strings.Fields(tc.request)[1]
		r := c.raw(t, "", tc.request)
		status := http.StatusTemporaryRedirect
		if strings.HasPrefix(what, "/page/") {
			status = http.StatusMovedPermanently
		}
		p := isProblem(t, what, r, status)
		if got := r.header.Get("Location"); got != tc.location {
			t.Errorf("%s: Location %q, want %q", what, got, tc.location)
		}
		if to, _, _ := strings.Cut(tc.location, "?"); !strings.Contains(p.Detail, to) || strings.Contains(p.Detail, "secret") {
			t.Errorf("%s: %q", what, p.Detail)
		}
	}
}

// TestUnmetExpectationIsAProblem: a request whose Expect header is not
// 100-continue, which net/http refuses 417 before the API sees it, gets a
// problem naming the header, on a fresh connection and on one that served
// a request first, in HTTP/1.1 and 1.0; Expect: 100-continue is met.
func TestUnmetExpectationIsAProblem(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	const first = "GET /healthz HTTP/1.1\r\nHost: fray\r\n\r\n"
	for _, proto := range []string{"HTTP/1.1", "HTTP/1.0"} {
		for _, after := range []string{"", first} {
			what := fmt.Sprintf("%s (after a request: %v)", proto, after != "")
			r := c.raw(t, after, "GET /healthz "+proto+"\r\nHost: fray\r\nExpect: 200-ok\r\n\r\n")
			isProblem(t, what, r, http.StatusExpectationFailed)
			at(t, what, r, "header.Expect")
		}
	}
	r := c.raw(t, "", "POST /fights HTTP/1.1\r\nHost: fray\r\nAuthorization: Bearer "+creatorToken+"\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 19\r\n\r\n{\"bundled\":\"duel\"}\n")
	if r.status != http.StatusCreated {
		t.Errorf("with Expect: 100-continue: %d %s", r.status, r.body)
	}
}

// TestUnknownActorIsUnprocessable: the GM naming, as who decides or whose
// options or odds to read, a combatant the fight does not have is refused 422
// unknown-actor at the field, not 403 as if it were a question of turn or
// permission; the fight does not move. A combatant of the fight whose
// turn it is not is still 403 not-your-turn, and a player naming anyone
// but their combatant 403 not-yours.
func TestUnknownActorIsUnprocessable(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	v := c.read(f, f.GMToken)
	decide := func(token, actor string) reply {
		return c.do("POST", "/fights/"+f.ID+"/decisions", token, map[string]any{"version": v.Version, "actor": actor, "command": v.Prompt.Options[0].Command})
	}
	for _, actor := range []string{"nobody", "thug99", v.Prompt.Actor + " "} {
		r := decide(f.GMToken, actor)
		wantProblem(t, "the GM deciding for "+actor, r, http.StatusUnprocessableEntity, "unknown-actor")
		at(t, actor, r, "body.actor")
		r = c.do("GET", "/fights/"+f.ID+"/options?actor="+strings.ReplaceAll(actor, " ", "%20"), f.GMToken, nil)
		wantProblem(t, "the GM reading the options of "+actor, r, http.StatusUnprocessableEntity, "unknown-actor")
		at(t, actor, r, "query.actor")
		r = c.do("GET", "/fights/"+f.ID+"/odds?actor="+strings.ReplaceAll(actor, " ", "%20"), f.GMToken, nil)
		wantProblem(t, "the GM reading the odds of "+actor, r, http.StatusUnprocessableEntity, "unknown-actor")
		at(t, actor, r, "query.actor")
	}
	other := someoneElse(f, v.Prompt)
	wantProblem(t, "the GM deciding for "+other, decide(f.GMToken, other), http.StatusForbidden, "not-your-turn")
	wantProblem(t, "a player deciding for nobody", decide(f.tokenOf(v.Prompt.Actor), "nobody"), http.StatusForbidden, "not-yours")
	if again := c.read(f, f.GMToken); again.Version != v.Version {
		t.Errorf("refused decisions moved the fight to version %d", again.Version)
	}
}

// TestNumbersOutOfRange: a number past a 64-bit integer's range in a
// body, as an integer or not, however far past (2^63, 1e19, 1e400), is
// refused alike: 422 invalid at its location, saying the range. A whole
// number written with a fraction or an exponent (0.0, 1e0), which the
// schema takes as an integer, is read as that integer, not refused in
// encoding/json's words.
func TestNumbersOutOfRange(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	v := c.read(f, f.GMToken)
	cmd := fmt.Sprintf(`,"actor":%q,"command":%q`, v.Prompt.Actor, v.Prompt.Options[0].Command)
	for _, tc := range []struct{ body, loc string }{
		{`{"version":9223372036854775808` + cmd + `}`, "body.version"},
		{`{"version":1e400` + cmd + `}`, "body.version"},
		{`{"version":-1e400` + cmd + `}`, "body.version"},
		{`{"version":1e19` + cmd + `}`, "body.version"},
		{`{"version":-9223372036854775809` + cmd + `}`, "body.version"},
		{`{"version":99999999999999999999999` + cmd + `}`, "body.version"},
		{`{"version":0,"physical":true,"dice":[3,1e400]` + cmd + `}`, "body.dice[1]"},
		{`{"version":0,"command_json":{"kind":"initiative","n":[{"x":1e999}]}}`, "body.command_json.n[0].x"},
	} {
		r := c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, tc.body)
		p := isProblem(t, tc.body, r, http.StatusUnprocessableEntity)
		at(t, tc.body, r, tc.loc)
		if !strings.Contains(p.Detail, "out of range") || !strings.Contains(p.Detail, "9223372036854775807") {
			t.Errorf("%s: %q", tc.body, p.Detail)
		}
	}
	// Within the range, the schema judges: -1 is under the minimum, 0.5
	// no integer.
	for _, n := range []string{"-1", "0.5", "-9223372036854775808"} {
		r := c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, `{"version":`+n+cmd+`}`)
		isProblem(t, n, r, http.StatusUnprocessableEntity)
		at(t, n, r, "body.version")
	}
	for _, n := range []string{"0.0", "0e5", "1e-500", "-0.0"} {
		if r := c.do("POST", "/fights/"+f.ID+"/undo", f.GMToken, `{"version":`+n+`}`); r.status != http.StatusConflict || !strings.Contains(string(r.body), "nothing-to-undo") {
			t.Errorf("an undo against version %s: %d %s", n, r.status, r.body)
		}
	}
	if again := c.read(f, f.GMToken); again.Version != v.Version {
		t.Errorf("refused decisions moved the fight to version %d", again.Version)
	}
	r := c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, `{"version":0e0`+cmd+`}`)
	if r.status != http.StatusOK {
		t.Errorf("a decision against version 0e0: %d %s", r.status, r.body)
	}
}

// TestDuplicateKeysRefused: an object of a body naming a key twice, which
// encoding/json would read as its last, is refused 422 at the key, at any
// depth; nothing is created or moved.
func TestDuplicateKeysRefused(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	v := c.read(f, f.GMToken)
	for _, tc := range []struct{ path, body, loc string }{
		{"/fights/" + f.ID + "/decisions", fmt.Sprintf(`{"version":%d,"actor":"nobody","actor":%q,"command":"initiative"}`, v.Version, v.Prompt.Actor), "body.actor"},
		{"/fights/" + f.ID + "/decisions", fmt.Sprintf(`{"version":%d,"command_json":{"kind":"initiative","kind":"pass"}}`, v.Version), "body.command_json.kind"},
		{"/fights/" + f.ID + "/undo", `{"version":0,"version":1}`, "body.version"},
		{"/fights", `{"bundled":"duel","content":{"a.yaml":"x: 1","a.yaml":"x: 2"}}`, `body.content.a.yaml`},
	} {
		r := c.do("POST", tc.path, f.GMToken, tc.body)
		if tc.path == "/fights" {
			r = c.do("POST", tc.path, creatorToken, tc.body)
		}
		p := isProblem(t, tc.body, r, http.StatusUnprocessableEntity)
		at(t, tc.body, r, tc.loc)
		if !strings.Contains(p.Detail, "twice") {
			t.Errorf("%s: %q", tc.body, p.Detail)
		}
	}
	if again := c.read(f, f.GMToken); again.Version != v.Version {
		t.Errorf("refused decisions moved the fight to version %d", again.Version)
	}
	var list struct{ Fights []any }
	c.do("GET", "/fights", "admin", nil).decode(t, &list)
	if len(list.Fights) != 1 {
		t.Errorf("%d fights, want the one", len(list.Fights))
	}
}

// TestBrokenJSONSaysWhere: a body sent as JSON that is not one JSON value
// is 400 saying at which byte it went wrong; a path no route has, or a
// method it does not take, is still 404 or 405 whatever the body; a body
// of another type is 415.
func TestBrokenJSONSaysWhere(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	for _, tc := range []struct{ body, want string }{
		{`{"version":0,}`, "at byte 13"},
		{`{"version":0} {"version":1}`, "more than one JSON value"},
		{`{"version":0`, "ends in the middle"},
		{`{"version":0 x}`, "at byte 13"},
		{strings.Repeat("[", 10001) + strings.Repeat("]", 10001), "deeper than"},
	} {
		r := c.do("POST", "/fights/"+f.ID+"/undo", f.GMToken, tc.body)
		p := isProblem(t, tc.body, r, http.StatusBadRequest)
		if !strings.Contains(p.Detail, tc.want) {
			t.Errorf("%.40s: %q, want %q in it", tc.body, p.Detail, tc.want)
		}
	}
	isProblem(t, "a broken body to no route", c.do("POST", "/nowhere", f.GMToken, `{"a":`), http.StatusNotFound)
	isProblem(t, "a broken body to a method not taken", c.do("DELETE", "/fights", f.GMToken, `{"a":`), http.StatusMethodNotAllowed)
	req, err := http.NewRequest("POST", c.base+"/fights/"+f.ID+"/undo", strings.NewReader(`{"version":0,"version":0}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+f.GMToken)
	req.Header.Set("Content-Type", "text/plain")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	p := isProblem(t, "text/plain", reply{status: resp.StatusCode, header: resp.Header, body: body}, http.StatusUnsupportedMediaType)
	if !strings.Contains(p.Detail, "application/json") {
		t.Errorf("text/plain: %q", p.Detail)
	}
}

// TestStreamVersionRefusedAsTheSchemaRefuses: a live stream's since or
// Last-Event-ID that is no version (negative, not a number, past the
// range) is 422 invalid at the parameter, as the schema's refusals of a
// parameter are, not 400; so is a version past the fight's, rather than
// a stream that waits for it in silence.
func TestStreamVersionRefusedAsTheSchemaRefuses(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("duel")
	for _, since := range []string{"-1", "abc", "99999999999999999999", "1e3"} {
		r := c.do("GET", "/fights/"+f.ID+"/events?since="+since, f.GMToken, nil)
		isProblem(t, "since="+since, r, http.StatusUnprocessableEntity)
		at(t, since, r, "query.since")
	}
	r := c.raw(t, "", "GET /fights/"+f.ID+"/events HTTP/1.1\r\nHost: fray\r\nAuthorization: Bearer "+f.GMToken+"\r\nLast-Event-ID: -5\r\n\r\n")
	isProblem(t, "Last-Event-ID: -5", r, http.StatusUnprocessableEntity)
	at(t, "Last-Event-ID", r, "header.Last-Event-ID")
	// A version the fight never reached, which the stream would wait for
	// in silence.
	v := c.read(f, f.GMToken).Version
	for _, since := range []int64{v + 1, 9223372036854775807} {
		what := fmt.Sprintf("since=%d at version %d", since, v)
		r := c.do("GET", fmt.Sprintf("/fights/%s/events?since=%d", f.ID, since), f.GMToken, nil)
		p := isProblem(t, what, r, http.StatusUnprocessableEntity)
		at(t, what, r, "query.since")
		if !strings.Contains(p.Detail, fmt.Sprintf("version %d", v)) {
			t.Errorf("%s: %q", what, p.Detail)
		}
	}
}

// TestConnectNamesItsTarget: a CONNECT, whose target is an authority and
// not a path, is refused naming it.
func TestConnectNamesItsTarget(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	r := c.raw(t, "", "CONNECT fray.example:443 HTTP/1.1\r\nHost: fray.example:443\r\n\r\n")
	if r.status != http.StatusMethodNotAllowed && r.status != http.StatusNotFound {
		t.Fatalf("CONNECT: %d %s", r.status, r.body)
	}
	if p := isProblem(t, "CONNECT", r, r.status); !strings.Contains(p.Detail, "fray.example:443") {
		t.Errorf("CONNECT: %q", p.Detail)
	}
}

// TestQueryIntegersSayWhy: a query parameter that is no integer says why,
// at the parameter: out of range (as a body's numbers are), or not
// written in digits; not huma's "invalid integer" for both. The detail
// says it too, not "validation failed".
func TestQueryIntegersSayWhy(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("duel")
	for _, tc := range []struct{ wait, want string }{
		{"99999999999999999999999", "out of range"},
		{"-99999999999999999999999", "out of range"},
		{"1e3", "in digits"},
		{"1.5", "in digits"},
		{"abc", "in digits"},
	} {
		r := c.do("GET", "/fights/"+f.ID+"/odds?wait_ms="+tc.wait, f.GMToken, nil)
		if p := isProblem(t, tc.wait, r, http.StatusUnprocessableEntity); !strings.Contains(p.Detail, "query.wait_ms: ") {
			t.Errorf("wait_ms=%s: %q names not the parameter", tc.wait, p.Detail)
		}
		es := errorsOf(t, r)
		if len(es) != 1 || es[0].Location != "query.wait_ms" || !strings.Contains(es[0].Message, tc.want) {
			t.Errorf("wait_ms=%s: %s, want %q at query.wait_ms", tc.wait, r.body, tc.want)
		}
	}
}

// TestEncodedBodyRefused: a body sent with a Content-Encoding the server
// does not decode is refused 415 naming the header, with Accept-Encoding:
// identity, rather than read as if it were not encoded; nothing moves.
func TestEncodedBodyRefused(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("alley_fight")
	v := c.read(f, f.GMToken)
	body := fmt.Sprintf(`{"version":%d,"actor":%q,"command":%q}`, v.Version, v.Prompt.Actor, v.Prompt.Options[0].Command)
	for _, ce := range []string{"br", "gzip", "x-made-up"} {
		r := c.raw(t, "", fmt.Sprintf("POST /fights/%s/decisions HTTP/1.1\r\nHost: fray\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Encoding: %s\r\nContent-Length: %d\r\n\r\n%s", f.ID, f.GMToken, ce, len(body), body))
		isProblem(t, ce, r, http.StatusUnsupportedMediaType)
		at(t, ce, r, "header.Content-Encoding")
		if r.header.Get("Accept-Encoding") != "identity" {
			t.Errorf("%s: Accept-Encoding %q", ce, r.header.Get("Accept-Encoding"))
		}
	}
	if again := c.read(f, f.GMToken); again.Version != v.Version {
		t.Errorf("encoded bodies moved the fight to version %d", again.Version)
	}
	r := c.raw(t, "", fmt.Sprintf("POST /fights/%s/decisions HTTP/1.1\r\nHost: fray\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Encoding: identity\r\nContent-Length: %d\r\n\r\n%s", f.ID, f.GMToken, len(body), body))
	if r.status != http.StatusOK {
		t.Errorf("Content-Encoding: identity: %d %s", r.status, r.body)
	}
}

// TestEncodedSlashIsNotFound: a path with an encoded slash, which the
// router takes for a character of an id (/fights/ID%2Fodds naming a fight
// "ID/odds"), is 404 saying so, not a refusal of the token as another
// fight's.
func TestEncodedSlashIsNotFound(t *testing.T) {
	c := startServer(t, backendCases[0].open(t)(), nil)
	f := c.create("duel")
	for _, path := range []string{"/fights/" + f.ID + "%2Fodds", "/fights/" + f.ID + "%2ftranscript", "/fights/" + f.ID + "/links/a%2Fb", "/schemas/a%2Fb.json"} {
		method := "GET"
		if strings.Contains(path, "/links/") {
			method = "POST"
		}
		p := isProblem(t, path, c.do(method, path, f.GMToken, nil), http.StatusNotFound)
		if !strings.Contains(p.Detail, "%2F") {
			t.Errorf("%s: %q", path, p.Detail)
		}
	}
}
