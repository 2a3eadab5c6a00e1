package maneuvers

import (
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
)

// Damaged: damage lands, through the pipeline of R31.
type Damaged struct {
	Combatant string `json:"combatant"`
	Source    string `json:"source"`
	// Dice are the damage dice, each of Sides sides.
	Dice  []int `json:"dice"`
	Sides int   `json:"sides,omitempty"`
	Bonus int   `json:"bonus,omitempty"`
	// Maximized: Precision; the dice were not drawn.
	Maximized bool   `json:"maximized,omitempty"`
	Raw       int    `json:"raw"`
	Type      string `json:"type"`
	AR        int    `json:"ar,omitempty"`
	Shield    int    `json:"shield,omitempty"`
	Resist    int    `json:"resist,omitempty"`
	Vuln      int    `json:"vuln,omitempty"`
	Amount    int    `json:"amount"`
	HP        int    `json:"hp"`
	// Down: unconscious and prone now; Dead: dead now (R32).
	Down bool `json:"down,omitempty"`
	Dead bool `json:"dead,omitempty"`
}

// The kinds of damage.go's events.
var (
	damagedKind = engine.Add[Damaged](events, "damaged")
)

// rollDamage rolls the roll's damage, maximized by Precision, and takes
// it through R31's pipeline.
func (d *decider) rollDamage() {
	s := d.s
	r := s.Roll
	a := s.Combatant(r.Attacker)
	t := s.Combatant(r.Target)
	dd, typ := r.Dice, r.Type
	maxed := r.Maneuver == Precision
	rolled := d.h.arena().Ints(dd.N)
	raw := dd.Bonus
	for i := range rolled {
		if maxed {
			rolled[i] = dd.Sides
		} else {
			rolled[i] = d.src.Roll(dd.Sides)
		}
		raw += rolled[i]
	}
	raw = max(raw, 0)
	ar, sh, res, vul, amount := damageAfter(s, t, raw, typ, r.Result == "blocked")
	hp := t.HP - amount
	d.emit(engine.New(d.h.arena(), damagedKind, Damaged{Combatant: t.ID, Source: a.ID, Dice: rolled, Sides: dd.Sides, Bonus: dd.Bonus, Maximized: maxed, Raw: raw, Type: typ,
		AR: ar, Shield: sh, Resist: res, Vuln: vul, Amount: amount, HP: hp,
		Down: t.Conscious() && hp <= 0,
		Dead: !t.Dead && s.Options.DeathRule == "negative_max" && hp <= -t.Health}))
}

// damageAfter takes raw damage of type typ to t through R28-R31: armour
// (physical, or its magical rating), the shield on a successful Block, the
// highest resistance and the highest vulnerability, floored at 0.
func damageAfter(s *State, t *Combatant, raw int, typ string, blocked bool) (ar, shield, res, vuln, amount int) {
	group := damageGroup[typ]
	for _, a := range t.Armor {
		switch group {
		case Physical:
			ar = max(ar, a.AR)
		case Magical:
			ar = max(ar, a.ARMagical)
		}
	}
	if sh := t.shield(); blocked && sh != nil {
		switch {
		case group == Physical:
			shield = sh.BR
		case group == Magical, s.Options.ShieldVsOther == "half":
			shield = (sh.BR + 1) / 2
		}
	}
	res = max(t.Resist[typ], t.Resist[group])
	vuln = max(t.Vulnerable[typ], t.Vulnerable[group])
	amount = max(0, raw-ar-shield-res+vuln)
	return
}

// describeDice writes damage or healing dice.
func describeDice(dice []int, sides, bonus int, maxed bool) string {
	words := make([]string, 0, len(dice)+2)
	for _, d := range dice {
		words = append(words, "d"+strconv.Itoa(sides)+"="+strconv.Itoa(d))
	}
	if bonus != 0 {
		words = append(words, fmt.Sprintf("%+d", bonus))
	}
	if maxed {
		words = append(words, "maximized")
	}
	if len(words) == 0 {
		return "no dice"
	}
	return strings.Join(words, " ")
}

func (e *Damaged) apply(s *State, _ *hotMemory) {
	if t := s.Combatant(e.Combatant); t != nil {
		t.HP, t.Prone, t.Dead = e.HP, t.Prone || e.Down, t.Dead || e.Dead
		t.Unconscious = t.HP <= 0 && !t.Dead
		t.WokeUnseen = nil // whether it is conscious is in the open
	}
	if r := s.Roll; r != nil {
		if r.Maneuver != "" {
			r.Stage = StageResist
		} else {
			s.Roll = nil
		}
	}
}

func (e *Damaged) describe(s *State) string {
	var cuts strings.Builder
	for _, c := range []struct {
		n    int
		word string
		sign string
	}{{e.AR, "armour", "-"}, {e.Shield, "shield", "-"}, {e.Resist, "resistance", "-"}, {e.Vuln, "vulnerability", "+"}} {
		if c.n != 0 {
			fmt.Fprintf(&cuts, " %s %s %d", c.sign, c.word, c.n)
		}
	}
	line := fmt.Sprintf("%s takes %d %s damage (%s = %d%s)", e.Combatant, e.Amount, e.Type,
		describeDice(e.Dice, e.Sides, e.Bonus, e.Maximized), e.Raw, cuts.String())
	if t := s.Combatant(e.Combatant); t == nil || !t.Unseen {
		// The health it leaves is as unseen as the rest of it to a foe
		// it is hidden from (R36): the blow is in the open, not that.
		line += fmt.Sprintf(": %d health left", e.HP)
	}
	if e.Down {
		line += ", unconscious and prone"
	}
	if e.Dead {
		line += ", dead"
	}
	return line
}
