package blackpowder

import (
	"fmt"
	"slices"

	"fray/dice"
	"fray/engine"
)

// Fix: a Craft (Gunsmith) check against the gun's fix difficulty to clear a
// jam that can be cleared in combat (needs_fix, major_jam) (R19).
type Fix struct{}

// The kinds of jams.go's commands and events.
var (
	_            = engine.Add[Fix](commands, "fix")
	_            = engine.Add[Repair](commands, "repair")
	jammedKind   = engine.Add[Jammed](events, "jammed")
	gunFixedKind = engine.Add[GunFixed](events, "gun_fixed")
)

func (*Fix) isCommand() {}

// Repair: after the fight, a Craft (Gunsmith) check to mend a gun left
// inoperable for the fight (R19's 3), against its fix difficulty + 5.
type Repair struct {
	Owner string `json:"owner"`
}

func (*Repair) isCommand() {}

// jam reads the jam table after doubles (R19) and reports whether the
// shot's damage stands.
func (r *run) jam(a *Combatant, weapon int) bool {
	w := a.Weapons[weapon]
	die := r.d10()
	result := jamTable[die]
	state, loaded, stands := w.State, w.Loaded+result.kept, die == 10
	if result.state != "" {
		state = result.state
	}
	r.emit(engine.New(r.arena(), jammedKind, Jammed{Attacker: a.ID, Weapon: weapon, Die: die, Stands: stands, State: state, Loaded: loaded}))
	if die == 1 {
		// The gun explodes: d10 damage to the shooter, Toughness applies:
		// what it stops is alike.
		tough := a.ToughnessEff(false)
		r.hurt(a, "exploding "+w.Name, r.d10By(dice.Classes(0).Cut(tough+1).Each(tough+1, 10)), false, 0, 0)
	}
	return stands
}

// fix clears a needs_fix or major_jam gun with a Craft (Gunsmith) check
// (R19): needs_fix stays loaded, major_jam must be reloaded.
func (r *run) fix(who string) error {
	c, err := r.fixCheck(who)
	if err != nil {
		return err
	}
	w := c.weapon()
	ev := engine.New(r.arena(), gunFixedKind, GunFixed{Combatant: c.ID, Weapon: c.Wielding, State: w.State, Loaded: w.Loaded,
		Roll: r.passFail(c.Science+c.skill(skillCraft)+c.Assist, w.FixDifficulty)})
	if ev.Success {
		ev.State = GunOK
		if w.State == GunMajorJam {
			ev.Loaded = 0
		}
	}
	r.emit(ev)
	return nil
}

// fixCheck checks fixing the gun in hand without changing anything, and
// returns the fixer.
func (r *run) fixCheck(who string) (*Combatant, error) {
	return r.actingWith(who, func(c *Combatant) error {
		switch w := c.weapon(); {
		case w.Kind != KindGun:
			return engine.Errorf(engine.NotAllowedNow, "the %s is not a gun", w.Name)
		case w.State != GunNeedsFix && w.State != GunMajorJam:
			return engine.Errorf(engine.NotAllowedNow, "the %s is %s: nothing to fix in combat", w.Name, w.State)
		}
		return nil
	})
}

// repair mends a gun left inoperable for the fight, after it: Craft
// (Gunsmith) against the gun's fix difficulty + 5, the GM's default (§6).
func (r *run) repair(cmd *Repair) error {
	if r.s.After == nil {
		return engine.Errorf(engine.NotAllowedNow, "a gun inoperable for the fight can be repaired only after it")
	}
	c := r.s.combatant(cmd.Owner)
	if c == nil {
		return engine.Errorf(engine.Invalid, "no combatant %q", cmd.Owner)
	}
	i := slices.IndexFunc(c.Weapons, func(w Weapon) bool { return w.State == GunInoperableCombat && w.TakenBy == "" })
	if i < 0 || c.Status != Active {
		return engine.Errorf(engine.NotAllowedNow, "%s has no gun to repair, or is not conscious", c.Name)
	}
	w := c.Weapons[i]
	ev := engine.New(r.arena(), gunFixedKind, GunFixed{AfterFight: true, Combatant: c.ID, Weapon: i, State: w.State, Loaded: w.Loaded,
		Roll: r.passFail(c.Science+c.skill(skillCraft), w.FixDifficulty+5)})
	if ev.Success {
		ev.State = GunOK
	}
	r.emit(ev)
	return nil
}

