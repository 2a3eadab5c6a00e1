package maneuvers

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// move sets out in a straight line with free movement (R08, R25): the
// foes whose reach the path enters or leaves may make opportunity attacks
// on the way (R22).
func (d *decider) move(me *Combatant, to Point) error {
	cost, err := setOut(me, to)
	switch {
	case err != nil:
		return err
	case cost == 0:
		return refuse(engine.NotAllowedNow, "%s is at %g,%g already", me.ID, to.X, to.Y)
	case cost > me.Budget-me.Moved+1e-9:
		return refuse(engine.NotAllowedNow, "moving to %g,%g costs %.2f m and %s has %.2f m left this turn (dash for more)", to.X, to.Y, cost, me.ID, max(me.Budget-me.Moved, 0))
	}
	d.emit(engine.New(d.h.arena(), moveDeclaredKind, MoveDeclared{Combatant: me.ID, To: to, Cost: cost, Reactors: d.crossings(me, to)}))
	return nil
}

// sneakMove starts a Sneak with its move (R36): up to speed, apart from
// free movement, provoking as any move does; the stealth contests come on
// arrival.
func (d *decider) sneakMove(me *Combatant, to Point) error {
	cost, err := setOut(me, to)
	switch {
	case err != nil:
		return err
	case cost > me.Speed+1e-9:
		return refuse(engine.NotAllowedNow, "a sneak moves at most %g m; %g,%g costs %.2f m", me.Speed, to.X, to.Y, cost)
	}
	reactors := d.crossings(me, to)
	d.took(me, "sneak")
	d.emit(engine.New(d.h.arena(), moveDeclaredKind, MoveDeclared{Combatant: me.ID, To: to, Cost: cost, Reactors: reactors, Sneak: true}))
	return nil
}

// setOut checks that me may set out for point to, and says what the move
// costs.
func setOut(me *Combatant, to Point) (float64, error) {
	switch {
	case !parts.FiniteCoordinate(to.X) || !parts.FiniteCoordinate(to.Y):
		return 0, refuse(engine.Invalid, "a point is two finite numbers")
	case me.GrappledBy != "":
		return 0, refuse(engine.NotAllowedNow, "%s is grappled by %s and cannot move (R35)", me.ID, me.GrappledBy)
	}
	return moveCost(me, to), nil
}

// moveCost is what moving to a point costs: its distance, doubled while
// Prone (A20).
func moveCost(me *Combatant, to Point) float64 { return dist(me.pos(), to) * mult(me) }

// mayReact reports whether r could make an opportunity attack on p now:
// a conscious foe, not surprised, with AP and attacks left and a melee
// weapon in hand (R22), that p is not hidden from (an unaware foe does
// not react; ours).
func mayReact(r, p *Combatant) bool {
	return r != p && hostile(r, p) && r.Conscious() && !r.Surprised && r.AP >= 1 &&
		r.Attacks < AttacksPerRound && r.meleeWeapon() != nil && !p.hiddenFrom(r.ID)
}

// initiativeRank is a combatant's place in the initiative order.
func initiativeRank(s *State, id string) int {
	if i := slices.Index(s.Order, id); i >= 0 {
		return i
	}
	return len(s.Order) + s.index(id)
}

// reactorsAt lists, in initiative order, the foes that reach point at and
// may react to me there (a spell or standing up); none after me has
// disengaged this turn (R12).
func (d *decider) reactorsAt(me *Combatant, at Point) []Provoked {
	s := d.s
	if me.Disengaged {
		return nil
	}
	var buf [8]Provoked
	out := buf[:0]
	for _, id := range s.Order {
		r := s.Combatant(id)
		if r != nil && mayReact(r, me) && dist(r.pos(), at) <= r.reach()+1e-9 {
			out = append(out, Provoked{ID: r.ID, At: at})
		}
	}
	return d.provoked(out)
}

