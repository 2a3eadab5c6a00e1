package blackpowder

import (
	"fmt"
	"reflect"
	"testing"
)

// The kinds of every command and event, as the codec tables had them when
// they were maps: the tables of engine.Kinds must keep every one, since a
// saved fight may name any of them.
var (
	wantCommandKinds = []string{
		"aim", "assist", "attack", "check", "critical", "decline", "delay", "do", "dodge", "done", "draw",
		"end_fight", "escape", "fire_early", "fix", "heal", "hide", "hold", "initiative", "interrupt",
		"move", "opportunity_attack", "parry", "pass", "release", "reload", "repair", "rest", "revive",
		"ruling", "run", "search", "stand", "stun", "take", "use", "withdraw",
	}
	wantEventKinds = []string{
		"action_declared", "action_used", "aim_provokes", "aim_resolving", "aimed", "aims_due", "ambush_over",
		"ambush_resolved", "assisted", "attack_rolled", "awaiting_decision", "checked",
		"consciousness_rolled", "critical_declined", "critical_rolled", "damage_dealt", "damage_rolled",
		"decided", "declaration_closed", "declaration_step", "delayed", "delayed_settled", "delayed_used",
		"died", "disarmed", "dodge_declined", "dodge_rolled", "early_dodge_contest", "ended", "escaped",
		"follow_done", "follow_held", "follow_offered", "free_form_done", "group_joined", "gun_fixed", "healed",
		"held_provokes", "hold_contest", "initiative_rolled", "item_used", "jammed", "lapsed", "mist_fizzle", "moved",
		"passed", "perception_rolled", "picked_up", "queued", "reaction_done", "released", "reload_step", "rested",
		"revived", "round_started", "ruled", "shot_fired", "speed_contest", "stealth_rolled", "stood_up",
		"stunned", "turn_started", "weapon_drawn", "woke",
	}
)

// TestKindsTables checks that the codec tables hold every kind ever
// written, each decoding to a value of its own kind.
func TestKindsTables(t *testing.T) {
	gotCommands, gotEvents := commands.Names(), events.Names()
	if !reflect.DeepEqual(gotCommands, wantCommandKinds) {
		t.Errorf("command kinds %q, want %q", gotCommands, wantCommandKinds)
	}
	if !reflect.DeepEqual(gotEvents, wantEventKinds) {
		t.Errorf("event kinds %q, want %q", gotEvents, wantEventKinds)
	}
	for _, kind := range gotEvents {
		if e, err := events.Decode(kindOnly(kind)); err != nil || events.Kind(e) != kind {
			t.Errorf("%s decodes as %#v, %v", kind, e, err)
		}
	}
	for kind, newCommand := range commandKinds() {
		if c := newCommand(); commands.Kind(c) != kind {
			t.Errorf("%s decodes as %#v", kind, c)
		}
	}
}

// commandKinds returns, by kind, a function making a zero command of the
// kind, decoded from the codec table.
func commandKinds() map[string]func() Command {
	out := map[string]func() Command{}
	for _, kind := range commands.Names() {
		out[kind] = func() Command {
			c, err := commands.Decode(kindOnly(kind))
			if err != nil {
				panic(fmt.Sprintf("the command kind %s: %v", kind, err))
			}
			return c
		}
	}
	return out
}

// kindOnly is the JSON of a zero value of kind.
func kindOnly(kind string) []byte { return []byte(`{"kind":"` + kind + `"}`) }
