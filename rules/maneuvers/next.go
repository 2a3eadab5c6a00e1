package maneuvers

import (
	"fmt"
	"math"
	"strings"

	"fray/engine"
)

// prompter writes a prompt, with its question and labels for people, or
// lean (Moves) for a policy.
type prompter struct {
	p    *engine.Prompt[Command]
	lean bool
}

// ask sets the question when people will read it.
func (b *prompter) ask(format string, args ...any) {
	if !b.lean {
		b.p.Question = fmt.Sprintf(format, args...)
	}
}

// add appends an option with its label when people will read it.
func (b *prompter) add(c Command, format string, args ...any) {
	o := engine.Option[Command]{Command: c}
	if !b.lean {
		o.Label = fmt.Sprintf(format, args...)
	}
	b.p.Options = append(b.p.Options, o)
}

// nextKind says what kind of decision the fight waits for.
func nextKind(s *State) engine.PromptKind {
	switch who := decider_(s); {
	case s.Phase == Over:
		return engine.End
	case who == engine.GM:
		return engine.Ruling
	case s.Roll == nil && s.Contest == nil && s.Trigger == nil:
		return engine.Act
	}
	return engine.React
}

// writePrompt writes the current prompt with b.
func writePrompt(s *State, b *prompter) {
	p := b.p
	p.Default = -1
	p.Kind = nextKind(s)
	who := decider_(s)
	p.Actor = who
	switch {
	case s.Phase == Over:
		p.Actor = ""
		p.Winner = s.Winner
		switch {
		case s.TimedOut:
			b.ask("the fight is stopped at the round limit with both sides standing")
		case s.Winner == "":
			b.ask("the fight is over: a draw")
		default:
			b.ask("the fight is over: %s wins", s.Winner)
		}
	case s.Phase == Setup:
		p.Default = 0
		b.ask("the fight is set: roll surprise and initiative?")
		b.add(&Begin{}, "begin: roll surprise (if anyone sneaks) and initiative")
	case s.Phase == RoundEnd:
		p.Default = 0
		b.ask("round %d is over: does the fight go on?", s.Round)
		b.add(&Continue{}, "continue to round %d", s.Round+1)
		b.add(&EndFight{}, "end the fight")
	case s.Roll != nil:
		writeRollPrompt(s, b)
	case s.Contest != nil:
		b.ask("%s tries to grapple %s: resist with which skill?", s.Contest.Initiator, s.Contest.Resister)
		b.add(&Resist{Skill: Athletics}, "resist with athletics")
		b.add(&Resist{Skill: Acrobatics}, "resist with acrobatics")
	case s.Trigger != nil:
		tr := s.Trigger
		b.ask("%s provokes %s (%s): opportunity attack?", tr.Who, who, tr.Kind)
		b.add(&Opportunity{}, "opportunity attack on %s", tr.Who)
		b.add(&Pass{}, "let it go")
	default:
		writeActPrompt(s, b)
	}
}

// writeRollPrompt writes the prompt of a combat roll's stage.
func writeRollPrompt(s *State, b *prompter) {
	r := s.Roll
	p := b.p
	switch r.Stage {
	case StageSituation:
		p.Default = 0
		b.ask("%s attacks %s: the GM's ruling on cover, modifiers and awareness?", r.Attacker, r.Target)
		b.add(&Situation{}, "as the map says: no modifier")
		if r.Ranged {
			for _, c := range []string{CoverNone, CoverLow, CoverHigh, CoverFull} {
				b.add(&Situation{Cover: c}, "cover %s", c)
			}
		}
		if r.Hidden {
			b.add(&Situation{Awareness: "aware"}, "%s is aware of it", r.Target)
		} else {
			b.add(&Situation{Awareness: "unaware"}, "%s is unaware of it", r.Target)
		}
	case StageDefence:
		b.ask("%s attacks %s: which defence (1 AP)?", r.Attacker, r.Target)
		for _, def := range defences(s, r) {
			if def == NoDefence {
				b.add(&Defend{Defence: def}, "no defence (0 AP)")
				continue
			}
			b.add(&Defend{Defence: def}, "%s", def)
		}
	case StageManeuver:
		b.ask("%s wins critically against %s: which maneuver?", r.Winner, r.Loser)
		l := s.Combatant(r.Loser)
		for _, m := range maneuvers(s, r) {
			if m == Disarm {
				for _, it := range l.Wield {
					b.add(&Maneuver{Name: Disarm, Item: it}, "disarm %s of %s", l.ID, it)
				}
				continue
			}
			b.add(&Maneuver{Name: m}, "%s: %s", m, maneuverOf(m).effect)
		}
		b.add(&Maneuver{}, "no maneuver")
	case StageResist:
		b.ask("%s tries to %s %s: resist with which skill?", r.Winner, r.Maneuver, r.Loser)
		for _, sk := range maneuverOf(r.Maneuver).skills {
			b.add(&Resist{Skill: sk}, "resist with %s", sk)
		}
	}
}

