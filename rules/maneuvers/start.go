package maneuvers

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Start is the maneuvers ruleset's starting state: the "start:" key of an
// encounter or scenario file. With an order the fight starts in a
// combatant's turn, no dice drawn; without one the GM begins it.
type Start struct {
	Round      int                       `yaml:"round" min:"1" max:"10000" doc:"the round the fight is in (default 1)"`
	Order      []string                  `yaml:"order" max:"100" doc:"the initiative order, highest first: every combatant once; nobody rolls"`
	Turn       string                    `yaml:"turn" doc:"whose turn it is (default the first in order); those before it have had their turn"`
	Phase      string                    `yaml:"phase" enum:"act,round_end,after" doc:"act (a turn, the default with an order), round_end (the GM's ruling at the end of the round) or after (the fight decided: the GM's rests and training)"`
	Winner     string                    `yaml:"winner" doc:"with phase after, the side that won (default none)"`
	Combatants map[string]CombatantStart `yaml:"combatants" max:"100" doc:"each combatant's condition, by id; those left out are fresh"`
}

// CombatantStart is one combatant's condition in a starting state.
type CombatantStart struct {
	HP          *int     `yaml:"hp" min:"-10000" max:"10000" doc:"health now, at most the maximum (default the maximum; 0 or less: unconscious and prone)"`
	Unconscious bool     `yaml:"unconscious" doc:"unconscious and prone: health 0 unless hp says less"`
	AP          *int     `yaml:"ap" min:"0" max:"3" doc:"AP left this round (default 3)"`
	Attacks     int      `yaml:"attacks" min:"0" max:"2" doc:"attacks made this round"`
	Moved       float64  `yaml:"moved" min:"0" max:"100" doc:"metres moved this turn, for the one whose turn it is"`
	Acted       bool     `yaml:"acted" doc:"for the one whose turn it is: it has taken an action this turn, so it can no longer delay (default: not, unless it has moved)"`
	Prone       bool     `yaml:"prone" doc:"lying prone"`
	Dazed       bool     `yaml:"dazed" doc:"dazed until the end of its next turn"`
	Braced      bool     `yaml:"braced" doc:"braced: a boon on its next defence"`
	Feinting    string   `yaml:"feinting" doc:"the foe its next strike has a feint's boon against"`
	GrappledBy  string   `yaml:"grappled_by" doc:"who grapples it"`
	Surprised   bool     `yaml:"surprised" doc:"surprised (round 1 only)"`
	HiddenFrom  []string `yaml:"hidden_from" max:"100" doc:"the foes it is hidden from"`
	Dead        bool     `yaml:"dead" doc:"dead"`
}

// StartingState returns the spec's starting state for the loader to
// decode "start:" into; see engine.StartingState.
func (sp *Spec) StartingState() any { return &sp.Begin }

var _ engine.StartingState = (*Spec)(nil)

// apply sets up state s, fresh from the spec, as the starting state says,
// reporting problems with bad. It draws no dice.
func (st *Start) apply(s *State, bad func(path, format string, args ...any)) {
	ids := slices.Sorted(maps.Keys(st.Combatants))
	roster := (Rules{}).Roster(s)
	for _, id := range ids {
		cs := st.Combatants[id]
		at := "start.combatants." + id
		c := s.Combatant(id)
		if c == nil {
			bad(at, "no combatant %q; combatants: %s", id, strings.Join(roster, ", "))
			continue
		}
		cs.condition(s, c, at, bad)
		cs.links(s, c, at, bad)
		if cs.Surprised && st.Round > 1 {
			bad(at+".surprised", "surprise lasts round 1 only (R07), and the fight is in round %d", st.Round)
		}
	}
	// Metres moved are the turn's (R08): only the one whose turn it is
	// has moved any.
	turn := ""
	if len(st.Order) > 0 && st.Phase != string(After) && st.Phase != string(RoundEnd) {
		turn = cmp.Or(st.Turn, st.Order[0])
	}
	st.checkTurnsOwn(s, ids, turn, bad)
	if st.Winner != "" && st.Phase != string(After) {
		bad("start.winner", "a winner is given only with phase after")
	}
	if st.Phase == string(After) {
		switch {
		case st.Turn != "":
			bad("start.turn", "after the fight it is nobody's turn; leave turn out")
		case st.Winner != "" && !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Side == st.Winner }):
			bad("start.winner", "no side %q", st.Winner)
		}
		s.Phase, s.Winner, s.Round = After, st.Winner, max(st.Round, 1)
		return
	}
	if st.Order == nil {
		if st.Turn != "" || st.Phase != "" || st.Round > 1 {
			bad("start.order", "a fight started part-way through needs the initiative order")
		}
		return
	}
	sorted, want := slices.Sorted(slices.Values(st.Order)), slices.Sorted(slices.Values(roster))
	if !slices.Equal(sorted, want) {
		bad("start.order", "the order must list every combatant once: %s", strings.Join(roster, ", "))
		return
	}
	s.Order, s.Turns, s.Round = slices.Clone(st.Order), slices.Clone(st.Order), max(st.Round, 1)
	for i := range s.Combatants {
		s.Combatants[i].Init = len(st.Order) - slices.Index(st.Order, s.Combatants[i].ID)
	}
	if st.Phase != string(RoundEnd) {
		st.turn(s, turn, bad)
		return
	}
	if st.Turn != "" {
		bad("start.turn", "at the end of a round it is nobody's turn; leave turn out")
	}
	s.Phase, s.Turn = RoundEnd, len(s.Turns)
	for i := range s.Combatants {
		s.Combatants[i].Acted = true
	}
}

