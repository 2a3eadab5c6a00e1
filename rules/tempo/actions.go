package tempo

import (
	"fmt"
	"slices"
	"strings"

	"fray/rules/parts"
)

// Action names one of the ruleset's actions; the name is also its verb in the
// text vocabulary.
type Action string

// The actions (R09), plus the off-list actions of R41.
const (
	Aim             Action = "aim"
	Move            Action = "move"
	CombatMove      Action = "combat-move"
	Disarm          Action = "disarm"
	Escape          Action = "escape"
	Feint           Action = "feint"
	Grapple         Action = "grapple"
	MeleeAttack     Action = "attack"
	Pin             Action = "pin"
	Press           Action = "press"
	RangedAttack    Action = "shoot"
	Ready           Action = "ready"
	UnarmedAttack   Action = "punch"
	Withdraw        Action = "withdraw"
	CounterAttack   Action = "counter"
	CounterFire     Action = "counter-fire"
	Dodge           Action = "dodge"
	Double          Action = "double"
	Evade           Action = "evade"
	Parry           Action = "parry"
	Retreat         Action = "retreat"
	Struggle        Action = "struggle"
	Wind            Action = "wind"
	CTCounterAttack Action = "ct-counter"
	CTParry         Action = "ct-parry"
	PickUp          Action = "pick-up"
	OffList         Action = "other"
)

// UnmarshalText reads an action's name, refusing one the master table
// does not know, so that no command or event read from JSON names an
// action the rules cannot look up. The empty name is no action.
func (a *Action) UnmarshalText(text []byte) error {
	name := Action(text)
	if name != "" && ruleTable[name] == nil {
		return fmt.Errorf("unknown tempo action %q", text)
	}
	*a = name
	return nil
}

// kind is when an action is taken (R07).
type kind int

const (
	proactive kind = iota
	reactive
	counterTempo
)

// skill names the skill an action's check adds (R09, R35).
type skill int

const (
	noCheck skill = iota
	melee
	ranged
	brawl
	athletics
)

// Outcome is a row of an outcome ladder.
type Outcome string

// The outcomes the ladders name.
const (
	Failure         Outcome = "failure"
	Success         Outcome = "success"
	CriticalSuccess Outcome = "critical success"
	Miss            Outcome = "miss"
	HitOutcome      Outcome = "hit"
	CriticalHit     Outcome = "critical hit"
	BindOutcome     Outcome = "bind"
)

// threshold is where a ladder row starts: a number, or the target's CD,
// CDA or GD (R09). The bottom row ("–") has bottom set.
type threshold struct {
	bottom bool
	value  int
	of     string // "", "cd", "cda" or "gd"
}

type row struct {
	at      threshold
	outcome Outcome
}

// rule is one action of the master table: everything about it is data.
type rule struct {
	// action is the rule's key in the master table.
	action   Action
	name     string
	kind     kind
	ap       int // 0 with byWeapon: the cost is the weapon's
	byWeapon bool
	statuses []Status
	skill    skill
	// respondsTo lists the actions a reaction or counter-tempo answers;
	// replaces the actions a counter-tempo replaces.
	respondsTo []Action
	replaces   []Action
	ladder     []row
	// damages marks the outcomes that deal damage and whether they ignore
	// armour.
	damages map[Outcome]bool
	// voids marks the outcomes that make the paired action fail without
	// effect.
	voids map[Outcome]bool
	// tags are the outcome tags of the action's checks, a row of its
	// ladder each (see checkTag), made with the table.
	tags []outcomeTag
	// dealing and voiding are damages and voids as lists, made with the
	// table: cheaper to search than the maps for the few outcomes each
	// has (see deals and voidsOn).
	dealing []dealt
	voiding []Outcome
	// answeredBy are the reactions that answer the action (see answers)
	// as indices in reactiveOrder, in menu order, made with the table, so
	// that a reaction menu asks no other reaction whether it answers it.
	answeredBy []int
	// form is what a declaration of the action names, made with the
	// table, so that the check of a declaration compares no action's name.
	form declForm
	// allows is statuses as a set of statusBits, made with the table, so
	// that allowed compares no status's name.
	allows uint8
}

// declForm is what a declaration of a proactive action names (see
// declaration): its weapon, and its target, path or item.
type declForm uint8

