package woundslots

import (
	"fmt"
	"slices"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// isAttackStyle reports whether style names an attack.
func isAttackStyle(style string) bool {
	switch style {
	case Standard, Quick, Strong, Nonlethal, Grapple:
		return true
	}
	return false
}

// styleOf reads an attack's style: "" is standard.
func styleOf(style string) string {
	if style == "" {
		return Standard
	}
	return style
}

// checkAttack refuses an attack by a on target with weapon in style that
// the rules do not allow now, and returns the target and weapon.
func (s *State) checkAttack(a *Combatant, target, weapon, style string) (*Combatant, *Weapon, error) {
	t := s.Combatant(target)
	w := a.Weapon(weapon)
	style = styleOf(style)
	_, ok := actionCosts[style]
	cost := s.attackCost(a, style)
	switch {
	case w != nil && w.Kind == "ranged" && s.env(a) == Underwater:
		return nil, nil, refuse(engine.NotAllowedNow, "no ranged weapon attacks underwater (R74)")
	case !ok || !isAttackStyle(style):
		return nil, nil, refuse(engine.Invalid, "%q is not an attack: standard, quick, strong, nonlethal or grapple", style)
	case t == nil:
		return nil, nil, s.noCombatant(target)
	case w == nil && weapon != "":
		return nil, nil, refuse(engine.Invalid, "%s has no weapon called %q", a.ID, weapon)
	case w == nil:
		return nil, nil, refuse(engine.NotAllowedNow, "%s has no weapon in hand to attack with", a.ID)
	case !w.InHand():
		return nil, nil, refuse(engine.NotAllowedNow, "%s's %s is stowed in its %s; retrieve it first (R48)", a.ID, w.Name, w.Stowed)
	case t == a:
		return nil, nil, refuse(engine.NotAllowedNow, "%s cannot attack itself", a.ID)
	case t.Side == a.Side:
		return nil, nil, refuse(engine.NotAllowedNow, "%s and %s are on the same side", a.ID, t.ID)
	case t.gone():
		return nil, nil, refuse(engine.NotAllowedNow, "%s is %s", t.ID, t.Status)
	case style == Grapple && !t.Up():
		return nil, nil, refuse(engine.NotAllowedNow, "%s is %s: there is nobody to grapple with", t.ID, t.Status)
	case style != Standard && w.Kind != "melee":
		return nil, nil, refuse(engine.NotAllowedNow, "a %s attack is a melee attack, and %s is a ranged weapon", style, w.Name)
	case style == Grapple && !mayGrappleWith(a, w, t):
		return nil, nil, refuse(engine.NotAllowedNow, "%s cannot grapple %s: it takes a reach-0 weapon, an adjacent target within 4 Sizes, not grappled already (R57)", a.ID, t.ID)
	case !Reaches(a, w, t):
		return nil, nil, refuse(engine.NotAllowedNow, "%s's %s does not reach %s (gap %d)", a.ID, w.Name, t.ID, Gap(a, t))
	case !a.affords(cost):
		return nil, nil, refuse(engine.NotAllowedNow, "%s has %d AP; a %s attack costs %d", a.ID, a.AP, style, a.apCost(cost))
	}
	return t, w, nil
}

// mayGrappleWith reports whether a may grapple t with w (R57): a reach-0
// weapon, t adjacent, within 4 Sizes, and not grappled by a already.
func mayGrappleWith(a *Combatant, w *Weapon, t *Combatant) bool {
	return w.Reach == 0 && Gap(a, t) <= 0 && parts.Abs(a.Attributes.Size-t.Attributes.Size) <= 4 && !slices.Contains(a.Grappling, t.ID)
}

// attack declares an attack on one's turn, or interrupts with one in a
// window (R29).
func (r *run) attack(c *Attack) error {
	a, w, err := r.attackCheck(c)
	if err != nil {
		return err
	}
	s := r.s
	style := styleOf(c.Style)
	if a.Long != nil {
		r.cancelLong(a)
	}
	var q []string
	if !r.quiet {
		q = s.windowQueue(a, w.Kind == "ranged", style, c.Target, r.h)
	}
	r.emit(engine.New(r.h.arena(), actionDeclaredKind, ActionDeclared{Actor: a.ID, Action: style, Target: c.Target, Weapon: w.Name, Cost: a.apCost(s.attackCost(a, style)), Queue: q}))
	r.resolveIfReady()
	return nil
}

// attackCheck is attack's checks: it returns the attacker and its weapon.
func (r *run) attackCheck(c *Attack) (a *Combatant, w *Weapon, err error) {
	if a, err = r.acting("attack ", c.Target); err != nil {
		return nil, nil, err
	}
	_, w, err = r.s.checkAttack(a, c.Target, c.Weapon, c.Style)
	return a, w, err
}

// windowQueue lists who is asked after a's declaration of an action of
// kind (an attack's style, or another action's kind) on target, in
// descending initiative (ties by id): enemies who may act out of turn
// (R29, A16; nobody answers an action itself taken out of turn [ours]),
// enemies whose melee weapon reaches a ranged attacker and who have not
// harried it this round (R46), those with a readied action (R47), and the
// target of an attack or spell when it may interpose (R58). Nobody at
// initiative 0 interrupts or reacts (R28).
func (s *State) windowQueue(a *Combatant, ranged bool, kind, target string, h *hotMemory) []string {
	interposable := isAttackStyle(kind) || kind == "cast"
	return s.queueOf(h, func(_ int, c *Combatant) bool {
		if c.ID == a.ID || c.Side == a.Side || !c.free() {
			return false
		}
		return s.mayActOutOfTurn(c, AtDeclared) || ranged && s.mayHarry(c, a) || s.mayReady(c) || interposable && c.ID == target && s.mayInterposeAt(c, a.ID)
	})
}

// resolveIfReady resolves the pending attack once nobody is left to ask.
// A reaction's attack held in its own window goes ahead once all asked
// about it have answered (strikeGoesAhead), the rest of the window it was
// taken in waiting.
func (r *run) resolveIfReady() {
	s := r.s
	if s.Phase != Window || s.Pending == nil {
		return
	}
	if p := s.Pending; p.Striker != "" {
		if p.StrikeAsk == 0 {
			r.strikeGoesAhead()
		}
		return
	}
	if len(s.Queue) == 0 {
		r.resolve()
	}
}

// attackBonus is what is added to an attack's die (R04, R10, A24, A26,
// R39, R46, R74 under water), and for a penetrating weapon Str and damage
// too (R08).
func (s *State) attackBonus(a *Combatant, w *Weapon, t *Combatant, style string) int {
	skill, col := "melee", 0
	if w.Kind == "ranged" {
		skill, col = "aim", 1
	}
	b := a.Attributes.Dex + a.rank(skill, w.Group) + w.Accuracy
	// R10: of cover and posture penalties only the largest counts.
	pm, cm := postureMods[t.Posture][col], coverMods[t.Cover][col]
	if pm < 0 && cm < 0 {
		b += min(pm, cm)
	} else {
		b += pm + cm
	}
	b += s.anyAttack(a, t)
	if w.Kind == "melee" {
		b += mountedEdge(a, t)
	}
	b += rangePenalty(a, w, t)
	if w.Kind == "ranged" {
		b -= a.Harried
	}
	if s.env(a) == Underwater {
		b -= UnderwaterPenalty // R74
	}
	if style == Nonlethal {
		b -= 2
	}
	if w.Penetrating {
		b += a.Attributes.Str + w.Damage
	}
	return b
}

// anyAttack is what every attack of a's on t adds to its die, a weapon's
// or a spell's: less exhaustion with what effects and conditions add
// (A26), distraction (A33) and a shared space (R51); and what it gains
// from where they stand (R11, R12): an ignored creature's attack is a
// rear attack, with double the flanking bonus in place of the bonus
// itself; else every attack on a flanked creature gains the bonus.
func (s *State) anyAttack(a, t *Combatant) int {
	b := -a.tired() - a.distraction() - a.sharing()
	switch {
	case slices.Contains(t.Ignoring, a.ID):
		return b + RearBonus
	case s.Flanked(t):
		return b + FlankBonus
	}
	return b
}

// defenseAgainst is the Defense t meets an attack with: the guard chosen,
// else the one matching the weapon (R05, R13, R14).
func defenseAgainst(a, t *Combatant, w *Weapon, guard string) int {
	if guard != "" {
		return guardDefense(t, guard, w.Kind)
	}
	if w.Kind == "ranged" {
		return t.RangedDefense()
	}
	return t.MeleeDefense() + mountedEdge(t, a)
}

// attackFor names what an attack's AP pays for, by style.
var attackFor = map[string]string{Standard: "standard attack", Quick: "quick attack", Strong: "strong attack", Nonlethal: "nonlethal attack", Grapple: "grapple"}

// resolve resolves the pending attack: AP, the attack die, criticals'
// initiative, the strong attack's d6, the wound (R05-R09, R16, R39-R43).
func (r *run) resolve() {
	s := r.s
	if s.Pending.Held {
		r.moveOn()
		return
	}
	if s.Pending.Action == "move" {
		r.resolveMove()
		return
	}
	if !s.Pending.Command.IsZero() {
		r.resolveDeclared()
		return
	}
	p := *s.Pending
	a, t := s.Combatant(p.Actor), s.Combatant(p.Target)
	if t.Status == Dead {
		// Killed by a reaction before the attack lands: the attack is not
		// made, and costs nothing [ours].
		r.emit(engine.New(r.h.arena(), actionCancelledKind, ActionCancelled{Combatant: a.ID, Why: "its target is dead"}))
		return
	}
	if !p.Interposed {
		// A16: a move out of turn may have made the attack impossible; its
		// actor then acts again, at no AP cost.
		if _, _, err := s.checkAttack(a, p.Target, p.Weapon, p.Action); err != nil {
			r.emit(engine.New(r.h.arena(), actionCancelledKind, ActionCancelled{Combatant: a.ID, Why: "no longer possible: " + err.Error()}))
			return
		}
	}
	w := a.Weapon(p.Weapon)
	r.pay(a, p.Cost, attackFor[p.Action])
	r.strike(a, t, w, p.Action, p.Guard, false)
}

// strike rolls an attack of a on t with w in a style, against the Defense
// a guard chose, and applies what it does; a rebuff's hit is one level
// worse (R41).
func (r *run) strike(a, t *Combatant, w *Weapon, style, guard string, rebuff bool) {
	s := r.s
	if !r.attackFooting(a) {
		return
	}
	bonus := s.attackBonus(a, w, t, style)
	// R74, R14, A36: under water the immobile Defense replaces the melee
	// and ranged ones, before a defender's +2 (MeleeDefense).
	defense := defenseAgainst(a, t, w, guard)
	if rebuff && t.OpeningOn == a.ID {
		// R50: the mover can use its opening's total in place of its
		// Defense, and does so only when it is the higher.
		defense = max(defense, t.OpeningTotal)
	}
	damage := w.Damage
	if !w.Aquatic && s.env(a) == Underwater {
		damage = floorDiv(damage, 2)
	}
	add := 0 // what the final value adds to the attack total
	if !w.Penetrating {
		add = a.Attributes.Str + damage
	} else {
		bonus += damage - w.Damage
	}
	tough := t.Toughness(w.ArmorPiercing && style != Nonlethal)
	k := bonus + add - defense - tough
	// A strong attack's extra d6 joins the final value: each die value
	// counts apart.
	die, hit := r.rollAttack(a, t, bonus, defense, k, style == Strong)
	if !hit {
		return
	}
	if style == Grapple {
		r.emit(engine.New(r.h.arena(), grappledKind, Grappled{Combatant: a.ID, Target: t.ID}))
		return
	}
	final := die + k
	if style == Strong {
		extra := r.src.Roll(6)
		r.emit(engine.New(r.h.arena(), extraRolledKind, ExtraRolled{Attacker: a.ID, Die: extra}))
		final += extra
	}
	level := WoundLevel(final)
	if style == Quick {
		level = max(NoWound, level-1)
	}
	if rebuff && level > NoWound {
		// R41 worsens a wound dealt; a hit that deals none (R06) stays none.
		level = min(Fatal, level+1)
	}
	if style == Nonlethal && level > NoWound {
		r.emit(engine.New(r.h.arena(), nonlethalHitKind, NonlethalHit{Attacker: a.ID, Target: t.ID, Final: final, Indicated: level}))
		return
	}
	r.wound(t, a.ID, final, level)
}

// rollAttack rolls the d20 of an attack, a weapon's or a spell's (R05),
// against t's Defense: a natural 20 hits, a natural 1 misses, else the die
// plus bonus must reach defense. k is what the die adds up to for the
// wound (bonus and damage, less Defense and Toughness); every asks for
// each die value apart, for a roll whose total matters beyond its wound.
// It emits the roll and a critical's initiative shifts (R09), and returns
// the die and whether it hit.
func (r *run) rollAttack(a, t *Combatant, bonus, defense, k int, every bool) (die int, hit bool) {
	classes := dice.Cuts(2, defense-bonus, 20)
	for _, th := range woundThresholds {
		classes = classes.Cut(th - k)
	}
	if every {
		classes = dice.EveryValue
	}
	die = dice.RollClasses(r.src, 20, classes)
	nat := parts.NaturalOf(die, 20)
	hit = parts.Check{Die: die, Bonus: bonus, Target: defense}.Decided(nat)
	r.emit(engine.New(r.h.arena(), attackRolledKind, AttackRolled{Attacker: a.ID, Target: t.ID, Die: die, Bonus: bonus, Defense: defense, Hit: hit, Critical: nat.String()}))
	r.criticals(a, t, nat, "critical hit", "critical hit against it")
	return die, hit
}

// criticals moves initiative after a critical (R09, A03): on a success
// +2 for a (why) and -2 for t (against), on a failure -2 for a.
func (r *run) criticals(a, t *Combatant, n parts.Natural, why, against string) {
	switch n {
	case parts.CriticalSuccess:
		r.shift(a, 2, why)
		r.shift(t, -2, against)
	case parts.CriticalFailure:
		r.shift(a, -2, "critical failure")
	}
}

// wound gives t a level-l wound from attacker's hit of a final value: the
// slot it fills and what becomes of t (R16-R18), then the control and
// footing checks a wound calls for (R75, R77).
func (r *run) wound(t *Combatant, attacker string, final, level int) {
	placed, fate := place(t, level)
	r.wounded(t, Wounded{Combatant: t.ID, Attacker: attacker, Final: final, Indicated: level, Level: placed, Fate: fate})
}

// wounded emits e, t's wound, and the footing and control checks a wound
// that fills a slot calls for (R75, R77), in that order (section 7.5.8);
// the footing check reads the level of the slot filled, since a full
// level makes the wound itself more severe (R16). One gone down lets go
// of every grapple.
func (r *run) wounded(t *Combatant, e Wounded) {
	r.emit(engine.New(r.h.arena(), woundedKind, e))
	if t.Status != Active {
		r.releaseGrapples(t)
	}
	if e.Level > NoWound {
		// Section 7.5.8: the swim or climb check, then the mount's.
		r.woundFooting(t, e.Level)
		r.woundControl(t)
	}
}

// shift moves c's initiative by n, floored at 0 (R09, R28).
func (r *run) shift(c *Combatant, n int, why string) {
	r.emit(engine.New(r.h.arena(), initiativeShiftedKind, InitiativeShifted{Combatant: c.ID, By: n, Initiative: max(0, c.Initiative+n), Why: why}))
}

// place is R16-R18 and A08: the slot a level-l wound fills (the first
// level at or above l with one open) and what becomes of t: an NPC dies
// of a fatal wound, a PC or special NPC is left dying; with no open slot
// at all it dies.
func place(t *Combatant, l int) (placed int, fate string) {
	if l <= NoWound {
		return NoWound, ""
	}
	for lv := l; lv <= Fatal; lv++ {
		if *t.Wounds.At(lv) < *t.Slots.At(lv) {
			placed = lv
			break
		}
	}
	switch {
	case placed == NoWound:
		return NoWound, "dead"
	case placed < Fatal:
		return placed, ""
	case t.npc():
		return placed, "dead"
	}
	return placed, "dying"
}

// pick is the attacker's choice of a nonlethal hit's level (R39, A11).
func (r *run) pick(c *Pick) error {
	if err := r.wantPhase(Choosing, "pick a level"); err != nil {
		return err
	}
	s := r.s
	p := s.Pending
	l, err := levelOf(c.Level)
	switch {
	case err != nil:
		return err
	case l > p.Indicated:
		return refuse(engine.NotAllowedNow, "the hit indicates %s; pick that or a lighter level", LevelName(p.Indicated))
	}
	t := s.Combatant(p.Target)
	placed, fate := place(t, l)
	escalates := l < Fatal && placed == Fatal
	switch {
	case c.Helpless && !escalates:
		return refuse(engine.NotAllowedNow, "a %s wound would not knock %s out, so there is no helpless choice", c.Level, t.ID)
	case escalates && c.Helpless:
		fate = "helpless"
	case escalates:
		fate = "unconscious"
	}
	r.wounded(t, Wounded{Combatant: t.ID, Attacker: p.Actor, Final: p.Final, Indicated: l, Level: placed, Fate: fate})
	r.finished(p.Actor)
	return nil
}

// levelOf reads the name of a wound level from light to fatal, refusing
// any other.
func levelOf(name string) (int, error) {
	if i := slices.Index(levelNames[:], name); i > NoWound {
		return i, nil
	}
	return 0, refuse(engine.Invalid, "%q is not a wound level: light, moderate, severe, critical or fatal", name)
}

// AttackRolled: an attack roll (R05): Critical is success (natural 20) or failure (natural 1).
type AttackRolled struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Die      int    `json:"die"`
	Bonus    int    `json:"bonus"`
	Defense  int    `json:"defense"`
	Hit      bool   `json:"hit"`
	Critical string `json:"critical,omitempty"`
}

