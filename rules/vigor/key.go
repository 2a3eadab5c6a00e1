package vigor

import (
	"encoding/binary"
	"reflect"
	"unsafe"

	"fray/rules/parts"
)

// AppendKey appends to b a key of the state for exact odds, which merge
// the dice paths that reach the same situation: two states get the same
// key exactly when they have the same JSON. It writes every field the
// JSON has, in order, numbers in binary and strings with their length,
// without names; a value JSON leaves out when empty is written as what it
// is (a nil slice as an empty one, an omitted 0 as 0), and one it writes
// as null apart from empty (a nil pointer, a nil list of combatants) with
// a byte that says which. The odds package walks other states by
// reflection to the same end; this is the same key several times
// quicker, and odds/key_test.go checks that the two tell the same states
// apart, field by field.
func (s *State) AppendKey(b []byte) []byte { return s.appendKey(b, nil) }

// keyNames name the parts of keys that stay the same through an odds
// computation: Name returns the same number for the same bytes and
// different numbers for different bytes.
type keyNames = interface{ Name(part []byte) uint64 }

// AppendNamedKey appends to b the key AppendKey writes, but for each
// combatant's stat block (the part of its key that nothing changes once
// the fight has started: see appendSheetKey), written as the number
// names gives it: two keys written with the same names are the same
// exactly when their AppendKey keys are. Such a key is a fraction as
// long. The state's hot memory keeps the numbers it was given with the
// stat blocks' keys, for as long as it is given the same names, which
// are told apart by ==: names must be comparable (a pointer). Without
// names (nil) it writes the key AppendKey writes.
func (s *State) AppendNamedKey(b []byte, names keyNames) []byte {
	return s.appendKey(b, names)
}

// appendKey appends the state's key (see AppendKey), each stat block's
// part named by names when they are not nil (see AppendNamedKey).
func (s *State) appendKey(b []byte, names keyNames) []byte {
	b = parts.AppendPresent(b, s.Combatants != nil)
	b = binary.AppendUvarint(b, uint64(len(s.Combatants)))
	b = s.appendRosterKey(b, names)
	if h := s.hot; h != nil {
		b = h.order.append(b, s.Order)
	} else {
		b = parts.AppendList(b, s.Order)
	}
	b = parts.AppendInts(b, s.Round, s.Turn)
	b = parts.AppendString(b, string(s.Phase))
	b = parts.AppendPresent(b, s.Declared != nil)
	if d := s.Declared; d != nil {
		b = parts.AppendStrings(b, d.Attacker, d.Target, d.Weapon)
		b = parts.AppendBools(b, d.OffHand)
		b = parts.AppendString(b, d.Via)
		b = parts.AppendInts(b, d.Mods.Dice, d.Mods.Charges, d.Mods.Challenges)
		b = appendFollowUp(b, d.Then)
		b = parts.AppendString(b, d.Ability)
	}
	b = parts.AppendPresent(b, s.Strike != nil)
	if st := s.Strike; st != nil {
		b = parts.AppendStrings(b, st.Attacker, st.Target, st.Weapon)
		b = parts.AppendBools(b, st.OffHand)
		b = parts.AppendString(b, st.Via)
		b = parts.AppendInts(b, st.Total, st.VS, st.Charges, st.Challenges)
		b = parts.AppendBools(b, st.Ranged, st.Incapacitated, st.Knockdown)
		b = appendFollowUp(b, st.Then)
	}
	b = parts.AppendString(b, s.OpenAfter)
	b = appendFollowUp(b, s.OffHand)
	b = parts.AppendPresent(b, s.Window != nil)
	if w := s.Window; w != nil {
		b = parts.AppendStrings(b, w.Kind, w.Opener, w.Act)
		b = parts.AppendInts(b, w.Dest.X, w.Dest.Y)
		b = parts.AppendList(b, w.Ask)
		b = parts.AppendBools(b, w.Prone)
	}
	b = parts.AppendString(b, s.Counter)
	b = parts.AppendInts(b, s.Actions, s.ReadyChecked)
	if h := s.hot; h != nil {
		b = h.setting.append(b, &s.Scene, &s.Options)
	} else {
		b = appendSetting(b, &s.Scene, &s.Options)
	}
	b = parts.AppendString(b, s.Winner)
	b = parts.AppendBools(b, s.TimedOut)
	return parts.AppendString(b, s.Reason)
}

