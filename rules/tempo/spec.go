package tempo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Spec is a tempo encounter file.
type Spec struct {
	Ruleset     string          `yaml:"ruleset" doc:"always tempo"`
	Name        string          `yaml:"name,omitempty" doc:"the encounter's name"`
	Description string          `yaml:"description,omitempty" doc:"free text"`
	Options     *OptionsSpec    `yaml:"options,omitempty" doc:"rulings that tables may choose differently"`
	Initiator   string          `yaml:"initiator,omitempty" doc:"the side that started the fight: it begins on guard (G1, G2; default the first combatant's side)"`
	Combatants  []CombatantSpec `yaml:"combatants" max:"100" doc:"everyone in the fight, in roster order (initiative dice are drawn in this order)"`
	Dropped     []DroppedSpec   `yaml:"dropped,omitempty" max:"100" doc:"weapons lying on the ground"`

	// Begin is the starting state, decoded from "start:" by the loader
	// through StartingState; zero when the file has none.
	Begin Start `yaml:"-"`
}

// OptionsSpec sets the rulings of DefaultOptions that a table changes.
type OptionsSpec struct {
	AimPersists bool `yaml:"aim_persists,omitempty" doc:"an Aim lasts for every consecutive attack with the aimed weapon this turn (A15, default false)"`
	RoundLimit  *int `yaml:"round_limit,omitempty" min:"0" max:"10000" doc:"stop the fight after this many rounds, with no winner (a timeout); 0 for no limit (default 100)"`
}

// CombatantSpec is a stat block with its place in the fight.
type CombatantSpec struct {
	ID         string       `yaml:"id" doc:"a unique lowercase id, used in commands"`
	Name       string       `yaml:"name,omitempty" doc:"the name shown (default: the id)"`
	Side       string       `yaml:"side" doc:"the side (team) the combatant fights on"`
	Melee      int          `yaml:"melee,omitempty" min:"0" max:"6" doc:"skill: 0 untrained, 2 trained, 4 veteran, 6 master"`
	Ranged     int          `yaml:"ranged,omitempty" min:"0" max:"6"`
	Brawl      int          `yaml:"brawl,omitempty" min:"0" max:"6"`
	Athletics  int          `yaml:"athletics,omitempty" min:"0" max:"6"`
	Endurance  int          `yaml:"endurance,omitempty" min:"0" max:"6"`
	Might      int          `yaml:"might,omitempty" min:"0" max:"4"`
	Toughness  int          `yaml:"toughness,omitempty" min:"0" max:"4" doc:"health is 10 + 2 x toughness"`
	Health     *int         `yaml:"health,omitempty" min:"-1000" max:"1000" doc:"current health, at most the maximum 10 + 2 x toughness (the default)"`
	AP         *int         `yaml:"ap,omitempty" min:"0" max:"12" doc:"action points at the start (default 12)"`
	BCM        *int         `yaml:"bcm,omitempty" min:"0" max:"30" doc:"base combat movement in squares (default 4)"`
	Prepared   bool         `yaml:"prepared,omitempty" doc:"had time to prepare: begins on guard whichever side started the fight (G1)"`
	Status     string       `yaml:"status,omitempty" enum:"off-guard,on-guard" doc:"the starting status, overriding G1"`
	BoundWith  string       `yaml:"bound_with,omitempty" doc:"starts in a bind with this combatant, within the reach of the weapon one of them binds with (both must say so)"`
	Grappling  []string     `yaml:"grappling,omitempty" max:"10" doc:"starts grappled with these combatants, each on a square beside it (each must say so)"`
	PinnedBy   string       `yaml:"pinned_by,omitempty" doc:"starts pinned by this grapple partner"`
	Joins      int          `yaml:"joins,omitempty" min:"0" max:"100" doc:"joins the fight after this many rounds, rolling initiative then (G8)"`
	X          int          `yaml:"x" min:"-10000" max:"10000"`
	Y          int          `yaml:"y" min:"-10000" max:"10000"`
	Weapons    []WeaponSpec `yaml:"weapons,omitempty" max:"2" doc:"wielded: up to two one-handed weapons or one two-handed; unarmed is always there"`
	Armour     *ArmourSpec  `yaml:"armour,omitempty"`
	CDModifier int          `yaml:"cd_modifier,omitempty" min:"-50" max:"50" doc:"the GM's modifier to Combat Defence: cover, darkness (G4)"`
}

