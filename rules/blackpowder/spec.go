package blackpowder

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Spec is a blackpowder encounter file.
type Spec struct {
	Ruleset     string          `yaml:"ruleset" doc:"always blackpowder"`
	Name        string          `yaml:"name,omitempty" doc:"the encounter's name"`
	Description string          `yaml:"description,omitempty" doc:"free text"`
	Options     *OptionsSpec    `yaml:"options,omitempty" doc:"rulings that tables may choose differently"`
	Scene       SceneSpec       `yaml:"scene,omitempty" doc:"the environment"`
	Ambush      *AmbushSpec     `yaml:"ambush,omitempty" doc:"the fight opens with one group lying in wait (R36-R38)"`
	Groups      []GroupSpec     `yaml:"groups" max:"20" doc:"initiative groups; the group with players: true is the players'"`
	Combatants  []CombatantSpec `yaml:"combatants" max:"100" doc:"everyone in the fight, in roster order"`

	// Begin is the starting state, decoded from "start:" by the loader
	// through StartingState; zero when the file has none.
	Begin Start `yaml:"-"`
}

// OptionsSpec sets the rulings of DefaultOptions that a table changes.
type OptionsSpec struct {
	NPCCrits                   *bool  `yaml:"npc_crits,omitempty" doc:"non-player combatants score criticals (A08, default true)"`
	DodgeSuccessConsumesAction *bool  `yaml:"dodge_success_consumes_action,omitempty" doc:"a successful dodge costs the action too (A13, default false)"`
	DeathMode                  string `yaml:"death_mode,omitempty" enum:"cumulative,single_hit" doc:"how damage while unconscious kills (A26, default cumulative)"`
	RoundLimit                 *int   `yaml:"round_limit,omitempty" min:"0" max:"10000" doc:"stop the fight when this round would begin, with no winner (a timeout); 0 for no limit (default 100)"`
	GMModifiers                bool   `yaml:"gm_modifiers,omitempty" doc:"ask the GM for each attack's situational modifier (default false: give it with the attack, mod N)"`
	Aftermath                  bool   `yaml:"aftermath,omitempty" doc:"once the fight is decided, let the GM rest and heal before closing the encounter (R29-R31)"`
}

// SceneSpec is the environment.
type SceneSpec struct {
	Mist bool `yaml:"mist,omitempty" doc:"mist: regular powder does not fire (R21)"`
}

// AmbushSpec sets up an ambush.
type AmbushSpec struct {
	Hiders    string `yaml:"hiders" required:"true" doc:"the id of the group lying in wait"`
	Searching bool   `yaml:"searching,omitempty" doc:"the ambushed search, each rolling Perception; otherwise their passive perception counts"`
	Bonus     int    `yaml:"bonus,omitempty" min:"-50" max:"50" doc:"added to every hider's Stealth check: preparation, dim light (+3)"`
}

// GroupSpec is an initiative group.
type GroupSpec struct {
	ID      string `yaml:"id" doc:"the group's id"`
	Players bool   `yaml:"players,omitempty" doc:"the players' group (rolls first, wins initiative ties)"`
	Joins   int    `yaml:"joins,omitempty" min:"0" max:"100" doc:"the round the group joins the fight in, rolling initiative then (R03); default: from the start"`
}