// appendRosterKey appends the key of the state's combatants, each as
// Combatant.appendKey writes it. With hot memory, the whole roster's is
// copied from there when the roster holds the same memory as when it
// was kept (see rosterMemo), else written combatant by combatant and
// kept when every combatant held the memory its own part was kept with.
func (s *State) appendRosterKey(b []byte, names keyNames) []byte {
	h := s.hot
	if h == nil {
		for i := range s.Combatants {
			b, _ = s.Combatants[i].appendKey(b, nil, i, names)
		}
		return b
	}
	if h.roster.holds(s.Combatants, names) {
		return append(b, h.roster.key...)
	}
	start, all := len(b), true
	for i := range s.Combatants {
		var same bool
		b, same = s.Combatants[i].appendKey(b, h, i, names)
		all = all && same
	}
	h.roster.ok = false
	if all {
		h.roster.remember(s.Combatants, h, names, b[start:])
	}
	return b
}

// rosterMemo is the key of the roster a scratch state had when its key
// was last written, every combatant held the memory its own part was
// kept with (see sameMemory) and their armour and items lay one after
// the other, in the roster's order, in the state's own memory for them
// (as copyInto leaves them): with a copy of the roster's memory and of
// that armour and items. A roster with the same memory, byte for byte,
// has its armour and items where they were, and so the same key when
// they are the same memory too: a decision that changes no combatant
// leaves the key of the roster to one comparison of its memory, one of
// its armour's and one of its items', rather than a few for each
// combatant. Whether each combatant is living is read again, as
// sameMemory does.
type rosterMemo struct {
	ok     bool
	names  keyNames
	roster []Combatant
	living []byte
	// armorAt and itemsAt are where the roster's armour and items are,
	// armor and items copies of them.
	armorAt, armor []Armor
	itemsAt, items []Item
	key            []byte
}

// holds reports whether cs is the roster the memo was made of, its key
// written with the same names.
func (m *rosterMemo) holds(cs []Combatant, names keyNames) bool {
	if !m.ok || len(cs) != len(m.roster) || m.names != names || !sameElements(m.roster, cs) ||
		!sameElements(m.armor, m.armorAt) || !sameElements(m.items, m.itemsAt) {
		return false
	}
	for i := range cs {
		if livingByte(cs[i].Living) != m.living[i] {
			return false
		}
	}
	return true
}

// remember makes m the memo of roster cs, whose key written with names
// is key, when its armour and items lie in order in h's memory for them.
func (m *rosterMemo) remember(cs []Combatant, h *hotMemory, names keyNames, key []byte) {
	armorAt, ok := inOrder(cs, h.armor, func(c *Combatant) []Armor { return c.Armor })
	if !ok {
		return
	}
	itemsAt, ok := inOrder(cs, h.items, func(c *Combatant) []Item { return c.Items })
	if !ok {
		return
	}
	m.ok, m.names = true, names
	m.roster = append(m.roster[:0], cs...)
	m.living = m.living[:0]
	for i := range cs {
		m.living = append(m.living, livingByte(cs[i].Living))
	}
	m.armorAt, m.armor = armorAt, append(m.armor[:0], armorAt...)
	m.itemsAt, m.items = itemsAt, append(m.items[:0], itemsAt...)
	m.key = append(m.key[:0], key...)
}

// inOrder returns the front of buf that the pieces of the combatants of
// cs (their armour or items, as of returns them) fill one after the
// other, in the roster's order, or false when they lie elsewhere.
func inOrder[T any](cs []Combatant, buf []T, of func(*Combatant) []T) ([]T, bool) {
	n := 0
	for i := range cs {
		p := of(&cs[i])
		if len(p) == 0 {
			continue
		}
		if n+len(p) > len(buf) || &p[0] != &buf[n] {
			return nil, false
		}
		n += len(p)
	}
	return buf[:n], true
}

// appendSetting appends the key of a state's scene and options.
func appendSetting(b []byte, sc *Scene, o *Options) []byte {
	b = parts.AppendStrings(b, sc.Visibility, sc.Approach)
	b = binary.AppendUvarint(b, uint64(len(sc.Walls)))
	for _, w := range sc.Walls {
		b = parts.AppendInts(b, w.X1, w.Y1, w.X2, w.Y2)
	}
	return o.appendKey(b)
}

