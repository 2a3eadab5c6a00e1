package blackpowder

import (
	"fmt"
	"math"

	"fray/engine"
)

// Draw: take another carried weapon in hand ("fists" for none). The first
// in a turn is the immediate action (R06).
type Draw struct {
	Weapon string `json:"weapon"`
}

// The kinds of weapons.go's commands and events.
var (
	drawKind        = engine.Add[Draw](commands, "draw")
	_               = engine.Add[Reload](commands, "reload")
	weaponDrawnKind = engine.Add[WeaponDrawn](events, "weapon_drawn")
	reloadStepKind  = engine.Add[ReloadStep](events, "reload_step")
)

func (*Draw) isCommand() {}

// Reload: one reload step on the gun in hand (R20).
type Reload struct{}

func (*Reload) isCommand() {}

// weaponIndex finds a carried weapon by name ("fists": -1).
func (c *Combatant) weaponIndex(name string) (int, error) {
	if name == "fists" {
		return -1, nil
	}
	for i, w := range c.Weapons {
		if w.Name == name {
			return i, nil
		}
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
	if i < 0 || i >= len(c.Weapons) || !c.Weapons[i].OnGround {
		return nil
	}
	w := &c.Weapons[i]
	if d := math.Hypot(w.GroundX-c.X, w.GroundY-c.Y); d > reach {
		return engine.Errorf(engine.NotAllowedNow, "the %s lies on the ground at (%g, %g), %.1f m from %s: it is picked up within reach (%.1f m)", w.Name, w.GroundX, w.GroundY, d, c.Name, reach)
	}
	return nil
}

func (r *run) draw(who, name string) error {
	c, i, err := r.drawCheck(who, name)
	if err != nil {
		return err
	}
	// A draw made with a delayed action is that action (R07): the
	// immediate action belongs to the combatant's own turn.
	r.emit(engine.New(r.arena(), weaponDrawnKind, WeaponDrawn{Combatant: c.ID, Weapon: i, Immediate: !c.ImmediateUsed && r.mode != "delayed"}))
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
	need := c.weapon().Reload[min(max(c.GunslingerTier, 0), 2)]
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
	case w.Kind != Gun:
		return nil, false, engine.Errorf(engine.NotAllowedNow, "the %s is not a gun", w.Name)
	case w.State != GunOK:
		return nil, false, engine.Errorf(engine.NotAllowedNow, "the %s is %s and cannot be reloaded", w.Name, w.State)
	case w.Loaded >= max(w.Capacity, 1):
		return nil, false, engine.Errorf(engine.NotAllowedNow, "the %s is loaded", w.Name)
	}
	// A quick reload is the immediate action, if it is unused; a second
	// immediate action in a turn counts as an action (R06), and a reload
	// made with a delayed action is that action (R07), however quick.
	quick := w.Reload[min(max(c.GunslingerTier, 0), 2)] == 0
	if quick && r.mode != "delayed" && !c.ImmediateUsed {
		return c, true, nil
	}
	if c.Done && r.mode == "" {
		return nil, false, engine.Errorf(engine.NotAllowedNow, "%s has finished this turn: reloading the %s takes an action", c.Name, w.Name)
	}
	if c.Actions < 1 {
		if quick && r.mode == "" {
			return nil, false, engine.Errorf(engine.NotAllowedNow, "%s has used the immediate action this turn and has no action left", c.Name)
		}
		return nil, false, noActionLeft(c)
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
