package maneuvers

import (
	"embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Spec is the maneuvers ruleset's encounter file, as package scenario
// decodes it. The loader reads the top-level "ruleset" key itself.
type Spec struct {
	Title      string            `yaml:"title" doc:"what the fight is called"`
	Options    OptionsSpec       `yaml:"options" doc:"the rulings a table may choose differently (spec §6)"`
	Combatants []Combatant       `yaml:"combatants" required:"true" min:"2" max:"100" doc:"who fights, in roster order (dice are drawn in this order)"`
	Dropped    []DroppedAt       `yaml:"dropped" max:"100" doc:"items lying on the ground"`
	Notes      map[string]string `yaml:"notes" max:"100" doc:"free notes for the GM; the rules do not read them"`

	// Begin is the starting state, decoded from "start:" by the loader.
	Begin Start `yaml:"-"`
}

// OptionsSpec sets the options of DefaultOptions that a table changes.
type OptionsSpec struct {
	TestTN         *int     `yaml:"test_tn" min:"1" max:"40" doc:"the total a test must reach (A03; default 10)"`
	SuccessStep    *int     `yaml:"success_step" min:"1" max:"20" doc:"each further Success is this far over test_tn (A03; default 5)"`
	DelayPersists  bool     `yaml:"delay_persists" doc:"a delayed turn keeps its new place in later rounds (A11; default false)"`
	FlankTolerance *float64 `yaml:"flank_tolerance" min:"0" max:"5" doc:"how far off the line between two flankers their target may stand, metres (A22; default 0.5)"`
	ShieldVsOther  string   `yaml:"shield_vs_other" enum:"none,half" doc:"what a successful Block takes off damage of the Other group (A25; default none)"`
	DeathRule      string   `yaml:"death_rule" enum:"negative_max,none" doc:"negative_max: dead at minus the health maximum; none: nobody dies (A27; default negative_max)"`
	RestHeal       string   `yaml:"rest_heal" enum:"full,none" doc:"what a rest restores (A28; default full; rests come with the aftermath option)"`
	RoundLimit     *int     `yaml:"round_limit" min:"0" max:"10000" doc:"stop the fight after this many rounds as a timeout; 0 for none (default 100)"`
	Aftermath      bool     `yaml:"aftermath" doc:"once the fight is decided, let the GM call a rest and train styles before closing the encounter (R26, R33; default false)"`
}

// DroppedAt is an item on the ground in an encounter file.
type DroppedAt struct {
	Item Weapon  `yaml:"item" required:"true" doc:"the item"`
	X    float64 `yaml:"x" min:"-10000" max:"10000" doc:"east, metres"`
	Y    float64 `yaml:"y" min:"-10000" max:"10000" doc:"north, metres"`
}

// Start validates the spec and starts the fight as a Table.
func (sp *Spec) Start() (engine.Table, error) {
	return engine.Start[State, Command, Event](Rules{}, sp.State)
}

// parseDice reads NdX+K, NdX-K, dX or K.
func parseDice(text string) (Dice, error) {
	t := strings.ReplaceAll(strings.ToLower(text), " ", "")
	if t == "" {
		return Dice{}, nil
	}
	var d Dice
	body, bonus := t, ""
	if i := strings.LastIndexAny(t, "+-"); i > 0 {
		body, bonus = t[:i], t[i:]
	}
	if n, ok := strings.CutPrefix(bonus, "+"); ok {
		bonus = n
	}
	if bonus != "" {
		k, err := strconv.Atoi(bonus)
		if err != nil || k < -1000 || k > 1000 {
			return Dice{}, fmt.Errorf("%q is not NdX+K", text)
		}
		d.Bonus = k
	}
	ns, xs, ok := strings.Cut(body, "d")
	if !ok {
		k, err := strconv.Atoi(body)
		if err != nil || bonus != "" || k < -1000 || k > 1000 {
			return Dice{}, fmt.Errorf("%q is not NdX+K", text)
		}
		return Dice{Bonus: k}, nil
	}
	d.N = 1
	if ns != "" {
		n, err := strconv.Atoi(ns)
		if err != nil || n < 0 || n > 50 {
			return Dice{}, fmt.Errorf("%q: the number of dice is 0 to 50", text)
		}
		d.N = n
	}
	x, err := strconv.Atoi(xs)
	if err != nil || x < 1 || x > 1000 {
		return Dice{}, fmt.Errorf("%q: a die has 1 to 1000 sides", text)
	}
	d.Sides = x
	return d, nil
}

// traits are the spell traits the rules know.
var traits = []string{"attack", "melee-attack", "mind"}

// State validates the spec and returns the fight's first state. Every
// problem is reported as an *engine.FieldError, joined.
func (sp *Spec) State() (State, error) {
	var problems parts.Problems
	bad := problems.Add
	s := State{Options: DefaultOptions(), Phase: Setup, Round: 1}
	o := sp.Options
	if o.TestTN != nil {
		s.Options.TestTN = *o.TestTN
	}
	if o.SuccessStep != nil {
		s.Options.SuccessStep = *o.SuccessStep
	}
	s.Options.DelayPersists = o.DelayPersists
	if o.FlankTolerance != nil {
		s.Options.FlankTolerance = *o.FlankTolerance
	}
	if o.ShieldVsOther != "" {
		s.Options.ShieldVsOther = o.ShieldVsOther
	}
	if o.DeathRule != "" {
		s.Options.DeathRule = o.DeathRule
	}
	if o.RestHeal != "" {
		s.Options.RestHeal = o.RestHeal
	}
	if o.RoundLimit != nil {
		s.Options.RoundLimit = *o.RoundLimit
	}
	s.Options.Aftermath = o.Aftermath
	sides := map[string]bool{}
	for i := range sp.Combatants {
		c := cloneCombatant(&sp.Combatants[i])
		at := fmt.Sprintf("combatants[%d]", i)
		parts.CheckCombatantID(bad, at, c.ID, parts.Word(c.ID), parts.WordChars, s.Combatant(c.ID) != nil)
		if c.Side == "" {
			bad(at+".side", "a combatant needs a side")
		}
		sides[c.Side] = true
		setUp(&c, at, bad)
		s.Combatants = append(s.Combatants, c)
	}
	if len(sides) < 2 && len(sp.Combatants) >= 2 {
		bad("combatants", "a fight needs two sides or more; every combatant is on side %q", sp.Combatants[0].Side)
	}
	for i, dr := range sp.Dropped {
		w := dr.Item
		setUpWeapon(&w, fmt.Sprintf("dropped[%d].item", i), bad)
		s.Dropped = append(s.Dropped, Dropped{Item: w, X: dr.X, Y: dr.Y})
	}
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.AP = APPerRound
	}
	sp.Begin.apply(&s, bad)
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	return s, nil
}