func (e *AttackRolled) apply(s *State, _ *hotMemory) {
	if !e.Hit {
		doneIfOwn(s, e.Attacker)
	}
}

func (e *AttackRolled) describe(s *State) string {
	result := "miss"
	switch {
	case e.Critical == "success":
		result = "critical hit"
	case e.Critical == "failure":
		result = "critical miss"
	case e.Hit:
		result = "hit"
	}
	return fmt.Sprintf("%s rolls %s against Defense %d: %s", e.Attacker, d20(e.Die, e.Bonus), e.Defense, result)
}

// InitiativeShifted: a combatant's initiative moves (R09, R29): By is the change, Initiative the score after (at least 0).
type InitiativeShifted struct {
	Combatant  string `json:"combatant"`
	By         int    `json:"by"`
	Initiative int    `json:"initiative"`
	Why        string `json:"why"`
}

func (e *InitiativeShifted) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
	}
}

func (e *InitiativeShifted) describe(s *State) string {
	return fmt.Sprintf("%s's initiative %+d (%s): %d", e.Combatant, e.By, e.Why, e.Initiative)
}

// ExtraRolled: a strong attack's 1d6 of damage, rolled after the hit (R43).
type ExtraRolled struct {
	Attacker string `json:"attacker"`
	Die      int    `json:"die"`
}

