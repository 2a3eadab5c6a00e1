package blackpowder

import (
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// reach is melee reach in metres (A21).
const reach = 1.5

// run is one Decide in progress: s is the state every emitted event is
// applied to at once, so that later steps see earlier ones; a scratch copy
// for Decide, the caller's own state for a run in place (Rules.Step).
// Every action makes its checks before its first event, so a refused one
// leaves s as it was.
type run struct {
	s      *State
	src    dice.Source
	events []Event
	// mode is how the acting combatant acts: "" on its own turn, "delayed"
	// with a held delayed action, "free" with an opportunity attack or an
	// aimed attack already paid for.
	mode string
	// aimed is set while an aimed attack resolves: +3 to hit (R22); early
	// when it was fired early (A17).
	aimed, early bool
	// path is set while an opportunity attack resolves: the provoker's
	// path, from its spot to where its declared move or run ends (the spot
	// alone for any other action). Melee reach is measured to it (R34,
	// A22; our ruling, see opportunity).
	path    [2][2]float64
	hasPath bool
	// hot is the state's hot memory when the run is a Step's, where its
	// events and working copies come from; nil for Decide and dry runs.
	hot *hotMemory
}

func (r *run) emit(e Event) {
	r.events = append(r.events, e)
	e.apply(r.s, r.hot)
}

func (r *run) d10() int { return r.src.Roll(10) }

// d10By draws a d10 that the rules read only through which of the classes
// c it falls in (see dice.RollClasses): exact odds then follow one path per
// class. At the table it is d10.
func (r *run) d10By(c dice.Classes) int { return dice.RollClasses(r.src, 10, c) }

// passFail rolls a non-attack check against a difficulty: d10 + bonus,
// succeeding on a tie (A01); one that cannot succeed, even with a 10, fails
// without a die (R01, A37), and die is 0. Only success may be read from
// the die and total, beside recording them: the die is drawn by the
// classes failure and success (passFailTotal when the total counts).
func (r *run) passFail(bonus, difficulty int) (die, total int, success bool) {
	return r.checkBy(bonus, difficulty, dice.Cuts(difficulty-bonus))
}

// passFailTotal is passFail for a check whose total counts beyond its
// success: every succeeding die apart.
func (r *run) passFailTotal(bonus, difficulty int) (die, total int, success bool) {
	return r.checkBy(bonus, difficulty, dice.Cuts(difficulty-bonus).Each(difficulty-bonus, 10))
}

// checkBy is passFail with the die drawn by classes c.
func (r *run) checkBy(bonus, difficulty int, c dice.Classes) (die, total int, success bool) {
	if 10+bonus < difficulty {
		return 0, bonus, false
	}
	die = r.d10By(c)
	return die, die + bonus, die+bonus >= difficulty
}

// spent names what pays for an action in the run's mode.
func (r *run) spent() string {
	switch r.mode {
	case "delayed", "free":
		return r.mode
	}
	return "action"
}

// decide validates and resolves a command; see engine.Ruleset.Decide.
func decide(s *State, actor string, cmd Command, src dice.Source) ([]Event, error) {
	if s.Over {
		return nil, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	scratch := s.scratch()
	r := &run{s: &scratch, src: src, events: make([]Event, 0, 8)}
	return r.decide(s, actor, cmd)
}

// step is decide applying the events to s as it goes, rather than to a
// copy, and appending them to events; see Rules.Step. If it fails s may be
// left half changed.
func step(s *State, actor string, cmd Command, src dice.Source, events []Event) ([]Event, error) {
	if s.Over {
		return nil, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	h := s.hotMemory()
	h.resetEvents()
	r := &h.run
	*r = run{s: s, src: src, events: events, hot: h}
	return r.decide(s, actor, cmd)
}

// decide decides cmd from actor in state s, the state the run started
// from.
func (r *run) decide(s *State, actor string, cmd Command) ([]Event, error) {
	if c, ok := cmd.(*EndFight); ok {
		// The GM's at any time, whoever is asked.
		if err := r.endFight(actor, c); err != nil {
			return nil, err
		}
		return r.events, nil
	}
	who := actor
	if who == engine.GM && nextKind(s) != engine.Ruling {
		// The GM answers for whoever is asked; a ruling is the GM's own,
		// and needs no prompt built to say so.
		who = next(s).Actor
	}
	if err := r.decideCommand(who, cmd); err != nil {
		return nil, err
	}
	r.advance()
	return r.events, nil
}

// decideCommand handles a decision at the current prompt.
func (r *run) decideCommand(who string, cmd Command) error {
	switch c := cmd.(type) {
	case *RollInitiative:
		return r.initiative(who)
	case *Dodge:
		return r.dodge(who, false)
	case *Parry:
		return r.dodge(who, true)
	case *Take:
		return r.take(who)
	case *Critical:
		return r.critical(who, c.Take)
	case *OpportunityAttack:
		return r.opportunity(who)
	case *Decline:
		if r.s.stage() == stageFollow {
			return r.keepDelayed(who)
		}
		return r.decline(who)
	case *Ruling:
		return r.rule(who, c)
	case *Interrupt:
		if r.s.stage() == stageFollow {
			return r.follow(who, c)
		}
		return r.interrupt(who, c)
	case *FireEarly:
		return r.fireEarly(who)
	case *Pass:
		if r.s.stage() == stageFollow {
			return engine.Errorf(engine.NotAllowedNow, "%s is asked first whether to act with the delayed action right after the aimed attack: name the action, or decline to keep it", r.s.combatant(r.s.Follow).Name)
		}
		return r.pass(who)
	case *Delay:
		return r.delay(who)
	case *Release:
		return r.release(who)
	case *Hide:
		return r.hide(who)
	case *Search:
		return r.search(who)
	case *Rest:
		return r.rest(c)
	case *Heal:
		return r.heal(c)
	case *Repair:
		return r.repair(c)
	case *Done:
		if r.s.After == nil {
			return engine.Errorf(engine.NotAllowedNow, "the fight is not over")
		}
		r.emit(parts.PutIn(r.hot, (*hotMemory).ended, Ended{Winner: r.s.After.Winner, TimedOut: r.s.After.TimedOut}))
		return nil
	}
	if r.s.stage() == stageFollow && cmd != nil {
		// Asked whether to act with the delayed action right after the
		// aimed attack, the aimer may name the action alone (R22).
		return r.follow(who, &Interrupt{Action: Nested{cmd}, After: true})
	}
	return r.declareOrAct(who, cmd)
}

// act resolves an action.
func (r *run) act(who string, cmd Command) error {
	switch c := cmd.(type) {
	case *Attack:
		return r.attack(who, c)
	case *Hold:
		return r.hold(who, c)
	case *Stun:
		return r.stun(who, c)
	case *AimAt:
		return r.aim(who, c)
	case *Assist:
		return r.assist(who, c)
	case *Escape:
		return r.escape(who)
	case *UseItem:
		return r.useItem(who, c)
	case *StandUp:
		return r.standUp(who)
	case *Check:
		return r.check(who, c)
	case *FreeForm:
		return r.freeForm(who, c)
	case *Draw:
		return r.draw(who, c.Weapon)
	case *Reload:
		return r.reload(who)
	case *Revive:
		return r.revive(who, c)
	case *Fix:
		return r.fix(who)
	case *Move:
		return r.move(who, c.X, c.Y, "move")
	case *Run:
		return r.move(who, c.X, c.Y, "run")
	case *Withdraw:
		return r.move(who, c.X, c.Y, "withdraw")
	}
	return notAnAction(cmd)
}

// notAnAction is why cmd, which act does not know, cannot be taken as an
// action.
func notAnAction(cmd Command) error {
	if cmd == nil {
		return engine.Errorf(engine.Invalid, "no action given")
	}
	return engine.Errorf(engine.NotAllowedNow, "%s is not an action", cmd.Kind())
}

// stage is what the fight is waiting for.
type stage int

// The stages of a fight.
const (
	stageTurn       stage = iota // a group's turn (the ambushers' free turn too)
	stageAfter                   // the fight is over: the aftermath
	stagePending                 // a dodge or a critical
	stageDeclared                // answers to a declared action
	stageAmbush                  // Stealth and Perception checks
	stageInitiative              // initiative rolls
	stageFollow                  // a delayed action right after an aimed attack, or not
)

// stage reports what the fight is waiting for.
func (s *State) stage() stage {
	switch {
	case s.After != nil:
		return stageAfter
	case s.Pending != nil:
		return stagePending
	case s.Follow != "":
		return stageFollow
	case s.Declared != nil && len(s.Declared.Queue) > 0:
		return stageDeclared
	case s.Ambush != nil && s.Ambush.Stage == "hide":
		return stageAmbush
	case s.Ambush != nil && s.Ambush.Stage == "free":
		return stageTurn
	case s.Round == 0:
		return stageInitiative
	}
	return stageTurn
}

// What a member of the acting group may still do once it has finished its
// part of the turn (its action spent, or passed), while the turn lasts.
const (
	afterNothing   = iota // an action: nothing once finished
	afterImmediate        // the turn's immediate action, if unused (R06)
	afterMove             // the move alongside the action (R33)
)

// actingMember returns the combatant who, acting in its group's turn, may
// take an action now, or an error saying why not.
func (r *run) actingMember(who string) (*Combatant, error) { return r.acting(who, afterNothing) }

// immediateMember is actingMember for an immediate action (a draw, a reload
// that takes no time): one who has finished its part of its group's turn
// may still take the turn's immediate action while the turn lasts, if it
// has not used it (R06: one a turn, before or after the action).
func (r *run) immediateMember(who string) (*Combatant, error) {
	return r.acting(who, afterImmediate)
}

// movingMember is actingMember for the move alongside the action (R33),
// which, like the immediate action, may come before or after it.
func (r *run) movingMember(who string) (*Combatant, error) { return r.acting(who, afterMove) }

// acting is actingMember, or what it says for what may come after the
// action (afterImmediate, afterMove).
func (r *run) acting(who string, after int) (*Combatant, error) {
	if r.mode != "" {
		c := r.s.combatant(who)
		switch {
		case c == nil:
			return nil, engine.Errorf(engine.Invalid, "no combatant %q", who)
		case c.Status != Active:
			return nil, engine.Errorf(engine.NotAllowedNow, "%s is %s", c.Name, c.Status)
		case r.mode == "delayed" && !c.Delayed:
			return nil, engine.Errorf(engine.NotAllowedNow, "%s holds no delayed action", c.Name)
		}
		return c, nil
	}
	if r.s.stage() != stageTurn {
		return nil, engine.Errorf(engine.NotAllowedNow, "%s cannot act now: %s", who, next(r.s).Question)
	}
	c := r.s.combatant(who)
	if c == nil {
		return nil, engine.Errorf(engine.Invalid, "no combatant %q", who)
	}
	group := r.s.activeGroup()
	switch {
	case c.Group != group:
		return nil, engine.Errorf(engine.NotYourTurn, "it is the %s group's turn, not %s's", group, c.Name)
	case c.Status != Active:
		return nil, engine.Errorf(engine.NotAllowedNow, "%s is %s", c.Name, c.Status)
	case c.Done && after == afterImmediate && c.ImmediateUsed:
		return nil, engine.Errorf(engine.NotYourTurn, "%s has finished this turn and used the immediate action", c.Name)
	case c.Done && after == afterNothing:
		// Only the immediate action and the move alongside the action may
		// be left to one who has finished (R06, R33): anything else is no
		// longer its to do this turn.
		return nil, engine.Errorf(engine.NotYourTurn, "%s has finished this turn: only the immediate action (a draw, a quick reload) and the move alongside the action may be left", c.Name)
	}
	return c, nil
}

func (r *run) initiative(who string) error {
	if r.s.stage() != stageInitiative {
		return engine.Errorf(engine.NotAllowedNow, "initiative has been rolled")
	}
	gi := r.s.nextInitiativeGroup()
	g := r.s.Groups[gi]
	roller := r.s.initiativeRoller(g.ID)
	if who != roller.ID {
		return engine.Errorf(engine.NotYourTurn, "%s rolls the %s group's initiative, not %s", roller.Name, g.ID, who)
	}
	die := r.d10()
	r.emit(parts.PutIn(r.hot, (*hotMemory).initiativeRolled, InitiativeRolled{Group: g.ID, Roller: roller.ID, Die: die, Total: die + roller.Body + roller.Skill("speed")}))
	return nil
}

// nextInitiativeGroup is the next group to roll: the players' first, then
// the others in setup order (§7 step 2).
func (s *State) nextInitiativeGroup() int {
	for i := range s.Groups {
		if g := &s.Groups[i]; g.Players && !g.Rolled && g.present(0) {
			return i
		}
	}
	for i := range s.Groups {
		if g := &s.Groups[i]; !g.Rolled && g.present(0) {
			return i
		}
	}
	return -1
}

// initiativeRoller is the group's lowest-Body active member (R03); ties go
// to the first in the roster (A02).
func (s *State) initiativeRoller(group string) *Combatant {
	var best *Combatant
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Group == group && c.Status == Active && (best == nil || c.Body < best.Body) {
			best = c
		}
	}
	return best
}

// initiativeOrder sorts groups by initiative, highest first; ties put the
// players first, then setup order (A02).
func (s *State) initiativeOrder() []int {
	var order []int
	if s.hot != nil {
		order = s.hot.order[:0] // a Step's: kept until the next one
	} else {
		order = make([]int, 0, len(s.Groups))
	}
	for i, g := range s.Groups {
		if g.Rolled {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ga, gb := &s.Groups[a], &s.Groups[b]
		if ga.Initiative != gb.Initiative {
			return gb.Initiative - ga.Initiative
		}
		if ga.Players != gb.Players {
			if ga.Players {
				return -1
			}
			return 1
		}
		return 0
	})
	if s.hot != nil {
		s.hot.order = order
	}
	return order
}

func (r *run) pass(who string) error {
	c, err := r.actingMember(who)
	if err != nil {
		return err
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).passed, Passed{Combatant: c.ID}))
	return nil
}

