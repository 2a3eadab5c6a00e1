package woundslots

import (
	"encoding/binary"
	"reflect"
	"slices"

	"fray/rules/parts"
)

// AppendKey appends to b a key of the state for exact odds, which merge
// the dice paths that reach the same situation: two states get the same
// key exactly when they have the same JSON. It writes every field the
// JSON has, in order, numbers as varints, strings with their length and
// flags as the bits of one number, without names. A value JSON leaves out
// when empty is written as what it is (a nil list as an empty one, an
// omitted 0 as 0), and one JSON writes as null apart from empty (a nil
// pointer, a nil list of combatants or of a zone's kinds) with a byte
// that says which. A nested command is written as the text its JSON is.
// The odds package walks a state without this method by reflection to
// the same end; this is the same key several times quicker, and
// key_test.go checks that it changes exactly when the JSON does, field
// by field.
func (s *State) AppendKey(b []byte) []byte {
	b = parts.AppendString(b, s.Title)
	b = s.Options.appendKey(b)
	b = parts.AppendInts(b, s.Round)
	b = parts.AppendString(b, string(s.Phase))
	b = parts.AppendString(b, s.Turn)
	b = parts.AppendPresent(b, s.Combatants != nil)
	b = binary.AppendUvarint(b, uint64(len(s.Combatants)))
	for i := range s.Combatants {
		b = s.Combatants[i].appendKey(b, s.hot, i)
	}
	b = parts.AppendEach(b, s.Terrain, (*Zone).appendKey)
	b = parts.AppendEach(b, s.Objects, (*Object).appendKey)
	b = parts.AppendEach(b, s.Dropped, (*Dropped).appendKey)
	b = s.Pending.appendKey(b)
	b = parts.AppendList(b, s.Queue)
	b = parts.AppendString(b, s.Moment)
	b = s.Off.appendKey(b)
	b = binary.AppendUvarint(b, uint64(len(s.Outer)))
	for i := range s.Outer {
		b = s.Outer[i].appendKey(b)
	}
	b = parts.AppendBools(b, s.Ending, s.AfterDue)
	b = parts.AppendString(b, s.Winner)
	return parts.AppendBools(b, s.TimedOut)
}

// appendKey appends an action out of turn's part of its state's key, or
// that there is none.
func (o *OffTurn) appendKey(b []byte) []byte {
	b = parts.AppendPresent(b, o != nil)
	if o == nil {
		return b
	}
	b = parts.AppendStrings(b, o.Who, o.Moment)
	b = parts.AppendBools(b, o.Cancels)
	b = parts.AppendList(b, o.Rest)
	return o.Held.appendKey(b)
}

// appendKey appends the options' part of their state's key.
func (o *Options) appendKey(b []byte) []byte {
	b = parts.AppendInts(b, o.RoundLimit, keyInt(o.FootingTN), keyInt(o.HurryTN), keyInt(o.LandingTN))
	b = parts.AppendString(b, o.Interrupts)
	return binary.AppendUvarint(b, parts.Flags(o.NoLimit, o.NoInterrupts, o.HurryAllowed, o.HurryLoss))
}

// appendKey appends a combatant's part of its state's key: the part of
// its stat block, then what the fight changes. i is its place in the
// roster and h the state's hot memory, or nil: with h, each part is copied
// from the one h kept of the combatant at that place when it holds the
// same, else written and kept (see keyMemo).
func (c *Combatant) appendKey(b []byte, h *hotMemory, i int) []byte {
	sh, f := sheetOf(c), fightOf(c)
	if h == nil {
		return f.appendKey(sh.appendKey(b, c), c)
	}
	for len(h.keys) <= i {
		h.keys = append(h.keys, keyMemo{})
	}
	m := &h.keys[i]
	if m.sheetKey != nil && sh == m.sheet && sameMap(c.Skills, m.skills) && sameMap(c.Specs, m.specs) {
		b = append(b, m.sheetKey...)
	} else {
		start := len(b)
		b = sh.appendKey(b, c)
		m.sheet, m.skills, m.specs = sh, c.Skills, c.Specs
		m.sheetKey = append(m.sheetKey[:0], b[start:]...)
	}
	if m.fightKey != nil && f == m.fight && m.lists.of(c) {
		return append(b, m.fightKey...)
	}
	start := len(b)
	b = f.appendKey(b, c)
	m.fight = f
	m.lists.remember(c)
	m.fightKey = append(m.fightKey[:0], b[start:]...)
	return b
}

