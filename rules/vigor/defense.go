package vigor

import (
	"fmt"

	"fray/engine"
)

// Defend makes Defense cheaper until the next turn (R13).
type Defend struct{}

// The kinds of defense.go's commands and events.
var (
	_                 = engine.Add[Defend](commands, "defend")
	defenseKind       = engine.Add[Defense](commands, "defense")
	_                 = engine.Add[Take](commands, "take")
	defendedKind      = engine.Add[Defended](events, "defended")
	defenseRolledKind = engine.Add[DefenseRolled](events, "defense_rolled")
)

func (*Defend) command() {}

// defend is the Defend action (R13, A30).
func (d *decider) defend() error {
	me, err := d.acting("defend", 1)
	if err != nil {
		return err
	}
	if me.Defending {
		return refuse("%s is Defending already, and Defend does not stack (A30)", me.ID)
	}
	d.acted(me, "defend", 1)
	d.emit(engine.New(d.h.arena(), defendedKind, Defended{Combatant: me.ID}))
	return nil
}

// Defended: a creature took the Defend action (R13).
type Defended struct {
	Combatant string `json:"combatant"`
}

// apply makes the creature Defending until its next turn (R13).
func (e *Defended) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Defending = true
	}
}

func (e *Defended) describe(*State) string {
	return fmt.Sprintf("%s defends: Defense costs %d until its next turn", e.Combatant, DefendingCost)
}

// Defense is a Defense reaction (R21): Style is "dodge", "deflect" or
// "block", which the rules treat alike; Mods are the GM's situational
// dice, Charges and Challenges on it (§6: any roll).
type Defense struct {
	Style string `json:"style"`
	Mods
}

func (*Defense) command() {}

// defense resolves a Defense reaction (R21).
func (d *decider) defense(style string, m Mods) error {
	if err := d.want(Defending, style); err != nil {
		return err
	}
	if err := checkMods(m); err != nil {
		return err
	}
	s := d.s
	t := s.Combatant(s.Strike.Target)
	if !s.canDefend(t) {
		return refuse("%s cannot defend: %s", t.ID, whyNot(s, t))
	}
	d.pay(t, t.defenseCost(), style)
	n := s.defenseDice(t) + m.Dice
	r := Rank(t.BaseRank(), m.Charges, m.Challenges, t.Wounded)
	// The defense beats the attack's total or it does not (R21).
	roll := checkRoll(d.src, n, r, s.Strike.Total+1, s.Strike.Total+1, d.ints())
	d.emit(engine.New(d.h.arena(), defenseRolledKind, DefenseRolled{Defender: t.ID, Style: style, Roll: roll, Against: s.Strike.Total, Avoided: roll.Total > s.Strike.Total}))
	if s.Strike != nil {
		// A merge point for exact odds: the damage of a hit not avoided
		// is the target taking it, which reads neither the Defense nor
		// the attack's total (Forget).
		if engine.Pause[Command](d.src, t.ID, &Take{}) {
			return nil
		}
		d.damage()
	}
	return nil
}

// DefenseRolled: the target of a hit rolled a Defense (R21).
type DefenseRolled struct {
	Defender string `json:"defender"`
	Style    string `json:"style"`
	Roll     Roll   `json:"roll"`
	Against  int    `json:"against"`
	Avoided  bool   `json:"avoided"`
}

// apply ends the strike a Defense avoided.
func (e *DefenseRolled) apply(s *State, _ *hotMemory) {
	if e.Avoided {
		s.Strike = nil
		settle(s)
	}
}

func (e *DefenseRolled) describe(*State) string {
	result := "hit anyway"
	if e.Avoided {
		result = "avoided"
	}
	return fmt.Sprintf("%s tries to %s: %s against the attack's %d: %s", e.Defender, e.Style, e.Roll, e.Against, result)
}

// Take takes the hit without a reaction.
type Take struct{}

func (*Take) command() {}

// take takes the pending hit without a reaction.
func (d *decider) take() error {
	if err := d.want(Defending, "take the hit"); err != nil {
		return err
	}
	d.damage()
	return nil
}

// canDefend reports whether t may react to an attack with a Defense now
// (R20, R21, A12): not an unaware target unless the unaware_can_react
// option says so.
func (s *State) canDefend(t *Combatant) bool {
	if !t.In() || t.Winded || t.Unaware && !s.Options.UnawareCanReact || t.Vigor < t.defenseCost() {
		return false
	}
	return !s.turnOf(t)
}

// mayDefend reports whether t may answer a hit with a Defense: it can
// defend, and the hit did not come from behind while it was unaware
// (A12), unless the unaware_can_react option says it still may.
func (s *State) mayDefend(t *Combatant, behind bool) bool {
	return s.canDefend(t) && (!behind || s.Options.UnawareCanReact)
}

// defenseCost is what a Defense costs the creature now (R13, R21).
func (c *Combatant) defenseCost() int {
	if c.Defending {
		return DefendingCost
	}
	return DefenseCost
}

// defenseDice is the bonus dice of the creature's Defense rolls (R21):
// Speed's, a quarter of Speed's while prone, and talents'.
func (s *State) defenseDice(c *Combatant) int {
	speed := c.Speed
	if c.Prone {
		speed /= 4
	}
	return s.dice(speed) + c.DefenseDice
}

// whyNot says why a creature cannot react.
func whyNot(s *State, t *Combatant) string {
	switch {
	case !t.In():
		return t.ID + " is " + conditionOf(t)
	case t.Winded:
		return t.ID + " is Winded (R38)"
	case t.Unaware:
		return t.ID + " is unaware (A12)"
	case s.turnOf(t):
		return "no reactions on one's own turn (R20)"
	}
	return fmt.Sprintf("%s has %d Vigor and it costs %d", t.ID, t.Vigor, t.defenseCost())
}
