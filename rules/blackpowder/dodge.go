package blackpowder

import (
	"fmt"

	"fray/engine"
)

// Dodge: the target of a hit rolls a Dodge check (R23).
type Dodge struct{}

// The kinds of dodge.go's commands and events.
var (
	_                     = engine.Add[Dodge](commands, "dodge")
	_                     = engine.Add[Parry](commands, "parry")
	_                     = engine.Add[Take](commands, "take")
	dodgeRolledKind       = engine.Add[DodgeRolled](events, "dodge_rolled")
	dodgeDeclinedKind     = engine.Add[DodgeDeclined](events, "dodge_declined")
	earlyDodgeContestKind = engine.Add[EarlyDodgeContest](events, "early_dodge_contest")
)

func (*Dodge) isCommand() {}

// Parry: the target of a melee hit parries with its melee weapon (R24,
// A12).
type Parry struct{}

func (*Parry) isCommand() {}

// Take: the target of a hit takes it without dodging.
type Take struct{}

func (*Take) isCommand() {}

// canDodge: an active target with an unused action or a held delayed
// action (R23); never the unconscious (A26), nor a captive, who is held
// fast and cannot get out of the way (R39), nor one caught in a trap, held
// as fast by it until it escapes (R40, R41).
func canDodge(t *Combatant) bool {
	return t.Status == Active && t.HeldBy == "" && t.Trapped == 0 && (t.Actions > 0 || t.Delayed)
}

// canParry: a melee attack, by a with its weapon at index weapon, against
// a target t wielding a melee weapon (A12).
func canParry(a, t *Combatant, p *Pending) bool {
	kind := p.As // the kind the attack used its weapon as, when not its own
	if kind == 0 {
		kind = attackWeapon(a, p.Weapon).Kind
	}
	return kind == KindMelee && t.weapon().Kind == KindMelee
}

// pendingFor checks that the decision is the pending one and is who's,
// and returns the pending attack with its attacker and target.
func (r *run) pendingFor(who string, stage Stage) (p *Pending, a, t *Combatant, err error) {
	p = r.s.Pending
	if p == nil || p.Stage != stage {
		return nil, nil, nil, engine.Errorf(engine.NotAllowedNow, "nothing is waiting for a %s decision: %s", stage, next(r.s).Question)
	}
	owner := p.Target
	if stage == StageCritical {
		owner = p.Attacker
	}
	if !same(who, owner) {
		return nil, nil, nil, engine.Errorf(engine.NotYourTurn, "the %s decision is %s's, not %s's", stage, owner, who)
	}
	return p, r.s.combatant(p.Attacker), r.s.combatant(p.Target), nil
}

func (r *run) dodge(who string, parry bool) error {
	p, a, t, err := r.pendingFor(who, StageDodge)
	if err != nil {
		return err
	}
	pending := *p // the decision's events clear the state's
	w := pendingWeapon(a, &pending)
	bonus := t.Body + t.skill(skillDodge) + t.Assist
	if parry {
		if !canParry(a, t, &pending) {
			return engine.Errorf(engine.NotAllowedNow, "%s can only parry a melee attack while holding a melee weapon", t.Name)
		}
		bonus += t.weapon().Defensive
	}
	if pending.Early {
		// An aimed attack fired early: the target must first win a Speed
		// contest, the attacker drawing first (R22, A17, §7 b5).
		ev := engine.New(r.arena(), earlyDodgeContestKind, EarlyDodgeContest{Attacker: a.ID, Target: t.ID})
		ev.AttackerDie = r.d10()
		ev.AttackerTotal = a.speed(ev.AttackerDie)
		ev.Die = r.d10()
		ev.Total = t.speed(ev.Die)
		ev.Won = t.outspeeds(ev.Total, a, ev.AttackerTotal)
		r.emit(ev)
		if !ev.Won {
			r.emit(engine.New(r.arena(), dodgeDeclinedKind, DodgeDeclined{Target: t.ID}))
			return r.damage(&pending, a, t)
		}
	}
	difficulty := pending.Total + w.DodgeMod
	roll := r.passFail(bonus, difficulty)
	r.emit(engine.New(r.arena(), dodgeRolledKind, DodgeRolled{Target: t.ID, Parry: parry, Die: roll.Die, Bonus: bonus, Total: roll.Total, Difficulty: difficulty,
		Success: roll.Success, ActionSpent: !roll.Success || r.s.Options.DodgeSuccessConsumesAction}))
	if roll.Success {
		return nil
	}
	return r.damage(&pending, a, t)
}

func (r *run) take(who string) error {
	p, a, t, err := r.pendingFor(who, StageDodge)
	if err != nil {
		return err
	}
	pending := *p // the decision's events clear the state's
	r.emit(engine.New(r.arena(), dodgeDeclinedKind, DodgeDeclined{Target: pending.Target}))
	return r.damage(&pending, a, t)
}

// DodgeRolled: a Dodge (or parry) check against the attack (R23, R24).
type DodgeRolled struct {
	Target     string `json:"target"`
	Parry      bool   `json:"parry,omitempty"`
	Die        int    `json:"die"`
	Bonus      int    `json:"bonus"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Success    bool   `json:"success"`
	// ActionSpent is set when the dodge used up the target's action.
	ActionSpent bool `json:"action_spent"`
}

func (e *DodgeRolled) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Target)
	c.Assist = 0
	if e.ActionSpent {
		if c.Delayed {
			c.Delayed, c.DelayedSpent = false, true
		} else {
			c.Actions--
		}
	}
	s.Pending = nil
}

func (e *DodgeRolled) describe(s *State) string {
	verb := "dodges"
	if e.Parry {
		verb = "parries"
	}
	if e.Die == 0 {
		return fmt.Sprintf("%s %s: %+d vs %d cannot succeed: %s", s.name(e.Target), verb, e.Bonus, e.Difficulty, verdict(e.Success))
	}
	return fmt.Sprintf("%s %s: d10=%d %+d = %d vs %d: %s", s.name(e.Target), verb, e.Die, e.Bonus, e.Total, e.Difficulty, verdict(e.Success))
}

// DodgeDeclined: the target takes the hit without dodging.
type DodgeDeclined struct {
	Target string `json:"target"`
}

func (*DodgeDeclined) apply(s *State, _ *hotMemory) {
	s.Pending = nil
}

func (e *DodgeDeclined) describe(s *State) string {
	return s.name(e.Target) + " takes the hit"
}

// EarlyDodgeContest: before dodging an aimed attack fired early, the
// target's Speed check against the attacker's, attacker first (R22,
// A17). Won: the target may dodge.
type EarlyDodgeContest struct {
	Attacker      string `json:"attacker"`
	Target        string `json:"target"`
	AttackerDie   int    `json:"attacker_die"`
	AttackerTotal int    `json:"attacker_total"`
	Die           int    `json:"die"`
	Total         int    `json:"total"`
	Won           bool   `json:"won"`
}

func (*EarlyDodgeContest) apply(*State, *hotMemory) {
	// The dodge, if won, follows as its own event.
}

func (e *EarlyDodgeContest) describe(s *State) string {
	verdict := "may dodge"
	if !e.Won {
		verdict = "cannot dodge"
	}
	return fmt.Sprintf("an aimed attack fired early: Speed %s d10=%d → %d against %s d10=%d → %d: %s %s",
		s.name(e.Attacker), e.AttackerDie, e.AttackerTotal, s.name(e.Target), e.Die, e.Total, s.name(e.Target), verdict)
}
