package maneuvers

// Event is something that happened; it carries every die drawn. The
// interface is sealed by its unexported method.
type Event interface {
	// Kind names the event's type in JSON.
	Kind() string
	event()
}

// TestRolled: a test outside a combat roll (surprise, sneaking,
// searching), before the contests it enters.
type TestRolled struct {
	Combatant string   `json:"combatant"`
	Skill     string   `json:"skill"`
	For       string   `json:"for"`
	Test      TestRoll `json:"test"`
}

// Surprised: a combatant is surprised in round 1 (R07).
type Surprised struct {
	Combatant string `json:"combatant"`
}

// InitiativeRolled: one initiative die, or a tie's roll-off (R05).
type InitiativeRolled struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Mod       int    `json:"mod"`
	Total     int    `json:"total"`
	RollOff   bool   `json:"roll_off,omitempty"`
}

// OrderSet: the initiative order, highest first.
type OrderSet struct {
	Order []string `json:"order"`
}

// RoundStarted: a round begins; AP, attacks and free actions reset (R06).
type RoundStarted struct {
	Round int      `json:"round"`
	Turns []string `json:"turns"`
}

// TurnStarted: a combatant's turn begins.
type TurnStarted struct {
	Combatant string `json:"combatant"`
}

// TurnSkipped: a combatant's turn passes without it (R07, R08).
type TurnSkipped struct {
	Combatant string `json:"combatant"`
	Reason    string `json:"reason"`
}

// TurnDelayed: a combatant saves its turn until after another's (R09).
type TurnDelayed struct {
	Combatant string `json:"combatant"`
	After     string `json:"after"`
}

// TurnEnded: a combatant's turn ends.
type TurnEnded struct {
	Combatant string `json:"combatant"`
}

// ActionTaken: a combatant spends AP on an action or reaction with no
// roll of its own (dash, disengage, release, stand, search, sneak, pick
// up).
type ActionTaken struct {
	Combatant string `json:"combatant"`
	Action    string `json:"action"`
	AP        int    `json:"ap"`
	// Object is what a Manipulate of an object the rules do not model
	// handles.
	Object string `json:"object,omitempty"`
}

// MoveDeclared: a combatant sets out for a point; the move's cost is
// spent, and the foes it provokes are listed in order (R22).
type MoveDeclared struct {
	Combatant string     `json:"combatant"`
	To        Point      `json:"to"`
	Cost      float64    `json:"cost"`
	Reactors  []Provoked `json:"reactors,omitempty"`
	// Sneak: a Sneak's move, up to speed of its own; free movement is
	// not spent.
	Sneak bool `json:"sneak,omitempty"`
}

// Moved: a combatant is now at a point: where a move ends or is stopped,
// where an opportunity attack catches it, or where a push puts it.
type Moved struct {
	Combatant string `json:"combatant"`
	To        Point  `json:"to"`
	Forced    bool   `json:"forced,omitempty"`
	// Done: the move ends here.
	Done bool `json:"done,omitempty"`
}

// Provoking: an action that provokes opportunity attacks (a spell, or
// standing up) waits on them (R22).
type Provoking struct {
	Combatant string `json:"combatant"`
	Trigger   string `json:"trigger"`
	Spell     string `json:"spell,omitempty"`
	Target    string `json:"target,omitempty"`
	// AP paid now; Attack: an attack spell, counted now (R11).
	AP       int        `json:"ap"`
	Attack   bool       `json:"attack,omitempty"`
	Reactors []Provoked `json:"reactors,omitempty"`
}

