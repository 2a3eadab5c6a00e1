package vigor

import (
	"embed"
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Spec is the vigor encounter file, as package scenario decodes it.
type Spec struct {
	Title      string      `yaml:"title" doc:"what the fight is called"`
	Options    OptionsSpec `yaml:"options" doc:"the table's choices where the rules could differ; the defaults are the spec's rulings"`
	Scene      Scene       `yaml:"scene" doc:"where the fight happens"`
	Sides      []SideSpec  `yaml:"sides" required:"true" min:"2" max:"20" doc:"the sides of the fight"`
	Combatants []Combatant `yaml:"combatants" required:"true" min:"2" max:"100" doc:"who fights, in roster order (initiative decides the turn order)"`

	// Begin is the starting state, decoded from "start:".
	Begin Start `yaml:"-"`
}

// SideSpec is one side of an encounter.
type SideSpec = parts.SideSpec

// OptionsSpec are the encounter's options.
type OptionsSpec struct {
	RoundLimit       *int                `yaml:"round_limit" min:"0" max:"10000" doc:"stop the fight after this many rounds with no winner (a timeout); 0 for none (default 100)"`
	VSTieSucceeds    bool                `yaml:"vs_tie_succeeds" doc:"a total equal to the Victory Sum succeeds (A02; default false: it must beat it)"`
	QualityGap       *int                `yaml:"quality_gap" min:"1" max:"5" doc:"quality ranks apart at which armour is ignored or immune to wear (A06; default 3)"`
	Overflow         *bool               `yaml:"overflow" doc:"damage beyond Durability goes on to Health (A07; default true)"`
	WoundedEnds      string              `yaml:"wounded_ends" enum:"durability,full_health" doc:"when Wounded ends: durability (when Durability is above 0, the default, A08) or full_health"`
	Distance         string              `yaml:"distance" enum:"chebyshev,euclidean" doc:"how distance is measured (A17; default chebyshev)"`
	StabilizeActions *int                `yaml:"stabilize_actions" min:"1" max:"2" doc:"actions stabilizing takes (A34; default 1)"`
	GMPrompts        bool                `yaml:"gm_prompts" doc:"ask the GM before every attack roll for its situational modifiers and whether the target is unaware and attacked from behind (R24 step 2, §6), and after every Recovery Phase whether the fight is over (§7.10); default false: modifiers are words of the command"`
	UnawareCanReact  bool                `yaml:"unaware_can_react" doc:"an unaware target attacked from behind may still react (A12; default false)"`
	MoveProvokes     bool                `yaml:"move_provokes" doc:"a Move that leaves an enemy's reach gives that enemy an opening, as an escape does (A18; default false)"`
	AbilityDice      []int               `yaml:"ability_dice" max:"20" eachmin:"0" eachmax:"100" doc:"the ability scores at which the first, second, ... bonus die is gained, rising (A01; default a die per 5 points above 10: 15, 20, 25, ...)"`
	Aftermath        bool                `yaml:"aftermath" doc:"once the fight is decided, the GM may have those still there rest (rest minute, hour or night, R42) before it ends with done (default false: it ends at once)"`
	RestTable        map[string]RestRow  `yaml:"rest_table" max:"3" doc:"rows of the rest table to replace (R42, A32), by length: minute, hour, night; a row given replaces the whole row"`
	CoverTable       map[string]CoverRow `yaml:"cover_table" max:"3" doc:"rows of the cover table to replace (R46), by cover: light, partial, full; a row given replaces the whole row (default: light +10 Guard; partial +3 Guard, +5 AR; full +5 Guard, +10 AR if sturdy; partial and full count against area attacks)"`
}

// Start validates the spec and starts the fight as a Table.
func (sp *Spec) Start() (engine.Table, error) {
	return engine.Start[State, Command, Event](Rules{}, sp.State)
}

// checkNames reports each name in a creature's list (at, as abilities or
// items) that is not a lowercase word, or that an earlier one has.
func checkNames[T any](bad func(path, format string, args ...any), at, what, owner string, list []T, name func(T) string) {
	for j, x := range list {
		n := name(x)
		switch {
		case !parts.Word(n):
			bad(fmt.Sprintf("%s[%d].name", at, j), "%q is not a lowercase word", n)
		case slices.IndexFunc(list, func(y T) bool { return name(y) == n }) != j:
			bad(fmt.Sprintf("%s[%d].name", at, j), "%s has two %s called %q", owner, what, n)
		}
	}
}

// skillName is the name of a skill as the rules look it up: in lower
// case, with spaces and hyphens as underscores ("Medical Science" is
// medical_science).
func skillName(name string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return '_'
		}
		return r
	}, strings.ToLower(strings.TrimSpace(name)))
}

