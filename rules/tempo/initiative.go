package tempo

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Begin: the GM rolls initiative and the fight begins (R04).
type Begin struct{}

// InitiativeRolled: a combatant's initiative die (R04); RollOff marks a
// die that breaks a tie.
type InitiativeRolled struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Total     int    `json:"total"`
	RollOff   bool   `json:"roll_off,omitempty"`
}

// OrderSet: the initiative order, fixed for the fight (R04).
type OrderSet struct {
	Order []string `json:"order"`
}

// Joined: a late joiner rolls initiative and takes its place in the order
// (R04, G8).
type Joined struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Total     int    `json:"total"`
	Position  int    `json:"position"`
	// At is where it arrives when someone standing holds its own square:
	// the nearest free one (G8); nil when it arrives on its own.
	At *Square `json:"at,omitempty"`
}

func (*Begin) isCommand() {}

var (
	_                    = engine.Add[Begin](commands, "begin")
	initiativeRolledKind = engine.Add[InitiativeRolled](events, "initiative_rolled")
	orderSetKind         = engine.Add[OrderSet](events, "order_set")
	joinedKind           = engine.Add[Joined](events, "joined")
)

func (d *decider) begin() error {
	if d.s.Started {
		return notNow(d.s, "begin")
	}
	d.rollInitiative()
	d.startTurn(0)
	d.settle()
	return nil
}

// rollInitiative draws d10 + athletics for each combatant present at the
// start, in roster order, and breaks ties by athletics, then by roll-offs
// (R04).
func (d *decider) rollInitiative() {
	type entry struct {
		id               string
		total, athletics int
		offs             []int
	}
	var esBuf [8]entry // on the stack for a usual fight
	es := esBuf[:0]
	for i := range d.s.Combatants {
		c := &d.s.Combatants[i]
		if c.Joins > 0 {
			continue
		}
		die := d.src.Roll(10)
		e := entry{id: c.ID, total: die + c.Athletics, athletics: c.Athletics}
		d.emit(engine.New(d.h.arena(), initiativeRolledKind, InitiativeRolled{Combatant: c.ID, Die: die, Total: e.total}))
		es = append(es, e)
	}
	// compare orders entries by total, athletics, then roll-offs.
	compare := func(a, b *entry) int {
		if a.total != b.total {
			return cmp.Compare(a.total, b.total)
		}
		if a.athletics != b.athletics {
			return cmp.Compare(a.athletics, b.athletics)
		}
		return slices.Compare(a.offs, b.offs)
	}
	var leadersBuf [8]int
	leaders := append(leadersBuf[:0], make([]int, len(es))...) // the first entry of each one's tie
	for {
		for i := range es {
			leaders[i] = i
			for j := range i {
				if compare(&es[j], &es[i]) == 0 {
					leaders[i] = leaders[j]
					break
				}
			}
		}
		tied := false
		for i := range es {
			if leaders[i] != i || !slices.Contains(leaders[i+1:], i) {
				continue
			}
			tied = true
			for k := i; k < len(es); k++ {
				if leaders[k] == i {
					die := d.src.Roll(10)
					es[k].offs = append(es[k].offs, die)
					d.emit(engine.New(d.h.arena(), initiativeRolledKind, InitiativeRolled{Combatant: es[k].id, Die: die, Total: die, RollOff: true}))
				}
			}
		}
		if !tied {
			break
		}
	}
	slices.SortStableFunc(es, func(a, b entry) int { return compare(&b, &a) })
	ids := engine.Buffer(d.h.arena(), stepIDMem)
	start := len(*ids)
	for _, e := range es {
		*ids = append(*ids, e.id)
	}
	order := (*ids)[start:len(*ids):len(*ids)]
	d.emit(engine.New(d.h.arena(), orderSetKind, OrderSet{Order: order}))
}

// join brings in the late joiners due after this round: each rolls d10 +
// athletics and takes its place in the order, after those who rolled
// higher or tied (R04, G8).
func (d *decider) join() {
	for i := range d.s.Combatants {
		c := &d.s.Combatants[i]
		if c.Present || !parts.JoinsAfter(c.Joins, d.s.Round) {
			continue
		}
		die := d.src.Roll(10)
		total := die + c.Athletics
		pos := len(d.s.Order)
		for i, id := range d.s.Order {
			o := d.s.combatant(id)
			if o.Initiative < total || (o.Initiative == total && o.Athletics < c.Athletics) {
				pos = i
				break
			}
		}
		e := Joined{Combatant: c.ID, Die: die, Total: total, Position: pos}
		if d.s.occupied(c, c.At) {
			q := d.s.nearestFree(c)
			e.At = &q
		}
		d.emit(engine.New(d.h.arena(), joinedKind, e))
	}
}

// nearestFree is the free square nearest c's own: of those at the least
// distance, the first row by row, each from left to right. A late joiner
// whose square someone standing holds arrives there (G8, R40).
func (s *State) nearestFree(c *Combatant) Square {
	for r := 1; ; r++ {
		for y := c.At.Y - r; y <= c.At.Y+r; y++ {
			for x := c.At.X - r; x <= c.At.X+r; x++ {
				q := Square{X: x, Y: y}
				if Dist(q, c.At) == r && !s.occupied(c, q) {
					return q
				}
			}
		}
	}
}

func (e *InitiativeRolled) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil && !e.RollOff {
		c.Initiative = e.Total
	}
}

func (e *OrderSet) apply(s *State, h *hotMemory) {
	if h == nil {
		s.Order = slices.Clone(e.Order)
	} else {
		s.Order = append(h.order[:0], e.Order...)
		h.order = s.Order
	}
	s.Started = true
	s.Turn = 0
	for i := range s.Combatants {
		if s.Combatants[i].Joins == 0 {
			s.Combatants[i].Present = true
		}
	}
}

func (e *Joined) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil {
		c.Present = true
		c.Initiative = e.Total
		if e.At != nil {
			c.At = *e.At
		}
		s.Order = slices.Insert(s.Order, min(max(e.Position, 0), len(s.Order)), e.Combatant)
	}
}

func (e *InitiativeRolled) describe(s *State) string {
	if e.RollOff {
		return fmt.Sprintf("%s rolls d10=%d to break the initiative tie", e.Combatant, e.Die)
	}
	return fmt.Sprintf("%s rolls initiative: d10=%d + athletics = %d", e.Combatant, e.Die, e.Total)
}

func (e *OrderSet) describe(_ *State) string {
	return "initiative order: " + strings.Join(e.Order, ", ")
}

func (e *Joined) describe(s *State) string {
	line := fmt.Sprintf("%s joins the fight: initiative d10=%d + athletics = %d", e.Combatant, e.Die, e.Total)
	if e.At != nil {
		line += fmt.Sprintf(", arriving at %v, the nearest free square to its own", *e.At)
	}
	return line
}
