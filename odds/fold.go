package odds

import (
	"fmt"

	"fray/dice"
	"fray/engine"
)

// Rulings folded into the decision before them. A GM ruling left to its
// default (a knockdown after a hit, a modifier of the terrain) is no
// choice: the path that meets it goes on with the default in the same
// decision's dice path, rather than stopping at a situation of its own
// to be keyed, copied, answered and resolved at the next level. A vigor
// attack's hundred damage results, each followed by the GM's knockdown
// ruling, are then a hundred paths that end at the next turn, not a
// hundred situations. The odds are the same; the paths and situations
// counted are fewer, and a ruling is listed among the prompts answered
// when the decision before it is resolved.

// ruling is a GM ruling answered by its default on the way: who ruled,
// the command and its label, and the question of the first such prompt
// met in the decision by the worker.
type ruling struct {
	actor, command, label, question string
}

// fold answers by their defaults the rulings the path meets after its
// decision, in l.after, stepping on from each in the same path with the
// same dice; it appends the tags they say to said and adds their damage to
// l.took, and keeps them in l.rulings. It stops at anything else: a
// prompt that is a choice, a new turn, the end, a merge point (ps paused)
// the most prompts a resolution may answer (Options.MaxSteps), which are
// counted as if each ruling were a situation of its own, or a ruling the
// ruleset forgets something for (engine.Forgetting), which is better
// merged with the others alike.
func (k *calc[S, C, E]) fold(l *leaves[S, C, E], n *node[S], src dice.Source, ps *pausing[C], said []string) ([]string, error) {
	l.rulings = l.rulings[:0]
	if k.opts.unfolded {
		return said, nil
	}
	for steps := n.steps + 1; steps <= k.opts.MaxSteps; steps++ {
		if ps != nil && ps.paused {
			break
		}
		var kind engine.PromptKind
		if k.speed != nil {
			kind = k.speed.NextKind(&l.after)
		} else {
			kind = engine.NextKind(k.g, &l.after)
		}
		if kind != engine.Ruling {
			break
		}
		k.moves(&l.after, &l.moves)
		p := &l.moves
		if p.Default < 0 || p.Default >= len(p.Options) {
			break
		}
		cmd := p.Options[p.Default].Command
		if k.forgets && engine.Forgets(k.g, &l.after, p.Actor, cmd) {
			// A ruling that forgets something is gathered with those
			// alike at the next level and resolved once for all of
			// them (calc.gather), rather than once a path.
			break
		}
		r := l.ruling(k, p.Actor, cmd)
		var events []E
		var err error
		if k.speed != nil {
			k.speed.ScratchInto(&l.ruled, &l.after)
			events, err = k.speed.Step(&l.ruled, p.Actor, cmd, src, l.events[:0])
		} else {
			engine.ScratchInto(k.g, &l.ruled, &l.after)
			events, err = engine.Step(k.g, &l.ruled, p.Actor, cmd, src, l.events[:0])
		}
		keep(&l.events, events)
		if err != nil {
			return said, fmt.Errorf("the %s's default ruling %q met on the way: %w", r.actor, r.command, err)
		}
		said = k.sum.Outcome(&l.after, k.actor, events, &l.ruled, said, l.took)
		l.after, l.ruled = l.ruled, l.after
		l.rulings = append(l.rulings, r)
	}
	return said, nil
}

// ruling returns the ruling of who's default cmd at the prompt l.after
// waits for, the same one for every path of the decision that meets it:
// the prompt in full (its question and labels) is asked for once.
func (l *leaves[S, C, E]) ruling(k *calc[S, C, E], who string, cmd C) *ruling {
	command := k.g.FormatCommand(cmd)
	key := who + "\x1f" + command
	if r, ok := l.known[key]; ok {
		return r
	}
	p := k.g.Next(&l.after)
	r := &ruling{actor: who, command: command, question: p.Question}
	for _, o := range p.Options {
		if k.g.FormatCommand(o.Command) == command {
			r.label = o.Label
			break
		}
	}
	if l.known == nil {
		l.known = map[string]*ruling{}
	}
	l.known[key] = r
	return r
}

// ruled records that ruling r was answered by its default with
// probability w, as answered records the prompts of the situations.
func (k *calc[S, C, E]) ruled(r *ruling, w prob) {
	key := answerKey{actor: r.actor, kind: string(engine.Ruling), command: r.command, by: "ruling default"}
	a, ok := k.answers[key]
	if !ok {
		a = &answer{Answer: Answer{Actor: r.actor, Kind: string(engine.Ruling), Question: r.question, Command: r.command, Label: r.label, By: "ruling default"}}
		k.answers[key] = a
		k.answerOrder = append(k.answerOrder, key)
	}
	a.p.add(w)
}

// ruledP is a ruling answered on the way of a decision, with the
// probability of its paths given the decision: what ruled files, once a
// decision rather than once a result.
type ruledP struct {
	r *ruling
	p prob
}

// addRulings adds to sums the rulings of a result of probability p (given
// its decision), alike rulings together, in the order first met.
func addRulings(sums []ruledP, rulings []*ruling, p prob) []ruledP {
	for _, r := range rulings {
		sums = addRuled(sums, r, p)
	}
	return sums
}

// addRuled adds ruling r, of probability p, to sums.
func addRuled(sums []ruledP, r *ruling, p prob) []ruledP {
	i := 0
	for i < len(sums) && (sums[i].r.actor != r.actor || sums[i].r.command != r.command) {
		i++
	}
	if i == len(sums) {
		sums = append(sums, ruledP{r: r})
	}
	sums[i].p = sums[i].p.add(p)
	return sums
}