// keyMemo is the key of the combatant a state had at one place of its
// roster, in two parts, each with the values it was written of: the part
// of its stat block (sheet, with its skills and specializations) and the
// part of what the fight changes (fight, with its lists). A part's key is
// the same as long as its values are.
type keyMemo struct {
	sheet         sheet
	skills, specs map[string]int
	sheetKey      []byte
	fight         fight
	lists         lists
	fightKey      []byte
}

// sheet is what a combatant's stat block holds, which nothing changes
// once the fight has started, as values compared with ==; its spells by
// the array they are in, its skills and specializations by their maps
// (keyMemo), which the states of a fight share (Clone, ScratchInto) and
// nothing changes in place.
type sheet struct {
	id, name, side, tier, moveMode string
	attributes                     Attributes
	flags                          uint64
	raceStamina, raceMana          int
	controlTN, sleepHours, joins   int
	space, height                  int
	spells                         *Spell
	nspells                        int
}

// sheetOf returns the values of c's stat block.
func sheetOf(c *Combatant) sheet {
	sh := sheet{
		id: c.ID, name: c.Name, side: c.Side, tier: c.Tier, moveMode: c.MoveMode,
		attributes: c.Attributes, flags: parts.Flags(c.PC, c.Mount, c.Trained, c.OwnTurn),
		raceStamina: c.RaceStamina, raceMana: c.RaceMana,
		controlTN: keyInt(c.ControlTN), sleepHours: keyInt(c.SleepHours), joins: c.Joins,
		space: c.Space, height: c.Height, nspells: len(c.Spells),
	}
	if len(c.Spells) > 0 {
		sh.spells = &c.Spells[0]
	}
	return sh
}

// appendKey appends the key of the stat block sh of c, and of c's skills,
// specializations and spells.
func (sh *sheet) appendKey(b []byte, c *Combatant) []byte {
	b = parts.AppendStrings(b, sh.id, sh.name, sh.side, sh.tier, sh.moveMode)
	a := &sh.attributes
	b = parts.AppendInts(b, a.Str, a.Dex, a.Vit, a.Prc, a.Rsn, a.Lor, a.Prs, a.Speed, a.Size)
	b = binary.AppendUvarint(b, sh.flags)
	b = parts.AppendInts(b, sh.raceStamina, sh.raceMana, sh.controlTN, sh.sleepHours, sh.joins, sh.space, sh.height)
	b = parts.AppendMap(b, c.Skills, parts.AppendInt)
	b = parts.AppendMap(b, c.Specs, parts.AppendInt)
	return parts.AppendEach(b, c.Spells, (*Spell).appendKey)
}

// fight is what the fight changes of a combatant, as values compared
// with ==: every field but the lists (see lists). A readied action is
// its text, a long action its fields but the command read from them.
type fight struct {
	armor                                            Armor
	cover, riding, status, posture                   string
	x, y, initiative, ap, stamina, fatigue, mana     int
	wounds, slots                                    Wounds
	severity, dying, tieBreak, poolQuarters          int
	poolUsed, harried, helpless, ridingSize, calming int
	rider, leftMount                                 string
	dashBonus, dashes, outRounds, openingTotal       int
	openingOn, sharingWith, pinnedBy                 string
	ready                                            bool
	readyAction                                      string
	recoveryBonus, recoverUpTo, longRests            int
	long, longAction, longPaidNow                    bool
	longObject                                       string
	longRemaining, longRounds                        int
	flags                                            uint64
}

// fightOf returns what the fight changes of c but its lists.
func fightOf(c *Combatant) fight {
	f := fight{
		armor: c.Armor, cover: c.Cover, riding: c.Riding, status: c.Status, posture: c.Posture,
		x: c.X, y: c.Y, initiative: c.Initiative, ap: c.AP, stamina: c.Stamina, fatigue: c.Fatigue, mana: c.Mana,
		wounds: c.Wounds, slots: c.Slots,
		severity: c.Severity, dying: c.Dying, tieBreak: c.TieBreak, poolQuarters: c.PoolQuarters,
		poolUsed: c.PoolUsed, harried: c.Harried, helpless: c.Helpless, ridingSize: c.RidingSize, calming: c.Calming,
		rider: c.Rider, leftMount: c.LeftMount,
		dashBonus: c.DashBonus, dashes: c.Dashes, outRounds: c.OutRounds, openingTotal: c.OpeningTotal,
		openingOn: c.OpeningOn, sharingWith: c.SharingWith, pinnedBy: c.PinnedBy,
		recoveryBonus: c.RecoveryBonus, recoverUpTo: c.RecoverUpTo, longRests: c.LongRests,
		flags: parts.Flags(c.Kit, c.IsExhausted, c.IsStaggered, c.IsDying, c.Acted, c.Surprised, c.Defending, c.Dashing,
			c.Bolting, c.Readied, c.Distracted, c.Submerged, c.Sunk, c.Fell),
	}
	if !c.ReadyAction.IsZero() {
		f.ready, f.readyAction = true, c.ReadyAction.String()
	}
	if l := c.Long; l != nil {
		f.long, f.longAction, f.longPaidNow = true, l.Action, l.PaidNow
		f.longObject, f.longRemaining, f.longRounds = l.Object, l.Remaining, l.Rounds
	}
	return f
}

