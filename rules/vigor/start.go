package vigor

import (
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Start is the vigor starting state: the "start:" key of an encounter or
// scenario file, for a fight that begins part-way through with no dice
// drawn (see engine.StartingState). With it, nobody rolls initiative.
type Start struct {
	Round      int                       `yaml:"round" min:"1" max:"10000" doc:"the round the fight is in (default 1)"`
	Order      []string                  `yaml:"order" max:"100" doc:"the initiative order, highest first (default: the roster order, objects left out)"`
	Turn       string                    `yaml:"turn" doc:"whose turn it is (default the first in the order who can act)"`
	Phase      string                    `yaml:"phase" enum:"act,aftermath" doc:"act (the default), or aftermath: the fight is decided and the GM rules on rests (R42) until done"`
	Winner     string                    `yaml:"winner" doc:"with phase aftermath, the side that won (default none)"`
	Combatants map[string]CombatantStart `yaml:"combatants" max:"100" doc:"each combatant's condition, by id; those left out are as their stat blocks say"`
	// Initiative starts the fight at its beginning, initiative still to
	// roll, with the combatants' conditions as given: hurt or tired from
	// an earlier fight.
	Initiative bool `yaml:"initiative" doc:"roll initiative as the fight begins (R08), the combatants as given: no round, order, turn, phase nor actions then"`
}

// CombatantStart is one combatant's condition in a starting state.
type CombatantStart struct {
	Vigor      *int `yaml:"vigor" min:"0" max:"1000" doc:"Vigor now; 0 starts it winded"`
	Mana       *int `yaml:"mana" min:"0" max:"1000" doc:"Mana now"`
	Durability *int `yaml:"durability" min:"0" max:"1000" doc:"Durability now"`
	Health     *int `yaml:"health" min:"0" max:"1000" doc:"Health now; 0 puts it in Shock"`
	Wounded    bool `yaml:"wounded" doc:"wounded (R34); implied by Durability 0"`
	Winded     bool `yaml:"winded" doc:"winded (R38): at Vigor below 5, and at 0 when vigor is not given"`
	Prone      bool `yaml:"prone" doc:"knocked down (R39)"`
	Shock      *int `yaml:"shock" min:"1" max:"1000" doc:"in Shock with this many Recovery Phases left (R35), at health 0"`
	Stabilized bool `yaml:"stabilized" doc:"its Shock timer is stopped (R36)"`
	Dead       bool `yaml:"dead" doc:"dead: at Health 0 (R35), and at 0 when health is not given, but for one bound or pinned, whom the GM may rule killed outright (R37)"`
	Escaped    bool `yaml:"escaped" doc:"has escaped"`
	Defending  bool `yaml:"defending" doc:"took the Defend action on its last turn (R13)"`
	Actions    *int `yaml:"actions" min:"0" max:"10" doc:"actions left, for the one whose turn it is (default its actions this round)"`
	Unaware    bool `yaml:"unaware" doc:"unaware (A12)"`
	Hidden     bool `yaml:"hidden" doc:"hidden from its enemies (§6, A14)"`
	X          *int `yaml:"x" min:"-10000" max:"10000" doc:"position east, in feet"`
	Y          *int `yaml:"y" min:"-10000" max:"10000" doc:"position north, in feet"`
}

// StartingState returns the spec's starting state for the loader to
// decode "start:" into.
func (sp *Spec) StartingState() any { return &sp.Begin }

var _ engine.StartingState = (*Spec)(nil)

// given reports whether the start says anything.
func (st *Start) given() bool {
	return st.Round != 0 || len(st.Order) > 0 || st.Turn != "" || len(st.Combatants) > 0 || st.Phase != "" || st.Winner != "" || st.Initiative
}

// apply sets up state s as the starting state says, reporting problems
// with bad. Without a start it leaves s waiting for initiative.
func (st *Start) apply(s *State, bad func(path, format string, args ...any)) {
	if !st.given() {
		return
	}
	ids := make([]string, 0, len(st.Combatants))
	for id := range st.Combatants {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		at := "start.combatants." + id
		c := s.Combatant(id)
		if c == nil {
			bad(at, "no combatant %q; combatants: %s", id, s.ids())
			continue
		}
		st.Combatants[id].applyTo(c, at, st.Initiative, bad)
	}
	if st.Initiative {
		for _, k := range []struct {
			given bool
			key   string
		}{{st.Round != 0, "round"}, {len(st.Order) > 0, "order"}, {st.Turn != "", "turn"}, {st.Phase != "", "phase"}, {st.Winner != "", "winner"}} {
			if k.given {
				bad("start."+k.key, "with initiative: true the fight begins at round 1 with initiative to roll, so %s is not given", k.key)
			}
		}
		return // as a fight with no start: waiting for initiative
	}
	s.Round = max(st.Round, 1)
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Joins > 0 {
			c.Away = c.Joins >= s.Round
		}
	}
	st.applyOrder(s, bad)
	if st.Phase == "aftermath" {
		if st.Turn != "" {
			bad("start.turn", "after the fight nobody has a turn")
		}
		if st.Winner != "" && !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Side == st.Winner }) {
			bad("start.winner", "no side %q", st.Winner)
		}
		st.onlyActionsOf("", bad)
		s.Phase, s.Winner, s.Turn, s.Options.Aftermath = Aftermath, st.Winner, -1, true
		s.Reason = "the fight was decided before the start"
		return
	}
	if st.Winner != "" {
		bad("start.winner", "a winner is given only with phase aftermath")
	}
	st.applyTurn(s, bad)
}

