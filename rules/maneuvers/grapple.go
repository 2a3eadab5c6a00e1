package maneuvers

import (
	"fmt"
	"strings"

	"fray/engine"
)

// Grapple tries to grapple a foe within 1 m (R35).
type Grapple struct {
	Target string `json:"target"`
}

// Escape tries to break a grapple (R35), with athletics or acrobatics.
type Escape struct {
	Skill string `json:"skill,omitempty"`
}

// GrappleAttempted: the grappler's Athletics test (R35).
type GrappleAttempted struct {
	Combatant string   `json:"combatant"`
	Target    string   `json:"target"`
	Test      TestRoll `json:"test"`
}

// GrappleResolved: the target's test and the contest's result (R03, R35).
type GrappleResolved struct {
	Combatant string   `json:"combatant"`
	Target    string   `json:"target"`
	Skill     string   `json:"skill"`
	Test      TestRoll `json:"test"`
	Grappled  bool     `json:"grappled"`
}

// EscapeRolled: a grappled combatant's escape and its grappler's test
// (R35).
type EscapeRolled struct {
	Combatant string   `json:"combatant"`
	From      string   `json:"from"`
	Skill     string   `json:"skill"`
	Test      TestRoll `json:"test"`
	Against   TestRoll `json:"against"`
	Escaped   bool     `json:"escaped"`
}

// GrappleEnded: a grapple ends (R35).
type GrappleEnded struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Reason    string `json:"reason"`
}

// The kinds of grapple.go's commands and events.
var (
	grappleKind          = engine.Add[Grapple](commands, "grapple")
	escapeKind           = engine.Add[Escape](commands, "escape")
	grappleAttemptedKind = engine.Add[GrappleAttempted](events, "grapple_attempted")
	grappleResolvedKind  = engine.Add[GrappleResolved](events, "grapple_resolved")
	escapeRolledKind     = engine.Add[EscapeRolled](events, "escape_rolled")
	grappleEndedKind     = engine.Add[GrappleEnded](events, "grapple_ended")
)

func (*Grapple) command() {}
func (*Escape) command()  {}

// checkGrapples ends the grapples R35 ends: the grappler incapacitated,
// without a free hand, or more than 1 m away.
func (d *decider) checkGrapples() {
	s := d.s
	for i := range s.Combatants {
		g := &s.Combatants[i]
		if g.Grappling == "" {
			continue
		}
		t := s.Combatant(g.Grappling)
		reason := ""
		switch {
		case t == nil:
			reason = "the target is gone"
		case !g.Conscious():
			reason = "the grappler is incapacitated"
		case g.handsUsed() >= 2:
			reason = "the grappler has no free hand"
		case dist(g.pos(), t.pos()) > GrappleReach+1e-9:
			reason = "they are more than 1 m apart"
		default:
			continue
		}
		d.emit(engine.New(d.h.arena(), grappleEndedKind, GrappleEnded{Combatant: g.ID, Target: g.Grappling, Reason: reason}))
	}
}

// grapple starts R35's contest: the grappler's Athletics first.
func (d *decider) grapple(me *Combatant, target string) error {
	s := d.s
	t := s.Combatant(target)
	switch {
	case t == nil:
		return unknown(target)
	case t == me:
		return refuse(engine.NotAllowedNow, "%s cannot grapple itself", me.ID)
	case !hostile(me, t):
		return refuse(engine.NotAllowedNow, "%s and %s are on the same side: a grapple holds a foe (R35)", me.ID, t.ID)
	case me.AP < 1:
		return refuse(engine.NotAllowedNow, "%s has no AP left to grapple", me.ID)
	case me.Grappling != "":
		return refuse(engine.NotAllowedNow, "%s is grappling %s already", me.ID, me.Grappling)
	case me.handsUsed() >= 2:
		return refuse(engine.NotAllowedNow, "%s needs a free hand to grapple (in hand: %s)", me.ID, strings.Join(me.Wield, ", "))
	case dist(me.pos(), t.pos()) > GrappleReach+1e-9:
		return refuse(engine.NotAllowedNow, "%s is %.1f m from %s: a grapple needs 1 m", t.ID, dist(me.pos(), t.pos()), me.ID)
	case t.Dead:
		return refuse(engine.NotAllowedNow, "%s is dead", t.ID)
	}
	test := s.roll(d.src, skillCheck(me, Athletics))
	d.emit(engine.New(d.h.arena(), grappleAttemptedKind, GrappleAttempted{Combatant: me.ID, Target: t.ID, Test: test}))
	if !t.Conscious() {
		d.emit(engine.New(d.h.arena(), grappleResolvedKind, GrappleResolved{Combatant: me.ID, Target: t.ID, Skill: Athletics, Test: TestRoll{Auto: "fail"}, Grappled: beats(test, TestRoll{})}))
	}
	return nil
}

