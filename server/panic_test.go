package server_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"fray/dice"
	"fray/engine"
	"fray/rules/reference"
	"fray/server"
	"fray/store"
)

// brittle is the reference ruleset with a bug: it panics on any decision
// of the combatant bob.
type brittle struct{ reference.Rules }

func (brittle) Decide(s *reference.State, actor string, c reference.Command, src dice.Source) ([]reference.Event, error) {
	if actor == "bob" {
		var c *reference.Combatant
		c.LP-- // a nil dereference
	}
	return reference.Rules{}.Decide(s, actor, c, src)
}

// brittleSpec is the reference ruleset's encounter, started with brittle.
type brittleSpec reference.Spec

func (sp *brittleSpec) Start() (engine.Table, error) {
	return engine.Start[reference.State, reference.Command, reference.Event](brittle{}, (*reference.Spec)(sp).State)
}

func (sp *brittleSpec) StartingState() any { return (*reference.Spec)(sp).StartingState() }

// TestRulesetPanicIsAProblem: a ruleset that panics on a decision (a bug
// of its own) gets the decider a 500 problem, not a broken connection;
// nothing is recorded, the fight is as it was, and it goes on.
func TestRulesetPanicIsAProblem(t *testing.T) {
	info := reference.Info()
	info.NewSpec = func() engine.EncounterSpec { return &brittleSpec{} }
	reg, err := engine.NewRegistry(info)
	if err != nil {
		t.Fatal(err)
	}
	var logged lockedBuffer
	c := startServer(t, backendCases[0].open(t)(), func(cfg *server.Config) {
		cfg.Store, cfg.Registry, cfg.Odds = store.New(cfg.Store.Backend(), reg), reg, nil
		cfg.Logger = slog.New(slog.NewTextHandler(&logged, nil))
	})
	enc := "ruleset: reference\nsides: [{id: red}, {id: blue}]\ncombatants: [{use: fencer, id: ann, side: red}, {use: fencer, id: bob, side: blue}]\n"
	r := c.do("POST", "/fights", creatorToken, map[string]string{"encounter": enc})
	if r.status != http.StatusCreated {
		t.Fatalf("creating: %d %s", r.status, r.body)
	}
	var f created
	r.decode(t, &f)
	v := c.read(f, f.GMToken)
	for i := 0; v.Prompt.Actor != "bob"; i++ {
		if i > 50 || v.Prompt.Kind == engine.End || len(v.Prompt.Options) == 0 {
			t.Fatalf("bob never decides: %+v", v.Prompt)
		}
		d := c.do("POST", "/fights/"+f.ID+"/decisions", f.GMToken, map[string]any{"version": v.Version, "command": v.Prompt.Options[0].Command})
		if d.status != http.StatusOK {
			t.Fatalf("deciding %s: %d %s", v.Prompt.Options[0].Command, d.status, d.body)
		}
		v = c.read(f, f.GMToken)
	}
	before := v
	for _, token := range []string{f.tokenOf("bob"), f.GMToken} {
		d := c.do("POST", "/fights/"+f.ID+"/decisions", token, map[string]any{"version": v.Version, "command": v.Prompt.Options[0].Command})
		isProblem(t, "a decision the ruleset panics on", d, http.StatusInternalServerError)
		after := c.read(f, f.GMToken)
		if after.Version != before.Version || string(after.State) != string(before.State) {
			t.Errorf("the fight moved on a decision that failed: version %d, state %s; before: %d, %s", after.Version, after.State, before.Version, before.State)
		}
	}
	if u := c.do("POST", "/fights/"+f.ID+"/undo", f.GMToken, map[string]any{"version": v.Version}); u.status != http.StatusOK {
		t.Errorf("undo after the failures: %d %s", u.status, u.body)
	}
	// The log says where the rules failed.
	if log := logged.String(); !strings.Contains(log, "the rules failed on a request") || !strings.Contains(log, "brittle.Decide") {
		t.Errorf("the log does not say where the rules failed:\n%s", engine.Clip(log))
	}
}

// lockedBuffer is a buffer safe for the server's goroutines to log to.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
