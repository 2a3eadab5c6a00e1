package tempo

import (
	"encoding/binary"

	"fray/rules/parts"
)

// AppendKey appends to b a key of the state for exact odds, which merge
// the dice paths that reach the same situation: two states get the same
// key exactly when they have the same JSON. It writes every field the
// JSON has, in order, without names: numbers as varints, strings with
// their length (see parts.AppendString). A list JSON leaves out when
// empty is written as its length whether nil or not; the combatants, which
// JSON writes as null when nil, and a pointer JSON leaves out when nil (the
// exchange, its replacement) are written with a byte that says whether
// they are there. The odds package walks a state without this method by
// reflection to the same end; this is the same key several times
// quicker, and key_test.go checks that it changes exactly when the JSON
// does, field by field.
func (s *State) AppendKey(b []byte) []byte {
	b = parts.AppendBools(b, s.Options.AimPersists)
	b = parts.AppendInts(b, s.Options.RoundLimit)
	b = parts.AppendBools(b, s.Started)
	b = parts.AppendInts(b, s.Round)
	b = parts.AppendList(b, s.Order)
	b = parts.AppendInts(b, s.Turn)
	b = parts.AppendBools(b, s.InTurn, s.Stalled)
	b = parts.AppendPresent(b, s.Combatants != nil)
	b = parts.AppendEach(b, s.Combatants, (*Combatant).appendKey)
	b = binary.AppendUvarint(b, uint64(len(s.Dropped)))
	for i := range s.Dropped {
		d := &s.Dropped[i]
		b = d.Weapon.appendKey(b)
		b = parts.AppendInts(b, d.At.X, d.At.Y)
	}
	b = parts.AppendPresent(b, s.Exchange != nil)
	if x := s.Exchange; x != nil {
		b = x.appendKey(b)
	}
	b = parts.AppendBools(b, s.Ended)
	b = parts.AppendString(b, s.Winner)
	return parts.AppendBools(b, s.TimedOut)
}

// appendKey appends a combatant's part of its state's key.
func (c *Combatant) appendKey(b []byte) []byte {
	b = parts.AppendStrings(b, c.ID, c.Name, c.Side)
	b = parts.AppendInts(b, c.Melee, c.Ranged, c.Brawl, c.Athletics, c.Endurance, c.Might, c.Toughness,
		c.MaxHealth, c.Health, c.AP, c.BCM)
	b = parts.AppendString(b, string(c.Status))
	b = parts.AppendBools(b, c.Down, c.Dead)
	b = parts.AppendStrings(b, c.BoundWith, c.BoundWeapon)
	b = parts.AppendList(b, c.GrappledWith)
	b = parts.AppendStrings(b, c.PinnedBy, c.Aimed)
	b = parts.AppendInts(b, c.At.X, c.At.Y)
	b = parts.AppendEach(b, c.Weapons, (*Weapon).appendKey)
	b = parts.AppendString(b, c.Armour.Name)
	b = parts.AppendInts(b, c.Armour.AV, c.Armour.Coverage, c.Armour.Encumbrance, c.CDModifier, c.Joins)
	b = parts.AppendBools(b, c.Present)
	return parts.AppendInts(b, c.Initiative)
}

// appendKey appends a weapon's part of its state's key.
func (w *Weapon) appendKey(b []byte) []byte {
	b = parts.AppendStrings(b, w.Name, w.Kind)
	b = parts.AppendInts(b, w.AP, w.Accuracy, w.AimedAccuracy, w.Damage.Dice, w.Damage.Sides, w.Damage.Flat)
	b = parts.AppendBools(b, w.AddMight)
	b = parts.AppendInts(b, w.Reach, w.Range, w.AttackSpeed, w.Hands)
	b = parts.AppendBools(b, w.CanParry)
	return parts.AppendInts(b, w.Defence)
}

// appendKey appends an exchange's part of its state's key.
func (x *Exchange) appendKey(b []byte) []byte {
	b = parts.AppendString(b, x.Actor)
	a := &x.Act
	b = parts.AppendStrings(b, string(a.Action), a.Target, a.Weapon)
	b = binary.AppendUvarint(b, uint64(len(a.Path)))
	for _, q := range a.Path {
		b = parts.AppendInts(b, q.X, q.Y)
	}
	b = parts.AppendInts(b, a.Mod, a.Paid)
	b = parts.AppendBools(b, a.Aimed)
	b = parts.AppendList(b, x.Candidates)
	b = parts.AppendInts(b, x.Asked)
	b = binary.AppendUvarint(b, uint64(len(x.Reactions)))
	for i := range x.Reactions {
		r := &x.Reactions[i]
		b = parts.AppendStrings(b, r.Reactor, string(r.Action), r.Weapon)
		b = parts.AppendInts(b, r.Paid, r.Mod)
	}
	b = parts.AppendBools(b, x.CounterTempo)
	b = parts.AppendPresent(b, x.Replacement != nil)
	if r := x.Replacement; r != nil {
		b = parts.AppendStrings(b, string(r.Action), r.Weapon)
		b = parts.AppendInts(b, r.Paid, r.Bonus, r.Mod)
	}
	b = parts.AppendBools(b, x.Resolved)
	b = binary.AppendUvarint(b, uint64(len(x.Choices)))
	for i := range x.Choices {
		ch := &x.Choices[i]
		b = parts.AppendStrings(b, ch.Combatant, ch.Kind, ch.Opponent)
	}
	b = binary.AppendUvarint(b, uint64(len(x.Hits)))
	for i := range x.Hits {
		b = parts.AppendString(b, x.Hits[i].Hitter)
		b = parts.AppendInts(b, x.Hits[i].Threat)
	}
	return b
}
