package maneuvers

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// unarmed is the weapon of bare hands.
var unarmed = Weapon{Name: "unarmed", Key: KeyUnarmed, Kind: "melee", Hands: 0, Reach: UnarmedReach,
	Damage: "1d4", Type: "crushing", Dice: Dice{N: 1, Sides: 4}}

// weaponOf returns the combatant's weapon called name, or bare hands.
func weaponOf(c *Combatant, name string) *Weapon {
	if name == "" || name == unarmed.Name {
		return &unarmed
	}
	if w := c.item(name); w != nil {
		return w
	}
	return &unarmed
}

// strikeWeapon picks the weapon of a strike by me at target t from point
// at: the one named, else the first wielded that reaches, else bare hands.
func strikeWeapon(me *Combatant, name string, at Point, oa bool) (*Weapon, error) {
	if name == unarmed.Name {
		if oa {
			return nil, refuse(engine.NotAllowedNow, "an opportunity attack needs a wielded melee weapon")
		}
		return &unarmed, nil
	}
	if name != "" {
		w := me.item(name)
		switch {
		case w == nil:
			return nil, refuse(engine.Invalid, "%s carries no %q", me.ID, name)
		case !me.wields(name):
			return nil, refuse(engine.NotAllowedNow, "%s does not hold %s in hand (in hand: %s)", me.ID, name, strings.Join(me.Wield, ", "))
		case w.Kind == "shield":
			return nil, refuse(engine.NotAllowedNow, "a shield is for blocking, not striking")
		case oa && w.Kind != "melee":
			return nil, refuse(engine.NotAllowedNow, "an opportunity attack is a melee strike; %s is a %s weapon", name, w.Kind)
		}
		return w, nil
	}
	d := dist(me.pos(), at)
	var fallback *Weapon
	for _, n := range me.Wield {
		w := me.item(n)
		if w == nil || w.Kind == "shield" || oa && w.Kind != "melee" {
			continue
		}
		if inRange(w, d) {
			return w, nil
		}
		if fallback == nil {
			fallback = w
		}
	}
	if oa {
		if fallback == nil {
			return nil, refuse(engine.NotAllowedNow, "an opportunity attack needs a wielded melee weapon")
		}
		return fallback, nil
	}
	if fallback != nil && d > UnarmedReach {
		return fallback, nil
	}
	return &unarmed, nil
}

// inRange reports whether weapon w reaches d metres.
func inRange(w *Weapon, d float64) bool {
	if w.Kind == "melee" {
		return d <= w.Reach+1e-9
	}
	return d <= w.Range+1e-9
}

// declareStrike checks a Strike (or, with oa, an opportunity attack at a
// provoker standing at) and returns its declaration (R14, R22).
func (d *decider) declareStrike(me *Combatant, target, weapon, style, attr string, oa bool, at *Point) (*StrikeDeclared, error) {
	s := d.s
	t := s.Combatant(target)
	switch {
	case t == nil:
		return nil, unknown(target)
	case !hostile(me, t):
		return nil, refuse(engine.NotAllowedNow, "%s and %s are on the same side", me.ID, t.ID)
	case t.Dead:
		return nil, refuse(engine.NotAllowedNow, "%s is dead", t.ID)
	case me.AP < 1:
		return nil, refuse(engine.NotAllowedNow, "%s has no AP left to strike", me.ID)
	case me.Attacks >= AttacksPerRound:
		return nil, refuse(engine.NotAllowedNow, "%s has made its %d attacks this round (R11)", me.ID, AttacksPerRound)
	}
	pos := t.pos()
	if at != nil {
		pos = *at
	}
	w, err := strikeWeapon(me, weapon, pos, oa)
	if err != nil {
		return nil, err
	}
	if dd := dist(me.pos(), pos); !inRange(w, dd) {
		what := "reach"
		if w.Kind != "melee" {
			what = "range"
		}
		return nil, refuse(engine.NotAllowedNow, "%s is %.2f m from %s, beyond the %s of %s", t.ID, dd, me.ID, what, w.Name)
	}
	var st *Style
	if style != "" {
		if st = me.style(style); st == nil {
			return nil, refuse(engine.Invalid, "%s has no style %q", me.ID, style)
		}
	} else {
		st = me.bestStyle(w.key())
	}
	melee := w.Kind == "melee"
	switch {
	case attr == "" && melee:
		attr = me.strOrAgi()
	case attr == "":
		attr = AGI
	case attr != STR && attr != AGI:
		return nil, refuse(engine.Invalid, "a strike uses str or agi, not %q", attr)
	case !melee && attr != AGI:
		return nil, refuse(engine.NotAllowedNow, "a ranged or thrown strike uses agi (R14)")
	}
	sd := engine.New(d.h.arena(), strikeDeclaredKind, StrikeDeclared{Attacker: me.ID, Target: t.ID, Weapon: w.Name, Attr: attr, Ranged: !melee, Melee: melee,
		OA: oa, AP: 1})
	if st != nil {
		sd.Style = st.Name
	}
	return sd, nil
}