func (*ExtraRolled) apply(*State, *hotMemory) {}

func (e *ExtraRolled) describe(s *State) string {
	return fmt.Sprintf("%s's strong attack adds d6=%d", e.Attacker, e.Die)
}

// NonlethalHit: a nonlethal attack hit (R39): the attacker picks the level, up to Indicated.
type NonlethalHit struct {
	Attacker  string `json:"attacker"`
	Target    string `json:"target"`
	Final     int    `json:"final"`
	Indicated int    `json:"indicated"`
}

func (e *NonlethalHit) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Indicated, s.Pending.Final = e.Indicated, e.Final
	}
	s.Phase = Choosing
}

func (e *NonlethalHit) describe(s *State) string {
	return fmt.Sprintf("%s's nonlethal hit on %s: final %d, up to a %s wound", e.Attacker, e.Target, e.Final, LevelName(e.Indicated))
}

// Wounded: a hit's outcome (R06, R16): Final is its final value, Indicated the level it gives, Level the slot filled (0: no wound) and Fate what became of the target.
type Wounded struct {
	Combatant string `json:"combatant"`
	Attacker  string `json:"attacker"`
	Final     int    `json:"final"`
	Indicated int    `json:"indicated"`
	Level     int    `json:"level"`
	Fate      string `json:"fate,omitempty"`
}

