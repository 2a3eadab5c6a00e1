package woundslots

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// Environments of a cell, from its terrain (R74, R75).
const (
	Underwater = "underwater"
	Swimming   = "swimming"
	Climbing   = "climbing"
)

// env is the environment c is in: its cell's (underwater for
// underwater_walk, swimming, climbing for vertical_climb, "" on firm
// ground), under water for a swimmer who sank, and firm ground for a
// climber who fell to the foot of its climb (R75).
func (s *State) env(c *Combatant) string {
	e := s.terrainEnv(c.X, c.Y)
	switch {
	case c.Sunk && e == Swimming:
		return Underwater
	case c.Fell && e == Climbing:
		return ""
	}
	return e
}

// terrainEnv is the environment of cell x,y by its terrain.
func (s *State) terrainEnv(x, y int) string {
	e := ""
	for i := range s.Terrain {
		z := &s.Terrain[i]
		if !z.contains(x, y) {
			continue
		}
		for _, k := range z.Kinds {
			switch k {
			case "underwater_walk":
				return Underwater
			case "swimming":
				e = Swimming
			case "vertical_climb":
				if e == "" {
					e = Climbing
				}
			}
		}
	}
	return e
}

// put places c at x,y and notes whether it is under water there (R14,
// R74): every move of a combatant goes through it. A creature that fell
// climbs again once it moves; one that sank stays under until it
// surfaces or leaves the water (R75).
func (s *State) put(c *Combatant, x, y int) {
	moved := c.X != x || c.Y != y
	c.X, c.Y = x, y
	if moved {
		c.Fell = false
	}
	if s.terrainEnv(x, y) != Swimming {
		c.Sunk = false
	}
	c.Submerged = s.env(c) == Underwater
}

// placeAll notes for every combatant whether it is under water.
func (s *State) placeAll() {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		s.put(c, c.X, c.Y)
	}
}

// current is the current's drift, in yards a round, of the water at
// cell x,y (R37: a swimmer adds it to its movement).
func (s *State) current(x, y int) (dx, dy int) {
	for i := range s.Terrain {
		z := &s.Terrain[i]
		if z.contains(x, y) {
			dx, dy = dx+z.Current.X, dy+z.Current.Y
		}
	}
	return dx, dy
}

// drift carries a swimmer along the water's current at the end of its
// turn [ours: when the rules add the current to its movement], a yard at
// a time, stopping at anyone in the way.
func (r *run) drift(c *Combatant) {
	s := r.s
	if s.terrainEnv(c.X, c.Y) != Swimming || c.gone() {
		return
	}
	dx, dy := s.current(c.X, c.Y)
	if dx == 0 && dy == 0 {
		return
	}
	x, y := c.X, c.Y
	for range max(parts.Abs(dx), parts.Abs(dy)) {
		nx, ny := x, y
		if x-c.X != dx {
			nx += sign(dx)
		}
		if y-c.Y != dy {
			ny += sign(dy)
		}
		if s.blocked(c, nx, ny) || parts.Abs(nx) > parts.MaxCoordinate || parts.Abs(ny) > parts.MaxCoordinate {
			break
		}
		x, y = nx, ny
	}
	if x != c.X || y != c.Y {
		r.emit(engine.New(r.h.arena(), carriedKind, Carried{Combatant: c.ID, With: "the current", X: x, Y: y}))
		r.checkGrapples(c)
	}
}

// surface is R75's return to the surface of a swimmer who sank (4 AP,
// the seed): Str [Athletics/Swimming] against the GM's TN.
func (r *run) surface() error {
	a, err := r.surfaceCheck()
	if err != nil {
		return err
	}
	r.spend(a, actionCosts["surface"], "surface")
	r.footing(a, Swimming, 0, "surfacing")
	return nil
}

// surfaceCheck is surface's checks: it returns the swimmer.
func (r *run) surfaceCheck() (a *Combatant, err error) {
	if a, err = r.acting("surface"); err != nil {
		return nil, err
	}
	if !a.Sunk {
		return nil, refuse(engine.NotAllowedNow, "%s has not sunk", a.ID)
	}
	return a, need(a, actionCosts["surface"], "surfacing")
}

