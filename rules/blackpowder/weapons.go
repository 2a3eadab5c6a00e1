package blackpowder

import (
	"fmt"
	"math"
	"slices"

	"fray/engine"
)

// Draw: take another carried weapon in hand ("fists" for none). The first
// in a turn is the immediate action (R06).
type Draw struct {
	Weapon string `json:"weapon"`
	// From names the owner of a weapon lying on the ground within reach,
	// to pick up: it then joins the drawer's weapons (R05, R06; our
	// ruling). Empty, or the drawer itself, for one of its own.
	From string `json:"from,omitempty"`
}

// The kinds of weapons.go's commands and events.
var (
	drawKind        = engine.Add[Draw](commands, "draw")
	pickedUpKind    = engine.Add[PickedUp](events, "picked_up")
	_               = engine.Add[Reload](commands, "reload")
	weaponDrawnKind = engine.Add[WeaponDrawn](events, "weapon_drawn")
	reloadStepKind  = engine.Add[ReloadStep](events, "reload_step")
)

func (*Draw) isCommand() {}

// Reload: one reload step on the gun in hand (R20).
type Reload struct{}

func (*Reload) isCommand() {}

// weaponIndex finds a carried weapon by name ("fists": -1): one still its
// own before one another has picked up (see Weapon.TakenBy), which
// groundError then refuses.
func (c *Combatant) weaponIndex(name string) (int, error) {
	if name == "fists" {
		return -1, nil
	}
	gone := -1
	for i := range c.Weapons {
		if w := &c.Weapons[i]; w.Name == name {
			if w.TakenBy == "" {
				return i, nil
			}
			gone = i
		}
	}
	if gone >= 0 {
		return gone, nil
	}
	names := []string{"fists"}
	for _, w := range c.Weapons {
		names = append(names, w.Name)
	}
	return 0, engine.Errorf(engine.Invalid, "%s carries no %q (carries: %v)", c.Name, name, names)
}

// groundError says why c cannot take weapon i in hand: it lies on the
// ground beyond c's reach (R17); nil when c may.
func (c *Combatant) groundError(i int) error {
	if c.mayTake(i) {
		return nil
	}
	w := &c.Weapons[i]
	if w.TakenBy != "" {
		return engine.Errorf(engine.NotAllowedNow, "the %s is gone: %s picked it up", w.Name, w.TakenBy)
	}
	return c.beyondReach(w)
}

// beyondReach says that w lies on the ground beyond c's reach (R17).
func (c *Combatant) beyondReach(w *Weapon) error {
	return engine.Errorf(engine.NotAllowedNow, "the %s lies on the ground at (%g, %g), %.1f m from %s: it is picked up within reach (%.1f m)", w.Name, w.GroundX, w.GroundY, c.groundDistance(w), c.Name, reach)
}

// groundDistance is how far from c weapon w lies on the ground.
func (c *Combatant) groundDistance(w *Weapon) float64 {
	return math.Hypot(w.GroundX-c.X, w.GroundY-c.Y)
}

// reloadTime is how many reload actions c takes to reload gun w: its
// reload time at c's Gunslinger tier, 0 for the immediate action (R20).
func (c *Combatant) reloadTime(w *Weapon) int { return w.Reload[min(max(c.GunslingerTier, 0), 2)] }

// mayTake reports whether c may take weapon i in hand as far as the
// ground goes: what groundError checks, without making its error (the
// menus and the policy ask it of every weapon, decision after decision).
func (c *Combatant) mayTake(i int) bool {
	if i < 0 || i >= len(c.Weapons) {
		return true
	}
	w := &c.Weapons[i]
	switch {
	case w.TakenBy != "":
		return false
	case w.OnGround:
		return c.groundDistance(w) <= reach
	}
	return true
}

func (r *run) draw(who, name string) error {
	c, i, err := r.drawCheck(who, name)
	if err != nil {
		return err
	}
	// A draw made with a delayed action is that action (R07): the
	// immediate action belongs to the combatant's own turn.
	r.emit(engine.New(r.arena(), weaponDrawnKind, WeaponDrawn{Combatant: c.ID, Weapon: i, Immediate: !c.ImmediateUsed && r.mode != PaidByDelayed}))
	return nil
}

