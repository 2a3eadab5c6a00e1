package woundslots

import (
	"embed"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Spec is the woundslots encounter file, as package scenario decodes it.
type Spec struct {
	Title      string      `yaml:"title" doc:"what the fight is called"`
	Options    Options     `yaml:"options" doc:"table options"`
	Sides      []SideSpec  `yaml:"sides" required:"true" min:"2" max:"20" doc:"the sides of the fight"`
	Combatants []Combatant `yaml:"combatants" required:"true" min:"2" max:"100" doc:"who fights"`
	Scene      Scene       `yaml:"scene" doc:"where the fight happens"`

	// Begin is the starting state, decoded from "start:".
	Begin Start `yaml:"-"`
}

// SideSpec is one side.
type SideSpec = parts.SideSpec

// Scene is where the fight happens.
type Scene struct {
	Terrain []Zone            `yaml:"terrain" max:"100" doc:"rectangles of difficult terrain (R37)"`
	Objects []Object          `yaml:"objects" max:"100" doc:"objects that can be used, with their AP (R66) or rounds (R25)"`
	Notes   map[string]string `yaml:"notes" max:"100" doc:"free notes for the GM; the rules do not read them"`
}

// Start validates the spec and starts the fight as a Table.
func (sp *Spec) Start() (engine.Table, error) {
	return engine.Start[State, Command, Event](Rules{}, sp.State)
}

// State validates the spec and returns the fight's first state: the GM's
// setup prompt, or the starting state of "start:". Every problem is
// reported as an *engine.FieldError.
func (sp *Spec) State() (State, error) {
	var problems parts.Problems
	bad := problems.Add
	sides := parts.SideIDs(bad, sp.Sides)
	s := State{Title: sp.Title, Options: sp.Options, Phase: Setup}
	for i, c := range sp.Combatants {
		at := fmt.Sprintf("combatants[%d]", i)
		parts.CheckCombatantID(bad, at, c.ID, parts.Word(c.ID), parts.WordChars, s.Combatant(c.ID) != nil)
		parts.CheckSide(bad, at, c.Side, sides)
		checkSheet(&c, at, bad)
		fresh(&c)
		s.Combatants = append(s.Combatants, c)
	}
	seatRiders(&s, bad)
	parts.CheckSidesUsed(bad, sp.Sides, sp.Combatants, func(c Combatant) string { return c.Side })
	for i, z := range sp.Scene.Terrain {
		z.Kinds = slices.Clone(z.Kinds)
		for j, k := range z.Kinds {
			if a, ok := terrainAliases[k]; ok {
				k, z.Kinds[j] = a, a
			}
			if _, ok := terrainCosts[k]; !ok {
				bad(fmt.Sprintf("scene.terrain[%d].kinds[%d]", i, j), "unknown terrain %q; known: %s", k, strings.Join(slices.Sorted(maps.Keys(terrainCosts)), ", "))
			}
		}
		s.Terrain = append(s.Terrain, z)
	}
	for i, o := range sp.Scene.Objects {
		if !parts.Word(o.Name) {
			bad(fmt.Sprintf("scene.objects[%d].name", i), "%q is not a lowercase word", o.Name)
		}
		if o.AP != nil && (o.Rounds > 0 || o.Minutes > 0) || o.Rounds > 0 && o.Minutes > 0 {
			bad(fmt.Sprintf("scene.objects[%d]", i), "give one of ap, rounds and minutes")
		}
		if o.Minutes > 0 {
			o.Rounds, o.Minutes = 4*o.Minutes, 0 // R22: a minute is 4 rounds
		}
		s.Objects = append(s.Objects, o)
	}
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	if !reflect.ValueOf(sp.Begin).IsZero() {
		sp.Begin.apply(&s, bad)
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		for j := range i {
			o := &s.Combatants[j]
			if c.Riding != "" || o.Riding != "" {
				continue // a rider is where its mount is
			}
			if DistanceBetween(c.X, c.Y, c.span(), o.X, o.Y, o.span()) == 0 {
				// The starting state's at names the place, if it moved either.
				a, b, at := c, o, fmt.Sprintf("combatants[%d]", i)
				switch {
				case sp.Begin.Combatants[c.ID].Position != nil:
					at = "start.combatants." + c.ID + ".at"
				case sp.Begin.Combatants[o.ID].Position != nil:
					a, b, at = o, c, "start.combatants."+o.ID+".at"
				}
				bad(at, "%s at %d,%d stands where %s stands (at %d,%d); give it its own x and y", a.ID, a.X, a.Y, b.ID, b.X, b.Y)
			}
		}
	}
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	s.placeAll()
	for i := range s.Combatants {
		c := &s.Combatants[i]
		for j := range c.Conditions {
			if c.Conditions[j].Since == 0 && c.Conditions[j].Rounds > 0 {
				c.Conditions[j].Since = max(1, s.Round)
			}
		}
		c.Effects = slices.Clone(c.Effects)
		for j := range c.Effects {
			if c.Effects[j].Since == 0 && c.Effects[j].Rounds > 0 {
				c.Effects[j].Since = max(1, s.Round)
			}
		}
	}
	return s, nil
}

// checkSheet checks combatant c's sheet (at is its path in the spec, for
// bad's messages) and gives it memory of its own: weapons, spells and
// specializations.
func checkSheet(c *Combatant, at string, bad func(path, format string, args ...any)) {
	if c.PC && c.Tier != "" {
		bad(at+".tier", "a PC has no NPC tier")
	}
	for j, w := range c.Weapons {
		wat := fmt.Sprintf("%s.weapons[%d]", at, j)
		switch {
		case !parts.Word(w.Name):
			bad(wat+".name", "%q is not a lowercase word (%s)", w.Name, parts.WordChars)
		case c.Weapon(w.Name) != &c.Weapons[j]:
			bad(wat+".name", "%s has two weapons called %q", c.ID, w.Name)
		}
		if w.Kind == "ranged" && w.Increment < 1 {
			bad(wat+".increment", "a ranged weapon needs a range increment of at least 1 yard")
		}
		if w.OptimalReach > w.Reach {
			// R41: a rebuff meets one coming closer than the optimal
			// reach from within the reach; past the reach it never could.
			bad(wat+".optimal_reach", "%d is beyond the weapon's reach %d: a rebuff strikes one coming closer than the optimal reach from within the reach (R41)", w.OptimalReach, w.Reach)
		}
	}
	for j, spl := range c.Spells {
		if !parts.Word(spl.Name) {
			bad(fmt.Sprintf("%s.spells[%d].name", at, j), "%q is not a lowercase word", spl.Name)
		}
		if spl.Defense == "" && spl.Invest == 0 && spl.Rounds == 0 {
			bad(fmt.Sprintf("%s.spells[%d].defense", at, j), "a spell names the Defense it meets, unless it leaves an effect on its caster (invest, rounds)")
		}
	}
	c.Weapons = slices.Clone(c.Weapons)
	c.Spells = slices.Clone(c.Spells)
	c.Conditions = slices.Clone(c.Conditions)
	c.Skills = cloneMap(c.Skills)
	c.Specs = cloneMap(c.Specs)
	for k := range c.Specs {
		if !strings.Contains(k, "/") {
			bad(at+".specializations", "%q is not SKILL/NAME (melee/blades, reflex/initiative)", k)
		}
	}
}

// seatRiders puts each rider the spec gives on its mount (R76), checking
// the mount can carry it.
func seatRiders(s *State, bad func(path, format string, args ...any)) {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Riding == "" {
			continue
		}
		at := fmt.Sprintf("combatants[%d].riding", i)
		m := s.Combatant(c.Riding)
		switch {
		case m == nil:
			bad(at, "no combatant %q to ride", c.Riding)
		case !m.Mount:
			bad(at, "%s is not a mount (mount: true)", m.ID)
		case m.Rider != "":
			bad(at, "%s has a rider already: %s", m.ID, m.Rider)
		case m.Attributes.Size < c.Attributes.Size:
			bad(at, "%s (Size %d) is smaller than its rider (Size %d) (R76)", m.ID, m.Attributes.Size, c.Attributes.Size)
		case m.Riding != "":
			bad(at, "%s rides %s itself", m.ID, m.Riding)
		default:
			m.Rider, c.RidingSize = c.ID, m.Attributes.Size
			c.X, c.Y = m.X, m.Y
		}
	}
}

