package tempo

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Destination: where a Combat Move critical or a Retreat takes its
// combatant (R16, R29); nil To stays put.
type Destination struct {
	To *Square `json:"to,omitempty"`
}

// Chose: a destination chosen after resolution (R16, R29); To is nil for
// staying put.
type Chose struct {
	Combatant string   `json:"combatant"`
	To        *Square  `json:"to,omitempty"`
	Path      []Square `json:"path,omitempty"`
}

// DestinationsPending: after resolution, these combatants choose where
// they move, in order (R16, R29).
type DestinationsPending struct {
	Choices []Choice `json:"choices"`
}

func (*Destination) isCommand() {}

var (
	destinationKind         = engine.Add[Destination](commands, "destination")
	choseKind               = engine.Add[Chose](events, "chose")
	destinationsPendingKind = engine.Add[DestinationsPending](events, "destinations_pending")
)

func (d *decider) destination(c *Destination) error {
	x := d.s.Exchange
	if x == nil || !x.Resolved || len(x.Choices) == 0 {
		return notNow(d.s, "choosing a destination")
	}
	ch := x.Choices[0]
	who := d.s.combatant(ch.Combatant)
	if c.To == nil {
		d.emit(engine.New(d.h.arena(), choseKind, Chose{Combatant: who.ID}))
		d.settle()
		return nil
	}
	squares, r := d.s.destinations(ch, d.work)
	if !slices.Contains(squares, *c.To) {
		return refuse("%s cannot end its %s on %v; %s", who.ID, choiceName(ch.Kind), *c.To, choiceRule(ch.Kind))
	}
	e := Chose{Combatant: who.ID, To: engine.New(d.h.arena(), stepSquareMem, *c.To)}
	buf := engine.Buffer(d.h.arena(), stepSquareMem)
	start := len(*buf)
	*buf = r.appendPath(*buf, *c.To)
	if n := len(*buf); n > start {
		e.Path = (*buf)[start:n:n]
	}
	d.emit(engine.New(d.h.arena(), choseKind, e))
	d.settle()
	return nil
}

// destinations are the squares a pending choice may end on, nearest
// first, and the search that reached them (R16, R29); with h set, both are
// h's working memory.
func (s *State) destinations(ch Choice, h *searchMemory) ([]Square, *reach) {
	c := s.combatant(ch.Combatant)
	o := s.combatant(ch.Opponent)
	var r *reach
	var out []Square
	if h != nil {
		r, out = h.reach(s, c, c.BCM), h.candSquares[:0]
	} else {
		r = s.reachable(c, c.BCM, nil)
	}
	for _, q := range r.order {
		if s.occupied(c, q) {
			continue
		}
		from, to := Dist(c.At, o.At), Dist(q, o.At)
		switch ch.Kind {
		case "retreat":
			if parts.Abs(to-from) > 1 {
				continue
			}
		case "retreat-critical":
			if to <= from {
				continue
			}
		}
		out = append(out, q)
	}
	if h != nil {
		h.candSquares = out
	}
	return out, r
}

func choiceName(kind string) string {
	if kind == "combat-move-critical" {
		return "combat move"
	}
	return "retreat"
}

func choiceRule(kind string) string {
	switch kind {
	case "retreat":
		return "a retreat moves up to the BCM, one square nearer or farther from the opponent at most (R29)"
	case "retreat-critical":
		return "a hasty withdrawal moves up to the BCM, ending farther from the opponent (R29)"
	}
	return "a critical combat move goes anywhere within the BCM (R16)"
}

func (e *Chose) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil && e.To != nil {
		c.At = *e.To
	}
	if x := s.Exchange; x != nil && len(x.Choices) > 0 {
		x.Choices = x.Choices[1:]
	}
}

func (e *DestinationsPending) apply(s *State, h *hotMemory) {
	if x := s.Exchange; x != nil {
		if h == nil {
			x.Choices = slices.Clone(e.Choices)
		} else {
			x.Choices = append(x.Choices[:0], e.Choices...)
		}
	}
}

func (e *DestinationsPending) describe(_ *State) string {
	names := make([]string, len(e.Choices))
	for i, c := range e.Choices {
		names[i] = c.Combatant
	}
	return strings.Join(names, " and ") + " to choose where to move"
}

func (e *Chose) describe(s *State) string {
	if e.To == nil {
		return e.Combatant + " stays put"
	}
	return fmt.Sprintf("%s moves to %v", e.Combatant, *e.To)
}
