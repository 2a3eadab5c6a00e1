package vigor

import (
	"fmt"
	"slices"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// decider resolves one command on a state, a working copy for Decide or
// the caller's own for Step: every event it emits is applied at once, so
// later steps see its effect.
type decider struct {
	s      *State
	src    dice.Source
	events []Event
	// actor is who gave the command.
	actor string
	// h is the state's hot memory when stepping: the events come from it.
	// Decide has none.
	h *hotMemory
}

// emit applies e and appends it to the decision's events.
func (d *decider) emit(e Event) {
	e.apply(d.s, d.h)
	d.events = append(d.events, e)
}

// refuse is a refusal of a command the rules do not allow now.
func refuse(format string, args ...any) error {
	return engine.Errorf(engine.NotAllowedNow, format, args...)
}

// invalid is a refusal of a command that names what does not exist.
func invalid(format string, args ...any) error {
	return engine.Errorf(engine.Invalid, format, args...)
}

// decider returns who decides now.
func turnOf(s *State) string {
	switch s.Phase {
	case Acting:
		if c := s.Current(); c != nil {
			return c.ID
		}
	case Defending:
		if s.Strike != nil {
			return s.Strike.Target
		}
	case Offering:
		if s.Window != nil && len(s.Window.Ask) > 0 {
			return s.Window.Ask[0]
		}
	}
	return engine.GM
}

// waiting says in words what the fight waits for, for refusals.
func waiting(s *State) string {
	switch s.Phase {
	case Initiative:
		return "the GM to roll initiative"
	case Acting:
		return s.Order[s.Turn] + " to act"
	case Defending:
		return s.Strike.Target + " to defend against " + s.Strike.Attacker + "'s hit or take it"
	case Offering:
		return s.Window.Ask[0] + " to take the " + s.Window.Kind + " or pass"
	case Knockdown:
		return "the GM to rule whether " + s.Strike.Target + " is knocked down"
	case Kill:
		return "the GM to rule whether " + s.Strike.Target + " is killed outright"
	case EscapeRuling:
		return "the GM to rule whether " + s.Window.Opener + " has escaped"
	case EndRuling:
		return "the GM to rule whether the fight is over"
	case Modifiers:
		return "the GM to give the modifiers of " + s.Declared.Attacker + "'s attack on " + s.Declared.Target
	case Aftermath:
		return "the GM to rule on rests after the fight (rest LENGTH, or done)"
	}
	return "nothing: the fight is over"
}

// decide is Decide on s itself, appending to events; Decide gives it a
// copy.
func decide(s *State, actor string, c Command, src dice.Source, h *hotMemory, events []Event) ([]Event, error) {
	if c, ok := c.(*EndFight); ok {
		// The GM's at any time, whoever is asked.
		d := &decider{s: s, src: src, events: events, h: h, actor: actor}
		if err := d.endFight(c); err != nil {
			return events, err
		}
		return d.events, nil
	}
	if s.Phase == Over {
		return events, refuse("the fight is over")
	}
	if who := turnOf(s); actor != who && actor != engine.GM {
		return events, engine.Errorf(engine.NotYourTurn, "it is %s's decision, not %s's: the fight waits for %s", who, actor, waiting(s))
	}
	d := &decider{s: s, src: src, events: events, h: h, actor: actor}
	if err := d.run(c); err != nil {
		return events, err
	}
	d.proceed()
	return d.events, nil
}

// want refuses a command that does not fit the phase.
func (d *decider) want(p Phase, what string) error {
	if d.s.Phase != p {
		return refuse("cannot %s now: the fight waits for %s", what, waiting(d.s))
	}
	return nil
}

// inContext reads a command as the moment asks, where its words have a
// natural meaning there other than their own: against a hit, defend is a
// Defense and pass takes the hit; offered an opening, take or an attack
// on the opener takes it; on one's turn, pass ends it.
func inContext(s *State, c Command) Command {
	switch s.Phase {
	case Defending:
		switch c.(type) {
		case *Defend:
			return &Defense{Style: "defend"}
		case *Pass:
			return &Take{}
		}
	case Offering:
		switch c := c.(type) {
		case *Take:
			return &TakeOpening{}
		case *Attack:
			if c.Target == s.Window.Opener && c.OffTarget == "" && c.Mods == (Mods{}) {
				return &TakeOpening{Weapon: c.Weapon}
			}
		}
	case Acting:
		if _, ok := c.(*Pass); ok {
			return &EndTurn{}
		}
	}
	return c
}

// run checks and resolves one command.
func (d *decider) run(c Command) error {
	switch c := inContext(d.s, c).(type) {
	case *RollInitiative:
		return d.rollInitiative(c)
	case *Attack:
		return d.attack(c)
	case *Defend:
		return d.defend()
	case *Move:
		return d.move(c.To, false)
	case *Escape:
		return d.escape(c)
	case *Ready:
		return d.ready(c)
	case *Aid:
		return d.aid(c)
	case *Stabilize:
		return d.stabilize(c)
	case *Check:
		return d.check(c)
	case *Resist:
		return d.resist(c)
	case *UseAbility:
		return d.useAbility(c)
	case *RollAttack:
		return d.rollAttack(c)
	case *StandUp:
		return d.standUp()
	case *EndTurn:
		return d.endTurn()
	case *Defense:
		return d.defense(c.Style)
	case *Take:
		return d.take()
	case *TakeOpening:
		return d.takeOpening(c.Weapon)
	case *Pass:
		return d.pass()
	case *Rest:
		return d.rest(c)
	case *Done:
		return d.done()
	case *Rule:
		return d.rule(c)
	case nil:
		return invalid("no command")
	default:
		return invalid("%s is not a vigor command", c.Kind())
	}
}

// rollInitiative checks the GM's situational dice and rolls everyone's
// initiative (R08).
func (d *decider) rollInitiative(c *RollInitiative) error {
	if err := d.want(Initiative, "roll initiative"); err != nil {
		return err
	}
	for _, x := range c.Extra {
		switch t := d.s.Combatant(x.Combatant); {
		case t == nil:
			return invalid("there is no combatant called %q (combatants: %s)", x.Combatant, d.s.ids())
		case t.Object:
			return invalid("%s is an object and rolls no initiative", t.ID)
		case x.Dice < 0 || x.Dice > 20:
			return invalid("situational dice are 0 to 20, not %d", x.Dice)
		}
	}
	d.initiative(c.Extra)
	return nil
}

// defend is the Defend action (R13, A30).
func (d *decider) defend() error {
	me, err := d.acting("defend", 1)
	if err != nil {
		return err
	}
	if me.Defending {
		return refuse("%s is Defending already, and Defend does not stack (A30)", me.ID)
	}
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: "defend", Actions: 1}))
	d.emit(put(d, (*hotMemory).defendedPool, Defended{Combatant: me.ID}))
	return nil
}