// orderMemo is the key of the initiative order a state had when its key
// was last written, with the ids it was written of: a string is where
// its bytes are and its length, and its bytes never change, so the same
// ids, compared as such, have the same key. The order changes only at
// initiative and when a creature joins.
type orderMemo struct {
	ids []string
	key []byte
}

// append appends the key of order, copied from the memo when it holds
// the same ids, else written and kept.
func (m *orderMemo) append(b []byte, order []string) []byte {
	if m.key != nil && len(m.ids) == len(order) && sameElements(m.ids, order) {
		return append(b, m.key...)
	}
	start := len(b)
	b = parts.AppendList(b, order)
	m.ids = append(m.ids[:0], order...)
	m.key = append(m.key[:0], b[start:]...)
	return b
}

// settingMemo is the key of the scene and options a state had when its
// key was last written, with copies of their memory: nothing in a fight
// changes them. Scenes and options with the same memory, byte for byte,
// their walls' and ability dice's too, have the same key: a string, list
// or map is where it points and its length. The cover and rest tables,
// maps that nothing writes into once a fight has started (as stat
// blocks' skills), are told apart by the maps they are.
type settingMemo struct {
	scene   Scene
	options Options
	walls   []Wall
	dice    []int
	key     []byte
}

// append appends the key of scene sc and options o, copied from the memo
// when they are the same memory, else written and kept.
func (m *settingMemo) append(b []byte, sc *Scene, o *Options) []byte {
	if m.key != nil && sameBytes(&m.scene, sc) && sameBytes(&m.options, o) &&
		sameElements(m.walls, sc.Walls) && sameElements(m.dice, o.AbilityDice) {
		return append(b, m.key...)
	}
	start := len(b)
	b = appendSetting(b, sc, o)
	m.scene, m.options = *sc, *o
	m.walls = append(m.walls[:0], sc.Walls...)
	m.dice = append(m.dice[:0], o.AbilityDice...)
	m.key = append(m.key[:0], b[start:]...)
	return b
}

// appendKey appends the combatant's part of its state's key (see
// State.AppendKey): the part of its stat block, which nothing changes
// once the fight has started, then what the fight changes. i is its
// place in the roster and h the state's hot memory, or nil: with h, each
// part is copied from the one h kept of the combatant at that place when
// it holds the same, else written and kept (see combatantMemo). With
// names, the stat block's part is the number names gives it. It reports
// whether c held the memory the kept parts were last written or copied
// for (see sameMemory).
func (c *Combatant) appendKey(b []byte, h *hotMemory, i int, names keyNames) ([]byte, bool) {
	if h == nil {
		start := len(b)
		b = c.appendSheetKey(b)
		if names != nil {
			b = binary.AppendUvarint(b[:start], names.Name(b[start:]))
		}
		return c.appendFightKey(b), false
	}
	for len(h.combatants) <= i {
		h.combatants = append(h.combatants, combatantMemo{})
	}
	m := &h.combatants[i]
	same := m.same.of(c)
	if !same && !m.matches(c) {
		start := len(b)
		b = c.appendSheetKey(b)
		m.remember(c, b[start:])
		b = b[:start]
	}
	if names == nil {
		b = append(b, m.sheetKey...)
	} else {
		if m.names != names {
			m.name, m.names = names.Name(m.sheetKey), names
		}
		b = binary.AppendUvarint(b, m.name)
	}
	if same || m.fight.matches(c) {
		b = append(b, m.fight.key...)
	} else {
		start := len(b)
		b = c.appendFightKey(b)
		m.fight.remember(c, b[start:])
	}
	if !same {
		m.same.remember(c)
	}
	return b, same
}

// sameMemory is a copy of the memory of the combatant a state had at one
// place of its roster when its key was last written there: a combatant
// with the same memory, byte for byte, its armour's and items' too, holds
// the same values (a string, map or slice is where it points and its
// length), and so has the same key. A scratch state copied path after
// path from one state has its combatants' armour and items at the same
// places each time, and a decision changes few combatants: most are
// told the same by a comparison of their memory rather than field by
// field. What a combatant points to is the same as long as where it
// points is, as combatantMemo takes it to be (skills, links, weapons,
// abilities and what armour protects against, which nothing changes),
// but for whether it is living, read again.
type sameMemory struct {
	ok     bool
	c      Combatant
	living byte
	armor  []Armor
	items  []Item
}

