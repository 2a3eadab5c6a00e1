package woundslots

import (
	"fmt"
	"fray/rules/parts"
	"slices"
	"strings"
)

// The events and commands of the turn's moments (R29, R35) and of the
// choices of sections 7.5.3 and 7.5.6.

// WindowOpened: a moment of Actor's turn, its "start", "after" an action
// or its "end", when those in Queue, asked in order, may act out of turn
// (R29), move (R35) or take a readied action (R47).
type WindowOpened struct {
	Moment string   `json:"moment"`
	Actor  string   `json:"actor"`
	Queue  []string `json:"queue"`
}

// OffTurnEnded: a combatant's action or move out of turn is over; the
// window it was taken in goes on.
type OffTurnEnded struct {
	Combatant string `json:"combatant"`
}

// ActionGoesAhead: nobody stopped a declared action other than an attack;
// it is carried out now.
type ActionGoesAhead struct {
	Combatant string `json:"combatant"`
	Command   Nested `json:"command"`
}

// HinderWon: a shove or disarm succeeded (R61) and its actor chooses
// where the target goes (up to Yards) or what it drops (section 7.5.6).
type HinderWon struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Hindrance string `json:"hindrance"`
	Yards     int    `json:"yards,omitempty"`
}

// LongDone: a long action paid in full takes effect (R25): the AP paid
// across turns, AP, is what the action now spends.
type LongDone struct {
	Combatant string `json:"combatant"`
	Action    Nested `json:"action"`
	AP        int    `json:"ap"`
}

// Kind returns "long_done".
func (*LongDone) Kind() string { return "long_done" }

// LongAction is an action declared with more AP than one has, paid
// across turns (R25): Action is the action.
type LongAction struct {
	Action Nested `json:"action"`
}

// Kind returns "long".
func (*LongAction) Kind() string { return "long" }

func (*LongAction) command() {}

// Kind returns "window_opened".
func (*WindowOpened) Kind() string { return "window_opened" }

// Kind returns "off_turn_ended".
func (*OffTurnEnded) Kind() string { return "off_turn_ended" }

// Kind returns "action_goes_ahead".
func (*ActionGoesAhead) Kind() string { return "action_goes_ahead" }

// Kind returns "hinder_won".
func (*HinderWon) Kind() string { return "hinder_won" }

// Push is a successful shover's choice of where its target goes (R61).
type Push struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Drop is a successful disarmer's choice of the item its target drops
// (R61).
type Drop struct {
	Weapon string `json:"weapon"`
}

// Meet is a disarm's target's choice (R61, A20): "check", a melee weapon
// check of its own, or "agility", its Agility Defense.
type Meet struct {
	Choice string `json:"choice"`
}

// Kind returns "push".
func (*Push) Kind() string { return "push" }

// Kind returns "drop".
func (*Drop) Kind() string { return "drop" }

// Kind returns "meet".
func (*Meet) Kind() string { return "meet" }

func (*Push) command() {}
func (*Drop) command() {}
func (*Meet) command() {}

// Trigger takes a readied action other than an attack as a reaction (R47).
type Trigger struct{}

// Kind returns "trigger".
func (*Trigger) Kind() string { return "trigger" }

func (*Trigger) command() {}

// Surface is a sunk swimmer's swim back up (R75).
type Surface struct{}

// Kind returns "surface".
func (*Surface) Kind() string { return "surface" }

func (*Surface) command() {}

// ItemMoved: a weapon goes from one place to another (R48): From and To
// are "hand", "ground" (with the cell) or a container.
type ItemMoved struct {
	Combatant string `json:"combatant"`
	Weapon    string `json:"weapon"`
	From      string `json:"from"`
	To        string `json:"to"`
	X         int    `json:"x,omitempty"`
	Y         int    `json:"y,omitempty"`
}

// Kind returns "item_moved".
func (*ItemMoved) Kind() string { return "item_moved" }

