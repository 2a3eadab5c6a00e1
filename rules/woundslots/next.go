package woundslots

import (
	"fmt"
	"slices"
	"strconv"

	"fray/engine"
	"fray/rules/parts"
)

// nextKind is the kind of the current prompt.
func nextKind(s *State) engine.PromptKind {
	switch s.Phase {
	case Over:
		return engine.End
	case Setup, Resting:
		return engine.Ruling
	case Window, Guarding:
		return engine.React
	case Choosing:
		if p := s.Pending; p != nil && p.Clinger != "" && !p.Split {
			return engine.React
		}
	}
	return engine.Act
}

// prompter writes a prompt, for people (question and labels) or for a
// policy (neither, commands from the state's arena of moves): see
// engine.Writer.
type prompter = engine.Writer[Command]

// writePrompt writes the current prompt with b.
func writePrompt(s *State, b *prompter) {
	p := b.P
	p.Kind, p.Default = nextKind(s), -1
	switch s.Phase {
	case Over:
		p.Winner = s.Winner
		switch {
		case s.TimedOut:
			if b.People() {
				b.Askf("the fight is over: the round limit of %d is reached, a draw", s.limit())
			}
		case s.Winner != "":
			b.Ask("the fight is over: the ", s.Winner, " side wins")
		default:
			b.Ask("the fight is over: nobody is left standing")
		}
	case Setup:
		p.Actor, p.Default = engine.GM, 0
		b.Ask("before the fight: is any side surprised (R31)? Then roll initiative")
		b.Add(&Initiative{}, "roll initiative and begin")
		for _, side := range sidesOf(s) {
			for i := range s.Combatants {
				if c := &s.Combatants[i]; c.Side == side && !c.Surprised && c.Attributes.Prc <= 5 {
					b.Add(engine.New(b.Moves, surpriseKind, Surprise{Side: side}), "side ", side, " is surprised")
					b.Add(engine.New(b.Moves, surpriseKind, Surprise{Side: side, Contest: true}), "side ", side, " may be surprised: a stealth contest")
					break
				}
			}
		}
	case Resting:
		p.Actor, p.Default = engine.GM, 0
		b.Ask("the fight is over: do the survivors rest (R68)?")
		b.Add(&Done{}, "done: no more rests")
		b.Add(engine.New(b.Moves, restKind, Rest{Length: "short"}), "rest short (15 minutes: R69)")
		b.Add(engine.New(b.Moves, restKind, Rest{Length: "long"}), "rest long (8 hours: R70)")
	case Acting:
		actOptions(s, b)
	case Window:
		windowOptions(s, b)
	case Guarding:
		pd := s.Pending
		t := s.guarded()
		p.Actor = t.ID
		if pd.Action == "disarm" && pd.Striker == "" {
			b.Ask(pd.Actor, " tries to disarm ", t.ID, ": does it meet the try with a melee weapon check of its own, or with its Agility Defense (R61)?")
			for _, m := range meetChoices {
				label := ""
				switch {
				case b.People() && m == "agility":
					label = fmt.Sprintf("meet agility (Defense %d)", t.AgilityDefense())
				case b.People():
					label = fmt.Sprintf("meet check (d20%+d)", checkBonus(t, "melee"))
				}
				b.Add(engine.New(b.Moves, meetKind, Meet{Choice: m}), label)
			}
			p.Default = 1
			if (&run{s: s}).meetsWithCheck(t) {
				p.Default = 0
			}
			return
		}
		if b.People() {
			by := pd.Actor
			if pd.Striker != "" {
				by = pd.Striker
			}
			b.Askf("%s attacks %s, who is defending: which Defense meets it?", by, t.ID)
		}
		kind := s.guardedAttackKind()
		for _, g := range guardChoices {
			if b.People() {
				b.Add(engine.New(b.Moves, guardKind, Guard{Choice: g}), "guard ", g, fmt.Sprintf(" (Defense %d)", guardDefense(t, g, kind)))
			} else {
				b.Add(engine.New(b.Moves, guardKind, Guard{Choice: g}))
			}
		}
	case Choosing:
		pd := s.Pending
		if pd == nil {
			recoverOptions(s, b)
			return
		}
		switch pd.Action {
		case "move":
			moveChoiceOptions(s, b)
			return
		case "shove", "disarm":
			hinderChoiceOptions(s, b)
			return
		}
		p.Actor = pd.Actor
		b.Ask(pd.Actor, "'s nonlethal attack hits ", pd.Target, " for up to a ", LevelName(pd.Indicated), " wound: which level?")
		t := s.Combatant(pd.Target)
		for l := Light; l <= pd.Indicated; l++ {
			placed, _ := place(t, l)
			if l < Fatal && placed == Fatal {
				b.Add(engine.New(b.Moves, pickKind, Pick{Level: LevelName(l)}), "pick ", LevelName(l), " (knocks ", t.ID, " unconscious, not dying)")
				b.Add(engine.New(b.Moves, pickKind, Pick{Level: LevelName(l), Helpless: true}), "pick ", LevelName(l), " helpless (", t.ID, " stays conscious but helpless for 2 rounds)")
				continue
			}
			b.Add(engine.New(b.Moves, pickKind, Pick{Level: LevelName(l)}), "pick ", LevelName(l))
		}
	}
}