// WeaponSpec is a weapon profile.
type WeaponSpec struct {
	Name          string `yaml:"name" required:"true" doc:"one lowercase word, used in commands"`
	Kind          string `yaml:"kind" required:"true" enum:"melee,ranged"`
	AP            int    `yaml:"ap" required:"true" min:"0" max:"12" doc:"the cost of actions made with it"`
	Accuracy      int    `yaml:"accuracy,omitempty" min:"-50" max:"50"`
	AimedAccuracy *int   `yaml:"aimed_accuracy,omitempty" min:"-50" max:"50" doc:"the accuracy after an Aim (default: accuracy)"`
	Damage        string `yaml:"damage" required:"true" doc:"NdM or NdM+K; melee weapons add Might"`
	AddMight      *bool  `yaml:"add_might,omitempty" doc:"add Might to damage (default: melee yes, ranged no)"`
	Reach         int    `yaml:"reach,omitempty" min:"0" max:"30" doc:"melee: squares it strikes (default 1)"`
	Range         int    `yaml:"range,omitempty" min:"0" max:"1000" doc:"ranged: squares it shoots"`
	AttackSpeed   int    `yaml:"attack_speed,omitempty" min:"0" max:"1000" doc:"ranged: a target farther than this may dodge"`
	Hands         int    `yaml:"hands,omitempty" min:"1" max:"2" doc:"default 1"`
	CanParry      *bool  `yaml:"can_parry,omitempty" doc:"melee only (default yes); a ranged weapon never parries"`
	Defence       int    `yaml:"defence,omitempty" min:"0" max:"50" doc:"a shield's Combat Defence"`
}

// ArmourSpec is worn armour.
type ArmourSpec struct {
	Name        string `yaml:"name,omitempty"`
	AV          int    `yaml:"av" min:"0" max:"100" doc:"armour value, taken off a hit's damage"`
	Coverage    int    `yaml:"coverage" min:"0" max:"100" doc:"added to CD for the critical-hit threshold"`
	Encumbrance int    `yaml:"encumbrance,omitempty" min:"0" max:"100" doc:"taken off Recover Stamina"`
}

// DroppedSpec is a weapon on the ground.
type DroppedSpec struct {
	Weapon WeaponSpec `yaml:"weapon"`
	X      int        `yaml:"x" min:"-10000" max:"10000"`
	Y      int        `yaml:"y" min:"-10000" max:"10000"`
}

// Start validates the spec and starts the encounter.
func (sp *Spec) Start() (engine.Table, error) {
	return engine.Start[State, Command, Event](Rules{}, sp.State)
}

