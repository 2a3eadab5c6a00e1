package blackpowder

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// prompter writes a prompt. For people it says everything: the question
// and every option's label. Lean, for a policy (Moves), it leaves both
// out, reuses the memory of the prompt it wrote last, and takes the
// options' commands from the state's hot memory.
type prompter struct {
	p    *engine.Prompt[Command]
	lean bool
	hot  *hotMemory // where commands come from when lean
	// handles is set while a policy's prompt lists a turn's own options:
	// the attacks among them are recorded in the hot memory (listStrike).
	handles bool
}

// arena is where the options' commands go: the hot memory's arena of
// moves when lean, else nil (commands of their own).
func (b *prompter) arena() *engine.Arena { return b.hot.moveArena() }

// ask sets the question, when people will read it.
func (b *prompter) ask(words ...string) {
	if !b.lean {
		b.p.Question = strings.Join(words, "")
	}
}

// askf sets the question with fmt.Sprintf. Callers ask only when people
// will read it (b.people): a call boxes its arguments, which costs memory
// even when nothing is formatted.
func (b *prompter) askf(format string, args ...any) {
	b.p.Question = fmt.Sprintf(format, args...)
}

// people reports whether people will read the prompt: its question and
// labels are wanted.
func (b *prompter) people() bool { return !b.lean }

// add appends an option: command c, labelled with words joined when
// people will read it.
func (b *prompter) add(c Command, words ...string) {
	if b.lean {
		b.p.Options = append(b.p.Options, engine.Option[Command]{Command: c})
		return
	}
	b.label(c, words)
}

// lone appends an option without a label when the prompt is a policy's,
// and reports whether it did: the caller labels it otherwise, sparing a
// policy's prompt the list of words that add takes.
func (b *prompter) lone(c Command) bool {
	if b.lean {
		b.p.Options = append(b.p.Options, engine.Option[Command]{Command: c})
	}
	return b.lean
}

// label appends an option for people: command c, labelled with words
// joined. It is add's, apart so that add inlines.
//
//go:noinline
func (b *prompter) label(c Command, words []string) {
	b.p.Options = append(b.p.Options, engine.Option[Command]{Command: c, Label: strings.Join(words, "")})
}

// next returns the current prompt; see engine.Ruleset.Next.
func next(s *State) engine.Prompt[Command] {
	var p engine.Prompt[Command]
	writePrompt(s, &prompter{p: &p})
	return p
}

// moves writes the current prompt for a policy; see engine.Speed.Moves.
// Its prompter is lean, with the commands of the state's hot memory,
// whose record of the last prompt it clears first.
func moves(s *State, p *engine.Prompt[Command]) {
	h := s.hotMemory()
	h.Moves().Reset()
	h.strikes = h.strikes[:0]
	h.offers, h.hasAnswers, h.roll = offers{}, false, listedRoll{}
	h.forgetListed()
	// The prompt reset field by field, its lists emptied in place: cheaper
	// than a new prompt copied in.
	p.Kind, p.Actor, p.Question, p.Default, p.Winner = "", "", "", 0, ""
	p.Options, p.Others = p.Options[:0], p.Others[:0]
	b := prompter{p: p, lean: true, hot: h}
	writePrompt(s, &b)
}

