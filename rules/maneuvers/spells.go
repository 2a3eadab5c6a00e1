package maneuvers

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Cast uses a spell or ability (R37).
type Cast struct {
	Spell  string `json:"spell"`
	Target string `json:"target,omitempty"`
}

// SpellCast: a spell is cast and its AP paid (R37).
type SpellCast struct {
	Caster string `json:"caster"`
	Spell  string `json:"spell"`
	Target string `json:"target,omitempty"`
	AP     int    `json:"ap"`
	Attack bool   `json:"attack,omitempty"`
	// Provoked: its cost was paid when it provoked (Provoking), and the
	// opportunity attacks are over.
	Provoked bool `json:"provoked,omitempty"`
}

// SpellLost: the caster was taken down before its spell took effect.
type SpellLost struct {
	Caster string `json:"caster"`
	Spell  string `json:"spell"`
}

// Healed: healing lands (R33).
type Healed struct {
	Combatant string `json:"combatant"`
	Source    string `json:"source"`
	// Dice are the healing dice, each of Sides sides.
	Dice   []int `json:"dice"`
	Sides  int   `json:"sides,omitempty"`
	Bonus  int   `json:"bonus,omitempty"`
	Amount int   `json:"amount"`
	HP     int   `json:"hp"`
	// Woke: rising above 0 ends Unconscious.
	Woke bool `json:"woke,omitempty"`
}

// The kinds of spells.go's commands and events.
var (
	castKind      = engine.Add[Cast](commands, "cast")
	spellCastKind = engine.Add[SpellCast](events, "spell_cast")
	spellLostKind = engine.Add[SpellLost](events, "spell_lost")
	healedKind    = engine.Add[Healed](events, "healed")
)

func (*Cast) command() {}

// cast uses a spell (R37): one without the Melee Attack trait provokes
// first.
func (d *decider) cast(me *Combatant, c *Cast) error {
	s := d.s
	sp := me.spell(c.Spell)
	if sp == nil {
		return refuse(engine.Invalid, "%s has no spell %q (spells: %s)", me.ID, c.Spell, strings.Join(parts.IDs(me.Spells, func(sp *Spell) string { return sp.Name }), ", "))
	}
	attack := sp.attack()
	target := c.Target
	switch {
	case me.AP < sp.AP:
		return refuse(engine.NotAllowedNow, "%s needs %d AP for %s and has %d", me.ID, sp.AP, sp.Name, me.AP)
	case sp.AP == 0 && me.FreeUsed:
		return refuse(engine.NotAllowedNow, "%s has used its free action this round (R10)", me.ID)
	case attack && me.Attacks >= AttacksPerRound:
		return refuse(engine.NotAllowedNow, "%s has made its %d attacks this round (R11)", me.ID, AttacksPerRound)
	case attack && target == "":
		return refuse(engine.Invalid, "%s is an attack: cast %s at TARGET", sp.Name, sp.Name)
	}
	if target == "" {
		target = me.ID
	}
	t := s.Combatant(target)
	switch {
	case t == nil:
		return unknown(target)
	case attack && !hostile(me, t):
		return refuse(engine.NotAllowedNow, "%s and %s are on the same side", me.ID, t.ID)
	case !attack && hostile(me, t):
		return refuse(engine.NotAllowedNow, "%s helps allies, not %s", sp.Name, t.ID)
	case t.Dead:
		return refuse(engine.NotAllowedNow, "%s is dead", t.ID)
	case dist(me.pos(), t.pos()) > sp.Range+1e-9:
		return refuse(engine.NotAllowedNow, "%s is %.2f m away, beyond the %g m range of %s", t.ID, dist(me.pos(), t.pos()), sp.Range, sp.Name)
	}
	if sp.has("melee-attack") {
		d.castEffect(me, sp, t.ID, false)
		return nil
	}
	d.emit(engine.New(d.h.arena(), provokingKind, Provoking{Combatant: me.ID, Trigger: TriggerCast, Spell: sp.Name, Target: t.ID, AP: sp.AP, Attack: attack,
		Reactors: d.reactorsAt(me, me.pos())}))
	return nil
}

// castEffect makes a spell take effect: an attack's combat roll, or its
// healing.
func (d *decider) castEffect(me *Combatant, sp *Spell, target string, provoked bool) {
	s := d.s
	attack := sp.attack()
	d.emit(engine.New(d.h.arena(), spellCastKind, SpellCast{Caster: me.ID, Spell: sp.Name, Target: target, AP: sp.AP, Attack: attack, Provoked: provoked}))
	t := s.Combatant(target)
	if attack {
		melee := sp.has("melee-attack")
		d.attack(me, engine.New(d.h.arena(), strikeDeclaredKind, StrikeDeclared{Attacker: me.ID, Target: target, Spell: sp.Name, Attr: INT, Ranged: !melee, Melee: melee}))
		return
	}
	if !sp.heals() {
		return
	}
	rolled := d.h.arena().Ints(sp.HealDice.N)
	amount := sp.HealDice.Bonus
	for i := range rolled {
		rolled[i] = d.src.Roll(sp.HealDice.Sides)
		amount += rolled[i]
	}
	amount = max(amount, 0)
	if t.Dead {
		amount = 0
	}
	hp := min(t.Health, t.HP+amount)
	d.emit(engine.New(d.h.arena(), healedKind, Healed{Combatant: t.ID, Source: me.ID, Dice: rolled, Sides: sp.HealDice.Sides, Bonus: sp.HealDice.Bonus, Amount: hp - t.HP, HP: hp,
		Woke: t.HP <= 0 && hp > 0}))
}

func (e *SpellCast) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Caster)
	if c == nil {
		return
	}
	if e.Provoked {
		s.Trigger = nil
		return
	}
	windowNext(s, c.ID)
	acted(c, e.AP)
	if e.Attack {
		c.Attacks++
	}
	if e.AP == 0 {
		c.FreeUsed = true
	}
}

func (*SpellLost) apply(s *State, _ *hotMemory) { s.Trigger = nil }

func (e *Healed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		woke := c.Unconscious && e.HP > 0
		c.HP = e.HP
		c.Unconscious = c.HP <= 0 && !c.Dead
		if woke && len(c.HiddenFrom) > 0 {
			c.WokeUnseen = append([]string(nil), c.HiddenFrom...)
		}
	}
}

func (e *SpellCast) describe(s *State) string {
	if e.Provoked {
		return fmt.Sprintf("%s's %s takes effect", e.Caster, e.Spell)
	}
	if e.Target != "" && e.Target != e.Caster {
		return fmt.Sprintf("%s casts %s at %s (%d AP)", e.Caster, e.Spell, e.Target, e.AP)
	}
	return fmt.Sprintf("%s casts %s (%d AP)", e.Caster, e.Spell, e.AP)
}

func (e *SpellLost) describe(s *State) string {
	return fmt.Sprintf("%s's %s is lost", e.Caster, e.Spell)
}

func (e *Healed) describe(s *State) string {
	line := fmt.Sprintf("%s heals %d (%s): %d health", e.Combatant, e.Amount, describeDice(e.Dice, e.Sides, e.Bonus, false), e.HP)
	if e.Woke {
		line += ", conscious again"
	}
	return line
}
