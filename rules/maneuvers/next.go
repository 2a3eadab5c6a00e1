package maneuvers

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"fray/engine"
)

// prompter writes a prompt (see engine.Writer), with its question and
// labels for people, or lean (Moves) for a policy: without either, its
// commands from the state's hot memory. Callers build words only when
// People() says so, so that a lean prompt formats nothing.
type prompter struct{ engine.Writer[Command] }

// opt appends an option of command c and reports whether to label it.
func (b *prompter) opt(c Command) bool {
	b.P.Options = append(b.P.Options, engine.Option[Command]{Command: c})
	return b.People()
}

// label labels the last option.
func (b *prompter) label(format string, args ...any) {
	b.P.Options[len(b.P.Options)-1].Label = fmt.Sprintf(format, args...)
}

// nextKind says what kind of decision the fight waits for.
func nextKind(s *State) engine.PromptKind {
	switch who := decider_(s); {
	case s.Phase == Over:
		return engine.End
	case who == engine.GM:
		return engine.Ruling
	case s.Roll == nil && s.Contest == nil && s.Trigger == nil && s.Window == nil && s.Improv == nil:
		return engine.Act
	}
	return engine.React
}

// writePrompt writes the current prompt with b.
func writePrompt(s *State, b *prompter) {
	p := b.P
	p.Default = -1
	p.Kind = nextKind(s)
	who := decider_(s)
	p.Actor = who
	switch {
	case s.Phase == Over:
		p.Actor = ""
		p.Winner = s.Winner
		switch {
		case !b.People():
		case s.TimedOut:
			b.Ask("the fight is stopped at the round limit with both sides standing")
		case s.Winner == "":
			b.Ask("the fight is over: a draw")
		default:
			b.Askf("the fight is over: the %s side wins", s.Winner)
		}
	case s.Phase == Setup:
		p.Default = 0
		if b.People() {
			b.Ask("the fight is set: roll surprise and initiative?")
		}
		if b.opt(engine.New(b.Moves, beginKind, Begin{})) {
			b.label("begin: roll surprise (if anyone sneaks) and initiative")
		}
		for i := range s.Combatants {
			sd := s.Combatants[i].Side
			if slices.ContainsFunc(s.Combatants[:i], func(c Combatant) bool { return c.Side == sd }) {
				continue
			}
			if b.opt(engine.New(b.Moves, beginKind, Begin{Sneaking: sd})) {
				b.label("begin with side %s sneaking up: surprise is rolled", sd)
			}
		}
	case s.Phase == After:
		writeAftermathPrompt(s, b)
	case s.Phase == RoundEnd:
		p.Default = 0
		if b.People() {
			b.Askf("round %d is over: does the fight go on?", s.Round)
		}
		if b.opt(&Continue{}) {
			b.label("continue to round %d", s.Round+1)
		}
		if b.opt(engine.New(b.Moves, endFightKind, EndFight{})) {
			b.label("end the fight")
		}
	case s.Improv != nil:
		writeImprovPrompt(s, b)
	case s.Roll != nil:
		writeRollPrompt(s, b)
	case s.Contest != nil:
		if b.People() {
			b.Askf(grappleQuestion, named(s.Contest.Initiator), s.Contest.Resister)
		}
		if b.opt(engine.New(b.Moves, resistKind, Resist{Skill: Athletics})) {
			b.label("resist with athletics")
		}
		if b.opt(engine.New(b.Moves, resistKind, Resist{Skill: Acrobatics})) {
			b.label("resist with acrobatics")
		}
	case s.Trigger == nil && s.Window != nil:
		// A reaction window of an older log (A12): its reactor reacts or
		// passes.
		me := s.Combatant(who)
		if b.People() {
			b.Askf("after %s's action, %s may use a reaction: which?", s.Turns[s.Turn], who)
		}
		reactionOptions(s, me, b)
		p.Default = len(p.Options)
		if b.opt(&Pass{}) {
			b.label("no reaction")
		}
	case s.Trigger != nil:
		tr := s.Trigger
		if b.People() {
			b.Askf("%s provokes %s (%s): opportunity attack?", tr.Who, who, tr.Kind)
		}
		if b.opt(engine.New(b.Moves, opportunityKind, Opportunity{})) {
			b.label("opportunity attack on %s", tr.Who)
		}
		if b.opt(&Pass{}) {
			b.label("let it go")
		}
	default:
		writeActPrompt(s, b)
		p.Others = reactors(s, p.Others)
	}
}