// writePrompt writes the current prompt with b.
func writePrompt(s *State, b *prompter) {
	p := b.p
	if s.Over {
		p.Kind, p.Default, p.Winner = engine.End, -1, s.Winner
		b.ask("the fight is over")
		return
	}
	switch s.stage() {
	case stageAfter:
		afterPrompt(s, b)
		return
	case stagePending:
		pendingPrompt(s, b)
		return
	case stageDeclared:
		reactionPrompt(s, b)
		return
	case stageFollow:
		followPrompt(s, b)
		return
	case stageAmbush:
		p.Kind, p.Default = engine.Act, 0
		if c := s.nextHider(); c != nil {
			p.Actor = c.ID
			b.ask(c.Name, " hides for the ambush (Stealth check)")
			b.add(&Hide{}, "hide")
			return
		}
		c := s.nextSearcher()
		p.Actor = c.ID
		b.ask(c.Name, " searches for an ambush (Perception check)")
		b.add(&Search{}, "search")
		return
	case stageInitiative:
		gi := s.nextInitiativeGroup()
		g := &s.Groups[gi]
		roller := s.initiativeRoller(g.ID)
		p.Kind, p.Actor, p.Default = engine.Act, roller.ID, 0
		b.ask(roller.Name, " rolls initiative for the ", g.ID, " group (Speed check)")
		b.add(&RollInitiative{}, "roll initiative")
		p.Others = s.tiedRollers(p.Others, roller) // A02: the group picks
		b.rolls(s, gi, roller)
		return
	}
	group := s.activeGroup()
	var c *Combatant // the first member still to act
	others := 0
	for i := range s.Combatants {
		m := &s.Combatants[i]
		if !same(m.Group, group) {
			continue // neither to act nor left anything (leftAfterAction)
		}
		if !m.Done && m.Status == Active {
			if c == nil {
				c = m
			} else {
				others++
			}
		} else if leftAfterAction(s, m, group) {
			others++
		}
	}
	if c == nil {
		// advance never leaves a turn with nobody to act; be safe anyway.
		p.Kind, p.Default = engine.End, -1
		b.ask("nobody can act")
		return
	}
	switch {
	case b.lean:
	case s.Round == 0:
		b.askf("the ambush: the %s group's free turn (+3 to checks): %s acts (or another member first)", group, c.Name)
	default:
		b.ask("round ", strconv.Itoa(s.Round), ", the ", group, " group's turn: ", c.Name, " acts (or another member first)")
	}
	p.Kind, p.Actor = engine.Act, c.ID
	b.handles = b.lean
	writeActOptions(s, c, b)
	if b.handles {
		b.handles = false
		b.hot.listedFor(s, c.ID, p)
	}
	if others > 0 {
		if !b.lean {
			p.Others = make([]string, 0, others)
		}
		for i := range s.Combatants {
			if m := &s.Combatants[i]; m != c && (m.Group == group && m.Status == Active && !m.Done || leftAfterAction(s, m, group)) {
				p.Others = append(p.Others, m.ID)
			}
		}
	}
	p.Default = len(p.Options) - 1 // pass
}

// nextKind is the kind of next(s), told without building the prompt.
func nextKind(s *State) engine.PromptKind {
	if s.Over {
		return engine.End
	}
	switch s.stage() {
	case stageAfter:
		return engine.Ruling
	case stagePending, stageFollow:
		return engine.React
	case stageDeclared:
		if k := s.Declared.Queue[0].Kind; k == "safety" || k == "modifier" {
			return engine.Ruling
		}
		return engine.React
	case stageAmbush, stageInitiative:
		return engine.Act
	}
	if s.canAct(s.activeGroup()) {
		return engine.Act
	}
	return engine.End
}

// leftAfterAction reports whether c, a member of the acting group who has
// finished its part of the turn, may still do something while the turn
// lasts: take the turn's immediate action (R06), if it has not and carries
// a weapon to draw or reload or has another's within reach to pick up, or
// the move alongside the action (R33), if it has some of it left and is
// free to move.
func leftAfterAction(s *State, c *Combatant, group string) bool {
	if !c.Done || c.Status != Active || !same(c.Group, group) {
		return false
	}
	return !c.ImmediateUsed && (hasDraw(c) || canPickUp(s, c)) ||
		c.Moved < moveDistance && c.HeldBy == "" && c.Holding == "" && c.Trapped == 0
}

// canPickUp reports whether a weapon of another lies on the ground within
// c's reach, for c to pick up (writePickUps lists them).
func canPickUp(s *State, c *Combatant) bool {
	for i := range s.Combatants {
		if o := &s.Combatants[i]; o != c {
			for j := range o.Weapons {
				if w := &o.Weapons[j]; w.OnGround && c.groundDistance(w) <= reach {
					return true
				}
			}
		}
	}
	return false
}

// hasDraw reports whether c has a draw to make: a weapon in hand to put
// away, or a carried weapon not lying out of its reach (R06, R17).
func hasDraw(c *Combatant) bool {
	if c.Wielding >= 0 {
		return true
	}
	for i := range c.Weapons {
		if c.mayTake(i) {
			return true
		}
	}
	return false
}