// strike declares a Strike on the striker's turn.
func (d *decider) strike(me *Combatant, c *Strike) error {
	sd, err := d.declareStrike(me, c.Target, c.Weapon, c.Style, c.Attr, false, nil)
	if err != nil {
		return err
	}
	d.attack(me, sd)
	if w := me.item(sd.Weapon); w != nil && w.Kind == "thrown" {
		t := d.s.Combatant(c.Target)
		d.emit(engine.New(d.h.arena(), itemDroppedKind, ItemDropped{Combatant: me.ID, Item: w.Name, At: t.pos(), Thrown: true}))
	}
	return nil
}

// attack declares an attack of me's, which reveals it if it is hidden
// (R36).
func (d *decider) attack(me *Combatant, sd *StrikeDeclared) {
	sd.Hidden = me.hiddenFrom(sd.Target)
	d.emit(sd)
	if len(me.HiddenFrom) > 0 {
		d.emit(engine.New(d.h.arena(), revealedKind, Revealed{Combatant: me.ID}))
	}
}

// situation records the GM's ruling on a combat roll (§6.3-6.5).
func (d *decider) situation(c *Situation) error {
	s := d.s
	r, err := d.rollAt(StageSituation, "combat roll waits for the GM's ruling")
	if err != nil {
		return err
	}
	t := s.Combatant(r.Target)
	cover := c.Cover
	if cover == "" {
		cover = CoverNone
		if r.Ranged && t.Cover != "" {
			cover = t.Cover
		}
	}
	if _, ok := coverTable[cover]; !ok {
		return refuse(engine.Invalid, "cover is none, low, high or full, not %q", cover)
	}
	if cover != CoverNone && !r.Ranged {
		return refuse(engine.NotAllowedNow, "cover counts only against ranged attacks (A23)")
	}
	unaware := r.Hidden
	switch c.Awareness {
	case "":
	case "aware":
		unaware = false
	case "unaware":
		unaware = true
	default:
		return refuse(engine.Invalid, "awareness is aware or unaware, not %q", c.Awareness)
	}
	d.emit(engine.New(d.h.arena(), situationRuledKind, SituationRuled{Ruling{Cover: cover, Mod: c.Mod, Edge: c.Edge, Unaware: unaware,
		DefMod: c.DefMod, DefEdge: c.DefEdge}}))
	return nil
}

// cannotDefend says why the target of the roll may not defend (R15, A13,
// A36), or "".
func cannotDefend(s *State, r *Roll) string {
	t := s.Combatant(r.Target)
	switch {
	case coverTable[r.Cover].full:
		return "full cover"
	case !t.Conscious():
		return "unconscious"
	case t.Surprised:
		return "surprised"
	case r.Unaware:
		return "unaware"
	case t.AP < 1:
		return "no AP left"
	}
	return ""
}

// defences lists the defences the target of the roll may choose, none
// last (R15).
func defences(s *State, r *Roll, out []string) []string {
	t := s.Combatant(r.Target)
	var sp *Spell
	if r.Spell != "" {
		sp = s.Combatant(r.Attacker).spell(r.Spell)
	}
	for i := range defenceTable {
		row := &defenceTable[i]
		switch {
		case sp != nil && row.name != NoDefence && !slices.Contains(sp.Defences, row.name):
			// A spell allows the defences its data lists (R15).
		case row.shield && t.shield() == nil:
		case row.parry && t.meleeWeapon() == nil && !t.trained(KeyUnarmed):
		case row.parry && sp == nil && r.Ranged:
		case row.mind && sp == nil && !r.Mind:
		default:
			out = append(out, row.name)
		}
	}
	return out
}

