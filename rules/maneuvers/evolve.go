package maneuvers

import (
	"math"
	"slices"

	"fray/rules/parts"
)

// evolve applies one event. It never fails and draws no dice; an event
// naming nobody changes nothing.
func evolve(s *State, e Event) {
	switch e := e.(type) {
	case *TestRolled:
	case *Surprised:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Surprised = true
		}
	case *InitiativeRolled:
		if c := s.Combatant(e.Combatant); c != nil && !e.RollOff {
			c.Init = e.Total
		}
	case *OrderSet:
		s.Order = slices.Clone(e.Order)
	case *RoundStarted:
		s.Round, s.Phase = e.Round, Acting
		if s.hot != nil {
			s.hot.turns = append(s.hot.turns[:0], e.Turns...)
			s.Turns = s.hot.turns
		} else {
			s.Turns = slices.Clone(e.Turns)
		}
		s.Turn, s.TurnOpen = 0, false
		for i := range s.Combatants {
			c := &s.Combatants[i]
			c.AP, c.Attacks, c.FreeUsed, c.Acted = APPerRound, 0, false, false
		}
	case *TurnStarted:
		if c := s.Combatant(e.Combatant); c != nil {
			s.TurnOpen = true
			c.Acted, c.Fresh = true, true
			c.Moved, c.Budget, c.Disengaged = 0, c.Speed, false
		}
	case *TurnSkipped:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Acted = true
		}
		passTurnEnd(s, e.Combatant)
		s.Turn++
		s.TurnOpen = false
	case *TurnDelayed:
		i := slices.Index(s.Turns, e.Combatant)
		if i < 0 {
			return
		}
		turns := slices.Delete(slices.Clone(s.Turns), i, i+1)
		j := slices.Index(turns, e.After)
		s.Turns = slices.Insert(turns, j+1, e.Combatant)
		if c := s.Combatant(e.Combatant); c != nil {
			c.Acted, c.Fresh = false, false
		}
		s.TurnOpen = false
		if s.Options.DelayPersists {
			s.Order = slices.Clone(s.Turns)
		}
	case *TurnEnded:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Fresh, c.Disengaged = false, false
		}
		passTurnEnd(s, e.Combatant)
		s.Turn++
		s.TurnOpen = false
	case *ActionTaken:
		if c := s.Combatant(e.Combatant); c != nil {
			windowNext(s, c.ID)
			acted(c, e.AP)
			switch e.Action {
			case "dash":
				c.Budget += c.Speed
			case "disengage":
				c.Disengaged = true
			}
		}
	case *MoveDeclared:
		if c := s.Combatant(e.Combatant); c != nil {
			if !e.Sneak {
				c.Moved = metres(c.Moved + e.Cost)
			}
			c.Fresh = false
			setTrigger(s, Trigger{Kind: TriggerMove, Who: c.ID, To: e.To, Crawl: c.Prone, Sneak: e.Sneak}, e.Reactors)
		}
	case *Moved:
		if c := s.Combatant(e.Combatant); c != nil {
			c.X, c.Y = e.To.X, e.To.Y
		}
		if e.Done && s.Trigger != nil && s.Trigger.Who == e.Combatant {
			s.Trigger = nil
		}
	case *Provoking:
		if c := s.Combatant(e.Combatant); c != nil {
			acted(c, e.AP)
			if e.Attack {
				c.Attacks++
			}
			if e.Trigger == TriggerCast && e.AP == 0 {
				c.FreeUsed = true
			}
			windowNext(s, c.ID)
			setTrigger(s, Trigger{Kind: e.Trigger, Who: c.ID, Spell: e.Spell, Target: e.Target}, e.Reactors)
		}
	case *OpportunityPassed:
		if s.Trigger != nil {
			s.Trigger.Next++
		}
	case *StrikeDeclared:
		a := s.Combatant(e.Attacker)
		if a == nil {
			return
		}
		strike := e.Spell == "" && e.Improv == ""
		feinted := strike && a.Feinting == e.Target
		a.AP -= e.AP
		if strike {
			a.Attacks++
		}
		a.Fresh, a.Feinting = false, ""
		r := Roll{Attacker: e.Attacker, Target: e.Target, Weapon: e.Weapon, Spell: e.Spell, Improv: e.Improv, Style: e.Style, Attr: e.Attr,
			Ranged: e.Ranged, Melee: e.Melee, OA: e.OA, Stage: StageSituation, Feinted: feinted, Hidden: e.Hidden}
		switch {
		case e.Spell != "":
			if sp := a.spell(e.Spell); sp != nil {
				r.Dice, r.Type = sp.DamageDice, sp.Type
			}
		case e.Improv != "":
			if im := s.Improv; im != nil {
				r.Dice, r.Type, r.Mind = im.Dice, im.Type, im.Mind
			}
			s.Improv = nil
		default:
			w := weaponOf(a, e.Weapon)
			r.Dice, r.Type = w.Dice, w.Type
		}
		if s.hot != nil {
			s.hot.roll = r
			s.Roll = &s.hot.roll
		} else {
			s.Roll = &r
		}
		if e.OA && s.Trigger != nil {
			s.Trigger.Next++
		}
	case *SituationRuled:
		if r := s.Roll; r != nil {
			r.Cover, r.Mod, r.Edge, r.Unaware = e.Cover, e.Mod, e.Edge, e.Unaware
			r.DefMod, r.DefEdge = e.DefMod, e.DefEdge
			r.Stage = StageDefence
		}
	case *DefenceChosen:
		if t := s.Combatant(e.Combatant); t != nil {
			t.AP -= e.AP
			if e.Braced {
				t.Braced = false
			}
			if e.Defence != NoDefence {
				t.Feinting = ""
			}
		}
		if r := s.Roll; r != nil {
			r.Defence, r.DefAttr, r.Braced, r.Stage = e.Defence, e.Attr, e.Braced, stageDice
		}
	case *CombatRolled:
		r := s.Roll
		if r == nil {
			return
		}
		r.Result = e.Result
		switch e.Result {
		case "critical":
			r.Winner, r.Loser, r.Stage = r.Attacker, r.Target, StageManeuver
		case "negated":
			r.Winner, r.Loser, r.Stage = r.Target, r.Attacker, StageManeuver
		case "hit", "blocked":
			r.Stage = stageDamage
		default:
			s.Roll = nil
		}
	case *ManeuverChosen:
		r := s.Roll
		if r == nil {
			return
		}
		r.Maneuver, r.Location, r.Item = e.Maneuver, e.Location, e.Item
		switch {
		case r.Result == "critical":
			r.Stage = stageDamage
		case e.Maneuver != "":
			r.Stage = StageResist
		default:
			s.Roll = nil
		}
	case *Damaged:
		if t := s.Combatant(e.Combatant); t != nil {
			t.HP = e.HP
			if e.Down {
				t.Prone = true
			}
			if e.Dead {
				t.Dead = true
			}
			t.Unconscious = t.HP <= 0 && !t.Dead
		}
		if r := s.Roll; r != nil {
			if r.Maneuver != "" {
				r.Stage = StageResist
			} else {
				s.Roll = nil
			}
		}
	case *ManeuverResolved:
		s.Roll = nil
		w, l := s.Combatant(e.Winner), s.Combatant(e.Loser)
		if !e.Works || w == nil || l == nil {
			return
		}
		switch e.Maneuver {
		case Bash:
			n := 1
			if s.TurnOpen && s.Turn < len(s.Turns) && s.Turns[s.Turn] == l.ID {
				n = 2
			}
			l.Dazed, l.IsDazed = parts.Until(parts.TurnEnd, l.ID, n), true
		case Brace:
			w.Braced = true
		case Feint:
			w.Feinting = l.ID
		case Push:
			l.X, l.Y = e.To.X, e.To.Y
		case Trip:
			l.Prone = true
		}
	case *SpellCast:
		c := s.Combatant(e.Caster)
		if c == nil {
			return
		}
		if e.Provoked {
			s.Trigger = nil
			return
		}
		windowNext(s, c.ID)
		acted(c, e.AP)
		if e.Attack {
			c.Attacks++
		}
		if e.AP == 0 {
			c.FreeUsed = true
		}
	case *SpellLost:
		s.Trigger = nil
	case *Interrupted:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Moved = max(metres(c.Moved-e.Unwalked), 0)
		}
		s.Trigger = nil
	case *Healed:
		if c := s.Combatant(e.Combatant); c != nil {
			c.HP = e.HP
			c.Unconscious = c.HP <= 0 && !c.Dead
		}
	case *GrappleAttempted:
		if c := s.Combatant(e.Combatant); c != nil {
			acted(c, 1)
			ct := Contest{Initiator: e.Combatant, Resister: e.Target, Test: e.Test}
			if s.hot != nil {
				s.hot.contest = ct
				s.Contest = &s.hot.contest
			} else {
				s.Contest = &ct
			}
		}
	case *GrappleResolved:
		s.Contest = nil
		g, t := s.Combatant(e.Combatant), s.Combatant(e.Target)
		if e.Grappled && g != nil && t != nil {
			g.Grappling, t.GrappledBy = t.ID, g.ID
		}
	case *EscapeRolled:
		if c := s.Combatant(e.Combatant); c != nil {
			acted(c, 1)
		}
	case *GrappleEnded:
		if g := s.Combatant(e.Combatant); g != nil && g.Grappling == e.Target {
			g.Grappling = ""
		}
		if t := s.Combatant(e.Target); t != nil && t.GrappledBy == e.Combatant {
			t.GrappledBy = ""
		}
	case *Observed:
		c := s.Combatant(e.Sneaker)
		if c == nil {
			return
		}
		switch {
		case e.For == "sneak" && e.Hidden && !c.hiddenFrom(e.Observer):
			if len(c.HiddenFrom) == 0 {
				c.HidAt = c.pos()
			}
			c.HiddenFrom = append(slices.Clip(c.HiddenFrom), e.Observer)
		case e.For == "search" && !e.Hidden:
			c.HiddenFrom = without(c.HiddenFrom, e.Observer)
		}
	case *Revealed:
		if c := s.Combatant(e.Combatant); c != nil {
			c.HiddenFrom = nil
		}
	case *StoodUp:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Prone = false
		}
		s.Trigger = nil
	case *PickedUp:
		c := s.Combatant(e.Combatant)
		if c == nil {
			return
		}
		for i := range s.Dropped {
			if s.Dropped[i].Item.Name == e.Item && dist(Point{s.Dropped[i].X, s.Dropped[i].Y}, c.pos()) <= ManipulateReach+1e-9 {
				c.Weapons = append(slices.Clip(c.Weapons), s.Dropped[i].Item)
				c.Wield = append(slices.Clip(c.Wield), e.Item)
				s.Dropped = slices.Delete(slices.Clone(s.Dropped), i, i+1)
				return
			}
		}
	case *ItemDropped:
		c := s.Combatant(e.Combatant)
		if c == nil {
			return
		}
		c.Wield = without(c.Wield, e.Item)
		if i := slices.IndexFunc(c.Weapons, func(w Weapon) bool { return w.Name == e.Item }); i >= 0 {
			s.Dropped = append(slices.Clip(s.Dropped), Dropped{Item: c.Weapons[i], X: e.At.X, Y: e.At.Y})
			c.Weapons = slices.Delete(slices.Clone(c.Weapons), i, i+1)
		}
	case *PushWayRuled:
		if r := s.Roll; r != nil {
			r.PushRuled, r.PushBlocked = true, e.Blocked
		}
	case *ItemDrawn:
		if c := s.Combatant(e.Combatant); c != nil && !c.wields(e.Item) {
			c.Wield = append(slices.Clip(c.Wield), e.Item)
		}
	case *ItemStowed:
		if c := s.Combatant(e.Combatant); c != nil {
			c.Wield = without(c.Wield, e.Item)
		}
	case *WindowOpened:
		if s.hot != nil {
			s.hot.windowReactors = append(s.hot.windowReactors[:0], e.Reactors...)
			s.hot.window = Window{Reactors: s.hot.windowReactors}
			s.Window = &s.hot.window
		} else {
			s.Window = &Window{Reactors: slices.Clone(e.Reactors)}
		}
	case *ReactionPassed:
		windowNext(s, e.Combatant)
	case *RoundEnded:
		s.Phase = RoundEnd
		s.TurnOpen = false
		for i := range s.Combatants {
			s.Combatants[i].Surprised = false
		}
	case *FightDecided, *Rested, *StyleTrained:
		evolveAftermath(s, e)
	case *Improvised, *ImprovRuled:
		evolveImprov(s, e)
	case *FightEnded:
		s.Phase, s.Winner, s.TimedOut = Over, e.Winner, e.TimedOut
		s.Roll, s.Trigger, s.Contest, s.Window, s.Improv = nil, nil, nil, nil, nil
		s.TurnOpen = false
	}
}