// afterActionOptions lists, for people, what is left to c, who has finished
// its part of the turn (leftAfterAction): drawing a weapon and reloading a
// gun that takes no time to reload (R06, R20), if the immediate action is
// unused, and moving toward an enemy (R33).
func afterActionOptions(s *State, c *Combatant) []engine.Option[Command] {
	var p engine.Prompt[Command]
	if c.HeldBy == "" && c.Holding == "" && c.Trapped == 0 {
		finished := *c
		finished.Actions = 0 // a run is an action: none once finished
		writeApproachOptions(s, &finished, &prompter{p: &p})
	}
	if c.ImmediateUsed {
		return p.Options
	}
	out := p.Options
	if w := c.weapon(); w.Kind == KindGun && w.State == GunOK && w.Loaded < max(w.Capacity, 1) && c.reloadTime(w) == 0 {
		out = append(out, engine.Option[Command]{Command: &Reload{}, Label: "reload the " + w.Name + " (the immediate action)"})
	}
	for i := range c.Weapons {
		if i != c.Wielding && c.mayTake(i) {
			out = append(out, engine.Option[Command]{Command: &Draw{Weapon: c.Weapons[i].Name}, Label: "draw the " + c.Weapons[i].Name + " (the immediate action)"})
		}
	}
	if c.Wielding >= 0 {
		out = append(out, engine.Option[Command]{Command: &Draw{Weapon: "fists"}, Label: "put weapons away (fists; the immediate action)"})
	}
	p.Options = out
	writePickUps(s, c, &prompter{p: &p}, " (the immediate action)")
	return p.Options
}

// writePickUps adds to b the weapons of others that lie on the ground
// within c's reach, for c to pick up (a draw, R06; our ruling); note ends
// each label.
//
// With hot memory, a state found with nothing on the ground is
// remembered as such until a weapon is dropped or thrown (see
// hotMemory.bareGround), so that the turns of a fight where nothing is
// look at nobody's weapons.
func writePickUps(s *State, c *Combatant, b *prompter, note string) {
	h := s.hot
	if h != nil && h.bareGround == s {
		return
	}
	bare := true
	for i := range s.Combatants {
		o := &s.Combatants[i]
		for j := range o.Weapons {
			w := &o.Weapons[j]
			if !w.OnGround {
				continue
			}
			bare = false
			if o != c && c.groundDistance(w) <= reach {
				pick := engine.New(b.arena(), drawKind, Draw{Weapon: w.Name, From: o.ID})
				b.add(pick, "pick up ", o.Name, "'s ", w.Name, note)
			}
		}
	}
	if bare && h != nil {
		h.bareGround = s
	}
}

// followPrompt asks one whose aimed attack is over whether to act with the
// delayed action it holds right away (R22), with any action it could take
// with it but another aim, or keep it.
func followPrompt(s *State, b *prompter) {
	c := s.combatant(s.Follow)
	p := b.p
	p.Kind, p.Actor = engine.React, c.ID
	for _, o := range b.heldOptions(s, c) {
		switch o.Command.(type) {
		case *Pass, *Delay, *Move, *AimAt, *Release:
			continue // not an action a delayed action can take here
		}
		b.add(b.interrupt(Interrupt{Action: Nested{o.Command}, After: true}), "right after the aimed attack: ", o.Label)
	}
	b.add(&Decline{}, "keep the delayed action for later this round")
	p.Default = len(p.Options) - 1
	b.ask(c.Name, "'s aimed attack is over: act with the delayed action now?")
}

// actOptions lists what a combatant may do on its turn, for people.
func actOptions(s *State, c *Combatant) []engine.Option[Command] {
	var p engine.Prompt[Command]
	writeActOptions(s, c, &prompter{p: &p})
	return p.Options
}

