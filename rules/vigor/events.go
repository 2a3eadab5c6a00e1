package vigor

import "fray/rules/parts"

// Event is something that happened. Events carry every die drawn and
// everything Evolve needs, so that Evolve never computes what the rules
// decided.
type Event interface {
	// Kind names the event's type in JSON (see engine.Kinded).
	Kind() string
	// apply changes s as the event says. It never fails and draws no
	// dice. h is the state's hot memory on Step's path, nil on the
	// table's (Evolve).
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a
	// transcript; s is the state before it.
	describe(s *State) string
}

// Roll is one roll of the rules (R01): an action d20 (0 for a damage
// roll) and bonus dice of one size, each die's burst chain right after
// it (R04, R06).
type Roll struct {
	D20 int `json:"d20,omitempty"`
	// Count is how many bonus dice were rolled (bursts not counted), Sides
	// their size.
	Count int `json:"count,omitempty"`
	Sides int `json:"sides,omitempty"`
	// Dice are the bonus dice's faces in draw order, bursts included.
	Dice  []int `json:"dice,omitempty"`
	Total int   `json:"total"`
}

// Bursts counts the bonus dice that burst.
func (r *Roll) Bursts() int {
	n := 0
	for _, d := range r.Dice {
		if d == r.Sides {
			n++
		}
	}
	return n
}

// InitRoll is one creature's initiative (R08, A10).
type InitRoll struct {
	Combatant string `json:"combatant"`
	Roll      Roll   `json:"roll"`
	// Rerolls are the d20s of tie-breaks (A10), in order.
	Rerolls []int `json:"rerolls,omitempty"`
}

// InitiativeRolled: everyone rolled initiative, giving the order.
type InitiativeRolled struct {
	Rolls []InitRoll `json:"rolls"`
	Order []string   `json:"order"`
}

// Joined: a late joiner arrived and rolled its initiative (R08), taking
// its place in the order.
type Joined struct {
	Combatant string   `json:"combatant"`
	Roll      Roll     `json:"roll"`
	Order     []string `json:"order"`
}

// TurnStarted: a creature's turn began with so many actions (R09, R10).
type TurnStarted struct {
	Combatant string `json:"combatant"`
	Round     int    `json:"round"`
	Actions   int    `json:"actions"`
}

// Acted: a creature spent actions on an act.
type Acted struct {
	Combatant string `json:"combatant"`
	Act       string `json:"act"`
	Actions   int    `json:"actions"`
	Target    string `json:"target,omitempty"`
	// Owed is what the act still needs on later turns (R10).
	Owed int `json:"owed,omitempty"`
}

// VigorSpent: a creature paid Vigor (R12, R20, R21), perhaps becoming
// Winded (R38).
type VigorSpent struct {
	Combatant string `json:"combatant"`
	Amount    int    `json:"amount"`
	For       string `json:"for"`
	Vigor     int    `json:"vigor"`
	Winded    bool   `json:"winded,omitempty"`
}

// ManaSpent: a creature paid Mana for an ability (R17).
type ManaSpent struct {
	Combatant string `json:"combatant"`
	Amount    int    `json:"amount"`
	For       string `json:"for"`
	Mana      int    `json:"mana"`
}

// AttackDeclared: an attack waits for the GM's modifiers before it is
// rolled (gm_prompts).
type AttackDeclared struct {
	Attacker string    `json:"attacker"`
	Target   string    `json:"target"`
	Weapon   string    `json:"weapon"`
	OffHand  bool      `json:"off_hand,omitempty"`
	Via      string    `json:"via,omitempty"`
	Mods     Mods      `json:"mods,omitzero"`
	Then     *FollowUp `json:"then,omitempty"`
	Ability  string    `json:"ability,omitempty"`
}

