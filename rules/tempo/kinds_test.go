package tempo_test

import (
	"slices"
	"testing"

	"fray/rules/tempo"
)

// TestKinds checks that the codec tables hold every kind ever written:
// a kind that was saved must still decode.
func TestKinds(t *testing.T) {
	wantCommands := []string{"begin", "declare", "destination", "end_fight", "end_turn", "keep",
		"no_reaction", "react", "replace"}
	wantEvents := []string{"action_declared", "aim_taken", "checked", "chose", "damaged",
		"destinations_pending", "did_not_react", "disarmed", "disposed", "exchange_ended",
		"feint_revealed", "fell", "fight_ended", "initiative_rolled", "joined", "kept", "moved",
		"order_set", "picked_up", "reacted", "replaced", "round_ended", "stamina_recovered",
		"turn_ended", "turn_started"}
	c, e := tempo.Rules{}.Kinds()
	commands, events := c.Names(), e.Names()
	if !slices.Equal(commands, wantCommands) {
		t.Errorf("command kinds %v, want %v", commands, wantCommands)
	}
	if !slices.Equal(events, wantEvents) {
		t.Errorf("event kinds %v, want %v", events, wantEvents)
	}
}