// sidesOf lists the sides in order of first appearance.
func sidesOf(s *State) []string {
	var sides []string
	for i := range s.Combatants {
		if !slices.Contains(sides, s.Combatants[i].Side) {
			sides = append(sides, s.Combatants[i].Side)
		}
	}
	return sides
}

// attackOptions adds every attack c can make now, on enemies not dead:
// an unconscious one meets it with its immobile Defense (A07), and a
// wound with no slot left kills it (R16, A08).
func attackOptions(s *State, b *prompter, c *Combatant) {
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Side == c.Side || t.gone() {
			continue
		}
		for j := range c.Weapons {
			w := &c.Weapons[j]
			if !w.InHand() || !Reaches(c, w, t) {
				continue
			}
			weapon := weaponWord(c, w)
			for _, style := range []string{Standard, Quick, Strong, Nonlethal, Grapple} {
				// mayStrikeWith's test, inline on the policy's path.
				if !c.affords(s.attackCost(c, style)) || style != Standard && w.Kind != "melee" || w.Kind == "ranged" && s.env(c) == Underwater {
					continue
				}
				if style == Grapple && (!t.Up() || !mayGrappleWith(c, w, t)) {
					continue
				}
				a := engine.New(b.Moves, attackKind, Attack{Target: t.ID, Weapon: weapon, Style: style})
				if style == Standard {
					a.Style = "" // a standard attack's text and JSON name no style
				}
				if b.People() {
					b.Add(a, sayAttack(style, t.ID, w.Name), fmt.Sprintf(" (%d AP)", s.attackCost(c, style)))
				} else {
					b.Add(a)
				}
			}
		}
	}
}

// weaponWord is how an option names c's weapon w: not at all when it is
// the first in hand, which a command naming none attacks with.
func weaponWord(c *Combatant, w *Weapon) string {
	if w == c.Weapon("") {
		return ""
	}
	return w.Name
}

// sayAttack is an attack option's label.
func sayAttack(style, target, weapon string) string {
	if style == Standard {
		return "attack " + target + " with " + weapon
	}
	return style + " attack on " + target + " with " + weapon
}

// actOptions adds the options of the actor's turn (section 7.4).
func actOptions(s *State, b *prompter) {
	a := s.actor()
	if a == nil {
		return
	}
	b.P.Actor = a.ID
	if b.People() {
		b.P.Question = fmt.Sprintf("round %d, %s's turn (initiative %d, %d AP, %s of movement left): what now?", s.Round, a.ID, a.Initiative, a.AP, parts.Count(a.PoolYards(), "yard", "yards"))
	}
	if a.PinnedBy != "" {
		if a.affords(actionCosts["escape"]) {
			b.Add(&Escape{}, "escape the pin (4 AP)")
		}
		b.Add(&EndTurn{}, "end the turn")
		return
	}
	if a.Long != nil && !a.Long.PaidNow {
		b.Add(&Continue{}, "continue ", a.Long.Object, " (pay this turn's AP)")
	}
	actionOptions(s, b, a, false)
	b.Add(&EndTurn{}, "end the turn")
}

