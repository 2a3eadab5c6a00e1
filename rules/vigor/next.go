package vigor

import (
	"math"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// nextKind says what kind of decision the fight waits for.
func nextKind(s *State) engine.PromptKind {
	switch s.Phase {
	case Over:
		return engine.End
	case Acting:
		return engine.Act
	case Defending, Offering:
		return engine.React
	}
	return engine.Ruling
}

// prompter writes a prompt. For people it says everything; lean, for a
// policy (Moves), it leaves the question and labels out and takes the
// options' commands from the state's hot memory.
type prompter struct {
	p   *engine.Prompt[Command]
	hot *hotMemory // lean when set
}

// lean reports whether only a policy will read the prompt.
func (b *prompter) lean() bool { return b.hot != nil }

// ask sets the question, its words joined, only when people will read
// it: a policy's prompt builds no text.
func (b *prompter) ask(words ...string) {
	if !b.lean() {
		b.p.Question = strings.Join(words, "")
	}
}

// add appends an option: command c, labelled with words joined when
// people will read it.
func (b *prompter) add(c Command, words ...string) {
	o := engine.Option[Command]{Command: c}
	if !b.lean() {
		o.Label = strings.Join(words, "")
	}
	b.addOption(o)
}

// optionsRoom is the room a prompt for people is given for its options
// at its first: most prompts have fewer, and the odds build one for each
// decision a policy answers, so that growing the list one option at a
// time would cost more than the options.
const optionsRoom = 8

// addOption appends o to the prompt's options.
func (b *prompter) addOption(o engine.Option[Command]) {
	if b.p.Options == nil && !b.lean() {
		b.p.Options = make([]engine.Option[Command], 0, optionsRoom)
	}
	b.p.Options = append(b.p.Options, o)
}

// writePrompt writes the current prompt with b (§7 decision points).
func writePrompt(s *State, b *prompter) {
	p := b.p
	p.Kind, p.Default = nextKind(s), -1
	switch s.Phase {
	case Over:
		p.Winner = s.Winner
		switch {
		case s.TimedOut:
			b.ask("the fight is over: the round limit (", strconv.Itoa(s.Options.RoundLimit), ") was reached")
		case s.Winner != "":
			b.ask("the fight is over: the ", s.Winner, " side wins")
		default:
			b.ask("the fight is over: nobody is left standing")
		}
	case Initiative:
		p.Actor, p.Default = engine.GM, 0
		b.ask("the fight begins: roll initiative for everyone? (situational dice: initiative ID+N ...; default none)")
		b.add(engine.New(b.hot.moveArena(), rollInitiativeKind, RollInitiative{}), "roll initiative (d20 + initiative dice each, in roster order)")
	case Acting:
		actOptions(s, b)
	case Defending:
		st := s.Strike
		t := s.Combatant(st.Target)
		p.Actor = t.ID
		cost := t.defenseCost()
		if b.lean() {
			for _, style := range defenseStyles {
				b.add(engine.New(b.hot.moveArena(), defenseKind, Defense{Style: style}))
			}
		} else {
			p.Question = defenseQuestion(st, t, cost)
			// The options and the Defenses' commands in one allocation,
			// the labels written once for the costs a Defense has.
			m := new(defensePrompt)
			p.Options = m.options[:0]
			for i, style := range defenseStyles {
				m.defenses[i].Style = style
				b.addOption(engine.Option[Command]{Command: &m.defenses[i], Label: defenseLabel(i, cost)})
			}
		}
		if s.canCounter(t) {
			b.add(engine.New(b.hot.moveArena(), takeOpeningKind, TakeOpening{}), "strike: take the hit and fire the attack readied against ", st.Attacker, " (5 Vigor)")
		}
		b.add(&Take{}, "take the hit")
	case Offering:
		w := s.Window
		if len(w.Ask) == 0 {
			// Only in a view that leaves out everyone asked, as they are
			// hidden from its viewer (see Rules.ViewInto).
			p.Actor = engine.GM
			b.ask(hiddenQuestion)
			return
		}
		me := s.Combatant(w.Ask[0])
		p.Actor = me.ID
		if b.lean() {
			b.add(engine.New(b.hot.moveArena(), takeOpeningKind, TakeOpening{}))
			b.add(&Pass{})
			return
		}
		// The question and the strike's label in one allocation, the
		// options and the strike's command in another.
		var strike string
		p.Question, strike = offerTexts(me, w)
		m := new(offerPrompt)
		p.Options = m.options[:0]
		b.addOption(engine.Option[Command]{Command: &m.take, Label: strike})
		b.add(&Pass{}, "pass")
	case Knockdown:
		p.Actor, p.Default = engine.GM, 1
		b.ask("is ", s.Strike.Target, " knocked down by the hit? (default no, A29)")
		b.add(engine.New(b.hot.moveArena(), ruleKind, Rule{Yes: true}), "yes: knocked down")
		b.add(engine.New(b.hot.moveArena(), ruleKind, Rule{}), "no")
	case Kill:
		p.Actor, p.Default = engine.GM, 0
		b.ask(s.Strike.Target, " was incapacitated: is it killed outright? (default yes, A28)")
		b.add(engine.New(b.hot.moveArena(), ruleKind, Rule{Yes: true}), "yes: killed")
		b.add(engine.New(b.hot.moveArena(), ruleKind, Rule{}), "no")
	case EndRuling:
		p.Actor, p.Default = engine.GM, 1
		b.ask("round ", strconv.Itoa(s.Round), " is over: is the fight over? (default no while both sides stand)")
		b.add(engine.New(b.hot.moveArena(), ruleKind, Rule{Yes: true}), "yes: the fight ends here, with no winner")
		b.add(engine.New(b.hot.moveArena(), ruleKind, Rule{}), "no: the next round begins")
	case Modifiers:
		dc := s.Declared
		p.Actor, p.Default = engine.GM, 0
		b.ask("modifiers for ", dc.Attacker, "'s attack on ", dc.Target, " with ", dc.Weapon, "? (default none)")
		b.add(engine.New(b.hot.moveArena(), rollAttackKind, RollAttack{}), "roll it as it stands")
		b.add(engine.New(b.hot.moveArena(), rollAttackKind, RollAttack{Behind: true}), "the target is unaware and attacked from behind: half Guard")
		b.add(engine.New(b.hot.moveArena(), rollAttackKind, RollAttack{Mods: Mods{Charges: 1}}), "1 Charge")
		b.add(engine.New(b.hot.moveArena(), rollAttackKind, RollAttack{Mods: Mods{Challenges: 1}}), "1 Challenge")
		b.add(engine.New(b.hot.moveArena(), rollAttackKind, RollAttack{Mods: Mods{Dice: 1}}), "1 situational bonus die")
		if me, t := s.Combatant(dc.Attacker), s.Combatant(dc.Target); s.beyondSight(me, t, me.Weapon(dc.Weapon)) {
			b.add(engine.New(b.hot.moveArena(), rollAttackKind, RollAttack{Lost: true}), "the target, beyond sight, cannot be located: the attack is lost (A14)")
		}
	case Aftermath:
		p.Actor, p.Default = engine.GM, 0
		decided := "nobody won"
		if s.Winner != "" && !b.lean() {
			decided = s.Winner + " won"
		}
		b.ask("the fight is decided (", decided, "): rest before the encounter closes? (default done, R42)")
		b.add(&Done{}, "done: the encounter closes")
		for _, length := range [...]string{"minute", "hour", "night"} {
			b.add(engine.New(b.hot.moveArena(), restKind, Rest{Length: length}), "everyone still there takes ", restName[length])
		}
	case EscapeRuling:
		p.Actor, p.Default = engine.GM, 0
		b.ask(s.Window.Opener, " is out of every enemy's reach: has it escaped? (default yes, A19)")
		b.add(engine.New(b.hot.moveArena(), ruleKind, Rule{Yes: true}), "yes: it leaves the fight")
		b.add(engine.New(b.hot.moveArena(), ruleKind, Rule{}), "no: it stays")
	}
}

// defenseStyles are the Defense reactions a hit may be met with (R21),
// in the order a prompt offers them.
var defenseStyles = [...]string{"dodge", "deflect", "block"}

// defenseLabels are the labels of the defenseStyles at the two costs a
// Defense has, DefenseCost and DefendingCost (see defenseLabel).
var defenseLabels = [2][len(defenseStyles)]string{
	writeDefenseLabels(DefenseCost), writeDefenseLabels(DefendingCost),
}

// writeDefenseLabels writes the labels of the defenseStyles at cost.
func writeDefenseLabels(cost int) (l [len(defenseStyles)]string) {
	for i, style := range defenseStyles {
		l[i] = style + " (" + strconv.Itoa(cost) + " Vigor: d20 + Speed dice must beat the attack)"
	}
	return l
}

// defensePrompt is the memory of a Defending prompt for people: room
// for its options (the Defenses, a counter and taking the hit) and the
// Defenses' commands. Exact odds build one at every hit a policy answers.
type defensePrompt struct {
	options  [len(defenseStyles) + 2]engine.Option[Command]
	defenses [len(defenseStyles)]Defense
}

// defenseQuestion is the question of a Defending prompt: strike st beats
// t, whose Defense costs cost. It is written in one allocation, as the
// prompt is built at every hit a policy answers.
func defenseQuestion(st *Strike, t *Combatant, cost int) string {
	q := make([]byte, 0, 128)
	q = append(append(q, st.Attacker...), "'s attack ("...)
	q = append(strconv.AppendInt(q, int64(st.Total), 10), ") beats "...)
	q = append(append(q, t.ID...), "'s Victory Sum "...)
	q = append(strconv.AppendInt(q, int64(st.VS), 10), ": defend for "...)
	q = append(strconv.AppendInt(q, int64(cost), 10), " Vigor (of "...)
	q = append(strconv.AppendInt(q, int64(t.Vigor), 10), ") or take the hit?"...)
	return string(q)
}

// offerPrompt is the memory of an Offering prompt for people: its
// options and the command of its strike. Exact odds build one at every
// opening or readied attack a policy answers.
type offerPrompt struct {
	options [2]engine.Option[Command]
	take    TakeOpening
}

// offerTexts writes the question of an Offering prompt, window w offered
// to me, and the label of its strike, in one allocation that both share.
func offerTexts(me *Combatant, w *Window) (question, strike string) {
	q := make([]byte, 0, 192)
	q = append(append(q, me.ID...), ": "...)
	if w.Kind == "readied" {
		q = append(append(q, "fire the attack readied against "...), w.Opener...)
	} else {
		q = append(append(append(append(q, "take the opening "...), w.Opener...), " gives by "...), openingBy(w.Act)...)
	}
	q = append(strconv.AppendInt(append(q, " for "...), OpeningCost, 10), " Vigor (of "...)
	q = append(strconv.AppendInt(q, int64(me.Vigor), 10), ")?"...)
	n := len(q)
	q = append(append(append(q, "strike "...), w.Opener...), " (5 Vigor)"...)
	text := string(q)
	return text[:n], text[n:]
}

// defenseLabel is the label of defenseStyles[i] at cost: one of
// defenseLabels, written when the prompt is, once for all.
func defenseLabel(i, cost int) string {
	switch cost {
	case DefenseCost:
		return defenseLabels[0][i]
	case DefendingCost:
		return defenseLabels[1][i]
	}
	return writeDefenseLabels(cost)[i]
}

// aimable reports whether me's menu may aim an attack at t: an enemy
// still to be attacked, and not hidden.
func aimable(me, t *Combatant) bool {
	return t.ID != me.ID && t.Side != me.Side && t.Targetable() && !t.Hidden
}

// actOptions lists the actions of the creature whose turn it is (§7.5).
// None is aimed at an enemy hidden from it, nor drawn from where one
// stands (§6): it does not know where. Decide still takes such a
// command, a guess the GM allows within A14's limits.
func actOptions(s *State, b *prompter) {
	me := s.Current()
	b.p.Actor = me.ID
	if !b.lean() {
		b.ask("round ", strconv.Itoa(s.Round), ", ", me.ID, "'s turn: ", strconv.Itoa(me.Left), " action(s) left, ", strconv.Itoa(me.Vigor), " Vigor")
	}
	off := me.OffHandWeapon()
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if !aimable(me, t) {
			continue
		}
		n := max(len(me.Weapons), 1)
		for j := range n {
			w := &unarmed
			if j < len(me.Weapons) {
				w = &me.Weapons[j]
			}
			if !s.reaches(me, t, w) {
				continue
			}
			with := ""
			if j > 0 {
				with = w.Name
			}
			b.add(engine.New(b.hot.moveArena(), attackKind, Attack{Target: t.ID, Weapon: with}), "attack ", t.ID, " with ", w.Name)
			if j == 0 && me.Vigor >= OffHandCost && s.reaches(me, t, off) {
				b.add(engine.New(b.hot.moveArena(), attackKind, Attack{Target: t.ID, OffTarget: t.ID}), "attack ", t.ID, " with ", w.Name, " and off-hand with ", off.Name, " (8 Vigor)")
			}
		}
	}
	for i := range me.Abilities {
		ab := &me.Abilities[i]
		w := me.Weapon(ab.Weapon)
		if w == nil || me.Vigor < ab.Vigor || me.Mana < ab.Mana {
			continue
		}
		for j := range s.Combatants {
			t := &s.Combatants[j]
			if !aimable(me, t) || !s.reaches(me, t, w) {
				continue
			}
			b.add(engine.New(b.hot.moveArena(), useAbilityKind, UseAbility{Ability: ab.Name, Target: t.ID}), "use ", ab.Name, " on ", t.ID)
			if w.Light && me.Vigor >= ab.Vigor+OffHandCost && s.reaches(me, t, off) {
				b.add(engine.New(b.hot.moveArena(), useAbilityKind, UseAbility{Ability: ab.Name, Target: t.ID, OffTarget: t.ID}), "use ", ab.Name, " on ", t.ID, " and attack off-hand with ", off.Name, " (8 Vigor)")
			}
		}
	}
	for i := range me.Items {
		it := &me.Items[i]
		if it.Left < 1 {
			continue
		}
		for j := range s.Combatants {
			t := &s.Combatants[j]
			switch {
			case it.Weapon != "":
				w := me.Weapon(it.Weapon)
				if w == nil || !aimable(me, t) || !s.reaches(me, t, w) {
					continue
				}
				b.add(engine.New(b.hot.moveArena(), useAbilityKind, UseAbility{Ability: it.Name, Target: t.ID}), "use ", it.Name, " on ", t.ID)
			case t.Side == me.Side && !t.Object && !t.Dead && !t.Escaped && (t.ID == me.ID || s.adjacent(me, t)) && it.restores(t):
				b.add(engine.New(b.hot.moveArena(), useAbilityKind, UseAbility{Ability: it.Name, Target: t.ID}), "use ", it.Name, " on ", t.ID)
			}
		}
	}
	if !me.Defending {
		b.add(&Defend{}, "defend (Defense costs 3 Vigor until your next turn)")
	}
	near := -1
	nearDist := 0
	held := false // an enemy's reach holds me: an escape gives it an opening (R14, R44)
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Side == me.Side || !t.In() || t.Hidden {
			continue
		}
		dist := s.distance(me, t)
		if near < 0 || dist < nearDist {
			near, nearDist = i, dist
		}
		if !held && s.meleeWeapon(t, me) != nil {
			held = true
		}
		if me.Ready.Target == "" {
			b.add(engine.New(b.hot.moveArena(), readyKind, Ready{Target: t.ID}), "ready an attack on ", t.ID, " for when it acts")
		}
		if to, ok := s.advance(me, t); ok && !offered(b.p, to) {
			b.add(engine.New(b.hot.moveArena(), moveKind, Move{To: to}), "move to ", cellText(b, to), " toward ", t.ID)
		}
	}
	// Escape is offered while an enemy's reach holds me: the openings go
	// to the enemies within their own reach, and I am away once none
	// reaches me (R14, R44, A19); my own reach has no part in it.
	if held {
		if to, ok := s.away(me, &s.Combatants[near]); ok {
			b.add(engine.New(b.hot.moveArena(), escapeKind, Escape{To: to}), "escape to ", cellText(b, to), " (enemies within reach may take an opening)")
		}
	}
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.ID == me.ID || t.Object || t.Side != me.Side || !s.adjacent(me, t) {
			continue
		}
		if !t.Dead && !t.Escaped && t.Durability < t.DurabilityMax {
			b.add(engine.New(b.hot.moveArena(), aidKind, Aid{Target: t.ID}), "give ", t.ID, " emergency aid (2 actions, Medicine against 20)")
		}
		if t.Shock && !t.Dead && !t.Stabilized {
			b.add(engine.New(b.hot.moveArena(), stabilizeKind, Stabilize{Target: t.ID}), "stabilize ", t.ID, " (Medicine against 20)")
		}
	}
	if me.Prone {
		b.add(&StandUp{}, "stand up (enemies within reach may take an opening)")
	}
	b.add(&EndTurn{}, "end the turn")
}