// setUp checks a combatant and fills in its defaults and derived values.
func setUp(c *Combatant, at string, bad func(path, format string, args ...any)) {
	if c.Speed == 0 {
		c.Speed = 6
	}
	if c.Size == "" {
		c.Size = "medium"
	}
	if !c.PC && c.Initiative != nil {
		// The rules give an NPC no Initiative: it rolls 1d6 + PER (R05).
		// Taken silently, the number would change nothing.
		bad(at+".initiative", "%s is an NPC, which rolls initiative 1d6 + PER (R05): only a player character (pc: true) has an initiative modifier", c.ID)
	}
	for name := range c.Skills {
		if _, ok := skillAttribute[name]; !ok {
			bad(at+".skills."+name, "unknown skill %q; skills: athletics, acrobatics, dodge, sleight-of-hand, stealth, observation, deception, focus, sorcery", name)
		}
	}
	c.StyleXP = 0
	for j, st := range c.Styles {
		sat := fmt.Sprintf("%s.styles[%d]", at, j)
		if !parts.Word(st.Name) {
			bad(sat+".name", "%q is not a lowercase word", st.Name)
		} else if c.style(st.Name) != &c.Styles[j] {
			bad(sat+".name", "style %q is given twice", st.Name)
		}
		if len(st.Gear) > MaxStyleItems {
			bad(sat+".gear", "a style lists at most %d items, not %d (R26)", MaxStyleItems, len(st.Gear))
		}
		for k, g := range st.Gear {
			if slices.Contains(st.Gear[:k], g) {
				bad(fmt.Sprintf("%s.gear[%d]", sat, k), "%q is listed twice: a style's gear is different types of gear (R26)", g)
			}
		}
		c.StyleXP += max(0, len(st.Gear)-FreeStyleItems) * StyleItemXP
	}
	if c.XP != nil && c.StyleXP > *c.XP {
		bad(at+".xp", "the styles' gear beyond %d free items costs %d XP and %s has %d (R26)", FreeStyleItems, c.StyleXP, c.ID, *c.XP)
	}
	for j := range c.Weapons {
		w := &c.Weapons[j]
		wat := fmt.Sprintf("%s.weapons[%d]", at, j)
		setUpWeapon(w, wat, bad)
		if c.item(w.Name) != w {
			bad(wat+".name", "%s carries two items called %q", c.ID, w.Name)
		}
	}
	if c.Wield == nil {
		hands := 0
		for _, w := range c.Weapons {
			if hands+w.Hands <= 2 {
				c.Wield = append(c.Wield, w.Name)
				hands += w.Hands
			}
		}
	}
	for j, n := range c.Wield {
		switch {
		case c.item(n) == nil:
			bad(fmt.Sprintf("%s.wield[%d]", at, j), "%s carries no %q", c.ID, n)
		case slices.Contains(c.Wield[:j], n):
			bad(fmt.Sprintf("%s.wield[%d]", at, j), "%q is named twice: an item is held once", n)
		}
	}
	if c.handsUsed() > 2 {
		bad(at+".wield", "%s holds items needing %d hands; it has 2", c.ID, c.handsUsed())
	}
	for _, m := range []struct {
		key, what, other string
		v                map[string]int
	}{{"resist", "a resistance takes damage off", "vulnerable", c.Resist}, {"vulnerable", "a vulnerability adds damage", "resist", c.Vulnerable}} {
		for k, v := range m.v {
			if _, ok := damageGroup[k]; !ok && k != Physical && k != Magical {
				bad(at+"."+m.key+"."+k, "unknown damage type or group %q", k)
			} else if v < 0 {
				// Only the highest of each counts (R28): a negative one
				// under a group's or none would silently do nothing.
				bad(at+"."+m.key+"."+k, "%d is less than 0: %s, 0 or more (R28); the other way round is %s", v, m.what, m.other)
			}
		}
	}
	for j := range c.Spells {
		spl := &c.Spells[j]
		sat := fmt.Sprintf("%s.spells[%d]", at, j)
		if !parts.Word(spl.Name) {
			bad(sat+".name", "%q is not a lowercase word", spl.Name)
		} else if c.spell(spl.Name) != spl {
			bad(sat+".name", "spell %q is given twice", spl.Name)
		}
		switch {
		case spl.Free && spl.AP != 0:
			bad(sat+".ap", "a free spell costs no AP (R10), not %d", spl.AP)
		case spl.Free:
		case spl.AP == 0:
			spl.AP = 1
		}
		if spl.Range == 0 {
			spl.Range = 1
		}
		for _, t := range spl.Traits {
			if !slices.Contains(traits, t) {
				bad(sat+".traits", "unknown trait %q; traits: %s", t, strings.Join(traits, ", "))
			}
		}
		var err error
		if spl.DamageDice, err = parseDice(string(spl.Damage)); err != nil {
			bad(sat+".damage", "%v", err)
		}
		if spl.HealDice, err = parseDice(string(spl.Heal)); err != nil {
			bad(sat+".heal", "%v", err)
		}
		attack := spl.has("attack") || spl.has("melee-attack")
		switch {
		case attack && spl.Reaction:
			bad(sat+".reaction", "an attack spell cannot be a reaction: only spells that are no attacks are used as reactions (R13)")
		case attack && spl.Heal != "":
			bad(sat+".heal", "an attack spell deals damage; healing is another spell")
		case !attack && spl.Damage != "":
			bad(sat+".damage", "a spell that deals damage needs the attack or melee-attack trait")
		}
		if spl.Damage != "" {
			if _, ok := damageGroup[spl.Type]; !ok {
				bad(sat+".type", "unknown damage type %q", spl.Type)
			}
		}
		for _, def := range spl.Defences {
			if !slices.Contains([]string{Block, DodgeDef, Parry, Withstand}, def) {
				bad(sat+".defences", "unknown defence %q; defences: block, dodge, parry, withstand", def)
			}
		}
		if spl.Defences != nil && !attack {
			bad(sat+".defences", "only an attack is defended against (R15): give the spell the attack or melee-attack trait, or no defences")
		}
		if spl.Defences == nil && attack {
			spl.Defences = []string{Block, DodgeDef}
			if spl.has("mind") {
				spl.Defences = append(spl.Defences, Withstand)
			}
		}
	}
	c.HP = c.Health
}

