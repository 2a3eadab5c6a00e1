package blackpowder

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// Start is blackpowder's starting state: the "start:" key of an encounter
// or scenario file, for a fight that begins part-way through, initiative
// already rolled, or after it, for rests and healing (see
// engine.StartingState).
type Start struct {
	Round      int                       `yaml:"round" min:"1" max:"10000" doc:"the round the fight is in (default 1)"`
	Phase      string                    `yaml:"phase" enum:"fight,after" doc:"fight (a group's turn, the default) or after (the fight is decided: rests, healing and repairs, R29-R31)"`
	Order      []string                  `yaml:"order" max:"20" doc:"the groups present in initiative order, highest first (default: as the groups are listed); no initiative is rolled"`
	Turn       string                    `yaml:"turn" doc:"in phase fight, the group whose turn it is (default the first in order)"`
	Winner     string                    `yaml:"winner" doc:"in phase after, the group that won the fight (default none)"`
	Combatants map[string]CombatantStart `yaml:"combatants" max:"100" doc:"each combatant's condition, by id; those left out are fresh"`
}

// CombatantStart is one combatant's condition in a starting state.
type CombatantStart struct {
	LP                     *int      `yaml:"lp" min:"-1000" max:"1000" doc:"life points now (default lp_max)"`
	Fatigue                int       `yaml:"fatigue" min:"0" max:"1000" doc:"fatigue points"`
	Status                 string    `yaml:"status" enum:"active,unconscious,dead" doc:"active (the default), unconscious (give revive_difficulty) or dead"`
	ReviveDifficulty       int       `yaml:"revive_difficulty" min:"0" max:"100" doc:"an unconscious combatant's revive difficulty: that of the Consciousness check they failed (R25, R28)"`
	DamageWhileUnconscious int       `yaml:"damage_while_unconscious" min:"0" max:"1000" doc:"effective damage taken since falling unconscious (R26, A26)"`
	ActionUsed             bool      `yaml:"action_used" doc:"has used this round's action"`
	Delayed                bool      `yaml:"delayed" doc:"holds a delayed action (R07): the round's action, or the extra one with extra_delayed"`
	Holding                string    `yaml:"holding" doc:"the id of the enemy this combatant holds (R39): that enemy is held by them"`
	Aim                    *AimStart `yaml:"aim" doc:"an aimed attack declared with this round's action, resolving before the group's next turn (R22)"`
}

// AimStart is an aimed attack waiting in a starting state, with the
// weapon in hand.
type AimStart struct {
	Target   string `yaml:"target" required:"true" doc:"the id of the enemy aimed at"`
	Part     int    `yaml:"part" enum:"0,3,5" doc:"a called hit location's penalty: 3 or 5 (R11, R22), 0 for none; for the hand, hand: true"`
	Hand     bool   `yaml:"hand" doc:"calls the hand holding the target's weapon, as aim TARGET part hand does (R11, §6): part 3, and a hit that lands disarms"`
	Modifier int    `yaml:"modifier" min:"-20" max:"20" doc:"the GM's situational modifier to the attack"`
}

// StartingState returns the spec's starting state for the loader to
// decode "start:" into; see engine.StartingState.
func (sp *Spec) StartingState() any { return &sp.Begin }

// given reports whether the file has a "start:" at all.
func (st *Start) given() bool {
	return st.Round != 0 || st.Phase != "" || st.Order != nil || st.Turn != "" || st.Winner != "" || st.Combatants != nil
}