// rollAt returns the combat roll that waits at stage, or a refusal saying
// that no such thing (what) waits.
func (d *decider) rollAt(stage, what string) (*Roll, error) {
	if r := d.s.Roll; r != nil && r.Stage == stage {
		return r, nil
	}
	return nil, refuse(engine.NotAllowedNow, "no %s: %s", what, waiting(d.s))
}

// defend records the target's defence (R15).
func (d *decider) defend(c *Defend) error {
	s := d.s
	r, err := d.rollAt(StageDefence, "attack waits for a defence")
	if err != nil {
		return err
	}
	if why := cannotDefend(s, r); why != "" {
		return refuse(engine.NotAllowedNow, "%s cannot defend: %s", r.Target, why)
	}
	var buf [5]string
	legal := defences(s, r, buf[:0])
	if !slices.Contains(legal, c.Defence) {
		return refuse(engine.NotAllowedNow, "%s may not %s against this attack (defences: %s)", r.Target, c.Defence, strings.Join(legal, ", "))
	}
	t := s.Combatant(r.Target)
	attr := c.Attr
	switch {
	case c.Defence == Parry && attr == "":
		attr = t.strOrAgi()
	case c.Defence == Parry && attr != STR && attr != AGI:
		return refuse(engine.Invalid, "a parry uses str or agi, not %q", attr)
	case c.Defence != Parry && attr != "":
		return refuse(engine.Invalid, "only a parry chooses its attribute")
	}
	ap := 1
	if c.Defence == NoDefence {
		ap = 0
	}
	d.emit(engine.New(d.h.arena(), defenceChosenKind, DefenceChosen{Combatant: t.ID, Defence: c.Defence, Attr: attr, AP: ap, Braced: t.Braced && ap > 0}))
	return nil
}

// flanked reports whether t stands between two conscious allies, both
// its foes, that both reach it (R24, A22).
func flanked(s *State, t *Combatant) bool {
	var buf [8]*Combatant
	fs := buf[:0]
	for i := range s.Combatants {
		a := &s.Combatants[i]
		if hostile(a, t) && a.Conscious() && dist(a.pos(), t.pos()) <= a.reach()+1e-9 {
			fs = append(fs, a)
		}
	}
	tol := s.Options.FlankTolerance
	for i := range fs {
		for j := i + 1; j < len(fs); j++ {
			if fs[i].Side != fs[j].Side {
				continue // two foes of the target, but not allies
			}
			a, b := fs[i].pos(), fs[j].pos()
			dx, dy := b.X-a.X, b.Y-a.Y
			l2 := dx*dx + dy*dy
			if l2 == 0 {
				continue
			}
			u := ((t.X-a.X)*dx + (t.Y-a.Y)*dy) / l2
			if u <= 0 || u >= 1 {
				continue
			}
			if dist(t.pos(), Point{a.X + u*dx, a.Y + u*dy}) <= tol+1e-9 {
				return true
			}
		}
	}
	return false
}

// attackCheck is the attacker's test of the roll (R14, R16, R23, R24,
// R27, R34).
func attackCheck(s *State, r *Roll) check {
	a := s.Combatant(r.Attacker)
	t := s.Combatant(r.Target)
	var k check
	switch {
	case r.Spell != "":
		k = skillCheck(a, Sorcery)
	case r.Improv != "":
		k = improvCheck(a, r.Attr)
	default:
		k = styleCheck(a, a.style(r.Style), r.Attr, r.Untrained)
		if r.Feinted {
			k.edge++
		}
	}
	if r.Melee && r.Improv == "" && flanked(s, t) {
		k.mod += FlankBonus
	}
	row := coverTable[r.Cover]
	if r.Ranged {
		k.mod += row.attack
	}
	k.autoFail = k.autoFail || row.full
	k.mod += r.Mod
	k.edge += r.Edge
	return k
}

