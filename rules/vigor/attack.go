package vigor

import (
	"fmt"

	"fray/engine"
	"fray/rules/parts"
)

// Attack attacks a target (R11), optionally with an off-hand attack for 8
// Vigor (R12) on OffTarget.
type Attack struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
	// OffTarget, when set, declares the off-hand attack (R12, A35).
	OffTarget string `json:"off_target,omitempty"`
	Mods
}

// The kinds of attack.go's commands and events.
var (
	attackKind         = engine.Add[Attack](commands, "attack")
	rollAttackKind     = engine.Add[RollAttack](commands, "roll")
	attackDeclaredKind = engine.Add[AttackDeclared](events, "attack_declared")
	attackRolledKind   = engine.Add[AttackRolled](events, "attack_rolled")
)

func (*Attack) command() {}

// attack checks and rolls an attack on the attacker's turn (R11, R12).
func (d *decider) attack(c *Attack) error {
	me, err := d.acting("attack", 1)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	t, w, err := d.target(me, c.Target, c.Weapon, "attack")
	if err != nil {
		return err
	}
	then, err := d.offHand(me, c.OffTarget, 0)
	if err != nil {
		return err
	}
	d.acted(me, "attack", 1)
	if then != nil {
		d.pay(me, OffHandCost, "an off-hand attack")
	}
	d.roll(me, t, w, how{mods: c.Mods, then: then})
	return nil
}

// checkMods refuses modifiers out of bounds.
func checkMods(m Mods) error {
	if m.Dice < 0 || m.Charges < 0 || m.Challenges < 0 || m.Dice > 20 || m.Charges > 10 || m.Challenges > 10 {
		return invalid("dice must be 0 to 20, charges and challenges 0 to 10")
	}
	return nil
}

// offHand checks an off-hand attack declared on target (none for "")
// with an attack or a light-weapon technique that costs other Vigor
// itself (R12, A35), and returns it to follow the main attack.
func (d *decider) offHand(me *Combatant, target string, other int) (*FollowUp, error) {
	if target == "" {
		return nil, nil
	}
	if me.Vigor < other+OffHandCost {
		return nil, refuse("%s cannot attack off-hand: it costs %d Vigor and %s has %d (R12)", me.ID, other+OffHandCost, me.ID, me.Vigor)
	}
	off := me.OffHandWeapon()
	if _, _, err := d.target(me, target, off.Name, "attack off-hand"); err != nil {
		return nil, err
	}
	return d.followUp(FollowUp{Target: target, Weapon: off.Name}), nil
}

// target finds an attack's target and weapon and checks that the attack
// can reach (R24 step 1).
func (d *decider) target(me *Combatant, target, weapon, what string) (*Combatant, *Weapon, error) {
	t, w, err := d.foe(me, target, weapon, what)
	if err != nil {
		return nil, nil, err
	}
	if err := d.s.canReach(me, t, w); err != nil {
		return nil, nil, refuse("%s cannot %s %s with %s: %v", me.ID, what, t.ID, w.Name, err)
	}
	return t, w, nil
}

// foe finds an attack's target and weapon, wherever the target stands:
// an enemy (or an object) that can still be attacked.
func (d *decider) foe(me *Combatant, target, weapon, what string) (*Combatant, *Weapon, error) {
	s := d.s
	t := s.Combatant(target)
	switch {
	case t == nil:
		return nil, nil, s.unknown(target)
	case t.ID == me.ID:
		return nil, nil, refuse("%s cannot %s itself", me.ID, what)
	case t.Side == me.Side && !t.Object:
		return nil, nil, refuse("%s cannot %s %s: they are on the same side", me.ID, what, t.ID)
	case !t.Targetable():
		return nil, nil, refuse("%s cannot %s %s: %s is %s", me.ID, what, t.ID, t.ID, conditionOf(t))
	}
	w := me.Weapon(weapon)
	if w == nil {
		return nil, nil, invalid("%s has no weapon called %q", me.ID, weapon)
	}
	return t, w, nil
}

// reaches reports whether an attack with w can reach t (R24 step 1, R44,
// R45, A24); canReach says why not.
func (s *State) reaches(me, t *Combatant, w *Weapon) bool {
	if !s.clear(me.X, me.Y, t.X, t.Y) {
		return false // a wall between: no line of sight, no clear path (R24 step 1, R43)
	}
	dist := s.distance(me, t)
	if !w.category().Ranged {
		return dist <= me.Reach(w)
	}
	if mr := w.maxRange(); mr > 0 && dist > mr {
		return false
	}
	v := visibilityTable[s.Scene.Visibility]
	if t.Hidden && dist > v.VisionFt {
		return false
	}
	return v.MaxRangeFt == 0 || dist <= v.MaxRangeFt
}

