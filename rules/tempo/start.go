package tempo

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine"
)

// Start is tempo's starting state: the "start:" key of an encounter or
// scenario file, for a fight that begins part-way through, initiative
// already rolled (see engine.StartingState). Binds, grapples and pins are
// the combatants' own keys (bound_with, grappling, pinned_by), as at the
// start of a fight.
type Start struct {
	Round      int                       `yaml:"round" min:"0" max:"10000" doc:"the rounds already completed (R02; 0: the first round)"`
	Order      []string                  `yaml:"order" max:"100" doc:"the initiative order, every combatant present once (default: roster order); no initiative is rolled"`
	Turn       string                    `yaml:"turn" doc:"whose turn it is: a combatant standing (default the first standing in order)"`
	Combatants map[string]CombatantStart `yaml:"combatants" max:"100" doc:"each combatant's condition, by id; those left out are as their stat block says"`
}

// CombatantStart is one combatant's condition in a starting state.
type CombatantStart struct {
	Health     *int   `yaml:"health" min:"-1000" max:"1000" doc:"health now, at most 10 + 2 x toughness; 0 or less starts the combatant Down, -(5 + toughness) or less dead (R38)"`
	AP         *int   `yaml:"ap" min:"0" max:"12" doc:"action points left (default the stat block's, else 12)"`
	Status     string `yaml:"status" enum:"off-guard,on-guard" doc:"off-guard or on-guard (binds and grapples: bound_with, grappling, pinned_by in the stat block)"`
	Aimed      string `yaml:"aimed" doc:"the melee or ranged weapon an Aim succeeded with, for the combatant whose turn it is (R14)"`
	Initiative int    `yaml:"initiative" min:"0" max:"1000" doc:"the initiative total rolled; start.order decides who acts when, and a late joiner takes its place by comparing these totals"`
}

// StartingState returns the spec's starting state for the loader to
// decode "start:" into; see engine.StartingState.
func (sp *Spec) StartingState() any { return &sp.Begin }

// given reports whether the file has a "start:" at all.
func (st *Start) given() bool {
	return st.Round != 0 || st.Order != nil || st.Turn != "" || st.Combatants != nil
}

// applyStart sets up state s, fresh from the spec, as the starting state
// says, reporting problems with bad. It draws no dice: the fight is under
// way, the turn of st.Turn begun.
func (st *Start) applyStart(s *State, bad func(path, format string, args ...any)) {
	for _, id := range slices.Sorted(maps.Keys(st.Combatants)) {
		cs := st.Combatants[id]
		at := "start.combatants." + id
		c := s.combatant(id)
		if c == nil {
			bad(at, "no combatant %q; combatants: %s", id, rosterOf(s))
			continue
		}
		if cs.Health != nil {
			if *cs.Health > c.MaxHealth {
				bad(at+".health", "%d is above the maximum %d (10 + 2 x toughness)", *cs.Health, c.MaxHealth)
			}
			c.Health = *cs.Health
			c.Down = c.Health <= 0
			c.Dead = c.Health <= -(5 + c.Toughness)
		}
		if cs.AP != nil {
			c.AP = *cs.AP
		}
		if cs.Status != "" {
			if c.Status != OffGuard && c.Status != OnGuard {
				bad(at+".status", "%s is %s by the stat block's bind or grapple; leave status out", id, c.Status)
			} else {
				c.Status = Status(cs.Status)
			}
		}
		c.Initiative = cs.Initiative
		if cs.Aimed != "" {
			if w, ok := c.weapon(cs.Aimed); !ok {
				bad(at+".aimed", "%s wields no %q", id, cs.Aimed)
			} else if !fits(Aim, w.Kind) {
				bad(at+".aimed", "an Aim is made with a melee or ranged weapon, not %s", cs.Aimed)
			}
			c.Aimed = cs.Aimed
		}
	}
	for _, c := range s.Combatants {
		if c.Down && (c.BoundWith != "" || len(c.GrappledWith) > 0) {
			bad("start.combatants."+c.ID+".health", "%s starts Down, and a bind or grapple with one Down has ended (R34); leave its bound_with, grappling and pinned_by out, and its partners'", c.ID)
		}
	}
	s.Round, s.Started = st.Round, true
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Present = c.Joins <= st.Round
	}
	if st.Order == nil {
		for _, c := range s.Combatants {
			if c.Present {
				s.Order = append(s.Order, c.ID)
			}
		}
	} else {
		for i, id := range st.Order {
			c := s.combatant(id)
			switch {
			case c == nil:
				bad(fmt.Sprintf("start.order[%d]", i), "no combatant %q; combatants: %s", id, rosterOf(s))
			case slices.Index(st.Order, id) != i:
				bad(fmt.Sprintf("start.order[%d]", i), "%s is in the order twice", id)
			case !c.Present:
				bad(fmt.Sprintf("start.order[%d]", i), "%s joins after round %d, not yet", id, c.Joins)
			}
		}
		for _, c := range s.Combatants {
			if c.Present && !slices.Contains(st.Order, c.ID) {
				bad("start.order", "%s is in the fight but not in the order", c.ID)
			}
		}
		s.Order = slices.Clone(st.Order)
	}
	s.Turn = slices.IndexFunc(s.Order, func(id string) bool { c := s.combatant(id); return c != nil && c.standing() })
	if st.Turn != "" {
		s.Turn = slices.Index(s.Order, st.Turn)
		switch c := s.combatant(st.Turn); {
		case c == nil || s.Turn < 0:
			bad("start.turn", "%q is not in the initiative order: %s", st.Turn, strings.Join(s.Order, ", "))
		case !c.Present:
			bad("start.turn", "%s has not joined the fight yet", st.Turn)
		case !c.standing():
			bad("start.turn", "%s is Down and takes no turn", st.Turn)
		}
	}
	if s.Turn < 0 {
		bad("start.combatants", "nobody is standing, so nobody has a turn")
		s.Turn = 0
		return
	}
	s.InTurn = true
	for _, c := range s.Combatants {
		if c.Aimed != "" && c.ID != s.Order[s.Turn] {
			bad("start.combatants."+c.ID+".aimed", "an Aim lasts only within its turn, and it is %s's turn", s.Order[s.Turn])
		}
	}
	if c := s.active(); c != nil && !s.canGoOn(c, nil) {
		// In play this turn would end by itself before anyone decides
		// (R02); that draws the Recover Stamina die, which a starting
		// state does not, so the fight waits for the GM's ruling.
		s.Stalled = true
	}
}

// rosterOf lists the combatants' ids, for messages.
func rosterOf(s *State) string { return strings.Join(Rules{}.Roster(s), ", ") }

var _ engine.StartingState = (*Spec)(nil)
