package reference

import (
	"maps"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Start is the reference ruleset's starting state: the "start:" key of an
// encounter or scenario file, for a fight that begins part-way through
// (see engine.StartingState). Everything left out is as at the start of
// the fight.
type Start struct {
	Round      int                       `yaml:"round" min:"1" max:"10000" doc:"the round the fight is in (default 1)"`
	Phase      string                    `yaml:"phase" enum:"act,ruling,over" doc:"what the fight waits for: act (a combatant's turn, the default), ruling (the GM's end-of-round ruling) or over (the GM stopped the fight)"`
	Turn       string                    `yaml:"turn" doc:"whose turn it is, in phase act: a standing combatant (default the first standing)"`
	Combatants map[string]CombatantStart `yaml:"combatants" max:"100" doc:"each combatant's condition, by id; those left out are fresh"`
}

// CombatantStart is one combatant's condition in a starting state.
type CombatantStart struct {
	LP         *int `yaml:"lp" min:"0" max:"1000" doc:"life points now (default the stat block's); 0 starts the combatant down"`
	Defending  bool `yaml:"defending" doc:"defended on their last turn: +4 defence until their next turn starts"`
	OffBalance bool `yaml:"off_balance" doc:"caught by a feint this round: -2 defence until the round ends"`
	Dodged     bool `yaml:"dodged" doc:"has dodged this round already"`
}

// StartingState returns the spec's starting state for the loader to
// decode "start:" into; see engine.StartingState.
func (sp *Spec) StartingState() any { return &sp.Begin }

// applyStart sets up state s, fresh from the spec, as the starting state
// says, reporting problems with bad. It draws no dice.
func (st *Start) applyStart(s *State, bad func(path, format string, args ...any)) {
	for _, id := range slices.Sorted(maps.Keys(st.Combatants)) {
		cs := st.Combatants[id]
		at := "start.combatants." + id
		c := s.Combatant(id)
		if c == nil {
			bad(at, "no combatant %q; combatants: %s", id, s.ids())
			continue
		}
		if cs.LP != nil {
			c.LP = *cs.LP
		}
		if cs.Defending {
			c.Guard = parts.Until(parts.TurnStart, c.ID, 1)
		}
		if cs.OffBalance {
			c.OffBalance = parts.Until(parts.RoundEnd, "", 1)
		}
		c.Dodged = cs.Dodged
		if !c.Up() && (cs.Defending || cs.OffBalance || cs.Dodged) {
			bad(at, "%s is down (lp 0), so cannot be defending, off balance or have dodged", id)
		}
	}
	s.Round = max(st.Round, 1)
	switch Phase(st.Phase) {
	case Acting, "":
		s.Phase = Acting
		s.Turn = slices.IndexFunc(s.Combatants, func(c Combatant) bool { return c.Up() })
		if st.Turn != "" {
			s.Turn = slices.IndexFunc(s.Combatants, func(c Combatant) bool { return c.ID == st.Turn })
			switch {
			case s.Turn < 0:
				bad("start.turn", "no combatant %q; combatants: %s", st.Turn, s.ids())
			case !s.Combatants[s.Turn].Up():
				bad("start.turn", "%s is down (lp 0) and takes no turn", st.Turn)
			}
		}
		if s.Turn < 0 {
			bad("start.combatants", "nobody is standing, so nobody has a turn")
			s.Turn = 0
		}
		if me := s.Combatants[s.Turn].ID; st.Combatants[me].Defending {
			bad("start.combatants."+me+".defending", "it is %s's turn, and a guard drops when its owner's turn starts", me)
		}
	case Ruling:
		if st.Turn != "" {
			bad("start.turn", "in phase %s it is nobody's turn; leave turn out", st.Phase)
		}
		s.Phase, s.Turn = Ruling, len(s.Combatants)-1
	case Over:
		if st.Turn != "" {
			bad("start.turn", "in phase %s it is nobody's turn; leave turn out", st.Phase)
		}
		s.Phase, s.Turn = Over, len(s.Combatants)-1
	default:
		bad("start.phase", "%q: want %s", st.Phase, strings.Join([]string{string(Acting), string(Ruling), string(Over)}, ", "))
	}
}

var _ engine.StartingState = (*Spec)(nil)