func (r *run) delay(who string) error {
	c, err := r.actingMember(who)
	if err != nil {
		return err
	}
	if c.Actions < 1 {
		return engine.Errorf(engine.NotAllowedNow, "%s has no action left to delay", c.Name)
	}
	if c.Delayed {
		return engine.Errorf(engine.NotAllowedNow, "%s already holds a delayed action: only one a round (R07, A15)", c.Name)
	}
	if c.DelayedSpent {
		return engine.Errorf(engine.NotAllowedNow, "%s has performed a delayed action this round: only one a round (R07, A15)", c.Name)
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).delayed, Delayed{Combatant: c.ID}))
	return nil
}

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

func (r *run) draw(who, name string) error {
	c, i, err := r.drawCheck(who, name)
	if err != nil {
		return err
	}
	// A draw made with a delayed action is that action (R07): the
	// immediate action belongs to the combatant's own turn.
	r.emit(parts.PutIn(r.hot, (*hotMemory).weaponDrawn, WeaponDrawn{Combatant: c.ID, Weapon: i, Immediate: !c.ImmediateUsed && r.mode != "delayed"}))
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
		r.emit(parts.PutIn(r.hot, (*hotMemory).reloadStep, ReloadStep{Combatant: c.ID, Weapon: c.Wielding, Done: true, Immediate: true}))
		return nil
	}
	need := c.weapon().Reload[min(max(c.GunslingerTier, 0), 2)]
	r.emit(parts.PutIn(r.hot, (*hotMemory).reloadStep, ReloadStep{Combatant: c.ID, Weapon: c.Wielding, Done: c.Reloading+1 >= need}))
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
		return nil, false, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	return c, false, nil
}

// attackAttribute is Body for melee and unarmed attacks, Senses otherwise
// (R09).
func attackAttribute(c *Combatant, w *Weapon) int {
	if w.Kind == Melee || w.Kind == Unarmed {
		return c.Body
	}
	return c.Senses
}

// damageAttribute is Senses for ranged weapons and guns, Body otherwise
// (R13, A32).
func damageAttribute(c *Combatant, w *Weapon) int {
	if w.Kind == Ranged || w.Kind == Gun {
		return c.Senses
	}
	return c.Body
}

func distance(a, b *Combatant) float64 { return parts.Metres(a.X, a.Y, b.X, b.Y) }

func (r *run) attack(who string, cmd *Attack) error {
	return r.strike(who, cmd, "")
}

// stun is a stun attack on an unaware target: +3 to hit, no dodge, and
// stun damage instead of damage (R43).
func (r *run) stun(who string, cmd *Stun) error {
	return r.strike(who, &Attack{Target: cmd.Target, Weapon: cmd.Weapon}, "stun")
}

// hold is a hold attempt: an attack roll with the weapon in hand, which
// must be melee or fists; a hit leads to a contest instead of damage
// (R39).
func (r *run) hold(who string, cmd *Hold) error {
	return r.strike(who, &Attack{Target: cmd.Target}, "hold")
}

// release lets go of a hold (R39).
func (r *run) release(who string) error {
	c := r.s.combatant(who)
	if c == nil || c.Holding == "" {
		return engine.Errorf(engine.NotAllowedNow, "%s holds nobody", who)
	}
	r.emit(&Released{Captor: c.ID})
	return nil
}

