package maneuvers

import (
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
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
		return nil, refuse(engine.Invalid, "there is no combatant called %q", target)
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
		attr = STR
		if me.Agi > me.Str {
			attr = AGI
		}
	case attr == "":
		attr = AGI
	case attr != STR && attr != AGI:
		return nil, refuse(engine.Invalid, "a strike uses str or agi, not %q", attr)
	case !melee && attr != AGI:
		return nil, refuse(engine.NotAllowedNow, "a ranged or thrown strike uses agi (R14)")
	}
	sd := parts.PutIn(d.h, (*hotMemory).strikeDeclaredPool, StrikeDeclared{Attacker: me.ID, Target: t.ID, Weapon: w.Name, Attr: attr, Ranged: !melee, Melee: melee,
		OA: oa, AP: 1, Hidden: me.hiddenFrom(t.ID)})
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
	d.emit(sd)
	if len(me.HiddenFrom) > 0 {
		d.emit(&Revealed{Combatant: me.ID})
	}
	if w := me.item(sd.Weapon); w != nil && w.Kind == "thrown" {
		t := d.s.Combatant(c.Target)
		d.emit(&ItemDropped{Combatant: me.ID, Item: w.Name, At: t.pos(), Thrown: true})
	}
	return nil
}

// opportunity declares an opportunity attack on the provoker (R22).
func (d *decider) opportunity(c *Opportunity) error {
	s := d.s
	tr := s.Trigger
	if tr == nil || s.Roll != nil || s.Contest != nil || tr.Next >= len(tr.Reactors) {
		return refuse(engine.NotAllowedNow, "no opportunity attack is possible now: %s", waiting(s))
	}
	p := tr.Reactors[tr.Next]
	me := s.Combatant(p.ID)
	who := s.Combatant(tr.Who)
	at := p.At
	sd, err := d.declareStrike(me, who.ID, c.Weapon, "", "", true, &at)
	if err != nil {
		return err
	}
	if who.pos() != at {
		d.emit(parts.PutIn(d.h, (*hotMemory).movedPool, Moved{Combatant: who.ID, To: at}))
	}
	d.emit(sd)
	if len(me.HiddenFrom) > 0 {
		d.emit(&Revealed{Combatant: me.ID})
	}
	return nil
}

// cast uses a spell (R37): one without the Melee Attack trait provokes
// first.
func (d *decider) cast(me *Combatant, c *Cast) error {
	s := d.s
	sp := me.spell(c.Spell)
	if sp == nil {
		names := make([]string, len(me.Spells))
		for i := range me.Spells {
			names[i] = me.Spells[i].Name
		}
		return refuse(engine.Invalid, "%s has no spell %q (spells: %s)", me.ID, c.Spell, strings.Join(names, ", "))
	}
	attack := sp.has("attack") || sp.has("melee-attack")
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
		return refuse(engine.Invalid, "there is no combatant called %q", target)
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
	d.emit(parts.PutIn(d.h, (*hotMemory).provokingPool, Provoking{Combatant: me.ID, Trigger: TriggerCast, Spell: sp.Name, Target: t.ID, AP: sp.AP, Attack: attack,
		Reactors: d.reactorsAt(me, me.pos())}))
	return nil
}

// castEffect makes a spell take effect: an attack's combat roll, or its
// healing.
func (d *decider) castEffect(me *Combatant, sp *Spell, target string, provoked bool) {
	s := d.s
	attack := sp.has("attack") || sp.has("melee-attack")
	d.emit(parts.PutIn(d.h, (*hotMemory).spellCastPool, SpellCast{Caster: me.ID, Spell: sp.Name, Target: target, AP: sp.AP, Attack: attack, Provoked: provoked}))
	t := s.Combatant(target)
	if attack {
		melee := sp.has("melee-attack")
		d.emit(parts.PutIn(d.h, (*hotMemory).strikeDeclaredPool, StrikeDeclared{Attacker: me.ID, Target: target, Spell: sp.Name, Attr: INT, Ranged: !melee, Melee: melee,
			Hidden: me.hiddenFrom(target)}))
		if len(me.HiddenFrom) > 0 {
			d.emit(&Revealed{Combatant: me.ID})
		}
		return
	}
	if sp.HealDice.N == 0 && sp.HealDice.Bonus == 0 {
		return
	}
	rolled := make([]int, sp.HealDice.N)
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
	d.emit(&Healed{Combatant: t.ID, Source: me.ID, Dice: rolled, Sides: sp.HealDice.Sides, Bonus: sp.HealDice.Bonus, Amount: hp - t.HP, HP: hp,
		Woke: t.HP <= 0 && hp > 0})
}

