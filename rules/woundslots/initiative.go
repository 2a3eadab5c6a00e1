package woundslots

import (
	"fmt"
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
)

// SurpriseRuled: the GM rules a side surprised (R31).
type SurpriseRuled struct {
	Side string `json:"side"`
	// Combatant, when set, is the one creature of the side surprised, as
	// a stealth contest found (R31).
	Combatant string `json:"combatant,omitempty"`
}

func (e *SurpriseRuled) apply(s *State, _ *hotMemory) {
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Side == e.Side && c.Attributes.Prc <= 5 && (e.Combatant == "" || e.Combatant == c.ID) {
			c.Surprised = true
		}
	}
}

func (e *SurpriseRuled) describe(s *State) string {
	if e.Combatant != "" {
		return fmt.Sprintf("%s is surprised", e.Combatant)
	}
	return fmt.Sprintf("the GM rules side %s surprised", e.Side)
}

// InitiativeRolled: a combatant's initiative check (R26): the d20, everything added, the surprise penalty and the score (at least 0).
type InitiativeRolled struct {
	Combatant  string `json:"combatant"`
	Die        int    `json:"die"`
	Bonus      int    `json:"bonus"`
	Penalty    int    `json:"penalty,omitempty"`
	Initiative int    `json:"initiative"`
}

func (e *InitiativeRolled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
	}
}

func (e *InitiativeRolled) describe(s *State) string {
	pen := ""
	if e.Penalty > 0 {
		pen = fmt.Sprintf(" -%d surprised", e.Penalty)
	}
	return fmt.Sprintf("%s rolls initiative: d20=%d%+d%s = %d", e.Combatant, e.Die, e.Bonus, pen, e.Initiative)
}

// TieBroken: a tie-break die for the order of tied combatants (A15).
type TieBroken struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
}

func (e *TieBroken) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.TieBreak = e.Die
	}
}

func (e *TieBroken) describe(s *State) string {
	return fmt.Sprintf("%s draws d20=%d to break a tie in initiative", e.Combatant, e.Die)
}