// aimedStrike is an attack that has passed every check strikeCheck makes: who
// attacks whom with what, and the difficulty before the attack's bonuses.
type aimedStrike struct {
	c, t *Combatant
	// draw is the index of the weapon the attack draws first (an immediate
	// action), or noDraw.
	draw int
	// w is the weapon the attack is made with, drawn or in hand.
	w          *Weapon
	difficulty int
}

// noDraw is aimedStrike.draw for an attack with the weapon in hand.
const noDraw = -2

// strikeCheck checks an attack, a hold attempt ("hold") or a stun attack
// ("stun") without changing anything: every reason it may be refused is
// found here, before the attack emits its first event, so that a legal
// attack is known legal without trying it on a copy of the state.
func (r *run) strikeCheck(who string, cmd *Attack, kind string) (aimedStrike, error) {
	hold := kind == "hold"
	c, err := r.actingMember(who)
	if err != nil {
		return aimedStrike{}, err
	}
	if c.HeldBy != "" {
		return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "%s is held by %s and cannot attack", c.Name, c.HeldBy)
	}
	if r.mode == "" && c.Actions < 1 {
		return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	t := r.s.combatant(cmd.Target)
	switch {
	case t == nil:
		return aimedStrike{}, engine.Errorf(engine.Invalid, "no combatant %q to attack", cmd.Target)
	case t.ID == c.ID:
		return aimedStrike{}, engine.Errorf(engine.Invalid, "%s cannot attack itself", c.Name)
	case t.Group == c.Group:
		return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "%s is on %s's side", t.Name, c.Name)
	case t.Status == Dead || t.Status == Absent:
		return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "%s is %s", t.Name, t.Status)
	case cmd.Part != 0 && cmd.Part != 3 && cmd.Part != 5:
		return aimedStrike{}, engine.Errorf(engine.Invalid, "a body-part attack adds 3 or 5 to the difficulty, not %d", cmd.Part)
	}
	k := aimedStrike{c: c, t: t, draw: noDraw, w: c.weapon()}
	if cmd.Weapon != "" {
		i, err := c.weaponIndex(cmd.Weapon)
		if err != nil {
			return aimedStrike{}, err
		}
		if i != c.Wielding {
			if c.ImmediateUsed {
				return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "%s must draw the %s first: the immediate action is used", c.Name, cmd.Weapon)
			}
			k.draw, k.w = i, attackWeapon(c, i)
		}
	}
	w := k.w
	if hold && w.Kind != Melee && w.Kind != Unarmed {
		return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "a hold needs a melee weapon or fists in hand, not the %s", w.Name)
	}
	if hold && (t.Holding != "" || t.HeldBy != "" || c.Holding != "") {
		return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "%s or %s is already in a hold", c.Name, t.Name)
	}
	if kind == "stun" && (!r.s.unaware(t) || t.Status != Active) {
		return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "only an unaware, conscious target can be stunned, and %s is not", t.Name)
	}
	d := distance(c, t)
	k.difficulty = t.EvadeEff() + cmd.Part + cmd.Modifier
	switch w.Kind {
	case Melee, Unarmed:
		if r.hasPath {
			d = segmentDistance([2]float64{c.X, c.Y}, r.path[0], r.path[1])
		}
		if d > reach {
			return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "%s is %.1f m away, beyond melee reach (%.1f m)", t.Name, d, reach)
		}
	default:
		k.difficulty += r.s.rangedModifier(c, w, t, d)
	}
	if w.Kind == Gun {
		switch {
		case w.State != GunOK:
			return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "the %s is %s", w.Name, w.State)
		case w.Loaded < 1:
			return aimedStrike{}, engine.Errorf(engine.NotAllowedNow, "the %s is not loaded: reload first", w.Name)
		}
	}
	return k, nil
}

// strike is an attack, or a hold attempt ("hold") or a stun attack
// ("stun"). Once strikeCheck has passed it, it cannot fail.
func (r *run) strike(who string, cmd *Attack, kind string) error {
	k, err := r.strikeCheck(who, cmd, kind)
	if err != nil {
		return err
	}
	hold := kind == "hold"
	c, t, difficulty := k.c, k.t, k.difficulty
	if k.draw != noDraw {
		r.emit(parts.PutIn(r.hot, (*hotMemory).weaponDrawn, WeaponDrawn{Combatant: c.ID, Weapon: k.draw, Immediate: true}))
		c = r.s.combatant(who)
	}
	w := c.weapon()
	if w.Kind == Gun && r.s.Scene.Mist && w.Powder != "hazeblast" {
		r.emit(&MistFizzle{Attacker: c.ID, Weapon: c.Wielding, Spent: r.spent()})
		return nil
	}
	hazeblast := w.Kind == Gun && w.Powder == "hazeblast" && !r.s.Scene.Mist
	bonus := attackAttribute(c, w) + w.AttackMod
	if w.Kind == Thrown && w.Thrown {
		bonus += 2
	}
	if w.Kind == Unarmed {
		bonus += c.Skill("brawl")
		if w.Inaccurate && c.Skill("brawl") == 0 {
			bonus -= 2 // A31
		}
	}
	if t.Immobile() {
		bonus += 3 // immobile target (R40)
	}
	if r.aimed {
		bonus += 3 // aimed attack (R22)
	}
	if w.Kind == Thrown && !w.Thrown {
		bonus -= 4 // an improvised throw: Missing (R17)
	}
	bonus += c.Assist // an ally's help (R44)
	if a := r.s.Ambush; kind == "stun" || (a != nil && a.Stage == "free" && c.Group == a.Hiders) {
		bonus += 3 // ambush or stun (R09, R38, R43, A34)
	}
	if hazeblast {
		// Hazeblast outside mist: the jam table first; only a 10 lets the
		// attack go on (R21).
		r.emit(parts.PutIn(r.hot, (*hotMemory).shotFired, ShotFired{Attacker: c.ID, Weapon: c.Wielding}))
		if !r.jam(c, c.Wielding) {
			r.emit(parts.PutIn(r.hot, (*hotMemory).actionUsed, ActionUsed{Combatant: c.ID, Spent: r.spent()}))
			return nil
		}
	}
	// Whether the target is unaware is settled before the roll: the attack
	// that reveals the attacker is still made unawares (R43).
	unaware := r.s.unaware(t)
	// The die counts as a miss or a hit; when a dodge may follow, the
	// total of a hit counts too (the dodge's difficulty).
	classes := hitClasses(difficulty - bonus)
	if c.ID == t.ID || canDodge(t) && !unaware {
		classes = classes.Each(difficulty-bonus, 10)
	}
	die := r.d10By(classes)
	total := die + bonus
	hit := die == 10 || total >= difficulty
	r.emit(parts.PutIn(r.hot, (*hotMemory).attackRolled, AttackRolled{Attacker: c.ID, Target: t.ID, Weapon: c.Wielding, Die: die, Bonus: bonus, Total: total, Difficulty: difficulty, Hit: hit, Spent: r.spent()}))
	if w.Kind == Gun && !hazeblast {
		r.emit(parts.PutIn(r.hot, (*hotMemory).shotFired, ShotFired{Attacker: c.ID, Weapon: c.Wielding}))
	}
	if !hit {
		return nil
	}
	p := Pending{Attacker: c.ID, Target: t.ID, Weapon: c.Wielding, Total: total, Difficulty: difficulty, Bonus: bonus, Hold: hold, Stun: kind == "stun", Early: r.early}
	if canDodge(r.s.combatant(t.ID)) && !unaware {
		p.Stage = "dodge"
		r.emit(parts.PutIn(r.hot, (*hotMemory).awaitingDecision, AwaitingDecision{Pending: p}))
		return nil
	}
	return r.damage(p)
}

// hitClasses are the classes of an attack die that needs need or more, or
// a natural 10 (R09): a miss and a hit.
func hitClasses(need int) dice.Classes { return dice.Cuts(min(need, 10)) }

// rangedModifier is what the rules add to the difficulty of a ranged,
// thrown or gun attack by a on t at distance d (R10, A20): +3 if t is in
// combat with one of a's allies (within the melee reach of a conscious
// member of a's group), +2 if t is running, +3 at far range or +5 beyond
// range.
func (s *State) rangedModifier(a *Combatant, w *Weapon, t *Combatant, d float64) int {
	mod := 0
	for i := range s.Combatants {
		if ally := &s.Combatants[i]; ally.ID != a.ID && ally.Group == a.Group && ally.Status == Active && distance(ally, t) <= reach {
			mod += 3 // in combat with an ally
			break
		}
	}
	if t.Running {
		mod += 2 // running target
	}
	if w.RangeFar > 0 && d > w.RangeFar {
		mod += 5 // beyond range
	} else if w.RangeNormal > 0 && d > w.RangeNormal {
		mod += 3 // far range
	}
	return mod
}