// writeRollPrompt writes the prompt of a combat roll's stage.
func writeRollPrompt(s *State, b *prompter) {
	r := s.Roll
	p := b.P
	switch r.Stage {
	case StageSituation:
		p.Default = 0
		if b.People() {
			b.Askf("%s attacks %s: the GM's ruling on cover, modifiers and awareness?", r.Attacker, r.Target)
		}
		if b.opt(engine.New(b.Moves, situationKind, Situation{})) {
			b.label("as the map says: no modifier")
		}
		if r.Ranged {
			for _, c := range []string{CoverNone, CoverLow, CoverHigh, CoverFull} {
				if b.opt(engine.New(b.Moves, situationKind, Situation{Cover: c})) {
					b.label("cover %s", c)
				}
			}
		}
		// The other ruling on awareness than the default's.
		aware := "unaware"
		if r.Hidden {
			aware = "aware"
		}
		if b.opt(engine.New(b.Moves, situationKind, Situation{Awareness: aware})) {
			b.label("%s is %s of it", r.Target, aware)
		}
	case StageDefence:
		if b.People() {
			b.Askf("%s attacks %s: which defence (1 AP)?", r.Attacker, r.Target)
		}
		var buf [5]string
		for _, def := range defences(s, r, buf[:0]) {
			label := def
			if def == NoDefence {
				label = "no defence (0 AP)"
			}
			if b.opt(engine.New(b.Moves, defendKind, Defend{Defence: def})) {
				b.label("%s", label)
			}
		}
	case StageManeuver:
		if b.People() {
			b.Askf("%s wins critically against %s: which maneuver?", r.Winner, r.Loser)
		}
		l := s.Combatant(r.Loser)
		var buf [8]string
		for _, m := range maneuvers(s, r, buf[:0]) {
			if m == Disarm {
				for _, it := range l.Wield {
					if b.opt(engine.New(b.Moves, maneuverKind, Maneuver{Name: Disarm, Item: it})) {
						b.label("disarm %s of %s", l.ID, it)
					}
				}
				continue
			}
			if b.opt(engine.New(b.Moves, maneuverKind, Maneuver{Name: m})) {
				b.label("%s: %s", m, maneuverOf(m).effect)
			}
		}
		if b.opt(engine.New(b.Moves, maneuverKind, Maneuver{})) {
			b.label("no maneuver")
		}
	case StageResist:
		if pushRuling(r) {
			p.Default = 0
			if b.People() {
				b.Askf("%s pushes %s: does an obstacle block the way?", r.Winner, r.Loser)
			}
			if b.opt(engine.New(b.Moves, pushWayKind, PushWay{})) {
				b.label("the way is clear")
			}
			if b.opt(engine.New(b.Moves, pushWayKind, PushWay{Blocked: true})) {
				b.label("an obstacle blocks the push")
			}
			return
		}
		if b.People() {
			b.Askf("%s tries to %s %s: resist with which skill?", r.Winner, r.Maneuver, r.Loser)
		}
		for _, sk := range maneuverOf(r.Maneuver).skills {
			if b.opt(engine.New(b.Moves, resistKind, Resist{Skill: sk})) {
				b.label("resist with %s", sk)
			}
		}
	}
}

// round2 rounds to centimetres, for the points options offer.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

