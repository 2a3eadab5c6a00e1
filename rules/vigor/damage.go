package vigor

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
)

// damage rolls and applies the damage of the pending strike (R24 steps
// 6-9, R26-R35).
func (d *decider) damage() {
	s := d.s
	st := s.Strike
	me, t := s.Combatant(st.Attacker), s.Combatant(st.Target)
	w := me.Weapon(st.Weapon)
	cat := w.category()
	ability := cat.DamageAbility
	if w.DamageWith != "" {
		ability = w.DamageWith
	}
	n := 0
	if ability != "" {
		n = s.dice(me.Score(ability))
	}
	r := Rank(me.BaseRank(), st.Charges, st.Challenges, me.Wounded)
	wr := w.rank()

	// Immunity (R32, A27), and damage that harms only the living (R28).
	dr := rankOf(t.DurRank)
	immune := dr >= 0 && dr > wr
	row := typeRow(damageType(w.Type))
	unliving := row.LivingOnly && !t.living()
	// Armour (R29, R30, A36) and cover (R46, A13).
	ar, worn := 0, -1
	for i := range t.Armor {
		a := &t.Armor[i]
		if a.Destroyed || !a.protects(damageType(w.Type)) || wr-a.rank() >= s.Options.QualityGap {
			continue // ignored by a weapon three ranks better (R29)
		}
		ar = max(ar, a.AR)
		if !a.Natural && (worn < 0 || a.AR > t.Armor[worn].AR) {
			worn = i
		}
	}
	if worn >= 0 && (t.Object || row.NoWear || t.Armor[worn].rank()-wr >= s.Options.QualityGap || t.Armor[worn].DurMax == 0) {
		worn = -1 // too good to wear (R29), damage that wears nothing (R28), or without Durability to lose
	}
	if st.Ranged {
		if cv := s.cover(t); !cv.SturdyOnly || t.Sturdy {
			ar += cv.AR
		}
	}
	// How much of the raw damage matters: beyond cap nothing changes.
	cap := 1
	if !immune && !unliving {
		switch {
		case t.Object:
			cap = ar + t.Durability
		case t.Shock:
			cap = ar + 1
		case s.Options.NoOverflow && t.Durability > 0:
			cap = ar + t.Durability
		default:
			cap = ar + t.Durability + t.Health
		}
		if worn >= 0 {
			cap = max(cap, t.Armor[worn].AR)
		}
		cap = max(cap, 1)
	}
	e := engine.New(d.h.arena(), damagedKind, Damaged{Attacker: me.ID, Target: t.ID, WeaponSides: ladder[wr].Sides, Bonus: Roll{Count: n, Sides: ladder[r].Sides}})
	var raw int
	e.WeaponDice, e.Bonus.Dice, raw = roll(d.src, w.dice(), ladder[wr].Sides, n, ladder[r].Sides, cap, 0, d.ints())
	for _, v := range e.Bonus.Dice {
		e.Bonus.Total += v
	}
	e.Raw, e.Critical = raw, e.Bonus.Bursts() > 0
	e.Immune, e.Unliving, e.AR = immune, unliving, ar
	if !immune && !unliving {
		e.Final = max(0, raw-ar)
		if worn >= 0 {
			a := &t.Armor[worn]
			e.Worn, e.Wear = a.Name, min(a.AR, raw)
			e.ArmorLeft = max(0, a.Dur-e.Wear)
			e.Broken = e.ArmorLeft == 0
		}
	}
	e.Durability, e.Health = t.Durability, t.Health
	switch {
	case t.Object:
		e.ToDurability = min(e.Final, t.Durability)
		e.Durability -= e.ToDurability
		e.Destroyed = e.Durability == 0
	case t.Shock:
		e.Dead = e.Final >= 1 // A41
	default:
		e.ToDurability = min(e.Final, t.Durability)
		e.Durability -= e.ToDurability
		if rest := e.Final - e.ToDurability; rest > 0 && (!s.Options.NoOverflow || t.Durability == 0) {
			e.ToHealth = min(rest, t.Health)
			e.Health -= e.ToHealth
		}
		e.Wounded = !t.Wounded && e.Durability == 0 && e.Final > 0
		if e.Health == 0 && (e.ToHealth > 0 || t.Health == 0 && e.Final > e.ToDurability) {
			e.Shock = true
			e.Dead = t.Stamina == 0
		}
	}
	d.emit(e)
	if st := s.Strike; st != nil && st.Knockdown && s.Phase == Knockdown {
		d.emit(engine.New(d.h.arena(), knockdownRuledKind, KnockdownRuled{Combatant: t.ID, Down: true, Negated: actUnderWay(s, t)}))
	}
}

