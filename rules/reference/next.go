package reference

import (
	"fmt"
	"strconv"

	"fray/engine"
)

// The prompt says who decides what now, with every option they have: the
// same code writes it for people (Next) and, leaner, for a policy (Moves).

// prompter writes a prompt (see engine.Writer): for people, the question
// and every option's label; lean, for a policy (Moves), neither, reusing
// the memory of the prompt it wrote last, the options' commands in the
// state's hot memory.
type prompter struct{ engine.Writer[Command] }

// attack returns an Attack for an option.
func (b *prompter) attack(v Attack) *Attack { return engine.New(b.Moves, attackKind, v) }

// feint returns a Feint for an option.
func (b *prompter) feint(v Feint) *Feint { return engine.New(b.Moves, feintKind, v) }

// writePrompt writes the current prompt with b; see Rules.Next.
func writePrompt(s *State, b *prompter) {
	p := b.P
	switch nextKind(s) {
	case engine.End:
		p.Kind, p.Default = engine.End, -1
		if s.Phase == Over {
			b.Ask("the GM stopped the fight: a draw")
			return
		}
		b.Ask("the fight is over: nobody is standing")
		if side, n := standing(s); n == 1 {
			p.Winner = side
			if b.People() {
				p.Question = fmt.Sprintf("the fight is over: the %s side wins", side)
			}
		}
	case engine.Act:
		me := &s.Combatants[s.Turn]
		p.Kind, p.Actor, p.Default = engine.Act, me.ID, -1
		if b.People() {
			p.Question = fmt.Sprintf("round %d, %s's turn: attack, feint or defend?", s.Round, me.ID)
		}
		for i := range s.Combatants {
			t := &s.Combatants[i]
			if !t.Up() || t.Side == me.Side {
				continue
			}
			b.Add(b.attack(Attack{Target: t.ID}), "attack ", t.ID)
			for _, w := range me.Weapons[min(1, len(me.Weapons)):] {
				b.Add(b.attack(Attack{Target: t.ID, Weapon: w.Name}), "attack ", t.ID, " with ", w.Name)
			}
			b.Add(b.feint(Feint{Target: t.ID}), "feint at ", t.ID)
		}
		b.Add(&Defend{}, "defend (+", strconv.Itoa(DefendBonus), " defence until your next turn)")
	case engine.React:
		blow := s.Pending
		p.Kind, p.Actor, p.Default = engine.React, blow.Target, -1
		b.Ask(blow.Attacker, "'s attack hits ", blow.Target, ": dodge or take it?")
		if !s.Combatant(blow.Target).Dodged {
			b.Add(&Dodge{}, "dodge (d6: 5 or 6 avoids the hit)")
		}
		b.Add(&Take{}, "take the hit")
	default:
		p.Kind, p.Actor, p.Default = engine.Ruling, engine.GM, 0
		if b.People() {
			p.Question = fmt.Sprintf("round %d is over: does the fight go on?", s.Round)
		}
		b.Add(&Continue{}, "continue")
		b.Add(&Stop{}, "stop the fight (a draw)")
	}
}

// nextKind says what kind of decision the fight waits for; see
// Rules.NextKind.
func nextKind(s *State) engine.PromptKind {
	if _, n := standing(s); s.Phase == Over || n <= 1 {
		return engine.End
	}
	switch s.Phase {
	case Acting:
		return engine.Act
	case Reacting:
		return engine.React
	}
	return engine.Ruling
}

// standing counts the sides with a combatant up, up to two, and names the
// first: Standing without its slice.
func standing(s *State) (first string, n int) {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		switch {
		case !c.Up():
		case n == 0:
			first, n = c.Side, 1
		case c.Side != first:
			return first, 2
		}
	}
	return first, n
}

// moves writes the current prompt into *p for a policy; see Rules.Moves.
func moves(s *State, p *engine.Prompt[Command]) {
	writePrompt(s, &prompter{engine.Lean(p, s.hotMemory().Moves())})
}

// next returns the current prompt, as people read it; see Rules.Next.
func next(s *State) engine.Prompt[Command] {
	var p engine.Prompt[Command]
	writePrompt(s, &prompter{engine.Writer[Command]{P: &p}})
	return p
}