// OpportunityPassed: a reactor lets an opportunity go.
type OpportunityPassed struct {
	Combatant string `json:"combatant"`
	// Reason says why the reactor could not take it, when it could not.
	Reason string `json:"reason,omitempty"`
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
	Cover   string `json:"cover,omitempty"`
	Mod     int    `json:"mod,omitempty"`
	Edge    int    `json:"edge,omitempty"`
	Unaware bool   `json:"unaware,omitempty"`
	// DefMod and DefEdge change the defender's test.
	DefMod  int `json:"def_mod,omitempty"`
	DefEdge int `json:"def_edge,omitempty"`
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

// ManeuverChosen: the winner of a critical win picks a maneuver, or none
// (R19).
type ManeuverChosen struct {
	Combatant string `json:"combatant"`
	Maneuver  string `json:"maneuver,omitempty"`
	Location  string `json:"location,omitempty"`
	Item      string `json:"item,omitempty"`
}

// Damaged: damage lands, through the pipeline of R31.
type Damaged struct {
	Combatant string `json:"combatant"`
	Source    string `json:"source"`
	// Dice are the damage dice, each of Sides sides.
	Dice  []int `json:"dice"`
	Sides int   `json:"sides,omitempty"`
	Bonus int   `json:"bonus,omitempty"`
	// Maximized: Precision; the dice were not drawn.
	Maximized bool   `json:"maximized,omitempty"`
	Raw       int    `json:"raw"`
	Type      string `json:"type"`
	AR        int    `json:"ar,omitempty"`
	Shield    int    `json:"shield,omitempty"`
	Resist    int    `json:"resist,omitempty"`
	Vuln      int    `json:"vuln,omitempty"`
	Amount    int    `json:"amount"`
	HP        int    `json:"hp"`
	// Down: unconscious and prone now; Dead: dead now (R32).
	Down bool `json:"down,omitempty"`
	Dead bool `json:"dead,omitempty"`
}

// ManeuverResolved: a maneuver's effect, after the loser's test (or the
// winner's Deception for a Feint).
type ManeuverResolved struct {
	Maneuver string `json:"maneuver"`
	Winner   string `json:"winner"`
	Loser    string `json:"loser"`
	// Skill and Test: the test made, if any.
	Skill string    `json:"skill,omitempty"`
	Test  *TestRoll `json:"test,omitempty"`
	// Works: the maneuver takes effect; Blocked: an obstacle stopped a
	// Push (§6.8).
	Works   bool `json:"works"`
	Blocked bool `json:"blocked,omitempty"`
	// Item dropped by a Disarm; To where a Push puts the loser.
	Item     string `json:"item,omitempty"`
	To       Point  `json:"to,omitzero"`
	Location string `json:"location,omitempty"`
}

// SpellCast: a spell is cast and its AP paid (R37).
type SpellCast struct {
	Caster string `json:"caster"`
	Spell  string `json:"spell"`
	Target string `json:"target,omitempty"`
	AP     int    `json:"ap"`
	Attack bool   `json:"attack,omitempty"`
	// Provoked: its cost was paid when it provoked (Provoking), and the
	// opportunity attacks are over.
	Provoked bool `json:"provoked,omitempty"`
}

// SpellLost: the caster was taken down before its spell took effect.
type SpellLost struct {
	Caster string `json:"caster"`
	Spell  string `json:"spell"`
}

// Healed: healing lands (R33).
type Healed struct {
	Combatant string `json:"combatant"`
	Source    string `json:"source"`
	// Dice are the healing dice, each of Sides sides.
	Dice   []int `json:"dice"`
	Sides  int   `json:"sides,omitempty"`
	Bonus  int   `json:"bonus,omitempty"`
	Amount int   `json:"amount"`
	HP     int   `json:"hp"`
	// Woke: rising above 0 ends Unconscious.
	Woke bool `json:"woke,omitempty"`
}

// GrappleAttempted: the grappler's Athletics test (R35).
type GrappleAttempted struct {
	Combatant string   `json:"combatant"`
	Target    string   `json:"target"`
	Test      TestRoll `json:"test"`
}

// GrappleResolved: the target's test and the contest's result (R03, R35).
type GrappleResolved struct {
	Combatant string   `json:"combatant"`
	Target    string   `json:"target"`
	Skill     string   `json:"skill"`
	Test      TestRoll `json:"test"`
	Grappled  bool     `json:"grappled"`
}

// EscapeRolled: a grappled combatant's escape and its grappler's test
// (R35).
type EscapeRolled struct {
	Combatant string   `json:"combatant"`
	From      string   `json:"from"`
	Skill     string   `json:"skill"`
	Test      TestRoll `json:"test"`
	Against   TestRoll `json:"against"`
	Escaped   bool     `json:"escaped"`
}

// GrappleEnded: a grapple ends (R35).
type GrappleEnded struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Reason    string `json:"reason"`
}