// canReach says why an attack with w cannot reach t, or nil (R24 step 1,
// R44, R45, A24).
func (s *State) canReach(me, t *Combatant, w *Weapon) error {
	if s.reaches(me, t, w) {
		return nil
	}
	if !s.clear(me.X, me.Y, t.X, t.Y) {
		return fmt.Errorf("a wall stands between them (R24 step 1, R43)")
	}
	dist := s.distance(me, t)
	if !w.category().Ranged {
		if r := me.Reach(w); dist > r {
			return fmt.Errorf("%s is %d ft away and the reach is %d ft", t.ID, dist, r)
		}
		return nil
	}
	if mr := w.maxRange(); mr > 0 && dist > mr {
		return fmt.Errorf("%s is %d ft away, beyond the %d ft it reaches", t.ID, dist, mr)
	}
	if v := visibilityTable[s.Scene.Visibility]; t.Hidden && dist > v.VisionFt {
		return fmt.Errorf("%s is hidden and %d ft away, beyond the %d ft one sees in %s visibility: its location is unknown (A14)", t.ID, dist, v.VisionFt, s.Scene.Visibility)
	}
	if v := visibilityTable[s.Scene.Visibility]; v.MaxRangeFt > 0 && dist > v.MaxRangeFt {
		return fmt.Errorf("%s is %d ft away, beyond the %d ft one can shoot in %s visibility", t.ID, dist, v.MaxRangeFt, s.Scene.Visibility)
	}
	return nil
}

// beyondSight reports whether a ranged attack with w on t reaches past
// the range of vision, where the GM may rule the target's location
// unknown (A14).
func (s *State) beyondSight(me, t *Combatant, w *Weapon) bool {
	return w.category().Ranged && s.distance(me, t) > visibilityTable[s.Scene.Visibility].VisionFt
}

// how is what makes an attack what it is, beside who and with what.
type how struct {
	offHand bool
	via     string
	mods    Mods
	then    *FollowUp
	// ability is the ability used, or nil.
	ability *Ability
	// ruled: the GM has given the modifiers (gm_prompts); behind: the
	// target is unaware and attacked from behind by the GM's ruling.
	ruled, behind bool
}

// roll rolls an attack (R22-R24): an ordinary one on the attacker's turn,
// an off-hand one, or one through an opening or a readied trigger (via).
// Without the GM's ruling and with the gm_prompts option, the attack is
// only declared.
func (d *decider) roll(me, t *Combatant, w *Weapon, a how) {
	s := d.s
	offHand, via, m, then, behind := a.offHand, a.via, a.mods, a.then, a.behind || me.Hidden
	abName, knock, opening := "", false, false
	if a.ability != nil {
		abName, knock, opening = a.ability.Name, a.ability.Knockdown, a.ability.Opening
	}
	// The GM gives the modifiers of every attack with the gm_prompts
	// option, and always of an off-hand attack, whose situation the
	// command's words (the main attack's) cannot say (R24 step 2, §7.6.7).
	if (s.Options.GMPrompts || offHand) && !a.ruled {
		d.emit(engine.New(d.h.arena(), attackDeclaredKind, AttackDeclared{Declared{Attacker: me.ID, Target: t.ID, Weapon: w.Name, OffHand: offHand, Via: via, Mods: m, Then: then, Ability: abName}}))
		return
	}
	cat := w.category()
	ability := cat.AttackAbility
	if w.AttackWith != "" {
		ability = w.AttackWith
	}
	n := s.dice(me.Score(ability)) + m.Dice
	if w.Skill != "" {
		n += me.Skills[w.Skill]
	}
	challenges := m.Challenges
	if offHand {
		challenges += OffHandChallenges
	}
	if cat.Ranged {
		if t.Prone {
			challenges++
		}
		if w.RangeFt > 0 && s.distance(me, t) > w.RangeFt {
			challenges++
		}
	}
	r := Rank(me.BaseRank(), m.Charges, challenges, me.Wounded)
	vs := s.vsBehind(me, t, w, behind)
	cap := 0
	switch {
	case !s.mayDefend(t, behind):
		cap = s.need(vs)
	case s.defenseDice(t) == 0:
		// A Defense of a bare d20 never beats 20: every total from 20 up
		// is as good as any other.
		cap = max(s.need(vs), 20)
	}
	roll := checkRoll(d.src, n, r, cap, s.need(vs), d.ints())
	damageChallenges := 0
	if offHand {
		damageChallenges = OffHandChallenges
	}
	d.emit(engine.New(d.h.arena(), attackRolledKind, AttackRolled{Attacker: me.ID, Target: t.ID, Weapon: w.Name, OffHand: offHand, Via: via, Roll: roll, VS: vs,
		Hit: s.beats(roll.Total, vs), Charges: m.Charges, Challenges: damageChallenges, Ranged: cat.Ranged, Behind: behind, Then: then,
		Ability: abName, Knockdown: knock, Opening: opening}))
	if s.Strike == nil || s.Phase == Defending {
		return // a miss, or the target chooses
	}
	d.damage()
}

