package blackpowder

import (
	"fmt"
	"strconv"

	"fray/dice"
	"fray/engine"
)

// weaponDamage rolls a weapon's damage dice and returns them with the
// weapon damage they give and the raw die that counts for a critical.
//
// The dice are drawn by the classes the rules read them by: of two dice
// kept high, the second is read against the first (lower, the same when
// doubles count, or higher, each value apart); one die through the
// weapon's damage die, and a 10 apart (a critical). doubles says whether
// doubles count: a gun's first damage jams on them (R19), a critical's
// extra damage never does.
func (r *run) weaponDamage(w *Weapon, doubles bool) (rolled []int, value, raw int) {
	if w.Deadly || w.Kind == KindGun || w.Damage == TwoD10High {
		first := r.d10()
		classes := dice.Classes(0).Cut(first+1).Each(first+1, 10)
		if doubles {
			classes = classes.Cut(first)
		}
		second := r.d10By(classes)
		rolled = r.arena().Ints(2)
		rolled[0], rolled[1] = first, second
		return rolled, max(first, second), max(first, second)
	}
	divisor := damageDivisor(w.Damage)
	first := r.d10By(classesByDivisor[divisor])
	rolled = r.arena().Ints(1)
	rolled[0] = first
	return rolled, dieValueBy(divisor, first), first
}

// classesByDivisor holds, for each damage die by its damageDivisor, the
// classes of a d10 read through it: a class per value it gives, and a 10
// apart (R12, R15).
var classesByDivisor = func() (by [5]dice.Classes) {
	for divisor := range by {
		c := dice.Classes(0).Cut(10)
		for v := 2; v <= 10; v++ {
			if dieValueBy(divisor, v) != dieValueBy(divisor, v-1) {
				c = c.Cut(v)
			}
		}
		by[divisor] = c
	}
	return by
}()

// damageDivisor is what a weapon's damage die is divided by: 2, 3 or 4
// for D10/2, D10/3 and D10/4, else 0 (not divided).
func damageDivisor(damage DamageDie) int {
	if int(damage) < len(divisors) {
		return divisors[damage]
	}
	return 0
}

// divisors are damageDivisor's answers, by damage die.
var divisors = [...]int{D10Half: 2, D10Third: 3, D10Quarter: 4, TwoD10High: 0}

// dieValueBy reads a d10 through a weapon's damage die, divided by
// divisor (damageDivisor) (R12).
func dieValueBy(divisor, raw int) int {
	if v, ok := dice.DivideD10(raw, divisor); ok {
		return v
	}
	return raw
}

// damage rolls and applies the damage of a hit that was not dodged, or
// for a hold attempt rolls the contest instead (R39). a and t are p's
// attacker and target. p is the caller's copy, which it changes: the
// state's pending attack changes with the events it emits.
func (r *run) damage(p *Pending, a, t *Combatant) error {
	if p.Hold {
		r.holdContest(p.Attacker, p.Target, true)
		return nil
	}
	w := attackWeapon(a, p.Weapon)
	rolled, value, raw := r.weaponDamage(w, w.Kind == KindGun)
	r.emit(engine.New(r.arena(), damageRolledKind, DamageRolled{Attacker: a.ID, Dice: rolled, Value: value}))
	if w.Kind == KindGun && len(rolled) == 2 && rolled[0] == rolled[1] {
		if !r.jam(a, p.Weapon) {
			return nil
		}
	}
	p.Damage = value
	if raw == 10 && (r.s.group(a.Group).Players || r.s.Options.NPCCrits) {
		p.Stage = StageCritical
		// The dodge is over: the re-roll needs the bonus and the
		// difficulty, not the total, so criticals alike are alike states.
		p.Total = 0
		r.emit(engine.New(r.arena(), awaitingDecisionKind, AwaitingDecision{Pending: *p}))
		return nil
	}
	r.land(p, a, t, 0)
	return nil
}

// land applies a hit's damage: weapon damage (plus a critical's extra),
// the attribute and bonuses, less Toughness (R13, R14, R16). a and t are
// p's attacker and target; p is the caller's copy, as for damage.
func (r *run) land(p *Pending, a, t *Combatant, extra int) {
	w := pendingWeapon(a, p)
	bonus := damageAttribute(a, w) + w.DamageMod + a.DamageBonus
	raw := p.Damage + extra + bonus
	if p.Stun {
		r.stunDamage(t, raw*2+w.Stunning-t.ToughnessEff(w.Penetrating || w.Kind == KindGun))
		return
	}
	if w.Fists && t.WearsArmor() {
		raw /= 2 // bare hands against armor (R16, A30)
	}
	r.hurt(t, a.ID, raw, w.Penetrating || w.Kind == KindGun, p.Damage+extra, bonus)
	if t = r.s.combatant(t.ID); p.Hand && t.Wielding >= 0 {
		// A hit on the hand makes it drop what it holds, which lies at its
		// feet until picked up (R11, §6; E2).
		r.emit(engine.New(r.arena(), disarmedKind, Disarmed{Target: t.ID, Weapon: t.Wielding}))
	}
}