// canDodge: an active target with an unused action or a held delayed
// action (R23); never the unconscious (A26).
func canDodge(t *Combatant) bool {
	return t.Status == Active && (t.Actions > 0 || t.Delayed)
}

// canParry: a melee attack against a target wielding a melee weapon (A12).
func (s *State) canParry(p *Pending) bool {
	a, t := s.combatant(p.Attacker), s.combatant(p.Target)
	return attackWeapon(a, p.Weapon).Kind == Melee && t.weapon().Kind == Melee
}

// attackWeapon is the weapon at index i of the attacker (-1: fists).
func attackWeapon(c *Combatant, i int) *Weapon {
	if i >= 0 && i < len(c.Weapons) {
		return &c.Weapons[i]
	}
	return &bareHands
}

// pendingFor checks that the decision is the pending one and is who's.
func (r *run) pendingFor(who, stage string) (*Pending, error) {
	p := r.s.Pending
	if p == nil || p.Stage != stage {
		return nil, engine.Errorf(engine.NotAllowedNow, "nothing is waiting for a %s decision: %s", stage, next(r.s).Question)
	}
	owner := p.Target
	if stage == "critical" {
		owner = p.Attacker
	}
	if who != owner {
		return nil, engine.Errorf(engine.NotYourTurn, "the %s decision is %s's, not %s's", stage, owner, who)
	}
	return p, nil
}

func (r *run) dodge(who string, parry bool) error {
	p, err := r.pendingFor(who, "dodge")
	if err != nil {
		return err
	}
	pending := *p
	t := r.s.combatant(pending.Target)
	a := r.s.combatant(pending.Attacker)
	w := attackWeapon(a, pending.Weapon)
	bonus := t.Body + t.Skill("dodge") + t.Assist
	if parry {
		if !r.s.canParry(&pending) {
			return engine.Errorf(engine.NotAllowedNow, "%s can only parry a melee attack while holding a melee weapon", t.Name)
		}
		bonus += t.weapon().Defensive
	}
	if pending.Early {
		// An aimed attack fired early: the target must first win a Speed
		// contest, the attacker drawing first (R22, A17, §7 b5).
		ev := parts.PutIn(r.hot, (*hotMemory).earlyDodgeContest, EarlyDodgeContest{Attacker: a.ID, Target: t.ID})
		ev.AttackerDie = r.d10()
		ev.AttackerTotal = ev.AttackerDie + a.Body + a.Skill("speed")
		ev.Die = r.d10()
		ev.Total = ev.Die + t.Body + t.Skill("speed")
		ev.Won = ev.Total > ev.AttackerTotal || (ev.Total == ev.AttackerTotal && t.Skill("speed") > a.Skill("speed"))
		r.emit(ev)
		if !ev.Won {
			r.emit(parts.PutIn(r.hot, (*hotMemory).dodgeDeclined, DodgeDeclined{Target: t.ID}))
			return r.damage(pending)
		}
	}
	difficulty := pending.Total + w.DodgeMod
	die, total, success := r.passFail(bonus, difficulty)
	r.emit(parts.PutIn(r.hot, (*hotMemory).dodgeRolled, DodgeRolled{Target: t.ID, Parry: parry, Die: die, Bonus: bonus, Total: total, Difficulty: difficulty,
		Success: success, ActionSpent: !success || r.s.Options.DodgeSuccessConsumesAction}))
	if success {
		return nil
	}
	return r.damage(pending)
}

func (r *run) take(who string) error {
	p, err := r.pendingFor(who, "dodge")
	if err != nil {
		return err
	}
	pending := *p
	r.emit(parts.PutIn(r.hot, (*hotMemory).dodgeDeclined, DodgeDeclined{Target: pending.Target}))
	return r.damage(pending)
}

// weaponDamage rolls a weapon's damage dice and returns them with the
// weapon damage they give and the raw die that counts for a critical.
//
// The dice are drawn by the classes the rules read them by: of two dice
// kept high, the second is read against the first (lower, the same when
// doubles count, or higher, each value apart); one die through the
// weapon's damage die, and a 10 apart (a critical). doubles says whether
// doubles count: a gun's first damage jams on them (R19), a critical's
// extra damage never does.
func (r *run) weaponDamage(w *Weapon, doubles bool) (rolled []int, value, raw int) {
	if w.Deadly || w.Kind == Gun || w.Damage == "2D10H" {
		first := r.d10()
		classes := dice.Cuts(first+1).Each(first+1, 10)
		if doubles {
			classes = classes.Cut(first)
		}
		second := r.d10By(classes)
		return r.ints(first, second), max(first, second), max(first, second)
	}
	first := r.d10By(damageClasses(w.Damage))
	return r.ints(first), dieValue(w.Damage, first), first
}

// ints returns the values as a slice for an event: in the hot memory of a
// Step's run, which the next Step reuses, else of its own.
func (r *run) ints(values ...int) []int {
	if r.hot == nil {
		return slices.Clone(values)
	}
	h := r.hot
	if cap(h.ints)-len(h.ints) < len(values) {
		h.ints = make([]int, 0, max(64, 2*cap(h.ints)))
	}
	start := len(h.ints)
	h.ints = append(h.ints, values...)
	return h.ints[start:len(h.ints):len(h.ints)]
}

// damageClasses are the classes of a d10 read through a weapon's damage
// die: a class per value it gives, and a 10 apart (R12, R15).
func damageClasses(damage string) dice.Classes {
	c := dice.Cuts(10)
	for v := 2; v <= 10; v++ {
		if dieValue(damage, v) != dieValue(damage, v-1) {
			c = c.Cut(v)
		}
	}
	return c
}

// dieValue reads a d10 through the weapon's damage die (R12).
func dieValue(damage string, raw int) int {
	return dieValueBy(damageDivisor(damage), raw)
}

// damageDivisor is what a weapon's damage die is divided by: 2, 3 or 4
// for D10/2, D10/3 and D10/4, else 0 (not divided).
func damageDivisor(damage string) int {
	switch damage {
	case "D10/2":
		return 2
	case "D10/3":
		return 3
	case "D10/4":
		return 4
	}
	return 0
}

// dieValueBy is dieValue for a die divided by divisor (damageDivisor).
func dieValueBy(divisor, raw int) int {
	if v, ok := dice.DivideD10(raw, divisor); ok {
		return v
	}
	return raw
}

// damage rolls and applies the damage of a hit that was not dodged, or
// for a hold attempt rolls the contest instead (R39).
func (r *run) damage(p Pending) error {
	if p.Hold {
		r.holdContest(p.Attacker, p.Target, true)
		return nil
	}
	a := r.s.combatant(p.Attacker)
	w := attackWeapon(a, p.Weapon)
	rolled, value, raw := r.weaponDamage(w, w.Kind == Gun)
	r.emit(parts.PutIn(r.hot, (*hotMemory).damageRolled, DamageRolled{Attacker: a.ID, Dice: rolled, Value: value}))
	if w.Kind == Gun && len(rolled) == 2 && rolled[0] == rolled[1] {
		if !r.jam(a, p.Weapon) {
			return nil
		}
	}
	p.Damage = value
	if raw == 10 && (r.s.group(a.Group).Players || r.s.Options.NPCCrits) {
		p.Stage = "critical"
		// The dodge is over: the re-roll needs the bonus and the
		// difficulty, not the total, so criticals alike are alike states.
		p.Total = 0
		r.emit(parts.PutIn(r.hot, (*hotMemory).awaitingDecision, AwaitingDecision{Pending: p}))
		return nil
	}
	r.land(p, 0)
	return nil
}

// holdContest rolls captor against captive: d10 + Body + the better of
// Athletics and Brawl, the captor adding the weapon's Immobilizing. A tied
// total goes to the higher skill used (R02); a full tie goes against the
// side trying to change things (A02): to seize, the captor must win; to
// break free, the captive must.
func (r *run) holdContest(captor, captive string, start bool) {
	c, t := r.s.combatant(captor), r.s.combatant(captive)
	ev := parts.PutIn(r.hot, (*hotMemory).holdContest, HoldContest{Captor: c.ID, Captive: t.ID, Start: start})
	ev.Die = r.d10()
	ev.Total = ev.Die + c.grapple() + c.weapon().Immobilizing
	ev.CaptiveDie = r.d10()
	ev.CaptiveTotal = ev.CaptiveDie + t.grapple()
	// captorWins is how the captor fares: above 0 it wins, below 0 it loses.
	captorWins := ev.Total - ev.CaptiveTotal
	if captorWins == 0 {
		captorWins = c.grappleSkill() - t.grappleSkill()
	}
	if start {
		ev.Held = captorWins > 0
	} else {
		ev.Held = captorWins >= 0
	}
	r.emit(ev)
}