// offered reports whether a move to cell c is among p's options already.
func offered(p *engine.Prompt[Command], c parts.Cell) bool {
	for _, o := range p.Options {
		if m, ok := o.Command.(*Move); ok && m.To == c {
			return true
		}
	}
	return false
}

// cellText writes a cell for a label, only when people will read it.
func cellText(b *prompter, c parts.Cell) string {
	if b.lean() {
		return ""
	}
	return c.String()
}

// free reports whether a creature other than except may stand on the
// cell: nobody still there stands closer to it than SpaceFt (R43).
func (s *State) free(c parts.Cell, except string) bool { return s.crowding(c, except) == nil }

// crowding returns a creature still there (not dead, destroyed, escaped
// nor still to join), other than except, standing closer than SpaceFt to
// the cell, or nil (R43).
func (s *State) crowding(c parts.Cell, except string) *Combatant {
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.ID != except && o.Targetable() && s.distanceTo(o, c) < SpaceFt {
			return o
		}
	}
	return nil
}

// advance is the cell one Move takes me toward t, stopping 5 ft off it,
// or beside the way when another creature stands too near that cell.
func (s *State) advance(me, t *Combatant) (parts.Cell, bool) {
	step := func(from, to int) int {
		d := to - from
		a := min(max(abs(d)-5, 0), me.MoveFt())
		if d < 0 {
			return from - a
		}
		return from + a
	}
	to := parts.Cell{X: step(me.X, t.X), Y: step(me.Y, t.Y)}
	if s.Options.Euclidean {
		// Measured straight, a Move goes its length along any line
		// (A17), and stops 5 ft off t.
		l := parts.Metres(float64(me.X), float64(me.Y), float64(t.X), float64(t.Y))
		if l <= 5 {
			return to, false
		}
		to = s.straightStep(me, t, min(float64(me.MoveFt()), l-5), false)
	}
	switch {
	case to == (me.cell()):
		return to, false
	case s.steps(me, to):
		return to, true
	}
	if !s.crowdedBySeen(me, to) {
		return to, false
	}
	// Of the cells within SpaceFt of to, the one nearest t, if nearer
	// than me.
	return s.around(me, to, SpaceFt, s.distance(me, t), func(q parts.Cell) int { return s.distanceTo(t, q) }, nil)
}

