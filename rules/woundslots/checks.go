package woundslots

import (
	"fmt"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// Combat checks (R04): the bonus of each, by name, less exhaustion and
// distraction.
func checkBonus(c *Combatant, check string) int {
	return c.checkBase(check) - c.tired() - c.distraction()
}

// checkBase is a combat check's attribute, skill and specialization (R04,
// R13): melee is a weapon check with the first melee weapon.
func (c *Combatant) checkBase(check string) int {
	a := &c.Attributes
	switch check {
	case "power":
		return a.Str + a.Size + c.rank("athletics", "power")
	case "agility":
		return a.Dex - a.Size + c.rank("reflex", "agility")
	case "fortitude":
		return a.Vit + c.rank("resistance", "fortitude")
	case "willpower":
		return a.Prs + c.rank("resistance", "willpower")
	case "melee":
		if w := firstMelee(c); w != nil {
			return a.Dex + c.rank("melee", w.Group) + w.Accuracy
		}
	case "deception":
		return a.Prs + c.skill("deception")
	case "perception":
		return a.Prc + c.skill("deception")
	}
	return 0
}

// rank is c's rank in a skill and in its specialization spec ("" for
// none): what a check of "attribute [Skill/Spec]" adds to the attribute
// (R04).
func (c *Combatant) rank(skill, spec string) int { return c.skill(skill) + c.spec(skill, spec) }

// standard rolls a standard check (R03): a d20 and bonus against tn, no
// natural 1 or 20 deciding it.
func (r *run) standard(bonus, tn int) TNRoll {
	return TNRoll{Die: r.src.Roll(20), Bonus: bonus, TN: tn}
}

// TNRoll is a standard check's d20 and bonus against its TN (R03), as events carry it.
type TNRoll struct {
	Die   int `json:"die"`
	Bonus int `json:"bonus"`
	TN    int `json:"tn"`
}

// margin is the check's total less its TN: below 0, it failed.
func (t TNRoll) margin() int { return parts.Check{Die: t.Die, Bonus: t.Bonus, Target: t.TN}.Margin() }

// succeeds reports whether the check's total reached its TN.
func (t TNRoll) succeeds() bool { return t.margin() >= 0 }

// rolled writes the check for the log: d20, bonus and total against the TN.
func (t TNRoll) rolled() string { return fmt.Sprintf("%s against TN %d", d20(t.Die, t.Bonus), t.TN) }

// firstMelee is c's first melee weapon, or nil.
func firstMelee(c *Combatant) *Weapon {
	for i := range c.Weapons {
		if c.Weapons[i].Kind == "melee" && c.Weapons[i].InHand() {
			return &c.Weapons[i]
		}
	}
	return nil
}

// contest is R03 and A01-A03: a check of bonus by a (wild when wild)
// against a static value, or against the defender's roll (versusBonus,
// always wild) when rolled. It draws the actor's d20, then the
// defender's, and returns the event; criticals of a wild check against a
// creature move initiative afterwards (A03).
func (r *run) contest(a, t *Combatant, check string, bonus int, wild bool, versus int, rolled bool, versusCheck string) CheckRolled {
	die := dice.RollClasses(r.src, 20, dice.EveryValue)
	e := CheckRolled{Combatant: a.ID, Target: t.ID, Check: check, Die: die, Bonus: bonus, Versus: versus, VersusCheck: versusCheck}
	nat := parts.Plain
	if wild {
		nat = parts.NaturalOf(die, 20)
		e.Critical = nat.String()
	}
	if !rolled {
		e.Success = parts.Check{Die: die, Bonus: bonus, Target: versus}.Decided(nat)
		return e
	}
	e.VersusDie = r.src.Roll(20)
	e.Success = parts.OpposedWins(die+bonus, nat, e.VersusDie+versus, parts.NaturalOf(e.VersusDie, 20))
	return e
}

// emitCheck emits a contest's event and the initiative its criticals move
// (A03).
func (r *run) emitCheck(a, t *Combatant, e CheckRolled) {
	r.emit(engine.New(r.h.arena(), checkRolledKind, e))
	if e.Critical != "" {
		r.criticals(a, t, parts.NaturalOf(e.Die, 20), "critical "+e.Check+" check", "critical "+e.Check+" check against it")
	}
}

// margin is a contest's margin: the actor's total less what it met.
func (e *CheckRolled) margin() int { return e.Die + e.Bonus - e.Versus - e.VersusDie }

// CheckRolled: a combat check or contest (R03, R04): the actor's d20 and bonus against a static Versus (VersusDie 0) or the defender's roll (VersusDie + Versus); Critical as for attacks.
type CheckRolled struct {
	Combatant   string `json:"combatant"`
	Target      string `json:"target"`
	Check       string `json:"check"`
	Die         int    `json:"die"`
	Bonus       int    `json:"bonus"`
	Versus      int    `json:"versus"`
	VersusDie   int    `json:"versus_die,omitempty"`
	VersusCheck string `json:"versus_check"`
	Success     bool   `json:"success"`
	Critical    string `json:"critical,omitempty"`
}

// The kinds of checks.go's event.
var (
	checkRolledKind = engine.Add[CheckRolled](events, "check_rolled")
)

func (*CheckRolled) apply(*State, *hotMemory) {}

func (e *CheckRolled) describe(s *State) string {
	out := "fails"
	if e.Success {
		out = "succeeds"
	}
	switch e.Critical {
	case "success":
		out = "critical success"
	case "failure":
		out = "critical failure"
	}
	against := fmt.Sprintf("%s's %s %d", e.Target, e.VersusCheck, e.Versus)
	if e.VersusDie > 0 {
		against = fmt.Sprintf("%s's %s %s", e.Target, e.VersusCheck, d20(e.VersusDie, e.Versus))
	}
	return fmt.Sprintf("%s's %s check %s against %s: %s", e.Combatant, e.Check, d20(e.Die, e.Bonus), against, out)
}

// d20 writes a d20 roll, its bonus and their total, for the log.
func d20(die, bonus int) string { return fmt.Sprintf("d20=%d%+d = %d", die, bonus, die+bonus) }