// defenceCheck is the defender's test of the roll (R15).
func defenceCheck(s *State, r *Roll) check {
	t := s.Combatant(r.Target)
	var k check
	switch r.Defence {
	case Block:
		k = styleCheck(t, t.bestStyle(KeyShield), STR, t.untrainedGear())
	case Parry:
		key := KeyUnarmed
		if w := t.meleeWeapon(); w != nil {
			key = w.key()
		}
		k = styleCheck(t, t.bestStyle(key), r.DefAttr, t.untrainedGear())
	case DodgeDef:
		k = skillCheck(t, Dodge)
		if r.Ranged {
			k.mod += coverTable[r.Cover].dodge
		}
	case Withstand:
		k = skillCheck(t, Focus)
	default:
		return check{autoFail: true}
	}
	if r.Braced {
		k.edge++
	}
	k.mod += r.DefMod
	k.edge += r.DefEdge
	return k
}

// rollCombat draws the attacker's dice, then the defender's, and reads
// the result (R16-R18).
func (d *decider) rollCombat() {
	s := d.s
	r := s.Roll
	at := s.roll(d.src, attackCheck(s, r))
	dt := s.roll(d.src, defenceCheck(s, r))
	result := "miss"
	switch {
	case at.Pass && !dt.Pass:
		result = "critical"
	case !at.Pass && dt.Pass:
		result = "negated"
	case !at.Pass:
		result = "miss"
	case r.Defence == Block:
		result = "blocked"
	case at.Successes > dt.Successes:
		result = "hit"
	}
	d.emit(engine.New(d.h.arena(), combatRolledKind, CombatRolled{Attacker: r.Attacker, Target: r.Target, Attack: at, Defence: dt, Result: result}))
}

// stepRoll takes the combat roll one step on without anyone deciding, and
// reports whether it did.
func (d *decider) stepRoll() bool {
	s := d.s
	r := s.Roll
	switch r.Stage {
	case StageDefence:
		why := cannotDefend(s, r)
		if why == "" {
			return false
		}
		d.emit(engine.New(d.h.arena(), defenceChosenKind, DefenceChosen{Combatant: r.Target, Defence: NoDefence, Reason: why}))
	case stageDice:
		d.rollCombat()
	case stageDamage:
		d.rollDamage()
	case StageResist:
		if pushRuling(r) || needsChoice(s, r) {
			return false
		}
		d.resolveManeuver("")
	default:
		return false
	}
	return true
}

// Strike attacks with a weapon (R14), or as an opportunity attack.
type Strike struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
	Style  string `json:"style,omitempty"`
	Attr   string `json:"attr,omitempty"`
}

// Situation is the GM's ruling on a combat roll: cover, modifiers and
// boons or banes for either test, and whether the target is aware
// (§6.3-6.5).
type Situation struct {
	// Cover is none, low, high or full; "" takes the map's (the target's
	// cover, against ranged attacks).
	Cover string `json:"cover,omitempty"`
	Mod   int    `json:"mod,omitempty"`
	// Edge is boons (+) or banes (-) for the attacker.
	Edge int `json:"edge,omitempty"`
	// Awareness is "aware" or "unaware"; "" takes the default: unaware
	// when the attacker is hidden from the target.
	Awareness string `json:"awareness,omitempty"`
	// DefMod and DefEdge are the environment's modifier and boons (+) or
	// banes (-) for the defender's test (§6.5).
	DefMod  int `json:"def_mod,omitempty"`
	DefEdge int `json:"def_edge,omitempty"`
}

// Defend chooses a defence (R15): block, dodge, parry, withstand or none.
type Defend struct {
	Defence string `json:"defence"`
	Attr    string `json:"attr,omitempty"`
}

// StrikeDeclared: an attack is declared: a weapon Strike, an opportunity
// attack or an attack spell (R14).
type StrikeDeclared struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Weapon   string `json:"weapon,omitempty"`
	Spell    string `json:"spell,omitempty"`
	// Improv names an improvised action ruled harmful (§6.7); its Attr is
	// the skill or attribute tested.
	Improv string `json:"improv,omitempty"`
	Style  string `json:"style,omitempty"`
	Attr   string `json:"attr,omitempty"`
	Ranged bool   `json:"ranged,omitempty"`
	Melee  bool   `json:"melee,omitempty"`
	OA     bool   `json:"oa,omitempty"`
	// Hidden: the attacker is hidden from the target.
	Hidden bool `json:"hidden,omitempty"`
	// AP is what it costs now (0 for a spell's attack, paid on casting).
	AP int `json:"ap"`
}