const (
	// formNone: no weapon and no target (Ready, Escape, an off-list
	// action; and every action that is not proactive).
	formNone declForm = iota
	// formStrike: a weapon by name and an opponent in its reach (Melee
	// Attack, Feint); formShot: a ranged weapon and an opponent in its
	// range; formAim: a weapon by name alone; formUnarmed: the bare hands
	// and an opponent in their reach.
	formStrike
	formShot
	formAim
	formUnarmed
	// formBound: the weapon held in the bind and the bind partner
	// (Disarm, Grapple, Press); formWithdraw: the bind partner alone.
	formBound
	formWithdraw
	// formPin: a grapple partner; formMove: a path; formCombatMove: an
	// opponent and a destination; formPickUp: a weapon on the ground.
	formPin
	formMove
	formCombatMove
	formPickUp
)

// formOf is the declForm of action a.
func formOf(a Action) declForm {
	switch a {
	case MeleeAttack, Feint:
		return formStrike
	case RangedAttack:
		return formShot
	case Aim:
		return formAim
	case UnarmedAttack:
		return formUnarmed
	case Disarm, Grapple, Press:
		return formBound
	case Withdraw:
		return formWithdraw
	case Pin:
		return formPin
	case Move:
		return formMove
	case CombatMove:
		return formCombatMove
	case PickUp:
		return formPickUp
	}
	return formNone
}

// dealt is an outcome that deals damage, and whether it ignores armour.
type dealt struct {
	outcome  Outcome
	critical bool
}

// deals reports whether outcome o of the action deals damage, and whether
// that damage ignores armour (see rule.damages).
func (r *rule) deals(o Outcome) (critical, ok bool) {
	for _, d := range r.dealing {
		if d.outcome == o {
			return d.critical, true
		}
	}
	return false, false
}

// voidsOn reports whether outcome o of the action voids the paired
// action (see rule.voids).
func (r *rule) voidsOn(o Outcome) bool {
	for _, v := range r.voiding {
		if v == o {
			return true
		}
	}
	return false
}

// outcomeTag is the tag Rules.Outcome gives a check of an action with
// outcome, as it is and voided.
type outcomeTag struct {
	outcome   Outcome
	tag, void string
}

var (
	bottom        = threshold{bottom: true}
	at0           = threshold{value: 0}
	at1           = threshold{value: 1}
	at8           = threshold{value: 8}
	at10          = threshold{value: 10}
	atCD          = threshold{of: "cd"}
	atCDA         = threshold{of: "cda"}
	atGD          = threshold{of: "gd"}
	attackLadder  = []row{{bottom, Miss}, {atCD, HitOutcome}, {atCDA, CriticalHit}}
	attackDamage  = map[Outcome]bool{HitOutcome: false, CriticalHit: true}
	failSucceed0  = []row{{bottom, Failure}, {at0, Success}}
	failSucceed1  = []row{{bottom, Failure}, {at1, Success}}
	failSucceed8  = []row{{bottom, Failure}, {at8, Success}}
	parryLadder   = []row{{bottom, Failure}, {at0, BindOutcome}, {at1, Success}}
	parryVoids    = map[Outcome]bool{BindOutcome: true, Success: true}
	successVoids  = map[Outcome]bool{Success: true}
	onGuard       = []Status{OnGuard}
	bound         = []Status{Bound}
	moveLadder    = []row{{bottom, Failure}, {at1, Success}, {at10, CriticalSuccess}}
	guardStatuses = []Status{OffGuard, OnGuard}
)

// rules is the master table (R09), ladders exactly as the rules text gives them.
// The rules it returns are shared and must not be changed. It looks the
// action up in ruleSlots, which the hot path asks at every check, and in
// the table itself for an action not there.
func rules(a Action) *rule {
	if r := ruleSlots[ruleSlot(a)]; r != nil && r.action == a {
		return r
	}
	return ruleTable[a]
}

// ruleSlots holds the rule of each action of the table at its ruleSlot,
// cheaper to find than in the map: no two actions of the table share a
// slot, and one that came to would be looked up in the map instead.
var ruleSlots = func() (out [64]*rule) {
	var shared [64]bool
	for a, r := range ruleTable {
		switch i := ruleSlot(a); {
		case shared[i]:
		case out[i] != nil:
			out[i], shared[i] = nil, true // each looked up in the map
		default:
			out[i] = r
		}
	}
	return out
}()

// ruleSlot is where ruleSlots holds a's rule: a hash of its length and its
// first and last letters that tells every action of the table apart.
func ruleSlot(a Action) int {
	if a == "" {
		return 0
	}
	return (len(a)*22 + int(a[0]) + int(a[len(a)-1])<<1) & 63
}