// acted records an action or reaction that costs ap: it spends them, ends
// the turn's freshness and cancels a feint (A17).
func acted(c *Combatant, ap int) {
	c.AP -= ap
	c.Fresh = false
	c.Feinting = ""
}

// passTurnEnd lets the end of id's turn pass for every lasting effect.
func passTurnEnd(s *State, id string) {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Dazed.Pass(parts.TurnEnd, id)
		c.IsDazed = !c.Dazed.Over()
	}
}

// setTrigger makes t, with the reactors given, the state's trigger: in its
// hot memory when it has some.
func setTrigger(s *State, t Trigger, reactors []Provoked) {
	if s.hot != nil {
		s.hot.reactors = append(s.hot.reactors[:0], reactors...)
		t.Reactors = s.hot.reactors
		s.hot.trigger = t
		s.Trigger = &s.hot.trigger
		return
	}
	t.Reactors = slices.Clone(reactors)
	s.Trigger = &t
}

// without returns ids without id, as a new slice: the state's slices are
// never changed in place, so that copies may share them.
func without(ids []string, id string) []string {
	var out []string
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}

// windowNext moves the reaction window on past id, when it is id's turn
// to react, and closes it after the last.
func windowNext(s *State, id string) {
	w := s.Window
	if w == nil || w.Next >= len(w.Reactors) || w.Reactors[w.Next] != id {
		return
	}
	w.Next++
	if w.Next >= len(w.Reactors) {
		s.Window = nil
	}
}

// metres rounds a distance moved to a billionth of a metre: the points
// where paths enter and leave a reach are found in floating point, and
// 4 m walked then 2 m crawled should read 6, not 6.000000000000007.
func metres(v float64) float64 { return math.Round(v*1e9) / 1e9 }
