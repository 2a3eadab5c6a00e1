package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"fray/engine"
	"fray/store"
)

// StreamEntry is one message of a live stream: an entry of the fight's
// log as the viewer may see it now, with the viewer's prompt after it.
type StreamEntry struct {
	// Version is the entry's version, also the message's SSE id.
	Version int64 `json:"version"`
	// Kind is "decision" or "undo".
	Kind string `json:"kind"`
	// Entry is the decision as the viewer may see it; absent for an undo
	// and for a decision taken back since.
	Entry *engine.Entry `json:"entry,omitempty"`
	// Undone is set for a decision taken back since.
	Undone bool `json:"undone,omitempty"`
	// By is who took back the decision an undo takes back: "gm" for the
	// GM, else the combatant whose player did (their own decision);
	// absent for a decision, and for an undo recorded before who undid
	// was kept.
	By string `json:"by,omitempty"`
	// Prompt is who must decide what now, as the viewer may see it.
	Prompt engine.Prompt[string] `json:"prompt"`
	// Current is the fight's version when the message was sent.
	Current int64 `json:"current"`
}

// OddsReady is a live stream's message that the odds of a prompt are all
// computed (or were cancelled): read them with GET /fights/{id}/odds.
type OddsReady struct {
	// Version is the fight's version the odds are of.
	Version int64 `json:"version"`
	// Actor is whose options they are, and Policy the policy they were
	// computed with.
	Actor  string `json:"actor"`
	Policy string `json:"policy"`
	// Status is complete, or cancelled when the fight moved on first.
	Status string `json:"status"`
}

// streamWriteTimeout bounds each write of a live stream.
const streamWriteTimeout = 10 * time.Second

// registerStream adds the live stream: a plain handler, for control over
// heartbeats and ids, described in the OpenAPI document by hand.
func (s *Server) registerStream() {
	s.api.OpenAPI().AddOperation(&huma.Operation{
		OperationID: "stream-fight", Method: http.MethodGet, Path: "/fights/{id}/events",
		Summary: "Follow a fight live (Server-Sent Events)",
		Description: "Each committed entry is sent as an event \"entry\" whose id is its version and whose data is a StreamEntry as the token's holder may see it. " +
			"Reconnecting with Last-Event-ID (or ?since=VERSION) sends every entry after it first; without either the stream starts at the current version. " +
			"A comment line is sent as a heartbeat when nothing else is. " +
			"When the token is revoked (the GM issued a new link in its place), an event \"revoked\" (without an id) carries the problem, and the stream ends. " +
			"When the odds of a prompt the token's holder may read are all computed, an event \"odds\" (without an id) carries an OddsReady: read them with GET /fights/{id}/odds.",
		Tags:     []string{"fights"},
		Security: []map[string][]string{{"bearer": {}}},
		Parameters: []*huma.Param{
			{Name: "id", In: "path", Required: true, Schema: &huma.Schema{Type: "string"}},
			{Name: "token", In: "query", Schema: &huma.Schema{Type: "string"}, Description: "the token, for EventSource"},
			{Name: "since", In: "query", Schema: &huma.Schema{Type: "integer", Minimum: ptr(0.0)}, Description: "send the entries after this version first (a version past the fight's is 422)"},
			{Name: "Last-Event-ID", In: "header", Schema: &huma.Schema{Type: "string"}, Description: "the last id received, on reconnecting"},
		},
		Responses: map[string]*huma.Response{
			"200":     {Description: "an event stream", Content: map[string]*huma.MediaType{"text/event-stream": {Schema: &huma.Schema{Type: "string"}}}},
			"default": {Description: "a problem", Content: map[string]*huma.MediaType{"application/problem+json": {Schema: s.api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[Problem](), true, "Problem")}}},
		},
	})
	s.mux.HandleFunc("GET /fights/{id}/events", s.stream)
}

func ptr[T any](v T) *T { return &v }

// writeProblem writes a problem outside huma.
func writeProblem(w http.ResponseWriter, p *Problem) {
	bound(&p.ErrorModel)
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(p.Status)
	json.NewEncoder(w).Encode(p) //nolint:errcheck // the client may be gone
}

