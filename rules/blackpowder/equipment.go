package blackpowder

import "slices"

// Equipment: weapons, their kinds and a gun's states (R12-R21), items
// that heal (R31), armor and shields (R09, R14, R16).

// ToughnessEff is the Toughness damage is reduced by: base, armor and
// temporary (R14). With penetrating, armor does not count (A11).
func (c *Combatant) ToughnessEff(penetrating bool) int {
	t := c.Toughness + c.ToughnessTemp
	if !penetrating {
		for _, a := range c.Armor {
			t += a.ToughnessBonus
		}
	}
	return t
}

// EvadeEff is Evade with armor and shields (R09).
func (c *Combatant) EvadeEff() int {
	ev := c.Evade
	for _, a := range c.Armor {
		ev += a.EvBonus
	}
	return ev
}

// WearsArmor reports whether the combatant wears body armor (R16).
func (c *Combatant) WearsArmor() bool {
	return slices.ContainsFunc(c.Armor, func(a Armor) bool { return a.IsArmor })
}

// WeaponKind is what kind of weapon a weapon is: melee, unarmed, thrown,
// ranged or gun. The rules compare it as a small number; in JSON (and in
// words) it is its name.
type WeaponKind uint8

// Weapon kinds. The zero WeaponKind is none, "" in JSON: the kind a
// pending attack's weapon is used as when that is its own (Pending.As).
const (
	KindMelee WeaponKind = iota + 1
	KindUnarmed
	KindThrown
	KindRanged
	KindGun
)

// The names of the weapon kinds, as an encounter's weapons give them
// (WeaponSpec.Kind) and JSON writes them.
const (
	Melee   = "melee"
	Unarmed = "unarmed"
	Thrown  = "thrown"
	Ranged  = "ranged"
	Gun     = "gun"
)

// weaponKindNames are the names of the WeaponKind values, by value.
var weaponKindNames = [...]string{"", Melee, Unarmed, Thrown, Ranged, Gun}

// String returns the kind's name.
func (k WeaponKind) String() string { return nameOf(k, weaponKindNames[:], "weapon kind") }

// MarshalText writes the kind as its name.
func (k WeaponKind) MarshalText() ([]byte, error) {
	return nameText(k, weaponKindNames[:], "weapon kind")
}

// UnmarshalText reads a kind from its name ("" for none).
func (k *WeaponKind) UnmarshalText(b []byte) (err error) {
	*k, err = fromName[WeaponKind](b, weaponKindNames[:], "weapon kind")
	return err
}

// DamageDie is a weapon's damage die (R12): D10, D10/2, D10/3, D10/4
// (a d10 read through the table) or 2D10H (two d10, the higher kept). The
// rules read it as a small number; in JSON it is its name.
type DamageDie uint8

// The damage dice. The zero DamageDie is none, "" in JSON, which no weapon
// of a fight has.
const (
	D10 DamageDie = iota + 1
	D10Half
	D10Third
	D10Quarter
	TwoD10High
)

// damageDieNames are the names of the DamageDie values, by value.
var damageDieNames = [...]string{"", "D10", "D10/2", "D10/3", "D10/4", "2D10H"}

// String returns the die's name.
func (d DamageDie) String() string { return nameOf(d, damageDieNames[:], "damage die") }

// MarshalText writes the die as its name.
func (d DamageDie) MarshalText() ([]byte, error) {
	return nameText(d, damageDieNames[:], "damage die")
}

// UnmarshalText reads a die from its name.
func (d *DamageDie) UnmarshalText(b []byte) (err error) {
	*d, err = fromName[DamageDie](b, damageDieNames[:], "damage die")
	return err
}

// kindDodgeMod is each kind of weapon's dodge modifier (R23): 0 for
// melee and unarmed, 3 for thrown and ranged, 5 for guns.
var kindDodgeMod = [...]int{KindThrown: 3, KindRanged: 3, KindGun: 5}