// Observed: one contest of stealth against observation (R07, R36), the
// second party's test.
type Observed struct {
	Sneaker  string   `json:"sneaker"`
	Observer string   `json:"observer"`
	Skill    string   `json:"skill"`
	Test     TestRoll `json:"test"`
	// Hidden: the sneaker won; for a search, it stays hidden.
	Hidden bool   `json:"hidden"`
	For    string `json:"for"`
}

// Revealed: a combatant is no longer hidden (it attacked).
type Revealed struct {
	Combatant string `json:"combatant"`
}

// StoodUp: a combatant is no longer Prone.
type StoodUp struct {
	Combatant string `json:"combatant"`
}

// PickedUp: a combatant picks up an item into a free hand.
type PickedUp struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
}

// Interrupted: an action that provoked is cut short: its maker was
// taken down, tripped or grappled before it took effect (R22).
type Interrupted struct {
	Combatant string `json:"combatant"`
	Trigger   string `json:"trigger"`
	// Unwalked is the free movement a move cut short gives back: what
	// the rest of its path, not walked, would have cost (R08, R25).
	Unwalked float64 `json:"unwalked,omitempty"`
}

// ItemDropped: a held item falls, let go of (Release) or knocked away
// (Disarm).
type ItemDropped struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
	At        Point  `json:"at"`
	// Thrown: a thrown weapon lands by its target.
	Thrown bool `json:"thrown,omitempty"`
}

// PushWayRuled: the GM's ruling whether an obstacle blocks a Push (§6.8).
type PushWayRuled struct {
	Loser   string `json:"loser"`
	Blocked bool   `json:"blocked,omitempty"`
}

// ItemDrawn: a combatant takes a carried item in hand.
type ItemDrawn struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
}

// ItemStowed: a combatant puts a held item away.
type ItemStowed struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
}

// ReactionPassed: a combatant uses no reaction in the window.
type ReactionPassed struct {
	Combatant string `json:"combatant"`
	Reason    string `json:"reason,omitempty"`
}

// WindowOpened: after an action, those who may use a reaction spell are
// asked in turn (A12). Fights no longer open windows (reactions are taken
// between actions unasked); the event is read in older logs.
type WindowOpened struct {
	Reactors []string `json:"reactors"`
}

// RoundEnded: every turn of the round has passed.
type RoundEnded struct {
	Round int `json:"round"`
}

