package woundslots

import (
	"encoding/binary"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
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
	b = appendText(b, s.Title)
	b = s.Options.appendKey(b)
	b = appendInts(b, s.Round)
	b = appendText(b, string(s.Phase))
	b = appendText(b, s.Turn)
	b = appendPresent(b, s.Combatants != nil)
	b = binary.AppendUvarint(b, uint64(len(s.Combatants)))
	for i := range s.Combatants {
		b = s.Combatants[i].appendKey(b, s.hot, i)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Terrain)))
	for i := range s.Terrain {
		z := &s.Terrain[i]
		b = appendInts(b, z.X1, z.Y1, z.X2, z.Y2)
		b = appendPresent(b, z.Kinds != nil)
		b = appendList(b, z.Kinds)
		b = appendInts(b, z.Extra)
		b = appendBools(b, z.Slippery)
		b = appendInts(b, z.Current.X, z.Current.Y)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Objects)))
	for i := range s.Objects {
		o := &s.Objects[i]
		b = appendText(b, o.Name)
		b = appendInts(b, o.AP, o.Rounds, o.Minutes)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Dropped)))
	for i := range s.Dropped {
		d := &s.Dropped[i]
		b = d.Weapon.appendKey(b)
		b = appendInts(b, d.X, d.Y)
	}
	b = s.Pending.appendKey(b)
	b = appendList(b, s.Queue)
	b = appendText(b, s.Moment)
	b = appendPresent(b, s.Off != nil)
	if o := s.Off; o != nil {
		b = appendTexts(b, o.Who, o.Moment)
		b = appendBools(b, o.Cancels)
		b = appendList(b, o.Rest)
		b = o.Held.appendKey(b)
	}
	b = appendBools(b, s.Ending)
	b = appendText(b, s.Winner)
	return appendBools(b, s.TimedOut)
}

