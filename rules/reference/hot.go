package reference

import (
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step, ScratchInto and
// ViewInto): the commands Moves lists, the events Step emits and a view's
// copies. It belongs to one state value: Clone leaves it behind,
// ScratchInto and ViewInto keep the destination's own, and it is no part
// of the fight or its JSON. Decide and Evolve, the table's path, never use
// it, so the commands and events a table logs are values of their own.
type hotMemory struct {
	// The commands of the last Moves.
	attacks parts.Pool[Attack]
	feints  parts.Pool[Feint]

	// The events of the last Step, and the dice of its damage.
	attackDeclared parts.Pool[AttackDeclared]
	attackRolled   parts.Pool[AttackRolled]
	defended       parts.Pool[Defended]
	dodged         parts.Pool[Dodged]
	damaged        parts.Pool[Damaged]
	unbalanced     parts.Pool[Unbalanced]
	roundStarted   parts.Pool[RoundStarted]
	ints           []int

	// blow is the pending blow of a state Step changes, reused attack
	// after attack.
	blow Blow
	// weapons holds the weapons of a view's combatants.
	weapons []Weapon
}

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory {
	if s.hot == nil {
		s.hot = new(hotMemory)
	}
	return s.hot
}

// resetEvents frees the events of the last Step.
func (h *hotMemory) resetEvents() {
	h.attackDeclared.Reset()
	h.attackRolled.Reset()
	h.defended.Reset()
	h.dodged.Reset()
	h.damaged.Reset()
	h.unbalanced.Reset()
	h.roundStarted.Reset()
	h.ints = h.ints[:0]
}

// damageDice returns n dice for an event: from hot memory when there is some,
// else a slice of their own.
func damageDice(h *hotMemory, n int) []int {
	if h == nil {
		return make([]int, n)
	}
	start := len(h.ints)
	h.ints = append(h.ints, make([]int, n)...)
	return h.ints[start:len(h.ints):len(h.ints)]
}

func (h *hotMemory) attackDeclaredEvents() *parts.Pool[AttackDeclared] { return &h.attackDeclared }
func (h *hotMemory) attackRolledEvents() *parts.Pool[AttackRolled]     { return &h.attackRolled }
func (h *hotMemory) defendedEvents() *parts.Pool[Defended]             { return &h.defended }
func (h *hotMemory) dodgedEvents() *parts.Pool[Dodged]                 { return &h.dodged }
func (h *hotMemory) damagedEvents() *parts.Pool[Damaged]               { return &h.damaged }
func (h *hotMemory) unbalancedEvents() *parts.Pool[Unbalanced]         { return &h.unbalanced }
func (h *hotMemory) roundStartedEvents() *parts.Pool[RoundStarted]     { return &h.roundStarted }

// copyInto makes *dst a copy of s reusing dst's memory: its combatants and
// its hot memory, which it keeps and where its pending blow goes. With ownWeapons the
// combatants' weapons are copied into dst's hot memory; otherwise they are
// shared with s, which the rules never change.
func copyInto(dst, s *State, ownWeapons bool) {
	combatants, hot := dst.Combatants[:0], dst.hot
	*dst = *s
	dst.hot = hot
	dst.Combatants = append(combatants, s.Combatants...)
	if s.Pending != nil {
		h := dst.hotMemory()
		h.blow = *s.Pending
		dst.Pending = &h.blow
	}
	if !ownWeapons {
		return
	}
	h := dst.hotMemory()
	h.weapons = h.weapons[:0]
	for i := range dst.Combatants {
		c := &dst.Combatants[i]
		if c.Weapons == nil {
			continue
		}
		start := len(h.weapons)
		h.weapons = append(h.weapons, c.Weapons...)
		// Capped, so that appending to one combatant's weapons never
		// writes over the next one's.
		c.Weapons = h.weapons[start:len(h.weapons):len(h.weapons)]
	}
}

// prompter writes a prompt. For people it says everything: the question
// and every option's label. Lean, for a policy (Moves), it leaves both
// out, reuses the memory of the prompt it wrote last, and takes the
// options' commands from the state's hot memory.
type prompter struct {
	p   *engine.Prompt[Command]
	hot *hotMemory // lean when set
}

// people reports whether people will read the prompt: whether to write
// its question.
func (b *prompter) people() bool { return b.hot == nil }

// ask sets the question, words joined, when people will read it.
func (b *prompter) ask(words ...string) {
	if b.people() {
		b.p.Question = strings.Join(words, "")
	}
}

// add appends an option: command c, labelled with words joined when
// people will read it.
func (b *prompter) add(c Command, words ...string) {
	o := engine.Option[Command]{Command: c}
	if b.people() {
		o.Label = strings.Join(words, "")
	}
	b.p.Options = append(b.p.Options, o)
}

// attack returns an Attack for an option.
func (b *prompter) attack(v Attack) *Attack {
	if b.hot == nil {
		a := new(Attack)
		*a = v
		return a
	}
	return b.hot.attacks.Put(v)
}

// feint returns a Feint for an option.
func (b *prompter) feint(v Feint) *Feint {
	if b.hot == nil {
		f := new(Feint)
		*f = v
		return f
	}
	return b.hot.feints.Put(v)
}

// writePrompt writes the current prompt with b; see Rules.Next.
func writePrompt(s *State, b *prompter) {
	p := b.p
	switch nextKind(s) {
	case engine.End:
		p.Kind, p.Default = engine.End, -1
		if s.Phase == Over {
			b.ask("the GM stopped the fight: a draw")
			return
		}
		b.ask("the fight is over: nobody is standing")
		if side, n := standing(s); n == 1 {
			p.Winner = side
			if b.people() {
				p.Question = fmt.Sprintf("the fight is over: the %s side wins", side)
			}
		}
	case engine.Act:
		me := &s.Combatants[s.Turn]
		p.Kind, p.Actor, p.Default = engine.Act, me.ID, -1
		if b.people() {
			p.Question = fmt.Sprintf("round %d, %s's turn: attack, feint or defend?", s.Round, me.ID)
		}
		for i := range s.Combatants {
			t := &s.Combatants[i]
			if !t.Up() || t.Side == me.Side {
				continue
			}
			b.add(b.attack(Attack{Target: t.ID}), "attack ", t.ID)
			for _, w := range me.Weapons[min(1, len(me.Weapons)):] {
				b.add(b.attack(Attack{Target: t.ID, Weapon: w.Name}), "attack ", t.ID, " with ", w.Name)
			}
			b.add(b.feint(Feint{Target: t.ID}), "feint at ", t.ID)
		}
		b.add(&Defend{}, "defend (+", strconv.Itoa(DefendBonus), " defence until your next turn)")
	case engine.React:
		blow := s.Pending
		p.Kind, p.Actor, p.Default = engine.React, blow.Target, -1
		b.ask(blow.Attacker, "'s attack hits ", blow.Target, ": dodge or take it?")
		if !s.Combatant(blow.Target).Dodged {
			b.add(&Dodge{}, "dodge (d6: 5 or 6 avoids the hit)")
		}
		b.add(&Take{}, "take the hit")
	default:
		p.Kind, p.Actor, p.Default = engine.Ruling, engine.GM, 0
		if b.people() {
			p.Question = fmt.Sprintf("round %d is over: does the fight go on?", s.Round)
		}
		b.add(&Continue{}, "continue")
		b.add(&Stop{}, "stop the fight (a draw)")
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
	h := s.hotMemory()
	h.attacks.Reset()
	h.feints.Reset()
	*p = engine.Prompt[Command]{Options: p.Options[:0], Others: p.Others[:0]}
	writePrompt(s, &prompter{p: p, hot: h})
}

// next returns the current prompt, as people read it; see Rules.Next.
func next(s *State) engine.Prompt[Command] {
	var p engine.Prompt[Command]
	writePrompt(s, &prompter{p: &p})
	return p
}