// jam reads the jam table after doubles (R19) and reports whether the
// shot's damage stands.
func (r *run) jam(a *Combatant, weapon int) bool {
	w := a.Weapons[weapon]
	die := r.d10()
	state, loaded, stands := w.State, w.Loaded, false
	switch die {
	case 1:
		state = GunDestroyed
	case 2:
		state = GunBrokenWorkshop
	case 3:
		state = GunInoperableCombat
	case 4:
		state = GunMajorJam
	case 5:
		// An operational failure: the gun did not fire, so once fixed it
		// shoots without a reload (R19).
		state, loaded = GunNeedsFix, loaded+1
	case 6:
		state, loaded = GunMinorJam, loaded+1 // no shot: it stays loaded
	case 7, 8:
		// The bullet falls out or veers off: no damage, the load is gone.
	case 9:
		loaded++ // misfire: the load is kept
	case 10:
		stands = true
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).jammed, Jammed{Attacker: a.ID, Weapon: weapon, Die: die, Stands: stands, State: state, Loaded: loaded}))
	if die == 1 {
		// The gun explodes: d10 damage to the shooter, Toughness applies:
		// what it stops is alike.
		tough := a.ToughnessEff(false)
		r.hurt(a.ID, "exploding "+w.Name, r.d10By(dice.Cuts(tough+1).Each(tough+1, 10)), false, 0, 0)
	}
	return stands
}

func (r *run) critical(who string, takeIt bool) error {
	p, err := r.pendingFor(who, "critical")
	if err != nil {
		return err
	}
	pending := *p
	if !takeIt {
		r.emit(&CriticalDeclined{Attacker: pending.Attacker})
		r.land(pending, 0)
		return nil
	}
	a := r.s.combatant(pending.Attacker)
	die := r.d10By(hitClasses(pending.Difficulty - pending.Bonus))
	total := die + pending.Bonus
	hit := die == 10 || total >= pending.Difficulty
	ev := parts.PutIn(r.hot, (*hotMemory).criticalRolled, CriticalRolled{Attacker: a.ID, Die: die, Total: total, Hit: hit})
	extra := 0
	if hit {
		// A critical's damage never jams and never triggers another
		// critical (R15, A09).
		ev.Dice, ev.Value, _ = r.weaponDamage(attackWeapon(a, pending.Weapon), false)
		extra = ev.Value
	}
	r.emit(ev)
	r.land(pending, extra)
	return nil
}

// land applies a hit's damage: weapon damage (plus a critical's extra),
// the attribute and bonuses, less Toughness (R13, R14, R16).
func (r *run) land(p Pending, extra int) {
	a := r.s.combatant(p.Attacker)
	t := r.s.combatant(p.Target)
	w := attackWeapon(a, p.Weapon)
	bonus := damageAttribute(a, w) + w.DamageMod + a.DamageBonus
	raw := p.Damage + extra + bonus
	if p.Stun {
		r.stunDamage(t, raw*2+w.Stunning-t.ToughnessEff(w.Penetrating || w.Kind == Gun))
		return
	}
	if w.Fists && t.WearsArmor() {
		raw /= 2 // bare hands against armor (R16, A30)
	}
	r.hurt(t.ID, a.ID, raw, w.Penetrating || w.Kind == Gun, p.Damage+extra, bonus)
}

// stunDamage applies stun damage S (R43, A36): below the target's LP it
// does nothing; otherwise O = S - LP, and a Consciousness check against
// O + 5 either knocks the target out (LP unchanged) or costs O LP.
func (r *run) stunDamage(t *Combatant, sDamage int) {
	ev := &Stunned{Target: t.ID, S: sDamage, Reaches: sDamage >= t.LP}
	if !ev.Reaches {
		r.emit(ev)
		return
	}
	ev.Loss = sDamage - t.LP
	r.emit(ev)
	r.consciousness(t, ev.Loss+5, true, ev.Loss)
}

// consciousness rolls a Consciousness check: d10 + Willpower + Pain
// Resistance against the difficulty, no die when it cannot succeed (R25,
// A37).
func (r *run) consciousness(t *Combatant, difficulty int, stun bool, loss int) {
	bonus := t.Willpower + t.Skill("pain_resistance")
	ev := parts.PutIn(r.hot, (*hotMemory).consciousnessRolled, ConsciousnessRolled{Target: t.ID, Difficulty: difficulty, Stun: stun, Loss: loss})
	ev.Die, ev.Total, ev.Success = r.passFail(bonus, difficulty)
	r.emit(ev)
}

// hurt applies raw damage to a combatant and what follows: a Consciousness
// check when LP first drops below 0 (R25), death when damage taken while
// unconscious reaches LP max (R26).
func (r *run) hurt(target, source string, raw int, penetrating bool, weapon, bonus int) {
	t := r.s.combatant(target)
	tough := t.ToughnessEff(penetrating)
	eff := max(0, raw-tough)
	wasActive := t.Status == Active
	r.emit(parts.PutIn(r.hot, (*hotMemory).damageDealt, DamageDealt{Target: t.ID, Source: source, Raw: raw, Toughness: tough, Effective: eff, Weapon: weapon, Bonus: bonus}))
	t = r.s.combatant(target)
	switch {
	case wasActive && t.LP < 0:
		r.consciousness(t, -t.LP+5, false, 0)
	case t.Status == Unconscious && eff > 0:
		taken := t.DamageWhileUnconscious
		if r.s.Options.DeathMode == "single_hit" {
			taken = eff
		}
		if taken >= t.LPMax {
			r.emit(parts.PutIn(r.hot, (*hotMemory).died, Died{Target: t.ID}))
		}
	}
}