// of reports whether c is the combatant the copy was made of.
func (m *sameMemory) of(c *Combatant) bool {
	return m.ok && sameBytes(&m.c, c) && livingByte(c.Living) == m.living &&
		sameElements(m.armor, c.Armor) && sameElements(m.items, c.Items)
}

// remember makes m a copy of c.
func (m *sameMemory) remember(c *Combatant) {
	m.ok, m.c, m.living = true, *c, livingByte(c.Living)
	m.armor = append(m.armor[:0], c.Armor...)
	m.items = append(m.items[:0], c.Items...)
}

// sameBytes reports whether *a and *b are the same memory, byte for byte.
func sameBytes[T any](a, b *T) bool {
	n := unsafe.Sizeof(*a)
	return unsafe.String((*byte)(unsafe.Pointer(a)), n) == unsafe.String((*byte)(unsafe.Pointer(b)), n)
}

// sameElements reports whether a and b are as long and their elements
// the same memory, byte for byte.
func sameElements[T any](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	n := uintptr(len(a)) * unsafe.Sizeof(a[0])
	return unsafe.String((*byte)(unsafe.Pointer(&a[0])), n) == unsafe.String((*byte)(unsafe.Pointer(&b[0])), n)
}

// appendSheetKey appends the key of the combatant's stat block: every
// field of it the JSON has, its items' and armour's among them but their
// uses left and wear (see appendFightKey).
func (c *Combatant) appendSheetKey(b []byte) []byte {
	b = parts.AppendStrings(b, c.ID, c.Name, c.Side, c.Size)
	b = parts.AppendBools(b, c.Object)
	b = append(b, livingByte(c.Living))
	b = parts.AppendInts(b, c.Strength, c.Agility, c.Speed, c.Stamina, c.Skill, c.Reason, c.Resolve, c.Soul)
	b = parts.AppendMap(b, c.Skills, parts.AppendInt)
	b = parts.AppendMap(b, c.Links, parts.AppendString)
	b = parts.AppendInts(b, c.VigorMax, c.DurabilityMax, c.HealthMax)
	b = parts.AppendStrings(b, c.DurRank, c.BonusDie)
	b = parts.AppendInts(b, c.ReachFt, c.ActionsBase, c.InitDice, c.ResistDice, c.DefenseDice, c.GuardBonus, c.ManaMax,
		c.Regen.Durability, c.Regen.Mana, c.Regen.Health)
	b = appendArms(b, c.Weapons, c.Abilities)
	b = binary.AppendUvarint(b, uint64(len(c.Items)))
	for i := range c.Items {
		it := &c.Items[i]
		b = parts.AppendString(b, it.Name)
		b = parts.AppendInts(b, it.Uses, it.Actions)
		b = parts.AppendStrings(b, it.Durability, it.Health, it.Vigor, it.Mana, it.Weapon)
	}
	b = parts.AppendString(b, c.OffHand)
	b = binary.AppendUvarint(b, uint64(len(c.Armor)))
	for i := range c.Armor {
		a := &c.Armor[i]
		b = parts.AppendStrings(b, a.Name, a.Quality)
		b = parts.AppendInts(b, a.AR, a.GuardBonus, a.DurMax)
		b = parts.AppendList(b, a.Protects)
		b = parts.AppendBools(b, a.Natural)
	}
	b = parts.AppendInts(b, c.Joins)
	b = parts.AppendStrings(b, c.Role, c.Watch, c.CoverName)
	return parts.AppendBools(b, c.Sturdy)
}

// appendFightKey appends the key of what the fight changes of the
// combatant, after its stat block's (appendSheetKey), which says how many
// items and pieces of armour it has: each item's uses left and each
// piece's wear follow in their order. The flags are the bits of one
// number.
func (c *Combatant) appendFightKey(b []byte) []byte {
	b = parts.AppendInts(b, c.X, c.Y)
	for i := range c.Items {
		b = binary.AppendVarint(b, int64(c.Items[i].Left))
	}
	for i := range c.Armor {
		a := &c.Armor[i]
		b = parts.AppendBools(parts.AppendInts(b, a.Dur), a.Destroyed)
	}
	b = parts.AppendInts(b, c.Vigor, c.Mana, c.Durability, c.Health, c.ShockLeft)
	b = binary.AppendUvarint(b, c.flags())
	b = parts.AppendStrings(b, c.Ready.Target, c.Ready.Weapon)
	b = parts.AppendInts(b, c.Left, c.Initiative)
	b = parts.AppendStrings(b, c.Carry.Act, c.Carry.Target)
	return parts.AppendInts(b, c.Carry.Owed)
}