// Jammed: a gun's damage dice came up doubles and the jam table was read
// (R19). Result is the table entry; Stands is set when the shot's damage
// stands (a 10).
type Jammed struct {
	Attacker string `json:"attacker"`
	Weapon   int    `json:"weapon"`
	Die      int    `json:"die"`
	Stands   bool   `json:"stands"`
	// State and Loaded are the gun's state and load afterwards.
	State  string `json:"state"`
	Loaded int    `json:"loaded"`
}

func (e *Jammed) apply(s *State, _ *hotMemory) {
	w := &s.combatant(e.Attacker).Weapons[e.Weapon]
	w.State, w.Loaded = e.State, e.Loaded
}

func (e *Jammed) describe(s *State) string {
	line := fmt.Sprintf("doubles: jam table d10=%d → the gun is %s", e.Die, e.State)
	// A result that keeps the load gives back what the shot spent
	// (R19): the line says so, after "the shot spends a load".
	if c := s.combatant(e.Attacker); c != nil && e.Weapon < len(c.Weapons) && e.Loaded > c.Weapons[e.Weapon].Loaded {
		line += ", still loaded: the shot never left the barrel"
	}
	return line
}

// GunFixed: a Craft (Gunsmith) check to clear a jam (R19: needs_fix,
// major_jam). State and Loaded are the gun's afterwards.
type GunFixed struct {
	// AfterFight marks a repair after the fight, which costs no action.
	AfterFight bool   `json:"after_fight,omitempty"`
	Combatant  string `json:"combatant"`
	Weapon     int    `json:"weapon"`
	Roll
	State  string `json:"state"`
	Loaded int    `json:"loaded"`
}

func (e *GunFixed) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Combatant)
	if !e.AfterFight {
		checkDone(c)
	}
	w := &c.Weapons[e.Weapon]
	w.State, w.Loaded = e.State, e.Loaded
}

func (e *GunFixed) describe(s *State) string {
	c := s.combatant(e.Combatant)
	return fmt.Sprintf("%s works on the %s: %s: %s, the gun is %s", c.Name, attackWeapon(c, e.Weapon).Name, checkRoll(e.Die, e.Total, e.Difficulty), verdict(e.Success), e.State)
}

// jamTable is the jam table (R19) by die: the gun's state afterwards (""
// for unchanged), the load it keeps when the shot never left the barrel,
// and the outcome tag that names the result. Only a 10 lets the shot's
// damage stand.
var jamTable = [11]struct {
	state string
	kept  int
	tag   string
}{
	1: {GunDestroyed, 0, "jam:destroyed"}, // it explodes: d10 damage to the shooter
	2: {GunBrokenWorkshop, 0, "jam:broken"},
	3: {GunInoperableCombat, 0, "jam:inoperable"},
	4: {GunMajorJam, 0, "jam:major-jam"},
	// An operational failure: the gun did not fire, so once fixed it
	// shoots without a reload.
	5:  {GunNeedsFix, 1, "jam:needs-fix"},
	6:  {GunMinorJam, 1, "jam:minor-jam"}, // no shot: it stays loaded
	7:  {"", 0, "jam:bullet-falls-out"},   // no damage, the load is gone
	8:  {"", 0, "jam:misses"},             // the bullet veers off, as 7
	9:  {"", 1, "jam:misfire"},            // the load is kept
	10: {"", 0, "jam:stands"},
}
