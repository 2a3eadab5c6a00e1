package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// Defended: a combatant defends (R45).
type Defended struct {
	Combatant string `json:"combatant"`
}

func (e *Defended) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Defending = true
	}
}

func (e *Defended) describe(*State) string { return e.Combatant + " defends until its next turn" }

// Seized: Seize Initiative (R62): the d6 and the score after.
type Seized struct {
	Combatant  string `json:"combatant"`
	Die        int    `json:"die"`
	Initiative int    `json:"initiative"`
}

func (e *Seized) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
	}
}

func (e *Seized) describe(s *State) string {
	return fmt.Sprintf("%s seizes the initiative: d6=%d, initiative %d", e.Combatant, e.Die, e.Initiative)
}

// Defend is R45.
type Defend struct{}

func (*Defend) command() {}

// Seize is Seize Initiative, R62.
type Seize struct{}

// The kinds of defend.go's commands and events.
var (
	_            = engine.Add[Defend](commands, "defend")
	_            = engine.Add[Seize](commands, "seize")
	guardKind    = engine.Add[Guard](commands, "guard")
	guardedKind  = engine.Add[Guarded](events, "guarded")
	defendedKind = engine.Add[Defended](events, "defended")
	seizedKind   = engine.Add[Seized](events, "seized")
)

func (*Seize) command() {}

// defend is R45.
func (r *run) defend() error {
	a, err := r.defendCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["defend"], "defend")
	r.emit(engine.New(r.h.arena(), defendedKind, Defended{Combatant: a.ID}))
	return nil
}

// defendCheck is defend's checks: it returns the actor.
func (r *run) defendCheck() (a *Combatant, err error) {
	if a, err = r.acting("defend"); err != nil {
		return nil, err
	}
	if a.Defending {
		return nil, refuse(engine.NotAllowedNow, "%s is defending already", a.ID)
	}
	return a, need(a, actionCosts["defend"], "defend")
}

// seize is R62: +1d6 initiative.
func (r *run) seize() error {
	a, err := r.seizeCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["seize"], "seize")
	die := r.src.Roll(6)
	r.emit(engine.New(r.h.arena(), seizedKind, Seized{Combatant: a.ID, Die: die, Initiative: a.Initiative + die}))
	return nil
}

// seizeCheck is seize's checks: it returns the actor.
func (r *run) seizeCheck() (a *Combatant, err error) {
	if a, err = r.acting("seize the initiative"); err != nil {
		return nil, err
	}
	return a, need(a, actionCosts["seize"], "seize")
}

// guardChoices are the Defenses a defending target may meet an attack
// with (R45).
var guardChoices = []string{"plus", "power", "agility", "fortitude", "willpower"}

// guardDefense is the Defense a guard choice gives against an attack of
// kind (melee or ranged).
func guardDefense(t *Combatant, choice, kind string) int {
	switch choice {
	case "plus":
		return t.weaponDefense(kind == "ranged") + 2
	case "power":
		return t.PowerDefense()
	case "agility":
		return t.AgilityDefense()
	case "fortitude":
		return t.FortitudeDefense()
	case "willpower":
		return t.WillpowerDefense()
	}
	return 0
}

// guardedAttackKind is the kind of attack a defending target chooses its Defense
// against (R45): a reaction's weapon, a spell's Defense, or the declared
// attack's weapon.
func (s *State) guardedAttackKind() string {
	p := s.Pending
	switch {
	case p.Striker != "":
		if w := s.Combatant(p.Striker).Weapon(p.StrikeWeapon); w != nil {
			return w.Kind
		}
	case p.Action == "cast":
		if sp := s.Combatant(p.Actor).spell(p.Weapon); sp != nil {
			return sp.Defense
		}
	default:
		if w := s.Combatant(p.Actor).Weapon(p.Weapon); w != nil {
			return w.Kind
		}
	}
	return "melee"
}

// guarded is the creature choosing its Defense now (R45).
func (s *State) guarded() *Combatant {
	if p := s.Pending; p.Striker != "" {
		return s.Combatant(p.StrikeTarget)
	}
	return s.Combatant(s.Pending.Target)
}

// guard is a defending target's choice (R45), against a declared attack
// or spell, or against a reaction's attack (a rebuff, a readied attack),
// which then strikes.
func (r *run) guard(choice string) error {
	if err := r.wantPhase(Guarding, "guard"); err != nil {
		return err
	}
	s := r.s
	p := s.Pending
	switch {
	case p.Action == "disarm" && p.Striker == "":
		return refuse(engine.NotAllowedNow, "%s meets a disarm: meet check or meet agility (R61)", p.Target)
	case !slices.Contains(guardChoices, choice):
		return refuse(engine.Invalid, "%q is not a guard: plus, power, agility, fortitude or willpower", choice)
	}
	t, kind, st := s.guarded(), s.guardedAttackKind(), *p
	r.emit(engine.New(r.h.arena(), guardedKind, Guarded{Combatant: t.ID, Choice: choice, Defense: guardDefense(t, choice, kind)}))
	if st.Striker == "" {
		r.resolveIfReady()
		return nil
	}
	a := s.Combatant(st.Striker)
	r.reactionStrike(a, t, a.Weapon(st.StrikeWeapon), choice, st.StrikeKind == "rebuff")
	return nil
}

// Guard is a defending target's choice of Defense (R45): plus (+2),
// power, agility, fortitude or willpower.
type Guard struct {
	Choice string `json:"choice"`
}

func (*Guard) command() {}

// Guarded: a defending target chooses the Defense it meets an attack with (R45).
type Guarded struct {
	Combatant string `json:"combatant"`
	Choice    string `json:"choice"`
	Defense   int    `json:"defense"`
}

func (e *Guarded) apply(s *State, _ *hotMemory) {
	if p := s.Pending; p != nil && p.Striker == "" {
		p.Guard = e.Choice
		s.Phase = Window
		return
	}
	// A reaction's attack: back to where the fight was (with nothing
	// pending, the window).
	strikeDone(s)
}

func (e *Guarded) describe(s *State) string {
	switch e.Choice {
	case "check":
		return fmt.Sprintf("%s meets the disarm with a melee weapon check", e.Combatant)
	case "agility":
		if s.Pending != nil && s.Pending.Action == "disarm" && s.Pending.Striker == "" {
			return fmt.Sprintf("%s meets the disarm with its Agility Defense %d", e.Combatant, e.Defense)
		}
	}
	return fmt.Sprintf("%s guards with %s: Defense %d", e.Combatant, e.Choice, e.Defense)
}