// fix clears a needs_fix or major_jam gun with a Craft (Gunsmith) check
// (R19): needs_fix stays loaded, major_jam must be reloaded.
func (r *run) fix(who string) error {
	c, err := r.fixCheck(who)
	if err != nil {
		return err
	}
	w := c.Weapon()
	ev := &GunFixed{Combatant: c.ID, Weapon: c.Wielding, Difficulty: w.FixDifficulty, State: w.State, Loaded: w.Loaded}
	ev.Die, ev.Total, ev.Success = r.passFail(c.Science+c.Skill("craft")+c.Assist, ev.Difficulty)
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
	c, err := r.actingMember(who)
	if err != nil {
		return nil, err
	}
	w := c.Weapon()
	switch {
	case w.Kind != Gun:
		return nil, engine.Errorf(engine.NotAllowedNow, "the %s is not a gun", w.Name)
	case w.State != GunNeedsFix && w.State != GunMajorJam:
		return nil, engine.Errorf(engine.NotAllowedNow, "the %s is %s: nothing to fix in combat", w.Name, w.State)
	case c.Actions < 1:
		return nil, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	return c, nil
}

func (r *run) revive(who string, cmd *Revive) error {
	c, t, attr, err := r.reviveCheck(who, cmd)
	if err != nil {
		return err
	}
	bonus := attr + c.Skill(cmd.Skill) + c.Assist
	ev := &Revived{Healer: c.ID, Target: t.ID, Skill: cmd.Skill, Difficulty: t.ReviveDifficulty}
	ev.Die, ev.Total, ev.Success = r.passFailTotal(bonus, ev.Difficulty)
	if ev.Success {
		// Back at 0 LP, or at the LP a stun's knockout left untouched
		// (A27); Medicine adds the excess, up to LP max.
		ev.LP = max(t.LP, 0)
		if cmd.Skill == "medicine" {
			ev.LP = max(ev.LP, min(ev.LP+ev.Total-ev.Difficulty, t.LPMax))
		}
	}
	r.emit(ev)
	return nil
}

// reviveCheck checks a revival without changing anything, and returns the
// healer, the one revived and the attribute the check adds.
func (r *run) reviveCheck(who string, cmd *Revive) (c, t *Combatant, attr int, err error) {
	c, err = r.actingMember(who)
	if err != nil {
		return nil, nil, 0, err
	}
	if r.mode == "" && c.Actions < 1 {
		return nil, nil, 0, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	t = r.s.combatant(cmd.Target)
	switch {
	case t == nil:
		return nil, nil, 0, engine.Errorf(engine.Invalid, "no combatant %q to revive", cmd.Target)
	case t.Status != Unconscious:
		return nil, nil, 0, engine.Errorf(engine.NotAllowedNow, "%s is %s, not unconscious", t.Name, t.Status)
	case distance(c, t) > reach:
		return nil, nil, 0, engine.Errorf(engine.NotAllowedNow, "%s is out of reach", t.Name)
	}
	switch cmd.Skill {
	case "medicine":
		attr = c.Science
	case "survival":
		attr = c.Senses
	default:
		return nil, nil, 0, engine.Errorf(engine.Invalid, "revive with medicine or survival, not %q", cmd.Skill)
	}
	return c, t, attr, nil
}

// advance moves the fight on after a decision: it ends the fight when at
// most one group stands, starts round 1 once every group has rolled
// initiative, and passes the turn when the current group has nobody left
// to act.
func (r *run) advance() {
	s := r.s
	if s.Over || s.After != nil {
		return
	}
	if winner, over := s.finished(); over {
		r.end(winner)
		return
	}
	if s.Follow != "" && s.Pending == nil {
		err := s.canFollow()
		if err == nil {
			return // the aimer answers first (R22)
		}
		r.emit(&FollowDone{Who: s.Follow, Reason: err.Error()})
	}
	r.resolveDeclared()
	if s.Over {
		return
	}
	switch s.stage() {
	case stagePending, stageDeclared, stageFollow:
		return
	case stageAmbush:
		if !r.resolveAmbush() {
			return
		}
	}
	if s.AimsDue != nil && !r.resolveAims() {
		return
	}
	if a := s.Ambush; a != nil && a.Stage == "free" {
		if s.canAct(a.Hiders) {
			return
		}
		r.emit(&AmbushOver{}) // the free turn is over: initiative (R38)
	}
	if s.stage() == stageInitiative {
		if s.nextInitiativeGroup() < 0 {
			r.emit(parts.PutIn(r.hot, (*hotMemory).roundStarted, RoundStarted{Round: 1, Order: s.initiativeOrder()}))
			r.startTurn(0)
		}
		return
	}
	if s.canAct(s.activeGroup()) {
		return
	}
	r.startTurn(s.Turn + 1)
}

// resolveAmbush settles the ambush once every hider has hidden and, if the
// ambushed search, every one of them has searched: spotted if a search
// reached the lowest Stealth, or, without a search, if a hider's Stealth
// is below the best passive perception (R36, R37, A33). It reports whether
// the ambush stage is over.
func (r *run) resolveAmbush() bool {
	s := r.s
	a := s.Ambush
	if s.nextHider() != nil || (a.Searching && s.nextSearcher() != nil) {
		return false
	}
	ev := &AmbushResolved{Difficulty: s.ambushDifficulty(), Spotted: a.Spotted}
	if !a.Searching {
		for _, c := range s.Combatants {
			if c.Group != a.Hiders && c.Status == Active {
				ev.Passive = max(ev.Passive, c.Senses+c.Skill("perception"))
			}
		}
		for _, c := range s.Combatants {
			if c.Group == a.Hiders && c.Status == Active && c.Stealth < ev.Passive {
				ev.Spotted = true
			}
		}
	}
	r.emit(ev)
	return true
}

// resolveAims resolves the aimed attacks due before a group's turn, in
// roster order, then starts the turn. It reports false when an attack
// stopped for a decision (a dodge, a critical) first.
func (r *run) resolveAims() bool {
	s := r.s
	for s.AimsDue != nil && s.Pending == nil && s.Follow == "" && !s.Over {
		var aimer *Combatant
		for i := range s.Combatants {
			if c := &s.Combatants[i]; c.Group == s.AimsDue.Group && c.Aim != nil {
				aimer = c
				break
			}
		}
		if aimer == nil {
			turn := *s.AimsDue
			r.emit(parts.PutIn(r.hot, (*hotMemory).turnStarted, turn))
			return true
		}
		who, aim := aimer.ID, *aimer.Aim
		r.emit(parts.PutIn(r.hot, (*hotMemory).aimResolving, AimResolving{Combatant: who}))
		if r.declareAimed(who, aim) {
			return false // the opportunity attacks come first
		}
		if err := r.fireAim(who, aim); err != nil {
			r.emit(parts.PutIn(r.hot, (*hotMemory).lapsed, Lapsed{Who: who, Reason: err.Error()}))
		}
		if winner, over := s.finished(); over {
			r.end(winner)
		}
	}
	return s.AimsDue == nil
}

// declareAimed declares an aimed shot fired at its time when firing it
// provokes opportunity attacks (R22, R34): a ranged, thrown or gun attack
// with hostile melee fighters in reach. It then waits for them like any
// declared action, and resolveDeclared fires it. It reports whether it
// declared the shot; a shot that will lapse anyway is not declared.
func (r *run) declareAimed(who string, aim Aim) bool {
	c := r.s.combatant(who)
	if c.Status != Active || c.Wielding != aim.Weapon {
		return false
	}
	cmd := &Attack{Target: aim.Target, Part: aim.Part, Modifier: aim.Modifier}
	queue := r.s.opportunists(r.reactionMemory(), c, cmd)
	if len(queue) == 0 {
		return false
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).actionDeclared, ActionDeclared{Declaration: Declaration{Actor: who, Command: Nested{cmd}, Text: Rules{}.FormatCommand(cmd) + " (aimed)", Queue: r.keepReactions(queue), Aim: &aim}}))
	return true
}

// fireAim makes an aimed attack: +3, paid for when it was declared; wasted
// when the target is gone or out of range (R22).
func (r *run) fireAim(who string, aim Aim) error {
	c, t := r.s.combatant(who), r.s.combatant(aim.Target)
	if c.Status != Active {
		return engine.Errorf(engine.NotAllowedNow, "%s is %s", c.Name, c.Status)
	}
	w := attackWeapon(c, aim.Weapon)
	if w.Kind != Melee && w.Kind != Unarmed && w.RangeFar > 0 && distance(c, t) > w.RangeFar {
		return engine.Errorf(engine.NotAllowedNow, "%s is out of range", t.Name)
	}
	if c.Wielding != aim.Weapon {
		return engine.Errorf(engine.NotAllowedNow, "%s no longer holds the %s", c.Name, w.Name)
	}
	atk := &Attack{Target: aim.Target, Part: aim.Part, Modifier: aim.Modifier}
	if c.Delayed && (r.s.Declared == nil || r.s.Declared.held(who) < 0) {
		// Once the attack is over, a delayed action still held may act
		// right away (R22); one already answering a declaration is spoken
		// for. An attack that cannot be made offers nothing.
		if err := r.inMode("free", func() error { _, err := r.strikeCheck(who, atk, ""); return err }); err != nil {
			return err
		}
		r.emit(&FollowOffered{Who: who})
	}
	r.aimed = true
	defer func() { r.aimed = false }()
	return r.inMode("free", func() error { return r.attack(who, atk) })
}

// join brings a group into the fight at the start of a round: its roller
// makes the Speed check and the group is slotted into the order (R03).
func (r *run) join(gi int) {
	s := r.s
	g := s.Groups[gi]
	var roller *Combatant
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Group == g.ID && c.Status == Absent && (roller == nil || c.Body < roller.Body) {
			roller = c
		}
	}
	if roller == nil {
		return
	}
	ev := &GroupJoined{Group: g.ID, Roller: roller.ID, Die: r.d10()}
	ev.Total = ev.Die + roller.Body + roller.Skill("speed")
	after := s.scratch()
	after.Groups[gi].Initiative, after.Groups[gi].Rolled = ev.Total, true
	ev.Order = after.initiativeOrder()
	r.emit(ev)
}

// end ends the fight. Unconscious player characters who were not revived
// wake with 0 LP (R27).
func (r *run) end(winner string) { r.finish(winner, false, false) }

// endFight is the GM's end-fight: the fight ends at once, a draw or won
// by the group named, as a fight decided by the rules does (the
// unconscious players wake, R27; with aftermath, rests come first).
func (r *run) endFight(actor string, c *EndFight) error {
	s := r.s
	switch {
	case actor != engine.GM:
		return engine.Errorf(engine.NotYourTurn, "only the GM ends the fight")
	case s.Over || s.After != nil:
		return engine.Errorf(engine.NotAllowedNow, "the fight is over already")
	case c.Winner != "" && s.group(c.Winner) == nil:
		return engine.Errorf(engine.Invalid, "there is no group called %q", c.Winner)
	}
	r.finish(c.Winner, false, true)
	return nil
}

// endAtLimit ends the fight at the round limit, with no winner.
func (r *run) endAtLimit() { r.finish("", true, false) }

// finish ends the fight, won by winner, stopped at the round limit, or
// by the GM.
func (r *run) finish(winner string, timedOut, byGM bool) {
	for i := range r.s.Combatants {
		c := r.s.Combatants[i]
		if c.Status == Unconscious && r.s.group(c.Group).Players {
			r.emit(parts.PutIn(r.hot, (*hotMemory).woke, Woke{Who: c.ID}))
		}
	}
	if r.s.Options.Aftermath {
		r.emit(&Decided{Winner: winner, TimedOut: timedOut, ByGM: byGM}) // rests and healing before the end
		return
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).ended, Ended{Winner: winner, TimedOut: timedOut, ByGM: byGM}))
}