// vsBehind computes the Victory Sum of an attack (R23, R25, R45, R46,
// A12); behind is the GM's ruling that the target is unaware and
// attacked from behind, whatever the state says.
func (s *State) vsBehind(me, t *Combatant, w *Weapon, behind bool) int {
	ranged := w.category().Ranged
	g := t.Guard()
	if diff := sizeIndex(me.Size) - sizeIndex(t.Size); diff > 0 {
		g += SizeGuardPerStep * diff
	}
	if ranged {
		if cv := s.cover(t); w.Area && !cv.VsArea {
			// light cover does not count against area attacks (A13)
		} else {
			g += cv.Guard
		}
	}
	if t.Unaware || behind {
		g = (g + 1) / 2
	}
	if ranged {
		v := visibilityTable[s.Scene.Visibility]
		if !(v.PointBlankFree && s.pointBlank(me, t)) {
			g += v.VS
		}
	}
	return g
}

// cover is the row of the cover table for the cover t is behind (R46):
// the cover_table option's, or the rules'.
func (s *State) cover(t *Combatant) CoverRow {
	if row, ok := s.Options.CoverTable[t.CoverName]; ok {
		return row
	}
	return coverTable[t.CoverName]
}

// AttackDeclared: an attack waits for the GM's modifiers before it is
// rolled (gm_prompts); it is the declared attack the state keeps.
type AttackDeclared struct {
	Declared
}

// apply keeps the declared attack for the GM's modifiers.
func (e *AttackDeclared) apply(s *State, h *hotMemory) {
	// Only the table's path (h nil) allocates: a new(Declared) made
	// before the test would escape, and so be allocated, on every path.
	var dc *Declared
	if h != nil {
		dc = &h.declared
	} else {
		dc = new(Declared)
	}
	*dc = e.Declared
	if e.Then != nil {
		f := *e.Then
		dc.Then = &f
	}
	s.Declared = dc
	s.Phase = Modifiers
}

func (e *AttackDeclared) describe(*State) string {
	return fmt.Sprintf("%s %s %s with %s: the GM gives the modifiers", e.Attacker, attackVerb(e.OffHand, e.Via), e.Target, e.Weapon)
}

// attackVerb says how an attack is made: on one's turn, off-hand,
// through an opening or as a readied attack.
func attackVerb(offHand bool, via string) string {
	switch {
	case offHand:
		return "attacks off-hand"
	case via == "opening":
		return "takes the opening and attacks"
	case via == "readied":
		return "fires the readied attack on"
	}
	return "attacks"
}

// RollAttack is the GM's answer to a declared attack's modifiers (with
// the gm_prompts option): the situational dice, Charges and Challenges to
// add, and whether the target is unaware and attacked from behind (R23).
type RollAttack struct {
	Behind bool `json:"behind,omitempty"`
	// Lost: the GM rules that the target of a ranged attack, beyond the
	// range of vision, cannot be located: the attack is lost (A14).
	Lost bool `json:"lost,omitempty"`
	Mods
}

func (*RollAttack) command() {}

// rollAttack rolls the declared attack with the GM's modifiers, or loses
// it when the GM rules its target cannot be located (A14).
func (d *decider) rollAttack(c *RollAttack) error {
	if err := d.want(Modifiers, "roll an attack"); err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	s := d.s
	dc := s.Declared
	me, t := s.Combatant(dc.Attacker), s.Combatant(dc.Target)
	w := me.Weapon(dc.Weapon)
	if c.Lost {
		if !s.beyondSight(me, t, w) {
			return refuse("%s is within sight of %s (%d ft): its location is known (A14)", t.ID, me.ID, visibilityTable[s.Scene.Visibility].VisionFt)
		}
		d.emit(engine.New(d.h.arena(), attackRolledKind, AttackRolled{Attacker: me.ID, Target: t.ID, Weapon: w.Name, OffHand: dc.OffHand, Via: dc.Via, Lost: true, Then: dc.Then, Ability: dc.Ability}))
		return nil
	}
	m := Mods{Dice: dc.Mods.Dice + c.Dice, Charges: dc.Mods.Charges + c.Charges, Challenges: dc.Mods.Challenges + c.Challenges}
	var then *FollowUp
	if dc.Then != nil {
		then = d.followUp(*dc.Then)
	}
	d.roll(me, t, w, how{offHand: dc.OffHand, via: dc.Via, mods: m, then: then, ability: me.Ability(dc.Ability), ruled: true, behind: c.Behind})
	return nil
}

