package vigor

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// proceed moves the fight on after a command, as far as it goes without
// a decision: the off-hand attack, the end of a window, readied
// triggers, the end of a turn, the Recovery Phase and the next round, the
// end of the fight.
func (d *decider) proceed() {
	s := d.s
	for range 10000 {
		if s.Phase == Over || s.Phase == Initiative || s.Phase == EndRuling || s.Phase == Aftermath {
			return
		}
		if s.Strike != nil || s.Declared != nil {
			return // a defense or a GM ruling pending
		}
		if side, over := d.decided(); over {
			reason := "nobody is left standing"
			if side != "" {
				reason = side + " is the last side standing"
			}
			d.end(side, reason, false)
			return
		}
		if s.Counter != "" {
			me := s.Combatant(s.Counter)
			t := s.Combatant(me.Ready.Target)
			w := me.Weapon(me.Ready.Weapon)
			if t == nil || w == nil || !me.In() || !t.Targetable() || !s.reaches(me, t, w) {
				d.emit(engine.New(d.h.arena(), passedKind, Passed{Combatant: me.ID, What: "readied"}))
				continue
			}
			d.roll(me, t, w, how{via: "readied"})
			continue
		}
		if f := s.OffHand; f != nil {
			me := s.Current()
			t := s.Combatant(f.Target)
			w := me.Weapon(f.Weapon)
			if w == nil || !me.In() || !t.Targetable() || !s.reaches(me, t, w) {
				d.emit(engine.New(d.h.arena(), passedKind, Passed{Combatant: me.ID}))
				continue
			}
			d.roll(me, t, w, how{offHand: true})
			continue
		}
		if s.OpenAfter != "" && s.Window == nil {
			if opener := s.Combatant(s.OpenAfter); opener != nil && opener.Targetable() {
				d.openWindow("opening", opener, "ability", parts.Cell{})
				continue
			}
		}
		if w := s.Window; w != nil {
			if len(w.Ask) > 0 || s.Phase == EscapeRuling {
				return
			}
			if movesAfter(w.Act) {
				d.moved(s.Combatant(w.Opener), w.Dest)
				continue
			}
			return // evolve closes the others
		}
		me := s.Current()
		if me == nil {
			d.nextTurn()
			continue
		}
		if s.ReadyChecked != s.Actions {
			if ask := s.readied(me, d.strs()); len(ask) > 0 {
				d.emit(engine.New(d.h.arena(), windowOpenedKind, WindowOpened{What: "readied", Opener: me.ID, Ask: ask}))
				continue
			}
		}
		if me.Left > 0 && me.In() && !me.Winded {
			return
		}
		d.nextTurn()
	}
}

// TurnStarted: a creature's turn began with so many actions (R09, R10).
type TurnStarted struct {
	Combatant string `json:"combatant"`
	Round     int    `json:"round"`
	Actions   int    `json:"actions"`
}

// The kinds of turns.go's command and events.
var (
	_                = engine.Add[EndTurn](commands, "end_turn")
	turnStartedKind  = engine.Add[TurnStarted](events, "turn_started")
	roundStartedKind = engine.Add[RoundStarted](events, "round_started")
	recoveredKind    = engine.Add[Recovered](events, "recovered")
)

// apply starts the creature's turn: what lasted until it ends (R13, R16,
// A12), and its actions.
func (e *TurnStarted) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	if i := slices.Index(s.Order, c.ID); i >= 0 {
		s.passOver(i)
		s.Turn = i
	}
	s.Phase = Acting
	c.Defending = false
	c.Ready = Readied{}
	c.Unaware = false
	c.Left = e.Actions
	s.ReadyChecked = s.Actions // only actions of this turn trigger
}

// passOver ends what lasted until their turns for the creatures whose
// turns were skipped between the last turn and the order's place i:
// their turns came, so their Defend and Ready expire (R13, R16, §7 step
// 4) though they could not act.
func (s *State) passOver(i int) {
	for j := max(s.Turn+1, 0); j < i && j < len(s.Order); j++ {
		if c := s.Combatant(s.Order[j]); c != nil {
			c.Defending = false
			c.Ready = Readied{}
		}
	}
}

