package reference

import (
	"fmt"

	"fray/dice"
	"fray/engine"
)

// An attack, or a feint, is declared and rolled: d20 + skill (a thrown
// weapon's bonus added, the light's penalty taken) against the target's
// defence, a natural 20 always hitting, critically. A hit waits for its
// target to dodge or take it (hit.go).

// Attack attacks a standing enemy.
type Attack struct {
	Target string `json:"target"`
	// Weapon names the weapon; "" for the first one (or unarmed).
	Weapon string `json:"weapon,omitempty"`
}

// Feint pretends to attack a standing enemy with the first weapon; nobody
// but the feinter and the GM can tell it from an attack.
type Feint struct {
	Target string `json:"target"`
}

// The kinds of attack.go's commands and events.
var (
	attackKind         = engine.Add[Attack](commands, "attack")
	feintKind          = engine.Add[Feint](commands, "feint")
	attackDeclaredKind = engine.Add[AttackDeclared](events, "attack_declared")
	attackRolledKind   = engine.Add[AttackRolled](events, "attack_rolled")
)

func (*Attack) command() {}
func (*Feint) command()  {}

// AttackDeclared: a combatant attacks (or, secretly, feints at) a target.
type AttackDeclared struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// Weapon is the weapon used, "" unarmed.
	Weapon string `json:"weapon,omitempty"`
	// Feint is secret: only the attacker and the GM may see it.
	Feint bool `json:"feint,omitempty"`
}

// AttackRolled: the attack roll of the declared attack.
type AttackRolled struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// Die is the d20.
	Die int `json:"die"`
	// Bonus is everything added to the die: skill, a thrown weapon's
	// bonus, less the light's penalty.
	Bonus int `json:"bonus"`
	// Defence is the target's defence at the time.
	Defence int  `json:"defence"`
	Hit     bool `json:"hit"`
}

// attack resolves an attack or a feint: its declaration and its roll.
func attack(s *State, target, weapon string, feint bool, src dice.Source, h *hotMemory, events []Event) ([]Event, error) {
	verb := "attack"
	if feint {
		verb = "feint at"
	}
	if err := wantPhase(s, Acting, verb, " ", target); err != nil {
		return events, err
	}
	me := &s.Combatants[s.Turn]
	t := s.Combatant(target)
	w := me.Weapon(weapon)
	switch {
	case t == nil:
		return events, engine.Errorf(engine.Invalid, "there is no combatant called %q (combatants: %s)", target, s.ids())
	case weapon != "" && w == nil:
		return events, engine.Errorf(engine.Invalid, "%s has no weapon called %q", me.ID, weapon)
	case t.Side == me.Side:
		return events, engine.Errorf(engine.NotAllowedNow, "%s cannot %s %s: they are on the same side", me.ID, verb, t.ID)
	case !t.Up():
		return events, engine.Errorf(engine.NotAllowedNow, "%s cannot %s %s: %s is down", me.ID, verb, t.ID, t.ID)
	}
	bonus := me.Skill - s.LightPenalty()
	name := ""
	if w != nil {
		name = w.Name
		if w.Kind == "thrown" {
			bonus += w.Bonus
		}
	}
	defence := t.EffectiveDefence()
	// The die counts as a miss, a hit or a natural 20, a critical: the
	// blow keeps it (Blow.Natural), and reads it only so.
	die := dice.RollClasses(src, 20, dice.Cuts(min(defence-bonus, 20), 20))
	return append(events,
		engine.New(h.arena(), attackDeclaredKind, AttackDeclared{Attacker: me.ID, Target: t.ID, Weapon: name, Feint: feint}),
		engine.New(h.arena(), attackRolledKind, AttackRolled{Attacker: me.ID, Target: t.ID, Die: die, Bonus: bonus, Defence: defence,
			Hit: die == 20 || die+bonus >= defence}),
	), nil
}

// apply makes the declared blow pending, in h's memory when there is
// some.
func (e *AttackDeclared) apply(s *State, h *hotMemory) {
	var blow *Blow
	if h != nil {
		blow = &h.blow
	} else {
		blow = new(Blow)
	}
	*blow = Blow{Attacker: e.Attacker, Target: e.Target, Weapon: e.Weapon, Feint: e.Feint}
	s.Pending = blow
}

// apply ends the turn on a miss; a hit waits for its target's answer.
func (e *AttackRolled) apply(s *State, _ *hotMemory) {
	if !e.Hit {
		endTurn(s)
		return
	}
	if s.Pending == nil { // a log written without its declaration
		s.Pending = &Blow{Attacker: e.Attacker, Target: e.Target}
	}
	s.Pending.Natural = e.Die
	s.Phase = Reacting
}

func (e *AttackDeclared) describe(*State) string {
	with := ""
	if e.Weapon != "" {
		with = " with " + e.Weapon
	}
	if e.Feint {
		return fmt.Sprintf("%s feints at %s%s", e.Attacker, e.Target, with)
	}
	return fmt.Sprintf("%s attacks %s%s", e.Attacker, e.Target, with)
}

func (e *AttackRolled) describe(*State) string {
	result := "miss"
	switch {
	case e.Hit && e.Die == 20:
		result = "critical hit"
	case e.Hit:
		result = "hit"
	}
	return fmt.Sprintf("%s rolls d20=%d%+d = %d against defence %d: %s", e.Attacker, e.Die, e.Bonus, e.Die+e.Bonus, e.Defence, result)
}