// writeActOptions adds to b what a combatant may do on its turn.
func writeActOptions(s *State, c *Combatant, b *prompter) {
	if !b.lean {
		b.p.Options = make([]engine.Option[Command], 0, 4+4*len(s.Combatants))
	}
	w := c.weapon()
	if c.Holding != "" {
		b.add(&Release{}, "release ", c.Holding)
	}
	// allies counts the other members of c's group and far the conscious
	// enemies beyond its reach, once the loop over the targets has counted
	// them (-1 before): the loops that look for allies alone, or for
	// enemies to close in on (writeApproachOptions), have nothing to do
	// without any.
	allies, far := -1, -1
	if c.Actions > 0 && c.HeldBy == "" {
		usable := w.Kind != KindGun || (w.State == GunOK && w.Loaded > 0)
		allies, far = 0, 0
		for i := range s.Combatants {
			t := &s.Combatants[i]
			if same(t.Group, c.Group) {
				if !same(t.ID, c.ID) {
					allies++
				}
				continue
			}
			d := distance(c, t)
			if d > reach && t.Status == Active {
				far++
			}
			if !usable || t.Status == Dead || t.Status == Absent {
				continue
			}
			if (w.Kind == KindMelee && !w.Thrown || w.Kind == KindUnarmed) && d > reach {
				continue // a melee weapon with the Thrown trait is thrown (R17)
			}
			on := b.targeted(i, t)
			atk := &on.atk
			if !b.lone(atk) {
				b.label(atk, []string{"attack ", t.Name, " with the ", w.Name})
			}
			b.listStrike(s, atk, c, w, t, i)
			if w.Kind == KindMelee && w.Thrown && d <= reach {
				throw := engine.New(b.arena(), attackKind, Attack{Target: t.ID, Mode: "throw"})
				b.add(throw, "throw the ", w.Name, " at ", t.Name)
			}
			if w.Kind == KindThrown && d <= reach {
				strike := engine.New(b.arena(), attackKind, Attack{Target: t.ID, Mode: "strike"})
				b.add(strike, "strike ", t.Name, " with the ", w.Name, " in hand")
			}
			if w.Kind.handToHand() && c.Holding == "" && t.HeldBy == "" && t.Holding == "" && t.Status == Active {
				if hold := &on.hld; !b.lone(hold) {
					b.label(hold, []string{"hold ", t.Name})
				}
			}
			if aim := &on.aimAt; !b.lone(aim) {
				b.label(aim, []string{"aim at ", t.Name, " with the ", w.Name, " (+3, resolves before your group's next turn)"})
			}
			if s.unaware(t) && t.Status == Active {
				stun := engine.New(b.arena(), stunKind, Stun{Target: t.ID})
				b.add(stun, "stun ", t.Name, " with the ", w.Name)
				b.offer(offers{stuns: true})
			}
		}
		for i := 0; allies > 0 && i < len(s.Combatants); i++ {
			t := &s.Combatants[i]
			if t.Status == Unconscious && same(t.Group, c.Group) && distance(c, t) <= reach {
				for _, skill := range [...]string{"medicine", "survival"} {
					rev := engine.New(b.arena(), reviveKind, Revive{Target: t.ID, Skill: skill})
					b.add(rev, "revive ", t.Name, " with ", skill, " (difficulty ", strconv.Itoa(t.ReviveDifficulty), ")")
					b.offer(offers{revives: true})
				}
			}
		}
	}
	if w.Kind == KindGun && w.State == GunOK && w.Loaded < max(w.Capacity, 1) {
		need := c.reloadTime(w)
		if (need == 0 && !c.ImmediateUsed) || c.Actions > 0 { // a second immediate action is an action (R06)
			b.add(&Reload{}, "reload the ", w.Name)
		}
	}
	if (w.State == GunNeedsFix || w.State == GunMajorJam) && c.Actions > 0 {
		b.add(&Fix{}, "fix the ", w.Name, " (Craft check vs ", strconv.Itoa(w.FixDifficulty), ")")
	}
	if !c.ImmediateUsed || c.Actions > 0 {
		for i := range c.Weapons {
			if i != c.Wielding && c.mayTake(i) {
				draw := engine.New(b.arena(), drawKind, Draw{Weapon: c.Weapons[i].Name})
				b.add(draw, "draw the ", c.Weapons[i].Name)
			}
		}
		if c.Wielding >= 0 {
			b.add(b.putAway(), "put weapons away (fists)")
		}
		writePickUps(s, c, b, "")
	}
	if c.Actions > 0 {
		for _, it := range c.Items {
			if it.Uses < 1 {
				continue
			}
			for i := range s.Combatants {
				if t := &s.Combatants[i]; t.Status == Active && t.LP < t.LPMax && same(t.Group, c.Group) && distance(c, t) <= reach {
					use := engine.New(b.arena(), useItemKind, UseItem{Item: it.Name, Target: t.ID})
					b.add(use, "use the ", it.Name, " on ", t.Name, " (", it.Heal, " LP)")
					b.offer(offers{items: true})
				}
			}
		}
		if c.Trapped > 0 {
			b.add(&Escape{}, "escape the trap (Athletics vs ", strconv.Itoa(c.Trapped), ")")
		}
		if c.Prone {
			b.add(&StandUp{}, "stand up")
		}
		for i := 0; allies != 0 && i < len(s.Combatants); i++ {
			if a := &s.Combatants[i]; a.Status == Active && same(a.Group, c.Group) && !same(a.ID, c.ID) {
				assist := engine.New(b.arena(), assistKind, Assist{Ally: a.ID})
				b.add(assist, "assist ", a.Name, " (+2 to their next check)")
			}
		}
		if !c.Delayed && !c.DelayedSpent {
			b.add(&Delay{}, "hold a delayed action")
		}
	}
	if far != 0 {
		writeApproachOptions(s, c, b)
	}
	b.add(&Pass{}, "pass")
}

