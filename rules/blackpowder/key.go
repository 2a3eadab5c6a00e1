package blackpowder

import (
	"encoding/binary"
	"math"
	"slices"

	"fray/rules/parts"
)

// AppendKey appends to b a key of the state for exact odds, which merge
// the dice paths that reach the same situation: two states get the same
// key exactly when they have the same JSON. It writes every field the
// JSON has, in order, without names: numbers as varints, strings with
// their length, positions and ranges as the bits of their float. A value
// JSON leaves out when empty is written as what it is (a nil list as an
// empty one, an omitted 0 as 0, an omitted -0 as 0), and one JSON writes
// as null apart from empty (a nil pointer, a nil list of groups or
// combatants, a nested command without one) with a byte that says which.
// A nested command is written as the text of its JSON. The odds package
// walks a state without this method by reflection to the same end; this
// is the same key several times quicker, and key_test.go checks that it
// changes exactly when the JSON does, field by field.
func (s *State) AppendKey(b []byte) []byte {
	o := &s.Options
	b = parts.AppendBools(b, o.NPCCrits, o.DodgeSuccessConsumesAction)
	b = parts.AppendString(b, o.DeathMode)
	b = parts.AppendInts(b, o.RoundLimit)
	b = parts.AppendBools(b, o.GMModifiers, o.Aftermath, s.Scene.Mist)
	b = parts.AppendPresent(b, s.Groups != nil)
	b = binary.AppendUvarint(b, uint64(len(s.Groups)))
	for i := range s.Groups {
		g := &s.Groups[i]
		b = parts.AppendString(b, g.ID)
		b = parts.AppendBools(b, g.Players)
		b = parts.AppendInts(b, g.Initiative, g.Speed)
		b = parts.AppendBools(b, g.Rolled)
		b = parts.AppendInts(b, g.Joins)
	}
	b = parts.AppendPresent(b, s.Combatants != nil)
	b = parts.AppendEach(b, s.Combatants, (*Combatant).appendKey)
	b = parts.AppendInts(b, s.Round)
	b = binary.AppendUvarint(b, uint64(len(s.Order)))
	b = parts.AppendInts(b, s.Order...)
	b = parts.AppendInts(b, s.Turn)
	b = s.Pending.appendKey(b)
	b = s.Declared.appendKey(b)
	b = parts.AppendPresent(b, s.Ambush != nil)
	if a := s.Ambush; a != nil {
		b = parts.AppendString(b, a.Hiders)
		b = parts.AppendBools(b, a.Searching)
		b = parts.AppendInts(b, a.Bonus)
		b = parts.AppendString(b, a.Stage)
		b = parts.AppendInts(b, a.Hidden)
		b = parts.AppendInts(b, a.Difficulty)
		b = parts.AppendBools(b, a.Spotted)
	}
	b = parts.AppendPresent(b, s.AimsDue != nil)
	if d := s.AimsDue; d != nil {
		b = parts.AppendInts(b, d.Turn)
		b = parts.AppendString(b, d.Group)
	}
	b = parts.AppendString(b, s.Follow)
	b = parts.AppendPresent(b, s.After != nil)
	if a := s.After; a != nil {
		b = parts.AppendString(b, a.Winner)
		b = parts.AppendBools(b, a.TimedOut)
		b = parts.AppendList(b, a.ShortRested)
		b = parts.AppendList(b, a.Treated)
	}
	b = parts.AppendBools(b, s.Over)
	b = parts.AppendString(b, s.Winner)
	return parts.AppendBools(b, s.TimedOut)
}

