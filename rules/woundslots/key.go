package woundslots

import (
	"encoding/binary"
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
		b = s.Combatants[i].appendKey(b)
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

// appendKey appends a combatant's part of its state's key: every field
// of it, in the order of its JSON.
func (c *Combatant) appendKey(b []byte) []byte {
	b = appendTexts(b, c.ID, c.Name, c.Side, c.Tier)
	a := &c.Attributes
	b = appendInts(b, a.Str, a.Dex, a.Vit, a.Prc, a.Rsn, a.Lor, a.Prs, a.Speed, a.Size)
	b = appendRanks(b, c.Skills)
	b = appendRanks(b, c.Specs)
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
	b = appendText(b, c.Armor.Name)
	b = appendInts(b, c.Armor.Toughness, c.RaceStamina, c.RaceMana)
	b = appendTexts(b, c.Cover, c.MoveMode)
	b = appendInts(b, c.ControlTN)
	b = appendText(b, c.Riding)
	b = appendInts(b, c.SleepHours, c.Joins, c.Space, c.Height, c.X, c.Y)
	b = appendTexts(b, c.Status, c.Posture)
	b = appendInts(b, c.Initiative, c.AP, c.Stamina, c.Fatigue, c.Mana)
	w := &c.Wounds
	b = appendInts(b, w.Light, w.Moderate, w.Severe, w.Critical, w.Fatal)
	w = &c.Slots
	b = appendInts(b, w.Light, w.Moderate, w.Severe, w.Critical, w.Fatal)
	b = appendInts(b, c.Severity, c.Dying, c.TieBreak, c.PoolQuarters, c.PoolUsed, c.Harried)
	b = appendList(b, c.HarriedBy)
	b = appendInts(b, c.Helpless)
	b = appendText(b, c.Rider)
	b = appendInts(b, c.RidingSize, c.Calming)
	b = appendList(b, c.Ignoring)
	b = appendInts(b, c.DashBonus, c.Dashes, c.OutRounds)
	b = appendText(b, c.OpeningOn)
	b = appendInts(b, c.OpeningTotal)
	b = appendText(b, c.SharingWith)
	b = c.ReadyAction.appendKey(b)
	b = appendList(b, c.Grappling)
	b = appendText(b, c.PinnedBy)
	b = appendInts(b, c.RecoveryBonus, c.RecoverUpTo, c.LongRests)
	b = appendPresent(b, c.Long != nil)
	if l := c.Long; l != nil {
		b = appendText(b, l.Object)
		b = appendInts(b, l.Remaining, l.Rounds)
		b = appendBools(b, l.Action, l.PaidNow)
	}
	return binary.AppendUvarint(b, c.flags())
}

// flags returns the combatant's flags as the bits of one number.
func (c *Combatant) flags() uint64 {
	return flags(c.PC, c.Kit, c.Mount, c.Trained, c.OwnTurn, c.IsExhausted, c.IsStaggered, c.IsDying, c.Acted,
		c.Surprised, c.Defending, c.Dashing, c.Bolting, c.Readied, c.Distracted, c.Submerged, c.Sunk, c.Fell)
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