// drawCheck checks drawing the named weapon without changing anything,
// and returns the drawer and the weapon's index.
func (r *run) drawCheck(who, name string) (*Combatant, int, error) {
	c, err := r.immediateMember(who)
	if err != nil {
		return nil, 0, err
	}
	i, err := c.weaponIndex(name)
	if err != nil {
		return nil, 0, err
	}
	if i == c.Wielding {
		return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s already holds the %s", c.Name, c.weapon().Name)
	}
	if err := c.groundError(i); err != nil {
		return nil, 0, err
	}
	if c.ImmediateUsed && c.Actions < 1 {
		return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s has used the immediate action and has no action left", c.Name)
	}
	return c, i, nil
}

func (r *run) reload(who string) error {
	c, immediate, err := r.reloadCheck(who)
	if err != nil {
		return err
	}
	if immediate {
		r.emit(engine.New(r.arena(), reloadStepKind, ReloadStep{Combatant: c.ID, Weapon: c.Wielding, Done: true, Immediate: true}))
		return nil
	}
	need := c.reloadTime(c.weapon())
	r.emit(engine.New(r.arena(), reloadStepKind, ReloadStep{Combatant: c.ID, Weapon: c.Wielding, Done: c.Reloading+1 >= need}))
	return nil
}

// reloadCheck checks a reload without changing anything, and says whether
// it is the immediate action of a gun that takes no time to reload.
func (r *run) reloadCheck(who string) (c *Combatant, immediate bool, err error) {
	c, err = r.immediateMember(who)
	if err != nil {
		return nil, false, err
	}
	w := c.weapon()
	switch {
	case w.Kind != KindGun:
		return nil, false, engine.Errorf(engine.NotAllowedNow, "the %s is not a gun", w.Name)
	case w.State != GunOK:
		return nil, false, engine.Errorf(engine.NotAllowedNow, "the %s is %s and cannot be reloaded", w.Name, w.State)
	case w.Loaded >= max(w.Capacity, 1):
		return nil, false, engine.Errorf(engine.NotAllowedNow, "the %s is loaded", w.Name)
	}
	// A quick reload is the immediate action, if it is unused; a second
	// immediate action in a turn counts as an action (R06), and a reload
	// made with a delayed action is that action (R07), however quick.
	quick := c.reloadTime(w) == 0
	if quick && r.mode != PaidByDelayed && !c.ImmediateUsed {
		return c, true, nil
	}
	if c.Done && r.mode == PaidByAction {
		return nil, false, engine.Errorf(engine.NotAllowedNow, "%s has finished this turn: reloading the %s takes an action", c.Name, w.Name)
	}
	if c.Actions < 1 {
		if quick && r.mode == PaidByAction {
			return nil, false, engine.Errorf(engine.NotAllowedNow, "%s has used the immediate action this turn and has no action left", c.Name)
		}
		return nil, false, r.noActionLeft(c)
	}
	return c, false, nil
}

// WeaponDrawn: a combatant takes another weapon in hand (R06: an immediate
// action the first time in a turn, else an action).
type WeaponDrawn struct {
	Combatant string `json:"combatant"`
	Weapon    int    `json:"weapon"`
	Immediate bool   `json:"immediate"`
}

func (e *WeaponDrawn) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	c.Wielding, c.Reloading = e.Weapon, 0
	if e.Weapon >= 0 {
		// A weapon lying where it was thrown is picked up (R17).
		w := &c.Weapons[e.Weapon]
		w.OnGround, w.GroundX, w.GroundY = false, 0, 0
	}
	spend(c, e.Immediate)
}

func (e *WeaponDrawn) describe(s *State) string {
	c := s.combatant(e.Combatant)
	return fmt.Sprintf("%s draws the %s", c.Name, attackWeapon(c, e.Weapon).Name)
}

// ReloadStep: one reload action (or the immediate reload) on a gun (R20).
type ReloadStep struct {
	Combatant string `json:"combatant"`
	Weapon    int    `json:"weapon"`
	// Done is set when the gun is loaded.
	Done      bool `json:"done"`
	Immediate bool `json:"immediate,omitempty"`
}

func (e *ReloadStep) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	spend(c, e.Immediate)
	if e.Done {
		w := &c.Weapons[e.Weapon]
		w.Loaded, c.Reloading = max(w.Capacity, 1), 0
	} else {
		c.Reloading++
	}
}

func (e *ReloadStep) describe(s *State) string {
	if e.Done {
		return s.name(e.Combatant) + " reloads: loaded"
	}
	return s.name(e.Combatant) + " reloads (not done yet)"
}