// State validates the spec and returns the fight's first state: waiting
// for the GM to roll initiative, or as "start:" says. Every problem is
// reported as an *engine.FieldError.
func (sp *Spec) State() (State, error) {
	var problems parts.Problems
	bad := problems.Add
	s := State{Round: 1, Turn: -1, Phase: Initiative, Scene: sp.Scene}
	if s.Scene.Visibility == "" {
		s.Scene.Visibility = "normal"
	}
	// A direction is read as a skill's name is: "North Gate" is
	// north_gate, as a watcher may write it (R09).
	s.Scene.Approach = skillName(s.Scene.Approach)
	s.Options = sp.Options.options(bad)
	sides := parts.SideIDs(bad, sp.Sides)
	for i, c := range sp.Combatants {
		at := fmt.Sprintf("combatants[%d]", i)
		checkCombatant(&s, at, c, sides, bad)
		s.Combatants = append(s.Combatants, startCombatant(at, c, bad))
	}
	parts.CheckSidesUsed(bad, sp.Sides, sp.Combatants, func(c Combatant) string { return c.Side })
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	sp.Begin.apply(&s, bad)
	for i, w := range s.Scene.Walls {
		for _, c := range s.Combatants {
			if w.crosses(c.X, c.Y, c.X, c.Y) {
				bad(fmt.Sprintf("scene.walls[%d]", i), "%s stands on the wall, at %d,%d", c.ID, c.X, c.Y)
			}
		}
	}
	checkSquares(&s, &sp.Begin, bad)
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	return s, nil
}

// checkSquares refuses two creatures (or a creature and an object)
// closer than SpaceFt as the fight starts. The rules count at most eight
// creatures adjacent to one (R43): each keeps 5 ft from every other,
// whatever its size, as there are no mounts nor grapples to share a
// place. What no longer stands there is left out, as a Move beside it is
// allowed: the dead, the destroyed, the escaped, and those still to join
// (they arrive on the nearest free square if theirs is too near another
// then). A clash is reported at the later creature, or at whichever
// one's place the start gives.
func checkSquares(s *State, begin *Start, bad func(path, format string, args ...any)) {
	placed := func(i int) (string, bool) {
		id := s.Combatants[i].ID
		if cs, ok := begin.Combatants[id]; ok && (cs.X != nil || cs.Y != nil) {
			return "start.combatants." + id, true
		}
		return fmt.Sprintf("combatants[%d]", i), false
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if !c.Targetable() {
			continue
		}
		for j := range i {
			o := &s.Combatants[j]
			if !o.Targetable() {
				continue
			}
			dist := s.distance(c, o)
			if dist >= SpaceFt {
				continue
			}
			path, byStart := placed(i)
			if p, ok := placed(j); ok && !byStart {
				path = p
			}
			at := parts.Cell{X: c.X, Y: c.Y}
			if dist == 0 {
				bad(path, "%s stands at %s, where %s already stands: each creature holds a square of its own (R43: at most eight are adjacent to one); give one of them another x or y",
					c.ID, at, o.ID)
			} else {
				bad(path, "%s stands at %s, %d ft from %s at %d,%d: each creature keeps %d ft from every other (R43: at most eight are adjacent to one); move one of them farther off",
					c.ID, at, dist, o.ID, o.X, o.Y, SpaceFt)
			}
			break
		}
	}
}