// crowdedBySeen reports whether a creature me can see stands too near
// cell to (R43), so that the menu looks for a cell beside it. A wall or
// the length of a Move stops a move, not a creature; and around one
// hidden from me the menu finds no way, so as to tell nothing more of
// where it stands than that the cell is not offered (§6).
func (s *State) crowdedBySeen(me *Combatant, to parts.Cell) bool {
	o := s.crowding(to, me.ID)
	return o != nil && !o.Unseen && !(o.Hidden && o.Side != me.Side)
}

// steps reports whether one Move takes me to cell q: another cell, within
// its length, along a clear path, with no creature standing too near
// (R15, R43).
func (s *State) steps(me *Combatant, q parts.Cell) bool {
	return q != (me.cell()) && s.distanceTo(me, q) <= me.MoveFt() && s.free(q, me.ID) && s.clear(me.X, me.Y, q.X, q.Y)
}

// around is where a Move goes when the cell it makes for is too near
// another creature the mover sees (R43): of the cells within r ft of c
// (on each axis) that one Move takes me to and keep, when not nil,
// accepts, the one rank puts lowest, if below limit (the first of those
// as low, row by row from the south, west to east). The Move toward an
// enemy and the escape the menu offers both sidestep through it.
func (s *State) around(me *Combatant, c parts.Cell, r, limit int, rank func(parts.Cell) int, keep func(parts.Cell) bool) (parts.Cell, bool) {
	best, bestD, found := c, limit, false
	for y := c.Y - r; y <= c.Y+r; y++ {
		for x := c.X - r; x <= c.X+r; x++ {
			q := parts.Cell{X: x, Y: y}
			if d := rank(q); d < bestD && s.steps(me, q) && (keep == nil || keep(q)) {
				best, bestD, found = q, d, true
			}
		}
	}
	return best, found
}