// escape starts an escape to the square named, or straight away from the
// nearest enemy (R14, A19).
func (d *decider) escape(c *Escape) error {
	to := c.To
	if c.Away {
		me, err := d.acting("escape", 1)
		if err != nil {
			return err
		}
		var ok bool
		if to, ok = d.s.escapeCell(me); !ok {
			return refuse("%s has nowhere to escape to straight away from its nearest enemy; name a square (escape X,Y)", me.ID)
		}
	}
	return d.move(to, true)
}

// ready readies an attack on a target (R16).
func (d *decider) ready(c *Ready) error {
	me, err := d.acting("ready an attack", 1)
	if err != nil {
		return err
	}
	// The target need not be within reach yet: the attack fires when
	// it acts and can be reached then (R16).
	t, w, err := d.foe(me, c.Target, c.Weapon, "ready an attack on")
	if err != nil {
		return err
	}
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: "ready", Actions: 1}))
	d.emit(put(d, (*hotMemory).readiedActionPool, ReadiedAction{Combatant: me.ID, Target: t.ID, Weapon: weaponWord(w)}))
	return nil
}

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
			return refuse("%s is within sight of %s (%d ft): its location is known (A14)", t.ID, me.ID, Visibility[s.Scene.Visibility].VisionFt)
		}
		d.emit(put(d, (*hotMemory).attackRolledPool, AttackRolled{Attacker: me.ID, Target: t.ID, Weapon: w.Name, OffHand: dc.OffHand, Via: dc.Via, Lost: true, Then: dc.Then, Ability: dc.Ability}))
		return nil
	}
	m := Mods{Dice: dc.Mods.Dice + c.Dice, Charges: dc.Mods.Charges + c.Charges, Challenges: dc.Mods.Challenges + c.Challenges}
	var then *FollowUp
	if dc.Then != nil {
		then = put(d, (*hotMemory).followUpPool, *dc.Then)
	}
	d.rollAs(me, t, w, how{offHand: dc.OffHand, via: dc.Via, mods: m, then: then, ability: me.Ability(dc.Ability), ruled: true, behind: c.Behind})
	return nil
}

// standUp ends prone, giving enemies within reach an opening (R19).
func (d *decider) standUp() error {
	me, err := d.acting("stand up", 1)
	if err != nil {
		return err
	}
	if !me.Prone {
		return refuse("%s is not prone", me.ID)
	}
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: "stand", Actions: 1}))
	d.emit(put(d, (*hotMemory).stoodUpPool, StoodUp{Combatant: me.ID}))
	d.openWindow("opening", me, "stand", parts.Cell{})
	return nil
}

// endTurn gives up the actions left (R10).
func (d *decider) endTurn() error {
	me, err := d.acting("end the turn", 0)
	if err != nil {
		return err
	}
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: "end_turn", Actions: me.Left}))
	return nil
}

// take takes the pending hit without a reaction.
func (d *decider) take() error {
	if err := d.want(Defending, "take the hit"); err != nil {
		return err
	}
	d.damage()
	return nil
}

// pass lets the opening or readied trigger offered go.
func (d *decider) pass() error {
	if err := d.want(Offering, "pass"); err != nil {
		return err
	}
	d.emit(put(d, (*hotMemory).passedPool, Passed{Combatant: d.s.Window.Ask[0]}))
	return nil
}

// done closes a decided fight's aftermath.
func (d *decider) done() error {
	if err := d.want(Aftermath, "close the encounter"); err != nil {
		return err
	}
	d.emit(put(d, (*hotMemory).fightEndedPool, FightEnded{Winner: d.s.Winner, Reason: d.s.Reason}))
	return nil
}

// rule is the GM's yes or no to the ruling the fight waits for: a
// knockdown (R39), a kill outright (R37), an escape (A19) or the end of
// the fight (§7.10).
func (d *decider) rule(c *Rule) error {
	s := d.s
	switch s.Phase {
	case Knockdown:
		t := s.Combatant(s.Strike.Target)
		negated := c.Yes && s.Current() != nil && s.Current().ID == t.ID
		d.emit(put(d, (*hotMemory).knockdownRuledPool, KnockdownRuled{Combatant: t.ID, Down: c.Yes, Negated: negated}))
	case Kill:
		d.emit(put(d, (*hotMemory).killRuledPool, KillRuled{Combatant: s.Strike.Target, Killed: c.Yes}))
	case EscapeRuling:
		d.emit(put(d, (*hotMemory).escapedPool, Escaped{Combatant: s.Window.Opener, Escaped: c.Yes}))
	case EndRuling:
		if c.Yes {
			d.end("", "the GM ends the fight")
		} else {
			d.newRound()
		}
	default:
		return refuse("there is no ruling to give now: the fight waits for %s", waiting(s))
	}
	return nil
}

// acting checks that it is someone's turn to act with at least n actions
// left, and returns them.
func (d *decider) acting(what string, n int) (*Combatant, error) {
	if err := d.want(Acting, what); err != nil {
		return nil, err
	}
	me := d.s.Current()
	if me.Left < n {
		return nil, refuse("%s cannot %s: it needs %d action(s) and %s has %d left", me.ID, what, n, me.ID, me.Left)
	}
	return me, nil
}

// weaponWord is the weapon's name for an event, "" for the first.
func weaponWord(w *Weapon) string { return w.Name }

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
		return nil, nil, invalid("there is no combatant called %q (combatants: %s)", target, s.ids())
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
	v := Visibility[s.Scene.Visibility]
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
	if v := Visibility[s.Scene.Visibility]; t.Hidden && dist > v.VisionFt {
		return fmt.Errorf("%s is hidden and %d ft away, beyond the %d ft one sees in %s visibility: its location is unknown (A14)", t.ID, dist, v.VisionFt, s.Scene.Visibility)
	}
	if v := Visibility[s.Scene.Visibility]; v.MaxRangeFt > 0 && dist > v.MaxRangeFt {
		return fmt.Errorf("%s is %d ft away, beyond the %d ft one can shoot in %s visibility", t.ID, dist, v.MaxRangeFt, s.Scene.Visibility)
	}
	return nil
}

// beyondSight reports whether a ranged attack with w on t reaches past
// the range of vision, where the GM may rule the target's location
// unknown (A14).
func (s *State) beyondSight(me, t *Combatant, w *Weapon) bool {
	return w.category().Ranged && s.distance(me, t) > Visibility[s.Scene.Visibility].VisionFt
}

// checkMods refuses modifiers out of bounds.
func checkMods(m Mods) error {
	if m.Dice < 0 || m.Charges < 0 || m.Challenges < 0 || m.Dice > 20 || m.Charges > 10 || m.Challenges > 10 {
		return invalid("dice must be 0 to 20, charges and challenges 0 to 10")
	}
	return nil
}

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
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: "attack", Actions: 1}))
	if then != nil {
		d.pay(me, OffHandCost, "an off-hand attack")
	}
	d.roll(me, t, w, false, "", c.Mods, then)
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
	return put(d, (*hotMemory).followUpPool, FollowUp{Target: target, Weapon: off.Name}), nil
}