// options checks the encounter's options and returns them as the state
// holds them, the rules' defaults where none is given.
func (o OptionsSpec) options(bad func(path, format string, args ...any)) Options {
	opts := Options{RoundLimit: parts.DefaultRoundLimit, VSTieSucceeds: o.VSTieSucceeds, QualityGap: 3, StabilizeActions: 1,
		WoundedEndsAtFullHealth: o.WoundedEnds == "full_health", Euclidean: o.Distance == "euclidean", GMPrompts: o.GMPrompts}
	if o.RoundLimit != nil {
		opts.RoundLimit = *o.RoundLimit
	}
	if o.QualityGap != nil {
		opts.QualityGap = *o.QualityGap
	}
	if o.Overflow != nil {
		opts.NoOverflow = !*o.Overflow
	}
	if o.StabilizeActions != nil {
		opts.StabilizeActions = *o.StabilizeActions
	}
	opts.UnawareCanReact, opts.MoveProvokes = o.UnawareCanReact, o.MoveProvokes
	for i, v := range o.AbilityDice {
		if v < 0 || i > 0 && v <= o.AbilityDice[i-1] {
			bad(fmt.Sprintf("options.ability_dice[%d]", i), "%d: the scores must rise, from 0 up", v)
		}
	}
	opts.AbilityDice = slices.Clone(o.AbilityDice)
	for _, name := range slices.Sorted(maps.Keys(o.CoverTable)) {
		if _, ok := coverTable[name]; !ok || name == "none" {
			bad("options.cover_table."+name, "no cover called %q; covers: light, partial, full", name)
		}
	}
	if len(o.CoverTable) > 0 {
		opts.CoverTable = maps.Clone(o.CoverTable)
	}
	opts.Aftermath = o.Aftermath
	for _, name := range slices.Sorted(maps.Keys(o.RestTable)) {
		if _, ok := restTable[name]; !ok {
			bad("options.rest_table."+name, "no rest called %q; rests: minute, hour, night", name)
		}
	}
	if len(o.RestTable) > 0 {
		opts.RestTable = maps.Clone(o.RestTable)
	}
	return opts
}

// checkCombatant checks the stat block of c, at path at, against the
// sides and the combatants of s before it.
func checkCombatant(s *State, at string, c Combatant, sides []string, bad func(path, format string, args ...any)) {
	parts.CheckCombatantID(bad, at, c.ID, parts.Word(c.ID), parts.WordChars, s.Combatant(c.ID) != nil)
	if !slices.Contains(sides, c.Side) {
		bad(at+".side", "unknown side %q; sides: %s", c.Side, strings.Join(sides, ", "))
	}
	if !c.Object && c.HealthMax < 1 {
		bad(at+".health", "a creature needs Health of at least 1 (only objects have none)")
	}
	switch {
	case c.Role == "overwatch" && c.Watch == "":
		bad(at+".watch", "an overwatch role names the direction watched")
	case c.Role != "overwatch" && c.Watch != "":
		bad(at+".watch", "only a creature in Over Watch (role: overwatch) watches a direction (R09)")
	}
	if c.Sturdy && !s.cover(&c).SturdyOnly {
		bad(at+".sturdy", "sturdy counts only for cover whose Armor Rank needs it (full cover, R46), and %s's cover is %s", c.ID, orNone(c.CoverName))
	}
	for j, w := range c.Weapons {
		wat := fmt.Sprintf("%s.weapons[%d]", at, j)
		switch {
		case !parts.Word(w.Name) || w.Name == "unarmed":
			bad(wat+".name", "%q is not a lowercase word, or is the reserved word unarmed", w.Name)
		case slices.IndexFunc(c.Weapons, func(x Weapon) bool { return x.Name == w.Name }) != j:
			bad(wat+".name", "%s has two weapons called %q", c.ID, w.Name)
		}
		kind := "no category given"
		if w.Category != "" {
			kind = "category " + w.Category
		}
		switch {
		case w.category().Ranged && w.RangeFt == 0 && w.MaxRangeFt == 0:
			bad(wat+".range_ft", "a ranged weapon needs range_ft")
		case !w.category().Ranged && w.RangeFt > 0:
			bad(wat+".range_ft", "%s is a melee weapon (%s), which reaches rather than shoots: range_ft is for bows, thrown weapons, crossbows, modern weapons, magic projectiles and spells", w.Name, kind)
		case !w.category().Ranged && w.MaxRangeFt > 0:
			bad(wat+".max_range_ft", "%s is a melee weapon (%s), which reaches rather than shoots: max_range_ft is for ranged weapons", w.Name, kind)
		case w.MaxRangeFt > 0 && w.MaxRangeFt < w.RangeFt:
			bad(wat+".max_range_ft", "%d ft is short of range_ft %d ft: beyond range_ft a shot takes a Challenge up to max_range_ft, the farthest it reaches (A24)", w.MaxRangeFt, w.RangeFt)
		}
	}
	if c.OffHand != "" && c.OffHand != "unarmed" && c.Weapon(c.OffHand) == nil {
		bad(at+".off_hand", "%s has no weapon called %q", c.ID, c.OffHand)
	}
	for j, a := range c.Armor {
		for k, p := range a.Protects {
			if !slices.Contains(strings.Split(damageTypeNames, ","), p) {
				bad(fmt.Sprintf("%s.armor[%d].protects[%d]", at, j, k), "unknown damage type %q; known: %s", p, damageTypeNames)
			}
		}
	}
	checkNames(bad, at+".abilities", "abilities", c.ID, c.Abilities, func(a Ability) string { return a.Name })
	for j, ab := range c.Abilities {
		if ab.Weapon != "" && c.Weapon(ab.Weapon) == nil {
			bad(fmt.Sprintf("%s.abilities[%d].weapon", at, j), "%s has no weapon called %q", c.ID, ab.Weapon)
		}
	}
	checkNames(bad, at+".items", "items", c.ID, c.Items, func(it Item) string { return it.Name })
	for j, it := range c.Items {
		checkItem(fmt.Sprintf("%s.items[%d]", at, j), &c, it, bad)
	}
}