func (e *TurnStarted) describe(*State) string {
	if e.Actions == 0 {
		return fmt.Sprintf("round %d, %s's turn: winded, no actions", e.Round, e.Combatant)
	}
	return fmt.Sprintf("round %d, %s's turn: %d action(s)", e.Round, e.Combatant, e.Actions)
}

// nextTurn starts the next creature's turn, or closes the round with the
// Recovery Phase and starts the next one (R07, R41).
func (d *decider) nextTurn() {
	s := d.s
	for i := s.Turn + 1; i < len(s.Order); i++ {
		c := s.Combatant(s.Order[i])
		if c.Incapacitated() || c.Escaped || c.Away {
			continue
		}
		d.emit(engine.New(d.h.arena(), turnStartedKind, TurnStarted{Combatant: c.ID, Round: s.Round, Actions: s.actionsOf(c)}))
		return
	}
	d.recovery()
	if s.Phase == Over {
		return
	}
	if _, over := d.decided(); over {
		return // proceed ends it
	}
	if s.Phase == EndRuling {
		return // the GM rules whether the fight is over
	}
	d.newRound()
}

// actionsOf is the actions a creature has on its turn this round (R09,
// R10, R38).
func (s *State) actionsOf(c *Combatant) int {
	if c.Winded {
		return 0
	}
	n := c.ActionsBase
	if n == 0 {
		n = 2
	}
	if s.Round == 1 {
		switch {
		case c.Role == "ambusher":
			n++
		case c.Role == "ambushed", c.Role == "overwatch" && c.Watch != s.Scene.Approach:
			n = 1
		}
	}
	return n
}

// EndTurn gives up the actions left (R10).
type EndTurn struct{}

func (*EndTurn) command() {}

// endTurn gives up the actions left (R10).
func (d *decider) endTurn() error {
	me, err := d.acting("end the turn", 0)
	if err != nil {
		return err
	}
	d.acted(me, "end_turn", me.Left)
	return nil
}

// RoundStarted: a new round began (R07).
type RoundStarted struct {
	Round int `json:"round"`
}

// apply starts the round, before its first turn.
func (e *RoundStarted) apply(s *State, _ *hotMemory) {
	s.Round = e.Round
	s.Turn = -1
	s.Phase = Acting
}

func (e *RoundStarted) describe(*State) string { return fmt.Sprintf("round %d begins", e.Round) }

// newRound starts the next round, unless the round limit is reached
// (R07, §7.10).
func (d *decider) newRound() {
	s := d.s
	if parts.RoundLimitReached(s.Options.RoundLimit, s.Round) {
		d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Reason: fmt.Sprintf("the round limit (%d) was reached", s.Options.RoundLimit), TimedOut: true}))
		return
	}
	d.emit(engine.New(d.h.arena(), roundStartedKind, RoundStarted{Round: s.Round + 1}))
	d.join()
}

// Recovered: the Recovery Phase closing a round (R41).
type Recovered struct {
	Round   int        `json:"round"`
	Changes []Recovery `json:"changes"`
}

// apply gives each creature what the Recovery Phase gave it, and counts
// its Shock down.
func (e *Recovered) apply(s *State, _ *hotMemory) {
	if s.Options.GMPrompts {
		s.Phase = EndRuling
	}
	s.passOver(len(s.Order))
	for _, r := range e.Changes {
		c := s.Combatant(r.Combatant)
		if c == nil {
			continue
		}
		c.Vigor, c.Winded = r.Vigor, r.Winded
		if c.Shock {
			c.ShockLeft = r.ShockLeft
		}
		if r.Died {
			c.Dead = true
		}
		c.Durability += r.Durability
		c.Mana += r.Mana
		c.Health += r.Health
		s.heal(c, r.Durability > 0 || r.Health > 0)
	}
}

