package reference

import (
	"fmt"
	"strings"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// A hit waits for its target, who dodges it (once a round: a d6, 5 or 6
// avoids it) or takes it. A blow that lands deals 1d6 damage, 2d6 on a
// critical, plus a melee weapon's bonus; a feint that lands deals none but
// leaves its target off balance for the rest of the round.

// Dodge tries to avoid a hit (once a round).
type Dodge struct{}

// Take accepts a hit.
type Take struct{}

func (*Dodge) command() {}
func (*Take) command()  {}

// Dodged: the target of a hit tried to dodge.
type Dodged struct {
	Combatant string `json:"combatant"`
	// Die is the d6.
	Die     int  `json:"die"`
	Avoided bool `json:"avoided"`
}

// Damaged: a blow landed.
type Damaged struct {
	Combatant string `json:"combatant"`
	Attacker  string `json:"attacker"`
	// Dice are the d6s: one, or two on a critical.
	Dice []int `json:"dice"`
	// Bonus is the melee weapon's bonus.
	Bonus  int `json:"bonus,omitempty"`
	Amount int `json:"amount"`
	// LP is what the combatant has left.
	LP int `json:"lp"`
}

// Unbalanced: a feint landed and left its target off balance.
type Unbalanced struct {
	Combatant string `json:"combatant"`
}

// The kinds of hit.go's commands and events.
var (
	_              = engine.Add[Dodge](commands, "dodge")
	_              = engine.Add[Take](commands, "take")
	dodgedKind     = engine.Add[Dodged](events, "dodged")
	damagedKind    = engine.Add[Damaged](events, "damaged")
	unbalancedKind = engine.Add[Unbalanced](events, "unbalanced")
)

// dodge resolves a Dodge: the d6, and the blow landing when it is too slow.
func dodge(s *State, src dice.Source, h *hotMemory, events []Event) ([]Event, error) {
	if err := wantPhase(s, Reacting, "dodge"); err != nil {
		return events, err
	}
	if s.Combatant(s.Pending.Target).Dodged {
		return events, engine.Errorf(engine.NotAllowedNow, "%s has already dodged this round", s.Pending.Target)
	}
	die := dice.RollClasses(src, 6, dice.Cuts(5)) // too slow, or avoided
	events = append(events, engine.New(h.arena(), dodgedKind, Dodged{Combatant: s.Pending.Target, Die: die, Avoided: die >= 5}))
	if die >= 5 {
		return events, nil
	}
	return append(events, land(s, src, h)), nil
}

// take resolves a Take: the blow lands.
func take(s *State, src dice.Source, h *hotMemory, events []Event) ([]Event, error) {
	if err := wantPhase(s, Reacting, "take a hit"); err != nil {
		return events, err
	}
	return append(events, land(s, src, h)), nil
}

// land is what the pending blow does when it is not dodged: damage, or for
// a feint, its target off balance. Its event comes from h when it is set.
func land(s *State, src dice.Source, h *hotMemory) Event {
	b := s.Pending
	if b.Feint {
		return engine.New(h.arena(), unbalancedKind, Unbalanced{Combatant: b.Target})
	}
	n := 1
	if b.Natural == 20 {
		n = 2
	}
	d := engine.New(h.arena(), damagedKind, Damaged{Combatant: b.Target, Attacker: b.Attacker, Dice: h.arena().Ints(n)})
	if w := s.Combatant(b.Attacker).Weapon(b.Weapon); w != nil && w.Kind == "melee" {
		d.Bonus = w.Bonus
	}
	d.Amount = d.Bonus
	for i := range d.Dice {
		d.Dice[i] = src.Roll(6)
		d.Amount += d.Dice[i]
	}
	d.LP = max(0, s.Combatant(b.Target).LP-d.Amount)
	return d
}

// apply spends the combatant's dodge for the round; a dodge that avoids
// the hit ends the turn.
func (e *Dodged) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Dodged = true
	}
	if e.Avoided {
		endTurn(s)
	}
}

// apply leaves the combatant the LP the blow left them, and ends the
// turn.
func (e *Damaged) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.LP = e.LP
	}
	endTurn(s)
}

// apply puts the combatant off balance until the round ends, and ends the
// turn.
func (e *Unbalanced) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.OffBalance = parts.Until(parts.RoundEnd, "", 1)
	}
	endTurn(s)
}

func (e *Dodged) describe(*State) string {
	if e.Avoided {
		return fmt.Sprintf("%s dodges: d6=%d, avoided", e.Combatant, e.Die)
	}
	return fmt.Sprintf("%s tries to dodge: d6=%d, too slow", e.Combatant, e.Die)
}

func (e *Damaged) describe(*State) string {
	terms := make([]string, len(e.Dice), len(e.Dice)+1)
	for i, d := range e.Dice {
		terms[i] = fmt.Sprintf("d6=%d", d)
	}
	if e.Bonus != 0 {
		terms = append(terms, fmt.Sprintf("%+d", e.Bonus))
	}
	left := "down"
	if e.LP > 0 {
		left = fmt.Sprintf("%d LP left", e.LP)
	}
	return fmt.Sprintf("%s takes %d damage (%s): %s", e.Combatant, e.Amount, strings.Join(terms, " "), left)
}

func (e *Unbalanced) describe(*State) string {
	return fmt.Sprintf("%s is caught off balance (-%d defence for the rest of the round)", e.Combatant, OffBalancePenalty)
}