// handToHand reports whether a weapon of kind k strikes within reach, as
// a melee weapon or fists do, rather than being shot or thrown (R09, A21).
func (k WeaponKind) handToHand() bool { return k == KindMelee || k == KindUnarmed }

// Gun states (R19, A10).
const (
	GunOK               = "ok"
	GunMinorJam         = "minor_jam"
	GunNeedsFix         = "needs_fix"
	GunMajorJam         = "major_jam"
	GunInoperableCombat = "inoperable_combat"
	GunBrokenWorkshop   = "broken_workshop"
	GunDestroyed        = "destroyed"
)

// Weapon is a weapon's data and, for guns, its state.
type Weapon struct {
	Name string     `json:"name"`
	Kind WeaponKind `json:"kind"`
	// Damage is D10, D10/2, D10/3, D10/4 or 2D10H (R12).
	Damage    DamageDie `json:"damage"`
	AttackMod int       `json:"attack_mod,omitempty"`
	DamageMod int       `json:"damage_mod,omitempty"`
	// DodgeMod is added to the attack total a dodge must reach (R23).
	DodgeMod    int     `json:"dodge_mod"`
	RangeNormal float64 `json:"range_normal,omitempty"`
	RangeFar    float64 `json:"range_far,omitempty"`

	Deadly       bool `json:"deadly,omitempty"`
	Penetrating  bool `json:"penetrating,omitempty"`
	Defensive    int  `json:"defensive,omitempty"`
	Stunning     int  `json:"stunning,omitempty"`
	Immobilizing int  `json:"immobilizing,omitempty"`
	Thrown       bool `json:"thrown,omitempty"`
	Inaccurate   bool `json:"inaccurate,omitempty"`
	// Fists marks bare hands, whose damage halves against armor (R16).
	Fists bool `json:"fists,omitempty"`

	// Guns only (R18-R21).
	Reload        [3]int `json:"reload,omitempty"`
	FixDifficulty int    `json:"fix_difficulty,omitempty"`
	Capacity      int    `json:"capacity,omitempty"`
	Loaded        int    `json:"loaded"`
	Powder        string `json:"powder,omitempty"`
	State         string `json:"state,omitempty"`

	// OnGround is set once the weapon has been thrown or dropped: it lies
	// where it fell, at GroundX, GroundY, until someone picks it up within
	// reach (R17, R11).
	OnGround bool    `json:"on_ground,omitempty"`
	GroundX  float64 `json:"ground_x,omitempty"`
	GroundY  float64 `json:"ground_y,omitempty"`
	// TakenBy names the combatant who picked the weapon up from the
	// ground, when that was not its owner: it is that one's now, among its
	// weapons, and its owner no longer has it.
	TakenBy string `json:"taken_by,omitempty"`
}

// weapon is the weapon in hand, for the many places that only read it: it
// points into c.Weapons, or at bareHands. Nothing may change the weapon
// through it.
func (c *Combatant) weapon() *Weapon {
	if c.Wielding >= 0 && c.Wielding < len(c.Weapons) {
		return &c.Weapons[c.Wielding]
	}
	return &bareHands
}

// bareHands are what a combatant fights with when wielding nothing (R16),
// for weapon to point at. It is never written.
var bareHands = Weapon{Name: "fists", Kind: KindUnarmed, Damage: D10Third, Inaccurate: true, Fists: true}

// Item restores LP when used (R31).
type Item struct {
	Name string `json:"name"`
	// Heal is the LP restored, a dice expression such as "d10/2+2".
	Heal string `json:"heal"`
	// Uses left.
	Uses int `json:"uses"`
}

// Armor is worn armor or a carried shield.
type Armor struct {
	Name           string `json:"name"`
	EvBonus        int    `json:"ev_bonus,omitempty"`
	ToughnessBonus int    `json:"toughness_bonus,omitempty"`
	IsArmor        bool   `json:"is_armor,omitempty"`
}