func (e *Wounded) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c != nil && (e.Level > NoWound || e.Fate != "") {
		if e.Level > NoWound {
			*c.Wounds.At(e.Level)++
			c.Severity = c.Wounds.Severity()
		}
		c.Defending = false
		switch e.Fate {
		case "dying":
			c.Status, c.IsDying, c.Dying = Unconscious, true, 1
		case "unconscious":
			c.Status = Unconscious
		case "helpless":
			c.Helpless = 2
		case "dead":
			c.Status, c.IsDying, c.Dying = Dead, false, 0
		}
	}
	doneIfOwn(s, e.Attacker)
}

func (e *Wounded) describe(*State) string {
	head := fmt.Sprintf("%s's hit on %s: final %d", e.Attacker, e.Combatant, e.Final)
	if e.Level == NoWound && e.Fate == "" {
		return head + ", no wound"
	}
	line := head + fmt.Sprintf(", a %s wound", LevelName(e.Indicated))
	switch {
	case e.Level == NoWound:
		line += ", no slot left"
	case e.Level != e.Indicated:
		line += fmt.Sprintf(" fills a %s slot", LevelName(e.Level))
	}
	switch e.Fate {
	case "dead":
		line += ": " + e.Combatant + " dies"
	case "dying":
		line += ": " + e.Combatant + " falls unconscious, dying"
	case "unconscious":
		line += ": " + e.Combatant + " falls unconscious"
	case "helpless":
		line += ": " + e.Combatant + " is helpless for 2 rounds"
	}
	return line
}

// Attack is an attack: standard (R42), quick (R40), strong (R43) or
// nonlethal (R39). In a window, it is an interrupt (R29).
type Attack struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
	// Style is "standard" ("" too), "quick", "strong", "nonlethal" or
	// "grapple" (R57).
	Style string `json:"style,omitempty"`
}

func (*Attack) command() {}

// Pick is the attacker's choice of a nonlethal hit's level (R39).
type Pick struct {
	Level string `json:"level"`
	// Helpless chooses a conscious but helpless target over an
	// unconscious one where the rules offer it.
	Helpless bool `json:"helpless,omitempty"`
}

func (*Pick) command() {}

// The kinds of attack.go's commands and events.
var (
	attackKind            = engine.Add[Attack](commands, "attack")
	pickKind              = engine.Add[Pick](commands, "pick")
	attackRolledKind      = engine.Add[AttackRolled](events, "attack_rolled")
	initiativeShiftedKind = engine.Add[InitiativeShifted](events, "initiative_shifted")
	extraRolledKind       = engine.Add[ExtraRolled](events, "extra_rolled")
	nonlethalHitKind      = engine.Add[NonlethalHit](events, "nonlethal_hit")
	woundedKind           = engine.Add[Wounded](events, "wounded")
)