// State validates the spec and returns the starting state. Problems are
// *engine.FieldError values, joined.
func (sp *Spec) State() (State, error) {
	var problems parts.Problems
	bad := problems.Add
	s := State{Options: DefaultOptions()}
	if sp.Ruleset != "" && sp.Ruleset != ID {
		bad("ruleset", "must be %s", ID)
	}
	if o := sp.Options; o != nil {
		s.Options.AimPersists = o.AimPersists
		if o.RoundLimit != nil {
			if *o.RoundLimit < 0 {
				bad("options.round_limit", "must be 0 (no limit) or more")
			}
			s.Options.RoundLimit = *o.RoundLimit
		}
	}
	var sides []string
	ids := map[string]int{}
	for i, cs := range sp.Combatants {
		path := fmt.Sprintf("combatants[%d]", i)
		c := cs.combatant(path, bad)
		if _, dup := ids[c.ID]; dup && c.ID != "" {
			bad(path+".id", "%q is already the id of combatants[%d]", c.ID, ids[c.ID])
		}
		ids[c.ID] = i
		if c.Side != "" && !slices.Contains(sides, c.Side) {
			sides = append(sides, c.Side)
		}
		s.Combatants = append(s.Combatants, c)
	}
	switch {
	case len(sp.Combatants) < 2:
		bad("combatants", "a fight needs two combatants or more")
	case len(sides) == 1:
		bad("combatants", "everyone is on side %q; a fight needs two sides", sides[0])
	case len(sides) == 0:
		bad("combatants", "nobody has a side; a fight needs two sides")
	case !slices.ContainsFunc(sp.Combatants, func(cs CombatantSpec) bool { return cs.Joins == 0 }):
		bad("combatants", "everyone joins late; a fight needs someone there when it starts")
	}
	initiator := sp.Initiator
	if initiator == "" && len(sides) > 0 {
		initiator = sides[0]
	}
	if initiator != "" && !slices.Contains(sides, initiator) {
		bad("initiator", "%q is not a side (sides: %s)", initiator, strings.Join(sides, ", "))
	}
	for i := range s.Combatants {
		c := &s.Combatants[i]
		cs := sp.Combatants[i]
		switch {
		case cs.Status != "":
			c.Status = Status(cs.Status)
		case cs.Prepared, c.Side == initiator && cs.Joins == 0:
			// A late joiner was not there when its side started the
			// fight: it arrives off guard unless prepared (G8).
			c.Status = OnGuard
		default:
			c.Status = OffGuard
		}
		sp.relations(i, &s, ids, bad)
	}
	taken := map[Square]string{}
	for _, c := range s.Combatants {
		if c.Joins > 0 {
			continue
		}
		if other, ok := taken[c.At]; ok {
			bad(fmt.Sprintf("combatants[%d]", ids[c.ID]), "%s stands on %v, where %s already is", c.ID, c.At, other)
		}
		taken[c.At] = c.ID
	}
	for i, d := range sp.Dropped {
		w := d.Weapon.weapon(fmt.Sprintf("dropped[%d].weapon", i), bad)
		s.Dropped = append(s.Dropped, Dropped{Weapon: w, At: Square{X: d.X, Y: d.Y}})
	}
	if err := problems.Err(); err != nil {
		return State{}, err
	}
	if sp.Begin.given() {
		sp.Begin.applyStart(&s, bad)
		if err := problems.Err(); err != nil {
			return State{}, err
		}
	}
	return s, nil
}

// reserved are words of the vocabulary that cannot be ids.
var reserved = []string{"with", "mod", UnarmedName}

func checkName(path, what, name string, bad func(string, string, ...any)) {
	switch {
	case name == "":
		bad(path, "the %s is missing", what)
	case name != strings.ToLower(name) || strings.ContainsAny(name, " \t,"):
		bad(path, "%q: the %s must be one lowercase word without commas, as commands use it", name, what)
	case slices.Contains(reserved, name):
		bad(path, "%q is a word of the command vocabulary; choose another %s", name, what)
	}
}

func (cs CombatantSpec) combatant(path string, bad func(string, string, ...any)) Combatant {
	checkName(path+".id", "id", cs.ID, bad)
	if cs.Side == "" {
		bad(path+".side", "every combatant needs a side")
	}
	c := Combatant{
		ID: cs.ID, Name: cs.Name, Side: cs.Side,
		Melee: cs.Melee, Ranged: cs.Ranged, Brawl: cs.Brawl, Athletics: cs.Athletics, Endurance: cs.Endurance,
		Might: cs.Might, Toughness: cs.Toughness, MaxHealth: 10 + 2*cs.Toughness,
		AP: FullAP, BCM: 4, At: Square{X: cs.X, Y: cs.Y}, CDModifier: cs.CDModifier, Joins: cs.Joins,
	}
	if c.Name == "" {
		c.Name = c.ID
	}
	c.Health = c.MaxHealth
	if cs.Health != nil {
		c.Health = *cs.Health
		switch {
		case c.Health <= 0:
			bad(path+".health", "%d would start the combatant down; give more than 0, or start the fight part-way through with start.combatants.%s.health", c.Health, cs.ID)
		case c.Health > c.MaxHealth:
			bad(path+".health", "%d is above the maximum %d (10 + 2 x toughness)", c.Health, c.MaxHealth)
		}
	}
	if cs.AP != nil {
		c.AP = *cs.AP
	}
	if cs.BCM != nil {
		c.BCM = *cs.BCM
	}
	for j, ws := range cs.Weapons {
		wp := fmt.Sprintf("%s.weapons[%d]", path, j)
		w := ws.weapon(wp, bad)
		if _, dup := c.weapon(w.Name); dup && w.Name != "" {
			bad(wp+".name", "%s already wields a weapon called %q", c.ID, w.Name)
		}
		c.Weapons = append(c.Weapons, w)
	}
	if n := hands(&c); n > 2 {
		bad(path+".weapons", "the weapons need %d hands; a combatant wields one two-handed or two one-handed weapons", n)
	}
	if a := cs.Armour; a != nil {
		c.Armour = Armour{Name: a.Name, AV: a.AV, Coverage: a.Coverage, Encumbrance: a.Encumbrance}
	}
	return c
}