// escape tries to break the grapple (R35): the escaper's Athletics or
// Acrobatics against the grappler's Athletics.
func (d *decider) escape(me *Combatant, skill string) error {
	s := d.s
	if me.GrappledBy == "" {
		return refuse(engine.NotAllowedNow, "%s is not grappled", me.ID)
	}
	if me.AP < 1 {
		return refuse(engine.NotAllowedNow, "%s has no AP left to escape", me.ID)
	}
	if skill == "" {
		skill = Athletics
		if me.skill(Acrobatics) > me.skill(Athletics) {
			skill = Acrobatics
		}
	}
	if skill != Athletics && skill != Acrobatics {
		return refuse(engine.Invalid, "escape with athletics or acrobatics, not %q", skill)
	}
	g := s.Combatant(me.GrappledBy)
	if g == nil {
		// Only in a view in which the grappler is hidden (SomeoneUnseen).
		return refuse(engine.NotAllowedNow, "%s is held by one it cannot see", me.ID)
	}
	test := s.roll(d.src, skillCheck(me, skill))
	against := s.roll(d.src, skillCheck(g, Athletics))
	won := beats(test, against)
	d.emit(engine.New(d.h.arena(), escapeRolledKind, EscapeRolled{Combatant: me.ID, From: g.ID, Skill: skill, Test: test, Against: against, Escaped: won}))
	if won {
		d.emit(engine.New(d.h.arena(), grappleEndedKind, GrappleEnded{Combatant: g.ID, Target: me.ID, Reason: "escaped"}))
	}
	return nil
}

func (e *GrappleAttempted) apply(s *State, h *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		acted(c, 1)
		keepContest(s, h, Contest{Initiator: e.Combatant, Resister: e.Target, Test: e.Test})
	}
}

func (e *GrappleResolved) apply(s *State, _ *hotMemory) {
	s.Contest = nil
	g, t := s.Combatant(e.Combatant), s.Combatant(e.Target)
	if e.Grappled && g != nil && t != nil {
		g.Grappling, t.GrappledBy = t.ID, g.ID
	}
}

func (e *EscapeRolled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		acted(c, 1)
	}
}

func (e *GrappleEnded) apply(s *State, _ *hotMemory) {
	if g := s.Combatant(e.Combatant); g != nil && g.Grappling == e.Target {
		g.Grappling = ""
	}
	if t := s.Combatant(e.Target); t != nil && t.GrappledBy == e.Combatant {
		// Another who holds it too keeps it grappled (R35): it is held
		// until it is free of every grappler.
		t.GrappledBy = ""
		for i := range s.Combatants {
			if g := &s.Combatants[i]; g.Grappling == t.ID {
				t.GrappledBy = g.ID
				break
			}
		}
	}
}

func (e *GrappleAttempted) describe(s *State) string {
	return fmt.Sprintf("%s tries to grapple %s (1 AP): athletics %s", e.Combatant, e.Target, describeTest(e.Test))
}

func (e *GrappleResolved) describe(s *State) string {
	if e.Grappled {
		return fmt.Sprintf("%s resists with %s: %s; %s is grappled", e.Target, e.Skill, describeTest(e.Test), e.Target)
	}
	return fmt.Sprintf("%s resists with %s: %s; the grapple fails", e.Target, e.Skill, describeTest(e.Test))
}

func (e *EscapeRolled) describe(s *State) string {
	res := "still grappled"
	if e.Escaped {
		res = "escapes"
	}
	return fmt.Sprintf("%s tries to escape %s (1 AP): %s %s; %s athletics %s; %s", e.Combatant, named(e.From), e.Skill,
		describeTest(e.Test), named(e.From), describeTest(e.Against), res)
}

func (e *GrappleEnded) describe(s *State) string {
	line := fmt.Sprintf("%s no longer grapples %s", named(e.Combatant), named(e.Target))
	if e.Reason != "" {
		line += ": " + e.Reason
	}
	return line
}

// grappleQuestion asks the one a grapple is tried on how it resists,
// naming the grappler and it.
const grappleQuestion = "%s tries to grapple %s: resist with which skill?"

// named is how a line names a combatant: by its id, or, where a viewer's
// view of the event leaves out one hidden from it (see Rules.ViewEvent),
// as someone unseen.
func named(id string) string {
	if id == "" || id == SomeoneUnseen {
		return "someone unseen"
	}
	return id
}