// actionOptions adds the actions and moves a may take: in its turn, or
// out of turn (R29, R35), when neither the free choices of one's own turn
// nor actions paid across turns are offered.
func actionOptions(s *State, b *prompter, a *Combatant, offTurn bool) {
	attackOptions(s, b, a)
	w := a.Weapon("")
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Side == a.Side || !t.Up() || w != nil && Reaches(a, w, t) {
			continue
		}
		if _, _, ok := s.approachCell(a, t); ok {
			b.Add(engine.New(b.Moves, approachKind, Approach{Target: t.ID}), "approach ", t.ID)
		}
	}
	if !a.Defending && a.affords(actionCosts["defend"]) {
		b.Add(&Defend{}, "defend (2 AP: a better Defense until your next turn)")
	}
	if !a.Readied && a.inHand() > 0 && a.affords(actionCosts["ready"]) {
		b.Add(engine.New(b.Moves, readyKind, Ready{}), "ready an attack (1 AP: take it as a reaction later)")
	}
	if a.affords(actionCosts["seize"]) {
		b.Add(&Seize{}, "seize the initiative (4 AP: +1d6 initiative)")
	}
	if a.affords(actionCosts["posture"]) {
		for _, to := range []string{Standing, Crouching, Prone} {
			if to != a.Posture && !(a.Posture == Prone && to == Standing) {
				b.Add(engine.New(b.Moves, postureKind, Posture{To: to}), "posture ", to, " (2 AP)")
			}
		}
	}
	itemOptions(s, b, a)
	if a.Sunk && a.affords(actionCosts["surface"]) {
		b.Add(&Surface{}, "surface (4 AP: swim back up, R75)")
	}
	if a.Dashes < 2 && a.affords(actionCosts["dash"]) {
		b.Add(&Dash{}, "dash (2 AP, 1 stamina: double movement this round; again: a check adds to it)")
	}
	if !offTurn && s.Flanked(a) {
		ignoreOptions(s, b, a, " (free: no longer flanked by it, but its attacks get +4)")
	}
	for i := range a.Effects {
		if a.affords(actionCosts["end"]) {
			b.Add(engine.New(b.Moves, endEffectKind, EndEffect{Effect: a.Effects[i].Name}), "end ", a.Effects[i].Name, " (2 AP, R60)")
		}
	}
	for i := range a.Spells {
		sp := &a.Spells[i]
		if sp.Defense == "" {
			if a.affords(spellAP(sp)) && a.Mana >= sp.Mana+sp.Invest && !slices.ContainsFunc(a.Effects, func(e Effect) bool { return e.Name == sp.Name }) {
				b.Add(engine.New(b.Moves, castKind, Cast{Spell: sp.Name}), "cast ", sp.Name)
			}
			continue
		}
		for j := range s.Combatants {
			if t := &s.Combatants[j]; canCast(a, sp, t) {
				b.Add(engine.New(b.Moves, castKind, Cast{Spell: sp.Name, Target: t.ID}), "cast ", sp.Name, " at ", t.ID)
			}
		}
	}
	grappleOptions(s, b, a)
	healOptions(s, b, a)
	mountOptions(s, b, a)
	for _, o := range s.Objects {
		if ap, rounds := s.objectCost(o.Name); !offTurn || rounds == 0 && a.affords(ap) {
			b.Add(engine.New(b.Moves, useKind, Use{Object: o.Name}), "use ", o.Name)
		}
	}
}