// Damaged: a hit's damage (R26-R35).
type Damaged struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// WeaponDice are the weapon's dice (never bursting), of WeaponSides.
	WeaponDice  []int `json:"weapon_dice"`
	WeaponSides int   `json:"weapon_sides"`
	// Bonus is the damage bonus dice (R27).
	Bonus Roll `json:"bonus"`
	Raw   int  `json:"raw"`
	// Immune: superior Durability took it all (R32).
	Immune bool `json:"immune,omitempty"`
	// Unliving: the damage harms only the living, and the target is not
	// (R28).
	Unliving bool `json:"unliving,omitempty"`
	AR       int  `json:"ar,omitempty"`
	Final    int  `json:"final"`
	// ToDurability and ToHealth are what the creature lost of each; the
	// values after.
	ToDurability int `json:"to_durability,omitempty"`
	ToHealth     int `json:"to_health,omitempty"`
	Durability   int `json:"durability"`
	Health       int `json:"health"`
	// Critical: a damage bonus die burst (R04).
	Critical bool `json:"critical,omitempty"`
	// Wounded, Shock, Dead and Destroyed: what the damage did.
	Wounded   bool `json:"wounded,omitempty"`
	Shock     bool `json:"shock,omitempty"`
	Dead      bool `json:"dead,omitempty"`
	Destroyed bool `json:"destroyed,omitempty"`
	// Worn is the armour that wore (R30, A36), by Wear, with ArmorLeft.
	Worn      string `json:"worn,omitempty"`
	Wear      int    `json:"wear,omitempty"`
	ArmorLeft int    `json:"armor_left,omitempty"`
	Broken    bool   `json:"broken,omitempty"`
}

// The kinds of damage.go's event.
var (
	damagedKind = engine.Add[Damaged](events, "damaged")
)

// apply takes the damage, wears the armour, and asks for the GM's ruling
// the hit calls for, if any (R37, R39).
func (e *Damaged) apply(s *State, _ *hotMemory) {
	t := s.Combatant(e.Target)
	if t == nil {
		return
	}
	t.Durability, t.Health = e.Durability, e.Health
	if e.Wounded {
		t.Wounded = true
	}
	if e.Shock {
		t.Shock, t.ShockLeft = true, t.Stamina
	}
	if e.Dead {
		t.Dead = true
	}
	if e.Destroyed {
		t.Destroyed = true
	}
	if e.Worn != "" {
		if i := slices.IndexFunc(t.Armor, func(a Armor) bool { return a.Name == e.Worn }); i >= 0 {
			t.Armor[i].Dur = e.ArmorLeft
			t.Armor[i].Destroyed = e.Broken
		}
	}
	st := s.Strike
	if st != nil {
		// Nothing reads the roll once the damage is in: forget it,
		// so that exact odds meet one situation, not one per total.
		st.Total, st.VS, st.Charges, st.Challenges, st.Ranged = 0, 0, 0, 0, false
	}
	switch {
	case st == nil:
	case t.Dead || t.Destroyed || t.Object:
		s.Strike = nil
		settle(s)
	case st.Incapacitated && !e.Immune && !e.Unliving:
		// A weapon that cannot harm the target cannot kill it
		// outright either (R32, R28): no ruling is asked.
		s.Phase = Kill
	case t.Incapacitated(), t.Prone:
		// Nothing more to rule: it is down already (R39).
		s.Strike = nil
		settle(s)
	default:
		s.Phase = Knockdown
	}
}

func (e *Damaged) describe(s *State) string {
	t := s.Combatant(e.Target)
	return describeDamage(e, t != nil && t.Object)
}

// describeDamage writes a damage line: "bob takes 7 damage (1d8 [5] +
// 1d10 [3] = 8, AR 1): Durability 3, Health 10"; several weapon dice are
// separated as bonus dice are: "2d10 [4, 7]".
func describeDamage(e *Damaged, object bool) string {
	var b strings.Builder
	weapon := make([]string, len(e.WeaponDice))
	for i, v := range e.WeaponDice {
		weapon[i] = strconv.Itoa(v)
	}
	fmt.Fprintf(&b, "%s takes %d damage (%dd%d [%s]", e.Target, e.Final, len(e.WeaponDice), e.WeaponSides, strings.Join(weapon, ", "))
	if e.Bonus.Count > 0 {
		b.WriteString(" + " + e.Bonus.dice())
	}
	fmt.Fprintf(&b, " = %d", e.Raw)
	if e.AR > 0 {
		fmt.Fprintf(&b, ", AR %d", e.AR)
	}
	b.WriteString(")")
	if e.Critical {
		b.WriteString(", critical")
	}
	if e.Immune {
		b.WriteString(", immune: superior Durability")
	}
	if e.Unliving {
		b.WriteString(", unharmed: it harms only the living")
	}
	fmt.Fprintf(&b, ": Durability %d", e.Durability)
	if !object {
		fmt.Fprintf(&b, ", Health %d", e.Health)
	}
	if e.Worn != "" {
		fmt.Fprintf(&b, "; %s wears %d to %d", e.Worn, e.Wear, e.ArmorLeft)
		if e.Broken {
			b.WriteString(", destroyed")
		}
	}
	for _, w := range []struct {
		on   bool
		word string
	}{{e.Wounded, "wounded"}, {e.Shock, "in Shock"}, {e.Dead, "dead"}, {e.Destroyed, "destroyed"}} {
		if w.on {
			b.WriteString(", " + w.word)
		}
	}
	return b.String()
}
