package vigor

import (
	"fmt"

	"fray/engine"
)

// Ready readies an attack on Target for when Target next finishes an
// action (R16).
type Ready struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

// The kinds of readied.go's command and events.
var (
	readyKind         = engine.Add[Ready](commands, "ready")
	readiedActionKind = engine.Add[ReadiedAction](events, "readied")
	counteredKind     = engine.Add[Countered](events, "countered")
)

func (*Ready) command() {}

// ready readies an attack on a target (R16).
func (d *decider) ready(c *Ready) error {
	me, err := d.acting("ready an attack", 1)
	if err != nil {
		return err
	}
	// The target need not be within reach yet: the attack fires when
	// it acts and can be reached then (R16).
	t, w, err := d.foe(me, c.Target, c.Weapon, "ready an attack on")
	if err != nil {
		return err
	}
	d.acted(me, "ready", 1)
	d.emit(engine.New(d.h.arena(), readiedActionKind, ReadiedAction{Combatant: me.ID, Target: t.ID, Weapon: w.Name}))
	return nil
}

// ReadiedAction: a creature readied an attack (R16).
type ReadiedAction struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Weapon    string `json:"weapon,omitempty"`
}

// apply keeps the readied attack until the creature's next turn.
func (e *ReadiedAction) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Ready = Readied{Target: e.Target, Weapon: e.Weapon}
	}
}

func (e *ReadiedAction) describe(*State) string {
	return fmt.Sprintf("%s readies an attack on %s for when it acts", e.Combatant, e.Target)
}

// readied lists the creatures whose readied attack on me may fire now, in
// initiative order (R16, A20): none once me has left the fight or is dead
// (A19).
func (s *State) readied(me *Combatant, buf *[]string) []string {
	if !me.Targetable() {
		return nil
	}
	// The ids of the creatures holding a readied attack on me, most often
	// none or one, are told in one pass over the roster, so that only
	// they are looked for by id in the initiative order (n -1: too many
	// to keep, every one looked for).
	var readiers [4]string
	n := 0
	for i := range s.Combatants {
		if c := &s.Combatants[i]; sameID(c.Ready.Target, me.ID) {
			if n == len(readiers) {
				n = -1
				break
			}
			readiers[n] = c.ID
			n++
		}
	}
	if n == 0 {
		return nil
	}
	start := len(*buf)
	for _, id := range s.Order {
		if n > 0 && !oneOf(id, readiers[:n]) {
			continue
		}
		c := s.Combatant(id)
		if c.Ready.Target != me.ID || !c.In() || c.Winded || c.Unaware || c.Vigor < OpeningCost {
			continue
		}
		w := c.Weapon(c.Ready.Weapon)
		if w == nil || !s.reaches(c, me, w) {
			continue
		}
		*buf = append(*buf, id)
	}
	if len(*buf) == start {
		return nil
	}
	return (*buf)[start:len(*buf):len(*buf)]
}

// oneOf reports whether id is one of ids.
func oneOf(id string, ids []string) bool {
	for _, x := range ids {
		if sameID(x, id) {
			return true
		}
	}
	return false
}

// counter answers a hit with the target's readied attack on the
// attacker (§7.6.3): its one reaction to the attack, paid now (A20); the
// hit lands, and the readied attack fires once it is resolved.
func (d *decider) counter() error {
	s := d.s
	t := s.Combatant(s.Strike.Target)
	if !s.canCounter(t) {
		return refuse("%s has no readied attack on %s that it can make now (R16)", t.ID, s.Strike.Attacker)
	}
	d.pay(t, OpeningCost, "the readied attack")
	d.emit(engine.New(d.h.arena(), counteredKind, Countered{Combatant: t.ID, Target: s.Strike.Attacker}))
	d.damage()
	return nil
}

// canCounter reports whether the target of the pending hit may answer it
// with its readied attack on the attacker (§7.6.3): it readied one, may
// react, can pay, and the readied weapon reaches.
func (s *State) canCounter(t *Combatant) bool {
	st := s.Strike
	if st == nil || t.Ready.Target != st.Attacker || t.Vigor < OpeningCost || !s.mayDefend(t, false) {
		return false
	}
	me := s.Combatant(st.Attacker)
	w := t.Weapon(t.Ready.Weapon)
	return me != nil && w != nil && s.reaches(t, me, w)
}

// Countered: the target of a hit answered it with its readied attack on
// the attacker (§7.6.3), paid for; the attack fires once the hit is
// resolved.
type Countered struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
}

// apply keeps the readied attack that answers the hit.
func (e *Countered) apply(s *State, _ *hotMemory) { s.Counter = e.Combatant }

func (e *Countered) describe(*State) string {
	return fmt.Sprintf("%s answers the hit with the attack readied against %s, once the hit is resolved", e.Combatant, e.Target)
}