// windowOptions adds the options of the one asked in a window: pass;
// at a moment of the turn or right after a declaration, any action or
// move it may take out of turn (R29, R35); harry (R46); a readied attack
// (R47); interpose (R58); a rebuff (R41) or cling (R55) of a move.
func windowOptions(s *State, b *prompter) {
	pd := s.Pending
	me := s.Combatant(s.Queue[0])
	b.P.Actor = me.ID
	if pd != nil && pd.StrikeAsk > 0 {
		strikeWindowOptions(s, b, me)
		return
	}
	if s.Moment == AtFlanked {
		b.Ask(me.ID, " is now flanked: does it ignore any of its flankers (free, R12)?")
		b.Add(&Pass{}, "pass")
		ignoreOptions(s, b, me, " (its attacks get +4, but it no longer flanks you)")
		return
	}
	if pd == nil {
		if b.People() {
			what := "act out of turn" + initiativeNote(s, me)
			if !s.mayActOutOfTurn(me, s.Moment) {
				what = "take its readied action"
			}
			b.Askf("%s of %s's turn: does %s %s or pass?", momentWords[s.Moment], s.Turn, me.ID, what)
		}
		b.Add(&Pass{}, "pass")
		if s.mayActOutOfTurn(me, s.Moment) {
			actionOptions(s, b, me, true)
		}
		fireOptions(s, b, me)
		return
	}
	a := s.Combatant(pd.Actor)
	if pd.Action == "move" {
		if b.People() {
			b.Askf("%s moves toward %d,%d: does %s react or pass?", pd.Actor, pd.X, pd.Y, me.ID)
		}
		b.Add(&Pass{}, "pass")
		if s.mayRebuff(me, a, pd.X, pd.Y) {
			b.Add(&Rebuff{}, "rebuff ", a.ID, " (", strconv.Itoa(s.attackCost(me, "rebuff")), " AP: attack it before it moves, one level worse on a hit)")
		}
		if s.mayCling(me, a, pd.X, pd.Y) {
			b.Add(&Cling{}, "cling to ", a.ID, " (2 AP: a Power check to move with it or hold it back)")
		}
		fireOptions(s, b, me)
		return
	}
	if b.People() {
		what := fmt.Sprintf("a %s attack on %s", pd.Action, pd.Target)
		if !pd.Command.IsZero() {
			what = pd.Command.String()
		}
		b.Askf("%s declares %s: does %s interrupt%s, react or pass?", pd.Actor, what, me.ID, initiativeNote(s, me))
	}
	b.Add(&Pass{}, "pass")
	if w := a.Weapon(pd.Weapon); pd.Command.IsZero() && w != nil && w.Kind == "ranged" && s.mayHarry(me, a) {
		b.Add(&Harry{}, "harry ", a.ID, " (2 AP: -2 on its ranged attacks this round)")
	}
	if s.mayActOutOfTurn(me, AtDeclared) {
		actionOptions(s, b, me, true)
	}
	fireOptions(s, b, me)
	if s.mayInterpose(me) {
		interposeOptions(b, me, pd.Actor)
	}
}

// strikeWindowOptions are the answers of me, asked about a reaction's
// attack before it is rolled (R30): its target may interpose a creature
// it grapples (R58), one within a ranged attacker's melee reach may harry
// it (R46).
func strikeWindowOptions(s *State, b *prompter, me *Combatant) {
	pd := s.Pending
	a := s.Combatant(pd.Striker)
	b.Ask(pd.Striker, "'s ", strikeWords(pd.StrikeKind), " on ", pd.StrikeTarget, ": does ", me.ID, " react or pass?")
	b.Add(&Pass{}, "pass")
	if h, _ := s.harried(); h != nil && s.mayHarry(me, h) {
		b.Add(&Harry{}, "harry ", a.ID, " (2 AP: -2 on its ranged attacks this round)")
	}
	if me.ID == pd.StrikeTarget && s.mayInterposeAt(me, a.ID) {
		interposeOptions(b, me, a.ID)
	}
}

// interposeOptions adds an interpose (R58) of each creature me grapples
// but the attacker.
func interposeOptions(b *prompter, me *Combatant, attacker string) {
	for _, id := range me.Grappling {
		if id != attacker {
			b.Add(engine.New(b.Moves, interposeKind, Interpose{Shield: id}), "interpose ", id, " (2 AP: it becomes the target)")
		}
	}
}

// ignoreOptions adds an ignore (R12) of each enemy standing that
// threatens a and that it does not ignore already; why says what it does.
func ignoreOptions(s *State, b *prompter, a *Combatant, why string) {
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Side != a.Side && t.Up() && threatens(t, a) && !slices.Contains(a.Ignoring, t.ID) {
			b.Add(engine.New(b.Moves, ignoreKind, Ignore{Target: t.ID}), "ignore ", t.ID, why)
		}
	}
}