// condition sets c's health, AP and conditions as cs says (R32, R33).
func (cs *CombatantStart) condition(s *State, c *Combatant, at string, bad func(path, format string, args ...any)) {
	id := c.ID
	switch {
	case cs.HP != nil:
		c.HP = *cs.HP
	case cs.Unconscious:
		c.HP = 0
	}
	if c.HP > c.Health {
		bad(at+".hp", "%s has at most %d health (R33), not %d", id, c.Health, c.HP)
	}
	if cs.Unconscious && c.HP > 0 {
		bad(at+".unconscious", "%s has %d health: the unconscious have 0 or less (R32)", id, c.HP)
	}
	if cs.AP != nil {
		c.AP = *cs.AP
	}
	c.Attacks, c.Moved, c.Braced, c.Surprised = cs.Attacks, cs.Moved, cs.Braced, cs.Surprised
	// Health at minus the maximum is death (R32, A27), said or not.
	c.Dead = cs.Dead || s.Options.DeathRule == "negative_max" && c.HP <= -c.Health
	c.Unconscious = c.HP <= 0 && !c.Dead
	c.Prone = c.HP <= 0 || c.Dead || c.Prone || cs.Prone
	if cs.Dazed {
		c.Dazed, c.IsDazed = parts.Until(parts.TurnEnd, c.ID, 1), true
	}
}

// links sets what ties c to its foes as cs says: the feint it made, the
// grapple that holds it and those it is hidden from (R20, R35, R36).
func (cs *CombatantStart) links(s *State, c *Combatant, at string, bad func(path, format string, args ...any)) {
	id := c.ID
	if cs.Feinting != "" {
		switch f := s.Combatant(cs.Feinting); {
		case f == nil:
			bad(at+".feinting", "no combatant %q", cs.Feinting)
		case !hostile(c, f):
			bad(at+".feinting", "%s is no foe of %s: a feint is made on a foe, the loser of a combat roll (R20)", f.ID, id)
		}
		c.Feinting = cs.Feinting
	}
	if g := cs.GrappledBy; g != "" {
		switch gc := s.Combatant(g); {
		case gc == nil || gc == c:
			bad(at+".grappled_by", "no other combatant %q", g)
		case !hostile(c, gc):
			bad(at+".grappled_by", "%s is no foe of %s: a grapple holds a foe (R35)", g, id)
		case gc.Grappling != "":
			bad(at+".grappled_by", "%s grapples %s already: one grapple at a time (R35)", g, gc.Grappling)
		case dist(gc.pos(), c.pos()) > GrappleReach+1e-9:
			bad(at+".grappled_by", "%s is %.2f m from %s: a grapple holds a foe within 1 m (R35)", g, dist(gc.pos(), c.pos()), id)
		default:
			c.GrappledBy, gc.Grappling = g, c.ID
		}
	}
	for i, h := range cs.HiddenFrom {
		switch hc := s.Combatant(h); {
		case hc == nil:
			bad(at+".hidden_from", "no combatant %q", h)
		case !hostile(c, hc):
			bad(at+".hidden_from", "%s is no foe of %s: one hides from foes (R36)", h, id)
		case slices.Contains(cs.HiddenFrom[:i], h):
			bad(at+".hidden_from", "%s is named twice", h)
		}
	}
	c.HiddenFrom = slices.Clone(cs.HiddenFrom)
	c.HidAt = nil
	for range c.HiddenFrom {
		c.HidAt = append(c.HidAt, c.pos())
	}
}

// checkTurnsOwn reports what a starting state gives those whose turn it is
// not, or gives before round 1 has begun: metres moved and acting are the
// turn's (R08, R09), AP and attacks the round's (R06).
func (st *Start) checkTurnsOwn(s *State, ids []string, turn string, bad func(path, format string, args ...any)) {
	for _, id := range ids {
		cs := st.Combatants[id]
		if s.Combatant(id) == nil {
			continue
		}
		if cs.Moved > 0 && id != turn {
			bad("start.combatants."+id+".moved", "metres moved are the turn's, and it is not %s's turn", id)
		}
		if cs.Acted && id != turn {
			bad("start.combatants."+id+".acted", "acting is the turn's, and it is not %s's turn", id)
		}
		if st.Order == nil && st.Phase == "" {
			// Before the GM begins the fight, round 1's start gives
			// everyone 3 AP and two attacks (R06).
			if cs.AP != nil {
				bad("start.combatants."+id+".ap", "AP are the round's: round 1 begins with 3 each (R06); give an order to start part-way through")
			}
			if cs.Attacks != 0 {
				bad("start.combatants."+id+".attacks", "attacks are the round's: round 1 begins with none made (R06); give an order to start part-way through")
			}
		}
	}
}

// turn sets s in turn's turn, those before it in the order done.
func (st *Start) turn(s *State, turn string, bad func(path, format string, args ...any)) {
	s.Phase = Acting
	s.Turn = slices.Index(s.Turns, turn)
	if s.Turn < 0 {
		bad("start.turn", "no combatant %q in the order", turn)
		s.Turn = 0
		return
	}
	for _, id := range s.Turns[:s.Turn] {
		s.Combatant(id).Acted = true
	}
	c := s.Combatant(turn)
	if !c.Conscious() {
		bad("start.turn", "%s is unconscious or dead and takes no turn", turn)
		return
	}
	s.TurnOpen = true
	c.Acted = true
	// AP spent before the turn went on reactions in others' turns: the
	// turn itself is still at its start, and may be delayed (R09), until
	// it has moved or acted.
	c.Fresh = c.Moved == 0 && !st.Combatants[turn].Acted
	c.Budget = c.Speed
	if c.Moved > c.Budget {
		bad("start.combatants."+turn+".moved", "%s moves at most %g m a turn", turn, c.Speed)
	}
}