// Retrieve takes a stowed weapon into an empty hand, or picks one up from
// the ground beside one (R48).
type Retrieve struct {
	Weapon string `json:"weapon"`
	Hurry  bool   `json:"hurry,omitempty"`
}

// Stow puts a weapon in hand into its container (R48).
type Stow struct {
	Weapon string `json:"weapon"`
	Hurry  bool   `json:"hurry,omitempty"`
}

// Kind returns "retrieve".
func (*Retrieve) Kind() string { return "retrieve" }

// Kind returns "stow".
func (*Stow) Kind() string { return "stow" }

func (*Retrieve) command() {}
func (*Stow) command()     {}

// EffectBegun: a spell leaves an effect on its caster (R21, R44), with
// Mana invested in it for Rounds rounds (0: until it is ended).
type EffectBegun struct {
	Combatant string `json:"combatant"`
	Effect    string `json:"effect"`
	Mana      int    `json:"mana,omitempty"`
	Rounds    int    `json:"rounds,omitempty"`
	// APCost, APZero and Checks are what the effect does while it holds
	// (R24): see Effect.
	APCost int  `json:"ap_cost,omitempty"`
	APZero bool `json:"ap_zero,omitempty"`
	Checks int  `json:"checks,omitempty"`
}

// EffectEnded: an effect, or with Condition a condition, ends (R32, R60):
// Why is "ended" (R60), "expired" (R32) or "rest"; Mana is the invested
// mana that comes back (R21).
type EffectEnded struct {
	Combatant string `json:"combatant"`
	Effect    string `json:"effect"`
	Condition bool   `json:"condition,omitempty"`
	Mana      int    `json:"mana,omitempty"`
	Why       string `json:"why"`
}

// Kind returns "effect_begun".
func (*EffectBegun) Kind() string { return "effect_begun" }

// Kind returns "effect_ended".
func (*EffectEnded) Kind() string { return "effect_ended" }

// EndEffect ends a magical effect one controls (R60).
type EndEffect struct {
	Effect string `json:"effect"`
}

// Kind returns "end_effect".
func (*EndEffect) Kind() string { return "end_effect" }

func (*EndEffect) command() {}

// Joined: a late joiner arrives as a round begins (A14), with its
// initiative check.
type Joined struct {
	Combatant  string `json:"combatant"`
	Die        int    `json:"die"`
	Bonus      int    `json:"bonus"`
	Initiative int    `json:"initiative"`
}

// Kind returns "joined".
func (*Joined) Kind() string { return "joined" }

// RecoveryChosen: a resting creature picks the wound its recovery check
// drops, from Level to To (0: healed) (R72, section 7.8).
type RecoveryChosen struct {
	Combatant string `json:"combatant"`
	Level     int    `json:"level"`
	To        int    `json:"to"`
}

// Kind returns "recovery_chosen".
func (*RecoveryChosen) Kind() string { return "recovery_chosen" }

// Recover picks the wound a recovery check drops (R72).
type Recover struct {
	Level string `json:"level"`
}

// Kind returns "recover".
func (*Recover) Kind() string { return "recover" }

func (*Recover) command() {}

