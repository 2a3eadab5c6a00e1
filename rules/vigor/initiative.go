package vigor

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// RollInitiative is the GM rolling initiative for everyone (R08), with
// the situational dice the GM gives some of them (§6, default none).
type RollInitiative struct {
	Extra []ExtraDice `json:"extra,omitempty"`
}

// The kinds of initiative.go's command and events.
var (
	rollInitiativeKind   = engine.Add[RollInitiative](commands, "initiative")
	initiativeRolledKind = engine.Add[InitiativeRolled](events, "initiative_rolled")
	joinedKind           = engine.Add[Joined](events, "joined")
)

func (*RollInitiative) command() {}

// ExtraDice are situational bonus dice for one creature's roll.
type ExtraDice struct {
	Combatant string `json:"combatant"`
	Dice      int    `json:"dice"`
}

// rollInitiative checks the GM's situational dice and rolls everyone's
// initiative (R08).
func (d *decider) rollInitiative(c *RollInitiative) error {
	if err := d.want(Initiative, "roll initiative"); err != nil {
		return err
	}
	for _, x := range c.Extra {
		switch t := d.s.Combatant(x.Combatant); {
		case t == nil:
			return d.s.unknown(x.Combatant)
		case t.Object:
			return invalid("%s is an object and rolls no initiative", t.ID)
		case t.Dead || t.Escaped:
			return refuse("%s is %s and rolls no initiative (R08)", t.ID, conditionOf(t))
		case t.Away:
			return refuse("%s joins after round %d and rolls its initiative then (R08)", t.ID, t.Joins)
		case x.Dice < 0 || x.Dice > 20:
			return invalid("situational dice are 0 to 20, not %d", x.Dice)
		}
	}
	d.initiative(c.Extra)
	return nil
}

// InitiativeRolled: everyone rolled initiative, giving the order.
type InitiativeRolled struct {
	Rolls []InitRoll `json:"rolls"`
	Order []string   `json:"order"`
}

// apply records the initiative order and everyone's initiative; the
// first turn starts next.
func (e *InitiativeRolled) apply(s *State, _ *hotMemory) {
	s.Order = slices.Clone(e.Order)
	for _, r := range e.Rolls {
		if c := s.Combatant(r.Combatant); c != nil {
			c.Initiative = r.Roll.Total
		}
	}
	s.Turn, s.Phase = -1, Acting
}

func (e *InitiativeRolled) describe(*State) string {
	parts := make([]string, len(e.Rolls))
	for i, r := range e.Rolls {
		parts[i] = r.Combatant + " " + r.Roll.String()
		if len(r.Rerolls) > 0 {
			rolls := make([]string, len(r.Rerolls))
			for j, d := range r.Rerolls {
				rolls[j] = fmt.Sprintf("d20=%d", d)
			}
			parts[i] += " (tie rerolled: " + strings.Join(rolls, ", then ") + ")"
		}
	}
	return "initiative: " + strings.Join(parts, "; ") + "; order " + strings.Join(e.Order, ", ")
}

// InitRoll is one creature's initiative (R08, A10).
type InitRoll struct {
	Combatant string `json:"combatant"`
	Roll      Roll   `json:"roll"`
	// Rerolls are the d20s of tie-breaks (A10), in order.
	Rerolls []int `json:"rerolls,omitempty"`
}

