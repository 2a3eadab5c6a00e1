package woundslots

import (
	"fmt"
	"slices"

	"fray/engine"
)

// Spell is a spell a creature knows (R44). The rules name no spells: the
// bundled ones are ours.
type Spell struct {
	Name    string `yaml:"name" json:"name" required:"true" doc:"a lowercase word, as cast SPELL names it"`
	School  string `yaml:"school" json:"school" doc:"its school, for the Arcana specialization"`
	AP      *int   `yaml:"ap" json:"ap,omitempty" min:"0" max:"100" doc:"AP to cast it (default 4, A05); 0 for one free to use, as its own cost may say (R24)"`
	Mana    int    `yaml:"mana" json:"mana,omitempty" min:"0" max:"1000" doc:"mana spent when it takes effect (R21)"`
	Defense string `yaml:"defense" json:"defense" enum:"melee,ranged,power,agility,fortitude,willpower" doc:"the Defense the spell attack meets (R05)"`
	Damage  int    `yaml:"damage" json:"damage,omitempty" min:"-100" max:"100" doc:"added to a hit's final value, as a weapon's damage is (R06)"`
	Range   int    `yaml:"range" json:"range,omitempty" min:"0" max:"1000" doc:"yards it reaches (0: adjacent)"`
	// DamageType is what the spell's damage is; fire and lightning act
	// otherwise under water (R74).
	DamageType string `yaml:"damage_type" json:"damage_type,omitempty" doc:"its kind of damage: fire is halved under water, lightning under water also hurts those near its target (R74)"`
	// Invest is mana invested rather than spent, and Rounds how long the
	// effect the spell leaves lasts (R21, R32): a spell with either leaves
	// an effect on its caster, which holds the mana until it ends.
	Invest int `yaml:"invest" json:"invest,omitempty" min:"0" max:"1000" doc:"mana invested in the effect it leaves on its caster, returned when the effect ends (R21)"`
	Rounds int `yaml:"rounds" json:"rounds,omitempty" min:"0" max:"10000" doc:"rounds the effect it leaves lasts (R32), 0 until it is ended (R60)"`
	// BypassArmor makes the target's armour not count (R07).
	BypassArmor bool `yaml:"bypass_armor" json:"bypass_armor,omitempty" doc:"armour does not count against it (R07)"`
	// Stamina is paid as it takes effect (R19).
	Stamina int `yaml:"stamina" json:"stamina,omitempty" min:"0" max:"100" doc:"stamina paid when it takes effect; past what is left, fatigue (R19)"`
	// APCost, APZero and Checks go to the effect it leaves on its caster.
	APCost int  `yaml:"ap_cost" json:"ap_cost,omitempty" min:"-20" max:"20" doc:"the effect it leaves changes the AP cost of its caster's actions and reactions by this much, at least 1 (R24)"`
	APZero bool `yaml:"ap_zero" json:"ap_zero,omitempty" doc:"the effect it leaves may bring a cost down to 0 (R24)"`
	Checks int  `yaml:"checks" json:"checks,omitempty" min:"-20" max:"20" doc:"the effect it leaves adds this to its caster's checks and attacks"`
	// Condition is left on a creature the spell attack hits (R64, R32).
	Condition *Condition `yaml:"condition" json:"condition,omitempty" doc:"a condition a hit leaves on its target, from the round of the hit"`
}

// spell returns the spell c knows by name, or nil.
func (c *Combatant) spell(name string) *Spell {
	if i := slices.IndexFunc(c.Spells, func(s Spell) bool { return s.Name == name }); i >= 0 {
		return &c.Spells[i]
	}
	return nil
}

// spellAP is a spell's AP (A05: 4 by default); one given as 0 costs
// nothing, as an effect that says so may (R24).
func spellAP(sp *Spell) int { return valueOr(sp.AP, 4) }

// castEffect is a spell that leaves an effect on its caster (R21, R44),
// once castEffectCheck has passed it: it invests its mana, held until the
// effect ends, and spends its own.
func (r *run) castEffect(a *Combatant, sp *Spell) {
	r.spend(a, spellAP(sp), "cast")
	r.emit(engine.New(r.h.arena(), spellCastKind, SpellCast{Combatant: a.ID, Spell: sp.Name, Mana: a.Mana - sp.Mana}))
	r.payStaminaFor(a, sp)
	r.emit(engine.New(r.h.arena(), effectBegunKind, EffectBegun{Combatant: a.ID, Effect: sp.Name, Mana: sp.Invest, Rounds: sp.Rounds, APCost: sp.APCost, APZero: sp.APZero, Checks: sp.Checks}))
}

// castEffectCheck is castEffect's checks.
func castEffectCheck(a *Combatant, sp *Spell, target string) error {
	switch {
	case target != "":
		return refuse(engine.Invalid, "%s is cast on %s itself: cast %s", sp.Name, a.ID, sp.Name)
	case a.Mana < sp.Mana+sp.Invest:
		return refuse(engine.NotAllowedNow, "%s has %d mana; %s needs %d (A31: no overspending)", a.ID, a.Mana, sp.Name, sp.Mana+sp.Invest)
	case slices.ContainsFunc(a.Effects, func(e Effect) bool { return e.Name == sp.Name }):
		return refuse(engine.NotAllowedNow, "%s's %s holds already; end it first (R60)", a.ID, sp.Name)
	}
	return need(a, spellAP(sp), "the spell")
}

// spellDefense is the Defense a spell attack meets (R05, R13, R14).
func spellDefense(t *Combatant, name string) int {
	switch name {
	case "melee":
		return t.MeleeDefense()
	case "ranged":
		return t.RangedDefense()
	}
	return guardDefense(t, name, "")
}