// hurt applies raw damage to a combatant and what follows: a Consciousness
// check when LP first drops below 0 (R25), death when damage taken while
// unconscious reaches LP max (R26).
func (r *run) hurt(t *Combatant, source string, raw int, penetrating bool, weapon, bonus int) {
	tough := t.ToughnessEff(penetrating)
	eff := max(0, raw-tough)
	wasActive := t.Status == Active
	r.emit(engine.New(r.arena(), damageDealtKind, DamageDealt{Target: t.ID, Source: source, Raw: raw, Toughness: tough, Effective: eff, Weapon: weapon, Bonus: bonus}))
	switch {
	case wasActive && t.LP < 0:
		r.consciousness(t, -t.LP+5, false, 0)
	case t.Status == Unconscious && eff > 0:
		taken := t.DamageWhileUnconscious
		if r.s.Options.DeathMode == "single_hit" {
			taken = eff
		}
		if taken >= t.LPMax {
			r.emit(engine.New(r.arena(), diedKind, Died{Target: t.ID}))
		}
	}
}

// DamageRolled: the weapon damage dice (R12). Dice are the raw d10s; Value
// is the weapon damage they give (kept die, divided).
type DamageRolled struct {
	Attacker string `json:"attacker"`
	Dice     []int  `json:"dice"`
	Value    int    `json:"value"`
}

// The kinds of damage.go's events.
var (
	damageRolledKind = engine.Add[DamageRolled](events, "damage_rolled")
	damageDealtKind  = engine.Add[DamageDealt](events, "damage_dealt")
	diedKind         = engine.Add[Died](events, "died")
	disarmedKind     = engine.Add[Disarmed](events, "disarmed")
)

func (*DamageRolled) apply(*State, *hotMemory) {
	// The dice are on the record; damage lands with DamageDealt.
}

func (e *DamageRolled) describe(*State) string {
	return fmt.Sprintf("damage dice %v → %d", e.Dice, e.Value)
}

// DamageDealt: damage reaches a combatant (R13, R14). Raw is before
// Toughness; Effective is what LP loses. For a hit, Weapon is the weapon's
// damage (with a critical's extra) and Bonus what is added to it (the
// attribute, the weapon's modifier, the attacker's bonus), so that
// Weapon + Bonus is Raw, or twice it for fists against armour (R16); both
// are 0 for other damage, and in fights recorded before they were kept.
type DamageDealt struct {
	Target    string `json:"target"`
	Source    string `json:"source"`
	Raw       int    `json:"raw"`
	Toughness int    `json:"toughness"`
	Effective int    `json:"effective"`
	Weapon    int    `json:"weapon_damage,omitempty"`
	Bonus     int    `json:"bonus,omitempty"`
}

func (e *DamageDealt) apply(s *State, h *hotMemory) {
	i := s.index(e.Target)
	if h.tallying() {
		h.tally(i, e.counts(s))
	}
	t := &s.Combatants[i]
	t.LP -= e.Effective
	if t.Status == Unconscious {
		t.DamageWhileUnconscious += e.Effective
	}
}

func (e *DamageDealt) describe(s *State) string {
	return fmt.Sprintf("%s takes %d damage (%s − Toughness %d)", s.name(e.Target), e.Effective, rawDamage(e), e.Toughness)
}

// rawDamage writes how a hit's damage before Toughness adds up: the
// weapon's damage and its bonus, halved for fists against armour (R16),
// as "7 +2 bonus = 9"; for damage without them, the number alone.
func rawDamage(e *DamageDealt) string {
	if e.Weapon == 0 && e.Bonus == 0 {
		return strconv.Itoa(e.Raw)
	}
	sum := e.Weapon + e.Bonus
	s := fmt.Sprintf("%d %+d bonus = %d", e.Weapon, e.Bonus, sum)
	if sum != e.Raw {
		s += fmt.Sprintf(", halved against armour: %d", e.Raw)
	}
	return s
}

// Died: damage while unconscious reached LP max (R26).
type Died struct {
	Target string `json:"target"`
}

func (e *Died) apply(s *State, h *hotMemory) {
	i := s.index(e.Target)
	h.tally(i, e.counts())
	h.leftFight()
	t := &s.Combatants[i]
	t.Status = Dead
	fall(s, t)
}

func (e *Died) describe(s *State) string {
	return s.name(e.Target) + " dies"
}

// Disarmed: a hit on the hand makes its target drop the weapon it held,
// which lies at its feet (R11, §6).
type Disarmed struct {
	Target string `json:"target"`
	Weapon int    `json:"weapon"`
}

func (e *Disarmed) apply(s *State, h *hotMemory) {
	c := s.combatant(e.Target)
	if e.Weapon >= 0 && e.Weapon < len(c.Weapons) {
		drop(c, e.Weapon, c.X, c.Y, h)
	}
}

// drop lays c's weapon i on the ground at (x, y), out of c's hand if it
// held it, where it lies until picked up (R11, R17).
func drop(c *Combatant, i int, x, y float64, h *hotMemory) {
	w := &c.Weapons[i]
	w.OnGround, w.GroundX, w.GroundY = true, x, y
	h.dropped()
	if c.Wielding == i {
		c.Wielding, c.Reloading = -1, 0
	}
}

func (e *Disarmed) describe(s *State) string {
	c := s.combatant(e.Target)
	return fmt.Sprintf("%s drops the %s", c.Name, attackWeapon(c, e.Weapon).Name)
}