// applyTo sets up combatant c, at path at, in the condition cs gives it;
// initiative says the fight starts with initiative to roll.
func (cs CombatantStart) applyTo(c *Combatant, at string, initiative bool, bad func(path, format string, args ...any)) {
	set := func(dst *int, v *int, most int, name string) {
		if v == nil {
			return
		}
		if *v > most {
			bad(at+"."+name, "%d is above the maximum %d", *v, most)
		}
		*dst = *v
	}
	// Winded and dead given alone take the only Vigor and Health the
	// rules reach them with: 0 (R38; R35, but for the bound, R37).
	if cs.Winded && cs.Vigor == nil && !c.Object {
		c.Vigor = 0
	}
	if cs.Dead && cs.Health == nil && !c.Bound && !c.Object {
		c.Health = 0
	}
	set(&c.Vigor, cs.Vigor, c.VigorMax, "vigor")
	set(&c.Mana, cs.Mana, c.ManaMax, "mana")
	set(&c.Durability, cs.Durability, c.DurabilityMax, "durability")
	set(&c.Health, cs.Health, c.HealthMax, "health")
	if cs.X != nil {
		c.X = *cs.X
	}
	if cs.Y != nil {
		c.Y = *cs.Y
	}
	c.Destroyed = c.Object && cs.Durability != nil && c.Durability == 0 // R31: an object at 0 is destroyed
	if c.Object {
		for _, k := range []struct {
			given bool
			key   string
		}{{cs.Vigor != nil, "vigor"}, {cs.Mana != nil, "mana"}, {cs.Health != nil, "health"}, {cs.Wounded, "wounded"}, {cs.Winded, "winded"},
			{cs.Prone, "prone"}, {cs.Shock != nil, "shock"}, {cs.Dead, "dead"}, {cs.Defending, "defending"}} {
			if k.given {
				bad(at+"."+k.key, "%s is an object, with Durability alone (R31): give durability: 0 for one destroyed", c.ID)
			}
		}
	}
	c.Wounded = c.Wounded || cs.Wounded || c.Durability == 0 && c.DurabilityMax > 0 && !c.Object
	c.Winded = cs.Winded || c.Vigor == 0 && !c.Object
	c.Prone = c.Prone || cs.Prone
	c.Unaware = c.Unaware || cs.Unaware
	c.Hidden = c.Hidden || cs.Hidden
	c.Dead, c.Escaped, c.Stabilized = cs.Dead, cs.Escaped, cs.Stabilized
	if cs.Shock != nil || c.Health == 0 && !c.Object && !c.Dead {
		c.Shock, c.ShockLeft = true, c.Stamina
		if cs.Shock != nil {
			c.ShockLeft = *cs.Shock
		}
	}
	switch {
	case cs.Shock != nil && c.Health > 0 && !c.Object:
		bad(at+".shock", "%s has %d Health, and Shock comes only at Health 0 (R35) and ends at 1 (A41); give health: 0 with it", c.ID, c.Health)
	case cs.Shock != nil && c.Dead:
		bad(at+".shock", "%s is dead, not in Shock", c.ID)
	case cs.Shock != nil && *cs.Shock > c.Stamina:
		bad(at+".shock", "%s has Stamina %d, and Shock gives that many Recovery Phases at most (R35, A09), not %d", c.ID, c.Stamina, *cs.Shock)
	}
	if cs.Winded && c.Vigor >= WindedUntil && !c.Object {
		bad(at+".winded", "%s has %d Vigor, and Winded ends once Vigor is back to %d (R38); give vigor: 0 to %d with it, or none", c.ID, c.Vigor, WindedUntil, WindedUntil-1)
	}
	if cs.Dead && c.Health > 0 && !c.Bound && !c.Object {
		bad(at+".dead", "%s has %d Health, and only Shock at Health 0 (R35) or a GM's ruling on a bound or pinned creature (R37) kills; give health: 0 with it, or none", c.ID, c.Health)
	}
	if c.Dead && c.Escaped {
		bad(at+".escaped", "%s is dead and cannot have escaped as well", c.ID)
	}
	if cs.Stabilized && !c.Shock {
		bad(at+".stabilized", "only a creature in Shock is stabilized")
	}
	if cs.Defending {
		c.Defending = true
	}
	if initiative && cs.Actions != nil {
		bad(at+".actions", "with initiative: true nobody has a turn yet; actions are counted when its turn starts")
	}
}