func (e *Recovered) describe(s *State) string {
	var parts []string
	for _, r := range e.Changes {
		p := fmt.Sprintf("%s %d Vigor", r.Combatant, r.Vigor)
		if r.Winded {
			p += " (winded)"
		}
		for _, g := range [...]struct {
			n    int
			what string
		}{{r.Durability, "Durability"}, {r.Mana, "Mana"}, {r.Health, "Health"}} {
			if g.n > 0 {
				p += fmt.Sprintf(", +%d %s", g.n, g.what)
			}
		}
		switch {
		case r.Died:
			p += ", dies of Shock"
		case r.Health > 0 && s.Combatant(r.Combatant) != nil && s.Combatant(r.Combatant).Shock:
			p += ", out of Shock"
		case r.ShockLeft > 0:
			p += fmt.Sprintf(", %d round(s) of Shock left", r.ShockLeft)
		}
		parts = append(parts, p)
	}
	return fmt.Sprintf("recovery phase of round %d: %s", e.Round, strings.Join(parts, "; "))
}

// Recovery is one creature's part of a Recovery Phase (R41).
type Recovery struct {
	Combatant string `json:"combatant"`
	Vigor     int    `json:"vigor"`
	Gained    int    `json:"gained,omitempty"`
	Winded    bool   `json:"winded,omitempty"`
	// ShockLeft counts down a Shock (A09); Died: it reached 0.
	ShockLeft int  `json:"shock_left,omitempty"`
	Died      bool `json:"died,omitempty"`
	// Durability, Mana and Health are what the creature's regen gave
	// back (R41).
	Durability int `json:"durability,omitempty"`
	Mana       int `json:"mana,omitempty"`
	Health     int `json:"health,omitempty"`
}

// recovery is the Recovery Phase (R41, A09).
func (d *decider) recovery() {
	s := d.s
	e := engine.New(d.h.arena(), recoveredKind, Recovered{Round: s.Round})
	buf := engine.Buffer(d.h.arena(), recoveryMem)
	start := len(*buf)
	for _, id := range s.Order {
		c := s.Combatant(id)
		if c.Dead || c.Escaped || c.Object || c.Away {
			continue
		}
		r := Recovery{Combatant: id, Vigor: min(c.VigorMax, c.Vigor+c.VigorRegen())}
		r.Gained = r.Vigor - c.Vigor
		r.Winded = c.Winded && r.Vigor < WindedUntil
		if !c.Wounded {
			r.Durability = min(c.Regen.Durability, c.DurabilityMax-c.Durability)
		}
		r.Mana = min(c.Regen.Mana, c.ManaMax-c.Mana)
		r.Health = min(c.Regen.Health, c.HealthMax-c.Health)
		switch {
		case !c.Shock, c.Health+r.Health > 0:
			// Health back ends a Shock (A41) before it counts down.
		case c.Stabilized:
			r.ShockLeft = c.ShockLeft
		default:
			r.ShockLeft = c.ShockLeft - 1
			r.Died = r.ShockLeft <= 0
		}
		*buf = append(*buf, r)
	}
	e.Changes = (*buf)[start:len(*buf):len(*buf)]
	d.emit(e)
}

// settle sets the phase once nothing is pending: the next creature of an
// open window, or back to the turn. A window whose askers are done, or
// whose opener is dead, closes unless its escape still has to move; an
// opener an opening knocked down moves no further (one prone before the
// window opened crawls on).
func settle(s *State) {
	if s.Strike != nil || s.Declared != nil || s.Phase == Over {
		return
	}
	if w := s.Window; w != nil {
		if len(w.Ask) > 0 && !s.Combatant(w.Opener).Targetable() {
			w.Ask = nil // nobody takes an opening on the dead (R20)
		}
		if len(w.Ask) > 0 {
			s.Phase = Offering
			return
		}
		opener := s.Combatant(w.Opener)
		if !movesAfter(w.Act) || opener == nil || !opener.In() || opener.Prone && !w.Prone {
			s.Window = nil
		}
	}
	s.Phase = Acting
}