// livingByte is the byte a combatant's Living is written as: 0 for none,
// 1 for false, 2 for true.
func livingByte(l *bool) byte {
	switch {
	case l == nil:
		return 0
	case *l:
		return 2
	}
	return 1
}

// fight is what the fight changes of a combatant, as plain values to be
// compared with ==: every field appendFightKey writes but its items'
// uses left and its armour's wear, which are lists.
type fight struct {
	x, y, vigor, mana, durability, health, shockLeft int
	flags                                            uint64
	ready                                            Readied
	left, initiative                                 int
	carry                                            Carry
}

// fightOf returns what the fight changes of c.
func fightOf(c *Combatant) fight {
	return fight{
		x: c.X, y: c.Y, vigor: c.Vigor, mana: c.Mana, durability: c.Durability, health: c.Health,
		shockLeft: c.ShockLeft, flags: c.flags(), ready: c.Ready, left: c.Left, initiative: c.Initiative,
		carry: c.Carry,
	}
}

// of reports whether f is what the fight changed of c, as fightOf(c) ==
// *f does without the copy.
func (f *fight) of(c *Combatant) bool {
	return c.X == f.x && c.Y == f.y && c.Vigor == f.vigor && c.Mana == f.mana && c.Durability == f.durability &&
		c.Health == f.health && c.ShockLeft == f.shockLeft && c.Ready == f.ready && c.Left == f.left &&
		c.Initiative == f.initiative && c.Carry == f.carry && c.flags() == f.flags
}

// flags returns the combatant's flags that the fight changes as the
// bits of one number.
func (c *Combatant) flags() uint64 {
	return parts.Flags(c.Wounded, c.Winded, c.Prone, c.Hidden, c.Unaware, c.Bound, c.Shock, c.Stabilized, c.Dead,
		c.Destroyed, c.Escaped, c.Away, c.Defending, c.Unseen)
}

// wear is what the fight changes of a piece of armour.
type wear struct {
	dur       int
	destroyed bool
}

// fightMemo is the key of what the fight changed of the combatant a
// state had at one place of its roster, with the values it was written
// of: the key is the same as long as they are.
type fightMemo struct {
	fight fight
	left  []int
	wear  []wear
	key   []byte
}

// matches reports whether c holds what the memo was made of.
func (m *fightMemo) matches(c *Combatant) bool {
	if m.key == nil || !m.fight.of(c) || len(c.Items) != len(m.left) || len(c.Armor) != len(m.wear) {
		return false
	}
	for i := range c.Items {
		if c.Items[i].Left != m.left[i] {
			return false
		}
	}
	for i := range c.Armor {
		if (wear{c.Armor[i].Dur, c.Armor[i].Destroyed}) != m.wear[i] {
			return false
		}
	}
	return true
}

// remember makes m the memo of what the fight changed of c, whose key is
// key.
func (m *fightMemo) remember(c *Combatant, key []byte) {
	m.fight = fightOf(c)
	m.left, m.wear = m.left[:0], m.wear[:0]
	for i := range c.Items {
		m.left = append(m.left, c.Items[i].Left)
	}
	for i := range c.Armor {
		m.wear = append(m.wear, wear{c.Armor[i].Dur, c.Armor[i].Destroyed})
	}
	m.key = append(m.key[:0], key...)
}

// sheet is what a combatant's stat block holds as plain values, to be
// compared with ==: every field appendSheetKey writes but its skills and
// links, which are maps, and its items and armour, which are lists; its
// weapons and abilities by the arrays they are in.
type sheet struct {
	id, name, side, size                string
	object                              bool
	living                              byte
	scores                              [8]int
	vigorMax, durabilityMax, healthMax  int
	durRank, bonusDie                   string
	reachFt, actionsBase, initDice      int
	resistDice, defenseDice, guardBonus int
	manaMax                             int
	regen                               Regen
	arms                                sheetArms
	offHand                             string
	joins                               int
	role, watch, coverName              string
	sturdy                              bool
}