// SituationRuled: the GM's ruling on the combat roll (§7.5b).
type SituationRuled struct {
	Ruling
}

// Ruling is what the GM rules of a combat roll's situation (§7.5b), as
// the roll holds it: the cover, the attacker's modifier and boons (+) or
// banes (-), whether the target is unaware, and the defender's modifier
// and boons or banes.
type Ruling struct {
	Cover   string `json:"cover,omitempty"`
	Mod     int    `json:"mod,omitempty"`
	Edge    int    `json:"edge,omitempty"`
	Unaware bool   `json:"unaware,omitempty"`
	DefMod  int    `json:"def_mod,omitempty"`
	DefEdge int    `json:"def_edge,omitempty"`
}

// DefenceChosen: the target's defence and its AP (R15); Reason says why
// an automatic none.
type DefenceChosen struct {
	Combatant string `json:"combatant"`
	Defence   string `json:"defence"`
	Attr      string `json:"attr,omitempty"`
	AP        int    `json:"ap"`
	Reason    string `json:"reason,omitempty"`
	// Braced: a Brace was used up for a boon.
	Braced bool `json:"braced,omitempty"`
}

// CombatRolled: the attacker's test and the defender's, and the result
// (R16-R18).
type CombatRolled struct {
	Attacker string   `json:"attacker"`
	Target   string   `json:"target"`
	Attack   TestRoll `json:"attack"`
	Defence  TestRoll `json:"defence"`
	// Result: miss, hit, blocked, critical (the attacker's critical win)
	// or negated (the defender's).
	Result string `json:"result"`
}

// The kinds of combat.go's commands and events.
var (
	strikeKind         = engine.Add[Strike](commands, "strike")
	situationKind      = engine.Add[Situation](commands, "situation")
	defendKind         = engine.Add[Defend](commands, "defend")
	strikeDeclaredKind = engine.Add[StrikeDeclared](events, "strike_declared")
	situationRuledKind = engine.Add[SituationRuled](events, "situation_ruled")
	defenceChosenKind  = engine.Add[DefenceChosen](events, "defence_chosen")
	combatRolledKind   = engine.Add[CombatRolled](events, "combat_rolled")
)

func (*Strike) command()    {}
func (*Situation) command() {}
func (*Defend) command()    {}

// modifierWords appends to words a test's modifier mod, named name, and
// its boons or banes edge, with suffix.
func modifierWords(words []string, mod, edge int, name, suffix string) []string {
	if mod != 0 {
		words = append(words, fmt.Sprintf("%s %+d", name, mod))
	}
	switch {
	case edge > 0:
		words = append(words, "a boon"+suffix)
	case edge < 0:
		words = append(words, "a bane"+suffix)
	}
	return words
}

// styleWords says which style and attribute a strike uses.
func styleWords(style, attr string) string {
	if style == "" {
		return "no style, " + attr
	}
	return style + ", " + attr
}

func (e *StrikeDeclared) apply(s *State, h *hotMemory) {
	a := s.Combatant(e.Attacker)
	if a == nil {
		return
	}
	strike := e.Spell == "" && e.Improv == ""
	feinted := strike && a.Feinting == e.Target
	a.AP -= e.AP
	if strike {
		a.Attacks++
	}
	a.Fresh, a.Feinting = false, ""
	r := Roll{Attacker: e.Attacker, Target: e.Target, Weapon: e.Weapon, Spell: e.Spell, Improv: e.Improv, Style: e.Style, Attr: e.Attr,
		Ranged: e.Ranged, Melee: e.Melee, OA: e.OA, Stage: StageSituation, Feinted: feinted, Hidden: e.Hidden}
	switch {
	case e.Spell != "":
		if sp := a.spell(e.Spell); sp != nil {
			r.Dice, r.Type = sp.DamageDice, sp.Type
		}
	case e.Improv != "":
		if im := s.Improv; im != nil {
			r.Dice, r.Type, r.Mind = im.Dice, im.Type, im.Mind
		}
		s.Improv = nil
	default:
		w := weaponOf(a, e.Weapon)
		r.Dice, r.Type = w.Dice, w.Type
		// Read while a thrown weapon is still in hand (R27).
		r.Untrained = a.untrainedGear()
	}
	keepRoll(s, h, r)
	if e.OA && s.Trigger != nil {
		s.Trigger.Next++
	}
}