// appendKey appends the options' part of their state's key.
func (o *Options) appendKey(b []byte) []byte {
	b = appendInts(b, o.RoundLimit, o.FootingTN, o.HurryTN, o.LandingTN)
	b = appendText(b, o.Interrupts)
	return binary.AppendUvarint(b, flags(o.NoLimit, o.NoInterrupts, o.HurryAllowed, o.HurryLoss))
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
		attributes: c.Attributes, flags: flags(c.PC, c.Mount, c.Trained, c.OwnTurn),
		raceStamina: c.RaceStamina, raceMana: c.RaceMana,
		controlTN: c.ControlTN, sleepHours: c.SleepHours, joins: c.Joins,
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
	b = appendTexts(b, sh.id, sh.name, sh.side, sh.tier, sh.moveMode)
	a := &sh.attributes
	b = appendInts(b, a.Str, a.Dex, a.Vit, a.Prc, a.Rsn, a.Lor, a.Prs, a.Speed, a.Size)
	b = binary.AppendUvarint(b, sh.flags)
	b = appendInts(b, sh.raceStamina, sh.raceMana, sh.controlTN, sh.sleepHours, sh.joins, sh.space, sh.height)
	b = appendRanks(b, c.Skills)
	b = appendRanks(b, c.Specs)
	b = binary.AppendUvarint(b, uint64(len(c.Spells)))
	for i := range c.Spells {
		sp := &c.Spells[i]
		b = appendTexts(b, sp.Name, sp.School, sp.Defense, sp.DamageType)
		b = appendInts(b, sp.AP, sp.Mana, sp.Damage, sp.Range, sp.Invest, sp.Rounds, sp.Stamina, sp.APCost, sp.Checks)
		b = appendBools(b, sp.BypassArmor, sp.APZero)
		b = appendPresent(b, sp.Condition != nil)
		if sp.Condition != nil {
			b = sp.Condition.appendKey(b)
		}
	}
	return b
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
	rider                                            string
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
		rider:     c.Rider,
		dashBonus: c.DashBonus, dashes: c.Dashes, outRounds: c.OutRounds, openingTotal: c.OpeningTotal,
		openingOn: c.OpeningOn, sharingWith: c.SharingWith, pinnedBy: c.PinnedBy,
		recoveryBonus: c.RecoveryBonus, recoverUpTo: c.RecoverUpTo, longRests: c.LongRests,
		flags: flags(c.Kit, c.IsExhausted, c.IsStaggered, c.IsDying, c.Acted, c.Surprised, c.Defending, c.Dashing,
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
	b = appendText(b, f.armor.Name)
	b = appendInts(b, f.armor.Toughness)
	b = appendTexts(b, f.cover, f.riding, f.status, f.posture)
	b = appendInts(b, f.x, f.y, f.initiative, f.ap, f.stamina, f.fatigue, f.mana)
	w := &f.wounds
	b = appendInts(b, w.Light, w.Moderate, w.Severe, w.Critical, w.Fatal)
	w = &f.slots
	b = appendInts(b, w.Light, w.Moderate, w.Severe, w.Critical, w.Fatal)
	b = appendInts(b, f.severity, f.dying, f.tieBreak, f.poolQuarters, f.poolUsed, f.harried, f.helpless,
		f.ridingSize, f.calming)
	b = appendText(b, f.rider)
	b = appendInts(b, f.dashBonus, f.dashes, f.outRounds, f.openingTotal)
	b = appendTexts(b, f.openingOn, f.sharingWith, f.pinnedBy)
	b = appendBools(b, f.ready)
	if f.ready {
		b = appendText(b, f.readyAction)
	}
	b = appendInts(b, f.recoveryBonus, f.recoverUpTo, f.longRests)
	b = appendBools(b, f.long)
	if f.long {
		b = appendText(b, f.longObject)
		b = appendInts(b, f.longRemaining, f.longRounds)
		b = appendBools(b, f.longAction, f.longPaidNow)
	}
	b = binary.AppendUvarint(b, f.flags)
	b = binary.AppendUvarint(b, uint64(len(c.Weapons)))
	for i := range c.Weapons {
		b = c.Weapons[i].appendKey(b)
	}
	b = binary.AppendUvarint(b, uint64(len(c.Conditions)))
	for i := range c.Conditions {
		b = c.Conditions[i].appendKey(b)
	}
	b = binary.AppendUvarint(b, uint64(len(c.Effects)))
	for i := range c.Effects {
		e := &c.Effects[i]
		b = appendTexts(b, e.Name, e.Item)
		b = appendInts(b, e.Mana, e.Rounds, e.Since, e.APCost, e.Checks)
		b = appendBools(b, e.APZero)
	}
	b = appendList(b, c.HarriedBy)
	b = appendList(b, c.Ignoring)
	return appendList(b, c.Grappling)
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
	b = appendTexts(b, w.Name, w.Group, w.Kind)
	b = appendInts(b, w.Accuracy, w.Damage, w.Reach, w.OptimalReach, w.Block, w.Increment, w.Hands)
	b = binary.AppendUvarint(b, flags(w.Defensive, w.Penetrating, w.ArmorPiercing, w.Concussive, w.Aquatic, w.Slicing))
	return appendTexts(b, w.Stowed, w.Container)
}

// appendKey appends a condition's part of its state's key.
func (c *Condition) appendKey(b []byte) []byte {
	b = appendText(b, c.Name)
	b = appendInts(b, c.Level, c.TN, c.Rounds, c.Since, c.APCost, c.Checks)
	return appendBools(b, c.APZero)
}

// appendKey appends a declared action's part of its state's key, or
// that there is none.
func (d *Declared) appendKey(b []byte) []byte {
	b = appendPresent(b, d != nil)
	if d == nil {
		return b
	}
	b = d.Command.appendKey(b)
	b = appendTexts(b, d.Actor, d.Action, d.Target, d.Weapon)
	b = appendInts(b, d.Cost)
	b = appendText(b, d.Guard)
	b = appendInts(b, d.Indicated, d.Final, d.X, d.Y, d.FromX, d.FromY)
	b = appendText(b, d.Clinger)
	b = appendInts(b, d.Points, d.With, d.Cut)
	b = appendTexts(b, d.Striker, d.StrikeTarget, d.StrikeWeapon, d.StrikeKind, string(d.StrikeFrom))
	return binary.AppendUvarint(b, flags(d.FromSet, d.Rebuffed, d.Decided, d.Split, d.Interposed))
}

// appendKey appends a nested command's part of its state's key: whether
// there is one, and its text, which is its JSON.
func (n Nested) appendKey(b []byte) []byte {
	if n.IsZero() {
		return append(b, 0)
	}
	return appendText(append(b, 1), n.String())
}

// flags returns the number whose bit i is set when bs[i] is.
func flags(bs ...bool) uint64 {
	var n uint64
	for i, x := range bs {
		if x {
			n |= 1 << i
		}
	}
	return n
}

// appendPresent appends whether a value JSON writes as null apart from
// empty is there.
func appendPresent(b []byte, there bool) []byte { return appendBools(b, there) }

// appendBools appends each of bs as a byte.
func appendBools(b []byte, bs ...bool) []byte {
	for _, x := range bs {
		if x {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	return b
}

// appendInts appends each of ns as a varint.
func appendInts(b []byte, ns ...int) []byte {
	for _, n := range ns {
		b = binary.AppendVarint(b, int64(n))
	}
	return b
}

// appendTexts appends each of ss with its length (see appendText).
func appendTexts(b []byte, ss ...string) []byte {
	for _, s := range ss {
		b = appendText(b, s)
	}
	return b
}

// appendList appends a list of strings: its length, then each. A nil
// list is written as an empty one: JSON leaves both out.
func appendList(b []byte, ss []string) []byte {
	return appendTexts(binary.AppendUvarint(b, uint64(len(ss))), ss...)
}

// appendText appends s with its length. JSON writes every byte of s that
// is not UTF-8 as the same escape, unlike a U+FFFD of s: here each is
// written as 0xff, which UTF-8 never has, so that two strings get the
// same key exactly when they have the same JSON.
func appendText(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ { // quickly for the ASCII of ids and names
		if s[i] >= utf8.RuneSelf {
			if !utf8.ValidString(s[i:]) {
				return appendInvalid(b, s)
			}
			break
		}
	}
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// appendInvalid is appendText for s that is not UTF-8.
func appendInvalid(b []byte, s string) []byte {
	n := 0 // the length with each byte that is not UTF-8 as one
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			n++
		} else {
			n += size
		}
		i += size
	}
	b = binary.AppendUvarint(b, uint64(n))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, 0xff)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// appendRanks appends a map of ranks by name in the order of its keys,
// as JSON writes it: its length, then each name and rank. A nil map is
// written as an empty one, which JSON leaves out alike.
func appendRanks(b []byte, m map[string]int) []byte {
	b = binary.AppendUvarint(b, uint64(len(m)))
	if len(m) == 0 {
		return b
	}
	var buf [16]string
	names := buf[:0]
	for k := range m {
		names = append(names, k)
	}
	slices.SortFunc(names, strings.Compare)
	for _, k := range names {
		b = binary.AppendVarint(appendText(b, k), int64(m[k]))
	}
	return b
}