// pay spends Vigor (R20, A21).
func (d *decider) pay(c *Combatant, n int, what string) {
	left := c.Vigor - n
	d.emit(put(d, (*hotMemory).vigorSpentPool, VigorSpent{Combatant: c.ID, Amount: n, For: what, Vigor: left, Winded: left <= 0 && !c.Winded}))
}

// canDefend reports whether t may react to an attack with a Defense now
// (R20, R21, A12): not an unaware target unless the unaware_can_react
// option says so.
func (s *State) canDefend(t *Combatant) bool {
	if !t.In() || t.Winded || t.Unaware && !s.Options.UnawareCanReact || t.Vigor < t.defenseCost() {
		return false
	}
	cur := s.Current()
	return cur == nil || cur.ID != t.ID
}

// cover is the row of the cover table for the cover t is behind (R46):
// the cover_table option's, or the rules'.
func (s *State) cover(t *Combatant) CoverRow {
	if row, ok := s.Options.CoverTable[t.CoverName]; ok {
		return row
	}
	return Cover[t.CoverName]
}

// mayDefend reports whether t may answer a hit with a Defense: it can
// defend, and the hit did not come from behind while it was unaware
// (A12), unless the unaware_can_react option says it still may.
func (s *State) mayDefend(t *Combatant, behind bool) bool {
	return s.canDefend(t) && (!behind || s.Options.UnawareCanReact)
}

// defenseDice is the bonus dice of the creature's Defense rolls (R21):
// Speed's, a quarter of Speed's while prone, and talents'.
func (s *State) defenseDice(c *Combatant) int {
	speed := c.Speed
	if c.Prone {
		speed /= 4
	}
	return s.dice(speed) + c.DefenseDice
}

// dice is A01: the bonus dice an ability score gives, by the table of
// the ability_dice option or else a die per 5 points above 10.
func (s *State) dice(score int) int {
	if t := s.Options.AbilityDice; len(t) > 0 {
		n := 0
		for n < len(t) && score >= t[n] {
			n++
		}
		return n
	}
	return DiceOfScore(score)
}

// defenseCost is what a Defense costs the creature now (R13, R21).
func (c *Combatant) defenseCost() int {
	if c.Defending {
		return DefendingCost
	}
	return DefenseCost
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
		v := Visibility[s.Scene.Visibility]
		if !(v.PointBlankFree && s.distance(me, t) <= PointBlankFt) {
			g += v.VS
		}
	}
	return g
}

