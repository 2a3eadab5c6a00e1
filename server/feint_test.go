package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"fray/engine"
)

// TestFeintNeverBetrayed plays many random tempo duels over HTTP, feinting
// whenever a feint is offered, and after every decision reads everything
// the feinter's opponent may read: the fight, the odds, a refused
// decision's problem and the live stream. While the opponent's own
// transcript (the engine's view, the oracle here) says nothing of a feint,
// none of the rest may either.
func TestFeintNeverBetrayed(t *testing.T) {
	open := backendCases[0].open(t)
	c := startServer(t, open(), nil)
	feints, checked := 0, 0
	for fight := range 6 {
		f := c.create("duel")
		rng := rand.New(rand.NewPCG(uint64(fight), 3))
		streams := map[string]*stream{}
		for _, p := range f.Players {
			streams[p.Combatant] = c.follow(f, p.Token, "0")
		}
		for step := 0; step < 400; step++ {
			v := c.read(f, f.GMToken)
			if v.Prompt.Kind == engine.End {
				break
			}
			pr := v.Prompt
			cmd := pr.Options[rng.IntN(len(pr.Options))].Command
			for _, o := range pr.Options {
				if strings.HasPrefix(o.Command, "feint") && rng.IntN(4) > 0 {
					cmd = o.Command
					feints++
				}
			}
			if pr.Kind == engine.Ruling && pr.Default >= 0 {
				cmd = pr.Options[pr.Default].Command
			}
			r := c.do("POST", "/fights/"+f.ID+"/decisions", f.tokenOf(pr.Actor), map[string]any{"version": v.Version, "actor": pr.Actor, "command": cmd})
			if r.status != http.StatusOK {
				t.Fatalf("fight %d: %s: %s: %d %s", fight, pr.Actor, cmd, r.status, r.body)
			}
			for _, p := range f.Players {
				if p.Combatant == pr.Actor {
					continue
				}
				tr := c.do("GET", "/fights/"+f.ID+"/transcript", p.Token, nil)
				if strings.Contains(strings.ToLower(string(tr.body)), "feint") {
					continue // the engine has revealed it to them
				}
				checked++
				seen := map[string][]byte{
					"view": c.do("GET", "/fights/"+f.ID, p.Token, nil).body,
					"refusal": c.do("POST", "/fights/"+f.ID+"/decisions", p.Token,
						map[string]any{"version": v.Version + 1, "command": "parry"}).body,
				}
				if step%8 == 0 {
					// Exact odds take a while: now and then.
					seen["odds"] = c.do("GET", "/fights/"+f.ID+"/odds", p.Token, nil).body
				}
				var msgs []string
				for len(streams[p.Combatant].events) > 0 {
					msgs = append(msgs, string((<-streams[p.Combatant].events).data))
				}
				seen["stream"] = []byte("[" + strings.Join(msgs, ",") + "]")
				for what, body := range seen {
					if strings.Contains(strings.ToLower(withoutOptions(body)), "feint") {
						t.Fatalf("fight %d, version %d: %s's %s mentions a feint their transcript does not show:\n%s", fight, v.Version+1, p.Combatant, what, body)
					}
				}
			}
		}
		for _, s := range streams {
			s.cancel()
		}
	}
	if feints == 0 || checked == 0 {
		t.Fatalf("%d feints declared, %d views checked: the test checked nothing", feints, checked)
	}
	t.Logf("%d feints declared; %d opponent views checked", feints, checked)
}

// withoutOptions returns a JSON body as text without the options of
// prompts: the menu of what anyone may do (a feint among them) gives
// nothing away; what was declared does.
func withoutOptions(body []byte) string {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return string(body)
	}
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			if _, ok := x["question"]; ok {
				delete(x, "options")
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(v)
	out, _ := json.Marshal(v)
	return string(out)
}