// pickUp takes in hand a weapon of another that lies on the ground within
// reach (our ruling: the rules let anyone interact with what lies about,
// R05): as a draw, the immediate action the first time in a turn, else an
// action (R06, R07). The weapon joins the drawer's weapons.
func (r *run) pickUp(who string, cmd *Draw) error {
	c, o, i, err := r.pickUpCheck(who, cmd)
	if err != nil {
		return err
	}
	ev := engine.New(r.arena(), pickedUpKind, PickedUp{Combatant: c.ID, Owner: o.ID, Weapon: i, Immediate: !c.ImmediateUsed && r.mode != PaidByDelayed})
	if name := o.Weapons[i].Name; c.carries(name) {
		// Named apart from the drawer's own weapon of that name.
		ev.Name = o.ID + "_" + name
		for n := 2; c.carries(ev.Name); n++ {
			ev.Name = fmt.Sprintf("%s_%s_%d", o.ID, name, n)
		}
	}
	r.emit(ev)
	return nil
}

// carries reports whether c has a weapon of that name that is still its.
func (c *Combatant) carries(name string) bool {
	for i := range c.Weapons {
		if c.Weapons[i].Name == name && c.Weapons[i].TakenBy == "" {
			return true
		}
	}
	return name == "fists"
}

// pickUpCheck checks picking up another's weapon without changing
// anything, and returns the drawer, the owner and the weapon's index
// among the owner's.
func (r *run) pickUpCheck(who string, cmd *Draw) (c, o *Combatant, i int, err error) {
	c, err = r.immediateMember(who)
	if err != nil {
		return nil, nil, 0, err
	}
	o = r.s.combatant(cmd.From)
	if o == nil {
		return nil, nil, 0, engine.Errorf(engine.Invalid, "no combatant %q to pick a weapon up from", cmd.From)
	}
	i = slices.IndexFunc(o.Weapons, func(w Weapon) bool { return w.Name == cmd.Weapon && w.TakenBy == "" })
	if i < 0 {
		return nil, nil, 0, engine.Errorf(engine.Invalid, "%s has no %q to pick up", o.Name, cmd.Weapon)
	}
	w := &o.Weapons[i]
	switch {
	case !w.OnGround:
		return nil, nil, 0, engine.Errorf(engine.NotAllowedNow, "the %s does not lie on the ground: %s has it", w.Name, o.Name)
	case c.groundDistance(w) > reach:
		return nil, nil, 0, c.beyondReach(w)
	case c.ImmediateUsed && c.Actions < 1:
		return nil, nil, 0, engine.Errorf(engine.NotAllowedNow, "%s has used the immediate action and has no action left", c.Name)
	}
	return c, o, i, nil
}

// PickedUp: a combatant picks up another's weapon lying on the ground
// within reach and takes it in hand (a draw: R06); it joins its weapons,
// under Name when its own name is one the picker's weapons have, and its
// owner no longer has it.
type PickedUp struct {
	Combatant string `json:"combatant"`
	Owner     string `json:"owner"`
	// Weapon is its index among the owner's weapons.
	Weapon    int    `json:"weapon"`
	Name      string `json:"name,omitempty"`
	Immediate bool   `json:"immediate"`
}

func (e *PickedUp) apply(s *State, _ *hotMemory) {
	c, o := s.combatant(e.Combatant), s.combatant(e.Owner)
	w := o.Weapons[e.Weapon]
	w.OnGround, w.GroundX, w.GroundY = false, 0, 0
	if e.Name != "" {
		w.Name = e.Name
	}
	gone := &o.Weapons[e.Weapon]
	gone.OnGround, gone.GroundX, gone.GroundY, gone.TakenBy = false, 0, 0, c.ID
	c.Weapons = append(c.Weapons[:len(c.Weapons):len(c.Weapons)], w)
	c.Wielding, c.Reloading = len(c.Weapons)-1, 0
	spend(c, e.Immediate)
}

func (e *PickedUp) describe(s *State) string {
	line := fmt.Sprintf("%s picks up %s's %s", s.name(e.Combatant), s.name(e.Owner), s.combatant(e.Owner).Weapons[e.Weapon].Name)
	if e.Name != "" {
		line += " (now its " + e.Name + ")"
	}
	return line
}