// writeActPrompt writes the options of the combatant whose turn it is.
func writeActPrompt(s *State, b *prompter) {
	me := s.current()
	if b.People() {
		b.Askf("round %d, %s's turn (%d AP, %.1f m to move): what now?", s.Round, me.ID, me.AP, max(me.Budget-me.Moved, 0))
	}
	canAttack := me.AP >= 1 && me.Attacks < AttacksPerRound
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if !hostile(me, t) || !t.Conscious() || t.hiddenFrom(me.ID) {
			continue
		}
		d := dist(me.pos(), t.pos())
		if canAttack {
			struck := false
			for _, n := range me.Wield {
				w := me.item(n)
				if w != nil && w.Kind != "shield" && inRange(w, d) {
					if b.opt(engine.New(b.Moves, strikeKind, Strike{Target: t.ID, Weapon: w.Name})) {
						b.label("strike %s with %s", t.ID, w.Name)
					}
					struck = true
				}
			}
			if !struck && d <= UnarmedReach+1e-9 {
				if b.opt(engine.New(b.Moves, strikeKind, Strike{Target: t.ID, Weapon: unarmed.Name})) {
					b.label("strike %s unarmed", t.ID)
				}
			}
		}
		if me.AP >= 1 && me.Grappling == "" && me.handsUsed() < 2 && d <= GrappleReach+1e-9 {
			if b.opt(engine.New(b.Moves, grappleKind, Grapple{Target: t.ID})) {
				b.label("grapple %s", t.ID)
			}
		}
	}
	for i := range me.Spells {
		sp := &me.Spells[i]
		attack := sp.attack()
		if me.AP < sp.AP || sp.AP == 0 && me.FreeUsed || attack && me.Attacks >= AttacksPerRound {
			continue
		}
		for j := range s.Combatants {
			t := &s.Combatants[j]
			if hostile(me, t) != attack || !t.Conscious() && attack || t.Dead || t.hiddenFrom(me.ID) || dist(me.pos(), t.pos()) > sp.Range+1e-9 {
				continue
			}
			if !attack && !sp.castAt(t) {
				continue
			}
			if b.opt(engine.New(b.Moves, castKind, Cast{Spell: sp.Name, Target: t.ID})) {
				b.label("cast %s at %s", sp.Name, t.ID)
			}
		}
	}
	if me.GrappledBy != "" && me.AP >= 1 && b.opt(engine.New(b.Moves, escapeKind, Escape{})) {
		b.label("escape %s's grapple", me.GrappledBy)
	}
	if me.Grappling != "" && me.AP >= 1 && b.opt(engine.New(b.Moves, releaseKind, Release{})) {
		b.label("release %s", me.Grappling)
	}
	if me.Prone && me.AP >= 1 && b.opt(&Stand{}) {
		b.label("stand up (1 AP; provokes)")
	}
	if me.GrappledBy == "" {
		writeMoves(s, b, me)
	}
	if me.AP >= 1 {
		if b.opt(&Dash{}) {
			b.label("dash (1 AP): %g m more", me.Speed)
		}
		if !me.Disengaged && b.opt(&Disengage{}) {
			b.label("disengage (1 AP): moves provoke nothing this turn")
		}
		for i := range s.Combatants {
			if s.Combatants[i].hiddenFrom(me.ID) {
				if b.opt(&Search{}) {
					b.label("search (1 AP)")
				}
				break
			}
		}
		if b.opt(engine.New(b.Moves, sneakKind, Sneak{})) {
			b.label("sneak (1 AP): hide from the foes you beat")
		}
		itemReactions(s, me, true, b.offer)
	}
	if me.Fresh {
		for _, id := range s.Turns[s.Turn+1:] {
			if b.opt(engine.New(b.Moves, delayKind, Delay{After: id})) {
				b.label("delay your turn until after %s's", id)
			}
		}
	}
	if b.opt(&EndTurn{}) {
		b.label("end the turn")
	}
}

// writeMoves offers a move towards each foe out of reach: as close as the
// movement left allows, stopping just inside reach.
func writeMoves(s *State, b *prompter, me *Combatant) {
	left := me.walkLeft()
	if left <= 0.01 {
		return
	}
	reach := me.reach()
	for _, n := range me.Wield {
		if w := me.item(n); w != nil && w.Kind != "melee" && w.Kind != "shield" {
			return // a shooter stays where it is
		}
	}
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if !hostile(me, t) || !t.Conscious() || t.hiddenFrom(me.ID) {
			continue
		}
		to, ok := stepTowards(me, t, left, reach)
		if ok && b.opt(engine.New(b.Moves, moveKind, Move{To: to})) {
			b.label("move towards %s, to %s", t.ID, formatPoint(to))
		}
	}
}

// stepTowards returns where me, with left metres of movement and the
// reach given, moves towards t, or false when it stays: t is within
// reach already, or no step fits what is left.
func stepTowards(me, t *Combatant, left, reach float64) (Point, bool) {
	d := dist(me.pos(), t.pos())
	if d <= reach {
		return Point{}, false
	}
	step := min(left, d-reach*0.9)
	to := Point{round2(me.X + (t.X-me.X)/d*step), round2(me.Y + (t.Y-me.Y)/d*step)}
	if moveCost(me, to) > left*mult(me)+1e-9 {
		// Rounded to the centimetre past the movement left: a
		// centimetre shorter.
		step -= 0.015
		to = Point{round2(me.X + (t.X-me.X)/d*step), round2(me.Y + (t.Y-me.Y)/d*step)}
	}
	if step <= 0 || to == me.pos() || moveCost(me, to) > left*mult(me)+1e-9 {
		return Point{}, false
	}
	return to, true
}

// walkLeft is how far the combatant can still go this turn: its free
// movement left, half of it while crawling prone (R25).
func (c *Combatant) walkLeft() float64 { return (c.Budget - c.Moved) / mult(c) }

// mult is what a metre of movement costs the combatant.
func mult(me *Combatant) float64 {
	if me.Prone {
		return 2
	}
	return 1
}

// formatPoint writes a point as commands take it.
func formatPoint(p Point) string {
	return trimFloat(p.X) + "," + trimFloat(p.Y)
}

// showPoint writes a point for people, to the centimetre.
func showPoint(p Point) string {
	return trimFloat(round2(p.X)) + "," + trimFloat(round2(p.Y))
}

// trimFloat writes a number as short as it reads back.
func trimFloat(v float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%g", v), ".0")
}