// applyStart sets up state s, fresh from the spec, as the starting state
// says, reporting problems with bad. It draws no dice.
func (st *Start) applyStart(s *State, bad func(path, format string, args ...any)) {
	if s.Ambush != nil {
		bad("start", "an ambush opens the fight from its first roll; leave out the ambush or the start")
		return
	}
	round := max(st.Round, 1)
	s.Round = round
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if g := s.group(c.Group); g != nil && g.present(round) {
			c.Status = Active
		}
		c.Actions, c.Delayed = 1, c.ExtraDelayed
	}
	ids := make([]string, 0, len(st.Combatants))
	for id := range st.Combatants {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		st.combatant(s, id, bad)
	}
	st.order(s, round, bad)
	if st.Phase == "after" {
		if st.Turn != "" {
			bad("start.turn", "after the fight it is nobody's turn; leave turn out")
		}
		if st.Winner != "" && s.group(st.Winner) == nil {
			bad("start.winner", "no group %q; groups: %s", st.Winner, groupIDs(s))
		}
		s.After = &Aftermath{Winner: st.Winner}
		return
	}
	if st.Winner != "" {
		bad("start.winner", "only phase after has a winner")
	}
	if len(s.Order) == 0 {
		return
	}
	if st.Turn != "" {
		s.Turn = slices.IndexFunc(s.Order, func(g int) bool { return s.Groups[g].ID == st.Turn })
		if s.Turn < 0 {
			bad("start.turn", "%q is not a group in the fight; in order: %s", st.Turn, orderIDs(s))
			s.Turn = 0
			return
		}
	}
	turn := s.Groups[s.Order[s.Turn]].ID
	if !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Group == turn && c.Status == Active && !c.Done }) {
		bad("start.turn", "nobody of the %s group can act this turn", turn)
	}
}

// combatant sets up the combatant id as the starting state says.
func (st *Start) combatant(s *State, id string, bad func(path, format string, args ...any)) {
	cs := st.Combatants[id]
	at := "start.combatants." + id
	c := s.combatant(id)
	if c == nil {
		bad(at, "no combatant %q; combatants: %s", id, combatantIDs(s))
		return
	}
	if c.Status == Absent {
		bad(at, "%s's group joins in round %d, after round %d", id, s.group(c.Group).Joins, s.Round)
		return
	}
	if cs.LP != nil {
		c.LP = *cs.LP
		if c.LP > c.LPMax {
			bad(at+".lp", "%d is more than %s's lp_max %d", c.LP, id, c.LPMax)
		}
	}
	c.Fatigue = cs.Fatigue
	switch cs.Status {
	case "", "active":
		if cs.ReviveDifficulty != 0 || cs.DamageWhileUnconscious != 0 {
			bad(at+".status", "revive_difficulty and damage_while_unconscious are for an unconscious combatant; give status: unconscious")
		}
	case "unconscious":
		if cs.ReviveDifficulty == 0 {
			bad(at+".revive_difficulty", "an unconscious combatant needs the difficulty of the check they failed")
		}
		c.Status, c.ReviveDifficulty, c.DamageWhileUnconscious = Unconscious, cs.ReviveDifficulty, cs.DamageWhileUnconscious
		if s.Options.DeathMode != "single_hit" && cs.DamageWhileUnconscious >= c.LPMax {
			bad(at+".damage_while_unconscious", "%d reaches %s's lp_max %d, which kills (R26); give status: dead", cs.DamageWhileUnconscious, id, c.LPMax)
		}
	case "dead":
		c.Status = Dead
	}
	if c.Status != Active {
		c.Actions, c.Delayed = 0, false // out of the fight, no action (R25)
	}
	if c.Status != Active && (cs.ActionUsed || cs.Delayed) {
		bad(at, "%s is %s, so holds no action", id, c.Status)
	}
	if cs.ActionUsed {
		c.Actions, c.Done = 0, true
	}
	if cs.Holding != "" {
		st.hold(s, c, cs.Holding, at+".holding", bad)
	}
	if a := cs.Aim; a != nil {
		t := s.combatant(a.Target)
		switch {
		case c.Status != Active:
			bad(at+".aim", "%s is %s and aims at nobody", id, c.Status)
		case t == nil:
			bad(at+".aim.target", "no combatant %q; combatants: %s", a.Target, combatantIDs(s))
		case t.Group == c.Group:
			bad(at+".aim.target", "%s is on %s's own side", a.Target, id)
		case cs.ActionUsed || cs.Delayed && !c.ExtraDelayed:
			bad(at+".aim", "an aim is this round's action, which %s has used otherwise", id)
		case a.Hand && a.Part != 0 && a.Part != 3:
			bad(at+".aim.part", "a called hand is part 3 (R11), not %d: give hand: true alone", a.Part)
		default:
			part := a.Part
			if a.Hand {
				part = 3
			}
			c.Aim = &Aim{Target: t.ID, Weapon: c.Wielding, Part: part, Hand: a.Hand, Modifier: a.Modifier}
			c.Actions, c.Done = 0, true
		}
	}
	if cs.Delayed {
		c.Delayed = true
		if !c.ExtraDelayed {
			if cs.ActionUsed {
				bad(at+".delayed", "the delayed action is the round's action, which %s has used (unless extra_delayed)", id)
			}
			c.Actions, c.Done = 0, true
		}
	}
}

