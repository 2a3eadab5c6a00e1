package vigor

import "fray/engine"

// UseAbility uses an ability on a target (R17), optionally with an
// off-hand attack for 8 Vigor on OffTarget when the ability is a
// technique with a light weapon (R12).
type UseAbility struct {
	Ability   string `json:"ability"`
	Target    string `json:"target"`
	OffTarget string `json:"off_target,omitempty"`
	Mods
}

// The kinds of abilities.go's command.
var (
	useAbilityKind = engine.Add[UseAbility](commands, "use")
)

func (*UseAbility) command() {}

// attackUse reports whether name is an ability of c's or a weapon item,
// which attack (R17), and the actions it takes.
func (c *Combatant) attackUse(name string) (actions int, ok bool) {
	if ab := c.Ability(name); ab != nil {
		return max(ab.Actions, 1), true
	}
	if it := c.Item(name); it != nil && it.Weapon != "" {
		return max(it.Actions, 1), true
	}
	return 0, false
}

// useAbility uses an ability on a target (R17): its actions, across turns
// if need be (R10), then its Vigor and Mana, paid in full, then its
// attack.
func (d *decider) useAbility(c *UseAbility) error {
	me, err := d.acting("use an ability", 1)
	if err != nil {
		return err
	}
	if err := checkMods(c.Mods); err != nil {
		return err
	}
	ab := me.Ability(c.Ability)
	if ab == nil {
		if it := me.Item(c.Ability); it != nil {
			return d.useItem(me, it, c)
		}
		return invalid("%s has no ability or item called %q (%s)", me.ID, c.Ability, me.usable())
	}
	if c.Target == "" {
		return invalid("use %s on whom? use ABILITY on TARGET", ab.Name)
	}
	t, w, err := d.target(me, c.Target, ab.Weapon, "use "+ab.Name+" on")
	if err != nil {
		return err
	}
	switch {
	case me.Vigor < ab.Vigor:
		return refuse("%s costs %d Vigor and %s has %d", ab.Name, ab.Vigor, me.ID, me.Vigor)
	case me.Mana < ab.Mana:
		return refuse("%s costs %d Mana and %s has %d", ab.Name, ab.Mana, me.ID, me.Mana)
	case c.OffTarget != "" && !w.Light:
		return refuse("%s cannot attack off-hand with %s: only an Attack action or a technique with a light weapon takes one (R12), and %s is not light", me.ID, ab.Name, w.Name)
	}
	then, err := d.offHand(me, c.OffTarget, ab.Vigor)
	if err != nil {
		return err
	}
	if !d.spend(me, "use "+ab.Name, t.ID, max(ab.Actions, 1)) {
		return nil
	}
	if ab.Vigor > 0 {
		d.pay(me, ab.Vigor, ab.Name)
	}
	if ab.Mana > 0 {
		d.emit(engine.New(d.h.arena(), manaSpentKind, ManaSpent{Combatant: me.ID, Amount: ab.Mana, For: ab.Name, Mana: me.Mana - ab.Mana}))
	}
	if then != nil {
		d.pay(me, OffHandCost, "an off-hand attack")
	}
	m := Mods{Dice: c.Dice + ab.Dice, Charges: c.Charges + ab.Charges, Challenges: c.Challenges}
	d.roll(me, t, w, how{mods: m, ability: ab, then: then})
	return nil
}