// AttackRolled: an attack roll against a Victory Sum (R22-R24).
type AttackRolled struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Weapon   string `json:"weapon"`
	OffHand  bool   `json:"off_hand,omitempty"`
	Via      string `json:"via,omitempty"`
	Roll     Roll   `json:"roll"`
	VS       int    `json:"vs"`
	Hit      bool   `json:"hit"`
	// Charges and Challenges of the roll; Charges carry to damage.
	Charges    int  `json:"charges,omitempty"`
	Challenges int  `json:"challenges,omitempty"`
	Ranged     bool `json:"ranged,omitempty"`
	// Behind: the GM ruled the target unaware and attacked from behind.
	Behind bool `json:"behind,omitempty"`
	// Lost: the GM ruled the target could not be located, so nothing was
	// rolled (A14).
	Lost bool `json:"lost,omitempty"`
	// Ability names the ability it is made with; Knockdown and Opening
	// are that ability's (R17, R20, R39).
	Ability   string `json:"ability,omitempty"`
	Knockdown bool   `json:"knockdown,omitempty"`
	Opening   bool   `json:"opening,omitempty"`
	// Then is an off-hand attack to follow (R12).
	Then *FollowUp `json:"then,omitempty"`
}

// DefenseRolled: the target of a hit rolled a Defense (R21).
type DefenseRolled struct {
	Defender string `json:"defender"`
	Style    string `json:"style"`
	Roll     Roll   `json:"roll"`
	Against  int    `json:"against"`
	Avoided  bool   `json:"avoided"`
}

// Damaged: a hit's damage (R26-R35).
type Damaged struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// WeaponDice are the weapon's dice (never bursting), of WeaponSides.
	WeaponDice  []int `json:"weapon_dice"`
	WeaponSides int   `json:"weapon_sides"`
	// Bonus is the damage bonus dice (R27).
	Bonus Roll `json:"bonus"`
	Raw   int  `json:"raw"`
	// Immune: superior Durability took it all (R32).
	Immune bool `json:"immune,omitempty"`
	// Unliving: the damage harms only the living, and the target is not
	// (R28).
	Unliving bool `json:"unliving,omitempty"`
	AR       int  `json:"ar,omitempty"`
	Final    int  `json:"final"`
	// ToDurability and ToHealth are what the creature lost of each; the
	// values after.
	ToDurability int `json:"to_durability,omitempty"`
	ToHealth     int `json:"to_health,omitempty"`
	Durability   int `json:"durability"`
	Health       int `json:"health"`
	// Critical: a damage bonus die burst (R04).
	Critical bool `json:"critical,omitempty"`
	// Wounded, Shock, Dead and Destroyed: what the damage did.
	Wounded   bool `json:"wounded,omitempty"`
	Shock     bool `json:"shock,omitempty"`
	Dead      bool `json:"dead,omitempty"`
	Destroyed bool `json:"destroyed,omitempty"`
	// Worn is the armour that wore (R30, A36), by Wear, with ArmorLeft.
	Worn      string `json:"worn,omitempty"`
	Wear      int    `json:"wear,omitempty"`
	ArmorLeft int    `json:"armor_left,omitempty"`
	Broken    bool   `json:"broken,omitempty"`
}

// KnockdownRuled: the GM ruled whether a hit knocked its target down
// (R39, A29); Negated: it was the target's turn, so its act is spent.
type KnockdownRuled struct {
	Combatant string `json:"combatant"`
	Down      bool   `json:"down"`
	Negated   bool   `json:"negated,omitempty"`
}

// KillRuled: the GM ruled whether a hit killed an incapacitated target
// outright (R37, A28).
type KillRuled struct {
	Combatant string `json:"combatant"`
	Killed    bool   `json:"killed"`
}

// Defended: a creature took the Defend action (R13).
type Defended struct {
	Combatant string `json:"combatant"`
}

// Moved: a creature moved (R15, R14).
type Moved struct {
	Combatant string     `json:"combatant"`
	From      parts.Cell `json:"from"`
	To        parts.Cell `json:"to"`
	Ft        int        `json:"ft"`
}

// WindowOpened: an act gave enemies an opening, or met readied triggers
// (R16, R20).
type WindowOpened struct {
	What   string     `json:"what"`
	Opener string     `json:"opener"`
	Act    string     `json:"act,omitempty"`
	Dest   parts.Cell `json:"dest,omitzero"`
	Ask    []string   `json:"ask"`
}

// Passed: a creature let an opening or readied trigger go, or an attack
// it was to make (an off-hand one, a readied one answering a hit) cannot
// be made.
type Passed struct {
	Combatant string `json:"combatant"`
	// What is "readied" for a readied attack answering a hit that cannot
	// be made, else "".
	What string `json:"what,omitempty"`
}