// sheetOf returns the plain values of c's stat block.
func sheetOf(c *Combatant) sheet {
	return sheet{
		id: c.ID, name: c.Name, side: c.Side, size: c.Size,
		object: c.Object, living: livingByte(c.Living),
		scores:   [8]int{c.Strength, c.Agility, c.Speed, c.Stamina, c.Skill, c.Reason, c.Resolve, c.Soul},
		vigorMax: c.VigorMax, durabilityMax: c.DurabilityMax, healthMax: c.HealthMax,
		durRank: c.DurRank, bonusDie: c.BonusDie,
		reachFt: c.ReachFt, actionsBase: c.ActionsBase, initDice: c.InitDice,
		resistDice: c.ResistDice, defenseDice: c.DefenseDice, guardBonus: c.GuardBonus,
		manaMax: c.ManaMax, regen: c.Regen, arms: armsOf(c.Weapons, c.Abilities),
		offHand: c.OffHand, joins: c.Joins, role: c.Role, watch: c.Watch, coverName: c.CoverName,
		sturdy: c.Sturdy,
	}
}

// of reports whether s is c's stat block, as sheetOf(c) == *s does
// without the copy.
func (s *sheet) of(c *Combatant) bool {
	return c.ID == s.id && c.Name == s.name && c.Side == s.side && c.Size == s.size &&
		c.Object == s.object && livingByte(c.Living) == s.living &&
		c.Strength == s.scores[0] && c.Agility == s.scores[1] && c.Speed == s.scores[2] &&
		c.Stamina == s.scores[3] && c.Skill == s.scores[4] && c.Reason == s.scores[5] &&
		c.Resolve == s.scores[6] && c.Soul == s.scores[7] &&
		c.VigorMax == s.vigorMax && c.DurabilityMax == s.durabilityMax && c.HealthMax == s.healthMax &&
		c.DurRank == s.durRank && c.BonusDie == s.bonusDie &&
		c.ReachFt == s.reachFt && c.ActionsBase == s.actionsBase && c.InitDice == s.initDice &&
		c.ResistDice == s.resistDice && c.DefenseDice == s.defenseDice && c.GuardBonus == s.guardBonus &&
		c.ManaMax == s.manaMax && c.Regen == s.regen && armsOf(c.Weapons, c.Abilities) == s.arms &&
		c.OffHand == s.offHand && c.Joins == s.joins && c.Role == s.role && c.Watch == s.watch &&
		c.CoverName == s.coverName && c.Sturdy == s.sturdy
}

// itemSheet is what an item holds that nothing changes in a fight: all
// but its uses left.
type itemSheet struct {
	name                                    string
	uses, actions                           int
	durability, health, vigor, mana, weapon string
}

// armorSheet is what a piece of armour holds that nothing changes in a
// fight, what it protects against by the array that is in: all but its
// wear.
type armorSheet struct {
	name, quality          string
	ar, guardBonus, durMax int
	protects               *string
	nprotects              int
	natural                bool
}

// itemSheetOf returns what item it holds that nothing changes.
func itemSheetOf(it *Item) itemSheet {
	return itemSheet{it.Name, it.Uses, it.Actions, it.Durability, it.Health, it.Vigor, it.Mana, it.Weapon}
}

// armorSheetOf returns what armour a holds that nothing changes.
func armorSheetOf(a *Armor) armorSheet {
	s := armorSheet{name: a.Name, quality: a.Quality, ar: a.AR, guardBonus: a.GuardBonus, durMax: a.DurMax,
		nprotects: len(a.Protects), natural: a.Natural}
	if len(a.Protects) > 0 {
		s.protects = &a.Protects[0]
	}
	return s
}

// combatantMemo is the key of the combatant a state had at one place of
// its roster: of its stat block, with what that held, and of what the
// fight changed of it (fight). The stat block's key is the same as long
// as the combatant there has the same stat block. Nothing changes a
// combatant's skills, links, weapons, abilities or what its armour
// protects against once the fight has started, and a state's copies
// share them: they are told apart by the maps and arrays they are in,
// which the memo points into, so that their memory is not taken for
// other ones. The rest is compared by value.
type combatantMemo struct {
	sheet    sheet
	skills   map[string]int
	links    map[string]string
	items    []itemSheet
	armor    []armorSheet
	sheetKey []byte
	// name is the number names gave sheetKey; names nil when none has.
	name  uint64
	names keyNames
	fight fightMemo
	// same is the memory of the combatant both keys were last written of.
	same sameMemory
}