// roll rolls an attack (R22-R24): an ordinary one on the attacker's turn,
// an off-hand one, or one through an opening or a readied trigger (via).
func (d *decider) roll(me, t *Combatant, w *Weapon, offHand bool, via string, m Mods, then *FollowUp) {
	d.rollAs(me, t, w, how{offHand: offHand, via: via, mods: m, then: then})
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

// rollAs is roll, said in full. Without the GM's ruling and with the
// gm_prompts option, the attack is only declared.
func (d *decider) rollAs(me, t *Combatant, w *Weapon, a how) {
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
		d.emit(put(d, (*hotMemory).attackDeclaredPool, AttackDeclared{Attacker: me.ID, Target: t.ID, Weapon: w.Name, OffHand: offHand, Via: via, Mods: m, Then: then, Ability: abName}))
		return
	}
	cat := w.category()
	ability := cat.AttackAbility
	if w.AttackWith != "" {
		ability = w.AttackWith
	}
	n := s.dice(me.Score(ability)) + me.Skills[w.Skill] + m.Dice
	if w.Skill == "" {
		n = s.dice(me.Score(ability)) + m.Dice
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
	d.emit(put(d, (*hotMemory).attackRolledPool, AttackRolled{Attacker: me.ID, Target: t.ID, Weapon: w.Name, OffHand: offHand, Via: via, Roll: roll, VS: vs,
		Hit: s.beats(roll.Total, vs), Charges: m.Charges, Challenges: damageChallenges, Ranged: cat.Ranged, Behind: behind, Then: then,
		Ability: abName, Knockdown: knock, Opening: opening}))
	if s.Strike == nil || s.Phase == Defending {
		return // a miss, or the target chooses
	}
	d.damage()
}

// defense resolves a Defense reaction (R21).
func (d *decider) defense(style string) error {
	if err := d.want(Defending, style); err != nil {
		return err
	}
	s := d.s
	t := s.Combatant(s.Strike.Target)
	if !s.canDefend(t) {
		return refuse("%s cannot defend: %s", t.ID, whyNot(s, t))
	}
	d.pay(t, t.defenseCost(), style)
	n := s.defenseDice(t)
	r := Rank(t.BaseRank(), 0, 0, t.Wounded)
	// The defense beats the attack's total or it does not (R21).
	roll := checkRoll(d.src, n, r, s.Strike.Total+1, s.Strike.Total+1, d.ints())
	d.emit(put(d, (*hotMemory).defenseRolledPool, DefenseRolled{Defender: t.ID, Style: style, Roll: roll, Against: s.Strike.Total, Avoided: roll.Total > s.Strike.Total}))
	if s.Strike != nil {
		// A merge point for exact odds: the damage of a hit not avoided
		// is the target taking it, which reads neither the Defense nor
		// the attack's total (Forget).
		if engine.Pause[Command](d.src, t.ID, &Take{}) {
			return nil
		}
		d.damage()
	}
	return nil
}

// whyNot says why a creature cannot react.
func whyNot(s *State, t *Combatant) string {
	switch {
	case !t.In():
		return t.ID + " is " + conditionOf(t)
	case t.Winded:
		return t.ID + " is Winded (R38)"
	case t.Unaware:
		return t.ID + " is unaware (A12)"
	case s.Current() != nil && s.Current().ID == t.ID:
		return "no reactions on one's own turn (R20)"
	}
	return fmt.Sprintf("%s has %d Vigor and it costs %d", t.ID, t.Vigor, t.defenseCost())
}

// damage rolls and applies the damage of the pending strike (R24 steps
// 6-9, R26-R35).
func (d *decider) damage() {
	s := d.s
	st := s.Strike
	me, t := s.Combatant(st.Attacker), s.Combatant(st.Target)
	w := me.Weapon(st.Weapon)
	cat := w.category()
	ability := cat.DamageAbility
	if w.DamageWith != "" {
		ability = w.DamageWith
	}
	n := 0
	if ability != "" {
		n = s.dice(me.Score(ability))
	}
	r := Rank(me.BaseRank(), st.Charges, st.Challenges, me.Wounded)
	wr := w.rank()

	// Immunity (R32, A27), and damage that harms only the living (R28).
	immune := false
	if dr := rankOf(t.DurRank); dr >= 0 && dr > wr {
		immune = true
	}
	row := TypeRows[damageType(w.Type)]
	unliving := row.LivingOnly && !t.living()
	// Armour (R29, R30, A36) and cover (R46, A13).
	ar, worn := 0, -1
	for i := range t.Armor {
		a := &t.Armor[i]
		if a.Destroyed || !a.protects(damageType(w.Type)) || wr-a.rank() >= s.Options.QualityGap {
			continue // ignored by a weapon three ranks better (R29)
		}
		ar = max(ar, a.AR)
		if !a.Natural && (worn < 0 || a.AR > t.Armor[worn].AR) {
			worn = i
		}
	}
	if worn >= 0 && (t.Object || row.NoWear || t.Armor[worn].rank()-wr >= s.Options.QualityGap || t.Armor[worn].DurMax == 0) {
		worn = -1 // too good to wear (R29), damage that wears nothing (R28), or without Durability to lose
	}
	if st.Ranged {
		if cv := s.cover(t); !cv.SturdyOnly || t.Sturdy {
			ar += cv.AR
		}
	}
	// How much of the raw damage matters: beyond cap nothing changes.
	cap := 1
	if !immune && !unliving {
		switch {
		case t.Object:
			cap = ar + t.Durability
		case t.Shock:
			cap = ar + 1
		case s.Options.NoOverflow && t.Durability > 0:
			cap = ar + t.Durability
		default:
			cap = ar + t.Durability + t.Health
		}
		if worn >= 0 {
			cap = max(cap, t.Armor[worn].AR)
		}
		cap = max(cap, 1)
	}
	e := put(d, (*hotMemory).damagedPool, Damaged{Attacker: me.ID, Target: t.ID, WeaponSides: Ladder[wr].Sides, Bonus: Roll{Count: n, Sides: Ladder[r].Sides}})
	var raw int
	e.WeaponDice, e.Bonus.Dice, raw = roll(d.src, w.dice(), Ladder[wr].Sides, n, Ladder[r].Sides, cap, 0, d.ints())
	for _, v := range e.Bonus.Dice {
		e.Bonus.Total += v
	}
	e.Raw = raw
	e.Critical = e.Bonus.Bursts() > 0
	e.Immune = immune
	e.Unliving = unliving
	e.AR = ar
	if !immune && !unliving {
		e.Final = max(0, raw-ar)
		if worn >= 0 {
			a := &t.Armor[worn]
			e.Worn, e.Wear = a.Name, min(a.AR, raw)
			e.ArmorLeft = max(0, a.Dur-e.Wear)
			e.Broken = e.ArmorLeft == 0
		}
	}
	e.Durability, e.Health = t.Durability, t.Health
	switch {
	case t.Object:
		e.ToDurability = min(e.Final, t.Durability)
		e.Durability -= e.ToDurability
		e.Destroyed = e.Durability == 0
	case t.Shock:
		e.Dead = e.Final >= 1 // A41
	default:
		e.ToDurability = min(e.Final, t.Durability)
		e.Durability -= e.ToDurability
		if rest := e.Final - e.ToDurability; rest > 0 && (!s.Options.NoOverflow || t.Durability == 0) {
			e.ToHealth = min(rest, t.Health)
			e.Health -= e.ToHealth
		}
		e.Wounded = !t.Wounded && e.Durability == 0 && e.Final > 0
		if e.Health == 0 && (e.ToHealth > 0 || t.Health == 0 && e.Final > e.ToDurability) {
			e.Shock = true
			e.Dead = t.Stamina == 0
		}
	}
	d.emit(e)
	if st := s.Strike; st != nil && st.Knockdown && s.Phase == Knockdown {
		negated := s.Current() != nil && s.Current().ID == t.ID
		d.emit(put(d, (*hotMemory).knockdownRuledPool, KnockdownRuled{Combatant: t.ID, Down: true, Negated: negated}))
	}
}

// takeOpening takes the opening, or fires the readied attack, offered
// (R16, R20, A20); to a hit, it answers with the readied attack
// (§7.6.3).
func (d *decider) takeOpening(weapon string) error {
	if d.s.Phase == Defending {
		if weapon != "" {
			return invalid("the readied attack is made with the weapon it was readied with")
		}
		return d.counter()
	}
	if err := d.want(Offering, "take an opening"); err != nil {
		return err
	}
	s := d.s
	w := s.Window
	me, t := s.Combatant(w.Ask[0]), s.Combatant(w.Opener)
	var wp *Weapon
	switch {
	case w.Kind == "readied" && weapon != "":
		return invalid("the readied attack is made with the weapon it was readied with")
	case weapon != "":
		if wp = me.Weapon(weapon); wp == nil {
			return invalid("%s has no weapon called %q", me.ID, weapon)
		}
		if wp.category().Ranged {
			return refuse("an opening is taken in melee (R20), and %s is a ranged weapon", wp.Name)
		}
	case w.Kind == "readied":
		wp = me.Weapon(me.Ready.Weapon)
	default:
		wp = s.meleeWeapon(me, t)
	}
	if wp == nil {
		wp = me.Weapon("")
	}
	if err := s.canReach(me, t, wp); err != nil {
		return refuse("%s cannot attack %s: %v", me.ID, t.ID, err)
	}
	if me.Vigor < OpeningCost {
		return refuse("%s has %d Vigor and it costs %d", me.ID, me.Vigor, OpeningCost)
	}
	d.pay(me, OpeningCost, "the "+w.Kind)
	d.roll(me, t, wp, false, w.Kind, Mods{}, nil)
	return nil
}

// counter answers a hit with the target's readied attack on the
// attacker (§7.6.3): its one reaction to the attack, paid now (A20); the
// hit lands, and the readied attack fires once it is resolved.
func (d *decider) counter() error {
	s := d.s
	t := s.Combatant(s.Strike.Target)
	if !s.canCounter(t) {
		return refuse("%s has no readied attack on %s that it can make now (R16)", t.ID, s.Strike.Attacker)
	}
	d.pay(t, OpeningCost, "the readied attack")
	d.emit(put(d, (*hotMemory).counteredPool, Countered{Combatant: t.ID, Target: s.Strike.Attacker}))
	d.damage()
	return nil
}

// canCounter reports whether the target of the pending hit may answer it
// with its readied attack on the attacker (§7.6.3): it readied one, may
// react, can pay, and the readied weapon reaches.
func (s *State) canCounter(t *Combatant) bool {
	st := s.Strike
	if st == nil || t.Ready.Target != st.Attacker || t.Vigor < OpeningCost || !s.mayDefend(t, false) {
		return false
	}
	me := s.Combatant(st.Attacker)
	w := t.Weapon(t.Ready.Weapon)
	return me != nil && w != nil && s.reaches(t, me, w)
}

// move moves the creature whose turn it is (R15), or starts its escape
// (R14): openings first, then the move.
func (d *decider) move(to parts.Cell, escape bool) error {
	what := "move"
	if escape {
		what = "escape"
	}
	me, err := d.acting(what, 1)
	if err != nil {
		return err
	}
	s := d.s
	dist := s.distanceTo(me, to)
	switch {
	case dist == 0:
		return refuse("%s is at %s already", me.ID, to)
	case dist > me.MoveFt():
		return refuse("%s moves at most %d ft an action (Speed %d%s) and %s is %d ft away", me.ID, me.MoveFt(), me.Speed, map[bool]string{true: ", prone: a quarter"}[me.Prone], to, dist)
	}
	for i := range s.Combatants {
		if o := &s.Combatants[i]; o.ID != me.ID && o.X == to.X && o.Y == to.Y && o.Targetable() {
			return refuse("%s stands at %s", o.ID, to)
		}
	}
	if !s.clear(me.X, me.Y, to.X, to.Y) {
		return refuse("a wall stands between %s and %s: a Move goes along a clear path (R15); go around it", me.ID, to)
	}
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: what, Actions: 1}))
	switch {
	case escape:
		d.openWindow("opening", me, "escape", to)
	case s.Options.MoveProvokes && s.leaves(me, to):
		// A18's option: leaving an enemy's reach gives it an opening.
		d.openWindow("opening", me, "move", to)
	default:
		d.emit(put(d, (*hotMemory).movedPool, Moved{Combatant: me.ID, From: parts.Cell{X: me.X, Y: me.Y}, To: to, Ft: dist}))
	}
	return nil
}

