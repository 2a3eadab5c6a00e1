package tempo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
)

// next says who decides what now (spec §7).
func next(s *State) engine.Prompt[Command] {
	switch {
	case s.Ended:
		return engine.Prompt[Command]{Kind: engine.End, Question: "the fight is over", Default: -1, Winner: s.Winner}
	case !s.Started:
		return engine.Prompt[Command]{Kind: engine.Ruling, Actor: engine.GM, Default: 0,
			Question: "roll initiative and begin the fight?",
			Options:  []engine.Option[Command]{{Label: "begin: everyone rolls initiative", Command: &Begin{}}}}
	}
	x := s.Exchange
	switch {
	case x != nil && x.Asked < len(x.Candidates):
		return reactionPrompt(s, s.combatant(x.Candidates[x.Asked]))
	case x != nil && x.needsCounterTempo():
		actor := s.combatant(x.Actor)
		r := x.Reactions[0]
		// A reply to a reaction, part of resolving the action: React.
		return engine.Prompt[Command]{Kind: engine.React, Actor: actor.ID, Default: 0,
			Question: fmt.Sprintf("%s met the attack with %s: keep the action or replace it?", r.Reactor, rules(r.Action).name),
			Options:  s.counterTempoOptions(actor)}
	case x != nil && len(x.Choices) > 0:
		return destinationPrompt(s, x.Choices[0])
	}
	c := s.active()
	if c == nil {
		// settle always starts the next turn; this is not reached.
		return engine.Prompt[Command]{Kind: engine.End, Question: "no turn is under way", Default: -1}
	}
	var opts []engine.Option[Command]
	for _, o := range s.declareOptions(c) {
		d := o.declare
		opts = append(opts, engine.Option[Command]{Label: declareLabel(&d) + " (" + strconv.Itoa(o.paid) + " AP)", Command: &d})
	}
	opts = append(opts, engine.Option[Command]{Label: "end the turn and recover stamina", Command: &EndTurn{}})
	return engine.Prompt[Command]{Kind: engine.Act, Actor: c.ID, Default: -1,
		Question: fmt.Sprintf("round %d, %s's turn (%d AP, %s): declare an action or end the turn", s.Round+1, c.ID, c.AP, c.Status),
		Options:  opts}
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
		return c.ID, engine.Act
	}
	return "", engine.End
}

func reactionPrompt(s *State, r *Combatant) engine.Prompt[Command] {
	x := s.Exchange
	var opts []engine.Option[Command]
	for _, o := range s.reactionOptions(r) {
		o := o
		rule := rules(o.Action)
		cost := rule.ap
		label := rule.name
		if rule.byWeapon {
			w, _ := r.weapon(o.Weapon)
			cost = w.AP
			label += " with " + w.Name
		}
		opts = append(opts, engine.Option[Command]{Label: label + " (" + strconv.Itoa(cost) + " AP)", Command: &o})
	}
	opts = append(opts, engine.Option[Command]{Label: "no reaction", Command: &NoReaction{}})
	return engine.Prompt[Command]{Kind: engine.React, Actor: r.ID, Default: -1,
		Question: fmt.Sprintf("%s declares %s: %s's reaction (%d AP)?", x.Actor, publicDescription(x), r.ID, r.AP),
		Options:  opts}
}

// publicDescription says what was declared, as everyone sees it.
func publicDescription(x *Exchange) string {
	d := x.Act
	return declareLabel(&Declare{Action: public(d.Action), Target: d.Target, Weapon: d.Weapon, Path: d.Path})
}

func destinationPrompt(s *State, ch Choice) engine.Prompt[Command] {
	c := s.combatant(ch.Combatant)
	squares, _ := s.destinations(ch)
	slices.SortFunc(squares, func(p, q Square) int {
		if p.Y != q.Y {
			return p.Y - q.Y
		}
		return p.X - q.X
	})
	var opts []engine.Option[Command]
	// A critical Combat Move may choose a new destination (R16); left to
	// the default, it ends where it was declared to, as a success would.
	declared, keep := Square{}, false
	if x := s.Exchange; ch.Kind == "combat-move-critical" && x != nil && len(x.Act.Path) > 0 {
		declared = x.Act.Path[len(x.Act.Path)-1]
		keep = slices.Contains(squares, declared)
	}
	if keep {
		opts = append(opts, engine.Option[Command]{Label: "move to " + declared.String() + " as declared", Command: &Destination{To: &declared}})
	}
	opts = append(opts, engine.Option[Command]{Label: "stay at " + c.At.String(), Command: &Destination{}})
	for _, q := range squares {
		q := q
		if keep && q == declared {
			continue
		}
		opts = append(opts, engine.Option[Command]{Label: "move to " + q.String(), Command: &Destination{To: &q}})
	}
	// Part of resolving the action, for the actor too: React.
	return engine.Prompt[Command]{Kind: engine.React, Actor: c.ID, Default: 0,
		Question: fmt.Sprintf("%s: where does the %s end? (%s)", c.ID, choiceName(ch.Kind), choiceRule(ch.Kind)),
		Options:  opts}
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