// escapeCell is where an escape with no square named goes: one Move
// straight away from the nearest enemy still in the fight.
func (s *State) escapeCell(me *Combatant) (parts.Cell, bool) {
	var near *Combatant
	for i := range s.Combatants {
		t := &s.Combatants[i]
		// An enemy hidden from me is not one I run from: I do not know
		// where it stands (§6).
		if t.Side != me.Side && t.In() && !t.Hidden && (near == nil || s.distance(me, t) < s.distance(me, near)) {
			near = t
		}
	}
	if near == nil {
		return parts.Cell{}, false
	}
	return s.away(me, near)
}

// away is the cell one Move takes me straight away from t; when another
// creature me sees stands too near that cell (R43), the cell nearest it
// that one Move reaches and that ends out of every seen enemy's reach.
func (s *State) away(me, t *Combatant) (parts.Cell, bool) {
	dx, dy := sign(me.X-t.X), sign(me.Y-t.Y)
	if dx == 0 && dy == 0 {
		dx = 1
	}
	m := me.MoveFt()
	to := parts.Cell{X: me.X + dx*m, Y: me.Y + dy*m}
	if s.Options.Euclidean {
		to = s.straightStep(me, t, float64(m), true) // along the line itself (A17)
	}
	switch {
	case m == 0 || s.distanceTo(me, to) > m || !s.clear(me.X, me.Y, to.X, to.Y):
		return to, false
	case s.free(to, me.ID):
		return to, true
	case !s.crowdedBySeen(me, to):
		return to, false
	}
	// Too near a creature me sees (R43): of the cells one Move reaches
	// that end out of the reach of every enemy me sees (A19), the one
	// nearest to; none, and there is no escape to offer.
	at := *me
	return s.around(me, me.cell(), m, math.MaxInt, func(q parts.Cell) int { return s.cellFt(to, q) }, func(q parts.Cell) bool {
		at.X, at.Y = q.X, q.Y
		return s.outOfSeenReach(&at)
	})
}