var ruleTable = withTags(map[Action]*rule{
	Aim:          {name: "Aim", kind: proactive, ap: 4, statuses: onGuard, ladder: failSucceed0},
	Move:         {name: "Move", kind: proactive, ap: 2, statuses: guardStatuses, ladder: failSucceed0},
	CombatMove:   {name: "Combat Move", kind: proactive, ap: 3, statuses: onGuard, skill: athletics, ladder: moveLadder},
	Disarm:       {name: "Disarm", kind: proactive, byWeapon: true, statuses: bound, skill: melee, ladder: failSucceed8},
	Escape:       {name: "Escape", kind: proactive, ap: 3, statuses: []Status{Grappled, Pinned}, skill: brawl, ladder: failSucceed1},
	Feint:        {name: "Feint", kind: proactive, byWeapon: true, statuses: onGuard, skill: melee, ladder: []row{{bottom, Miss}}},
	Grapple:      {name: "Grapple", kind: proactive, byWeapon: true, statuses: bound, skill: brawl, ladder: failSucceed8},
	MeleeAttack:  {name: "Melee Attack", kind: proactive, byWeapon: true, statuses: onGuard, skill: melee, ladder: attackLadder, damages: attackDamage},
	Pin:          {name: "Pin", kind: proactive, ap: 3, statuses: []Status{Grappled}, skill: brawl, ladder: []row{{bottom, Failure}, {atGD, Success}}},
	Press:        {name: "Press", kind: proactive, byWeapon: true, statuses: bound, skill: melee, ladder: []row{{bottom, Failure}, {atCD, Success}, {atCDA, CriticalSuccess}}, damages: map[Outcome]bool{Success: false, CriticalSuccess: true}},
	RangedAttack: {name: "Ranged Attack", kind: proactive, byWeapon: true, statuses: onGuard, skill: ranged, ladder: attackLadder, damages: attackDamage},
	Ready:        {name: "Ready", kind: proactive, ap: 1, statuses: []Status{OffGuard}, ladder: []row{{bottom, Success}}},
	UnarmedAttack: {name: "Unarmed Attack", kind: proactive, ap: 3, statuses: []Status{Grappled, OnGuard}, skill: brawl,
		ladder: attackLadder, damages: attackDamage},
	Withdraw: {name: "Withdraw", kind: proactive, ap: 2, statuses: bound, skill: melee, ladder: failSucceed1},
	CounterAttack: {name: "Counter-Attack", kind: reactive, byWeapon: true, statuses: onGuard, skill: melee,
		respondsTo: []Action{Move, CombatMove, MeleeAttack, UnarmedAttack}, ladder: attackLadder, damages: attackDamage},
	CounterFire: {name: "Counter-Fire", kind: reactive, byWeapon: true, statuses: onGuard, skill: ranged,
		respondsTo: []Action{Aim, Move, CombatMove}, ladder: attackLadder, damages: attackDamage},
	Dodge: {name: "Dodge", kind: reactive, ap: 2, statuses: onGuard, skill: athletics,
		respondsTo: []Action{RangedAttack}, ladder: failSucceed0, voids: successVoids},
	Double: {name: "Double", kind: reactive, byWeapon: true, statuses: bound, skill: melee,
		respondsTo: []Action{Disarm, Grapple, Press, Withdraw}, ladder: attackLadder, damages: attackDamage},
	Evade: {name: "Evade", kind: reactive, ap: 2, statuses: onGuard, skill: athletics,
		respondsTo: []Action{MeleeAttack, UnarmedAttack}, ladder: failSucceed0, voids: successVoids},
	Parry: {name: "Parry", kind: reactive, byWeapon: true, statuses: onGuard, skill: melee,
		respondsTo: []Action{MeleeAttack, UnarmedAttack}, ladder: parryLadder, voids: parryVoids},
	Retreat: {name: "Retreat", kind: reactive, ap: 3, statuses: onGuard, skill: athletics,
		respondsTo: []Action{Move, CombatMove}, ladder: moveLadder},
	Struggle: {name: "Struggle", kind: reactive, ap: 3, statuses: []Status{Grappled}, skill: brawl,
		respondsTo: []Action{Escape, Pin, UnarmedAttack}, ladder: failSucceed0, voids: successVoids},
	Wind: {name: "Wind", kind: reactive, byWeapon: true, statuses: bound, skill: melee,
		respondsTo: []Action{Disarm, Grapple, Press, Withdraw}, ladder: failSucceed0, voids: successVoids},
	CTCounterAttack: {name: "CT Counter-Attack", kind: counterTempo, byWeapon: true, statuses: onGuard, skill: melee,
		respondsTo: []Action{CounterAttack}, replaces: []Action{Feint, MeleeAttack}, ladder: attackLadder, damages: attackDamage},
	CTParry: {name: "CT Parry", kind: counterTempo, byWeapon: true, statuses: onGuard, skill: melee,
		respondsTo: []Action{CounterAttack}, replaces: []Action{Feint, MeleeAttack}, ladder: parryLadder, voids: parryVoids},
	PickUp:  {name: "Pick Up", kind: proactive, ap: 3, statuses: guardStatuses, ladder: []row{{bottom, Success}}},
	OffList: {name: "Off-list action", kind: proactive, ap: 3, statuses: guardStatuses, ladder: []row{{bottom, Success}}},
})