// CombatantSpec is a stat block with its place in the fight.
type CombatantSpec struct {
	ID             string         `yaml:"id" doc:"a unique id, used in commands"`
	Name           string         `yaml:"name,omitempty" doc:"the name shown (default: the id)"`
	Group          string         `yaml:"group" doc:"the id of the combatant's group"`
	Body           int            `yaml:"body" min:"0" max:"20"`
	Senses         int            `yaml:"senses" min:"0" max:"20"`
	Science        int            `yaml:"science" min:"0" max:"20"`
	Willpower      int            `yaml:"willpower" min:"0" max:"20"`
	Skills         map[string]int `yaml:"skills,omitempty" max:"20" eachmin:"0" eachmax:"20" doc:"speed, dodge, brawl, athletics, stealth, perception, survival, medicine, craft, pain_resistance"`
	Evade          int            `yaml:"evade" min:"0" max:"50"`
	Toughness      int            `yaml:"toughness,omitempty" min:"0" max:"50" doc:"permanent Toughness; armor adds to it"`
	DamageBonus    int            `yaml:"damage_bonus,omitempty" min:"-50" max:"50" doc:"added to every damage roll"`
	LPMax          int            `yaml:"lp_max" min:"1" max:"1000" doc:"maximum life points"`
	LP             *int           `yaml:"lp,omitempty" min:"-1000" max:"1000" doc:"current life points (default lp_max)"`
	Weapons        []WeaponSpec   `yaml:"weapons,omitempty" max:"10"`
	Items          []ItemSpec     `yaml:"items,omitempty" max:"20" doc:"potions, salves, and spells or miracles that restore LP (R31)"`
	Wielding       string         `yaml:"wielding,omitempty" doc:"the weapon in hand at the start (default: the first; fists for none)"`
	Armor          []ArmorSpec    `yaml:"armor,omitempty" max:"10"`
	X              float64        `yaml:"x,omitempty" min:"-10000" max:"10000" doc:"position in metres"`
	Y              float64        `yaml:"y,omitempty" min:"-10000" max:"10000" doc:"position in metres"`
	GunslingerTier int            `yaml:"gunslinger_tier,omitempty" min:"0" max:"2"`
	Unaware        bool           `yaml:"unaware,omitempty" doc:"has not noticed the fight: cannot dodge, can be stunned (R43), until the first attack on it is rolled"`
	Trapped        int            `yaml:"trapped,omitempty" min:"0" max:"100" doc:"caught in a trap of this escape difficulty (R41)"`
	ExtraDelayed   bool           `yaml:"extra_delayed,omitempty" doc:"a delayed action each round on top of the regular action (R07, A15)"`
	Prone          bool           `yaml:"prone,omitempty" doc:"lying down: standing up is an action (A39)"`
	StealthBonus   int            `yaml:"stealth_bonus,omitempty" min:"-50" max:"50" doc:"added to this hider's own Stealth check in an ambush, on top of the ambush's bonus for all: its preparation or equipment (R36)"`
}

// WeaponSpec is a weapon.
type WeaponSpec struct {
	Name          string  `yaml:"name" doc:"one word, used in commands"`
	Kind          string  `yaml:"kind" enum:"melee,unarmed,thrown,ranged,gun"`
	Damage        string  `yaml:"damage,omitempty" enum:"D10,D10/2,D10/3,D10/4,2D10H" doc:"default D10; guns 2D10H; unarmed weapons, as fists, and a thrown object without the KindThrown trait (improvised) D10/3"`
	AttackMod     int     `yaml:"attack_mod,omitempty" min:"-50" max:"50"`
	DamageMod     int     `yaml:"damage_mod,omitempty" min:"-50" max:"50"`
	DodgeMod      *int    `yaml:"dodge_mod,omitempty" min:"-50" max:"50" doc:"default: melee and unarmed 0, thrown and ranged 3, guns 5"`
	RangeNormal   float64 `yaml:"range_normal,omitempty" min:"0" max:"10000"`
	RangeFar      float64 `yaml:"range_far,omitempty" min:"0" max:"10000" doc:"at least range_normal"`
	Deadly        bool    `yaml:"deadly,omitempty"`
	Penetrating   bool    `yaml:"penetrating,omitempty"`
	Defensive     int     `yaml:"defensive,omitempty" min:"0" max:"50"`
	Stunning      int     `yaml:"stunning,omitempty" min:"0" max:"50"`
	Immobilizing  int     `yaml:"immobilizing,omitempty" min:"0" max:"50"`
	Thrown        bool    `yaml:"thrown,omitempty"`
	Inaccurate    bool    `yaml:"inaccurate,omitempty"`
	Reload        []int   `yaml:"reload,omitempty" max:"3" eachmin:"0" eachmax:"100" doc:"guns: rounds to reload at gunslinger tier 0, 1, 2 (0: immediate action)"`
	FixDifficulty int     `yaml:"fix_difficulty,omitempty" min:"0" max:"100"`
	Capacity      int     `yaml:"capacity,omitempty" min:"0" max:"100"`
	Loaded        *int    `yaml:"loaded,omitempty" min:"0" max:"100" doc:"guns: loads in it (default: full)"`
	Powder        string  `yaml:"powder,omitempty" enum:"regular,hazeblast"`
	State         string  `yaml:"state,omitempty" enum:"ok,minor_jam,needs_fix,major_jam,inoperable_combat,broken_workshop,destroyed"`
}