// appendKey appends a combatant's part of its state's key.
func (c *Combatant) appendKey(b []byte) []byte {
	b = parts.AppendStrings(b, c.ID, c.Name, c.Group)
	b = parts.AppendInts(b, c.Body, c.Senses, c.Science, c.Willpower)
	b = appendSkills(b, c.Skills)
	b = parts.AppendInts(b, c.Evade, c.Toughness, c.ToughnessTemp, c.DamageBonus, c.LP, c.LPMax, c.Fatigue)
	b = append(b, byte(c.Status))
	b = parts.AppendInts(b, c.ReviveDifficulty, c.DamageWhileUnconscious)
	b = parts.AppendEach(b, c.Weapons, (*Weapon).appendKey)
	b = binary.AppendUvarint(b, uint64(len(c.Items)))
	for i := range c.Items {
		it := &c.Items[i]
		b = parts.AppendStrings(b, it.Name, it.Heal)
		b = parts.AppendInts(b, it.Uses)
	}
	b = parts.AppendInts(b, c.Wielding)
	b = binary.AppendUvarint(b, uint64(len(c.Armor)))
	for i := range c.Armor {
		a := &c.Armor[i]
		b = parts.AppendString(b, a.Name)
		b = parts.AppendInts(b, a.EvBonus, a.ToughnessBonus)
		b = parts.AppendBools(b, a.IsArmor)
	}
	b = parts.AppendInts(b, c.Actions)
	b = binary.AppendUvarint(b, parts.Flags(c.ImmediateUsed, c.Done, c.Delayed, c.ExtraDelayed, c.DelayedSpent))
	b = parts.AppendInts(b, c.Reloading, c.GunslingerTier)
	b = appendFloat(b, c.X)
	b = appendFloat(b, c.Y)
	b = appendOmittedFloat(b, c.Moved)
	b = parts.AppendBools(b, c.Running, c.Unaware)
	b = parts.AppendInts(b, c.Stealth, c.StealthBonus)
	b = parts.AppendBools(b, c.Searched)
	b = c.Aim.appendKey(b)
	b = parts.AppendInts(b, c.Assist)
	b = parts.AppendBools(b, c.Prone)
	b = parts.AppendInts(b, c.Trapped)
	return parts.AppendStrings(b, c.HeldBy, c.Holding)
}

// appendSkills appends a combatant's skills: when every one is a known
// skill, a 0, the set of those it has (a bit each, in the order of
// knownSkills) and their values in that order, without sorting the names;
// else a 1 and the map as parts.AppendMap writes it. A nil map is written
// as an empty one, as JSON leaves out both.
func appendSkills(b []byte, skills map[string]int) []byte {
	var (
		has    uint64
		values [skillCount]int
	)
	for name, v := range skills {
		i := slices.Index(knownSkills, name)
		if i < 0 {
			return parts.AppendMap(append(b, 1), skills, parts.AppendInt)
		}
		has |= 1 << i
		values[i] = v
	}
	b = binary.AppendUvarint(append(b, 0), has)
	for i, v := range values {
		if has&(1<<i) != 0 {
			b = binary.AppendVarint(b, int64(v))
		}
	}
	return b
}

// appendKey appends a weapon's part of its state's key.
func (w *Weapon) appendKey(b []byte) []byte {
	b = parts.AppendString(b, w.Name)
	b = append(b, byte(w.Kind), byte(w.Damage))
	b = parts.AppendInts(b, w.AttackMod, w.DamageMod, w.DodgeMod)
	b = appendOmittedFloat(b, w.RangeNormal)
	b = appendOmittedFloat(b, w.RangeFar)
	b = parts.AppendBools(b, w.Deadly, w.Penetrating)
	b = parts.AppendInts(b, w.Defensive, w.Stunning, w.Immobilizing)
	b = binary.AppendUvarint(b, parts.Flags(w.Thrown, w.Inaccurate, w.Fists))
	b = parts.AppendInts(b, w.Reload[0], w.Reload[1], w.Reload[2], w.FixDifficulty, w.Capacity, w.Loaded)
	b = parts.AppendStrings(b, w.Powder, w.State)
	b = parts.AppendBools(b, w.OnGround)
	b = appendOmittedFloat(b, w.GroundX)
	b = appendOmittedFloat(b, w.GroundY)
	return parts.AppendString(b, w.TakenBy)
}

