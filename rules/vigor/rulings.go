package vigor

import "fray/engine"

// Rule is the GM's yes or no to a ruling: knocked down, killed outright,
// escaped.
type Rule struct {
	Yes bool `json:"yes"`
}

// The kinds of rulings.go's command and events.
var (
	ruleKind           = engine.Add[Rule](commands, "rule")
	knockdownRuledKind = engine.Add[KnockdownRuled](events, "knockdown_ruled")
	killRuledKind      = engine.Add[KillRuled](events, "kill_ruled")
)

func (*Rule) command() {}

// rule is the GM's yes or no to the ruling the fight waits for: a
// knockdown (R39), a kill outright (R37), an escape (A19) or the end of
// the fight (§7.10).
func (d *decider) rule(c *Rule) error {
	s := d.s
	switch s.Phase {
	case Knockdown:
		t := s.Combatant(s.Strike.Target)
		negated := c.Yes && actUnderWay(s, t)
		d.emit(engine.New(d.h.arena(), knockdownRuledKind, KnockdownRuled{Combatant: t.ID, Down: c.Yes, Negated: negated}))
	case Kill:
		d.emit(engine.New(d.h.arena(), killRuledKind, KillRuled{Combatant: s.Strike.Target, Killed: c.Yes}))
	case EscapeRuling:
		d.emit(engine.New(d.h.arena(), escapedKind, Escaped{Combatant: s.Window.Opener, Escaped: c.Yes}))
	case EndRuling:
		if c.Yes {
			d.end("", "the GM ends the fight", false)
		} else {
			d.newRound()
		}
	default:
		return refuse("there is no ruling to give now: the fight waits for %s", waiting(s))
	}
	return nil
}

// actUnderWay reports whether it is c's turn and c is in the middle of
// an act a knockdown negates (R39): a move or escape, whose move follows
// its openings, or a stand, which the knockdown undoes. A readied attack
// fires, and an ability's opening comes, only once the act is done:
// nothing is left to negate then.
func actUnderWay(s *State, c *Combatant) bool {
	w := s.Window
	return s.turnOf(c) && w != nil && w.Opener == c.ID &&
		(movesAfter(w.Act) || w.Act == "stand")
}

// KnockdownRuled: the GM ruled whether a hit knocked its target down
// (R39, A29); Negated: it was the target's turn, so its act is spent.
type KnockdownRuled struct {
	Combatant string `json:"combatant"`
	Down      bool   `json:"down"`
	Negated   bool   `json:"negated,omitempty"`
}

// apply knocks the creature down, spending the act it was making if it
// was its turn, and closes the strike.
func (e *KnockdownRuled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && e.Down {
		c.Prone = true
		if e.Negated && s.Window != nil && s.Window.Opener == c.ID {
			s.Window.Act = ""
		}
	}
	s.Strike = nil
	settle(s)
}

func (e *KnockdownRuled) describe(*State) string {
	switch {
	case e.Negated:
		return e.Combatant + " is knocked down, and the act it was making is spent"
	case e.Down:
		return e.Combatant + " is knocked down"
	}
	return e.Combatant + " stays on its feet"
}

// KillRuled: the GM ruled whether a hit killed an incapacitated target
// outright (R37, A28).
type KillRuled struct {
	Combatant string `json:"combatant"`
	Killed    bool   `json:"killed"`
}

// apply kills the creature if the GM said so, and closes the strike.
func (e *KillRuled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && e.Killed {
		c.Dead = true
	}
	s.Strike = nil
	settle(s)
}

func (e *KillRuled) describe(*State) string {
	if e.Killed {
		return e.Combatant + " is killed outright"
	}
	return e.Combatant + " is spared"
}
