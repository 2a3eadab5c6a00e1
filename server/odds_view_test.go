package server_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// A player's odds are computed on what the player sees: two duels played
// with the same dice, in one of which the attacker feints and in the other
// makes the Melee Attack the feint appears to be, give the defender the
// same odds, byte for byte. (Refusing odds while a feint was hidden
// betrayed it by their absence.)
func TestOddsDoNotBetrayAFeint(t *testing.T) {
	open := backendCases[0].open(t)
	c := startServer(t, open(), nil)
	feinted, attacked := c.create("duel"), c.create("duel")
	rolls := []int{9, 2, 6, 4, 8, 3, 7, 5, 1, 10}
	// decide makes the same decision in a fight, with the table's dice
	// taken in turn from rolls.
	decide := func(f created, actor, command string) {
		t.Helper()
		v := c.read(f, f.GMToken)
		var dice []int
		for range 20 {
			r := c.do("POST", "/fights/"+f.ID+"/decisions", f.tokenOf(actor),
				map[string]any{"version": v.Version, "actor": actor, "command": command, "physical": true, "dice": dice})
			if r.status == http.StatusOK {
				return
			}
			if r.status != http.StatusUnprocessableEntity || !strings.Contains(string(r.body), "needs-dice") {
				t.Fatalf("%s: %s: %d %s", actor, command, r.status, r.body)
			}
			dice = append(dice, rolls[len(dice)%len(rolls)])
		}
		t.Fatalf("%s: %s: needs more than 20 dice", actor, command)
	}
	for _, f := range []created{feinted, attacked} {
		decide(f, "gm", "begin")
		decide(f, c.read(f, f.GMToken).Prompt.Actor, "move 1,0") // into reach
	}
	// Up to the first feint offered: the same decisions in both.
	var feint string
	for range 40 {
		pr := c.read(feinted, feinted.GMToken).Prompt
		for _, o := range pr.Options {
			if strings.HasPrefix(o.Command, "feint ") {
				feint = o.Command
			}
		}
		if feint != "" {
			decide(feinted, pr.Actor, feint)
			decide(attacked, pr.Actor, "attack "+strings.TrimPrefix(feint, "feint "))
			break
		}
		cmd := pr.Options[0].Command
		if pr.Default >= 0 {
			cmd = pr.Options[pr.Default].Command
		}
		for _, f := range []created{feinted, attacked} {
			decide(f, pr.Actor, cmd)
		}
	}
	if feint == "" {
		t.Fatal("no feint offered")
	}
	pr := c.read(feinted, feinted.GMToken).Prompt
	defender := pr.Actor
	if defender == "gm" || c.read(attacked, attacked.GMToken).Prompt.Actor != defender {
		t.Fatalf("the prompts after the feint and the attack differ: %+v", pr)
	}
	a := c.do("GET", "/fights/"+feinted.ID+"/odds", feinted.tokenOf(defender), nil)
	b := c.do("GET", "/fights/"+attacked.ID+"/odds", attacked.tokenOf(defender), nil)
	if a.status != http.StatusOK || b.status != http.StatusOK {
		t.Fatalf("%s's odds against the feint: %d %s\nagainst the attack: %d %s", defender, a.status, a.body, b.status, b.body)
	}
	if !bytes.Equal(a.body, b.body) {
		t.Fatalf("%s's odds differ:\nagainst the feint:  %s\nagainst the attack: %s", defender, a.body, b.body)
	}
}
