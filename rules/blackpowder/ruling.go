package blackpowder

import (
	"fmt"

	"fray/engine"
)

// Ruling: the GM's answer to a ruling prompt: "safe" or "unsafe" for a
// revive, or a situational modifier for an attack.
type Ruling struct {
	Safe     *bool `json:"safe,omitempty"`
	Modifier *int  `json:"modifier,omitempty"`
}

// The kinds of ruling.go's commands and events.
var (
	rulingKind = engine.Add[Ruling](commands, "ruling")
	ruledKind  = engine.Add[Ruled](events, "ruled")
)

func (*Ruling) isCommand() {}

// rule answers the GM's ruling prompt of a declared action.
func (r *run) rule(who string, cmd *Ruling) error {
	d, err := r.reactionHead(who, "")
	if err != nil {
		return err
	}
	ev := engine.New(r.arena(), ruledKind, Ruled{About: d.Queue[0].Kind})
	switch ev.About {
	case "safety":
		if cmd.Safe == nil {
			return engine.Errorf(engine.Invalid, "is the revive out of immediate danger? ruling safe, or ruling unsafe")
		}
		ev.Safe = *cmd.Safe
	case "modifier":
		if cmd.Modifier == nil {
			return engine.Errorf(engine.Invalid, "what situational modifier? ruling mod N")
		}
		ev.Modifier = *cmd.Modifier
		declared, ok := d.Command.Command.(*Attack)
		if !ok {
			return engine.Errorf(engine.NotAllowedNow, "a situational modifier is for a declared attack, and %s declared none", d.Actor)
		}
		atk := *declared
		atk.Modifier += ev.Modifier
		// The declaration keeps the attack from here on: not in the
		// events arena, which the next Step reuses.
		ev.Command = Nested{r.hot.keptAttack(atk)}
	default:
		return engine.Errorf(engine.NotAllowedNow, "%s answers the %s, not a GM ruling", d.Queue[0].Who, d.Queue[0].Kind)
	}
	r.emit(ev)
	return nil
}

// safeToRevive is the default of the GM's safety ruling: no conscious
// enemy within reach of the healer or the patient (A27).
func (s *State) safeToRevive(d *Declaration) bool {
	rv, ok := d.Command.Command.(*Revive)
	if !ok {
		return true
	}
	healer, patient := s.combatant(d.Actor), s.combatant(rv.Target)
	for _, e := range s.Combatants {
		if e.Group != healer.Group && e.Status == Active && (distance(&e, healer) <= reach || distance(&e, patient) <= reach) {
			return false
		}
	}
	return true
}

// Ruled: the GM answered a ruling prompt of a declared action. Command,
// when set, replaces the declared command (an attack with the ruled
// modifier).
type Ruled struct {
	// About is what was ruled: "safety" or "modifier".
	About    string `json:"about"`
	Safe     bool   `json:"safe,omitempty"`
	Modifier int    `json:"modifier,omitempty"`
	Command  Nested `json:"command,omitzero"`
}

func (e *Ruled) apply(s *State, _ *hotMemory) {
	d := s.Declared
	d.Queue = d.Queue[1:]
	if e.About == "safety" && !e.Safe {
		d.Unsafe = true
	}
	if e.Command.Command != nil {
		d.Command = e.Command
	}
}

func (e *Ruled) describe(*State) string {
	if e.About == "safety" {
		return "the GM rules the spot " + map[bool]string{true: "safe", false: "not safe"}[e.Safe]
	}
	return fmt.Sprintf("the GM rules a situational modifier of %+d", e.Modifier)
}