// fresh sets what a combatant is at the start of a fight: active,
// standing, full stamina and mana, its slots counted (R15, R17, A12).
func fresh(c *Combatant) {
	c.Status, c.Posture = Active, Standing
	if c.Joins > 0 {
		c.Status = Away
	}
	if c.Tier == "" && !c.PC {
		c.Tier = "standard"
	}
	c.Stamina = c.MaxStamina()
	c.Mana = c.maxMana()
	c.Slots = slotsOf(c)
}

// slotsOf counts a combatant's slots per level: light 5 + Prs (A12),
// moderate to critical by Vitality for PCs and special NPCs (R15, A13) or
// by tier for other NPCs (R17), fatal 1.
func slotsOf(c *Combatant) Wounds {
	w := Wounds{Light: max(0, 5+c.Attributes.Prs), Fatal: 1}
	if c.npc() {
		n := npcSlots[c.Tier]
		w.Moderate, w.Severe, w.Critical = n, n, n
		return w
	}
	row := slotsByVit[clamp(c.Attributes.Vit, -5, 5)+5]
	w.Moderate, w.Severe, w.Critical = row[0], row[1], row[2]
	return w
}

// cloneMap copies a map, nil for an empty one.
func cloneMap(m map[string]int) map[string]int {
	if len(m) == 0 {
		return nil
	}
	return maps.Clone(m)
}

//go:embed content/*.yaml
var contentFS embed.FS

// Content returns the bundled content by name: weapons, armour, stat
// blocks and encounters.
func Content() map[string][]byte { return parts.YAMLDocuments(contentFS, "content") }

// Plugin is everything the woundslots ruleset offers a program.
func Plugin() engine.Plugin[State, Command, Event] {
	return parts.Plugin[State, Command, Event, Spec](Rules{}, "woundslots: d20 checks against static Defenses, wound slots instead of hit points, AP by Speed and an initiative that moves", Content)
}

// Info is the ruleset's entry for an engine.Registry.
func Info() engine.RulesetInfo { return Plugin().Info() }