// crossings lists the foes whose reach a move of me's to b enters or
// leaves, in initiative order (R22), each with the point where its attack
// resolves: where the move enters its reach, or where it leaves it, still
// within reach (A14). A move that starts and ends inside a reach provokes
// nothing, and none after me has disengaged this turn (R12).
func (d *decider) crossings(me *Combatant, b Point) []Provoked {
	s := d.s
	if me.Disengaged {
		return nil
	}
	a := me.pos()
	type hit struct {
		p    Provoked
		rank int
	}
	var buf [8]hit
	hits := buf[:0]
	dx, dy := b.X-a.X, b.Y-a.Y
	qa := dx*dx + dy*dy
	if qa == 0 {
		return nil
	}
	for i := range s.Combatants {
		r := &s.Combatants[i]
		if !mayReact(r, me) {
			continue
		}
		reach := r.reach()
		fx, fy := a.X-r.X, a.Y-r.Y
		qb := 2 * (fx*dx + fy*dy)
		qc := fx*fx + fy*fy - reach*reach
		disc := qb*qb - 4*qa*qc
		if disc < 0 {
			continue
		}
		sq := math.Sqrt(disc)
		t0, t1 := (-qb-sq)/(2*qa), (-qb+sq)/(2*qa)
		var t float64
		switch {
		case qc <= 1e-9: // starts inside: provokes when it leaves
			if t1 >= 1 {
				continue
			}
			t = t1
		case t0 >= 0 && t0 <= 1: // enters
			t = t0
		default:
			continue
		}
		hits = append(hits, hit{Provoked{ID: r.ID, At: Point{a.X + t*dx, a.Y + t*dy}}, initiativeRank(s, r.ID)})
	}
	slices.SortStableFunc(hits, func(x, y hit) int { return x.rank - y.rank })
	var ps [8]Provoked
	out := ps[:0]
	for _, h := range hits {
		out = append(out, h.p)
	}
	return d.provoked(out)
}

// stepTrigger takes a provoking action one step on without anyone
// deciding, and reports whether it did: a reactor who can no longer react
// passes, a provoker taken down (or, moving, tripped, grappled or pushed) is
// stopped, and when every reactor has answered the action takes effect.
func (d *decider) stepTrigger() bool {
	s := d.s
	tr := s.Trigger
	who := s.Combatant(tr.Who)
	stopped := !who.Conscious() || tr.Kind == TriggerMove && (tr.Pushed || who.Prone && !tr.Crawl || who.GrappledBy != "")
	if stopped {
		if tr.Kind == TriggerCast {
			d.emit(engine.New(d.h.arena(), spellLostKind, SpellLost{Caster: who.ID, Spell: tr.Spell}))
			return true
		}
		e := engine.New(d.h.arena(), interruptedKind, Interrupted{Combatant: who.ID, Trigger: tr.Kind})
		if tr.Kind == TriggerMove && !tr.Sneak {
			// Free movement pays for the metres walked (R08): the rest of
			// the path, not walked, is given back, at the crawl's price
			// when the mover set out prone (R25). A mover pushed off its
			// path walked it to where the push took it from.
			from := who.pos()
			if tr.Pushed {
				from = tr.PushedFrom
			}
			e.Unwalked = dist(from, tr.To)
			if tr.Crawl {
				e.Unwalked *= 2
			}
		}
		d.emit(e)
		return true
	}
	if tr.Next < len(tr.Reactors) {
		p := tr.Reactors[tr.Next]
		r := s.Combatant(p.ID)
		why := ""
		switch {
		case !mayReact(r, who):
			why = "cannot react now"
		case dist(r.pos(), p.At) > r.reach()+1e-6:
			why = "out of reach"
		}
		if why == "" {
			return false
		}
		d.emit(engine.New(d.h.arena(), opportunityPassedKind, OpportunityPassed{Combatant: r.ID, Reason: why}))
		return true
	}
	switch tr.Kind {
	case TriggerMove:
		sneak := tr.Sneak
		d.emit(engine.New(d.h.arena(), movedKind, Moved{Combatant: who.ID, To: tr.To, Done: true}))
		if sneak {
			d.sneak(who)
		}
	case TriggerStand:
		d.emit(engine.New(d.h.arena(), stoodUpKind, StoodUp{Combatant: who.ID}))
	case TriggerCast:
		d.castEffect(who, who.spell(tr.Spell), tr.Target, true)
	}
	return true
}

// provoked returns a copy of reactors for an event, or nil for none.
func (d *decider) provoked(reactors []Provoked) []Provoked {
	if len(reactors) == 0 {
		return nil
	}
	return hotProvoked(d.h, reactors)
}

