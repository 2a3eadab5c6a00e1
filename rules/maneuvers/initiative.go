package maneuvers

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// Begin is the GM's start of the fight: surprise (R07), then initiative
// (R05). Sneaking names a side whose every member sneaks, besides those
// the encounter says sneak (§6.2).
type Begin struct {
	Sneaking string `json:"sneaking,omitempty"`
}

// Surprised: a combatant is surprised in round 1 (R07).
type Surprised struct {
	Combatant string `json:"combatant"`
}

// InitiativeRolled: one initiative die, or a tie's roll-off (R05).
type InitiativeRolled struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Mod       int    `json:"mod"`
	Total     int    `json:"total"`
	RollOff   bool   `json:"roll_off,omitempty"`
}

// OrderSet: the initiative order, highest first.
type OrderSet struct {
	Order []string `json:"order"`
}

// The kinds of initiative.go's commands and events.
var (
	beginKind            = engine.Add[Begin](commands, "begin")
	surprisedKind        = engine.Add[Surprised](events, "surprised")
	initiativeRolledKind = engine.Add[InitiativeRolled](events, "initiative_rolled")
	orderSetKind         = engine.Add[OrderSet](events, "order_set")
)

func (*Begin) command() {}

// begin rolls surprise (R07) and initiative (R05) and starts round 1.
func (d *decider) begin(side string) error {
	s := d.s
	if s.Phase != Setup {
		return refuse(engine.NotAllowedNow, "the fight has begun already: %s", waiting(s))
	}
	if side != "" && !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Side == side }) {
		return refuse(engine.Invalid, "no side %q", side)
	}
	d.surprise(side)
	d.initiative()
	d.emit(engine.New(d.h.arena(), roundStartedKind, RoundStarted{Round: 1, Turns: hotStrings(d.h, s.Order)}))
	return nil
}

// surprise rolls R07: each sneaker's Stealth in roster order, then each
// observer's Observation; an observer every hostile sneaker beats is
// Surprised.
func (d *decider) surprise(side string) {
	s := d.s
	var sneakers []int
	for i := range s.Combatants {
		if s.Combatants[i].Sneaking || side != "" && s.Combatants[i].Side == side {
			sneakers = append(sneakers, i)
		}
	}
	if len(sneakers) == 0 {
		return
	}
	// A sneaker may observe too, when sneakers of hostile sides stalk
	// each other: its Stealth and its Observation are kept apart.
	stealth := make([]TestRoll, len(s.Combatants))
	observation := make([]TestRoll, len(s.Combatants))
	for _, i := range sneakers {
		c := &s.Combatants[i]
		stealth[i] = s.roll(d.src, skillCheck(c, Stealth))
		d.emit(engine.New(d.h.arena(), testRolledKind, TestRolled{Combatant: c.ID, Skill: Stealth, For: "surprise", Test: stealth[i]}))
	}
	var observers []int
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if slices.ContainsFunc(sneakers, func(j int) bool { return hostile(&s.Combatants[j], o) }) {
			observers = append(observers, i)
			observation[i] = s.roll(d.src, skillCheck(o, Observation))
			d.emit(engine.New(d.h.arena(), testRolledKind, TestRolled{Combatant: o.ID, Skill: Observation, For: "surprise", Test: observation[i]}))
		}
	}
	for _, i := range observers {
		o := &s.Combatants[i]
		all := true
		for _, j := range sneakers {
			if hostile(&s.Combatants[j], o) && !beats(stealth[j], observation[i]) {
				all = false
			}
		}
		if all {
			d.emit(engine.New(d.h.arena(), surprisedKind, Surprised{Combatant: o.ID}))
		}
	}
}

// initMod is a combatant's initiative modifier (R05, A10).
func initMod(c *Combatant) int {
	if c.PC && c.Initiative != nil {
		return *c.Initiative
	}
	return c.Per
}

// initiative rolls R05: a d6 each in roster order; ties go to the higher
// modifier, then to d6 roll-offs in roster order, repeated until broken.
func (d *decider) initiative() {
	s := d.s
	n := len(s.Combatants)
	type entry struct {
		id         string
		total, mod int
		offs       []int
	}
	es := make([]entry, n)
	for i := range s.Combatants {
		c := &s.Combatants[i]
		die := d.src.Roll(6)
		m := initMod(c)
		es[i] = entry{id: c.ID, total: die + m, mod: m}
		d.emit(engine.New(d.h.arena(), initiativeRolledKind, InitiativeRolled{Combatant: c.ID, Die: die, Mod: m, Total: die + m}))
	}
	tied := func(a, b *entry) bool {
		return a.total == b.total && a.mod == b.mod && slices.Equal(a.offs, b.offs)
	}
	for {
		// Find every combatant still tied with another, in roster order.
		var again []int
		for i := range es {
			for j := range es {
				if i != j && tied(&es[i], &es[j]) {
					again = append(again, i)
					break
				}
			}
		}
		if len(again) == 0 {
			break
		}
		for _, i := range again {
			die := d.src.Roll(6)
			es[i].offs = append(es[i].offs, die)
			d.emit(engine.New(d.h.arena(), initiativeRolledKind, InitiativeRolled{Combatant: es[i].id, Die: die, Total: die, RollOff: true}))
		}
	}
	slices.SortStableFunc(es, func(x, y entry) int {
		return cmp.Or(y.total-x.total, y.mod-x.mod, slices.Compare(y.offs, x.offs))
	})
	ids := make([]string, n)
	for i := range es {
		ids[i] = es[i].id
	}
	d.emit(engine.New(d.h.arena(), orderSetKind, OrderSet{Order: ids}))
}

// turnOrder is the next round's order: the initiative order, or this
// round's with its delays when they persist (A11).
func (d *decider) turnOrder() []string {
	if d.s.Options.DelayPersists && len(d.s.Turns) == len(d.s.Order) {
		return hotStrings(d.h, d.s.Turns)
	}
	return hotStrings(d.h, d.s.Order)
}

func (e *Surprised) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Surprised = true
	}
}

func (e *InitiativeRolled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && !e.RollOff {
		c.Init = e.Total
	}
}

func (e *OrderSet) apply(s *State, _ *hotMemory) { s.Order = slices.Clone(e.Order) }

func (e *Surprised) describe(_ *State) string {
	return e.Combatant + " is surprised: no turn and no reactions in round 1"
}

func (e *InitiativeRolled) describe(s *State) string {
	if e.RollOff {
		return fmt.Sprintf("%s rolls d6=%d to break an initiative tie", e.Combatant, e.Die)
	}
	return fmt.Sprintf("%s rolls initiative: d6=%d%+d = %d", e.Combatant, e.Die, e.Mod, e.Total)
}

func (e *OrderSet) describe(_ *State) string {
	return "initiative order: " + strings.Join(e.Order, ", ")
}