// situation records the GM's ruling on a combat roll (§6.3-6.5).
func (d *decider) situation(c *Situation) error {
	s := d.s
	r := s.Roll
	if r == nil || r.Stage != StageSituation {
		return refuse(engine.NotAllowedNow, "no combat roll waits for the GM's ruling: %s", waiting(s))
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
	d.emit(parts.PutIn(d.h, (*hotMemory).situationRuledPool, SituationRuled{Cover: cover, Mod: c.Mod, Edge: c.Edge, Unaware: unaware,
		DefMod: c.DefMod, DefEdge: c.DefEdge}))
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

// defend records the target's defence (R15).
func (d *decider) defend(c *Defend) error {
	s := d.s
	r := s.Roll
	if r == nil || r.Stage != StageDefence {
		return refuse(engine.NotAllowedNow, "no attack waits for a defence: %s", waiting(s))
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
		attr = STR
		if t.Agi > t.Str {
			attr = AGI
		}
	case c.Defence == Parry && attr != STR && attr != AGI:
		return refuse(engine.Invalid, "a parry uses str or agi, not %q", attr)
	case c.Defence != Parry && attr != "":
		return refuse(engine.Invalid, "only a parry chooses its attribute")
	}
	ap := 1
	if c.Defence == NoDefence {
		ap = 0
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).defenceChosenPool, DefenceChosen{Combatant: t.ID, Defence: c.Defence, Attr: attr, AP: ap, Braced: t.Braced && ap > 0}))
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
		k = styleCheck(a, a.style(r.Style), r.Attr)
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
	if row.full {
		k.autoFail = true
	}
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
		k = styleCheck(t, t.bestStyle(KeyShield), STR)
	case Parry:
		key := KeyUnarmed
		if w := t.meleeWeapon(); w != nil {
			key = w.key()
		}
		k = styleCheck(t, t.bestStyle(key), r.DefAttr)
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
	d.emit(parts.PutIn(d.h, (*hotMemory).combatRolledPool, CombatRolled{Attacker: r.Attacker, Target: r.Target, Attack: at, Defence: dt, Result: result}))
}

// maneuvers lists the maneuvers the winner of the roll's critical win may
// choose (R19, R20), without Disarm's item.
func maneuvers(s *State, r *Roll, out []string) []string {
	w := s.Combatant(r.Winner)
	l := s.Combatant(r.Loser)
	for i := range maneuverTable {
		row := &maneuverTable[i]
		switch {
		case row.attackerOnly && (r.Winner != r.Attacker || r.Spell != "" || r.Improv != ""):
		case row.reach && dist(w.pos(), l.pos()) > w.reach()+1e-9:
		case row.shieldOrHeavy && !w.heavyOrShield():
		case row.name == Disarm && len(l.Wield) == 0:
		default:
			out = append(out, row.name)
		}
	}
	return out
}

// maneuver records the winner's choice (R19).
func (d *decider) maneuver(c *Maneuver) error {
	s := d.s
	r := s.Roll
	if r == nil || r.Stage != StageManeuver {
		return refuse(engine.NotAllowedNow, "no critical win waits for a maneuver: %s", waiting(s))
	}
	if c.Name != "" {
		var buf [8]string
		legal := maneuvers(s, r, buf[:0])
		if !slices.Contains(legal, c.Name) {
			return refuse(engine.NotAllowedNow, "%s cannot %s now (maneuvers: %s)", r.Winner, c.Name, strings.Join(legal, ", "))
		}
		l := s.Combatant(r.Loser)
		if c.Name == Disarm && !l.wields(c.Item) {
			return refuse(engine.NotAllowedNow, "%s holds no %q (in hand: %s)", l.ID, c.Item, strings.Join(l.Wield, ", "))
		}
		if c.Name != Disarm && c.Item != "" || c.Name != Precision && c.Location != "" {
			return refuse(engine.Invalid, "only disarm names an item and only precision a location")
		}
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).maneuverChosenPool, ManeuverChosen{Combatant: r.Winner, Maneuver: c.Name, Location: c.Location, Item: c.Item}))
	return nil
}