// momentWords name the moments of a turn in questions.
var momentWords = map[string]string{AtStart: "the start", AtAfter: "after an action", AtEnd: "the end"}

// initiativeNote says, in a question, what acting out of turn costs c.
func initiativeNote(s *State, c *Combatant) string {
	if !s.mayActOutOfTurn(c, AtDeclared) && !s.mayActOutOfTurn(c, s.Moment) {
		return ""
	}
	return fmt.Sprintf(" (initiative %d above %d: an action costs 2, a move nothing)", s.turnInitiative(c), s.turnInitiative(s.owner()))
}

// healOptions adds Stabilize (R63) and Treat Wound (R65) on oneself and
// on adjacent allies and helpless creatures.
func healOptions(s *State, b *prompter, a *Combatant) {
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if !mayTend(a, t) {
			continue
		}
		if t.IsDying && a.affords(actionCosts["stabilize"]) {
			b.Add(engine.New(b.Moves, stabilizeKind, Stabilize{Target: t.ID}), "stabilize ", t.ID, " (4 AP)")
		}
		if !a.affords(actionCosts["treat"]) {
			continue
		}
		for l := Light; l <= Fatal; l++ {
			if *t.Wounds.At(l) > 0 {
				b.Add(engine.New(b.Moves, treatKind, Treat{Target: t.ID, Level: LevelName(l)}), "treat ", t.ID, "'s ", LevelName(l), " wound (8 AP)")
			}
		}
		for _, c := range t.Conditions {
			b.Add(engine.New(b.Moves, treatConditionKind, TreatCondition{Target: t.ID, Condition: c.Name}), "treat ", t.ID, "'s ", c.Name, " (8 AP)")
		}
	}
}

// mountOptions adds mounting, dismounting (hurried too, when the
// encounter allows it) and calming a bolting mount (R53, R67, R77).
func mountOptions(s *State, b *prompter, a *Combatant) {
	if !a.affords(actionCosts["mount"]) {
		return
	}
	if a.Riding == "" {
		for i := range s.Combatants {
			m := &s.Combatants[i]
			if m.Mount && m.Rider == "" && m.Status == Active && m.ID != a.ID && m.Attributes.Size >= a.Attributes.Size && dist(a, m) <= 1 {
				b.Add(engine.New(b.Moves, mountKind, Mount{Target: m.ID}), "mount ", m.ID, " (4 AP)")
			}
		}
		return
	}
	m := s.mountOf(a)
	for _, d := range [8][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}} {
		x, y := a.X+d[0]*m.span(), a.Y+d[1]*m.span()
		if d[0] < 0 {
			x = a.X - a.span()
		}
		if d[1] < 0 {
			y = a.Y - a.span()
		}
		if s.blocked(a, x, y) || DistanceBetween(m.X, m.Y, m.span(), x, y, a.span()) != 1 {
			continue
		}
		to := ""
		if b.People() {
			to = cellText(x, y)
		}
		b.Add(engine.New(b.Moves, dismountKind, Dismount{X: x, Y: y}), "dismount to ", to, " (4 AP)")
		if s.Options.HurryAllowed {
			b.Add(engine.New(b.Moves, dismountKind, Dismount{X: x, Y: y, Hurry: true}), "hurry dismount to ", to, " (R67)")
		}
		break
	}
	if m := s.mountOf(a); m != nil && m.Bolting && a.affords(actionCosts["calm"]) {
		b.Add(&Calm{}, "calm ", m.ID, " (8 AP: regain control)")
	}
}