// writeApproachOptions adds to b the ways c may close in on each conscious
// enemy beyond melee reach, so that a table can move by choosing an option
// rather than typing a point: a move alongside the action (R33), as far
// as what is left of the turn's 5 m allows, and when that falls short and
// the action is unspent, a run (R33). Each stops a metre from the enemy,
// or short of it where the distance runs out. Any other point is the
// typed `move X Y`, `run X Y` or `withdraw X Y`.
func writeApproachOptions(s *State, c *Combatant, b *prompter) {
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Status != Active || same(t.Group, c.Group) || distance(c, t) <= reach {
			continue
		}
		x, y, reaches, ok := closeIn(c, t, moveDistance-c.Moved)
		if ok {
			mv := engine.New(b.arena(), moveKind, Move{X: x, Y: y})
			b.add(mv, approachLabel(b, "move", c, t, x, y, reaches)...)
		}
		if reaches || c.Actions < 1 {
			continue
		}
		if x, y, reaches, ok = closeIn(c, t, runDistance); ok {
			rn := engine.New(b.arena(), runKind, Run{X: x, Y: y})
			b.add(rn, approachLabel(b, "run", c, t, x, y, reaches)...)
		}
	}
}

// approachLabel words an option of writeApproachOptions, such as "run
// toward the brute, to 4,0 (12.5 m; the action)", or nothing for a
// policy.
func approachLabel(b *prompter, how string, c, t *Combatant, x, y float64, reaches bool) []string {
	if b.lean {
		return nil
	}
	toward, cost := " toward ", ""
	if reaches {
		toward = " up to "
	}
	if how == "run" {
		cost = "; the action"
	}
	metres := strconv.FormatFloat(parts.Metres(c.X, c.Y, x, y), 'f', 1, 64)
	return []string{how, toward, t.Name, ", to ", num(x), ",", num(y), " (", metres, " m", cost, ")"}
}

// pendingPrompt asks for the decision an attack waits for.
func pendingPrompt(s *State, b *prompter) {
	p := s.Pending
	a, t := s.combatant(p.Attacker), s.combatant(p.Target)
	if p.Stage == StageCritical {
		b.p.Kind, b.p.Actor, b.p.Default = engine.React, a.ID, 0
		b.ask(a.Name, "'s damage die shows 10: re-roll the attack for a critical?")
		take := engine.New(b.arena(), criticalKind, Critical{Take: true})
		b.add(take, "take the critical re-roll")
		decline := engine.New(b.arena(), criticalKind, Critical{Take: false})
		b.add(decline, "no critical")
		b.answered(s, answers{critical: 0, opportunity: -1, dodge: -1, parry: -1, take: -1})
		return
	}
	w := pendingWeapon(a, p)
	b.p.Kind, b.p.Actor, b.p.Default = engine.React, t.ID, 0
	if b.people() {
		b.ask(a.Name, " hits ", t.Name, " (attack ", strconv.Itoa(p.Total), "): dodge?")
		b.add(&Dodge{}, "dodge (needs ", strconv.Itoa(p.Total+w.DodgeMod), ", costs the action on a failure)")
	} else {
		b.add(&Dodge{})
	}
	ans := answers{critical: -1, opportunity: -1, dodge: 0, parry: -1, take: 1}
	if canParry(a, t, p) {
		b.add(&Parry{}, "parry")
		ans.parry, ans.take = 1, 2
	}
	b.add(&Take{}, "take the hit")
	b.answered(s, ans)
}

