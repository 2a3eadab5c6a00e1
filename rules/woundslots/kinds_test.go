package woundslots_test

import (
	"slices"
	"testing"

	"fray/rules/woundslots"
)

// TestKindsTable checks that the codec tables hold every kind ever
// written, each once: the list below only grows.
func TestKindsTable(t *testing.T) {
	wantCommands := []string{
		"approach", "attack", "calm", "cast", "cling", "continue", "cover", "dash", "defend", "dismount",
		"done", "drag", "drop", "end_effect", "end_fight", "end_turn", "enter", "escape", "exert",
		"fire", "go", "guard", "harry", "hinder", "ignore", "initiative", "interpose", "jump", "long",
		"meet", "mount", "move", "opening", "order", "pass", "pick", "pin", "posture", "push", "ready",
		"rebuff", "recover", "rest", "retrieve", "seize", "split", "stabilize", "stop", "stow",
		"surface", "surprise", "treat", "treat_condition", "trigger", "use",
	}
	wantEvents := []string{
		"action_cancelled", "action_declared", "action_goes_ahead", "ap_gained", "ap_spent",
		"attack_rolled", "carried", "check_rolled", "clung", "condition_gained", "condition_treated",
		"control_checked", "cover_ruled", "dashed", "defended", "died", "dismounted", "effect_begun",
		"effect_ended", "escaped", "exerted", "extra_rolled", "fight_ended", "footing_checked",
		"grapple_ended", "grappled", "guarded", "harried", "hinder_won", "hindered", "hurried",
		"ignore_changed", "initiative_rolled", "initiative_shifted", "interposed", "interrupted",
		"item_moved", "joined", "jumped", "long_begun", "long_cancelled", "long_done", "long_paid",
		"mounted", "move_declared", "move_goes_on", "move_stopped", "moved", "nonlethal_hit",
		"object_used", "off_turn_ended", "opening_made", "ordered", "passed", "pinned",
		"posture_changed", "reaction_goes_ahead", "ready_fired", "ready_taken", "rebuffed", "recovery_chosen",
		"recovery_rolled", "rested", "round_ended", "round_started", "seized", "space_entered",
		"spell_cast", "split_chosen", "stabilized", "stamina_paid", "stealth_rolled", "surprise_ruled",
		"tie_broken", "turn_ended", "turn_started", "wake_checked", "window_opened", "wound_treated",
		"wounded",
	}
	c, e := woundslots.Rules{}.Kinds()
	commands, events := c.Names(), e.Names()
	if !slices.Equal(commands, wantCommands) {
		t.Errorf("command kinds:\n got %q\nwant %q", commands, wantCommands)
	}
	if !slices.Equal(events, wantEvents) {
		t.Errorf("event kinds:\n got %q\nwant %q", events, wantEvents)
	}
}