// ItemUsed: a creature used an item (R17), which has Left uses left; a
// restoring item gives what each of its dice expressions rolled, up to
// what the target lacks.
type ItemUsed struct {
	Combatant string     `json:"combatant"`
	Item      string     `json:"item"`
	Target    string     `json:"target,omitempty"`
	Left      int        `json:"left"`
	Restored  []Restored `json:"restored,omitempty"`
}

// Restored is what an item's dice restored of one thing: durability,
// health, vigor or mana.
type Restored struct {
	What string `json:"what"`
	// Expr is the item's dice expression for it.
	Expr  string `json:"expr"`
	Dice  []int  `json:"dice,omitempty"`
	Total int    `json:"total"`
	Gain  int    `json:"gain"`
}

// Countered: the target of a hit answered it with its readied attack on
// the attacker (§7.6.3), paid for; the attack fires once the hit is
// resolved.
type Countered struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
}

// Escaped: the GM ruled on an escape (A19).
type Escaped struct {
	Combatant string `json:"combatant"`
	Escaped   bool   `json:"escaped"`
}

// StoodUp: a prone creature stood up (R19).
type StoodUp struct {
	Combatant string `json:"combatant"`
}

// ReadiedAction: a creature readied an attack (R16).
type ReadiedAction struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Weapon    string `json:"weapon,omitempty"`
}

// SkillRolled: a skill check (R18, R36, A38), with what it did.
type SkillRolled struct {
	Combatant string `json:"combatant"`
	Skill     string `json:"skill"`
	// Purpose is "aid", "stabilize" or "check".
	Purpose string `json:"purpose"`
	Target  string `json:"target,omitempty"`
	Roll    Roll   `json:"roll"`
	VS      int    `json:"vs"`
	Success bool   `json:"success"`
	// Heal is the aid's d10, Durability the target's after it.
	Heal       int `json:"heal,omitempty"`
	Durability int `json:"durability,omitempty"`
}

// Recovery is one creature's part of a Recovery Phase (R41).
type Recovery struct {
	Combatant string `json:"combatant"`
	Vigor     int    `json:"vigor"`
	Gained    int    `json:"gained,omitempty"`
	Winded    bool   `json:"winded,omitempty"`
	// ShockLeft counts down a Shock (A09); Died: it reached 0.
	ShockLeft int  `json:"shock_left,omitempty"`
	Died      bool `json:"died,omitempty"`
	// Durability, Mana and Health are what the creature's regen gave
	// back (R41).
	Durability int `json:"durability,omitempty"`
	Mana       int `json:"mana,omitempty"`
	Health     int `json:"health,omitempty"`
}

// Recovered: the Recovery Phase closing a round (R41).
type Recovered struct {
	Round   int        `json:"round"`
	Changes []Recovery `json:"changes"`
}

// RoundStarted: a new round began (R07).
type RoundStarted struct {
	Round int `json:"round"`
}

// Decided: with the aftermath option, the fight is decided (Winner won,
// or nobody), and the GM rules on rests before it ends.
type Decided struct {
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason"`
	// ByGM is set when the GM's end-fight ended the fight.
	ByGM bool `json:"by_gm,omitempty"`
}

// Rested: a rest after the fight (R42), of Length, and what it did to
// each creature that took it.
type Rested struct {
	Length  string       `json:"length"`
	Changes []RestChange `json:"changes"`
}

// RestChange is one creature's part of a rest: its Vigor, Durability,
// Health and Mana after it, what is left of its Shock, or its death of
// Shock during the rest (A09).
type RestChange struct {
	Combatant  string `json:"combatant"`
	Vigor      int    `json:"vigor"`
	Durability int    `json:"durability"`
	Health     int    `json:"health"`
	Mana       int    `json:"mana,omitempty"`
	ShockLeft  int    `json:"shock_left,omitempty"`
	Died       bool   `json:"died,omitempty"`
}

// FightEnded: the fight is over.
type FightEnded struct {
	Winner   string `json:"winner,omitempty"`
	Reason   string `json:"reason"`
	TimedOut bool   `json:"timed_out,omitempty"`
	// ByGM is set when the GM's end-fight ended the fight.
	ByGM bool `json:"by_gm,omitempty"`
}