// Move moves in a straight line, with free movement (R08).
type Move struct {
	To Point `json:"to"`
}

// Dash gives speed more movement this turn (R12).
type Dash struct{}

// Disengage stops moves provoking for the rest of the turn (R12).
type Disengage struct{}

// Stand ends Prone (A20).
type Stand struct{}

// Opportunity makes an opportunity attack (R22).
type Opportunity struct {
	Weapon string `json:"weapon,omitempty"`
}

// Pass lets an opportunity go.
type Pass struct{}

// MoveDeclared: a combatant sets out for a point; the move's cost is
// spent, and the foes it provokes are listed in order (R22).
type MoveDeclared struct {
	Combatant string     `json:"combatant"`
	To        Point      `json:"to"`
	Cost      float64    `json:"cost"`
	Reactors  []Provoked `json:"reactors,omitempty"`
	// Sneak: a Sneak's move, up to speed of its own; free movement is
	// not spent.
	Sneak bool `json:"sneak,omitempty"`
}

// Moved: a combatant is now at a point: where a move ends or is stopped,
// where an opportunity attack catches it, or where a push puts it.
type Moved struct {
	Combatant string `json:"combatant"`
	To        Point  `json:"to"`
	Forced    bool   `json:"forced,omitempty"`
	// Done: the move ends here.
	Done bool `json:"done,omitempty"`
}

// Provoking: an action that provokes opportunity attacks (a spell, or
// standing up) waits on them (R22).
type Provoking struct {
	Combatant string `json:"combatant"`
	Trigger   string `json:"trigger"`
	Spell     string `json:"spell,omitempty"`
	Target    string `json:"target,omitempty"`
	// AP paid now; Attack: an attack spell, counted now (R11).
	AP       int        `json:"ap"`
	Attack   bool       `json:"attack,omitempty"`
	Reactors []Provoked `json:"reactors,omitempty"`
}

// OpportunityPassed: a reactor lets an opportunity go.
type OpportunityPassed struct {
	Combatant string `json:"combatant"`
	// Reason says why the reactor could not take it, when it could not.
	Reason string `json:"reason,omitempty"`
}

// StoodUp: a combatant is no longer Prone.
type StoodUp struct {
	Combatant string `json:"combatant"`
}

// Interrupted: an action that provoked is cut short: its maker was
// taken down, tripped or grappled before it took effect (R22).
type Interrupted struct {
	Combatant string `json:"combatant"`
	Trigger   string `json:"trigger"`
	// Unwalked is the free movement a move cut short gives back: what
	// the rest of its path, not walked, would have cost (R08, R25).
	Unwalked float64 `json:"unwalked,omitempty"`
}

// The kinds of move.go's commands and events.
var (
	moveKind              = engine.Add[Move](commands, "move")
	_                     = engine.Add[Dash](commands, "dash")
	_                     = engine.Add[Disengage](commands, "disengage")
	_                     = engine.Add[Stand](commands, "stand")
	opportunityKind       = engine.Add[Opportunity](commands, "opportunity")
	_                     = engine.Add[Pass](commands, "pass")
	moveDeclaredKind      = engine.Add[MoveDeclared](events, "move_declared")
	movedKind             = engine.Add[Moved](events, "moved")
	provokingKind         = engine.Add[Provoking](events, "provoking")
	opportunityPassedKind = engine.Add[OpportunityPassed](events, "opportunity_passed")
	stoodUpKind           = engine.Add[StoodUp](events, "stood_up")
	interruptedKind       = engine.Add[Interrupted](events, "interrupted")
)

func (*Move) command()        {}
func (*Dash) command()        {}
func (*Disengage) command()   {}
func (*Stand) command()       {}
func (*Opportunity) command() {}
func (*Pass) command()        {}

// opportunity declares an opportunity attack on the provoker (R22).
func (d *decider) opportunity(c *Opportunity) error {
	s := d.s
	tr := s.Trigger
	if tr == nil || s.Roll != nil || s.Contest != nil || tr.Next >= len(tr.Reactors) {
		return refuse(engine.NotAllowedNow, "no opportunity attack is possible now: %s", waiting(s))
	}
	p := tr.Reactors[tr.Next]
	me := s.Combatant(p.ID)
	who := s.Combatant(tr.Who)
	at := p.At
	sd, err := d.declareStrike(me, who.ID, c.Weapon, "", "", true, &at)
	if err != nil {
		return err
	}
	if who.pos() != at {
		d.emit(engine.New(d.h.arena(), movedKind, Moved{Combatant: who.ID, To: at}))
	}
	d.attack(me, sd)
	return nil
}