// reactionPrompt asks the first in a declaration's queue whether to answer
// it.
func reactionPrompt(s *State, b *prompter) {
	d := s.Declared
	head := d.Queue[0]
	a := s.combatant(d.Actor)
	text := d.Text
	if head.Against != "" {
		// An opportunity attack on a delayed action answering it (R34).
		a = s.combatant(head.Against)
		if same(head.Against, d.Early) {
			text = Rules{}.FormatCommand(a.Aim.attack()) + " (aimed, fired early)"
		} else {
			text = Rules{}.FormatCommand(d.Held[d.held(a.ID)].Command.Command)
		}
	}
	p := b.p
	switch head.Kind {
	case "safety":
		p.Kind, p.Actor, p.Default = engine.Ruling, engine.GM, 1
		if s.safeToRevive(d) {
			p.Default = 0
		}
		if b.people() {
			b.askf("%s declares %q: are healer and patient out of immediate danger?", a.Name, d.Text)
		}
		for i, safe := range [...]bool{true, false} {
			r := engine.New(b.arena(), rulingKind, Ruling{Safe: b.boolValue(safe, i)})
			if safe {
				b.add(r, "safe: the revive goes ahead")
			} else {
				b.add(r, "not safe: the revive cannot be tried")
			}
		}
		return
	case "modifier":
		p.Kind, p.Actor, p.Default = engine.Ruling, engine.GM, 0
		if b.people() {
			b.askf("%s declares %q: situational modifier (terrain, elevation, cover, visibility, weather)?", a.Name, d.Text)
		}
		for i, m := range situationalModifiers {
			if r := engine.New(b.arena(), rulingKind, Ruling{Modifier: b.intValue(m, i)}); !b.lone(r) {
				b.label(r, []string{fmt.Sprintf("%+d to the difficulty", m)})
			}
		}
		return
	}
	c := s.combatant(head.Who)
	p.Kind, p.Actor = engine.React, c.ID
	if head.Kind == "aim" {
		p.Default = 1
		if b.people() {
			b.askf("%s declares %q: %s may fire the aimed attack at %s now", a.Name, d.Text, c.Name, s.combatant(c.Aim.Target).Name)
		}
		b.add(&FireEarly{}, "fire the aimed attack now (the target must win a Speed contest to dodge)")
		b.add(&Decline{}, "wait for the aimed attack's time")
		return
	}
	if head.Kind == "opportunity" {
		p.Default = 0
		where := " within your reach"
		if distance(a, c) > reach {
			where = ", a move into your reach" // R34, A22: met on its path
		}
		if !b.lean {
			b.ask(a.Name, " declares ", strconv.Quote(text), where, ": opportunity attack?")
		}
		b.add(&OpportunityAttack{}, "opportunity attack on ", a.Name, " with the ", c.weapon().Name)
		b.add(&Decline{}, "let it go")
		b.answered(s, answers{critical: -1, opportunity: 0, dodge: -1, parry: -1, take: -1})
		return
	}
	for _, o := range b.heldOptions(s, c) {
		if atk, ok := o.Command.(*Attack); ok {
			b.add(b.interrupt(Interrupt{Action: Nested{atk}}), "interrupt (Speed contest): ", o.Label)
			b.add(b.interrupt(Interrupt{Action: Nested{atk}, After: true}), "right after it: ", o.Label)
			// A combined action with an ally who interrupted before (A16).
			for _, h := range d.Held {
				if ally := s.combatant(h.Who); h.Interrupt && ally.Group == c.Group {
					b.add(b.interrupt(Interrupt{Action: Nested{atk}, With: h.Who}), "interrupt together with ", ally.Name, " (all must win the Speed contest): ", o.Label)
				}
			}
		}
	}
	b.add(&Decline{}, "let it go")
	p.Default = len(p.Options) - 1
	if b.people() {
		b.askf("%s declares %q: %s holds a delayed action; act now?", a.Name, d.Text, c.Name)
	}
}