// Kind returns "initiative_rolled".
func (*InitiativeRolled) Kind() string { return "initiative_rolled" }

// Kind returns "turn_started".
func (*TurnStarted) Kind() string { return "turn_started" }

// Kind returns "acted".
func (*Acted) Kind() string { return "acted" }

// Kind returns "vigor_spent".
func (*VigorSpent) Kind() string { return "vigor_spent" }

// Kind returns "mana_spent".
func (*ManaSpent) Kind() string { return "mana_spent" }

// Kind returns "joined".
func (*Joined) Kind() string { return "joined" }

// Kind returns "attack_declared".
func (*AttackDeclared) Kind() string { return "attack_declared" }

// Kind returns "attack_rolled".
func (*AttackRolled) Kind() string { return "attack_rolled" }

// Kind returns "defense_rolled".
func (*DefenseRolled) Kind() string { return "defense_rolled" }

// Kind returns "damaged".
func (*Damaged) Kind() string { return "damaged" }

// Kind returns "knockdown_ruled".
func (*KnockdownRuled) Kind() string { return "knockdown_ruled" }

// Kind returns "kill_ruled".
func (*KillRuled) Kind() string { return "kill_ruled" }

// Kind returns "defended".
func (*Defended) Kind() string { return "defended" }

// Kind returns "moved".
func (*Moved) Kind() string { return "moved" }

// Kind returns "window_opened".
func (*WindowOpened) Kind() string { return "window_opened" }

// Kind returns "passed".
func (*Passed) Kind() string { return "passed" }

// Kind returns "item_used".
func (*ItemUsed) Kind() string { return "item_used" }

// Kind returns "decided".
func (*Decided) Kind() string { return "decided" }

// Kind returns "rested".
func (*Rested) Kind() string { return "rested" }

// Kind returns "countered".
func (*Countered) Kind() string { return "countered" }

// Kind returns "escaped".
func (*Escaped) Kind() string { return "escaped" }

// Kind returns "stood_up".
func (*StoodUp) Kind() string { return "stood_up" }

// Kind returns "readied".
func (*ReadiedAction) Kind() string { return "readied" }

// Kind returns "skill_rolled".
func (*SkillRolled) Kind() string { return "skill_rolled" }

// Kind returns "recovered".
func (*Recovered) Kind() string { return "recovered" }

// Kind returns "round_started".
func (*RoundStarted) Kind() string { return "round_started" }

// Kind returns "fight_ended".
func (*FightEnded) Kind() string { return "fight_ended" }

// eventKinds is the kinds table of the events, append-only.
func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"initiative_rolled": func() Event { return &InitiativeRolled{} },
		"turn_started":      func() Event { return &TurnStarted{} },
		"acted":             func() Event { return &Acted{} },
		"vigor_spent":       func() Event { return &VigorSpent{} },
		"attack_rolled":     func() Event { return &AttackRolled{} },
		"defense_rolled":    func() Event { return &DefenseRolled{} },
		"damaged":           func() Event { return &Damaged{} },
		"knockdown_ruled":   func() Event { return &KnockdownRuled{} },
		"kill_ruled":        func() Event { return &KillRuled{} },
		"defended":          func() Event { return &Defended{} },
		"moved":             func() Event { return &Moved{} },
		"window_opened":     func() Event { return &WindowOpened{} },
		"passed":            func() Event { return &Passed{} },
		"escaped":           func() Event { return &Escaped{} },
		"stood_up":          func() Event { return &StoodUp{} },
		"readied":           func() Event { return &ReadiedAction{} },
		"skill_rolled":      func() Event { return &SkillRolled{} },
		"recovered":         func() Event { return &Recovered{} },
		"round_started":     func() Event { return &RoundStarted{} },
		"fight_ended":       func() Event { return &FightEnded{} },
		"attack_declared":   func() Event { return &AttackDeclared{} },
		"mana_spent":        func() Event { return &ManaSpent{} },
		"joined":            func() Event { return &Joined{} },
		"countered":         func() Event { return &Countered{} },
		"item_used":         func() Event { return &ItemUsed{} },
		"decided":           func() Event { return &Decided{} },
		"rested":            func() Event { return &Rested{} },
	}
}