// cellFt is the distance in feet between two cells (A17).
func (s *State) cellFt(a, b parts.Cell) int {
	if s.Options.Euclidean {
		return straightFt(a.X, a.Y, b.X, b.Y)
	}
	return parts.Steps(a, b)
}

// outOfSeenReach reports whether no enemy still in the fight and not
// hidden from c could reach it in melee (A19, §6).
func (s *State) outOfSeenReach(c *Combatant) bool {
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.Side != c.Side && o.In() && !o.Hidden && s.meleeWeapon(o, c) != nil {
			return false
		}
	}
	return true
}

// straightStep is, with the euclidean option (A17), where a Move of
// travel feet takes me along the straight line toward t (or, with away,
// from it): of the four squares around the point that far along the line,
// the one within one Move that ends nearest t (farthest from it, away);
// me's own square when there is none.
func (s *State) straightStep(me, t *Combatant, travel float64, away bool) parts.Cell {
	dx, dy := float64(t.X-me.X), float64(t.Y-me.Y)
	if away {
		dx, dy = -dx, -dy
	}
	l := math.Hypot(dx, dy)
	if l == 0 {
		dx, dy, l = 1, 0, 1
	}
	px, py := float64(me.X)+travel*dx/l, float64(me.Y)+travel*dy/l
	best, bestD := me.cell(), math.Inf(1)
	for _, x := range [2]float64{math.Floor(px), math.Ceil(px)} {
		for _, y := range [2]float64{math.Floor(py), math.Ceil(py)} {
			q := parts.Cell{X: int(x), Y: int(y)}
			if s.distanceTo(me, q) > me.MoveFt() {
				continue
			}
			d := parts.Metres(x, y, float64(t.X), float64(t.Y))
			if away {
				d = -d
			}
			if d < bestD {
				best, bestD = q, d
			}
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// next returns the current prompt, as people read it.
func next(s *State) engine.Prompt[Command] {
	var p engine.Prompt[Command]
	writePrompt(s, &prompter{p: &p})
	return p
}