// orNone is name, or "none" for "".
func orNone(name string) string {
	if name == "" {
		return "none"
	}
	return name
}

// checkItem checks one of c's items, at path at: it attacks with one of
// c's weapons, or restores by dice that never roll below 0.
func checkItem(at string, c *Combatant, it Item, bad func(path, format string, args ...any)) {
	if c.Ability(it.Name) != nil {
		bad(at+".name", "%s has an ability called %q too: use NAME would not know which", c.ID, it.Name)
	}
	restores := false
	for _, r := range it.restoring() {
		if r.expr == "" {
			continue
		}
		restores = true
		if ex, err := parts.ParseRoll(r.expr); err != nil {
			bad(at+"."+r.what, "%v", err)
		} else if lo, ok := ex.Min(); !ok || lo < 0 {
			bad(at+"."+r.what, "%q can roll below 0; an item restores, it does not take away", r.expr)
		}
	}
	switch {
	case it.Weapon != "" && c.Weapon(it.Weapon) == nil:
		bad(at+".weapon", "%s has no weapon called %q", c.ID, it.Weapon)
	case it.Weapon != "" && restores:
		bad(at+".weapon", "an item either attacks with a weapon or restores, not both")
	case it.Weapon == "" && !restores:
		bad(at, "the item does nothing: give it a weapon, or what it restores (durability, health, vigor, mana)")
	}
}

// startCombatant returns the creature of stat block raw, at path at, as
// the fight starts it: its skills' names as the rules look them up, its
// links checked, full Vigor, Durability, Health and Mana, its items' uses
// and its armour's Durability.
func startCombatant(at string, raw Combatant, bad func(path, format string, args ...any)) Combatant {
	one := []Combatant{raw}
	cloneSheets(one)
	c := one[0]
	for j := range c.Items {
		if c.Items[j].Uses == 0 {
			c.Items[j].Uses = 1
		}
		c.Items[j].Left = c.Items[j].Uses
	}
	c.Skills, c.Links = nil, nil
	for _, k := range slices.Sorted(maps.Keys(raw.Skills)) {
		name := skillName(k)
		if _, dup := c.Skills[name]; dup {
			bad(at+".skills."+k, "%s names the skill %s twice", c.ID, name)
		}
		if c.Skills == nil {
			c.Skills = map[string]int{}
		}
		c.Skills[name] = raw.Skills[k]
	}
	for _, k := range slices.Sorted(maps.Keys(raw.Links)) {
		ab := strings.ToLower(raw.Links[k])
		if !isAbility(ab) {
			bad(at+".links."+k, "%q is not an ability score (%s)", raw.Links[k], abilityList)
		}
		if c.Links == nil {
			c.Links = map[string]string{}
		}
		c.Links[skillName(k)] = ab
	}
	for j := range c.Weapons {
		c.Weapons[j].Skill = skillName(c.Weapons[j].Skill)
	}
	c.Watch = skillName(c.Watch)
	c.Away = c.Joins > 0
	c.Mana = c.ManaMax
	c.Vigor, c.Durability, c.Health = c.VigorMax, c.DurabilityMax, c.HealthMax
	c.Winded = c.Vigor == 0 && !c.Object
	for j := range c.Armor {
		c.Armor[j].Dur = c.Armor[j].DurMax
	}
	return c
}

//go:embed content/*.yaml
var contentFS embed.FS

// Content returns the bundled content by name: weapons, armour, stat
// blocks and encounters that files bring in with "use: NAME".
func Content() map[string][]byte { return parts.YAMLDocuments(contentFS, "content") }

// Plugin is everything the vigor ruleset offers a program.
func Plugin() engine.Plugin[State, Command, Event] {
	return parts.Plugin[State, Command, Event, Spec](Rules{}, "vigor: a d20 plus bursting step dice on one shared rank, reactions paid in Vigor, Durability before Health, quality ranks", Content)
}

// Info is the ruleset's entry for an engine.Registry.
func Info() engine.RulesetInfo { return Plugin().Info() }
