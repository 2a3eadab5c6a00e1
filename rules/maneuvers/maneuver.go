package maneuvers

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Maneuver chooses the maneuver of a critical win (R19), or none when Name
// is "".
type Maneuver struct {
	Name     string `json:"name,omitempty"`
	Location string `json:"location,omitempty"`
	Item     string `json:"item,omitempty"`
}

// Resist chooses the skill a test is made with (Disarm, Grapple).
type Resist struct {
	Skill string `json:"skill"`
}

// PushWay is the GM's ruling whether an obstacle blocks a Push (§6.8).
type PushWay struct {
	Blocked bool `json:"blocked,omitempty"`
}

// ManeuverChosen: the winner of a critical win picks a maneuver, or none
// (R19).
type ManeuverChosen struct {
	Combatant string `json:"combatant"`
	Maneuver  string `json:"maneuver,omitempty"`
	Location  string `json:"location,omitempty"`
	Item      string `json:"item,omitempty"`
}

// ManeuverResolved: a maneuver's effect, after the loser's test (or the
// winner's Deception for a Feint).
type ManeuverResolved struct {
	Maneuver string `json:"maneuver"`
	Winner   string `json:"winner"`
	Loser    string `json:"loser"`
	// Skill and Test: the test made, if any.
	Skill string    `json:"skill,omitempty"`
	Test  *TestRoll `json:"test,omitempty"`
	// Works: the maneuver takes effect; Blocked: an obstacle stopped a
	// Push (§6.8).
	Works   bool `json:"works"`
	Blocked bool `json:"blocked,omitempty"`
	// Item dropped by a Disarm; To where a Push puts the loser.
	Item     string `json:"item,omitempty"`
	To       Point  `json:"to,omitzero"`
	Location string `json:"location,omitempty"`
}

// PushWayRuled: the GM's ruling whether an obstacle blocks a Push (§6.8).
type PushWayRuled struct {
	Loser   string `json:"loser"`
	Blocked bool   `json:"blocked,omitempty"`
}

// The kinds of maneuver.go's commands and events.
var (
	maneuverKind         = engine.Add[Maneuver](commands, "maneuver")
	resistKind           = engine.Add[Resist](commands, "resist")
	pushWayKind          = engine.Add[PushWay](commands, "push_way")
	maneuverChosenKind   = engine.Add[ManeuverChosen](events, "maneuver_chosen")
	maneuverResolvedKind = engine.Add[ManeuverResolved](events, "maneuver_resolved")
	pushWayRuledKind     = engine.Add[PushWayRuled](events, "push_way_ruled")
)

func (*Maneuver) command() {}
func (*Resist) command()   {}
func (*PushWay) command()  {}

// maneuvers lists the maneuvers the winner of the roll's critical win may
// choose (R19, R20), without Disarm's item.
func maneuvers(s *State, r *Roll, out []string) []string {
	w := s.Combatant(r.Winner)
	l := s.Combatant(r.Loser)
	for i := range maneuverTable {
		row := &maneuverTable[i]
		switch {
		case row.attackerOnly && (r.Winner != r.Attacker || r.Spell != "" || r.Improv != ""):
		case row.reach && dist(w.pos(), l.pos()) > w.reach()+1e-9:
		case row.shieldOrHeavy && !w.heavyOrShield():
		case row.name == Disarm && len(l.Wield) == 0:
		default:
			out = append(out, row.name)
		}
	}
	return out
}

// maneuver records the winner's choice (R19).
func (d *decider) maneuver(c *Maneuver) error {
	s := d.s
	r, err := d.rollAt(StageManeuver, "critical win waits for a maneuver")
	if err != nil {
		return err
	}
	if c.Name != "" {
		var buf [8]string
		legal := maneuvers(s, r, buf[:0])
		if !slices.Contains(legal, c.Name) {
			return refuse(engine.NotAllowedNow, "%s cannot %s now (maneuvers: %s)", r.Winner, c.Name, strings.Join(legal, ", "))
		}
		l := s.Combatant(r.Loser)
		if c.Name == Disarm {
			if err := l.holding(c.Item); err != nil {
				return err
			}
		}
		if c.Name != Disarm && c.Item != "" || c.Name != Precision && c.Location != "" {
			return refuse(engine.Invalid, "only disarm names an item and only precision a location")
		}
	}
	d.emit(engine.New(d.h.arena(), maneuverChosenKind, ManeuverChosen{Combatant: r.Winner, Maneuver: c.Name, Location: c.Location, Item: c.Item}))
	return nil
}

// needsChoice reports whether the loser must choose the skill it resists
// the pending maneuver with.
func needsChoice(s *State, r *Roll) bool {
	row := maneuverOf(r.Maneuver)
	if row == nil || len(row.skills) < 2 {
		return false
	}
	l := s.Combatant(r.Loser)
	e := sizeEffectOf(l.Size, s.Combatant(r.Winner).Size)
	return l.Conscious() && !e.autoPass && !e.autoFail
}

