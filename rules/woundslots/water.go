package woundslots

// Environments of a cell, from its terrain (R74, R75).
const (
	Underwater = "underwater"
	Swimming   = "swimming"
	Climbing   = "climbing"
)

// env is the environment of c's cell: underwater (underwater_walk),
// swimming, climbing (vertical_climb), or "" on firm ground.
func (s *State) env(c *Combatant) string {
	e := ""
	for i := range s.Terrain {
		z := &s.Terrain[i]
		if c.X < min(z.X1, z.X2) || c.X > max(z.X1, z.X2) || c.Y < min(z.Y1, z.Y2) || c.Y > max(z.Y1, z.Y2) {
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
// R74): every move of a combatant goes through it.
func (s *State) put(c *Combatant, x, y int) {
	c.X, c.Y = x, y
	c.Submerged = s.env(c) == Underwater
}

// placeAll notes for every combatant whether it is under water.
func (s *State) placeAll() {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		s.put(c, c.X, c.Y)
	}
}

// UnderwaterAP and UnderwaterPenalty are R74's extra AP and penalty of a
// melee attack underwater.
const (
	UnderwaterAP      = 2
	UnderwaterPenalty = 5
)

// attackCost is what an attack style costs a: +2 AP for melee underwater
// (R74).
func (s *State) attackCost(a *Combatant, style string) int {
	c := actionCosts[style]
	if s.env(a) == Underwater {
		c += UnderwaterAP
	}
	return c
}

// footingTN is the GM's TN for swimming and climbing checks (section 6:
// default 5, A34).
func (s *State) footingTN() int {
	if s.Options.FootingTN > 0 {
		return s.Options.FootingTN
	}
	return DefaultTN
}

// footing is R75's check of a swimmer or climber, Str
// [Athletics/Swimming|Climbing] against the GM's TN with mod; it reports
// whether the creature kept afloat or its hold.
func (r *run) footing(c *Combatant, env string, mod int, why string) bool {
	spec := "swimming"
	if env == Climbing {
		spec = "climbing"
	}
	die := r.src.Roll(20)
	bonus := c.Attributes.Str + c.skill("athletics") + c.spec("athletics", spec) + mod
	bonus -= c.tired()
	tn := r.s.footingTN()
	kept := die+bonus >= tn
	r.emit(ev(r.h, (*hotMemory).evFootingChecked, FootingChecked{Combatant: c.ID, Env: env, Die: die, Bonus: bonus, TN: tn, Kept: kept, Why: why}))
	return kept
}

// woundFooting is R75's check on each wound of a swimmer or climber, -5
// per level above light.
func (r *run) woundFooting(t *Combatant, level int) {
	if env := r.s.env(t); (env == Swimming || env == Climbing) && t.Status == Active {
		r.footing(t, env, -5*(level-Light), "wounded")
	}
}