// withTags fills in the action, the tags, the lists of damages and voids
// and the reactions answering it of every rule of table, and returns it.
func withTags(table map[Action]*rule) map[Action]*rule {
	for a, r := range table {
		r.action = a
		if r.kind == proactive {
			r.form = formOf(a)
		}
		for o, critical := range r.damages {
			r.dealing = append(r.dealing, dealt{o, critical})
		}
		for o, void := range r.voids {
			if void {
				r.voiding = append(r.voiding, o)
			}
		}
		for i, ra := range reactiveOrder {
			if table[ra].answers(a) {
				r.answeredBy = append(r.answeredBy, i)
			}
		}
		for _, st := range r.statuses {
			r.allows |= statusBit(st)
		}
		for _, row := range r.ladder {
			r.tags = append(r.tags, outcomeTag{row.outcome, makeCheckTag(a, row.outcome, false), makeCheckTag(a, row.outcome, true)})
		}
	}
	return table
}

// checkTag is the outcome tag of a check of action a, of rule r, with
// outcome o: ACTION:OUTCOME, the outcome's spaces made dashes
// ("combat-move:critical-success"), and ":void" when an opponent voided
// it. The tags of the outcomes of a ladder are made once, with the table.
func checkTag(r *rule, a Action, o Outcome, void bool) string {
	if r != nil {
		for i := range r.tags {
			if t := &r.tags[i]; t.outcome == o {
				if void {
					return t.void
				}
				return t.tag
			}
		}
	}
	return makeCheckTag(a, o, void)
}

// makeCheckTag makes the tag checkTag returns.
func makeCheckTag(a Action, o Outcome, void bool) string {
	name := string(a) + ":" + strings.ReplaceAll(string(o), " ", "-")
	if void {
		name += ":void"
	}
	return name
}

// read finds the outcome of net on the ladder: the last row whose
// threshold is at most net, so that of rows with equal thresholds the
// later, better one wins (R10). target supplies CD, CDA and GD.
func (r *rule) read(net int, target *Combatant) Outcome {
	out := r.ladder[0].outcome
	for i := 1; i < len(r.ladder); i++ {
		if row := &r.ladder[i]; net >= row.at.resolve(target) {
			out = row.outcome
		}
	}
	return out
}

func (t *threshold) resolve(target *Combatant) int {
	switch t.of {
	case "cd":
		return target.cd()
	case "cda":
		return target.cda()
	case "gd":
		return target.gd()
	}
	return t.value
}

// allowed reports whether a combatant in status st may take the action
// (R08).
func (r *rule) allowed(st Status) bool { return r.allows&statusBit(st) != 0 }

// statusBit is st's place in a rule's set of statuses (rule.allows): a
// bit of its own for each of the five, none for any other.
func statusBit(st Status) uint8 {
	switch st {
	case OffGuard:
		return 1
	case OnGuard:
		return 2
	case Bound:
		return 4
	case Grappled:
		return 8
	case Pinned:
		return 16
	}
	return 0
}

// mayAfford reports whether someone with ap AP might pay for the action:
// a fixed cost must be at most ap (R05); a cost by weapon depends on the
// weapon, so the declaration decides.
func (r *rule) mayAfford(ap int) bool { return r.byWeapon || r.ap <= ap }

// cost is the AP the action costs made with weapon w: the weapon's when
// the cost is by weapon, else the action's own (A03, R05). An off-list
// action's cost is the GM's (R41), set in its declaration.
func (r *rule) cost(w *Weapon) int {
	if r.byWeapon {
		return w.AP
	}
	return r.ap
}

// answers reports whether the reaction answers action a.
func (r *rule) answers(a Action) bool { return slices.Contains(r.respondsTo, a) }

// staminaLadder is the Recover Stamina table (R32): the lowest result of
// each row; staminaAP is the AP each rung regains, none below the first
// row.
var (
	staminaLadder = parts.Ladder{-13, -9, -8, -6, -4, -3, -2, -1, 0}
	staminaAP     = [...]int{0, 1, 2, 3, 4, 6, 8, 10, 11, 12}
)

// staminaRegained reads a Recover Stamina result on its ladder.
func staminaRegained(result int) int { return staminaAP[staminaLadder.Rung(result)] }