// leaves reports whether a move of me to cell to takes it out of the
// reach of an enemy that could take an opening (A18's option).
func (s *State) leaves(me *Combatant, to parts.Cell) bool {
	for _, id := range s.Order {
		if c := s.Combatant(id); s.mayTakeOpening(c, me) && s.leaving(c, me, to) {
			return true
		}
	}
	return false
}

// leaving reports whether c could not reach me in melee once me stands
// at cell to.
func (s *State) leaving(c, me *Combatant, to parts.Cell) bool {
	at := *me
	at.X, at.Y = to.X, to.Y
	return s.meleeWeapon(c, &at) == nil
}

// mayTakeOpening reports whether c may take an opening opener gives
// (R20): an enemy still in the fight, aware, not Winded, with the Vigor
// to pay and a melee weapon that reaches. A hidden opener gives its
// enemies no opening, as they do not see it go; nor does a creature a
// view leaves unseen take one.
func (s *State) mayTakeOpening(c, opener *Combatant) bool {
	if c.Side == opener.Side || c.Object || !c.In() || c.Winded || c.Unaware || c.Vigor < OpeningCost || opener.Hidden || c.Unseen {
		return false
	}
	return s.meleeWeapon(c, opener) != nil
}

// openWindow offers an opening to the enemies within reach of the opener
// (R20), in initiative order; the window opens even when nobody may take
// it, so that the act goes on the same way. A move (A18's option) gives
// it only to those whose reach it leaves.
func (d *decider) openWindow(kind string, opener *Combatant, act string, dest parts.Cell) {
	s := d.s
	buf := d.strs()
	start := len(*buf)
	for _, id := range s.Order {
		c := s.Combatant(id)
		if !s.mayTakeOpening(c, opener) || act == "move" && !s.leaving(c, opener, dest) {
			continue
		}
		*buf = append(*buf, id)
	}
	ask := (*buf)[start:len(*buf):len(*buf)]
	d.emit(put(d, (*hotMemory).windowOpenedPool, WindowOpened{What: kind, Opener: opener.ID, Act: act, Dest: dest, Ask: ask}))
}

// aid is emergency aid (R18): 2 actions, across turns if need be.
func (d *decider) aid(c *Aid) error {
	me, err := d.acting("give aid", 1)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	s := d.s
	t := s.Combatant(c.Target)
	switch {
	case t == nil:
		return invalid("there is no combatant called %q (combatants: %s)", c.Target, s.ids())
	case t.Object || t.Dead || t.Escaped:
		return refuse("%s cannot aid %s: %s is %s", me.ID, t.ID, t.ID, conditionOf(t))
	case !s.adjacent(me, t):
		return refuse("%s must be adjacent (within %d ft, with a clear path) to aid %s", me.ID, AdjacentFt, t.ID)
	case t.Durability >= t.DurabilityMax:
		return refuse("%s has all its Durability (%d)", t.ID, t.Durability)
	}
	if !d.spend(me, "aid", t.ID, AidActions) {
		return nil
	}
	e := d.skillRoll(me, "medicine", "aid", t, orVS(c.VS, AidVS), c.Mods)
	if e.Success {
		e.Heal = d.src.Roll(AidHealDie)
		e.Durability = min(t.DurabilityMax, t.Durability+e.Heal)
	}
	d.emit(e)
	return nil
}

// stabilize stops a Shock timer (R36, A34).
func (d *decider) stabilize(c *Stabilize) error {
	s := d.s
	me, err := d.acting("stabilize", s.Options.StabilizeActions)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	t := s.Combatant(c.Target)
	switch {
	case t == nil:
		return invalid("there is no combatant called %q (combatants: %s)", c.Target, s.ids())
	case !t.Shock || t.Dead:
		return refuse("%s is not in Shock", t.ID)
	case t.Stabilized:
		return refuse("%s is stabilized already", t.ID)
	case !s.adjacent(me, t):
		return refuse("%s must be adjacent (within %d ft, with a clear path) to stabilize %s", me.ID, AdjacentFt, t.ID)
	}
	skill := "medicine"
	if me.Skills["medical_science"] > me.Skills["medicine"] {
		skill = "medical_science"
	}
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: "stabilize", Actions: s.Options.StabilizeActions, Target: t.ID}))
	d.emit(d.skillRoll(me, skill, "stabilize", t, orVS(c.VS, StabilizeVS), c.Mods))
	return nil
}

// check is any other skill check (R18, A38).
func (d *decider) check(c *Check) error {
	me, err := d.acting("use a skill", 1)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: "check", Actions: 1}))
	d.emit(d.skillRoll(me, c.Skill, "check", nil, orVS(c.VS, DefaultVS), c.Mods))
	return nil
}

// useAbility uses an ability on a target (R17): its actions, across turns
// if need be (R10), then its Vigor and Mana, paid in full, then its
// attack.
func (d *decider) useAbility(c *UseAbility) error {
	me, err := d.acting("use an ability", 1)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	ab := me.Ability(c.Ability)
	if ab == nil {
		if it := me.Item(c.Ability); it != nil {
			return d.useItem(me, it, c)
		}
		return invalid("%s has no ability or item called %q (%s)", me.ID, c.Ability, me.usable())
	}
	if c.Target == "" {
		return invalid("use %s on whom? use ABILITY on TARGET", ab.Name)
	}
	t, w, err := d.target(me, c.Target, ab.Weapon, "use "+ab.Name+" on")
	if err != nil {
		return err
	}
	switch {
	case me.Vigor < ab.Vigor:
		return refuse("%s costs %d Vigor and %s has %d", ab.Name, ab.Vigor, me.ID, me.Vigor)
	case me.Mana < ab.Mana:
		return refuse("%s costs %d Mana and %s has %d", ab.Name, ab.Mana, me.ID, me.Mana)
	case c.OffTarget != "" && !w.Light:
		return refuse("%s cannot attack off-hand with %s: only an Attack action or a technique with a light weapon takes one (R12), and %s is not light", me.ID, ab.Name, w.Name)
	}
	then, err := d.offHand(me, c.OffTarget, ab.Vigor)
	if err != nil {
		return err
	}
	if !d.spend(me, "use "+ab.Name, t.ID, max(ab.Actions, 1)) {
		return nil
	}
	if ab.Vigor > 0 {
		d.pay(me, ab.Vigor, ab.Name)
	}
	if ab.Mana > 0 {
		d.emit(put(d, (*hotMemory).manaSpentPool, ManaSpent{Combatant: me.ID, Amount: ab.Mana, For: ab.Name, Mana: me.Mana - ab.Mana}))
	}
	if then != nil {
		d.pay(me, OffHandCost, "an off-hand attack")
	}
	m := Mods{Dice: c.Dice + ab.Dice, Charges: c.Charges + ab.Charges, Challenges: c.Challenges}
	d.rollAs(me, t, w, how{mods: m, ability: ab, then: then})
	return nil
}

