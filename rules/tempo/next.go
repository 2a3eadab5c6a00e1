package tempo

import (
	"slices"
	"strconv"
	"strings"

	"fray/engine"
)

// next says who decides what now (spec §7).
func next(s *State) engine.Prompt[Command] {
	var p engine.Prompt[Command]
	writePrompt(s, &prompter{p: &p, work: new(searchMemory)})
	return p
}

// moves writes the current prompt into *p for a policy, without question
// or labels, reusing p's memory and the state's hot memory for its
// commands; see engine.Speed.Moves.
func moves(s *State, p *engine.Prompt[Command]) {
	h := s.hotMemory()
	h.resetCommands()
	*p = engine.Prompt[Command]{Options: p.Options[:0], Others: p.Others[:0]}
	writePrompt(s, &prompter{p: p, hot: h, work: h.search()})
	h.listed = s
}

// writePrompt writes the current prompt with b.
func writePrompt(s *State, b *prompter) {
	p := b.p
	switch {
	case s.Ended:
		p.Kind, p.Default, p.Winner = engine.End, -1, s.Winner
		if b.people() {
			p.Question = "the fight is over"
		}
		return
	case !s.Started:
		p.Kind, p.Actor, p.Default = engine.Ruling, engine.GM, 0
		if b.people() {
			p.Question = "roll initiative and begin the fight?"
		}
		b.add(&Begin{}, "begin: everyone rolls initiative")
		return
	}
	x := s.Exchange
	switch {
	case x != nil && x.Asked < len(x.Candidates):
		reactionPrompt(s, s.combatant(x.Candidates[x.Asked]), b)
		return
	case x != nil && x.needsCounterTempo():
		actor := s.combatant(x.Actor)
		r := x.Reactions[0]
		// A reply to a reaction, part of resolving the action: React.
		p.Kind, p.Actor, p.Default = engine.React, actor.ID, 0
		if b.people() {
			b.askf("%s met the attack with %s: keep the action or replace it?", r.Reactor, rules(r.Action).name)
		}
		writeCounterTempoOptions(s, actor, b)
		return
	case x != nil && len(x.Choices) > 0:
		destinationPrompt(s, x.Choices[0], b)
		return
	}
	c := s.active()
	if s.Stalled && c != nil {
		// A starting state's turn that cannot go on: in play it would
		// have ended by itself (R02); the GM lets it, by default.
		p.Kind, p.Actor, p.Default = engine.Ruling, engine.GM, 0
		if b.people() {
			b.askf("%s can take no action it can afford, or has no opponent standing: its turn ends by itself, with Recover Stamina", c.ID)
		}
		b.add(b.endTurn(), "end ", c.ID, "'s turn: it recovers stamina")
		return
	}
	if c == nil {
		// settle always starts the next turn; this is not reached.
		p.Kind, p.Default = engine.End, -1
		if b.people() {
			p.Question = "no turn is under way"
		}
		return
	}
	offers := s.declareOptions(c, b.work, b.firstOffer(s, c))
	for i := range offers {
		o := &offers[i]
		d := b.declare(&o.declare)
		b.proveDeclare(d, i)
		b.addLabelled(d, func() string { return declareLabel(d) + " (" + strconv.Itoa(o.decl.Paid) + " AP)" })
	}
	b.add(b.endTurn(), "end the turn and recover stamina")
	p.Kind, p.Actor, p.Default = engine.Act, c.ID, -1
	if b.people() {
		b.askf("round %d, %s's turn (%d AP, %s): declare an action or end the turn", s.Round+1, c.ID, c.AP, c.Status)
	}
}

// turnOf says who decides now and what kind of decision it is, as next
// does, without building the prompt: the hot loops of simulation and exact
// odds, and Decide's check of whose decision it is, need no more.
func turnOf(s *State) (actor string, kind engine.PromptKind) {
	switch {
	case s.Ended:
		return "", engine.End
	case !s.Started:
		return engine.GM, engine.Ruling
	}
	x := s.Exchange
	switch {
	case x != nil && x.Asked < len(x.Candidates):
		return x.Candidates[x.Asked], engine.React
	case x != nil && x.needsCounterTempo():
		return x.Actor, engine.React
	case x != nil && len(x.Choices) > 0:
		return x.Choices[0].Combatant, engine.React
	}
	if c := s.active(); c != nil {
		if s.Stalled {
			return engine.GM, engine.Ruling
		}
		return c.ID, engine.Act
	}
	return "", engine.End
}

// reactionPrompt asks r for its reaction to the declared action.
func reactionPrompt(s *State, r *Combatant, b *prompter) {
	x := s.Exchange
	opts := b.reactionOptions(s, r)
	for i := range opts {
		o := &opts[i]
		c := engine.New(b.hot.moveArena(), reactKind, React{Action: o.Action, Weapon: o.Weapon})
		b.proveReact(c, i)
		b.addLabelled(c, func() string {
			if rule := rules(o.Action); rule.byWeapon {
				return rule.name + " with " + o.Weapon + " (" + strconv.Itoa(o.Paid) + " AP)"
			}
			return rules(o.Action).name + " (" + strconv.Itoa(o.Paid) + " AP)"
		})
	}
	b.add(&NoReaction{}, "no reaction")
	b.p.Kind, b.p.Actor, b.p.Default = engine.React, r.ID, -1
	if b.people() {
		b.askf("%s declares %s: %s's reaction (%d AP)?", x.Actor, publicDescription(x), r.ID, r.AP)
	}
}

// publicDescription says what was declared, as everyone sees it.
func publicDescription(x *Exchange) string {
	d := x.Act
	return declareLabel(&Declare{Action: public(d.Action), Target: d.Target, Weapon: d.Weapon, Path: d.Path})
}

// destinationPrompt asks where a pending choice ends.
func destinationPrompt(s *State, ch Choice, b *prompter) {
	c := s.combatant(ch.Combatant)
	squares, _ := s.destinations(ch, b.work)
	slices.SortFunc(squares, func(p, q Square) int {
		if p.Y != q.Y {
			return p.Y - q.Y
		}
		return p.X - q.X
	})
	// A critical Combat Move may choose a new destination (R16); left to
	// the default, it ends where it was declared to, as a success would.
	declared, keep := Square{}, false
	if x := s.Exchange; ch.Kind == "combat-move-critical" && x != nil && len(x.Act.Path) > 0 {
		declared = x.Act.Path[len(x.Act.Path)-1]
		keep = slices.Contains(squares, declared)
	}
	if keep {
		b.addLabelled(b.destination(&declared), func() string { return "move to " + declared.String() + " as declared" })
	}
	b.addLabelled(b.destination(nil), func() string { return "stay at " + c.At.String() })
	for i := range squares {
		if q := &squares[i]; !keep || *q != declared {
			b.addLabelled(b.destination(q), func() string { return "move to " + q.String() })
		}
	}
	// Part of resolving the action, for the actor too: React.
	b.p.Kind, b.p.Actor, b.p.Default = engine.React, c.ID, 0
	if b.people() {
		b.askf("%s: where does the %s end? (%s)", c.ID, choiceName(ch.Kind), choiceRule(ch.Kind))
	}
}

// declareLabel describes a declaration for a menu.
func declareLabel(d *Declare) string {
	r := rules(d.Action)
	var b strings.Builder
	b.WriteString(r.name)
	if d.Target != "" {
		b.WriteString(" " + d.Target)
	}
	if d.Weapon != "" {
		b.WriteString(" with " + d.Weapon)
	}
	if len(d.Path) > 0 {
		b.WriteString(" to " + d.Path[len(d.Path)-1].String())
	}
	return b.String()
}