// matches reports whether c has the stat block the memo was made of.
func (m *combatantMemo) matches(c *Combatant) bool {
	if m.sheetKey == nil || !m.sheet.of(c) || !sameMap(c.Skills, m.skills) || !sameMap(c.Links, m.links) ||
		len(c.Items) != len(m.items) || len(c.Armor) != len(m.armor) {
		return false
	}
	for i := range c.Items {
		if itemSheetOf(&c.Items[i]) != m.items[i] {
			return false
		}
	}
	for i := range c.Armor {
		if armorSheetOf(&c.Armor[i]) != m.armor[i] {
			return false
		}
	}
	return true
}

// remember makes m the memo of c's stat block, whose key is key.
func (m *combatantMemo) remember(c *Combatant, key []byte) {
	m.sheet, m.skills, m.links = sheetOf(c), c.Skills, c.Links
	m.items, m.armor = m.items[:0], m.armor[:0]
	for i := range c.Items {
		m.items = append(m.items, itemSheetOf(&c.Items[i]))
	}
	for i := range c.Armor {
		m.armor = append(m.armor, armorSheetOf(&c.Armor[i]))
	}
	m.sheetKey = append(m.sheetKey[:0], key...)
	m.name, m.names = 0, nil
}

// sameMap reports whether a and b are the same map, not merely alike:
// both nil, or one map.
func sameMap[V any](a, b map[string]V) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// sheetArms names the arrays of a stat block's weapons and abilities,
// which its states share: nothing changes them once the fight has
// started, so their key is the same as long as they are there.
type sheetArms struct {
	weapons   *Weapon
	nw        int
	abilities *Ability
	na        int
}

// armsOf returns the arrays of weapons ws and abilities as.
func armsOf(ws []Weapon, as []Ability) sheetArms {
	var arms sheetArms
	if len(ws) > 0 {
		arms.weapons, arms.nw = &ws[0], len(ws)
	}
	if len(as) > 0 {
		arms.abilities, arms.na = &as[0], len(as)
	}
	return arms
}

// appendArms appends the key of weapons ws and abilities as.
func appendArms(b []byte, ws []Weapon, as []Ability) []byte {
	b = binary.AppendUvarint(b, uint64(len(ws)))
	for i := range ws {
		w := &ws[i]
		b = parts.AppendString(b, w.Name)
		b = parts.AppendString(b, w.Quality)
		b = parts.AppendInts(b, w.Damage)
		b = parts.AppendStrings(b, w.Type, w.Subtype, w.Category)
		b = parts.AppendInts(b, w.ReachFt, w.RangeFt, w.MaxRangeFt)
		b = parts.AppendBools(b, w.Light, w.Area)
		b = parts.AppendStrings(b, w.Skill, w.AttackWith, w.DamageWith)
	}
	b = binary.AppendUvarint(b, uint64(len(as)))
	for i := range as {
		a := &as[i]
		b = parts.AppendStrings(b, a.Name, a.Weapon)
		b = parts.AppendInts(b, a.Actions, a.Vigor, a.Mana, a.Dice, a.Charges)
		b = parts.AppendBools(b, a.Knockdown, a.Opening)
	}
	return b
}

// appendKey appends the options' part of their state's key (see
// State.AppendKey).
func (o *Options) appendKey(b []byte) []byte {
	b = parts.AppendInts(b, o.RoundLimit, o.QualityGap, o.StabilizeActions)
	b = parts.AppendBools(b, o.VSTieSucceeds, o.NoOverflow, o.WoundedEndsAtFullHealth, o.Euclidean, o.GMPrompts,
		o.UnawareCanReact, o.MoveProvokes, o.Aftermath)
	b = parts.AppendInts(b, len(o.AbilityDice))
	b = parts.AppendInts(b, o.AbilityDice...)
	b = parts.AppendMap(b, o.CoverTable, func(b []byte, r CoverRow) []byte {
		return parts.AppendBools(parts.AppendInts(b, r.Guard, r.AR), r.SturdyOnly, r.VsArea)
	})
	return parts.AppendMap(b, o.RestTable, func(b []byte, r RestRow) []byte {
		return parts.AppendInts(parts.AppendBools(parts.AppendInts(b, r.Rounds), r.Vigor, r.Mana, r.Durability, r.Health), r.HealthMin)
	})
}

// appendFollowUp appends an off-hand attack, or that there is none.
func appendFollowUp(b []byte, f *FollowUp) []byte {
	if f == nil {
		return append(b, 0)
	}
	return parts.AppendStrings(append(b, 1), f.Target, f.Weapon)
}