// resolveManeuver resolves the pending maneuver (R20, R21), the loser
// testing with skill ("" for its only or best one).
func (d *decider) resolveManeuver(skill string) {
	s := d.s
	r := s.Roll
	row := maneuverOf(r.Maneuver)
	w := s.Combatant(r.Winner)
	l := s.Combatant(r.Loser)
	ev := engine.New(d.h.arena(), maneuverResolvedKind, ManeuverResolved{Maneuver: r.Maneuver, Winner: w.ID, Loser: l.ID, Location: r.Location, Item: r.Item})
	switch r.Maneuver {
	case Brace, Precision:
		ev.Works = true
	case Feint:
		t := hotTest(d.h, s.roll(d.src, skillCheck(w, Deception)))
		ev.Skill, ev.Test, ev.Works = Deception, t, t.Pass
	case Push:
		if r.PushBlocked {
			ev.Blocked = true
			break
		}
		fallthrough
	default:
		if skill == "" {
			skill = row.skills[0]
			for _, sk := range row.skills[1:] {
				if l.skill(sk) > l.skill(skill) {
					skill = sk
				}
			}
		}
		k := skillCheck(l, skill)
		e := sizeEffectOf(l.Size, w.Size)
		k.autoPass, k.autoFail = e.autoPass, k.autoFail || e.autoFail
		k.edge += e.edge
		if r.Maneuver == Disarm {
			if it := l.item(r.Item); it != nil && (it.Kind == "shield" || it.Hands >= 2) {
				k.edge++
			}
		}
		t := hotTest(d.h, s.roll(d.src, k))
		ev.Skill, ev.Test, ev.Works = skill, t, !t.Pass
		if r.Maneuver == Push {
			dx, dy := l.X-w.X, l.Y-w.Y
			n := dist(w.pos(), l.pos())
			if n == 0 {
				dx, dy, n = 1, 0, 1
			}
			ev.To = Point{l.X + dx/n*PushDistance, l.Y + dy/n*PushDistance}
		}
	}
	d.emit(ev)
	if r2 := ev; r2.Maneuver == Disarm && r2.Works {
		d.emit(engine.New(d.h.arena(), itemDroppedKind, ItemDropped{Combatant: l.ID, Item: ev.Item, At: l.pos(), Knocked: true}))
	}
}

// resist answers a contest or a maneuver with a skill.
func (d *decider) resist(c *Resist) error {
	s := d.s
	switch {
	case s.Roll != nil && s.Roll.Stage == StageResist:
		row := maneuverOf(s.Roll.Maneuver)
		if !slices.Contains(row.skills, c.Skill) {
			return refuse(engine.Invalid, "resist %s with %s", s.Roll.Maneuver, strings.Join(row.skills, " or "))
		}
		d.resolveManeuver(c.Skill)
		return nil
	case s.Roll == nil && s.Contest != nil:
		if c.Skill != Athletics && c.Skill != Acrobatics {
			return refuse(engine.Invalid, "resist a grapple with athletics or acrobatics, not %q", c.Skill)
		}
		ct := s.Contest
		t := s.Combatant(ct.Resister)
		test := s.roll(d.src, skillCheck(t, c.Skill))
		d.emit(engine.New(d.h.arena(), grappleResolvedKind, GrappleResolved{Combatant: ct.Initiator, Target: ct.Resister, Skill: c.Skill, Test: test, Grappled: beats(ct.Test, test)}))
		return nil
	}
	return refuse(engine.NotAllowedNow, "nothing to resist now: %s", waiting(s))
}

// pushRuling reports whether the roll's Push waits for the GM's ruling on
// obstacles (§6.8).
func pushRuling(r *Roll) bool { return r.Maneuver == Push && !r.PushRuled }

func (e *ManeuverChosen) apply(s *State, _ *hotMemory) {
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
}

func (e *ManeuverResolved) apply(s *State, _ *hotMemory) {
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
		if tr := s.Trigger; tr != nil && tr.Kind == TriggerMove && tr.Who == l.ID {
			tr.Pushed, tr.PushedFrom = true, l.pos()
		}
		l.X, l.Y = e.To.X, e.To.Y
	case Trip:
		l.Prone = true
	}
}

func (e *PushWayRuled) apply(s *State, _ *hotMemory) {
	if r := s.Roll; r != nil {
		r.PushRuled, r.PushBlocked = true, e.Blocked
	}
}

func (e *ManeuverChosen) describe(s *State) string {
	switch {
	case e.Maneuver == "":
		return e.Combatant + " chooses no maneuver"
	case e.Item != "":
		return fmt.Sprintf("%s chooses %s (%s)", e.Combatant, e.Maneuver, e.Item)
	case e.Location != "":
		return fmt.Sprintf("%s chooses %s (%s)", e.Combatant, e.Maneuver, e.Location)
	}
	return fmt.Sprintf("%s chooses %s", e.Combatant, e.Maneuver)
}

func (e *ManeuverResolved) describe(s *State) string {
	line := e.Maneuver + ": "
	if e.Test != nil {
		who := e.Loser
		if e.Maneuver == Feint {
			who = e.Winner
		}
		line += fmt.Sprintf("%s tests %s: %s; ", who, e.Skill, describeTest(*e.Test))
	}
	if e.Blocked {
		return line + "the way is blocked; " + e.Loser + " stays"
	}
	if !e.Works {
		if e.Maneuver == Feint {
			return line + "the feint fails"
		}
		return line + e.Loser + " resists"
	}
	switch e.Maneuver {
	case Bash:
		return line + e.Loser + " is dazed until the end of its next turn"
	case Brace:
		return line + e.Winner + " is braced: a boon on its next defence"
	case Disarm:
		return line + e.Loser + " loses " + e.Item
	case Feint:
		return line + e.Winner + " feints " + e.Loser + ": a boon on its next strike at it"
	case Precision:
		if e.Location != "" {
			return line + "aimed at the " + e.Location
		}
		return line + "every damage die at its maximum"
	case Push:
		return line + e.Loser + " is pushed to " + showPoint(e.To)
	case Trip:
		return line + e.Loser + " falls prone"
	}
	return line + "done"
}

func (e *PushWayRuled) describe(_ *State) string {
	if e.Blocked {
		return "the GM rules: an obstacle blocks the push of " + e.Loser
	}
	return "the GM rules: nothing blocks the push of " + e.Loser
}