// appendKey appends the key of what the fight changes of c, f and c's
// lists.
func (f *fight) appendKey(b []byte, c *Combatant) []byte {
	b = parts.AppendString(b, f.armor.Name)
	b = parts.AppendInts(b, f.armor.Toughness)
	b = parts.AppendStrings(b, f.cover, f.riding, f.status, f.posture)
	b = parts.AppendInts(b, f.x, f.y, f.initiative, f.ap, f.stamina, f.fatigue, f.mana)
	b = f.wounds.appendKey(b)
	b = f.slots.appendKey(b)
	b = parts.AppendInts(b, f.severity, f.dying, f.tieBreak, f.poolQuarters, f.poolUsed, f.harried, f.helpless,
		f.ridingSize, f.calming)
	b = parts.AppendString(b, f.rider)
	b = parts.AppendString(b, f.leftMount)
	b = parts.AppendInts(b, f.dashBonus, f.dashes, f.outRounds, f.openingTotal)
	b = parts.AppendStrings(b, f.openingOn, f.sharingWith, f.pinnedBy)
	b = parts.AppendBools(b, f.ready)
	if f.ready {
		b = parts.AppendString(b, f.readyAction)
	}
	b = parts.AppendInts(b, f.recoveryBonus, f.recoverUpTo, f.longRests)
	b = parts.AppendBools(b, f.long)
	if f.long {
		b = parts.AppendString(b, f.longObject)
		b = parts.AppendInts(b, f.longRemaining, f.longRounds)
		b = parts.AppendBools(b, f.longAction, f.longPaidNow)
	}
	b = binary.AppendUvarint(b, f.flags)
	b = parts.AppendEach(b, c.Weapons, (*Weapon).appendKey)
	b = parts.AppendEach(b, c.Conditions, (*Condition).appendKey)
	b = parts.AppendEach(b, c.Effects, (*Effect).appendKey)
	b = parts.AppendList(b, c.HarriedBy)
	b = parts.AppendList(b, c.Ignoring)
	return parts.AppendList(b, c.Grappling)
}

// lists are a combatant's lists that the fight changes, copied, for a
// key's memo.
type lists struct {
	weapons                      []Weapon
	conditions                   []Condition
	effects                      []Effect
	harriedBy, ignoring, grapple []string
}

// of reports whether c's lists hold what l does.
func (l *lists) of(c *Combatant) bool {
	return slices.Equal(c.Weapons, l.weapons) && slices.Equal(c.Conditions, l.conditions) &&
		slices.Equal(c.Effects, l.effects) && slices.Equal(c.HarriedBy, l.harriedBy) &&
		slices.Equal(c.Ignoring, l.ignoring) && slices.Equal(c.Grappling, l.grapple)
}

// remember makes l a copy of c's lists.
func (l *lists) remember(c *Combatant) {
	l.weapons = append(l.weapons[:0], c.Weapons...)
	l.conditions = append(l.conditions[:0], c.Conditions...)
	l.effects = append(l.effects[:0], c.Effects...)
	l.harriedBy = append(l.harriedBy[:0], c.HarriedBy...)
	l.ignoring = append(l.ignoring[:0], c.Ignoring...)
	l.grapple = append(l.grapple[:0], c.Grappling...)
}

// sameMap reports whether a and b are the same map, not merely alike:
// both nil, or one map.
func sameMap(a, b map[string]int) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// appendKey appends a weapon's part of its state's key.
func (w *Weapon) appendKey(b []byte) []byte {
	b = parts.AppendStrings(b, w.Name, w.Group, w.Kind)
	b = parts.AppendInts(b, w.Accuracy, w.Damage, w.Reach, w.OptimalReach, w.Block, w.Increment, w.Hands)
	b = binary.AppendUvarint(b, parts.Flags(w.Defensive, w.Penetrating, w.ArmorPiercing, w.Concussive, w.Aquatic, w.Slicing))
	return parts.AppendStrings(b, w.Stowed, w.Container)
}