func (e *SituationRuled) apply(s *State, _ *hotMemory) {
	if r := s.Roll; r != nil {
		r.Ruling = e.Ruling
		r.Stage = StageDefence
	}
}

func (e *DefenceChosen) apply(s *State, _ *hotMemory) {
	if t := s.Combatant(e.Combatant); t != nil {
		t.AP -= e.AP
		if e.Braced {
			t.Braced = false
		}
		if e.Defence != NoDefence {
			t.Feinting = ""
		}
	}
	if r := s.Roll; r != nil {
		r.Defence, r.DefAttr, r.Braced, r.Stage = e.Defence, e.Attr, e.Braced, stageDice
	}
}

func (e *CombatRolled) apply(s *State, _ *hotMemory) {
	r := s.Roll
	if r == nil {
		return
	}
	r.Result = e.Result
	switch e.Result {
	case "critical":
		r.Winner, r.Loser, r.Stage = r.Attacker, r.Target, StageManeuver
	case "negated":
		r.Winner, r.Loser, r.Stage = r.Target, r.Attacker, StageManeuver
	case "hit", "blocked":
		r.Stage = stageDamage
	default:
		s.Roll = nil
	}
}

func (e *StrikeDeclared) describe(s *State) string {
	switch {
	case e.Spell != "":
		return fmt.Sprintf("%s's %s attacks %s", e.Attacker, e.Spell, e.Target)
	case e.Improv != "" && e.Attr != "":
		return fmt.Sprintf("%s's %s attacks %s (%s)", e.Attacker, e.Improv, e.Target, e.Attr)
	case e.Improv != "":
		return fmt.Sprintf("%s's %s attacks %s", e.Attacker, e.Improv, e.Target)
	case e.OA:
		return fmt.Sprintf("%s makes an opportunity attack on %s with %s (%s)", e.Attacker, e.Target, e.Weapon, styleWords(e.Style, e.Attr))
	}
	return fmt.Sprintf("%s strikes %s with %s (%s)", e.Attacker, e.Target, e.Weapon, styleWords(e.Style, e.Attr))
}

func (e *SituationRuled) describe(_ *State) string {
	var words []string
	if e.Cover != "" && e.Cover != CoverNone {
		words = append(words, e.Cover+" cover")
	}
	words = modifierWords(words, e.Mod, e.Edge, "modifier", "")
	words = modifierWords(words, e.DefMod, e.DefEdge, "defence modifier", " on the defence")
	if e.Unaware {
		words = append(words, "the target is unaware")
	}
	if len(words) == 0 {
		return "the GM rules: nothing changes the roll"
	}
	return "the GM rules: " + strings.Join(words, ", ")
}

func (e *DefenceChosen) describe(s *State) string {
	switch {
	case e.Reason != "":
		return fmt.Sprintf("%s cannot defend: %s", e.Combatant, e.Reason)
	case e.Defence == NoDefence:
		return e.Combatant + " does not defend"
	}
	line := fmt.Sprintf("%s chooses %s", e.Combatant, e.Defence)
	if e.Attr != "" {
		line += " with " + e.Attr
	}
	line += fmt.Sprintf(" (%d AP)", e.AP)
	if e.Braced {
		line += ", braced for a boon"
	}
	return line
}

func (e *CombatRolled) describe(s *State) string {
	res := e.Result
	switch e.Result {
	case "critical":
		res = "critical win for " + e.Attacker
	case "negated":
		res = "critical win for " + e.Target + ": the attack is negated"
	}
	return fmt.Sprintf("%s attacks: %s; %s defends: %s; %s", e.Attacker, describeTest(e.Attack), e.Target, describeTest(e.Defence), res)
}