// ItemSpec is an item that restores LP when used.
type ItemSpec struct {
	Name string `yaml:"name" required:"true" doc:"one word, used in commands"`
	Heal string `yaml:"heal" required:"true" doc:"the LP restored, a dice expression such as d10/2+2"`
	Uses *int   `yaml:"uses,omitempty" min:"1" max:"100" doc:"how many times it can be used (default 1)"`
}

// ArmorSpec is armor or a shield.
type ArmorSpec struct {
	Name           string `yaml:"name"`
	EvBonus        int    `yaml:"ev_bonus,omitempty" min:"-50" max:"50"`
	ToughnessBonus int    `yaml:"toughness_bonus,omitempty" min:"-50" max:"50"`
	IsArmor        bool   `yaml:"is_armor,omitempty" doc:"worn body armor (fists deal half against it)"`
}

var knownSkills = []string{"speed", "dodge", "brawl", "athletics", "stealth", "perception", "survival", "medicine", "craft", "pain_resistance"}

// Start validates the spec and starts the encounter.
func (sp *Spec) Start() (engine.Table, error) {
	return engine.Start[State, Command, Event](Rules{}, sp.State)
}

// State validates the spec and returns the starting state.
func (sp *Spec) State() (State, error) {
	var problems parts.Problems
	bad := problems.Add
	s := State{Options: DefaultOptions(), Scene: Scene{Mist: sp.Scene.Mist}}
	if sp.Ruleset != "" && sp.Ruleset != ID {
		bad("ruleset", "must be %s", ID)
	}
	if o := sp.Options; o != nil {
		if o.NPCCrits != nil {
			s.Options.NPCCrits = *o.NPCCrits
		}
		if o.DodgeSuccessConsumesAction != nil {
			s.Options.DodgeSuccessConsumesAction = *o.DodgeSuccessConsumesAction
		}
		s.Options.GMModifiers, s.Options.Aftermath = o.GMModifiers, o.Aftermath
		if o.RoundLimit != nil {
			s.Options.RoundLimit = *o.RoundLimit
			if *o.RoundLimit < 0 {
				bad("options.round_limit", "must be 0 (no limit) or more")
			}
		}
		switch o.DeathMode {
		case "":
		case "cumulative", "single_hit":
			s.Options.DeathMode = o.DeathMode
		default:
			bad("options.death_mode", "%q: allowed are cumulative and single_hit", o.DeathMode)
		}
	}
	groups := map[string]bool{}
	players := 0
	for i, g := range sp.Groups {
		path := fmt.Sprintf("groups[%d]", i)
		switch {
		case g.ID == "":
			bad(path+".id", "a group needs an id")
		case groups[g.ID]:
			bad(path+".id", "group %q is listed twice", g.ID)
		}
		groups[g.ID] = true
		if g.Players {
			players++
		}
		s.Groups = append(s.Groups, Group{ID: g.ID, Players: g.Players, Joins: g.Joins})
		if g.Joins < 0 {
			bad(path+".joins", "a round number, not %d", g.Joins)
		}
		if g.Joins > 1 && g.Players {
			bad(path+".joins", "the players' group is there from the start")
		}
	}
	if len(sp.Groups) < 2 {
		bad("groups", "a fight needs at least two groups")
	}
	if players > 1 {
		bad("groups", "only one group can be the players' group")
	}
	if a := sp.Ambush; a != nil {
		if !groups[a.Hiders] {
			bad("ambush.hiders", "%q is not one of the groups", a.Hiders)
		}
		s.Ambush = &Ambush{Hiders: a.Hiders, Searching: a.Searching, Bonus: a.Bonus, Stage: "hide"}
	}
	ids := map[string]bool{}
	members := map[string]int{}
	for i, cs := range sp.Combatants {
		path := fmt.Sprintf("combatants[%d]", i)
		c, cerrs := cs.combatant(path, groups)
		problems.Join(cerrs...)
		if ids[c.ID] {
			bad(path+".id", "combatant %q is listed twice", c.ID)
		}
		ids[c.ID] = true
		members[c.Group]++
		for _, g := range s.Groups {
			if g.ID == c.Group {
				// The group's own string: members of one group then
				// share it, and comparing their groups, as the rules
				// do at every turn, compares one pointer.
				c.Group = g.ID
				if g.Joins > 1 {
					c.Status = Absent
				}
			}
		}
		s.Combatants = append(s.Combatants, c)
	}
	for _, g := range sp.Groups {
		if members[g.ID] == 0 && g.ID != "" {
			bad("groups", "group %q has no combatants", g.ID)
		}
	}
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	if sp.Begin.given() {
		sp.Begin.applyStart(&s, bad)
	}
	sp.checkConscious(&s, bad)
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	return s, nil
}

