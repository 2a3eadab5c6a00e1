package vigor

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// Rest is the GM's rest after a decided fight (R42): its length
// (minute, hour or night) for those named, or everyone still there.
type Rest struct {
	Length string   `json:"length"`
	Who    []string `json:"who,omitempty"`
}

// The kinds of rest.go's commands and event.
var (
	restKind   = engine.Add[Rest](commands, "rest")
	_          = engine.Add[Done](commands, "done")
	restedKind = engine.Add[Rested](events, "rested")
)

func (*Rest) command() {}

// rest is a rest after the fight (R42, A32): for those named, or everyone
// still there (not dead, escaped or an object), of the length the GM
// names. The Shock timers of those not stabilized run for its length
// first (A09); then each gains what the rest table's row gives.
func (d *decider) rest(c *Rest) error {
	s := d.s
	if err := d.want(Aftermath, "rest"); err != nil {
		return err
	}
	row, ok := s.restRow(c.Length)
	if !ok {
		return invalid("no rest called %q; rests: minute, hour, night", c.Length)
	}
	for _, id := range c.Who {
		switch t := s.Combatant(id); {
		case t == nil:
			return s.unknown(id)
		case !t.rests():
			return refuse("%s is %s and does not rest", id, conditionOf(t))
		}
	}
	e := engine.New(d.h.arena(), restedKind, Rested{Length: c.Length})
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if !t.rests() || len(c.Who) > 0 && !slices.Contains(c.Who, t.ID) {
			continue
		}
		r := RestChange{Combatant: t.ID, Vigor: t.Vigor, Durability: t.Durability, Health: t.Health, Mana: t.Mana, ShockLeft: t.ShockLeft}
		if t.Shock && !t.Stabilized {
			if r.ShockLeft <= row.Rounds {
				r.Died = true
				e.Changes = append(e.Changes, r)
				continue
			}
			r.ShockLeft -= row.Rounds
		}
		if row.Vigor {
			r.Vigor = t.VigorMax
		}
		if row.Mana {
			r.Mana = t.ManaMax
		}
		if row.Durability && !t.Wounded {
			r.Durability = t.DurabilityMax
		}
		if row.Health {
			r.Health = min(t.HealthMax, t.Health+max(row.HealthMin, t.Stamina/5))
			if r.Health == t.HealthMax {
				r.Durability = t.DurabilityMax
			}
		}
		e.Changes = append(e.Changes, r)
	}
	d.emit(e)
	return nil
}

// restRow is the rest table's row for a length, or one of its other
// words (R42): the rest_table option's, or the rules'.
func (s *State) restRow(length string) (RestRow, bool) {
	if w, ok := restWords[length]; ok {
		length = w
	}
	if row, ok := s.Options.RestTable[length]; ok {
		return row, true
	}
	row, ok := restTable[length]
	return row, ok
}

// Rested: a rest after the fight (R42), of Length, and what it did to
// each creature that took it.
type Rested struct {
	Length  string       `json:"length"`
	Changes []RestChange `json:"changes"`
}

// apply gives each creature what the rest gave it.
func (e *Rested) apply(s *State, _ *hotMemory) {
	for _, r := range e.Changes {
		c := s.Combatant(r.Combatant)
		if c == nil {
			continue
		}
		if r.Died {
			c.Dead = true
			continue
		}
		restored := r.Durability > c.Durability || r.Health > c.Health
		c.Vigor, c.Durability, c.Health, c.Mana = r.Vigor, r.Durability, r.Health, r.Mana
		if c.Shock {
			c.ShockLeft = r.ShockLeft
		}
		if c.Winded && c.Vigor >= WindedUntil {
			c.Winded = false
		}
		s.heal(c, restored)
	}
}

func (e *Rested) describe(s *State) string {
	parts := make([]string, len(e.Changes))
	for i, r := range e.Changes {
		if r.Died {
			parts[i] = r.Combatant + " dies of Shock"
			continue
		}
		parts[i] = fmt.Sprintf("%s Vigor %d, Durability %d, Health %d", r.Combatant, r.Vigor, r.Durability, r.Health)
		if r.Mana > 0 {
			parts[i] += fmt.Sprintf(", Mana %d", r.Mana)
		}
		if t := s.Combatant(r.Combatant); t != nil && t.Shock && r.Health == 0 {
			parts[i] += ", still in Shock"
		}
	}
	return fmt.Sprintf("%s: %s", restName[e.Length], strings.Join(parts, "; "))
}

// RestChange is one creature's part of a rest: its Vigor, Durability,
// Health and Mana after it, what is left of its Shock, or its death of
// Shock during the rest (A09).
type RestChange struct {
	Combatant  string `json:"combatant"`
	Vigor      int    `json:"vigor"`
	Durability int    `json:"durability"`
	Health     int    `json:"health"`
	Mana       int    `json:"mana,omitempty"`
	ShockLeft  int    `json:"shock_left,omitempty"`
	Died       bool   `json:"died,omitempty"`
}

// restName is how a line names a rest.
var restName = map[string]string{"minute": "a minute's rest", "hour": "an hour's rest", "night": "a night's rest"}

// Done closes a decided fight's aftermath: the fight ends.
type Done struct{}

func (*Done) command() {}

// done closes a decided fight's aftermath.
func (d *decider) done() error {
	if err := d.want(Aftermath, "close the encounter"); err != nil {
		return err
	}
	d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Winner: d.s.Winner, Reason: d.s.Reason}))
	return nil
}