// spend spends the actions of an act that takes need of them (R10):
// those left now, and the rest on later turns if they are too few, the
// act going on where it stopped when it is given again on the same
// target. It reports whether the act is done now.
func (d *decider) spend(me *Combatant, act, target string, need int) bool {
	if me.Carry.Act == act && me.Carry.Target == target {
		need = me.Carry.Owed
	}
	if me.Left < need {
		d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: act, Actions: me.Left, Owed: need - me.Left, Target: target}))
		return false
	}
	d.emit(put(d, (*hotMemory).actedPool, Acted{Combatant: me.ID, Act: act, Actions: need, Target: target}))
	return true
}

// useItem uses an item (Use Item, R17): a weapon item is an attack on a
// target in reach; any other restores what its dice give, up to the
// maximum, to the user or an adjacent ally.
func (d *decider) useItem(me *Combatant, it *Item, c *UseAbility) error {
	s := d.s
	switch {
	case it.Left < 1:
		return refuse("%s's %s is used up", me.ID, it.Name)
	case c.OffTarget != "":
		return invalid("an off-hand attack goes with an Attack action or a light-weapon technique (R12), not with an item")
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	act := "use " + it.Name
	if it.Weapon != "" {
		if c.Target == "" {
			return invalid("use %s on whom? use ITEM on TARGET", it.Name)
		}
		t, w, err := d.target(me, c.Target, it.Weapon, "use "+it.Name+" on")
		if err != nil {
			return err
		}
		if !d.spend(me, act, t.ID, max(it.Actions, 1)) {
			return nil
		}
		d.emit(&ItemUsed{Combatant: me.ID, Item: it.Name, Target: t.ID, Left: it.Left - 1})
		d.rollAs(me, t, w, how{mods: c.Mods})
		return nil
	}
	if c.Mods != (Mods{}) {
		return invalid("%s restores what its own dice give: it takes no dice, charges or challenges", it.Name)
	}
	t := me
	if c.Target != "" {
		if t = s.Combatant(c.Target); t == nil {
			return invalid("there is no combatant called %q (combatants: %s)", c.Target, s.ids())
		}
	}
	switch {
	case t.Side != me.Side || t.Object:
		return refuse("%s's %s is for itself or an ally, not %s", me.ID, it.Name, t.ID)
	case t.Dead || t.Escaped:
		return refuse("%s cannot use %s on %s: %s is %s", me.ID, it.Name, t.ID, t.ID, conditionOf(t))
	case t != me && !s.adjacent(me, t):
		return refuse("%s must be adjacent (within %d ft, with a clear path) to use %s on %s", me.ID, AdjacentFt, it.Name, t.ID)
	case !it.restores(t):
		return refuse("%s has nothing for %s to restore: it is at its maximum", t.ID, it.Name)
	}
	if !d.spend(me, act, t.ID, max(it.Actions, 1)) {
		return nil
	}
	e := &ItemUsed{Combatant: me.ID, Item: it.Name, Target: t.ID, Left: it.Left - 1}
	for _, r := range it.restoring() {
		if r.expr == "" {
			continue
		}
		ex, err := dice.Parse(r.expr)
		if err != nil {
			return invalid("%s's %s: %v", me.ID, it.Name, err)
		}
		rec := &dice.Recorder{Source: d.src}
		got := Restored{What: r.what, Expr: r.expr, Total: max(0, ex.Roll(rec))}
		for _, dr := range rec.Draws {
			got.Dice = append(got.Dice, dr.Value)
		}
		got.Gain = min(got.Total, max(0, r.most(t)))
		e.Restored = append(e.Restored, got)
	}
	d.emit(e)
	return nil
}

// resist is a resistance check the GM calls for (R40): d20 + the
// ability's dice + the creature's Resistance dice against the effect's VS
// (15 unless the GM names one). It takes no action and may be called at
// any creature's turn.
func (d *decider) resist(c *Resist) error {
	if d.actor != engine.GM {
		return engine.Errorf(engine.NotYourTurn, "only the GM calls for a resistance check (R40)")
	}
	if err := d.want(Acting, "call for a resistance check"); err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	s := d.s
	me := s.Combatant(c.Combatant)
	switch {
	case me == nil:
		return invalid("there is no combatant called %q (combatants: %s)", c.Combatant, s.ids())
	case me.Object || me.Dead || me.Escaped:
		return refuse("%s is %s and resists nothing", me.ID, conditionOf(me))
	case !isAbility(c.Ability):
		return invalid("%q is not an ability (%s)", c.Ability, abilityList)
	}
	vs := orVS(c.VS, DefaultVS)
	n := s.dice(me.Score(c.Ability)) + me.ResistDice + c.Dice
	r := Rank(me.BaseRank(), c.Charges, c.Challenges, me.Wounded)
	roll := checkRoll(d.src, n, r, s.need(vs), s.need(vs), d.ints())
	d.emit(put(d, (*hotMemory).skillRolledPool, SkillRolled{Combatant: me.ID, Skill: c.Ability, Purpose: "resist", Roll: roll, VS: vs, Success: s.beats(roll.Total, vs)}))
	return nil
}

// orVS is the Victory Sum the GM named, or the rules' default for none
// (§6).
func orVS(named, def int) int {
	if named != 0 {
		return named
	}
	return def
}

// skillRoll rolls a skill check: d20 + skill dice + linked ability dice
// (A38) at the creature's rank, against vs.
func (d *decider) skillRoll(me *Combatant, skill, purpose string, t *Combatant, vs int, m Mods) *SkillRolled {
	n := me.Skills[skill] + m.Dice
	if ab := me.Links[skill]; ab != "" {
		n += d.s.dice(me.Score(ab))
	}
	r := Rank(me.BaseRank(), m.Charges, m.Challenges, me.Wounded)
	roll := checkRoll(d.src, n, r, d.s.need(vs), d.s.need(vs), d.ints())
	e := put(d, (*hotMemory).skillRolledPool, SkillRolled{Combatant: me.ID, Skill: skill, Purpose: purpose, Roll: roll, VS: vs, Success: d.s.beats(roll.Total, vs)})
	if t != nil {
		e.Target = t.ID
		e.Durability = t.Durability
	}
	return e
}

// initiative rolls everyone's initiative (R08, R09, A10).
func (d *decider) initiative(extra []ExtraDice) {
	s := d.s
	e := put(d, (*hotMemory).initiativeRolledPool, InitiativeRolled{})
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Object || c.Away {
			continue
		}
		n := c.InitDice
		if c.Role == "overwatch" && c.Watch != "" && c.Watch == s.Scene.Approach {
			n++
		}
		for _, x := range extra {
			if x.Combatant == c.ID {
				n += x.Dice
			}
		}
		e.Rolls = append(e.Rolls, InitRoll{Combatant: c.ID, Roll: actionRoll(d.src, n, Rank(c.BaseRank(), 0, 0, c.Wounded), 0, d.ints())})
	}
	// Order: total, then Speed, then rerolled d20s among the tied (A10).
	idx := make([]int, len(e.Rolls))
	for i := range idx {
		idx[i] = i
	}
	speed := func(i int) int { return s.Combatant(e.Rolls[i].Combatant).Speed }
	tied := func(a, b int) bool { return e.Rolls[a].Roll.Total == e.Rolls[b].Roll.Total && speed(a) == speed(b) }
	for {
		again := false
		for i := range e.Rolls {
			for j := range e.Rolls {
				if i != j && tied(i, j) && slices.Equal(e.Rolls[i].Rerolls, e.Rolls[j].Rerolls) {
					again = true
				}
			}
		}
		if !again {
			break
		}
		// Every creature still tied with another rerolls, in roster order.
		var reroll []int
		for i := range e.Rolls {
			for j := range e.Rolls {
				if i != j && tied(i, j) && slices.Equal(e.Rolls[i].Rerolls, e.Rolls[j].Rerolls) {
					reroll = append(reroll, i)
					break
				}
			}
		}
		for _, i := range reroll {
			e.Rolls[i].Rerolls = append(e.Rolls[i].Rerolls, d.src.Roll(20))
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ra, rb := e.Rolls[a], e.Rolls[b]
		if ra.Roll.Total != rb.Roll.Total {
			return rb.Roll.Total - ra.Roll.Total
		}
		if speed(a) != speed(b) {
			return speed(b) - speed(a)
		}
		for k := range min(len(ra.Rerolls), len(rb.Rerolls)) {
			if ra.Rerolls[k] != rb.Rerolls[k] {
				return rb.Rerolls[k] - ra.Rerolls[k]
			}
		}
		return 0
	})
	for _, i := range idx {
		e.Order = append(e.Order, e.Rolls[i].Combatant)
	}
	d.emit(e)
}