// useItem uses a healing item on the user or an ally within reach (R31):
// its dice expression gives the LP restored, up to LP max.
func (r *run) useItem(who string, cmd *UseItem) error {
	u, err := r.useItemCheck(who, cmd)
	if err != nil {
		return err
	}
	c, i, t, expr := u.c, u.item, u.t, u.heal
	rec := &dice.Recorder{Source: r.src}
	ev := &ItemUsed{User: c.ID, Item: i, Target: t.ID, Total: expr.Roll(rec)}
	for _, d := range rec.Draws {
		ev.Dice = append(ev.Dice, d.Value)
	}
	ev.Gain = max(0, min(t.LPMax-t.LP, ev.Total))
	r.emit(ev)
	return nil
}

// itemUse is a use of a healing item that useItemCheck allowed.
type itemUse struct {
	c, t *Combatant // the user and the one healed
	item int        // the item's index among c's
	heal *dice.Expr // what it heals
}

// useItemCheck checks a use of a healing item without changing anything.
func (r *run) useItemCheck(who string, cmd *UseItem) (itemUse, error) {
	c, err := r.actingMember(who)
	if err != nil {
		return itemUse{}, err
	}
	i := slices.IndexFunc(c.Items, func(it Item) bool { return it.Name == cmd.Item })
	target := cmd.Target
	if target == "" {
		target = c.ID
	}
	t := r.s.combatant(target)
	switch {
	case i < 0:
		return itemUse{}, engine.Errorf(engine.Invalid, "%s carries no %q", c.Name, cmd.Item)
	case c.Items[i].Uses < 1:
		return itemUse{}, engine.Errorf(engine.NotAllowedNow, "the %s is used up", cmd.Item)
	case c.Actions < 1:
		return itemUse{}, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	case t == nil:
		return itemUse{}, engine.Errorf(engine.Invalid, "no combatant %q", target)
	case t.Group != c.Group || t.Status != Active:
		return itemUse{}, engine.Errorf(engine.NotAllowedNow, "the %s is for %s or a conscious ally", cmd.Item, c.Name)
	case distance(c, t) > reach:
		return itemUse{}, engine.Errorf(engine.NotAllowedNow, "%s is out of reach", t.Name)
	}
	heal, err := dice.Parse(c.Items[i].Heal)
	if err != nil {
		return itemUse{}, engine.Errorf(engine.Invalid, "the %s: %v", cmd.Item, err)
	}
	return itemUse{c: c, t: t, item: i, heal: heal}, nil
}

func (r *run) standUp(who string) error {
	c, err := r.standUpCheck(who)
	if err != nil {
		return err
	}
	r.emit(&StoodUp{Who: c.ID})
	return nil
}

// standUpCheck checks standing up without changing anything.
func (r *run) standUpCheck(who string) (*Combatant, error) {
	c, err := r.actingMember(who)
	if err != nil {
		return nil, err
	}
	switch {
	case !c.Prone:
		return nil, engine.Errorf(engine.NotAllowedNow, "%s is not prone", c.Name)
	case c.Actions < 1:
		return nil, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	return c, nil
}

// check is a free-form check: d10 + the attribute + the skill the GM names
// against a difficulty, 10 unless the GM says otherwise; one that cannot
// succeed draws no die (R01, A03, A37).
func (r *run) check(who string, cmd *Check) error {
	c, attr, err := r.checkActionCheck(who, cmd)
	if err != nil {
		return err
	}
	ev := &Checked{Who: c.ID, Attribute: cmd.Attribute, Skill: cmd.Skill, Difficulty: cmd.Difficulty}
	if ev.Difficulty == 0 {
		ev.Difficulty = 10
	}
	ev.Die, ev.Total, ev.Success = r.passFail(attr+c.Skill(cmd.Skill)+c.Assist, ev.Difficulty)
	r.emit(ev)
	return nil
}

// checkActionCheck checks a free-form check without changing anything,
// and returns who makes it and the attribute it adds.
func (r *run) checkActionCheck(who string, cmd *Check) (*Combatant, int, error) {
	c, err := r.actingMember(who)
	if err != nil {
		return nil, 0, err
	}
	attr, ok := map[string]int{"body": c.Body, "senses": c.Senses, "science": c.Science, "willpower": c.Willpower}[cmd.Attribute]
	switch {
	case !ok:
		return nil, 0, engine.Errorf(engine.Invalid, "check an attribute: body, senses, science or willpower; not %q", cmd.Attribute)
	case cmd.Skill != "" && !slices.Contains(knownSkills, cmd.Skill):
		return nil, 0, engine.Errorf(engine.Invalid, "unknown skill %q; known: %s", cmd.Skill, strings.Join(knownSkills, ", "))
	case c.Actions < 1:
		return nil, 0, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	return c, attr, nil
}

// freeForm does a free-form action that needs no check: it spends the
// action and draws no die (R05, §6). What it achieves is the GM's to
// narrate.
func (r *run) freeForm(who string, cmd *FreeForm) error {
	c, err := r.freeFormCheck(who, cmd)
	if err != nil {
		return err
	}
	r.emit(&FreeFormDone{Who: c.ID, Action: cmd.Action})
	return nil
}

// freeFormCheck checks a free-form action without changing anything.
func (r *run) freeFormCheck(who string, cmd *FreeForm) (*Combatant, error) {
	c, err := r.actingMember(who)
	if err != nil {
		return nil, err
	}
	switch {
	case strings.TrimSpace(cmd.Action) == "":
		return nil, engine.Errorf(engine.Invalid, "do what? name the free-form action")
	case c.Actions < 1:
		return nil, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	return c, nil
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
	i := slices.IndexFunc(c.Weapons, func(w Weapon) bool { return w.State == GunInoperableCombat })
	if i < 0 || c.Status != Active {
		return engine.Errorf(engine.NotAllowedNow, "%s has no gun to repair, or is not conscious", c.Name)
	}
	w := c.Weapons[i]
	ev := &GunFixed{AfterFight: true, Combatant: c.ID, Weapon: i, Difficulty: w.FixDifficulty + 5, State: w.State, Loaded: w.Loaded}
	ev.Die, ev.Total, ev.Success = r.passFail(c.Science+c.Skill("craft"), ev.Difficulty)
	if ev.Success {
		ev.State = GunOK
	}
	r.emit(ev)
	return nil
}

// rest rests everyone standing, or those cmd names (R29, A28): a short
// rest (once each after a fight) heals D10/3 + Body, a long one D10/2 +
// Body, a night's sleep half LP max (rounded down) + Body with no die;
// never above LP max. The resting roll in roster order. Named, each must be
// standing (and, for a short rest, not have had it); unnamed, those who
// have had the short rest sit the next one out.
func (r *run) rest(cmd *Rest) error {
	a, length := r.s.After, cmd.Length
	switch {
	case a == nil:
		return engine.Errorf(engine.NotAllowedNow, "resting comes after the fight")
	case length != "short" && length != "long" && length != "sleep":
		return engine.Errorf(engine.Invalid, "rest short, rest long, or rest sleep; not %q", length)
	}
	for i, id := range cmd.Who {
		c := r.s.combatant(id)
		switch {
		case c == nil:
			return engine.Errorf(engine.Invalid, "no combatant %q to rest", id)
		case slices.Contains(cmd.Who[:i], id):
			return engine.Errorf(engine.Invalid, "%s is named twice", c.Name)
		case c.Status != Active:
			return engine.Errorf(engine.NotAllowedNow, "%s is not standing and cannot rest", c.Name)
		case length == "short" && slices.Contains(a.ShortRested, id):
			return engine.Errorf(engine.NotAllowedNow, "%s has had the one short rest after this fight", c.Name)
		}
	}
	ev := &Rested{Length: length}
	for _, c := range r.s.Combatants {
		switch {
		case c.Status != Active:
			continue
		case len(cmd.Who) > 0 && !slices.Contains(cmd.Who, c.ID):
			continue
		case length == "short" && slices.Contains(a.ShortRested, c.ID):
			continue
		}
		g := Gain{Who: c.ID}
		value := c.LPMax/2 + c.Body
		if length != "sleep" {
			g.Die = r.d10()
			divisor := map[string]int{"short": 3, "long": 2}[length]
			v, _ := dice.DivideD10(g.Die, divisor)
			value = v + c.Body
		}
		g.Gain = max(0, min(c.LPMax-c.LP, value))
		ev.Gains = append(ev.Gains, g)
	}
	if len(ev.Gains) == 0 {
		return engine.Errorf(engine.NotAllowedNow, "nobody standing is left to take a %s rest", length)
	}
	r.emit(ev)
	return nil
}

// heal is Medicine healing after the fight (R30, A28): a Medicine check
// against 10; the patient gains the excess, once a rest period.
func (r *run) heal(cmd *Heal) error {
	a := r.s.After
	if a == nil {
		return engine.Errorf(engine.NotAllowedNow, "Medicine healing comes after the fight (revive the unconscious during it)")
	}
	h, p := r.s.combatant(cmd.Healer), r.s.combatant(cmd.Patient)
	switch {
	case h == nil || p == nil:
		return engine.Errorf(engine.Invalid, "heal HEALER PATIENT: both must be combatants")
	case h.Status != Active || p.Status != Active:
		return engine.Errorf(engine.NotAllowedNow, "healer and patient must both be conscious")
	case slices.Contains(a.Treated, p.ID):
		return engine.Errorf(engine.NotAllowedNow, "%s has been treated since the last rest", p.Name)
	}
	die := r.d10()
	ev := &Healed{Healer: h.ID, Patient: p.ID, Die: die, Total: die + h.Science + h.Skill("medicine")}
	ev.Gain = max(0, min(p.LPMax-p.LP, ev.Total-10))
	r.emit(ev)
	return nil
}

func (r *run) aim(who string, cmd *AimAt) error {
	c, err := r.aimCheck(who, cmd)
	if err != nil {
		return err
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).aimed, Aimed{Combatant: c.ID, Aim: Aim{Target: cmd.Target, Weapon: c.Wielding, Part: cmd.Part, Modifier: cmd.Modifier}}))
	return nil
}

// aimCheck checks aiming without changing anything, and returns who aims.
func (r *run) aimCheck(who string, cmd *AimAt) (*Combatant, error) {
	c, err := r.actingMember(who)
	if err != nil {
		return nil, err
	}
	if c.Actions < 1 {
		return nil, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	if cmd.Weapon != "" {
		if i, err := c.weaponIndex(cmd.Weapon); err != nil {
			return nil, err
		} else if i != c.Wielding {
			return nil, engine.Errorf(engine.NotAllowedNow, "%s must draw the %s before aiming it", c.Name, cmd.Weapon)
		}
	}
	// The attack must be one that could be made now.
	if err := r.inMode("free", func() error {
		_, err := r.strikeCheck(who, &Attack{Target: cmd.Target, Part: cmd.Part, Modifier: cmd.Modifier}, "")
		return err
	}); err != nil {
		return nil, err
	}
	return c, nil
}

func (r *run) assist(who string, cmd *Assist) error {
	c, a, err := r.assistCheck(who, cmd)
	if err != nil {
		return err
	}
	r.emit(parts.PutIn(r.hot, (*hotMemory).assisted, Assisted{Helper: c.ID, Ally: a.ID}))
	return nil
}

// assistCheck checks helping an ally without changing anything, and
// returns the helper and the ally.
func (r *run) assistCheck(who string, cmd *Assist) (c, a *Combatant, err error) {
	c, err = r.actingMember(who)
	if err != nil {
		return nil, nil, err
	}
	a = r.s.combatant(cmd.Ally)
	switch {
	case a == nil:
		return nil, nil, engine.Errorf(engine.Invalid, "no combatant %q to assist", cmd.Ally)
	case a.ID == c.ID || a.Group != c.Group:
		return nil, nil, engine.Errorf(engine.NotAllowedNow, "%s can assist only another member of the %s group", c.Name, c.Group)
	case a.Status != Active:
		return nil, nil, engine.Errorf(engine.NotAllowedNow, "%s is %s", a.Name, a.Status)
	case c.Actions < 1:
		return nil, nil, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	return c, a, nil
}

func (r *run) escape(who string) error {
	c, err := r.escapeCheck(who)
	if err != nil {
		return err
	}
	ev := &Escaped{Who: c.ID, Difficulty: c.Trapped}
	ev.Die, ev.Total, ev.Success = r.passFail(c.Body+c.Skill("athletics")+c.Assist, ev.Difficulty)
	r.emit(ev)
	return nil
}

// escapeCheck checks escaping a trap without changing anything.
func (r *run) escapeCheck(who string) (*Combatant, error) {
	c, err := r.actingMember(who)
	if err != nil {
		return nil, err
	}
	switch {
	case c.Trapped == 0:
		return nil, engine.Errorf(engine.NotAllowedNow, "%s is not trapped", c.Name)
	case c.Actions < 1:
		return nil, engine.Errorf(engine.NotAllowedNow, "%s has no action left", c.Name)
	}
	return c, nil
}

// nextHider is the next hider to roll Stealth, or nil.
func (s *State) nextHider() *Combatant {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Group == s.Ambush.Hiders && c.Status == Active && c.Stealth == 0 {
			return c
		}
	}
	return nil
}

// nextSearcher is the next ambushed combatant to roll Perception, or nil.
func (s *State) nextSearcher() *Combatant {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Group != s.Ambush.Hiders && c.Status == Active && !c.Searched {
			return c
		}
	}
	return nil
}

// ambushDifficulty is the lowest hider's Stealth total (R36).
func (s *State) ambushDifficulty() int {
	low := 0
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Group == s.Ambush.Hiders && c.Status == Active && (low == 0 || c.Stealth < low) {
			low = c.Stealth
		}
	}
	return low
}