// rollDamage rolls the roll's damage, maximized by Precision, and takes
// it through R31's pipeline.
func (d *decider) rollDamage() {
	s := d.s
	r := s.Roll
	a := s.Combatant(r.Attacker)
	t := s.Combatant(r.Target)
	dd, typ := r.Dice, r.Type
	maxed := r.Maneuver == Precision
	rolled := hotInts(d.h, dd.N)
	raw := dd.Bonus
	for i := range rolled {
		if maxed {
			rolled[i] = dd.Sides
		} else {
			rolled[i] = d.src.Roll(dd.Sides)
		}
		raw += rolled[i]
	}
	raw = max(raw, 0)
	ar, sh, res, vul, amount := damageAfter(s, t, raw, typ, r.Result == "blocked")
	hp := t.HP - amount
	d.emit(parts.PutIn(d.h, (*hotMemory).damagedPool, Damaged{Combatant: t.ID, Source: a.ID, Dice: rolled, Sides: dd.Sides, Bonus: dd.Bonus, Maximized: maxed, Raw: raw, Type: typ,
		AR: ar, Shield: sh, Resist: res, Vuln: vul, Amount: amount, HP: hp,
		Down: t.Conscious() && hp <= 0,
		Dead: !t.Dead && s.Options.DeathRule == "negative_max" && hp <= -t.Health}))
}

// damageAfter takes raw damage of type typ to t through R28-R31: armour
// (physical, or its magical rating), the shield on a successful Block, the
// highest resistance and the highest vulnerability, floored at 0.
func damageAfter(s *State, t *Combatant, raw int, typ string, blocked bool) (ar, shield, res, vuln, amount int) {
	group := damageGroup[typ]
	for _, a := range t.Armor {
		switch group {
		case Physical:
			ar = max(ar, a.AR)
		case Magical:
			ar = max(ar, a.ARMagical)
		}
	}
	if sh := t.shield(); blocked && sh != nil {
		switch {
		case group == Physical:
			shield = sh.BR
		case group == Magical, s.Options.ShieldVsOther == "half":
			shield = (sh.BR + 1) / 2
		}
	}
	res = max(t.Resist[typ], t.Resist[group])
	vuln = max(t.Vulnerable[typ], t.Vulnerable[group])
	amount = max(0, raw-ar-shield-res+vuln)
	return
}

// needsChoice reports whether the loser must choose the skill it resists
// the pending maneuver with.
func needsChoice(s *State, r *Roll) bool {
	row := maneuverOf(r.Maneuver)
	if row == nil || len(row.skills) < 2 {
		return false
	}
	l := s.Combatant(r.Loser)
	e := sizeEffectOf(l.Size, s.Combatant(r.Winner).Size)
	return l.Conscious() && !e.autoPass && !e.autoFail
}

// resolveManeuver resolves the pending maneuver (R20, R21), the loser
// testing with skill ("" for its only or best one).
func (d *decider) resolveManeuver(skill string) {
	s := d.s
	r := s.Roll
	row := maneuverOf(r.Maneuver)
	w := s.Combatant(r.Winner)
	l := s.Combatant(r.Loser)
	ev := parts.PutIn(d.h, (*hotMemory).maneuverResolvedPool, ManeuverResolved{Maneuver: r.Maneuver, Winner: w.ID, Loser: l.ID, Location: r.Location, Item: r.Item})
	switch r.Maneuver {
	case Brace, Precision:
		ev.Works = true
	case Feint:
		t := parts.PutIn(d.h, (*hotMemory).testPool, s.roll(d.src, skillCheck(w, Deception)))
		ev.Skill, ev.Test, ev.Works = Deception, t, t.Pass
	case Push:
		if r.PushBlocked {
			ev.Blocked = true
			break
		}
		fallthrough
	default:
		if skill == "" {
			skill = row.skills[0]
			for _, sk := range row.skills[1:] {
				if l.skill(sk) > l.skill(skill) {
					skill = sk
				}
			}
		}
		k := skillCheck(l, skill)
		e := sizeEffectOf(l.Size, w.Size)
		k.autoPass, k.autoFail = e.autoPass, k.autoFail || e.autoFail
		k.edge += e.edge
		if r.Maneuver == Disarm {
			if it := l.item(r.Item); it != nil && (it.Kind == "shield" || it.Hands >= 2) {
				k.edge++
			}
		}
		t := parts.PutIn(d.h, (*hotMemory).testPool, s.roll(d.src, k))
		ev.Skill, ev.Test, ev.Works = skill, t, !t.Pass
		if r.Maneuver == Push {
			dx, dy := l.X-w.X, l.Y-w.Y
			n := dist(w.pos(), l.pos())
			if n == 0 {
				dx, dy, n = 1, 0, 1
			}
			ev.To = Point{l.X + dx/n*PushDistance, l.Y + dy/n*PushDistance}
		}
	}
	d.emit(ev)
	if r2 := ev; r2.Maneuver == Disarm && r2.Works {
		d.emit(&ItemDropped{Combatant: l.ID, Item: ev.Item, At: l.pos()})
	}
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
		d.emit(parts.PutIn(d.h, (*hotMemory).defenceChosenPool, DefenceChosen{Combatant: r.Target, Defence: NoDefence, Reason: why}))
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