// hold makes c hold the enemy target (R39), reporting problems at path.
func (st *Start) hold(s *State, c *Combatant, target, path string, bad func(path, format string, args ...any)) {
	t := s.combatant(target)
	switch {
	case t == nil:
		bad(path, "no combatant %q; combatants: %s", target, combatantIDs(s))
	case t.ID == c.ID || t.Group == c.Group:
		bad(path, "%s can hold only an enemy, not %s", c.ID, target)
	case c.Status != Active || t.Status != Active:
		bad(path, "both sides of a hold must be active: %s is %s, %s is %s", c.ID, c.Status, t.ID, t.Status)
	case t.HeldBy != "" || t.Holding != "" || c.HeldBy != "":
		bad(path, "%s or %s is already in a hold", c.ID, t.ID)
	default:
		c.Holding, t.HeldBy = t.ID, c.ID
	}
}

// order sets the initiative order of the groups present in round.
func (st *Start) order(s *State, round int, bad func(path, format string, args ...any)) {
	s.Order = nil
	if st.Order == nil {
		for i, g := range s.Groups {
			if g.present(round) {
				s.Order = append(s.Order, i)
			}
		}
	}
	for i, id := range st.Order {
		at := fmt.Sprintf("start.order[%d]", i)
		g := slices.IndexFunc(s.Groups, func(g Group) bool { return g.ID == id })
		switch {
		case g < 0:
			bad(at, "no group %q; groups: %s", id, groupIDs(s))
		case slices.Index(st.Order, id) != i:
			bad(at, "group %s is in the order twice", id)
		case !s.Groups[g].present(round):
			bad(at, "group %s joins in round %d, after round %d", id, s.Groups[g].Joins, round)
		default:
			s.Order = append(s.Order, g)
		}
	}
	if st.Order != nil {
		for _, g := range s.Groups {
			if g.present(round) && !slices.Contains(st.Order, g.ID) {
				bad("start.order", "group %s is in the fight but not in the order", g.ID)
			}
		}
	}
	for _, g := range s.Order {
		s.Groups[g].Rolled = true
	}
}

// groupIDs, orderIDs and combatantIDs list ids for a message.
func groupIDs(s *State) string {
	return joinIDs(s.Groups, func(g Group) string { return g.ID })
}

func orderIDs(s *State) string {
	return joinIDs(s.Order, func(g int) string { return s.Groups[g].ID })
}

func combatantIDs(s *State) string {
	return joinIDs(s.Combatants, func(c Combatant) string { return c.ID })
}

// joinIDs lists the id of each item, separated by commas.
func joinIDs[T any](items []T, id func(T) string) string {
	ids := make([]string, len(items))
	for i, item := range items {
		ids[i] = id(item)
	}
	return strings.Join(ids, ", ")
}

var _ engine.StartingState = (*Spec)(nil)
