package blackpowder

import (
	"fmt"
	"slices"

	"fray/engine"
)

// RollInitiative: the group's roller makes the Speed check (R03).
type RollInitiative struct{}

// The kinds of initiative.go's commands and events.
var (
	_                    = engine.Add[RollInitiative](commands, "initiative")
	initiativeRolledKind = engine.Add[InitiativeRolled](events, "initiative_rolled")
	groupJoinedKind      = engine.Add[GroupJoined](events, "group_joined")
)

func (*RollInitiative) isCommand() {}

func (r *run) initiative(who string) error {
	g, roller := r.provedRoll(who) // who rolls, when Moves found it in this very state
	if g == nil {
		var err error
		if g, roller, err = r.roller(who); err != nil {
			return err
		}
	}
	die := r.d10()
	r.emit(engine.New(r.arena(), initiativeRolledKind, InitiativeRolled{Group: g.ID, Roller: roller.ID, Die: die, Total: roller.speed(die)}))
	return nil
}

// roller checks that who may roll initiative now and returns the group it
// rolls for and who it is.
func (r *run) roller(who string) (*Group, *Combatant, error) {
	if r.s.stage() != stageInitiative {
		return nil, nil, engine.Errorf(engine.NotAllowedNow, "initiative has been rolled")
	}
	g := &r.s.Groups[r.s.nextInitiativeGroup()]
	roller := r.s.initiativeRoller(g.ID)
	if !same(who, roller.ID) {
		// Members tied for the lowest Body: the group picks which of
		// them rolls (A02).
		c := r.s.combatant(who)
		if c == nil || c.Status != Active || !same(c.Group, g.ID) || c.Body != roller.Body {
			return nil, nil, engine.Errorf(engine.NotYourTurn, "%s rolls the %s group's initiative, not %s: the lowest Body rolls (Body %d)", roller.Name, g.ID, who, roller.Body)
		}
		roller = c
	}
	return g, roller, nil
}

// nextInitiativeGroup is the next group to roll: the players' first, then
// the others in setup order (§7 step 2).
func (s *State) nextInitiativeGroup() int {
	for i := range s.Groups {
		if g := &s.Groups[i]; g.Players && !g.Rolled && g.present(0) {
			return i
		}
	}
	for i := range s.Groups {
		if g := &s.Groups[i]; !g.Rolled && g.present(0) {
			return i
		}
	}
	return -1
}

// initiativeRoller is the group's lowest-Body active member (R03); of
// members tied for it, the first in the roster, unless another of them
// answers the prompt instead (A02: the group picks, tiedRollers).
func (s *State) initiativeRoller(group string) *Combatant { return s.lowestBody(group, Active) }

// lowestBody is the first in the roster of the group's members of the
// given status with the lowest Body, or nil: who rolls its initiative
// (R03).
func (s *State) lowestBody(group string, status Status) *Combatant {
	var best *Combatant
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Status == status && same(c.Group, group) && (best == nil || c.Body < best.Body) {
			best = c
		}
	}
	return best
}

// tiedRollers appends to out the group's other active members with
// roller's Body, who may roll its initiative instead (A02).
func (s *State) tiedRollers(out []string, roller *Combatant) []string {
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c != roller && c.Status == Active && same(c.Group, roller.Group) && c.Body == roller.Body {
			out = append(out, c.ID)
		}
	}
	return out
}

// initiativeOrder sorts groups by initiative, highest first; a tie goes to
// the group whose roller has more Speed skill, as in every Speed check
// (R02), and a full tie puts the players first, then setup order (A02).
func (s *State) initiativeOrder() []int {
	var order []int
	if s.hot != nil {
		order = s.hot.order[:0] // a Step's: kept until the next one
	} else {
		order = make([]int, 0, len(s.Groups))
	}
	for i, g := range s.Groups {
		if g.Rolled {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ga, gb := &s.Groups[a], &s.Groups[b]
		if ga.Initiative != gb.Initiative {
			return gb.Initiative - ga.Initiative
		}
		if ga.Speed != gb.Speed {
			return gb.Speed - ga.Speed
		}
		if ga.Players != gb.Players {
			if ga.Players {
				return -1
			}
			return 1
		}
		return 0
	})
	if s.hot != nil {
		s.hot.order = order
	}
	return order
}

// join brings a group into the fight at the start of a round: its roller
// makes the Speed check and the group is slotted into the order (R03).
func (r *run) join(gi int) {
	s := r.s
	g := s.Groups[gi]
	roller := s.lowestBody(g.ID, Absent)
	if roller == nil {
		return
	}
	ev := engine.New(r.arena(), groupJoinedKind, GroupJoined{Group: g.ID, Roller: roller.ID, Die: r.d10()})
	ev.Total = roller.speed(ev.Die)
	after := s.scratch()
	after.Groups[gi].Initiative, after.Groups[gi].Rolled, after.Groups[gi].Speed = ev.Total, true, roller.skill(skillSpeed)
	ev.Order = after.initiativeOrder()
	r.emit(ev)
}

// InitiativeRolled: a group's Speed check (R03).
type InitiativeRolled struct {
	Group  string `json:"group"`
	Roller string `json:"roller"`
	Die    int    `json:"die"`
	Total  int    `json:"total"`
}

func (e *InitiativeRolled) apply(s *State, _ *hotMemory) {
	if g := s.group(e.Group); g != nil {
		g.Initiative, g.Rolled, g.Speed = e.Total, true, s.combatant(e.Roller).skill(skillSpeed)
	}
}

func (e *InitiativeRolled) describe(s *State) string {
	return fmt.Sprintf("%s rolls initiative for the %s group: d10=%d → %d", s.name(e.Roller), e.Group, e.Die, e.Total)
}

// GroupJoined: a group arrives at the start of a round, rolls initiative
// (its roller's Speed check) and is slotted into the order (R03).
type GroupJoined struct {
	Group  string `json:"group"`
	Roller string `json:"roller"`
	Die    int    `json:"die"`
	Total  int    `json:"total"`
	Order  []int  `json:"order"`
}

func (e *GroupJoined) apply(s *State, _ *hotMemory) {
	g := s.group(e.Group)
	g.Initiative, g.Rolled, g.Speed = e.Total, true, s.combatant(e.Roller).skill(skillSpeed)
	s.Order = append([]int(nil), e.Order...)
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Group == e.Group && c.Status == Absent {
			c.Status = Active
		}
	}
}

func (e *GroupJoined) describe(s *State) string {
	return fmt.Sprintf("the %s group joins the fight: %s rolls initiative d10=%d → %d", e.Group, s.name(e.Roller), e.Die, e.Total)
}