// UnderwaterAP and UnderwaterPenalty are R74's extra AP and penalty of a
// melee attack underwater.
const (
	UnderwaterAP      = 2
	UnderwaterPenalty = 5
)

// attackCost is what an attack style, a rebuff or an opening costs a: +2
// AP for a melee attack underwater (R74), and a rebuff (R41) and an
// opening's melee attack roll (R50) are ones.
func (s *State) attackCost(a *Combatant, style string) int {
	c := actionCosts[style]
	if s.env(a) == Underwater {
		c += UnderwaterAP
	}
	return c
}

// footing is R75's check of a swimmer or climber, Str
// [Athletics/Swimming|Climbing] with mod against the GM's TN (footing_tn,
// default 5, A34); it reports whether the creature kept afloat or its hold.
func (r *run) footing(c *Combatant, env string, mod int, why string) bool {
	spec := "swimming"
	if env == Climbing {
		spec = "climbing"
	}
	return r.footingCheck(c, env, why, c.Attributes.Str+c.rank("athletics", spec)+mod, gmTN(r.s.Options.FootingTN))
}

// footingCheck rolls c's check of its footing in env (R38, R75) with
// bonus, less exhaustion, against tn, and reports whether c kept it.
func (r *run) footingCheck(c *Combatant, env, why string, bonus, tn int) bool {
	ck := r.standard(bonus-c.tired(), tn)
	r.emit(engine.New(r.h.arena(), footingCheckedKind, FootingChecked{Combatant: c.ID, Env: env, TNRoll: ck, Kept: ck.succeeds(), Why: why}))
	return ck.succeeds()
}

// attackFooting is R75's check of a swimmer or climber before any attack
// roll it makes, a weapon's, a spell's or an opening's: its die comes
// first, and a slip means the attack misses without a die (A37). It
// reports whether the attack is rolled.
func (r *run) attackFooting(a *Combatant) bool {
	if env := r.s.env(a); env == Swimming || env == Climbing {
		return r.footing(a, env, 0, "attacking")
	}
	return true
}

// woundFooting is R75's check on each wound of a swimmer or climber, -5
// per level above light.
func (r *run) woundFooting(t *Combatant, level int) {
	if env := r.s.env(t); (env == Swimming || env == Climbing) && t.Status == Active {
		r.footing(t, env, -5*(level-Light), "wounded")
	}
}

// FootingChecked: a swimmer's or climber's check (R75): before an attack (a failure means it slips, and the attack is lost, A37) or on a wound; Kept says it stays afloat or keeps its hold.
type FootingChecked struct {
	Combatant string `json:"combatant"`
	Env       string `json:"env"`
	TNRoll
	Kept bool   `json:"kept"`
	Why  string `json:"why"`
}

func (e *FootingChecked) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	switch {
	case e.Why == "surfacing":
		c.Sunk = c.Sunk && !e.Kept
	case e.Kept:
		return
	case e.Env == Balance:
		c.Posture = Prone
		return
	case e.Env == Swimming:
		c.Sunk = true
	case e.Env == Climbing:
		c.Fell, c.Posture = true, Prone
	}
	c.Submerged = s.env(c) == Underwater
	if !e.Kept && e.Why == "attacking" {
		doneIfOwn(s, e.Combatant)
	}
}

func (e *FootingChecked) describe(s *State) string {
	out := map[string][2]string{Swimming: {"stays afloat", "sinks"}, Climbing: {"keeps its hold", "falls"}, Balance: {"lands on its feet", "falls prone"}}[e.Env]
	res := out[1]
	if e.Kept {
		res = out[0]
	}
	switch {
	case e.Why == "surfacing" && e.Kept:
		res = "surfaces"
	case e.Why == "surfacing":
		res = "stays under"
	case !e.Kept && e.Why == "attacking":
		res += ": its attack is lost"
	}
	return fmt.Sprintf("%s's %s check (%s): %s: %s", e.Combatant, e.Env, e.Why, e.rolled(), res)
}

// Surface is a sunk swimmer's swim back up (R75).
type Surface struct{}

// The kinds of water.go's command and event.
var (
	_                  = engine.Add[Surface](commands, "surface")
	footingCheckedKind = engine.Add[FootingChecked](events, "footing_checked")
)

func (*Surface) command() {}