// proceed moves the fight on after a command, as far as it goes without
// a decision: the off-hand attack, the end of a window, readied
// triggers, the end of a turn, the Recovery Phase and the next round, the
// end of the fight.
func (d *decider) proceed() {
	s := d.s
	for range 10000 {
		if s.Phase == Over || s.Phase == Initiative || s.Phase == EndRuling || s.Phase == Aftermath {
			return
		}
		if s.Strike != nil || s.Declared != nil {
			return // a defense or a GM ruling pending
		}
		if side, over := d.decided(); over {
			reason := "nobody is left standing"
			if side != "" {
				reason = side + " is the last side standing"
			}
			d.end(side, reason)
			return
		}
		if s.Counter != "" {
			me := s.Combatant(s.Counter)
			t := s.Combatant(me.Ready.Target)
			w := me.Weapon(me.Ready.Weapon)
			if t == nil || w == nil || !me.In() || !t.Targetable() || !s.reaches(me, t, w) {
				d.emit(put(d, (*hotMemory).passedPool, Passed{Combatant: me.ID, What: "readied"}))
				continue
			}
			d.roll(me, t, w, false, "readied", Mods{}, nil)
			continue
		}
		if f := s.OffHand; f != nil {
			me := s.Current()
			t := s.Combatant(f.Target)
			w := me.Weapon(f.Weapon)
			if w == nil || !me.In() || !t.Targetable() || !s.reaches(me, t, w) {
				d.emit(put(d, (*hotMemory).passedPool, Passed{Combatant: me.ID}))
				continue
			}
			d.roll(me, t, w, true, "", Mods{}, nil)
			continue
		}
		if s.OpenAfter != "" && s.Window == nil {
			if opener := s.Combatant(s.OpenAfter); opener != nil && opener.Targetable() {
				d.openWindow("opening", opener, "ability", parts.Cell{})
				continue
			}
		}
		if w := s.Window; w != nil {
			if len(w.Ask) > 0 || s.Phase == EscapeRuling {
				return
			}
			if movesAfter(w.Act) {
				me := s.Combatant(w.Opener)
				d.emit(put(d, (*hotMemory).movedPool, Moved{Combatant: me.ID, From: parts.Cell{X: me.X, Y: me.Y}, To: w.Dest, Ft: s.distanceTo(me, w.Dest)}))
				continue
			}
			return // evolve closes the others
		}
		me := s.Current()
		if me == nil {
			d.nextTurn()
			continue
		}
		if s.ReadyChecked != s.Actions {
			if ask := s.readied(me, d.strs()); len(ask) > 0 {
				d.emit(put(d, (*hotMemory).windowOpenedPool, WindowOpened{What: "readied", Opener: me.ID, Ask: ask}))
				continue
			}
		}
		if me.Left > 0 && me.In() && !me.Winded {
			return
		}
		d.nextTurn()
	}
}

// meleeWeapon is the first of me's melee weapons (unarmed last) that
// reaches t, for an opening (R20, R44), or nil.
func (s *State) meleeWeapon(me, t *Combatant) *Weapon {
	for i := range me.Weapons {
		if w := &me.Weapons[i]; !w.category().Ranged && s.reaches(me, t, w) {
			return w
		}
	}
	if s.reaches(me, t, &unarmed) {
		return &unarmed
	}
	return nil
}

// readied lists the creatures whose readied attack on me may fire now, in
// initiative order (R16, A20).
func (s *State) readied(me *Combatant, buf *[]string) []string {
	start := len(*buf)
	for _, id := range s.Order {
		c := s.Combatant(id)
		if c.Ready.Target != me.ID || !c.In() || c.Winded || c.Unaware || c.Vigor < OpeningCost {
			continue
		}
		w := c.Weapon(c.Ready.Weapon)
		if w == nil || !s.reaches(c, me, w) {
			continue
		}
		*buf = append(*buf, id)
	}
	if len(*buf) == start {
		return nil
	}
	return (*buf)[start:len(*buf):len(*buf)]
}

// decided reports whether the fight is over: fewer than two sides have a
// creature still in it.
func (d *decider) decided() (string, bool) {
	s := d.s
	return parts.LastSide(len(s.Combatants), func(i int) string { return s.Combatants[i].Side },
		func(i int) bool { c := &s.Combatants[i]; return c.In() || c.Away && !c.Object })
}