// StealthRolled: a check of a stealth contest before the fight (R31):
// Check is "hiding" or "observation".
type StealthRolled struct {
	Combatant string `json:"combatant"`
	Check     string `json:"check"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
}

// Kind returns "stealth_rolled".
func (*StealthRolled) Kind() string { return "stealth_rolled" }

// Ordered: a rider orders its trained mount to take an action (R76), with
// the mount's AP, in the rider's turn.
type Ordered struct {
	Rider   string `json:"rider"`
	Mount   string `json:"mount"`
	Command Nested `json:"command"`
}

// Kind returns "ordered".
func (*Ordered) Kind() string { return "ordered" }

// Order has a trained mount take an action (R76).
type Order struct {
	Action Nested `json:"action"`
}

// Kind returns "order".
func (*Order) Kind() string { return "order" }

func (*Order) command() {}

// CoverRuled: the GM rules the cover a creature has now (R10, section 6:
// a low wall may raise it).
type CoverRuled struct {
	Combatant string `json:"combatant"`
	Cover     string `json:"cover,omitempty"`
}

// Kind returns "cover_ruled".
func (*CoverRuled) Kind() string { return "cover_ruled" }

// Cover is the GM's ruling of a creature's cover (R10, section 6):
// quarter, half, three, slit or none.
type Cover struct {
	Target string `json:"target"`
	Cover  string `json:"cover"`
}

// Kind returns "cover".
func (*Cover) Kind() string { return "cover" }

func (*Cover) command() {}

func (e *ActionGoesAhead) apply(s *State, _ *hotMemory) {
	doneAction(s)
}

func (e *ActionGoesAhead) describe(s *State) string {
	return fmt.Sprintf("%s's declared action goes ahead: %s", e.Combatant, e.Command)
}

func (e *CoverRuled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Cover = e.Cover
	}
}

func (e *CoverRuled) describe(s *State) string {
	if e.Cover == "" {
		return fmt.Sprintf("the GM rules %s in no cover", e.Combatant)
	}
	return fmt.Sprintf("the GM rules %s behind %s cover", e.Combatant, e.Cover)
}

func (e *EffectBegun) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		// A new slice: states may share their effects (ScratchInto).
		x := Effect{Name: e.Effect, Mana: e.Mana, Rounds: e.Rounds, APCost: e.APCost, APZero: e.APZero, Checks: e.Checks}
		if e.Rounds > 0 {
			x.Since = s.Round
		}
		c.Effects = append(slices.Clone(c.Effects), x)
		c.Mana = max(0, c.Mana-e.Mana)
	}
}

func (e *EffectBegun) describe(s *State) string {
	until := "until ended"
	if e.Rounds > 0 {
		until = fmt.Sprintf("for %d rounds", e.Rounds)
	}
	return fmt.Sprintf("%s's %s holds %s: %d mana invested", e.Combatant, e.Effect, until, e.Mana) + modText(e.APCost, e.Checks)
}

func (e *EffectEnded) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	if e.Condition {
		c.Conditions = slices.DeleteFunc(slices.Clone(c.Conditions), func(x Condition) bool { return x.Name == e.Effect })
		return
	}
	c.Effects = slices.DeleteFunc(slices.Clone(c.Effects), func(x Effect) bool { return x.Name == e.Effect })
	c.Mana = min(c.maxMana(), c.Mana+e.Mana)
}

func (e *EffectEnded) describe(s *State) string {
	back := ""
	if !e.Condition {
		back = fmt.Sprintf(": %d mana back", e.Mana)
	}
	switch e.Why {
	case "ended":
		return fmt.Sprintf("%s ends its %s%s", e.Combatant, e.Effect, back)
	case "rest":
		return fmt.Sprintf("%s's %s ends with the long rest%s", e.Combatant, e.Effect, back)
	}
	return fmt.Sprintf("%s's %s runs out%s", e.Combatant, e.Effect, back)
}

func (e *HinderWon) apply(s *State, _ *hotMemory) {
	s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: e.Hindrance, Target: e.Target, Points: e.Yards})
	s.Phase = Choosing
}

func (e *HinderWon) describe(s *State) string {
	if e.Hindrance == "shove" {
		return fmt.Sprintf("%s may shove %s up to %s", e.Combatant, e.Target, parts.Count(e.Yards, "yard", "yards"))
	}
	return fmt.Sprintf("%s chooses what %s drops", e.Combatant, e.Target)
}

func (e *ItemMoved) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	if e.From == "ground" {
		if i := slices.IndexFunc(s.Dropped, func(d Dropped) bool { return d.Weapon.Name == e.Weapon && d.X == e.X && d.Y == e.Y }); i >= 0 {
			w := s.Dropped[i].Weapon
			w.Stowed = ""
			s.Dropped = slices.Delete(slices.Clone(s.Dropped), i, i+1)
			c.Weapons = append(slices.Clone(c.Weapons), w)
		}
		return
	}
	// A new slice: states may share their weapons (ScratchInto).
	ws := slices.Clone(c.Weapons)
	if i := slices.IndexFunc(ws, func(w Weapon) bool { return w.Name == e.Weapon }); i >= 0 {
		ws[i].Stowed = e.To
		if e.To == "hand" {
			ws[i].Stowed = ""
		}
	}
	c.Weapons = ws
}

func (e *ItemMoved) describe(s *State) string {
	switch {
	case e.From == "ground":
		return fmt.Sprintf("%s picks up %s from %d,%d", e.Combatant, e.Weapon, e.X, e.Y)
	case e.To == "hand":
		return fmt.Sprintf("%s takes %s from its %s", e.Combatant, e.Weapon, e.From)
	}
	return fmt.Sprintf("%s stows %s in its %s", e.Combatant, e.Weapon, e.To)
}

func (e *Joined) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Status, c.Initiative = Active, e.Initiative
	}
}

func (e *Joined) describe(s *State) string {
	return fmt.Sprintf("%s joins the fight: initiative d20=%d%+d = %d", e.Combatant, e.Die, e.Bonus, e.Initiative)
}

func (e *LongDone) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Long = nil
		c.AP += e.AP
	}
}

func (e *LongDone) describe(s *State) string {
	return fmt.Sprintf("%s's %s is paid in full and takes effect", e.Combatant, e.Action)
}

func (e *OffTurnEnded) apply(s *State, _ *hotMemory) {
	off := s.Off
	s.Off = nil
	switch {
	case off == nil || off.Cancels || off.Moment == AtOrder:
		s.Phase = Acting
	case off.Held != nil:
		s.Pending = s.newPending(*off.Held)
		s.Queue = append(s.Queue[:0], off.Rest...)
		s.Phase = Window
		guardIfDefending(s)
	default:
		s.Moment = off.Moment
		s.Queue = append(s.Queue[:0], off.Rest...)
		s.Phase = Window
		if len(s.Queue) == 0 {
			closeMoment(s)
		}
	}
}

func (e *OffTurnEnded) describe(s *State) string {
	return fmt.Sprintf("%s is done acting out of turn", e.Combatant)
}

func (e *Ordered) apply(s *State, _ *hotMemory) {
	s.Off = s.newOff(OffTurn{Who: e.Mount, Moment: AtOrder})
	s.Phase = Acting
}

func (e *Ordered) describe(s *State) string {
	return fmt.Sprintf("%s orders %s: %s", e.Rider, e.Mount, e.Command)
}

func (e *RecoveryChosen) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		moveWound(c, e.Level, e.To)
		c.RecoverUpTo, c.RecoveryBonus = 0, 0
	}
	popQueue(s)
	if len(s.Queue) == 0 && s.Phase == Choosing && s.Pending == nil {
		s.Phase = Resting
	}
}

func (e *RecoveryChosen) describe(s *State) string {
	to := "healed"
	if e.To > NoWound {
		to = "now " + LevelName(e.To)
	}
	return fmt.Sprintf("%s chooses its %s wound: %s", e.Combatant, LevelName(e.Level), to)
}

func (*StealthRolled) apply(*State, *hotMemory) {}

func (e *StealthRolled) describe(s *State) string {
	return fmt.Sprintf("%s's %s check: d20=%d%+d = %d", e.Combatant, e.Check, e.Die, e.Bonus, e.Die+e.Bonus)
}

func (e *WindowOpened) apply(s *State, _ *hotMemory) {
	s.Moment, s.Pending, s.Phase = e.Moment, nil, Window
	s.Queue = append(s.Queue[:0], e.Queue...)
}

func (e *WindowOpened) describe(s *State) string {
	if e.Moment == AtFlanked {
		return fmt.Sprintf("%s now flanked: may ignore flankers", strings.Join(e.Queue, ", "))
	}
	return fmt.Sprintf("%s of %s's turn: %s may act out of turn", momentWords[e.Moment], e.Actor, strings.Join(e.Queue, ", "))
}