// stream serves a viewer's live stream.
func (s *Server) stream(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	auth := Auth{Authorization: r.Header.Get("Authorization"), Token: r.URL.Query().Get("token")}
	g, err := s.grantFor(ctx, auth, id)
	if err != nil {
		if p, ok := err.(*Problem); ok {
			writeProblem(w, p)
			return
		}
		s.cfg.Logger.Error("stream", "fight", id, "err", err)
		writeProblem(w, problem(http.StatusInternalServerError, "internal", "the server failed; try again"))
		return
	}
	since, sinceLoc := int64(-1), ""
	for _, from := range []struct{ loc, v string }{{"header.Last-Event-ID", r.Header.Get("Last-Event-ID")}, {"query.since", r.URL.Query().Get("since")}} {
		if from.v == "" {
			continue
		}
		n, err := strconv.ParseInt(from.v, 10, 64)
		if err != nil || n < 0 {
			// 422, as the schema's refusals of a parameter are.
			p := problem(http.StatusUnprocessableEntity, "invalid", "Last-Event-ID and since are versions: whole numbers from 0 to 9223372036854775807, not %q", from.v)
			p.Errors = []*huma.ErrorDetail{{Message: "expected a version, a whole number from 0", Location: from.loc, Value: from.v}}
			writeProblem(w, p)
			return
		}
		since, sinceLoc = n, from.loc
		break
	}
	wakeCh, cancel := s.hub.subscribe(id)
	defer cancel()
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Time{}) //nolint:errcheck // not every writer has deadlines
	var v int64
	if err := s.withLive(ctx, id, func(l *live) error {
		if since > l.fight.Version() {
			// Asked of the store itself: another server may have
			// appended what this one has not heard of yet.
			if err := l.refresh(ctx, s.cfg.Store, id); err != nil {
				return err
			}
		}
		v = l.fight.Version()
		return nil
	}); err != nil {
		if p, ok := err.(*Problem); ok {
			writeProblem(w, p)
			return
		}
		writeProblem(w, problem(http.StatusInternalServerError, "internal", "the server failed; try again"))
		return
	}
	if since > v {
		// A version the fight never reached: the stream would wait for
		// it, silent, however long the fight went on.
		p := problem(http.StatusUnprocessableEntity, "invalid", "the fight is at version %d: %d is past it (Last-Event-ID and since name a version the client has read)", v, since)
		p.Errors = []*huma.ErrorDetail{{Message: fmt.Sprintf("a version past the fight's, %d", v), Location: sinceLoc, Value: strconv.FormatInt(since, 10)}}
		writeProblem(w, p)
		return
	}
	if since < 0 {
		since = v
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	write := func(b []byte) bool {
		rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)) //nolint:errcheck // as above
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !write(fmt.Appendf(nil, ": fray fight %s from version %d\nretry: 2000\n\n", id, since)) {
		return
	}
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	oddsSeq := s.oddsPool.seqNow()
	hash := hashToken(auth.token())
	for {
		// A token revoked since ends its stream, saying so; a stream is
		// woken when a token of its fight is revoked.
		if _, err := s.grantByHash(ctx, hash); err != nil {
			if errors.Is(err, store.ErrRevoked) {
				data, _ := json.Marshal(revokedProblem())
				write(fmt.Appendf(nil, "event: revoked\ndata: %s\n\n", data))
			} else if ctx.Err() == nil {
				s.cfg.Logger.Error("stream", "fight", id, "err", err)
			}
			return
		}
		msgs, err := s.pending(ctx, id, g, since)
		if err != nil {
			if ctx.Err() == nil {
				s.cfg.Logger.Error("stream", "fight", id, "err", err)
			}
			return
		}
		for _, m := range msgs {
			data, err := json.Marshal(m)
			if err != nil {
				return
			}
			if !write(fmt.Appendf(nil, "id: %d\nevent: entry\ndata: %s\n\n", m.Version, data)) {
				return
			}
			since = m.Version
		}
		for _, c := range s.oddsPool.finished(id, g, &oddsSeq) {
			data, err := json.Marshal(OddsReady{Version: c.key.version, Actor: c.key.actor, Policy: c.key.policy, Status: c.state})
			if err != nil {
				return
			}
			// No id: Last-Event-ID stays the last entry's version.
			if !write(fmt.Appendf(nil, "event: odds\ndata: %s\n\n", data)) {
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-s.hub.done:
			return
		case <-wakeCh:
		case <-beat.C:
			if !write([]byte(": heartbeat\n\n")) {
				return
			}
		}
	}
}

// pending returns the entries of fight id after version since, as grant's
// holder may see them now. The fight is as this server last saw it (opened
// again if the hub has heard of newer entries): entries committed through
// another process and not yet heard of come with the next wake-up.
func (s *Server) pending(ctx context.Context, id string, g store.Grant, since int64) ([]StreamEntry, error) {
	var msgs []StreamEntry
	err := s.withLive(ctx, id, func(l *live) error {
		if l.fight.Version() <= since {
			return nil
		}
		var err error
		msgs, err = viewEntries(l, g, since)
		return err
	})
	return msgs, err
}

// viewEntries makes the stream messages of the entries after since, as g's
// holder sees them in l's fight now. Only the decisions among them that
// are still in force are rendered, and those already rendered for the
// viewer are not rendered again.
func viewEntries(l *live, g store.Grant, since int64) ([]StreamEntry, error) {
	f := l.fight
	entries := f.Entries()
	active, err := store.Active(entries)
	if err != nil {
		return nil, err
	}
	v := viewerOf(g)
	prompt := l.views.prompt(f, v)
	// The decisions in force after since are active[first:], in log order.
	first, _ := slices.BinarySearch(active, int(since))
	transcript := l.views.transcript(f, v, first)
	var msgs []StreamEntry
	for i := int(since); i < len(entries); i++ {
		e := entries[i]
		m := StreamEntry{Version: e.Version, Kind: string(e.Kind), By: e.By, Prompt: prompt, Current: f.Version()}
		if e.Kind == store.Decision {
			if j, ok := slices.BinarySearch(active, i); ok && j-first < len(transcript) {
				m.Entry = &transcript[j-first]
			} else {
				m.Undone = true
			}
		}
		msgs = append(msgs, m)
	}
	return msgs, nil
}