// appendKey appends a terrain zone's part of its state's key.
func (z *Zone) appendKey(b []byte) []byte {
	b = parts.AppendInts(b, z.X1, z.Y1, z.X2, z.Y2)
	b = parts.AppendPresent(b, z.Kinds != nil)
	b = parts.AppendList(b, z.Kinds)
	b = parts.AppendInts(b, z.Extra)
	b = parts.AppendBools(b, z.Slippery)
	return parts.AppendInts(b, z.Current.X, z.Current.Y)
}

// appendKey appends an object's part of its state's key.
func (o *Object) appendKey(b []byte) []byte {
	b = parts.AppendString(b, o.Name)
	return parts.AppendInts(b, keyInt(o.AP), o.Rounds, o.Minutes)
}

// appendKey appends a dropped weapon's part of its state's key.
func (d *Dropped) appendKey(b []byte) []byte {
	return parts.AppendInts(d.Weapon.appendKey(b), d.X, d.Y)
}

// appendKey appends a spell's part of its state's key.
func (sp *Spell) appendKey(b []byte) []byte {
	b = parts.AppendStrings(b, sp.Name, sp.School, sp.Defense, sp.DamageType)
	b = parts.AppendInts(b, keyInt(sp.AP), sp.Mana, sp.Damage, sp.Range, sp.Invest, sp.Rounds, sp.Stamina, sp.APCost, sp.Checks)
	b = parts.AppendBools(b, sp.BypassArmor, sp.APZero)
	b = parts.AppendPresent(b, sp.Condition != nil)
	if sp.Condition != nil {
		b = sp.Condition.appendKey(b)
	}
	return b
}

// appendKey appends an effect's part of its state's key.
func (e *Effect) appendKey(b []byte) []byte {
	b = parts.AppendStrings(b, e.Name, e.Item)
	b = parts.AppendInts(b, e.Mana, e.Rounds, e.Since, e.APCost, e.Checks)
	return parts.AppendBools(b, e.APZero)
}

// appendKey appends the counts of each wound level.
func (w *Wounds) appendKey(b []byte) []byte {
	return parts.AppendInts(b, w.Light, w.Moderate, w.Severe, w.Critical, w.Fatal)
}

// appendKey appends a condition's part of its state's key.
func (c *Condition) appendKey(b []byte) []byte {
	b = parts.AppendString(b, c.Name)
	b = parts.AppendInts(b, c.Level, keyInt(c.TN), c.Rounds, c.Since, c.APCost, c.Checks)
	return parts.AppendBools(b, c.APZero)
}

// appendKey appends a declared action's part of its state's key, or
// that there is none.
func (d *Declared) appendKey(b []byte) []byte {
	b = parts.AppendPresent(b, d != nil)
	if d == nil {
		return b
	}
	b = d.Command.appendKey(b)
	b = parts.AppendStrings(b, d.Actor, d.Action, d.Target, d.Weapon)
	b = parts.AppendInts(b, d.Cost)
	b = parts.AppendString(b, d.Guard)
	b = parts.AppendInts(b, d.Indicated, d.Final, d.X, d.Y, d.FromX, d.FromY)
	b = parts.AppendString(b, d.Clinger)
	b = parts.AppendInts(b, d.Points, d.With, d.Cut)
	b = parts.AppendStrings(b, d.Striker, d.StrikeTarget, d.StrikeWeapon, d.StrikeKind, string(d.StrikeFrom))
	b = parts.AppendInts(b, d.StrikeAsk)
	b = binary.AppendUvarint(b, d.Clung)
	return binary.AppendUvarint(b, parts.Flags(d.FromSet, d.Rebuffed, d.Decided, d.Split, d.Interposed, d.Held))
}

// appendKey appends a nested command's part of its state's key: whether
// there is one, and its text, which is its JSON.
func (n Nested) appendKey(b []byte) []byte {
	if n.IsZero() {
		return append(b, 0)
	}
	return parts.AppendString(append(b, 1), n.String())
}

// keyInt is a number the encounter may leave out, for a key: -1 when left
// out, told apart from any value it may be given.
func keyInt(n *int) int {
	if n == nil {
		return -1
	}
	return *n
}
