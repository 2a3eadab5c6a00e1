package blackpowder

import (
	"fmt"

	"fray/engine"
)

// Critical: the attacker takes (or declines) the critical re-roll (R15).
type Critical struct {
	Take bool `json:"take"`
}

// The kinds of critical.go's commands and events.
var (
	criticalKind         = engine.Add[Critical](commands, "critical")
	criticalRolledKind   = engine.Add[CriticalRolled](events, "critical_rolled")
	criticalDeclinedKind = engine.Add[CriticalDeclined](events, "critical_declined")
)

func (*Critical) isCommand() {}

func (r *run) critical(who string, takeIt bool) error {
	p, a, t, err := r.pendingFor(who, StageCritical)
	if err != nil {
		return err
	}
	pending := *p
	if !takeIt {
		r.emit(engine.New(r.arena(), criticalDeclinedKind, CriticalDeclined{Attacker: pending.Attacker}))
		r.land(&pending, a, t, 0)
		return nil
	}
	die := r.d10By(hitClasses(pending.Difficulty - pending.Bonus))
	total := die + pending.Bonus
	hit := die == 10 || total >= pending.Difficulty
	ev := engine.New(r.arena(), criticalRolledKind, CriticalRolled{Attacker: a.ID, Die: die, Total: total, Hit: hit})
	extra := 0
	if hit {
		// A critical's damage never jams and never triggers another
		// critical (R15, A09).
		ev.Dice, ev.Value, _ = r.weaponDamage(attackWeapon(a, pending.Weapon), false)
		extra = ev.Value
	}
	r.emit(ev)
	r.land(&pending, a, t, extra)
	return nil
}

// CriticalRolled: the critical re-roll of the attack (R15) and, if it hit,
// the extra damage instance.
type CriticalRolled struct {
	Attacker string `json:"attacker"`
	Die      int    `json:"die"`
	Total    int    `json:"total"`
	Hit      bool   `json:"hit"`
	Dice     []int  `json:"dice,omitempty"`
	Value    int    `json:"value,omitempty"`
}

func (*CriticalRolled) apply(s *State, _ *hotMemory) {
	s.Pending = nil
}

func (e *CriticalRolled) describe(*State) string {
	if e.Hit {
		return fmt.Sprintf("critical re-roll d10=%d → %d: hit, extra damage %v → %d", e.Die, e.Total, e.Dice, e.Value)
	}
	return fmt.Sprintf("critical re-roll d10=%d → %d: miss", e.Die, e.Total)
}

// CriticalDeclined: the attacker passes up the critical re-roll.
type CriticalDeclined struct {
	Attacker string `json:"attacker"`
}

func (*CriticalDeclined) apply(s *State, _ *hotMemory) {
	s.Pending = nil
}

func (e *CriticalDeclined) describe(s *State) string {
	return s.name(e.Attacker) + " declines the critical"
}