// relations sets up the binds, grapples and pins the file starts with,
// each of which both parties must state.
func (sp *Spec) relations(i int, s *State, ids map[string]int, bad func(string, string, ...any)) {
	cs := sp.Combatants[i]
	c := &s.Combatants[i]
	path := fmt.Sprintf("combatants[%d]", i)
	partner := func(field, id string) *CombatantSpec {
		j, ok := ids[id]
		if !ok || j == i {
			bad(path+"."+field, "%q is not another combatant of the fight", id)
			return nil
		}
		if sp.Combatants[j].Side == cs.Side {
			// Binds and grapples come of fighting a foe (R34).
			bad(path+"."+field, "%s is on %s's side; a bind or grapple is with an opponent", id, cs.ID)
		}
		// Both must be in the fight when it starts: one yet to arrive
		// can be neither held nor pressed (G8, R34).
		for _, late := range []*CombatantSpec{&cs, &sp.Combatants[j]} {
			if late.Joins > sp.Begin.Round {
				bad(path+"."+field, "%s joins the fight after round %d; a bind or grapple is between two there when it starts (G8, R34)", late.ID, late.Joins)
				break
			}
		}
		// A bind is weapon on weapon: the two stand within the reach of
		// the weapon one of them binds with. A grapple is at close
		// quarters: the two stand side by side, as a grapple from a bind
		// leaves them (R20, R40).
		o := &s.Combatants[j]
		switch dist := Dist(c.At, o.At); {
		case field == "bound_with" && dist > max(bindReach(c), bindReach(o)):
			bad(path+"."+field, "%s stands %d squares from %s; a bind holds two within the reach of the weapon one of them binds with (%d) (R34, R40)",
				id, dist, cs.ID, max(bindReach(c), bindReach(o)))
		case field == "grappling" && dist > 1:
			bad(path+"."+field, "%s stands %d squares from %s; a grapple holds two side by side, 1 square apart (R20, R40)", id, dist, cs.ID)
		}
		return &sp.Combatants[j]
	}
	if cs.BoundWith != "" {
		if p := partner("bound_with", cs.BoundWith); p != nil && p.BoundWith != cs.ID {
			bad(path+".bound_with", "%s must also be bound_with %s", cs.BoundWith, cs.ID)
		}
		c.Status, c.BoundWith = Bound, cs.BoundWith
		c.BoundWeapon = UnarmedName
		for _, w := range c.Weapons {
			if w.Kind == "melee" {
				c.BoundWeapon = w.Name
				break
			}
		}
	}
	for _, g := range cs.Grappling {
		if p := partner("grappling", g); p != nil && !slices.Contains(p.Grappling, cs.ID) {
			bad(path+".grappling", "%s must also be grappling %s", g, cs.ID)
		}
	}
	if len(cs.Grappling) > 0 {
		if cs.BoundWith != "" {
			bad(path+".grappling", "a combatant is bound or grappled, not both")
		}
		c.Status, c.GrappledWith = Grappled, slices.Clone(cs.Grappling)
	}
	if cs.PinnedBy != "" {
		if !slices.Contains(cs.Grappling, cs.PinnedBy) {
			bad(path+".pinned_by", "%s must be among those grappling the combatant", cs.PinnedBy)
		} else if j, ok := ids[cs.PinnedBy]; ok && sp.Combatants[j].PinnedBy != "" {
			// Pinned, one can only try to escape: a pinner is grappled (R22, R08).
			bad(path+".pinned_by", "%s is pinned itself, and the pinned pin nobody", cs.PinnedBy)
		}
		c.Status, c.PinnedBy = Pinned, cs.PinnedBy
	}
	if c.Status != OffGuard && c.Status != OnGuard && cs.Status != "" {
		bad(path+".status", "a combatant in a bind or grapple has that status; leave status out")
	}
}

// bindReach is the reach of the weapon c binds with when a file starts it
// in a bind: its first melee weapon's, or the bare hands' 1.
func bindReach(c *Combatant) int {
	for _, w := range c.Weapons {
		if w.Kind == "melee" {
			return w.Reach
		}
	}
	return 1
}