// setUpWeapon checks an item and fills in its defaults.
func setUpWeapon(w *Weapon, at string, bad func(path, format string, args ...any)) {
	if !parts.Word(w.Name) || w.Name == unarmed.Name {
		bad(at+".name", "%q is not a lowercase word other than unarmed", w.Name)
	}
	if w.Hands == 0 {
		w.Hands = 1
	}
	if w.Kind == "melee" && w.Reach == 0 {
		w.Reach = 1
	}
	if (w.Kind == "ranged" || w.Kind == "thrown") && w.Range == 0 {
		bad(at+".range", "a %s weapon needs a range", w.Kind)
	}
	// A field the item's kind never reads is refused rather than ignored.
	switch {
	case w.Kind == "melee" && w.Range != 0:
		bad(at+".range", "a melee weapon strikes within its reach (R14); range is a ranged or thrown weapon's")
	case w.Kind != "melee" && w.Reach != 0:
		bad(at+".reach", "only a melee weapon has a reach (R14); a %s item has none", w.Kind)
	}
	if w.Kind == "shield" {
		switch {
		case w.Damage != "" || w.Type != "":
			bad(at+".damage", "a shield blocks rather than strikes (R15, R30): it has no damage or damage type")
		case w.Range != 0:
			bad(at+".range", "a shield blocks rather than strikes (R15, R30): it has no range")
		}
	} else if w.BR != 0 {
		bad(at+".br", "only a shield has a block rating (R30); a %s weapon has none", w.Kind)
	}
	var err error
	if w.Dice, err = parseDice(string(w.Damage)); err != nil {
		bad(at+".damage", "%v", err)
	}
	if w.Kind != "shield" {
		if _, ok := damageGroup[w.Type]; !ok {
			bad(at+".type", "unknown damage type %q; types: crushing, piercing, slashing, fire, frost, shock, acid, force, necrotic, radiant, poison, psychic", w.Type)
		}
	}
}

//go:embed content/*.yaml
var contentFS embed.FS

// Content returns the bundled content by name: weapons, armour, stat
// blocks and encounters that files bring in with "use: NAME".
func Content() map[string][]byte { return parts.YAMLDocuments(contentFS, "content") }

// Plugin is everything the maneuvers ruleset offers a program.
func Plugin() engine.Plugin[State, Command, Event] {
	return parts.Plugin[State, Command, Event, Spec](Rules{}, "the maneuvers ruleset: d20 tests with Successes, combat rolls against a chosen defence, critical wins and their maneuvers, 3 AP a round", Content)
}

// Info is the ruleset's entry for an engine.Registry.
func Info() engine.RulesetInfo { return Plugin().Info() }