// initiative rolls everyone's initiative (R08, R09, A10).
func (d *decider) initiative(extra []ExtraDice) {
	s := d.s
	e := engine.New(d.h.arena(), initiativeRolledKind, InitiativeRolled{})
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Object || c.Away || c.Dead || c.Escaped {
			continue // no turns to order: only those in the fight roll (R08)
		}
		n := c.InitDice
		if c.Role == "overwatch" && c.Watch != "" && c.Watch == s.Scene.Approach {
			n++
		}
		for _, x := range extra {
			if x.Combatant == c.ID {
				n += x.Dice
			}
		}
		e.Rolls = append(e.Rolls, InitRoll{Combatant: c.ID, Roll: checkRoll(d.src, n, Rank(c.BaseRank(), 0, 0, c.Wounded), 0, 0, d.ints())})
	}
	// Order: total, then Speed, then rerolled d20s among the tied (A10).
	idx := make([]int, len(e.Rolls))
	for i := range idx {
		idx[i] = i
	}
	speed := func(i int) int { return s.Combatant(e.Rolls[i].Combatant).Speed }
	tied := func(a, b int) bool { return e.Rolls[a].Roll.Total == e.Rolls[b].Roll.Total && speed(a) == speed(b) }
	for {
		again := false
		for i := range e.Rolls {
			for j := range e.Rolls {
				if i != j && tied(i, j) && slices.Equal(e.Rolls[i].Rerolls, e.Rolls[j].Rerolls) {
					again = true
				}
			}
		}
		if !again {
			break
		}
		// Every creature still tied with another rerolls, in roster order.
		var reroll []int
		for i := range e.Rolls {
			for j := range e.Rolls {
				if i != j && tied(i, j) && slices.Equal(e.Rolls[i].Rerolls, e.Rolls[j].Rerolls) {
					reroll = append(reroll, i)
					break
				}
			}
		}
		for _, i := range reroll {
			e.Rolls[i].Rerolls = append(e.Rolls[i].Rerolls, d.src.Roll(20))
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ra, rb := e.Rolls[a], e.Rolls[b]
		if ra.Roll.Total != rb.Roll.Total {
			return rb.Roll.Total - ra.Roll.Total
		}
		if speed(a) != speed(b) {
			return speed(b) - speed(a)
		}
		for k := range min(len(ra.Rerolls), len(rb.Rerolls)) {
			if ra.Rerolls[k] != rb.Rerolls[k] {
				return rb.Rerolls[k] - ra.Rerolls[k]
			}
		}
		return 0
	})
	for _, i := range idx {
		e.Order = append(e.Order, e.Rolls[i].Combatant)
	}
	d.emit(e)
}

// Joined: a late joiner arrived and rolled its initiative (R08), taking
// its place in the order.
type Joined struct {
	Combatant string   `json:"combatant"`
	Roll      Roll     `json:"roll"`
	Order     []string `json:"order"`
	// At is where it arrives when a creature holds its own square then:
	// the nearest free one; nil when it arrives on its own (R43).
	At *parts.Cell `json:"at,omitempty"`
}

// apply brings the late joiner in with its initiative and its place in
// the order.
func (e *Joined) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Away = false
		c.Initiative = e.Roll.Total
		if e.At != nil {
			c.X, c.Y = e.At.X, e.At.Y
		}
	}
	s.Order = append(s.Order[:0], e.Order...)
}

func (e *Joined) describe(*State) string {
	line := fmt.Sprintf("%s joins the fight: initiative %s; order %s", e.Combatant, e.Roll, strings.Join(e.Order, ", "))
	if e.At != nil {
		line += fmt.Sprintf("; arriving at %s, the nearest free square to its own", *e.At)
	}
	return line
}

// arrival is where late joiner c arrives: its own square, or, when a
// creature stands closer than SpaceFt to it then, the free square nearest
// it, off every wall: of the nearest ring around its own with one, the
// first row by row from the south, each from west to east (R43; ours). ok
// is false when its own square is free.
func (s *State) arrival(c *Combatant) (at parts.Cell, ok bool) {
	own := c.cell()
	if s.free(own, c.ID) {
		return own, false
	}
	for r := 1; r <= 1000; r++ {
		for y := own.Y - r; y <= own.Y+r; y++ {
			for x := own.X - r; x <= own.X+r; x++ {
				q := parts.Cell{X: x, Y: y}
				if s.distanceTo(c, q) == r && s.free(q, c.ID) && s.clear(x, y, x, y) {
					return q, true
				}
			}
		}
	}
	return own, false
}

// join brings in the late joiners due this round, in roster order: each
// rolls d20 + initiative dice and takes its place in the order after
// every creature with a higher total, or an equal total and as much
// Speed or more (R08; ours for the tie).
func (d *decider) join() {
	s := d.s
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if !c.Away || c.Joins >= s.Round {
			continue
		}
		roll := checkRoll(d.src, c.InitDice, Rank(c.BaseRank(), 0, 0, c.Wounded), 0, 0, d.ints())
		buf := d.strs()
		start := len(*buf)
		placed := false
		for _, id := range s.Order {
			o := s.Combatant(id)
			if !placed && (roll.Total > o.Initiative || roll.Total == o.Initiative && c.Speed > o.Speed) {
				*buf = append(*buf, c.ID)
				placed = true
			}
			*buf = append(*buf, id)
		}
		if !placed {
			*buf = append(*buf, c.ID)
		}
		e := Joined{Combatant: c.ID, Roll: roll, Order: (*buf)[start:len(*buf):len(*buf)]}
		if at, moved := s.arrival(c); moved {
			e.At = &at
		}
		d.emit(engine.New(d.h.arena(), joinedKind, e))
	}
}
