package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// containerAP is R48: what retrieving an item from a container, or
// stowing it there, costs in AP.
var containerAP = map[string]int{
	"scabbard": 1, "pocket": 1,
	"pouch": 3, "concealed": 3,
	"sack": 6, "backpack": 6,
}

// PickUpAP is what picking up a weapon from the ground costs: the rules
// give it no cost, so section 6's default for an unlisted object.
const PickUpAP = DefaultObjectCost

// homeOf is where stowing w puts it (R48): its container, else a
// scabbard.
func homeOf(w *Weapon) string {
	if w.Container != "" {
		return w.Container
	}
	return "scabbard"
}

// droppedNear returns the index of a weapon called name lying in c's
// space or beside it, or -1.
func (s *State) droppedNear(c *Combatant, name string) int {
	return slices.IndexFunc(s.Dropped, func(d Dropped) bool {
		return d.Weapon.Name == name && DistanceBetween(c.X, c.Y, c.span(), d.X, d.Y, 1) <= 1
	})
}

// retrieveAP is what retrieving weapon name costs c, and whether it may:
// its own stowed weapon, from its container (R48), or one on the ground
// beside it; either takes an empty hand. A creature tells its weapons
// apart by name, so it picks up none called as one it holds.
func (s *State) retrieveAP(c *Combatant, name string) (int, bool) {
	if c.freeHands() < 1 || name == "" {
		return 0, false
	}
	if w := c.Weapon(name); w != nil {
		return containerAP[w.Stowed], !w.InHand()
	}
	return PickUpAP, s.droppedNear(c, name) >= 0
}

// retrieveCost is retrieveAP with the reason c may not retrieve weapon
// name.
func (s *State) retrieveCost(c *Combatant, name string) (int, error) {
	if n, ok := s.retrieveAP(c, name); ok {
		return n, nil
	}
	w := c.Weapon(name)
	switch i := s.droppedNear(c, name); {
	case name == "":
		return 0, refuse(engine.Invalid, "retrieve: name the weapon to take into hand")
	case c.freeHands() < 1:
		return 0, refuse(engine.NotAllowedNow, "%s has no empty hand to retrieve anything with (R48); stow something first", c.ID)
	case w != nil && i >= 0:
		return 0, refuse(engine.NotAllowedNow, "%s holds a weapon called %s already, and so cannot pick up the %s at %d,%d too: it would not tell the two apart", c.ID, name, name, s.Dropped[i].X, s.Dropped[i].Y)
	case w != nil:
		return 0, refuse(engine.NotAllowedNow, "%s holds its %s already", c.ID, name)
	}
	return 0, refuse(engine.NotAllowedNow, "%s has no %q stowed, and none lies beside it", c.ID, name)
}

// retrieve is R48's retrieving of a stowed weapon into an empty hand, or
// the picking up of one lying beside the creature (2 AP [ours], section
// 6), hurried or not (R67).
func (r *run) retrieve(name string, hurry bool) error {
	a, cost, err := r.retrieveCheck(name, hurry)
	if err != nil {
		return err
	}
	s := r.s
	r.spend(a, r.hurried(a, cost, hurry), "retrieve "+name)
	e := ItemMoved{Combatant: a.ID, Weapon: name, To: "hand"}
	if w := a.Weapon(name); w != nil {
		e.From = w.Stowed
	} else {
		d := s.Dropped[s.droppedNear(a, name)]
		e.From, e.X, e.Y = "ground", d.X, d.Y
	}
	r.emit(engine.New(r.h.arena(), itemMovedKind, e))
	return nil
}

// retrieveCheck is retrieve's checks: it returns the actor and the AP
// the retrieving costs unhurried.
func (r *run) retrieveCheck(name string, hurry bool) (*Combatant, int, error) {
	if err := r.wantPhase(Acting, "retrieve ", name); err != nil {
		return nil, 0, err
	}
	s, a := r.s, r.s.actor()
	cost, err := s.retrieveCost(a, name)
	if err != nil {
		return nil, 0, err
	}
	return a, cost, r.hurryCheck(a, cost, hurry, "retrieving ", name)
}

// stow is R48's stowing of a weapon in hand into its container.
func (r *run) stow(name string, hurry bool) error {
	a, w, err := r.stowCheck(name, hurry)
	if err != nil {
		return err
	}
	to := homeOf(w)
	r.spend(a, r.hurried(a, containerAP[to], hurry), "stow "+name)
	r.emit(engine.New(r.h.arena(), itemMovedKind, ItemMoved{Combatant: a.ID, Weapon: name, From: "hand", To: to}))
	return nil
}

// stowCheck is stow's checks: it returns the actor and the weapon.
func (r *run) stowCheck(name string, hurry bool) (a *Combatant, w *Weapon, err error) {
	if a, err = r.acting("stow ", name); err != nil {
		return nil, nil, err
	}
	w = a.Weapon(name)
	switch {
	case w == nil || name == "":
		return nil, nil, refuse(engine.Invalid, "%s has no weapon called %q", a.ID, name)
	case !w.InHand():
		return nil, nil, refuse(engine.NotAllowedNow, "%s's %s is stowed already", a.ID, name)
	}
	return a, w, r.hurryCheck(a, containerAP[homeOf(w)], hurry, "stowing ", name)
}

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

// Retrieve takes a stowed weapon into an empty hand, or picks one up from
// the ground beside one (R48).
type Retrieve struct {
	Weapon string `json:"weapon"`
	Hurry  bool   `json:"hurry,omitempty"`
}

func (*Retrieve) command() {}

// Stow puts a weapon in hand into its container (R48).
type Stow struct {
	Weapon string `json:"weapon"`
	Hurry  bool   `json:"hurry,omitempty"`
}

// The kinds of items.go's commands and event.
var (
	retrieveKind  = engine.Add[Retrieve](commands, "retrieve")
	stowKind      = engine.Add[Stow](commands, "stow")
	itemMovedKind = engine.Add[ItemMoved](events, "item_moved")
)

func (*Stow) command() {}