// checkConscious refuses a combatant in the fight, or yet to join it,
// below 0 LP: a conscious combatant that drops below 0 either passes its
// Consciousness check and is back at 0 or falls unconscious (R25), so
// such a combatant is unconscious or dead, as start: says.
func (sp *Spec) checkConscious(s *State, bad func(path, format string, args ...any)) {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.LP >= 0 || c.Status == Unconscious || c.Status == Dead {
			continue
		}
		path := fmt.Sprintf("combatants[%d].lp", i)
		if cs, ok := sp.Begin.Combatants[c.ID]; ok && cs.LP != nil {
			path = "start.combatants." + c.ID + ".lp"
		}
		bad(path, "%d: a conscious combatant below 0 LP is back at 0 or unconscious (R25); for %s knocked out, give its status: unconscious in start", c.LP, c.ID)
	}
}

func (cs *CombatantSpec) combatant(path string, groups map[string]bool) (Combatant, []error) {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, &engine.FieldError{Path: path + "." + field, Msg: fmt.Sprintf(format, args...)})
	}
	c := Combatant{
		ID: cs.ID, Name: cs.Name, Group: cs.Group,
		Body: cs.Body, Senses: cs.Senses, Science: cs.Science, Willpower: cs.Willpower,
		Evade: cs.Evade, Toughness: cs.Toughness, DamageBonus: cs.DamageBonus,
		LPMax: cs.LPMax, LP: cs.LPMax, Status: Active, Wielding: -1,
		X: cs.X, Y: cs.Y, GunslingerTier: cs.GunslingerTier, Unaware: cs.Unaware, Trapped: cs.Trapped, ExtraDelayed: cs.ExtraDelayed, Prone: cs.Prone,
		StealthBonus: cs.StealthBonus,
	}
	if c.Name == "" {
		c.Name = c.ID
	}
	switch {
	case cs.ID == "":
		bad("id", "a combatant needs an id")
	case strings.ContainsAny(cs.ID, " \t"):
		bad("id", "%q: ids are one word", cs.ID)
	}
	if !groups[cs.Group] {
		bad("group", "%q is not one of the groups", cs.Group)
	}
	for field, v := range map[string]int{"body": cs.Body, "senses": cs.Senses, "science": cs.Science, "willpower": cs.Willpower, "evade": cs.Evade, "toughness": cs.Toughness} {
		if v < 0 {
			bad(field, "must be 0 or more, not %d", v)
		}
	}
	if cs.LPMax < 1 {
		bad("lp_max", "must be at least 1")
	}
	if cs.LP != nil {
		c.LP = *cs.LP
		if c.LP > cs.LPMax {
			bad("lp", "%d is more than lp_max %d", c.LP, cs.LPMax)
		}
	}
	if cs.GunslingerTier < 0 || cs.GunslingerTier > 2 {
		bad("gunslinger_tier", "must be 0, 1 or 2")
	}
	if len(cs.Skills) > 0 {
		c.Skills = map[string]int{}
		for name, v := range cs.Skills {
			if !slices.Contains(knownSkills, name) {
				bad("skills."+name, "unknown skill; known: %s", strings.Join(knownSkills, ", "))
			}
			if v < 0 {
				bad("skills."+name, "must be 0 or more")
			}
			c.Skills[name] = v
		}
	}
	c.indexSkills()
	for i, ws := range cs.Weapons {
		w, werrs := ws.weapon(fmt.Sprintf("%s.weapons[%d]", path, i))
		errs = append(errs, werrs...)
		if slices.ContainsFunc(cs.Weapons[:i], func(o WeaponSpec) bool { return o.Name == ws.Name }) {
			bad(fmt.Sprintf("weapons[%d].name", i), "%s has two weapons called %q; commands name a weapon by its name", cs.ID, ws.Name)
		}
		c.Weapons = append(c.Weapons, w)
	}
	for _, a := range cs.Armor {
		c.Armor = append(c.Armor, Armor(a))
	}
	for i, is := range cs.Items {
		it := Item{Name: is.Name, Heal: is.Heal, Uses: 1}
		if is.Uses != nil {
			it.Uses = *is.Uses
		}
		if is.Name == "" || strings.ContainsAny(is.Name, " \t") {
			bad(fmt.Sprintf("items[%d].name", i), "%q: an item needs a one-word name", is.Name)
		} else if slices.ContainsFunc(cs.Items[:i], func(o ItemSpec) bool { return o.Name == is.Name }) {
			bad(fmt.Sprintf("items[%d].name", i), "%s has two items called %q; commands name an item by its name", cs.ID, is.Name)
		}
		if _, err := parts.ParseRoll(is.Heal); err != nil {
			bad(fmt.Sprintf("items[%d].heal", i), "%v", err)
		}
		c.Items = append(c.Items, it)
	}
	switch {
	case cs.Wielding == "" && len(c.Weapons) > 0:
		c.Wielding = 0
	case cs.Wielding != "" && cs.Wielding != "fists":
		i, err := c.weaponIndex(cs.Wielding)
		if err != nil {
			bad("wielding", "%v", err)
		}
		c.Wielding = i
	}
	return c, errs
}