// grappleOptions adds the hindrances (R61), pins (R59) and escapes (R52)
// the actor may try.
func grappleOptions(s *State, b *prompter, a *Combatant) {
	if !a.affords(actionCosts["hinder"]) {
		return
	}
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Side == a.Side || !t.Up() || !a.meleeReaches(t) {
			continue
		}

		for _, k := range hinderKinds {
			if k == "disarm" && t.inHand() == 0 || k == "trip" && t.Posture == Prone {
				continue
			}
			b.Add(engine.New(b.Moves, hinderKind, Hinder{Hindrance: k, Target: t.ID}), k, " ", t.ID, " (4 AP)")
		}
	}
	// An opening costs more under water (R74), and is offered only to one
	// who can pay for it there.
	if cost := s.attackCost(a, "opening"); firstMelee(a) != nil && a.affords(cost) {
		for i := range s.Combatants {
			t := &s.Combatants[i]
			if t.Side != a.Side && t.Up() && a.OpeningOn != t.ID && mayEverRebuff(t) {
				b.Add(engine.New(b.Moves, openingKind, Opening{Target: t.ID}), "create an opening against ", t.ID, " (", strconv.Itoa(cost), " AP: against its rebuffs this turn)")
			}
		}
	}
	for _, id := range a.Grappling {
		if t := s.Combatant(id); t != nil && t.PinnedBy == "" {
			b.Add(engine.New(b.Moves, pinKind, Pin{Target: id}), "pin ", id, " (4 AP)")
		}
	}
	if a.SharingWith == "" && a.Riding == "" && a.affords(actionCosts["enter"]) {
		for i := range s.Combatants {
			t := &s.Combatants[i]
			if t.Side != a.Side && t.Up() && t.SharingWith == "" && t.Rider == "" && t.Riding == "" &&
				dist(a, t) == 1 && parts.Abs(a.Attributes.Size-t.Attributes.Size) <= 4 {
				b.Add(engine.New(b.Moves, enterKind, Enter{Target: t.ID}), "enter ", t.ID, "'s space (2 AP)")
			}
		}
	}
	if len(a.Grappling) == 1 {
		b.Add(&Escape{}, "escape the grapple (4 AP)")
	} else {
		for _, id := range a.Grappling {
			b.Add(&Escape{From: id}, "escape the grapple of ", id, " (4 AP)")
		}
	}
	if len(a.Grappling) > 0 {
		if g := s.Combatant(a.Grappling[0]); g != nil {
			x, y := a.X+sign(a.X-g.X), a.Y+sign(a.Y-g.Y)
			if n := s.moveAP(a, s.pathCost(a.X, a.Y, x, y)); (x != a.X || y != a.Y) && !s.blocked(a, x, y) && n >= 0 && n <= DragMoveAP && a.apCost(actionCosts["drag"])+n <= a.AP {
				b.Add(engine.New(b.Moves, dragKind, Drag{X: x, Y: y}), "drag the grapple to ", cellText(x, y), " (R56)")
			}
		}
	}
}

// moveChoiceOptions adds a clinger's ways of spending its points (R55),
// or a rebuffed mover's choice to go on or stop (A18).
func moveChoiceOptions(s *State, b *prompter) {
	pd := s.Pending
	if pd.Clinger != "" && !pd.Split {
		b.P.Actor = pd.Clinger
		if b.People() {
			b.Askf("%s clings to %s with %d points: yards moved with it (5 each) and yards cut from its move (10 each)?", pd.Clinger, pd.Actor, pd.Points)
		}
		n := s.moveLength()
		for cut := 0; cut <= n-pd.Cut && 10*cut <= pd.Points; cut++ {
			for with := 0; with <= n-pd.Cut-cut && 5*with+10*cut <= pd.Points; with++ {
				if b.People() {
					b.Add(engine.New(b.Moves, splitKind, Split{With: with, Cut: cut}), fmt.Sprintf("split %d %d (move %d with it, cut %d)", with, cut, with, cut))
				} else {
					b.Add(engine.New(b.Moves, splitKind, Split{With: with, Cut: cut}))
				}
			}
		}
		return
	}
	b.P.Actor = pd.Actor
	if b.People() {
		b.Askf("%s was rebuffed: go on to %d,%d or stop?", pd.Actor, pd.X, pd.Y)
	}
	b.Add(&Go{}, "go on")
	b.Add(&Stop{}, "stop")
}

// fireOptions adds a readied attack on each enemy in reach, or the
// readied action when it may be taken now (R47).
func fireOptions(s *State, b *prompter, me *Combatant) {
	if s.mayTrigger(me) {
		pre := s.triggered(me)
		if (&run{s: s}).legalAfter(me.ReadyAction.Command(), &pre) == nil {
			b.Add(&Trigger{}, "trigger: take the readied ", me.ReadyAction.String())
		}
		return
	}
	if !s.mayFire(me) {
		return
	}
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Side == me.Side || !t.Up() {
			continue
		}
		for j := range me.Weapons {
			if w := &me.Weapons[j]; s.mayStrikeWith(me, w, t) {
				b.Add(engine.New(b.Moves, fireKind, Fire{Target: t.ID, Weapon: weaponWord(me, w)}), "fire the readied attack at ", t.ID, " with ", w.Name)
			}
		}
	}
}