// canCast reports whether a may cast sp at t now.
func canCast(a *Combatant, sp *Spell, t *Combatant) bool {
	return t.Side != a.Side && t.Up() && a.affords(spellAP(sp)) && a.Mana >= sp.Mana &&
		dist(a, t)-1 <= sp.Range
}

// cast is R44 with R21 and A31: a spell attack, Rsn [Arcana/school],
// wild, against the Defense the spell names; a hit wounds as a weapon's
// does, with the spell's damage and without Str; the mana is spent when
// it takes effect, never more than is left.
func (r *run) cast(name, target string) error {
	a, sp, t, err := r.castCheck(name, target)
	if err != nil {
		return err
	}
	if sp.Defense == "" {
		r.castEffect(a, sp)
		return nil
	}
	r.spend(a, spellAP(sp), "cast")
	// A spell attack is an attack: flanking, a rear attack and a shared
	// space count as for any other (R11, R12, R51).
	bonus := a.Attributes.Rsn + a.rank("arcana", sp.School) + r.s.anyAttack(a, t)
	defense := spellDefense(t, sp.Defense)
	if r.choice != "" && (sp.Defense == "melee" || sp.Defense == "ranged") {
		defense = guardDefense(t, r.choice, sp.Defense) // R45
	}
	damage := sp.Damage
	if sp.DamageType == "fire" && t.Submerged {
		damage = floorDiv(damage, 2) // R74: fire under water, halved
	}
	k := bonus + damage - defense - t.Toughness(sp.BypassArmor)
	r.emit(engine.New(r.h.arena(), spellCastKind, SpellCast{Combatant: a.ID, Spell: sp.Name, Target: t.ID, Mana: a.Mana - sp.Mana}))
	r.payStaminaFor(a, sp)
	// Lightning spreading under water reads the attack total itself.
	spreads := sp.DamageType == "lightning" && t.Submerged
	if !r.attackFooting(a) {
		return nil // R75: a slip, and the spell attack misses
	}
	die, hit := r.rollAttack(a, t, bonus, defense, k, spreads)
	if !hit {
		return nil
	}
	final := die + k
	r.wound(t, a.ID, final, WoundLevel(final))
	r.inflict(a, t, sp)
	if spreads {
		r.lightning(a, t, sp, die+bonus)
	}
	return nil
}

// castCheck is cast's checks: it returns the caster, the spell and its
// target (nil for a spell that leaves an effect on its caster).
func (r *run) castCheck(name, target string) (a *Combatant, sp *Spell, t *Combatant, err error) {
	if a, err = r.acting("cast ", name); err != nil {
		return nil, nil, nil, err
	}
	s := r.s
	sp, t = a.spell(name), s.Combatant(target)
	switch {
	case sp == nil:
		return nil, nil, nil, refuse(engine.Invalid, "%s knows no spell called %q", a.ID, name)
	case sp.Defense == "":
		return a, sp, nil, castEffectCheck(a, sp, target)
	case t == nil:
		return nil, nil, nil, s.noCombatant(target)
	case t.Side == a.Side || !t.Up():
		return nil, nil, nil, refuse(engine.NotAllowedNow, "%s is not a standing enemy", t.ID)
	case a.Mana < sp.Mana:
		return nil, nil, nil, refuse(engine.NotAllowedNow, "%s has %d mana; %s needs %d (A31: no overspending)", a.ID, a.Mana, sp.Name, sp.Mana)
	case dist(a, t)-1 > sp.Range:
		return nil, nil, nil, refuse(engine.NotAllowedNow, "%s is beyond %s's range of %d yards", t.ID, sp.Name, sp.Range)
	}
	return a, sp, t, need(a, spellAP(sp), "the spell")
}

// lightning is R74's lightning under water: beyond its normal effect it
// hurts every other creature under water, its caster too, with its damage
// less 1 for every foot between it and the target's space (3 a yard of
// gap); each such creature meets the same attack total with its own
// Defense and Toughness, as a hit would [ours: the rules give the damage,
// not how it meets a creature it did not target].
func (r *run) lightning(a, t *Combatant, sp *Spell, total int) {
	s := r.s
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.ID == t.ID || o.gone() || !o.Submerged {
			continue
		}
		damage := sp.Damage - 3*max(0, dist(t, o)-1)
		if damage <= 0 {
			continue
		}
		final := total + damage - spellDefense(o, sp.Defense) - o.Toughness(sp.BypassArmor)
		r.wound(o, a.ID, final, WoundLevel(final))
	}
}

// SpellCast: a spell is cast (R44): Mana is what the caster has left (R21); the spell attack's events follow.
type SpellCast struct {
	Combatant string `json:"combatant"`
	Spell     string `json:"spell"`
	Target    string `json:"target"`
	Mana      int    `json:"mana"`
}

func (e *SpellCast) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Mana = e.Mana
	}
}

func (e *SpellCast) describe(s *State) string {
	if e.Target == "" {
		return fmt.Sprintf("%s casts %s: %d mana left", e.Combatant, e.Spell, e.Mana)
	}
	return fmt.Sprintf("%s casts %s at %s: %d mana left", e.Combatant, e.Spell, e.Target, e.Mana)
}

// Cast casts a spell at a creature (R44).
type Cast struct {
	Spell  string `json:"spell"`
	Target string `json:"target"`
}

// The kinds of spell.go's command and event.
var (
	castKind      = engine.Add[Cast](commands, "cast")
	spellCastKind = engine.Add[SpellCast](events, "spell_cast")
)

func (*Cast) command() {}