// FightEnded: the fight is over (R38).
type FightEnded struct {
	Winner   string `json:"winner,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
	Reason   string `json:"reason"`
}

// Kind returns "test_rolled".
func (*TestRolled) Kind() string { return "test_rolled" }

// Kind returns "surprised".
func (*Surprised) Kind() string { return "surprised" }

// Kind returns "initiative_rolled".
func (*InitiativeRolled) Kind() string { return "initiative_rolled" }

// Kind returns "order_set".
func (*OrderSet) Kind() string { return "order_set" }

// Kind returns "round_started".
func (*RoundStarted) Kind() string { return "round_started" }

// Kind returns "turn_started".
func (*TurnStarted) Kind() string { return "turn_started" }

// Kind returns "turn_skipped".
func (*TurnSkipped) Kind() string { return "turn_skipped" }

// Kind returns "turn_delayed".
func (*TurnDelayed) Kind() string { return "turn_delayed" }

// Kind returns "turn_ended".
func (*TurnEnded) Kind() string { return "turn_ended" }

// Kind returns "action_taken".
func (*ActionTaken) Kind() string { return "action_taken" }

// Kind returns "move_declared".
func (*MoveDeclared) Kind() string { return "move_declared" }

// Kind returns "moved".
func (*Moved) Kind() string { return "moved" }

// Kind returns "provoking".
func (*Provoking) Kind() string { return "provoking" }

// Kind returns "opportunity_passed".
func (*OpportunityPassed) Kind() string { return "opportunity_passed" }

// Kind returns "strike_declared".
func (*StrikeDeclared) Kind() string { return "strike_declared" }

// Kind returns "situation_ruled".
func (*SituationRuled) Kind() string { return "situation_ruled" }

// Kind returns "defence_chosen".
func (*DefenceChosen) Kind() string { return "defence_chosen" }

// Kind returns "combat_rolled".
func (*CombatRolled) Kind() string { return "combat_rolled" }

// Kind returns "maneuver_chosen".
func (*ManeuverChosen) Kind() string { return "maneuver_chosen" }

// Kind returns "damaged".
func (*Damaged) Kind() string { return "damaged" }

// Kind returns "maneuver_resolved".
func (*ManeuverResolved) Kind() string { return "maneuver_resolved" }

// Kind returns "spell_cast".
func (*SpellCast) Kind() string { return "spell_cast" }

// Kind returns "spell_lost".
func (*SpellLost) Kind() string { return "spell_lost" }

// Kind returns "healed".
func (*Healed) Kind() string { return "healed" }

// Kind returns "grapple_attempted".
func (*GrappleAttempted) Kind() string { return "grapple_attempted" }

// Kind returns "grapple_resolved".
func (*GrappleResolved) Kind() string { return "grapple_resolved" }

// Kind returns "escape_rolled".
func (*EscapeRolled) Kind() string { return "escape_rolled" }

// Kind returns "grapple_ended".
func (*GrappleEnded) Kind() string { return "grapple_ended" }

// Kind returns "observed".
func (*Observed) Kind() string { return "observed" }

// Kind returns "revealed".
func (*Revealed) Kind() string { return "revealed" }

// Kind returns "stood_up".
func (*StoodUp) Kind() string { return "stood_up" }

// Kind returns "picked_up".
func (*PickedUp) Kind() string { return "picked_up" }

// Kind returns "interrupted".
func (*Interrupted) Kind() string { return "interrupted" }

// Kind returns "item_dropped".
func (*ItemDropped) Kind() string { return "item_dropped" }

// Kind returns "push_way_ruled".
func (*PushWayRuled) Kind() string { return "push_way_ruled" }

// Kind returns "item_drawn".
func (*ItemDrawn) Kind() string { return "item_drawn" }

// Kind returns "item_stowed".
func (*ItemStowed) Kind() string { return "item_stowed" }

// Kind returns "reaction_passed".
func (*ReactionPassed) Kind() string { return "reaction_passed" }

// Kind returns "window_opened".
func (*WindowOpened) Kind() string { return "window_opened" }

// Kind returns "round_ended".
func (*RoundEnded) Kind() string { return "round_ended" }

// Kind returns "fight_ended".
func (*FightEnded) Kind() string { return "fight_ended" }

func (*TestRolled) event()        {}
func (*Surprised) event()         {}
func (*InitiativeRolled) event()  {}
func (*OrderSet) event()          {}
func (*RoundStarted) event()      {}
func (*TurnStarted) event()       {}
func (*TurnSkipped) event()       {}
func (*TurnDelayed) event()       {}
func (*TurnEnded) event()         {}
func (*ActionTaken) event()       {}
func (*MoveDeclared) event()      {}
func (*Moved) event()             {}
func (*Provoking) event()         {}
func (*OpportunityPassed) event() {}
func (*StrikeDeclared) event()    {}
func (*SituationRuled) event()    {}
func (*DefenceChosen) event()     {}
func (*CombatRolled) event()      {}
func (*ManeuverChosen) event()    {}
func (*Damaged) event()           {}
func (*ManeuverResolved) event()  {}
func (*SpellCast) event()         {}
func (*SpellLost) event()         {}
func (*Healed) event()            {}
func (*GrappleAttempted) event()  {}
func (*GrappleResolved) event()   {}
func (*EscapeRolled) event()      {}
func (*GrappleEnded) event()      {}
func (*Observed) event()          {}
func (*Revealed) event()          {}
func (*StoodUp) event()           {}
func (*PickedUp) event()          {}
func (*Interrupted) event()       {}
func (*ItemDropped) event()       {}
func (*PushWayRuled) event()      {}
func (*ItemDrawn) event()         {}
func (*ItemStowed) event()        {}
func (*WindowOpened) event()      {}
func (*ReactionPassed) event()    {}
func (*RoundEnded) event()        {}
func (*FightEnded) event()        {}

// eventKinds is the append-only kinds table of the events.
func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"test_rolled":        func() Event { return &TestRolled{} },
		"surprised":          func() Event { return &Surprised{} },
		"initiative_rolled":  func() Event { return &InitiativeRolled{} },
		"order_set":          func() Event { return &OrderSet{} },
		"round_started":      func() Event { return &RoundStarted{} },
		"turn_started":       func() Event { return &TurnStarted{} },
		"turn_skipped":       func() Event { return &TurnSkipped{} },
		"turn_delayed":       func() Event { return &TurnDelayed{} },
		"turn_ended":         func() Event { return &TurnEnded{} },
		"action_taken":       func() Event { return &ActionTaken{} },
		"move_declared":      func() Event { return &MoveDeclared{} },
		"moved":              func() Event { return &Moved{} },
		"provoking":          func() Event { return &Provoking{} },
		"opportunity_passed": func() Event { return &OpportunityPassed{} },
		"strike_declared":    func() Event { return &StrikeDeclared{} },
		"situation_ruled":    func() Event { return &SituationRuled{} },
		"defence_chosen":     func() Event { return &DefenceChosen{} },
		"combat_rolled":      func() Event { return &CombatRolled{} },
		"maneuver_chosen":    func() Event { return &ManeuverChosen{} },
		"damaged":            func() Event { return &Damaged{} },
		"maneuver_resolved":  func() Event { return &ManeuverResolved{} },
		"spell_cast":         func() Event { return &SpellCast{} },
		"spell_lost":         func() Event { return &SpellLost{} },
		"healed":             func() Event { return &Healed{} },
		"grapple_attempted":  func() Event { return &GrappleAttempted{} },
		"grapple_resolved":   func() Event { return &GrappleResolved{} },
		"escape_rolled":      func() Event { return &EscapeRolled{} },
		"grapple_ended":      func() Event { return &GrappleEnded{} },
		"observed":           func() Event { return &Observed{} },
		"revealed":           func() Event { return &Revealed{} },
		"stood_up":           func() Event { return &StoodUp{} },
		"picked_up":          func() Event { return &PickedUp{} },
		"interrupted":        func() Event { return &Interrupted{} },
		"item_dropped":       func() Event { return &ItemDropped{} },
		"push_way_ruled":     func() Event { return &PushWayRuled{} },
		"item_drawn":         func() Event { return &ItemDrawn{} },
		"item_stowed":        func() Event { return &ItemStowed{} },
		"window_opened":      func() Event { return &WindowOpened{} },
		"reaction_passed":    func() Event { return &ReactionPassed{} },
		"round_ended":        func() Event { return &RoundEnded{} },
		"fight_ended":        func() Event { return &FightEnded{} },
		"fight_decided":      func() Event { return &FightDecided{} },
		"rested":             func() Event { return &Rested{} },
		"style_trained":      func() Event { return &StyleTrained{} },
		"improvised":         func() Event { return &Improvised{} },
		"improv_ruled":       func() Event { return &ImprovRuled{} },
	}
}