// hinderChoiceOptions adds a successful shover's choices of where its
// target goes, the default straight away from it as far as it may, or a
// disarmer's of what its target drops, the default its first weapon (R61,
// section 7.5.6).
func hinderChoiceOptions(s *State, b *prompter) {
	pd := s.Pending
	t, a := s.Combatant(pd.Target), s.Combatant(pd.Actor)
	b.P.Actor, b.P.Default = a.ID, 0
	if pd.Action == "disarm" {
		b.Ask(a.ID, " disarms ", t.ID, ": which item does it drop?")
		for i := range t.Weapons {
			if !t.Weapons[i].InHand() {
				continue
			}
			b.Add(engine.New(b.Moves, dropKind, Drop{Weapon: t.Weapons[i].Name}), "drop ", t.Weapons[i].Name)
		}
		return
	}
	if b.People() {
		b.Askf("%s shoves %s: where to, up to %d yards in a straight line?", a.ID, t.ID, pd.Points)
	}
	dx, dy := s.shoveTo(a, t, pd.Points)
	var buf [64][2]int
	for i, c := range s.shoveCells(t, pd.Points, buf[:0]) {
		if c == [2]int{dx, dy} {
			b.P.Default = i
		}
		to := ""
		if b.People() {
			to = cellText(c[0], c[1])
		}
		b.Add(engine.New(b.Moves, pushKind, Push{X: c[0], Y: c[1]}), "push ", t.ID, " to ", to)
	}
}

// itemOptions adds retrieving a stowed weapon or one lying beside a, and
// stowing one it holds (R48).
func itemOptions(s *State, b *prompter, a *Combatant) {
	for i := range a.Weapons {
		w := &a.Weapons[i]
		n, ok := 0, false
		if !w.InHand() {
			n, ok = s.retrieveAP(a, w.Name)
		}
		switch {
		case ok && a.affords(n) && b.People():
			b.Add(engine.New(b.Moves, retrieveKind, Retrieve{Weapon: w.Name}), "retrieve ", w.Name, " from its ", w.Stowed, fmt.Sprintf(" (%d AP)", n))
		case ok && a.affords(n):
			b.Add(engine.New(b.Moves, retrieveKind, Retrieve{Weapon: w.Name}))
		case w.InHand() && a.affords(containerAP[homeOf(w)]) && b.People():
			b.Add(engine.New(b.Moves, stowKind, Stow{Weapon: w.Name}), "stow ", w.Name, " in its ", homeOf(w), fmt.Sprintf(" (%d AP)", containerAP[homeOf(w)]))
		case w.InHand() && a.affords(containerAP[homeOf(w)]):
			b.Add(engine.New(b.Moves, stowKind, Stow{Weapon: w.Name}))
		}
	}
	for i := range s.Dropped {
		d := &s.Dropped[i]
		if n, ok := s.retrieveAP(a, d.Weapon.Name); ok && a.affords(n) {
			b.Add(engine.New(b.Moves, retrieveKind, Retrieve{Weapon: d.Weapon.Name}), "pick up ", d.Weapon.Name, " (2 AP)")
		}
	}
}

// recoverOptions adds a resting creature's choices of the wound its
// recovery check drops, the worst first, the default (R72, section 7.8).
func recoverOptions(s *State, b *prompter) {
	c := s.Combatant(s.Queue[0])
	b.P.Actor, b.P.Default = c.ID, 0
	b.Ask(c.ID, "'s recovery check reaches ", LevelName(c.RecoverUpTo), " wounds: which wound drops a level?")
	for l := c.RecoverUpTo; l >= Light; l-- {
		if recoverable(c, l) {
			b.Add(engine.New(b.Moves, recoverKind, Recover{Level: LevelName(l)}), "recover ", LevelName(l))
		}
	}
}
