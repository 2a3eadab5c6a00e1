package vigor

import (
	"fmt"
	"strconv"
	"strings"

	"fray/dice"
	"fray/engine"
)

// useItem uses an item (Use Item, R17): a weapon item is an attack on a
// target in reach; any other restores what its dice give, up to the
// maximum, to the user or an adjacent ally.
func (d *decider) useItem(me *Combatant, it *Item, c *UseAbility) error {
	s := d.s
	switch {
	case it.Left < 1:
		return refuse("%s's %s is used up", me.ID, it.Name)
	case c.OffTarget != "":
		return invalid("an off-hand attack goes with an Attack action or a light-weapon technique (R12), not with an item")
	}
	act := "use " + it.Name
	if it.Weapon != "" {
		if c.Target == "" {
			return invalid("use %s on whom? use ITEM on TARGET", it.Name)
		}
		t, w, err := d.target(me, c.Target, it.Weapon, "use "+it.Name+" on")
		if err != nil {
			return err
		}
		if !d.spend(me, act, t.ID, max(it.Actions, 1)) {
			return nil
		}
		d.emit(engine.New(d.h.arena(), itemUsedKind, ItemUsed{Combatant: me.ID, Item: it.Name, Target: t.ID, Left: it.Left - 1}))
		d.roll(me, t, w, how{mods: c.Mods})
		return nil
	}
	if c.Mods != (Mods{}) {
		return invalid("%s restores what its own dice give: it takes no dice, charges or challenges", it.Name)
	}
	t := me
	if c.Target != "" {
		if t = s.Combatant(c.Target); t == nil {
			return s.unknown(c.Target)
		}
	}
	switch {
	case t.Side != me.Side || t.Object:
		return refuse("%s's %s is for itself or an ally, not %s", me.ID, it.Name, t.ID)
	case t.Dead || t.Escaped:
		return refuse("%s cannot use %s on %s: %s is %s", me.ID, it.Name, t.ID, t.ID, conditionOf(t))
	case t != me && !s.adjacent(me, t):
		return refuse("%s must be adjacent (within %d ft, with a clear path) to use %s on %s", me.ID, AdjacentFt, it.Name, t.ID)
	case !it.restores(t):
		return refuse("%s has nothing for %s to restore: it is at its maximum", t.ID, it.Name)
	}
	if !d.spend(me, act, t.ID, max(it.Actions, 1)) {
		return nil
	}
	e := engine.New(d.h.arena(), itemUsedKind, ItemUsed{Combatant: me.ID, Item: it.Name, Target: t.ID, Left: it.Left - 1})
	for _, r := range it.restoring() {
		if r.expr == "" {
			continue
		}
		ex, err := dice.Parse(r.expr)
		if err != nil {
			return invalid("%s's %s: %v", me.ID, it.Name, err)
		}
		rec := &dice.Recorder{Source: d.src}
		got := Restored{What: r.what, Expr: r.expr, Total: max(0, ex.Roll(rec))}
		for _, dr := range rec.Draws {
			got.Dice = append(got.Dice, dr.Value)
		}
		got.Gain = min(got.Total, max(0, r.most(t)))
		e.Restored = append(e.Restored, got)
	}
	d.emit(e)
	return nil
}

// restoring lists what the item restores, in the order its dice are
// rolled: Durability, Health, Vigor, Mana.
func (it *Item) restoring() [4]restore {
	return [4]restore{
		{"durability", it.Durability, func(c *Combatant) int { return c.DurabilityMax - c.Durability }},
		{"health", it.Health, func(c *Combatant) int { return c.HealthMax - c.Health }},
		{"vigor", it.Vigor, func(c *Combatant) int { return c.VigorMax - c.Vigor }},
		{"mana", it.Mana, func(c *Combatant) int { return c.ManaMax - c.Mana }},
	}
}

// restore is one thing an item restores: its name, its dice expression
// and how much the creature lacks of it.
type restore struct {
	what, expr string
	most       func(*Combatant) int
}

// restores reports whether the item would give t anything: something it
// restores that t lacks.
func (it *Item) restores(t *Combatant) bool {
	for _, r := range it.restoring() {
		if r.expr != "" && r.most(t) > 0 {
			return true
		}
	}
	return false
}

// ItemUsed: a creature used an item (R17), which has Left uses left; a
// restoring item gives what each of its dice expressions rolled, up to
// what the target lacks.
type ItemUsed struct {
	Combatant string     `json:"combatant"`
	Item      string     `json:"item"`
	Target    string     `json:"target,omitempty"`
	Left      int        `json:"left"`
	Restored  []Restored `json:"restored,omitempty"`
}

// The kinds of items.go's event.
var (
	itemUsedKind = engine.Add[ItemUsed](events, "item_used")
)

// apply uses up one of the item's uses and gives the target what it
// restored.
func (e *ItemUsed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		if it := c.Item(e.Item); it != nil {
			it.Left = e.Left
		}
	}
	t := s.Combatant(e.Target)
	if t == nil {
		return
	}
	restored := false
	for _, r := range e.Restored {
		switch r.What {
		case "durability":
			t.Durability += r.Gain
			restored = restored || r.Gain > 0
		case "health":
			t.Health += r.Gain
			restored = restored || r.Gain > 0
		case "vigor":
			t.Vigor += r.Gain
			if t.Winded && t.Vigor >= WindedUntil {
				t.Winded = false // R38: checked on every gain
			}
		case "mana":
			t.Mana += r.Gain
		}
	}
	s.heal(t, restored)
}

func (e *ItemUsed) describe(*State) string {
	line := e.Combatant + " uses " + e.Item
	if e.Target != "" && e.Target != e.Combatant {
		line += " on " + e.Target
	}
	for i, r := range e.Restored {
		sep := ": "
		if i > 0 {
			sep = "; "
		}
		line += sep
		if len(r.Dice) > 0 {
			line += fmt.Sprintf("%s %s = %d, ", r.Expr, ints(r.Dice), r.Total)
		}
		line += fmt.Sprintf("+%d %s", r.Gain, resourceName[r.What])
	}
	return fmt.Sprintf("%s (%d left)", line, e.Left)
}

// Restored is what an item's dice restored of one thing: durability,
// health, vigor or mana.
type Restored struct {
	What string `json:"what"`
	// Expr is the item's dice expression for it.
	Expr  string `json:"expr"`
	Dice  []int  `json:"dice,omitempty"`
	Total int    `json:"total"`
	Gain  int    `json:"gain"`
}

// resourceName is how a line names what an item restores.
var resourceName = map[string]string{"durability": "Durability", "health": "Health", "vigor": "Vigor", "mana": "Mana"}

// ints writes dice as a line shows them: "[3, 2]".
func ints(v []int) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