// round2 rounds to centimetres, for the points options offer.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

// writeActPrompt writes the options of the combatant whose turn it is.
func writeActPrompt(s *State, b *prompter) {
	me := s.current()
	b.ask("round %d, %s's turn (%d AP, %.1f m to move): what now?", s.Round, me.ID, me.AP, max(me.Budget-me.Moved, 0))
	canAttack := me.AP >= 1 && me.Attacks < AttacksPerRound
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if !hostile(me, t) || !t.Conscious() {
			continue
		}
		d := dist(me.pos(), t.pos())
		if canAttack {
			struck := false
			for _, n := range me.Wield {
				w := me.item(n)
				if w != nil && w.Kind != "shield" && inRange(w, d) {
					b.add(&Strike{Target: t.ID, Weapon: w.Name}, "strike %s with %s", t.ID, w.Name)
					struck = true
				}
			}
			if !struck && d <= UnarmedReach+1e-9 {
				b.add(&Strike{Target: t.ID, Weapon: unarmed.Name}, "strike %s unarmed", t.ID)
			}
		}
		if me.AP >= 1 && me.Grappling == "" && me.handsUsed() < 2 && d <= GrappleReach+1e-9 {
			b.add(&Grapple{Target: t.ID}, "grapple %s", t.ID)
		}
	}
	for i := range me.Spells {
		sp := &me.Spells[i]
		attack := sp.has("attack") || sp.has("melee-attack")
		if me.AP < sp.AP || sp.AP == 0 && me.FreeUsed || attack && me.Attacks >= AttacksPerRound {
			continue
		}
		for j := range s.Combatants {
			t := &s.Combatants[j]
			if hostile(me, t) != attack || !t.Conscious() && attack || t.Dead || dist(me.pos(), t.pos()) > sp.Range+1e-9 {
				continue
			}
			if !attack && t.HP >= t.Health {
				continue
			}
			b.add(&Cast{Spell: sp.Name, Target: t.ID}, "cast %s at %s", sp.Name, t.ID)
		}
	}
	if me.GrappledBy != "" && me.AP >= 1 {
		b.add(&Escape{}, "escape %s's grapple", me.GrappledBy)
	}
	if me.Grappling != "" && me.AP >= 1 {
		b.add(&Release{}, "release %s", me.Grappling)
	}
	if me.Prone && me.AP >= 1 {
		b.add(&Stand{}, "stand up (1 AP; provokes)")
	}
	if me.GrappledBy == "" {
		writeMoves(s, b, me)
	}
	if me.AP >= 1 {
		b.add(&Dash{}, "dash (1 AP): %g m more", me.Speed)
		if !me.Disengaged {
			b.add(&Disengage{}, "disengage (1 AP): moves provoke nothing this turn")
		}
		for i := range s.Combatants {
			if s.Combatants[i].hiddenFrom(me.ID) {
				b.add(&Search{}, "search (1 AP)")
				break
			}
		}
		b.add(&Sneak{}, "sneak (1 AP): hide from the foes you beat")
		for _, it := range s.Dropped {
			if dist(Point{it.X, it.Y}, me.pos()) <= ManipulateReach+1e-9 && me.handsUsed()+max(it.Item.Hands, 1) <= 2 && me.item(it.Item.Name) == nil {
				b.add(&PickUp{Item: it.Item.Name}, "pick up %s (1 AP)", it.Item.Name)
			}
		}
	}
	if me.Fresh {
		for _, id := range s.Turns[s.Turn+1:] {
			b.add(&Delay{After: id}, "delay your turn until after %s's", id)
		}
	}
	b.add(&EndTurn{}, "end the turn")
}

// writeMoves offers a move towards each foe out of reach: as close as the
// movement left allows, stopping just inside reach.
func writeMoves(s *State, b *prompter, me *Combatant) {
	left := me.Budget - me.Moved
	if me.Prone {
		left /= 2
	}
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
		if !hostile(me, t) || !t.Conscious() {
			continue
		}
		d := dist(me.pos(), t.pos())
		if d <= reach {
			continue
		}
		step := min(left, d-reach*0.9)
		to := Point{round2(me.X + (t.X-me.X)/d*step), round2(me.Y + (t.Y-me.Y)/d*step)}
		if to == me.pos() || moveCost(me, to) > left*mult(me)+1e-9 {
			continue
		}
		b.add(&Move{To: to}, "move towards %s, to %s", t.ID, formatPoint(to))
	}
}

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

// trimFloat writes a number as short as it reads back.
func trimFloat(v float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%g", v), ".0")
}