// nextTurn starts the next creature's turn, or closes the round with the
// Recovery Phase and starts the next one (R07, R41).
func (d *decider) nextTurn() {
	s := d.s
	for i := s.Turn + 1; i < len(s.Order); i++ {
		c := s.Combatant(s.Order[i])
		if c.Incapacitated() || c.Escaped || c.Away {
			continue
		}
		d.emit(put(d, (*hotMemory).turnStartedPool, TurnStarted{Combatant: c.ID, Round: s.Round, Actions: s.actionsOf(c)}))
		return
	}
	d.recovery()
	if s.Phase == Over {
		return
	}
	if _, over := d.decided(); over {
		return // proceed ends it
	}
	if s.Phase == EndRuling {
		return // the GM rules whether the fight is over
	}
	d.newRound()
}

// end ends a decided fight, or with the aftermath option leaves it to the
// GM's rests first.
func (d *decider) end(winner, reason string) { d.finish(winner, reason, false) }

// finish is end, byGM saying the GM's end-fight ended it.
func (d *decider) finish(winner, reason string, byGM bool) {
	if d.s.Options.Aftermath {
		d.emit(&Decided{Winner: winner, Reason: reason, ByGM: byGM})
		return
	}
	d.emit(put(d, (*hotMemory).fightEndedPool, FightEnded{Winner: winner, Reason: reason, ByGM: byGM}))
}

// rest is a rest after the fight (R42, A32): for those named, or everyone
// still there (not dead, escaped or an object), of the length the GM
// names. The Shock timers of those not stabilized run for its length
// first (A09); then each gains what the rest table's row gives.
func (d *decider) rest(c *Rest) error {
	s := d.s
	if err := d.want(Aftermath, "rest"); err != nil {
		return err
	}
	row, ok := s.restRow(c.Length)
	if !ok {
		return invalid("no rest called %q; rests: minute, hour, night", c.Length)
	}
	for _, id := range c.Who {
		switch t := s.Combatant(id); {
		case t == nil:
			return invalid("there is no combatant called %q (combatants: %s)", id, s.ids())
		case !t.rests():
			return refuse("%s is %s and does not rest", id, conditionOf(t))
		}
	}
	e := &Rested{Length: c.Length}
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if !t.rests() || len(c.Who) > 0 && !slices.Contains(c.Who, t.ID) {
			continue
		}
		r := RestChange{Combatant: t.ID, Vigor: t.Vigor, Durability: t.Durability, Health: t.Health, Mana: t.Mana, ShockLeft: t.ShockLeft}
		if t.Shock && !t.Stabilized {
			if r.ShockLeft <= row.Rounds {
				r.Died = true
				e.Changes = append(e.Changes, r)
				continue
			}
			r.ShockLeft -= row.Rounds
		}
		if row.Vigor {
			r.Vigor = t.VigorMax
		}
		if row.Mana {
			r.Mana = t.ManaMax
		}
		if row.Durability && !t.Wounded {
			r.Durability = t.DurabilityMax
		}
		if row.Health {
			r.Health = min(t.HealthMax, t.Health+max(row.HealthMin, t.Stamina/5))
			if r.Health == t.HealthMax {
				r.Durability = t.DurabilityMax
			}
		}
		e.Changes = append(e.Changes, r)
	}
	d.emit(e)
	return nil
}

// restRow is the rest table's row for a length, or one of its other
// words (R42): the rest_table option's, or the rules'.
func (s *State) restRow(length string) (RestRow, bool) {
	if w, ok := restWords[length]; ok {
		length = w
	}
	if row, ok := s.Options.RestTable[length]; ok {
		return row, true
	}
	row, ok := Rests[length]
	return row, ok
}

// newRound starts the next round, unless the round limit is reached
// (R07, §7.10).
func (d *decider) newRound() {
	s := d.s
	if parts.RoundLimitReached(s.Options.RoundLimit, s.Round) {
		d.emit(put(d, (*hotMemory).fightEndedPool, FightEnded{Reason: fmt.Sprintf("the round limit (%d) was reached", s.Options.RoundLimit), TimedOut: true}))
		return
	}
	d.emit(put(d, (*hotMemory).roundStartedPool, RoundStarted{Round: s.Round + 1}))
	d.join()
}

// join brings in the late joiners due this round, in roster order: each
// rolls d20 + initiative dice and takes its place in the order after
// every creature with a higher total, or an equal total and as much
// Speed or more (R08; ours for the tie).
func (d *decider) join() {
	s := d.s
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if !c.Away || c.Joins >= s.Round {
			continue
		}
		roll := actionRoll(d.src, c.InitDice, Rank(c.BaseRank(), 0, 0, c.Wounded), 0, d.ints())
		buf := d.strs()
		start := len(*buf)
		placed := false
		for _, id := range s.Order {
			o := s.Combatant(id)
			if !placed && (roll.Total > o.Initiative || roll.Total == o.Initiative && c.Speed > o.Speed) {
				*buf = append(*buf, c.ID)
				placed = true
			}
			*buf = append(*buf, id)
		}
		if !placed {
			*buf = append(*buf, c.ID)
		}
		d.emit(put(d, (*hotMemory).joinedPool, Joined{Combatant: c.ID, Roll: roll, Order: (*buf)[start:len(*buf):len(*buf)]}))
	}
}

// actionsOf is the actions a creature has on its turn this round (R09,
// R10, R38).
func (s *State) actionsOf(c *Combatant) int {
	if c.Winded {
		return 0
	}
	n := c.ActionsBase
	if n == 0 {
		n = 2
	}
	if s.Round == 1 {
		switch {
		case c.Role == "ambusher":
			n++
		case c.Role == "ambushed", c.Role == "overwatch" && c.Watch != s.Scene.Approach:
			n = 1
		}
	}
	return n
}

// recovery is the Recovery Phase (R41, A09).
func (d *decider) recovery() {
	s := d.s
	e := put(d, (*hotMemory).recoveredPool, Recovered{Round: s.Round})
	buf := new([]Recovery)
	if d.h != nil {
		buf = &d.h.recoveries
	}
	start := len(*buf)
	for _, id := range s.Order {
		c := s.Combatant(id)
		if c.Dead || c.Escaped || c.Object || c.Away {
			continue
		}
		r := Recovery{Combatant: id, Vigor: min(c.VigorMax, c.Vigor+c.VigorRegen())}
		r.Gained = r.Vigor - c.Vigor
		r.Winded = c.Winded && r.Vigor < WindedUntil
		if !c.Wounded {
			r.Durability = min(c.Regen.Durability, c.DurabilityMax-c.Durability)
		}
		r.Mana = min(c.Regen.Mana, c.ManaMax-c.Mana)
		r.Health = min(c.Regen.Health, c.HealthMax-c.Health)
		switch {
		case !c.Shock, c.Health+r.Health > 0:
			// Health back ends a Shock (A41) before it counts down.
		case c.Stabilized:
			r.ShockLeft = c.ShockLeft
		default:
			r.ShockLeft = c.ShockLeft - 1
			r.Died = r.ShockLeft <= 0
		}
		*buf = append(*buf, r)
	}
	e.Changes = (*buf)[start:len(*buf):len(*buf)]
	d.emit(e)
}