// appendKey appends an aimed attack's part of its state's key, or that
// there is none.
func (a *Aim) appendKey(b []byte) []byte {
	b = parts.AppendPresent(b, a != nil)
	if a == nil {
		return b
	}
	b = parts.AppendString(b, a.Target)
	b = parts.AppendInts(b, a.Weapon, a.Part, a.Modifier)
	return parts.AppendBools(b, a.Hand)
}

// appendKey appends a pending attack's part of its state's key, or that
// there is none.
func (p *Pending) appendKey(b []byte) []byte {
	b = parts.AppendPresent(b, p != nil)
	if p == nil {
		return b
	}
	b = append(b, byte(p.Stage))
	b = parts.AppendStrings(b, p.Attacker, p.Target)
	b = parts.AppendInts(b, p.Weapon, p.Total, p.Difficulty, p.Bonus, p.Damage)
	b = append(b, byte(p.As))
	return parts.AppendBools(b, p.Hold, p.Stun, p.Early, p.Hand)
}

// appendKey appends a declared action's part of its state's key, or that
// there is none.
func (d *Declaration) appendKey(b []byte) []byte {
	b = parts.AppendPresent(b, d != nil)
	if d == nil {
		return b
	}
	b = parts.AppendString(b, d.Actor)
	b = d.Command.appendKey(b)
	b = parts.AppendString(b, d.Text)
	b = binary.AppendUvarint(b, uint64(len(d.Queue)))
	for i := range d.Queue {
		b = parts.AppendStrings(b, d.Queue[i].Who, d.Queue[i].Kind, d.Queue[i].Against)
	}
	b = parts.AppendInts(b, d.SpeedTotal)
	b = parts.AppendBools(b, d.Resolved)
	b = binary.AppendUvarint(b, uint64(len(d.Held)))
	for i := range d.Held {
		h := &d.Held[i]
		b = parts.AppendString(b, h.Who)
		b = h.Command.appendKey(b)
		b = parts.AppendBools(b, h.Interrupt)
		b = parts.AppendString(b, h.With)
		b = parts.AppendBools(b, h.Contested, h.First, h.Provoked)
	}
	b = parts.AppendBools(b, d.Unsafe, d.Delayed)
	b = parts.AppendString(b, d.Early)
	return d.Aim.appendKey(b)
}

// appendKey appends a nested command's part of its state's key: whether
// there is one (JSON writes none as null), and the text of its JSON, or
// for an attack its fields. A command its codec table cannot write, which
// leaves the state without JSON, is written as a byte of its own.
func (n Nested) appendKey(b []byte) []byte {
	if n.Command == nil {
		return append(b, 0)
	}
	if a, ok := n.Command.(*Attack); ok && a != nil {
		// The commonest, written field by field: its JSON is these six
		// fields, each as it is (an omitted one as its zero).
		b = parts.AppendStrings(append(b, 3), a.Target, a.Weapon, a.Mode)
		b = parts.AppendInts(b, a.Part, a.Modifier)
		return parts.AppendBools(b, a.Hand)
	}
	js, err := commands.Marshal(n.Command)
	if err != nil {
		return append(b, 2)
	}
	return parts.AppendString(append(b, 1), string(js))
}

// appendFloat appends f as the bits of its float64: JSON writes every
// value apart, -0 apart from 0 too, and has none for NaN and the
// infinities (a state holding one has no JSON).
func appendFloat(b []byte, f float64) []byte {
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
}

// appendOmittedFloat is appendFloat for a field JSON leaves out when it
// is 0, -0 as well: both are written as 0.
func appendOmittedFloat(b []byte, f float64) []byte {
	if f == 0 {
		return binary.LittleEndian.AppendUint64(b, 0)
	}
	return appendFloat(b, f)
}