func (ws WeaponSpec) weapon(path string, bad func(string, string, ...any)) Weapon {
	checkName(path+".name", "weapon name", ws.Name, bad)
	w := Weapon{Name: ws.Name, Kind: ws.Kind, AP: ws.AP, Accuracy: ws.Accuracy, AimedAccuracy: ws.Accuracy,
		Reach: ws.Reach, Range: ws.Range, AttackSpeed: ws.AttackSpeed, Hands: max(ws.Hands, 1), Defence: ws.Defence}
	if ws.AimedAccuracy != nil {
		w.AimedAccuracy = *ws.AimedAccuracy
	}
	dmg, err := parseDamage(ws.Damage)
	if err != nil {
		bad(path+".damage", "%v", err)
	}
	w.Damage = dmg
	melee := ws.Kind == "melee"
	w.AddMight, w.CanParry = melee, melee
	if ws.AddMight != nil {
		w.AddMight = *ws.AddMight
	}
	if ws.CanParry != nil {
		w.CanParry = *ws.CanParry
	}
	switch ws.Kind {
	case "melee":
		if w.Reach == 0 {
			w.Reach = 1
		}
		// A melee weapon strikes within its reach and cannot be dodged
		// for its attack speed: a ranged weapon's fields would be
		// ignored (R21, R27).
		if ws.Range != 0 {
			bad(path+".range", "%d: a melee weapon strikes within its reach, not a range; range is a ranged weapon's (R21)", ws.Range)
		}
		if ws.AttackSpeed != 0 {
			bad(path+".attack_speed", "%d: attack speed is a ranged weapon's, which a target farther off may dodge (R27); a melee weapon has none", ws.AttackSpeed)
		}
	case "ranged":
		if w.Range < 1 {
			bad(path+".range", "a ranged weapon needs a range of 1 square or more")
		}
		if ws.Reach != 0 {
			bad(path+".reach", "%d: a ranged weapon shoots within its range, not a reach; reach is a melee weapon's (R21)", ws.Reach)
		}
		if ws.Defence != 0 {
			bad(path+".defence", "%d: defence is a shield's, and a shield is a melee weapon (R36)", ws.Defence)
		}
		if w.CanParry {
			bad(path+".can_parry", "a parry takes a melee weapon, put between the blow and its bearer; a ranged weapon cannot parry (R27)")
		}
	default:
		bad(path+".kind", "%q: a weapon is melee or ranged (unarmed is always there)", ws.Kind)
	}
	if ws.AP < 1 {
		bad(path+".ap", "a weapon's actions cost 1 AP or more")
	}
	return w
}

// parseDamage reads NdM, NdM+K or NdM-K.
func parseDamage(text string) (Damage, error) {
	t := strings.ToLower(strings.ReplaceAll(text, " ", ""))
	n, rest, ok := strings.Cut(t, "d")
	if !ok {
		return Damage{}, fmt.Errorf("%q: damage is NdM or NdM+K, as 1d8+1", text)
	}
	d := Damage{Dice: 1}
	if n != "" {
		v, err := strconv.Atoi(n)
		if err != nil || v < 1 || v > 20 {
			return Damage{}, fmt.Errorf("%q: the number of dice is 1 to 20", text)
		}
		d.Dice = v
	}
	sides, flat := rest, ""
	if i := strings.IndexAny(rest, "+-"); i >= 0 {
		sides, flat = rest[:i], rest[i:]
	}
	v, err := strconv.Atoi(sides)
	if err != nil || v < 1 || v > 100 {
		return Damage{}, fmt.Errorf("%q: a die has 1 to 100 sides", text)
	}
	d.Sides = v
	if flat != "" {
		k, err := strconv.Atoi(flat)
		if err != nil {
			return Damage{}, fmt.Errorf("%q: the bonus after the die is a number", text)
		}
		d.Flat = k
	}
	return d, nil
}

// Plugin is the ruleset as a program wires it in: the game, with how to
// start its encounters.
func Plugin() engine.Plugin[State, Command, Event] {
	return parts.Plugin[State, Command, Event, Spec](Rules{}, "12 AP a round for actions, reactions and counter-tempo; opposed d10 checks read on outcome ladders; statuses gate the menu; a secret feint", content)
}

// Info is the ruleset's entry for an engine.Registry: Plugin().Info().
func Info() engine.RulesetInfo { return Plugin().Info() }