// StealthRolled: a check of a stealth contest before the fight (R31):
// Check is "hiding" or "observation".
type StealthRolled struct {
	Combatant string `json:"combatant"`
	Check     string `json:"check"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
}

func (*StealthRolled) apply(*State, *hotMemory) {}

func (e *StealthRolled) describe(s *State) string {
	return fmt.Sprintf("%s's %s check: %s", e.Combatant, e.Check, d20(e.Die, e.Bonus))
}

// Surprise is the GM's ruling that a side is caught by surprise (R31).
type Surprise struct {
	Side string `json:"side"`
	// Contest has each of the side's creatures check for the others
	// hiding (R31), rather than all being surprised.
	Contest bool `json:"contest,omitempty"`
}

func (*Surprise) command() {}

// Initiative is the GM's order to roll initiative and begin (R26).
type Initiative struct{}

// The kinds of initiative.go's commands and events.
var (
	surpriseKind         = engine.Add[Surprise](commands, "surprise")
	_                    = engine.Add[Initiative](commands, "initiative")
	surpriseRuledKind    = engine.Add[SurpriseRuled](events, "surprise_ruled")
	initiativeRolledKind = engine.Add[InitiativeRolled](events, "initiative_rolled")
	tieBrokenKind        = engine.Add[TieBroken](events, "tie_broken")
	stealthRolledKind    = engine.Add[StealthRolled](events, "stealth_rolled")
)

func (*Initiative) command() {}

// surprise marks a side surprised (R31).
func (r *run) surprise(c *Surprise) error {
	if err := r.wantPhase(Setup, "rule on surprise"); err != nil {
		return err
	}
	s := r.s
	found, open := false, false
	for i := range s.Combatants {
		if s.Combatants[i].Side == c.Side {
			found = true
			open = open || !s.Combatants[i].Surprised && s.Combatants[i].Attributes.Prc <= 5
		}
	}
	switch {
	case !found:
		return refuse(engine.Invalid, "there is no side %q", c.Side)
	case !open:
		return refuse(engine.NotAllowedNow, "nobody of side %s can be surprised now (already surprised, or Perception above 5)", c.Side)
	}
	if !c.Contest {
		r.emit(engine.New(r.h.arena(), surpriseRuledKind, SurpriseRuled{Side: c.Side}))
		return nil
	}
	// R31 and section 7.1's stealth contest: the others hide, Dex
	// [Stealth/Hiding], each once in ascending id order; then each of the
	// side who can be surprised looks, Prc [Stealth/Observation], and is
	// surprised unless it beats every hider [ours: the worst hider gives
	// the ambush away; ties go to the hiders].
	lowest, hiders := 0, 0
	for _, i := range byID(s) {
		h := &s.Combatants[i]
		if h.Side == c.Side || h.gone() {
			continue
		}
		if total := r.stealthCheck(h, "hiding", h.Attributes.Dex); hiders == 0 || total < lowest {
			lowest = total
		}
		hiders++
	}
	for _, i := range byID(s) {
		o := &s.Combatants[i]
		if o.Side != c.Side || o.Surprised || o.Attributes.Prc > 5 || o.gone() {
			continue
		}
		if total := r.stealthCheck(o, "observation", o.Attributes.Prc); hiders > 0 && total <= lowest {
			r.emit(engine.New(r.h.arena(), surpriseRuledKind, SurpriseRuled{Side: c.Side, Combatant: o.ID}))
		}
	}
	return nil
}

// stealthCheck rolls c's check of the stealth contest (R31): attr
// [Stealth/check]; it returns the total.
func (r *run) stealthCheck(c *Combatant, check string, attr int) int {
	e := StealthRolled{Combatant: c.ID, Check: check, Die: r.src.Roll(20), Bonus: attr + c.rank("stealth", check) - c.tired()}
	r.emit(engine.New(r.h.arena(), stealthRolledKind, e))
	return e.Die + e.Bonus
}

// initiative rolls every combatant's initiative in ascending id order
// (R26, R31, section 7.1) and begins round 1.
func (r *run) initiative() error {
	if err := r.wantPhase(Setup, "roll initiative"); err != nil {
		return err
	}
	s := r.s
	for _, i := range byID(s) {
		c := &s.Combatants[i]
		if c.Status == Away {
			continue // it rolls when it arrives (A14)
		}
		bonus := initiativeBonus(c)
		pen := 0
		if c.Surprised {
			pen = max(0, 5-c.Attributes.Prc)
		}
		die := r.src.Roll(20)
		r.emit(engine.New(r.h.arena(), initiativeRolledKind, InitiativeRolled{Combatant: c.ID, Die: die, Bonus: bonus, Penalty: pen, Initiative: max(0, die+bonus-pen)}))
	}
	r.startRound(1)
	return nil
}

// initiativeBonus is what an initiative roll adds to its d20 (R26): Prc
// [Reflex/Initiative] + 5.
func initiativeBonus(c *Combatant) int {
	return c.Attributes.Prc + c.rank("reflex", "initiative") + 5 - c.tired()
}

// byID returns the combatants' indexes in ascending id order, not to be
// changed. A state on the hot path keeps the order in its hot memory for
// as long as its roster has the same ids (see idOrder).
func byID(s *State) []int {
	h := s.hot
	if h == nil {
		return sortByID(s, nil)
	}
	o := &h.byID
	if !o.of(s) {
		o.ids = o.ids[:0]
		for i := range s.Combatants {
			o.ids = append(o.ids, s.Combatants[i].ID)
		}
		o.order = sortByID(s, o.order[:0])
	}
	return o.order
}

// sortByID appends to idx the combatants' indexes in ascending id order.
func sortByID(s *State, idx []int) []int {
	for i := range s.Combatants {
		idx = append(idx, i)
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(s.Combatants[a].ID, s.Combatants[b].ID) })
	return idx
}

// idOrder is the order of a roster's ids (byID), with the ids it is of.
type idOrder struct {
	ids   []string
	order []int
}

// of reports whether o is the order of s's roster: whether its
// combatants have the ids o was made of, in that order.
func (o *idOrder) of(s *State) bool {
	if o.order == nil || len(o.ids) != len(s.Combatants) {
		return false
	}
	for i := range s.Combatants {
		if s.Combatants[i].ID != o.ids[i] {
			return false
		}
	}
	return true
}

// pickNext names the next actor (R27): the highest initiative of those
// who may act and have not; ties broken by a d20 each, in ascending id
// order, redrawn while equal, holding for the round (A15). "" when nobody
// is left this round.
func (r *run) pickNext() string {
	s := r.s
	top, n := -1, 0
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if !c.canAct() || c.Acted || !c.takesTurns() {
			continue
		}
		switch init := s.turnInitiative(c); {
		case init > top:
			top, n = init, 1
		case init == top:
			n++
		}
	}
	if n == 0 {
		return ""
	}
	tied := func(c *Combatant) bool {
		return c.canAct() && !c.Acted && c.takesTurns() && s.turnInitiative(c) == top
	}
	if n > 1 {
		for _, i := range byID(s) {
			if c := &s.Combatants[i]; tied(c) && c.TieBreak == 0 {
				r.emit(engine.New(r.h.arena(), tieBrokenKind, TieBroken{Combatant: c.ID, Die: r.src.Roll(20)}))
			}
		}
		if !r.breakPairWhole(tied) {
			for guard := 0; guard < 100; guard++ {
				redraw := false
				for _, i := range byID(s) {
					c := &s.Combatants[i]
					if !tied(c) {
						continue
					}
					for j := range s.Combatants {
						if d := &s.Combatants[j]; j != i && tied(d) && d.TieBreak == c.TieBreak {
							r.emit(engine.New(r.h.arena(), tieBrokenKind, TieBroken{Combatant: c.ID, Die: r.src.Roll(20)}))
							redraw = true
							break
						}
					}
				}
				if !redraw {
					break
				}
			}
		}
	}
	best := -1
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if tied(c) && (best < 0 || c.TieBreak > s.Combatants[best].TieBreak) {
			best = i
		}
	}
	return s.Combatants[best].ID
}

// breakPairWhole settles a tie of exactly two combatants whose first
// tie-break dice are equal in one draw, when exact odds enumerate the dice
// (the source follows dice by classes), and reports whether it did. A15's
// redraws, as pickNext makes them at the table, go by passes in ascending
// id order: the first redraws, and if it ties again the second redraws in
// the same pass, and so on. Followed die by die, that loop is a chain of
// 1-in-20 ties, each a new d20 of twenty paths, cut only at the dice limit
// of a path (some 24,000 paths for one tie, each replaying its dice). Its
// result is what matters: with probability 20/21 the first ends on another
// value, else the second does, every other value equally likely. So a die
// of 21 read in two classes (1-20: the first, 21: the second) and a d19
// over the values left draw it whole: 38 paths, exact, with one TieBroken
// event for the die that changed (the loop's others record ties nothing
// reads). At the table the loop runs as before, die by die.
func (r *run) breakPairWhole(tied func(*Combatant) bool) bool {
	if _, ok := r.src.(dice.ClassRoller); !ok {
		return false
	}
	var pair []*Combatant
	for _, i := range byID(r.s) {
		if c := &r.s.Combatants[i]; tied(c) {
			pair = append(pair, c)
		}
	}
	if len(pair) != 2 || pair[0].TieBreak != pair[1].TieBreak {
		return false
	}
	who := pair[0]
	if dice.RollClasses(r.src, 21, dice.Cuts(21)) == 21 {
		who = pair[1]
	}
	v := r.src.Roll(19)
	if v >= who.TieBreak {
		v++
	}
	r.emit(engine.New(r.h.arena(), tieBrokenKind, TieBroken{Combatant: who.ID, Die: v}))
	return true
}