func (ws *WeaponSpec) weapon(path string) (Weapon, []error) {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, &engine.FieldError{Path: path + "." + field, Msg: fmt.Sprintf(format, args...)})
	}
	kind := named[WeaponKind](ws.Kind, weaponKindNames[:])
	w := Weapon{
		Name: ws.Name, Kind: kind, AttackMod: ws.AttackMod, DamageMod: ws.DamageMod,
		RangeNormal: ws.RangeNormal, RangeFar: ws.RangeFar, Deadly: ws.Deadly, Penetrating: ws.Penetrating,
		Defensive: ws.Defensive, Stunning: ws.Stunning, Immobilizing: ws.Immobilizing, Thrown: ws.Thrown,
		Inaccurate: ws.Inaccurate, FixDifficulty: ws.FixDifficulty, Capacity: ws.Capacity, Powder: ws.Powder, State: ws.State,
	}
	if ws.Name == "" || strings.ContainsAny(ws.Name, " \t") || ws.Name == "fists" {
		bad("name", "%q: a weapon needs a one-word name other than fists", ws.Name)
	}
	if kind == 0 {
		bad("kind", "%q: allowed are %s", ws.Kind, strings.Join(weaponKindNames[1:], ", "))
	}
	damage := ws.Damage
	if damage == "" {
		switch {
		case kind == KindGun:
			damage = "2D10H"
		case kind == KindThrown && !ws.Thrown:
			damage = "D10/3" // an improvised object thrown (R17, A32)
		case kind == KindUnarmed:
			damage = "D10/3" // a fist's, unless it says more (R16)
		default:
			damage = "D10"
		}
	}
	w.Damage = named[DamageDie](damage, damageDieNames[:])
	if w.Damage == 0 {
		bad("damage", "%q: allowed are D10, D10/2, D10/3, D10/4 and 2D10H", damage)
	}
	if w.Damage == TwoD10High {
		w.Deadly = true
	}
	w.DodgeMod = kindDodgeMod[kind]
	if ws.DodgeMod != nil {
		w.DodgeMod = *ws.DodgeMod
	}
	if ws.RangeFar > 0 && ws.RangeFar < ws.RangeNormal {
		bad("range_far", "%v is less than range_normal %v: far range lies beyond normal range (A20)", ws.RangeFar, ws.RangeNormal)
	}
	if kind != KindGun {
		gunOnly := []struct {
			field string
			given bool
		}{
			{"reload", ws.Reload != nil}, {"loaded", ws.Loaded != nil}, {"capacity", ws.Capacity != 0},
			{"fix_difficulty", ws.FixDifficulty != 0}, {"powder", ws.Powder != ""}, {"state", ws.State != ""},
		}
		for _, g := range gunOnly {
			if g.given {
				bad(g.field, "only a gun has %s; this weapon is %s", g.field, ws.Kind)
			}
		}
	}
	// Traits only some kinds of weapon read: one given to another kind
	// would be silently ignored.
	for _, t := range []struct {
		field string
		given bool
		kinds []WeaponKind
		what  string
	}{
		{"thrown", ws.Thrown, []WeaponKind{KindMelee, KindThrown}, "only a melee or thrown weapon is thrown (R17)"},
		{"defensive", ws.Defensive != 0, []WeaponKind{KindMelee}, "only a melee weapon parries (R24, A12)"},
		{"immobilizing", ws.Immobilizing != 0, []WeaponKind{KindMelee, KindUnarmed}, "a hold is made with a melee weapon or fists (R39)"},
		{"range_normal", ws.RangeNormal != 0, []WeaponKind{KindMelee, KindThrown, KindRanged, KindGun}, "an unarmed weapon is never thrown or fired"},
		{"range_far", ws.RangeFar != 0, []WeaponKind{KindMelee, KindThrown, KindRanged, KindGun}, "an unarmed weapon is never thrown or fired"},
	} {
		if t.given && kind != 0 && !slices.Contains(t.kinds, kind) {
			bad(t.field, "%s: this weapon is %s, and the field would never be read", t.what, ws.Kind)
		}
	}
	if kind == KindGun {
		w.Deadly, w.Penetrating = true, true
		if w.Capacity == 0 {
			w.Capacity = 1
		}
		w.Loaded = w.Capacity
		if ws.Loaded != nil {
			w.Loaded = *ws.Loaded
			if w.Loaded > w.Capacity {
				bad("loaded", "%d is more than the capacity %d", w.Loaded, w.Capacity)
			}
		}
		if w.Powder == "" {
			w.Powder = "regular"
		}
		if w.State == "" {
			w.State = GunOK
		}
		switch len(ws.Reload) {
		case 0:
			w.Reload = [3]int{1, 1, 0}
		case 3:
			copy(w.Reload[:], ws.Reload)
		default:
			bad("reload", "give three numbers: rounds at gunslinger tier 0, 1 and 2")
		}
	}
	return w, errs
}

// Plugin is the ruleset as a program wires it in: the game, with how to
// start its encounters.
func Plugin() engine.Plugin[State, Command, Event] {
	return parts.Plugin[State, Command, Event, Spec](Rules{}, "d10 + attribute vs Evade; group initiative; dodges; criticals; Consciousness checks; black-powder guns that jam on doubles", content)
}

// Info is the ruleset's entry for an engine.Registry: Plugin().Info().
func Info() engine.RulesetInfo { return Plugin().Info() }