// AttackRolled: an attack roll against a Victory Sum (R22-R24).
type AttackRolled struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Weapon   string `json:"weapon"`
	OffHand  bool   `json:"off_hand,omitempty"`
	Via      string `json:"via,omitempty"`
	Roll     Roll   `json:"roll"`
	VS       int    `json:"vs"`
	Hit      bool   `json:"hit"`
	// Charges and Challenges of the roll; Charges carry to damage.
	Charges    int  `json:"charges,omitempty"`
	Challenges int  `json:"challenges,omitempty"`
	Ranged     bool `json:"ranged,omitempty"`
	// Behind: the GM ruled the target unaware and attacked from behind.
	Behind bool `json:"behind,omitempty"`
	// Lost: the GM ruled the target could not be located, so nothing was
	// rolled (A14).
	Lost bool `json:"lost,omitempty"`
	// Ability names the ability it is made with; Knockdown and Opening
	// are that ability's (R17, R20, R39).
	Ability   string `json:"ability,omitempty"`
	Knockdown bool   `json:"knockdown,omitempty"`
	Opening   bool   `json:"opening,omitempty"`
	// Then is an off-hand attack to follow (R12).
	Then *FollowUp `json:"then,omitempty"`
}

// apply resolves the attack roll: a hit becomes the pending strike, which
// its target may defend against; a miss settles the fight.
func (e *AttackRolled) apply(s *State, h *hotMemory) {
	s.Declared = nil
	attacker := s.Combatant(e.Attacker)
	if c := attacker; c != nil && !e.Lost {
		c.Hidden = false // its first attack roll reveals it; a lost attack rolls nothing (A14)
	}
	if e.Opening {
		s.OpenAfter = e.Attacker
	}
	if e.Via != "" && s.Window != nil && len(s.Window.Ask) > 0 && s.Window.Ask[0] == e.Attacker {
		s.Window.Ask = s.Window.Ask[1:]
	}
	if c := attacker; c != nil && e.Via == "readied" {
		c.Ready = Readied{}
		if s.Counter == c.ID {
			s.Counter = ""
		}
	}
	if e.OffHand {
		s.OffHand = nil
	}
	if e.Then != nil {
		s.OffHand = parts.Hold(h, func(h *hotMemory) *FollowUp { return &h.offHand }, *e.Then)
	}
	t := s.Combatant(e.Target)
	if !e.Hit || t == nil {
		s.Strike = nil
		settle(s)
		if t != nil && !e.Lost {
			t.Unaware = false // attacked; a lost attack never reached it
		}
		return
	}
	s.Strike = parts.Hold(h, func(h *hotMemory) *Strike { return &h.strike }, Strike{Attacker: e.Attacker, Target: e.Target, Weapon: e.Weapon, OffHand: e.OffHand, Via: e.Via,
		Total: e.Roll.Total, VS: e.VS, Charges: e.Charges, Challenges: e.Challenges, Ranged: e.Ranged,
		Incapacitated: t.Incapacitated(), Knockdown: e.Knockdown})
	if s.mayDefend(t, e.Behind) {
		s.Phase = Defending
	}
	t.Unaware = false
}

func (e *AttackRolled) describe(*State) string {
	how := attackVerb(e.OffHand, e.Via)
	result := "miss"
	if e.Hit {
		result = "hit"
	}
	behind := ""
	if e.Behind {
		behind = " from behind"
	}
	with := e.Weapon
	if e.Ability != "" {
		with = e.Ability + " (" + e.Weapon + ")"
	}
	if e.Lost {
		return fmt.Sprintf("%s %s %s with %s: %s cannot be located, and the attack is lost", e.Attacker, how, e.Target, with, e.Target)
	}
	return fmt.Sprintf("%s %s %s%s with %s: %s against VS %d: %s", e.Attacker, how, e.Target, behind, with, e.Roll, e.VS, result)
}