// metres rounds a distance moved to a billionth of a metre: the points
// where paths enter and leave a reach are found in floating point, and
// 4 m walked then 2 m crawled should read 6, not 6.000000000000007.
func metres(v float64) float64 { return math.Round(v*1e9) / 1e9 }

func (e *MoveDeclared) apply(s *State, h *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		if !e.Sneak {
			c.Moved = metres(c.Moved + e.Cost)
		}
		c.Fresh = false
		keepTrigger(s, h, Trigger{Kind: TriggerMove, Who: c.ID, To: e.To, Crawl: c.Prone, Sneak: e.Sneak, Reactors: e.Reactors})
	}
}

func (e *Moved) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.X, c.Y = e.To.X, e.To.Y
	}
	if e.Done && s.Trigger != nil && s.Trigger.Who == e.Combatant {
		s.Trigger = nil
	}
}

func (e *Provoking) apply(s *State, h *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		acted(c, e.AP)
		if e.Attack {
			c.Attacks++
		}
		if e.Trigger == TriggerCast && e.AP == 0 {
			c.FreeUsed = true
		}
		windowNext(s, c.ID)
		keepTrigger(s, h, Trigger{Kind: e.Trigger, Who: c.ID, Spell: e.Spell, Target: e.Target, Reactors: e.Reactors})
	}
}

func (*OpportunityPassed) apply(s *State, _ *hotMemory) {
	if s.Trigger != nil {
		s.Trigger.Next++
	}
}

func (e *Interrupted) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Moved = max(metres(c.Moved-e.Unwalked), 0)
	}
	s.Trigger = nil
}

func (e *StoodUp) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Prone = false
	}
	s.Trigger = nil
}

func (e *MoveDeclared) describe(s *State) string {
	verb := "moves"
	if e.Sneak {
		verb = "sneaks"
	}
	line := fmt.Sprintf("%s %s to %s (%.2f m)", e.Combatant, verb, showPoint(e.To), e.Cost)
	return line + provoking(e.Reactors)
}

func (e *Moved) describe(s *State) string {
	switch {
	case e.Forced:
		return fmt.Sprintf("%s is moved to %s", e.Combatant, showPoint(e.To))
	case e.Done:
		return fmt.Sprintf("%s reaches %s", e.Combatant, showPoint(e.To))
	}
	return fmt.Sprintf("%s is at %s", e.Combatant, showPoint(e.To))
}

func (e *Provoking) describe(s *State) string {
	what := "stand up"
	if e.Trigger == TriggerCast {
		what = "cast " + e.Spell
		if e.Target != "" && e.Target != e.Combatant {
			what += " at " + e.Target
		}
	}
	line := fmt.Sprintf("%s starts to %s (%d AP)", e.Combatant, what, e.AP)
	return line + provoking(e.Reactors)
}

func (e *OpportunityPassed) describe(s *State) string {
	if e.Reason != "" {
		return fmt.Sprintf("%s makes no opportunity attack: %s", e.Combatant, e.Reason)
	}
	return e.Combatant + " lets the opportunity go"
}

func (e *StoodUp) describe(_ *State) string { return e.Combatant + " stands up" }

func (e *Interrupted) describe(s *State) string {
	verb := map[string]string{TriggerMove: "move", TriggerCast: "spell", TriggerStand: "standing up"}[e.Trigger]
	if e.Unwalked > 0 {
		return fmt.Sprintf("%s's %s is cut short, %.2f m of it not walked", e.Combatant, verb, e.Unwalked)
	}
	return fmt.Sprintf("%s's %s is cut short", e.Combatant, verb)
}

// provoking lists, for a transcript line, the foes an action provokes.
func provoking(reactors []Provoked) string {
	if len(reactors) == 0 {
		return ""
	}
	return ", provoking " + strings.Join(parts.IDs(reactors, func(p *Provoked) string { return p.ID }), ", ")
}