// situationalModifiers are the modifiers a GM may rule for a declared
// attack, in the order the ruling offers them.
var situationalModifiers = [...]int{0, 1, 2, 3, 4, 5, -2}

// heldOptions lists what c, holding a delayed action, could do with it
// now, as on a turn of its own with its action: for people, with labels;
// for a policy, into the hot memory's list.
func (b *prompter) heldOptions(s *State, c *Combatant) []engine.Option[Command] {
	// As it stands (held, holding, trapped, carrying its items), with the
	// one action the delayed action lends, which pays for a draw or a
	// reload too (R07).
	holder := *c
	holder.Actions, holder.ImmediateUsed = 1, false
	if !b.lean {
		return actOptions(s, &holder)
	}
	h := b.hot
	held := engine.Prompt[Command]{Options: h.heldOptions[:0]}
	writeActOptions(s, &holder, &prompter{p: &held, lean: true, hot: h})
	h.heldOptions = held.Options
	return held.Options
}

// interrupt returns the command in, from the hot memory for a policy.
func (b *prompter) interrupt(in Interrupt) *Interrupt {
	return engine.New(b.arena(), interruptKind, in)
}

// boolValue returns where a safety ruling's option i keeps its answer
// safe: memory of its own for people, the hot memory's for a policy.
func (b *prompter) boolValue(safe bool, i int) *bool {
	if b.hot == nil {
		return keptIn(new(bool), safe)
	}
	return keptIn(&b.hot.safety[i], safe)
}

// intValue returns where a modifier ruling's option i keeps the modifier
// m: memory of its own for people, the hot memory's for a policy.
func (b *prompter) intValue(m, i int) *int {
	if b.hot == nil {
		return keptIn(new(int), m)
	}
	return keptIn(&b.hot.modifiers[i], m)
}

// keptIn sets *slot to v and returns slot.
func keptIn[T any](slot *T, v T) *T {
	*slot = v
	return slot
}

// afterPrompt asks the GM what happens after the fight (R29-R31).
func afterPrompt(s *State, b *prompter) {
	a := s.After
	b.p.Kind, b.p.Actor, b.p.Default = engine.Ruling, engine.GM, 0
	b.add(&Done{}, "done: close the encounter")
	if slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Status == Active && !slices.Contains(a.ShortRested, c.ID) }) {
		b.add(&Rest{Length: "short"}, "short rest (D10/3 + Body each)")
	}
	if slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Status == Active }) {
		b.add(&Rest{Length: "long"}, "long rest (D10/2 + Body each)")
		b.add(&Rest{Length: "sleep"}, "a night's sleep (half LP max + Body each)")
	}
	for _, c := range s.Combatants {
		for _, w := range c.Weapons {
			if w.State == GunInoperableCombat && w.TakenBy == "" && c.Status == Active {
				if repair := (&Repair{Owner: c.ID}); !b.lone(repair) {
					b.label(repair, []string{fmt.Sprintf("%s repairs the %s (Craft vs %d)", c.Name, w.Name, w.FixDifficulty+5)})
				}
				break
			}
		}
	}
	for _, h := range s.Combatants {
		if h.Status != Active || h.skill(skillMedicine) == 0 {
			continue
		}
		for _, p := range s.Combatants {
			if p.Status == Active && p.LP < p.LPMax && !slices.Contains(a.Treated, p.ID) {
				if heal := (&Heal{Healer: h.ID, Patient: p.ID}); !b.lone(heal) {
					b.label(heal, []string{fmt.Sprintf("%s treats %s (Medicine vs 10)", h.Name, p.Name)})
				}
			}
		}
	}
	who := "nobody"
	if a.Winner != "" {
		who = "the " + a.Winner + " group"
	}
	if b.people() {
		b.askf("the fight is decided (%s stands): rest, heal, or close the encounter?", who)
	}
}