// applyOrder sets the initiative order the start gives, or the roster's
// (objects and those still to join left out).
func (st *Start) applyOrder(s *State, bad func(path, format string, args ...any)) {
	if len(st.Order) == 0 {
		for _, c := range s.Combatants {
			if !c.Object && !c.Away {
				s.Order = append(s.Order, c.ID)
			}
		}
		return
	}
	for i, id := range st.Order {
		c := s.Combatant(id)
		switch {
		case c == nil:
			bad("start.order", "no combatant %q; combatants: %s", id, s.ids())
		case c.Object:
			bad("start.order", "%s is an object and takes no turns", id)
		case c.Away:
			bad("start.order", "%s joins after round %d and is not in the order yet", id, c.Joins)
		case slices.Index(st.Order, id) != i:
			bad("start.order", "%s is in the order twice", id)
		}
	}
	for _, c := range s.Combatants {
		if !c.Object && !c.Away && !slices.Contains(st.Order, c.ID) {
			bad("start.order", "%s is missing from the order (%s)", c.ID, strings.Join(st.Order, ", "))
		}
	}
	s.Order = slices.Clone(st.Order)
}

// applyTurn starts the turn the start gives, or the first in the order
// who can act, with its actions.
func (st *Start) applyTurn(s *State, bad func(path, format string, args ...any)) {
	s.Phase = Acting
	s.Turn = slices.IndexFunc(s.Order, func(id string) bool { c := s.Combatant(id); return c != nil && c.In() })
	if st.Turn != "" {
		s.Turn = slices.Index(s.Order, st.Turn)
		switch {
		case s.Turn < 0:
			bad("start.turn", "%q is not in the order (%s)", st.Turn, strings.Join(s.Order, ", "))
		case !s.Combatant(st.Turn).In():
			bad("start.turn", "%s is %s and takes no turn", st.Turn, conditionOf(s.Combatant(st.Turn)))
		}
	}
	if s.Turn < 0 {
		if st.Turn == "" {
			bad("start.combatants", "nobody can act, so nobody has a turn")
		}
		s.Turn = 0
		return
	}
	me := s.Combatant(s.Order[s.Turn])
	if me == nil {
		return
	}
	if st.Combatants[me.ID].Defending {
		bad("start.combatants."+me.ID+".defending", "it is %s's turn, and Defend ends when its owner's turn starts", me.ID)
	}
	st.onlyActionsOf(me.ID, bad)
	me.Left = s.actionsOf(me)
	if a := st.Combatants[me.ID].Actions; a != nil {
		switch {
		case *a > 0 && me.Winded:
			bad("start.combatants."+me.ID+".actions", "%s is winded (R38) and has no actions", me.ID)
		case *a > me.Left:
			bad("start.combatants."+me.ID+".actions", "%s has %d actions this round (R10), so it cannot have %d left", me.ID, me.Left, *a)
		}
		me.Left = *a
	}
	me.Unaware = false
	if me.Left == 0 {
		bad("start.turn", "%s has no actions left; start at the next creature's turn", me.ID)
	}
	if _, over := parts.LastSide(len(s.Combatants), func(i int) string { return s.Combatants[i].Side },
		func(i int) bool { return s.Combatants[i].In() }); over {
		bad("start.combatants", "fewer than two sides have anyone still in the fight")
	}
}

// onlyActionsOf refuses actions left given for anyone but turn, the one
// whose turn it is ("" when nobody has a turn).
func (st *Start) onlyActionsOf(turn string, bad func(path, format string, args ...any)) {
	ids := make([]string, 0, len(st.Combatants))
	for id, cs := range st.Combatants {
		if cs.Actions != nil && id != turn {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		if turn == "" {
			bad("start.combatants."+id+".actions", "after the fight nobody has a turn or actions left")
			continue
		}
		bad("start.combatants."+id+".actions", "it is %s's turn, not %s's; actions left are given only for the one whose turn it is", turn, id)
	}
}