func (r *run) hide(who string) error {
	if r.s.stage() != stageAmbush || r.s.nextHider() == nil {
		return engine.Errorf(engine.NotAllowedNow, "nobody is hiding now: %s", next(r.s).Question)
	}
	c := r.s.nextHider()
	if c.ID != who {
		return engine.Errorf(engine.NotYourTurn, "%s hides next, not %s", c.ID, who)
	}
	die := r.d10()
	r.emit(&StealthRolled{Who: c.ID, Die: die, Total: die + c.Body + c.Skill("stealth") + r.s.Ambush.Bonus + c.StealthBonus})
	return nil
}

func (r *run) search(who string) error {
	if r.s.stage() != stageAmbush || r.s.nextHider() != nil || !r.s.Ambush.Searching || r.s.nextSearcher() == nil {
		return engine.Errorf(engine.NotAllowedNow, "nobody is searching now: %s", next(r.s).Question)
	}
	c := r.s.nextSearcher()
	if c.ID != who {
		return engine.Errorf(engine.NotYourTurn, "%s searches next, not %s", c.ID, who)
	}
	die := r.d10()
	ev := &PerceptionRolled{Who: c.ID, Die: die, Total: die + c.Senses + c.Skill("perception"), Difficulty: r.s.ambushDifficulty()}
	ev.Spotted = ev.Total >= ev.Difficulty // ties favour the roller (A33)
	r.emit(ev)
	return nil
}

// startTurn begins the turn at position i of the order, skipping groups
// with nobody able to act and starting new rounds as needed.
func (r *run) startTurn(i int) {
	s := r.s
	for tries := 0; tries <= 2*len(s.Order); tries++ {
		if i >= len(s.Order) {
			if parts.RoundLimitReached(s.Options.RoundLimit, s.Round) {
				r.endAtLimit()
				return
			}
			r.emit(parts.PutIn(r.hot, (*hotMemory).roundStarted, RoundStarted{Round: s.Round + 1}))
			for gi := range s.Groups {
				if g := &s.Groups[gi]; parts.JoinsAfter(g.Joins, s.Round) && !g.Rolled {
					r.join(gi) // new groups roll first (§7 step 3)
				}
			}
			for i := range s.Combatants {
				c := &s.Combatants[i]
				if c.Holding != "" {
					r.holdContest(c.ID, c.Holding, false) // §7 step 3
				}
			}
			i = 0
		}
		g := s.Groups[s.Order[i]].ID
		if s.canAct(g) {
			turn := TurnStarted{Turn: i, Group: g}
			for i := range s.Combatants {
				c := &s.Combatants[i]
				if c.Group == g && c.Aim != nil {
					r.emit(parts.PutIn(r.hot, (*hotMemory).aimsDue, AimsDue{Turn: turn})) // aimed attacks first (R22)
					r.resolveAims()
					return
				}
			}
			r.emit(parts.PutIn(r.hot, (*hotMemory).turnStarted, turn))
			return
		}
		i++
	}
}

// canAct reports whether a member of the group can still act this turn.
func (s *State) canAct(group string) bool {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Group == group && c.Status == Active && !c.Done {
			return true
		}
	}
	return false
}

// finished reports whether at most one group has active fighters, and
// which.
func (s *State) finished() (winner string, over bool) {
	return parts.LastSide(len(s.Combatants),
		func(i int) string { return s.Combatants[i].Group },
		func(i int) bool { // reinforcements still to come stand
			return s.Combatants[i].Status == Active || s.Combatants[i].Status == Absent
		})
}
