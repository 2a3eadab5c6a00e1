package woundslots

// Event is something that happened; a sealed interface over the pointer
// types below. Events carry every die and everything Evolve needs.
type Event interface {
	// Kind names the event's type in JSON.
	Kind() string
	event()
}

// SurpriseRuled: the GM rules a side surprised (R31).
type SurpriseRuled struct {
	Side string `json:"side"`
	// Combatant, when set, is the one creature of the side surprised, as
	// a stealth contest found (R31).
	Combatant string `json:"combatant,omitempty"`
}

// InitiativeRolled: a combatant's initiative check (R26): the d20, everything added, the surprise penalty and the score (at least 0).
type InitiativeRolled struct {
	Combatant  string `json:"combatant"`
	Die        int    `json:"die"`
	Bonus      int    `json:"bonus"`
	Penalty    int    `json:"penalty,omitempty"`
	Initiative int    `json:"initiative"`
}

// RoundStarted: a round begins.
type RoundStarted struct {
	Round int `json:"round"`
}

// APGained: a combatant gains AP (R23): At is round or turn; AP is what it holds after, at most its max.
type APGained struct {
	Combatant string `json:"combatant"`
	Gain      int    `json:"gain"`
	AP        int    `json:"ap"`
	At        string `json:"at"`
}

// TieBroken: a tie-break die for the order of tied combatants (A15).
type TieBroken struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
}

// TurnStarted: a combatant's turn begins (R27).
type TurnStarted struct {
	Combatant string `json:"combatant"`
}

// ActionDeclared: an action is declared (section 7.5): an attack, with its style, target, weapon and cost, or another action, its Command; Queue is who is asked, in order, whether they interrupt or react.
type ActionDeclared struct {
	Actor   string   `json:"actor"`
	Action  string   `json:"action"`
	Target  string   `json:"target,omitempty"`
	Weapon  string   `json:"weapon,omitempty"`
	Cost    int      `json:"cost,omitempty"`
	Command Nested   `json:"command,omitzero"`
	Queue   []string `json:"queue,omitempty"`
}

// Passed: one asked in a window lets the action go on.
type Passed struct {
	Combatant string `json:"combatant"`
}

// Interrupted: a combatant acts out of turn (R29) or moves (R35) in Actor's turn, at a Moment: right after a declaration ("declared", which an action cancels), at the turn's "start", "after" an action or at its "end". Command is what it does; Initiative is its initiative after (2 less for an action, unchanged for a move). Logs written before Command existed carry the interrupt's attack in Action, Target, Weapon and Cost.
type Interrupted struct {
	Combatant  string `json:"combatant"`
	Actor      string `json:"actor"`
	Action     string `json:"action,omitempty"`
	Target     string `json:"target,omitempty"`
	Weapon     string `json:"weapon,omitempty"`
	Cost       int    `json:"cost,omitempty"`
	Initiative int    `json:"initiative"`
	Command    Nested `json:"command,omitzero"`
	Moment     string `json:"moment,omitempty"`
	Move       bool   `json:"move,omitempty"`
	// Readied says it takes its readied action (R47): a reaction, costing
	// no initiative and cancelling nothing.
	Readied bool `json:"readied,omitempty"`
}

// Harried: a combatant harries a ranged attacker within its reach (R46): -2 on its ranged attacks this round.
type Harried struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
}

// Guarded: a defending target chooses the Defense it meets an attack with (R45).
type Guarded struct {
	Combatant string `json:"combatant"`
	Choice    string `json:"choice"`
	Defense   int    `json:"defense"`
}

// APSpent: a combatant pays AP (R24).
type APSpent struct {
	Combatant string `json:"combatant"`
	Amount    int    `json:"amount"`
	AP        int    `json:"ap"`
	For       string `json:"for"`
}

// AttackRolled: an attack roll (R05): Critical is success (natural 20) or failure (natural 1).
type AttackRolled struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Die      int    `json:"die"`
	Bonus    int    `json:"bonus"`
	Defense  int    `json:"defense"`
	Hit      bool   `json:"hit"`
	Critical string `json:"critical,omitempty"`
}

// InitiativeShifted: a combatant's initiative moves (R09, R29): By is the change, Initiative the score after (at least 0).
type InitiativeShifted struct {
	Combatant  string `json:"combatant"`
	By         int    `json:"by"`
	Initiative int    `json:"initiative"`
	Why        string `json:"why"`
}

// ExtraRolled: a strong attack's 1d6 of damage, rolled after the hit (R43).
type ExtraRolled struct {
	Attacker string `json:"attacker"`
	Die      int    `json:"die"`
}

// NonlethalHit: a nonlethal attack hit (R39): the attacker picks the level, up to Indicated.
type NonlethalHit struct {
	Attacker  string `json:"attacker"`
	Target    string `json:"target"`
	Final     int    `json:"final"`
	Indicated int    `json:"indicated"`
}

// Wounded: a hit's outcome (R06, R16): Final is its final value, Indicated the level it gives, Level the slot filled (0: no wound) and Fate what became of the target.
type Wounded struct {
	Combatant string `json:"combatant"`
	Attacker  string `json:"attacker"`
	Final     int    `json:"final"`
	Indicated int    `json:"indicated"`
	Level     int    `json:"level"`
	Fate      string `json:"fate,omitempty"`
}

// Defended: a combatant defends (R45).
type Defended struct {
	Combatant string `json:"combatant"`
}

// Seized: Seize Initiative (R62): the d6 and the score after.
type Seized struct {
	Combatant  string `json:"combatant"`
	Die        int    `json:"die"`
	Initiative int    `json:"initiative"`
}

// PostureChanged: a combatant changes posture (R49).
type PostureChanged struct {
	Combatant string `json:"combatant"`
	To        string `json:"to"`
}

// Dashed: a combatant dashes (R54): movement rate doubled to the round's end; Stamina and Fatigue after paying 1 stamina (R19).
type Dashed struct {
	Combatant string `json:"combatant"`
	Stamina   int    `json:"stamina"`
	Fatigue   int    `json:"fatigue"`
	// A second dash's check (R54): the d20, its bonus and what it adds to
	// the rate.
	Die       int `json:"die,omitempty"`
	Bonus     int `json:"bonus,omitempty"`
	RateBonus int `json:"rate_bonus,omitempty"`
}

// Moved: a combatant moves (R34): AP bought into the pool, Quarters added to it (A17), Yards of pool used.
type Moved struct {
	Combatant string `json:"combatant"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
	Yards     int    `json:"yards"`
	AP        int    `json:"ap"`
	Quarters  int    `json:"quarters"`
}

// ObjectUsed: a combatant uses an object (R66), or a long action takes effect.
type ObjectUsed struct {
	Combatant string `json:"combatant"`
	Object    string `json:"object"`
}

// LongBegun: an action too long for the AP at hand is declared (R25): Remaining AP still owed, or Rounds of all AP still to give.
type LongBegun struct {
	Combatant string `json:"combatant"`
	Object    string `json:"object"`
	Remaining int    `json:"remaining,omitempty"`
	Rounds    int    `json:"rounds,omitempty"`
	// Action says Object is an action's command text, not an object;
	// Command is that action, read from the text as the event is decoded.
	Action  bool   `json:"action,omitempty"`
	Command Nested `json:"-"`
}

// LongPaid: a turn's payment toward a long action (R25, A38).
type LongPaid struct {
	Combatant string `json:"combatant"`
	Remaining int    `json:"remaining,omitempty"`
	Rounds    int    `json:"rounds,omitempty"`
}

// LongCancelled: a long action is given up; what was paid is lost (R25).
type LongCancelled struct {
	Combatant string `json:"combatant"`
	Object    string `json:"object"`
	// Why says why a long action paid in full could not take effect.
	Why string `json:"why,omitempty"`
}

// TurnEnded: a combatant's turn ends.
type TurnEnded struct {
	Combatant string `json:"combatant"`
}

// RoundEnded: a round ends (R32, section 7.7): pools, dashes and harrying end, helplessness and dying count down.
type RoundEnded struct {
	Round int `json:"round"`
}

// Died: a combatant dies: a dying PC at the end of its last dying round (A08).
type Died struct {
	Combatant string `json:"combatant"`
	Why       string `json:"why"`
}

// FightEnded: the fight is over: one side left (Winner), the round limit reached (TimedOut), or the GM's end-fight (ByGM: a draw, or Winner wins).
type FightEnded struct {
	Winner   string `json:"winner,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
	ByGM     bool   `json:"by_gm,omitempty"`
}

// Stabilized: a healer's Stabilize check (R63): Lor [Healing/Wounds] against the patient's filled slots (A32); success stops its dying.
type Stabilized struct {
	Healer  string `json:"healer"`
	Patient string `json:"patient"`
	Die     int    `json:"die"`
	Bonus   int    `json:"bonus"`
	TN      int    `json:"tn"`
	Success bool   `json:"success"`
}

// WakeChecked: a wake check (A09): Vit less fatigue against the Recovery TN of the highest wound; success wakes the creature.
type WakeChecked struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
	TN        int    `json:"tn"`
	Woke      bool   `json:"woke"`
}

// WoundTreated: a Treat Wound (R65): the wound of Level moves To a lower level (0: healed) on a success; Auto is the failure without a die of an overtired patient (A39); Fatigue is the patient's after.
type WoundTreated struct {
	Healer  string `json:"healer"`
	Patient string `json:"patient"`
	Level   int    `json:"level"`
	To      int    `json:"to"`
	Die     int    `json:"die,omitempty"`
	Bonus   int    `json:"bonus,omitempty"`
	TN      int    `json:"tn"`
	Success bool   `json:"success"`
	Auto    bool   `json:"auto,omitempty"`
	Fatigue int    `json:"fatigue"`
}

// Rested: a short or long rest's outcome for one creature (R69, R70): what it has after.
type Rested struct {
	Combatant   string `json:"combatant"`
	Rest        string `json:"rest"`
	Stamina     int    `json:"stamina"`
	Mana        int    `json:"mana"`
	Fatigue     int    `json:"fatigue"`
	LightHealed int    `json:"light_healed,omitempty"`
	Cleared     bool   `json:"cleared,omitempty"`
	// Why says why a long rest gave nothing: "sleep" (not slept enough,
	// R68) or "tending" (its tending was strenuous, R71).
	Why string `json:"why,omitempty"`
}

// RecoveryRolled: a recovery check (R72): standard Vit less fatigue plus the recovery bonus; the wound of Level drops to To (0: healed), or with Level 0 nothing heals and the bonus grows.
type RecoveryRolled struct {
	Combatant string `json:"combatant"`
	// Tender tends the patient (R71): its d20 and bonus, whose result
	// counts when higher.
	Tender        string `json:"tender,omitempty"`
	TendDie       int    `json:"tend_die,omitempty"`
	TendBonus     int    `json:"tend_bonus,omitempty"`
	Die           int    `json:"die"`
	Bonus         int    `json:"bonus"`
	Level         int    `json:"level,omitempty"`
	To            int    `json:"to,omitempty"`
	RecoveryBonus int    `json:"recovery_bonus"`
	// Reach is the worst level the result reaches when several wounds
	// could drop: the creature then chooses which (section 7.8).
	Reach int `json:"reach,omitempty"`
}

// Mounted: a rider mounts (R53).
type Mounted struct {
	Rider string `json:"rider"`
	Mount string `json:"mount"`
}

// Dismounted: a rider dismounts to a cell beside the mount (R53).
type Dismounted struct {
	Rider string `json:"rider"`
	Mount string `json:"mount"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
}

// Hurried: a hurried action's check (R67): Cost is the AP it costs after, Stamina and Fatigue the actor's after its stamina.
type Hurried struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
	TN        int    `json:"tn"`
	Success   bool   `json:"success"`
	Cost      int    `json:"cost"`
	Stamina   int    `json:"stamina"`
	Fatigue   int    `json:"fatigue"`
}

// ControlChecked: a rider's control check of an untrained mount (R77): kept, or the mount bolts; after calming, kept means control is regained.
type ControlChecked struct {
	Rider string `json:"rider"`
	Mount string `json:"mount"`
	Die   int    `json:"die"`
	Bonus int    `json:"bonus"`
	TN    int    `json:"tn"`
	Kept  bool   `json:"kept"`
	Why   string `json:"why"`
}

// CheckRolled: a combat check or contest (R03, R04): the actor's d20 and bonus against a static Versus (VersusDie 0) or the defender's roll (VersusDie + Versus); Critical as for attacks.
type CheckRolled struct {
	Combatant   string `json:"combatant"`
	Target      string `json:"target"`
	Check       string `json:"check"`
	Die         int    `json:"die"`
	Bonus       int    `json:"bonus"`
	Versus      int    `json:"versus"`
	VersusDie   int    `json:"versus_die,omitempty"`
	VersusCheck string `json:"versus_check"`
	Success     bool   `json:"success"`
	Critical    string `json:"critical,omitempty"`
}

// Hindered: a hindrance lands (R61): a disarmed target drops Weapon, a shoved one goes to X,Y, a tripped one falls prone, a distracted one takes -2 to the round's end.
type Hindered struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Hindrance string `json:"hindrance"`
	Weapon    string `json:"weapon,omitempty"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
}

// Grappled: a grapple hits (R57): the two grapple each other.
type Grappled struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
}

// Pinned: a grappled creature is pinned (R59): helpless and immobile, it may only escape.
type Pinned struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
}

// Escaped: a creature escapes a pin (Pin), or else a grapple (R52, R59).
type Escaped struct {
	Combatant string `json:"combatant"`
	From      string `json:"from"`
	Pin       bool   `json:"pin,omitempty"`
}

// GrappleEnded: two creatures no longer grapple: a gap opened between them (A23).
type GrappleEnded struct {
	Combatant string `json:"combatant"`
	Other     string `json:"other"`
}

// MoveDeclared: a move, or its rest from a point on its way, that others may react to (R41, R55): Queue is who is asked, in order.
type MoveDeclared struct {
	Combatant string   `json:"combatant"`
	X         int      `json:"x"`
	Y         int      `json:"y"`
	Queue     []string `json:"queue,omitempty"`
	// From is where the move began, when it began before the cell it is
	// declared from (a window on the way): its yards are counted from
	// there.
	From *[2]int `json:"from,omitempty"`
}

// Rebuffed: a rebuff (R41): an attack on a creature coming too close, before it moves; the attack's events follow.
type Rebuffed struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Weapon    string `json:"weapon"`
}

// Clung: a cling's Power check (R55): its Points to spend on yards moved with the mover (5 each) and yards cut from its move (10 each).
type Clung struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
	Points    int    `json:"points"`
	Critical  string `json:"critical,omitempty"`
}

// SplitChosen: how a clinger spends its points (R55, V3).
type SplitChosen struct {
	Combatant string `json:"combatant"`
	With      int    `json:"with"`
	Cut       int    `json:"cut"`
}

// MoveGoesOn: a rebuffed mover goes on (A18).
type MoveGoesOn struct {
	Combatant string `json:"combatant"`
}

// MoveStopped: a declared move does not happen: the mover stops (A18), is held in place by a cling or is taken out.
type MoveStopped struct {
	Combatant string `json:"combatant"`
	Why       string `json:"why"`
}

// Carried: a clinger moves along with the creature it clings to (R55).
type Carried struct {
	Combatant string `json:"combatant"`
	With      string `json:"with"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
}

// IgnoreChanged: a combatant starts or stops ignoring an enemy (R12).
type IgnoreChanged struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Ignoring  bool   `json:"ignoring"`
}

// Jumped: a long jump (R38): the check, its value in feet (after a run-up: result + Speed, else half the result), and where the jumper lands, paid from its pool like a move.
type Jumped struct {
	Combatant string `json:"combatant"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
	RunUp     bool   `json:"run_up,omitempty"`
	Value     int    `json:"value"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
	Yards     int    `json:"yards"`
	AP        int    `json:"ap"`
	Quarters  int    `json:"quarters"`
	// High says a high jump: it reaches 2 * Value inches, and Clears the
	// height of the obstacle it clears, half the jumper's height more
	// when it tucks its legs.
	High   bool `json:"high,omitempty"`
	Clears int  `json:"clears,omitempty"`
}

// FootingChecked: a swimmer's or climber's check (R75): before an attack (a failure means it slips, and the attack is lost, A37) or on a wound; Kept says it stays afloat or keeps its hold.
type FootingChecked struct {
	Combatant string `json:"combatant"`
	Env       string `json:"env"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
	TN        int    `json:"tn"`
	Kept      bool   `json:"kept"`
	Why       string `json:"why"`
}

// SpellCast: a spell is cast (R44): Mana is what the caster has left (R21); the spell attack's events follow.
type SpellCast struct {
	Combatant string `json:"combatant"`
	Spell     string `json:"spell"`
	Target    string `json:"target"`
	Mana      int    `json:"mana"`
}

// ReadyTaken: a creature readies a standard attack (R47).
type ReadyTaken struct {
	Combatant string `json:"combatant"`
	// Action is the action readied; none for a standard attack.
	Action Nested `json:"action,omitzero"`
}

// ReadyFired: a readied attack is taken as a reaction (R47); the attack's events follow.
type ReadyFired struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Weapon    string `json:"weapon"`
}

// ActionCancelled: a declared attack does not happen: its actor was taken out first.
type ActionCancelled struct {
	Combatant string `json:"combatant"`
	Why       string `json:"why"`
}

// Interposed: an interpose (R58): on a success the grappled Shield becomes the attack's target.
type Interposed struct {
	Combatant string `json:"combatant"`
	Shield    string `json:"shield"`
	Success   bool   `json:"success"`
}

// OpeningMade: Create an Opening (R50): the melee attack roll whose total meets Target's rebuffs for the rest of the turn.
type OpeningMade struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
}

// SpaceEntered: a creature enters another's space (R51): the two share it, -2 to attacks and to melee and ranged Defense, until one leaves.
type SpaceEntered struct {
	Combatant string `json:"combatant"`
	Target    string `json:"target"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
}

// ConditionTreated: a Treat Condition (R64): Level is the condition's level after (0: gone).
type ConditionTreated struct {
	Healer    string `json:"healer"`
	Patient   string `json:"patient"`
	Condition string `json:"condition"`
	Die       int    `json:"die"`
	Bonus     int    `json:"bonus"`
	TN        int    `json:"tn"`
	Success   bool   `json:"success"`
	Level     int    `json:"level"`
}

// Kind returns "condition_treated".
func (*ConditionTreated) Kind() string { return "condition_treated" }

// Kind returns "space_entered".
func (*SpaceEntered) Kind() string { return "space_entered" }

// Kind returns "interposed".
func (*Interposed) Kind() string { return "interposed" }

// Kind returns "opening_made".
func (*OpeningMade) Kind() string { return "opening_made" }

// Kind returns "ready_taken".
func (*ReadyTaken) Kind() string { return "ready_taken" }

// Kind returns "ready_fired".
func (*ReadyFired) Kind() string { return "ready_fired" }

// Kind returns "action_cancelled".
func (*ActionCancelled) Kind() string { return "action_cancelled" }

// Kind returns "spell_cast".
func (*SpellCast) Kind() string { return "spell_cast" }

// Kind returns "footing_checked".
func (*FootingChecked) Kind() string { return "footing_checked" }

// Kind returns "ignore_changed".
func (*IgnoreChanged) Kind() string { return "ignore_changed" }

// Kind returns "jumped".
func (*Jumped) Kind() string { return "jumped" }

// Kind returns "move_declared".
func (*MoveDeclared) Kind() string { return "move_declared" }

// Kind returns "rebuffed".
func (*Rebuffed) Kind() string { return "rebuffed" }

// Kind returns "clung".
func (*Clung) Kind() string { return "clung" }

// Kind returns "split_chosen".
func (*SplitChosen) Kind() string { return "split_chosen" }

// Kind returns "move_goes_on".
func (*MoveGoesOn) Kind() string { return "move_goes_on" }

// Kind returns "move_stopped".
func (*MoveStopped) Kind() string { return "move_stopped" }

// Kind returns "carried".
func (*Carried) Kind() string { return "carried" }

// Kind returns "check_rolled".
func (*CheckRolled) Kind() string { return "check_rolled" }

// Kind returns "hindered".
func (*Hindered) Kind() string { return "hindered" }

// Kind returns "grappled".
func (*Grappled) Kind() string { return "grappled" }

// Kind returns "pinned".
func (*Pinned) Kind() string { return "pinned" }

// Kind returns "escaped".
func (*Escaped) Kind() string { return "escaped" }

// Kind returns "grapple_ended".
func (*GrappleEnded) Kind() string { return "grapple_ended" }

// Kind returns "mounted".
func (*Mounted) Kind() string { return "mounted" }

// Kind returns "dismounted".
func (*Dismounted) Kind() string { return "dismounted" }

// Kind returns "hurried".
func (*Hurried) Kind() string { return "hurried" }

// Kind returns "control_checked".
func (*ControlChecked) Kind() string { return "control_checked" }

// Kind returns "stabilized".
func (*Stabilized) Kind() string { return "stabilized" }

// Kind returns "wake_checked".
func (*WakeChecked) Kind() string { return "wake_checked" }

// Kind returns "wound_treated".
func (*WoundTreated) Kind() string { return "wound_treated" }

// Kind returns "rested".
func (*Rested) Kind() string { return "rested" }

// Kind returns "recovery_rolled".
func (*RecoveryRolled) Kind() string { return "recovery_rolled" }

// Kind returns "surprise_ruled".
func (*SurpriseRuled) Kind() string { return "surprise_ruled" }

// Kind returns "initiative_rolled".
func (*InitiativeRolled) Kind() string { return "initiative_rolled" }

// Kind returns "round_started".
func (*RoundStarted) Kind() string { return "round_started" }

// Kind returns "ap_gained".
func (*APGained) Kind() string { return "ap_gained" }

// Kind returns "tie_broken".
func (*TieBroken) Kind() string { return "tie_broken" }

// Kind returns "turn_started".
func (*TurnStarted) Kind() string { return "turn_started" }

// Kind returns "action_declared".
func (*ActionDeclared) Kind() string { return "action_declared" }

// Kind returns "passed".
func (*Passed) Kind() string { return "passed" }

// Kind returns "interrupted".
func (*Interrupted) Kind() string { return "interrupted" }

// Kind returns "harried".
func (*Harried) Kind() string { return "harried" }

// Kind returns "guarded".
func (*Guarded) Kind() string { return "guarded" }

// Kind returns "ap_spent".
func (*APSpent) Kind() string { return "ap_spent" }

// Kind returns "attack_rolled".
func (*AttackRolled) Kind() string { return "attack_rolled" }

// Kind returns "initiative_shifted".
func (*InitiativeShifted) Kind() string { return "initiative_shifted" }

// Kind returns "extra_rolled".
func (*ExtraRolled) Kind() string { return "extra_rolled" }

// Kind returns "nonlethal_hit".
func (*NonlethalHit) Kind() string { return "nonlethal_hit" }

// Kind returns "wounded".
func (*Wounded) Kind() string { return "wounded" }

// Kind returns "defended".
func (*Defended) Kind() string { return "defended" }

// Kind returns "seized".
func (*Seized) Kind() string { return "seized" }

// Kind returns "posture_changed".
func (*PostureChanged) Kind() string { return "posture_changed" }

// Kind returns "dashed".
func (*Dashed) Kind() string { return "dashed" }

// Kind returns "moved".
func (*Moved) Kind() string { return "moved" }

// Kind returns "object_used".
func (*ObjectUsed) Kind() string { return "object_used" }

// Kind returns "long_begun".
func (*LongBegun) Kind() string { return "long_begun" }

// Kind returns "long_paid".
func (*LongPaid) Kind() string { return "long_paid" }

// Kind returns "long_cancelled".
func (*LongCancelled) Kind() string { return "long_cancelled" }

// Kind returns "turn_ended".
func (*TurnEnded) Kind() string { return "turn_ended" }

// Kind returns "round_ended".
func (*RoundEnded) Kind() string { return "round_ended" }

// Kind returns "died".
func (*Died) Kind() string { return "died" }

// Kind returns "fight_ended".
func (*FightEnded) Kind() string { return "fight_ended" }

func (*SurpriseRuled) event()     {}
func (*InitiativeRolled) event()  {}
func (*RoundStarted) event()      {}
func (*APGained) event()          {}
func (*TieBroken) event()         {}
func (*TurnStarted) event()       {}
func (*ActionDeclared) event()    {}
func (*Passed) event()            {}
func (*Interrupted) event()       {}
func (*Harried) event()           {}
func (*Guarded) event()           {}
func (*APSpent) event()           {}
func (*AttackRolled) event()      {}
func (*InitiativeShifted) event() {}
func (*ExtraRolled) event()       {}
func (*NonlethalHit) event()      {}
func (*Wounded) event()           {}
func (*Defended) event()          {}
func (*Seized) event()            {}
func (*PostureChanged) event()    {}
func (*Dashed) event()            {}
func (*Moved) event()             {}
func (*ObjectUsed) event()        {}
func (*LongBegun) event()         {}
func (*LongPaid) event()          {}
func (*LongCancelled) event()     {}
func (*TurnEnded) event()         {}
func (*RoundEnded) event()        {}
func (*Died) event()              {}
func (*FightEnded) event()        {}

func (*Stabilized) event()     {}
func (*WakeChecked) event()    {}
func (*WoundTreated) event()   {}
func (*Rested) event()         {}
func (*RecoveryRolled) event() {}

func (*Mounted) event()        {}
func (*Dismounted) event()     {}
func (*Hurried) event()        {}
func (*ControlChecked) event() {}

func (*CheckRolled) event()  {}
func (*Hindered) event()     {}
func (*Grappled) event()     {}
func (*Pinned) event()       {}
func (*Escaped) event()      {}
func (*GrappleEnded) event() {}

func (*MoveDeclared) event() {}
func (*Rebuffed) event()     {}
func (*Clung) event()        {}
func (*SplitChosen) event()  {}
func (*MoveGoesOn) event()   {}
func (*MoveStopped) event()  {}
func (*Carried) event()      {}

func (*IgnoreChanged) event() {}
func (*Jumped) event()        {}

func (*FootingChecked) event() {}

func (*SpellCast) event() {}

func (*ReadyTaken) event()      {}
func (*ReadyFired) event()      {}
func (*ActionCancelled) event() {}

func (*Interposed) event()  {}
func (*OpeningMade) event() {}

func (*SpaceEntered) event() {}

func (*ConditionTreated) event() {}

// eventKinds is the append-only kinds table of the events.
func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"surprise_ruled":     func() Event { return &SurpriseRuled{} },
		"initiative_rolled":  func() Event { return &InitiativeRolled{} },
		"round_started":      func() Event { return &RoundStarted{} },
		"ap_gained":          func() Event { return &APGained{} },
		"tie_broken":         func() Event { return &TieBroken{} },
		"turn_started":       func() Event { return &TurnStarted{} },
		"action_declared":    func() Event { return &ActionDeclared{} },
		"passed":             func() Event { return &Passed{} },
		"interrupted":        func() Event { return &Interrupted{} },
		"harried":            func() Event { return &Harried{} },
		"guarded":            func() Event { return &Guarded{} },
		"ap_spent":           func() Event { return &APSpent{} },
		"attack_rolled":      func() Event { return &AttackRolled{} },
		"initiative_shifted": func() Event { return &InitiativeShifted{} },
		"extra_rolled":       func() Event { return &ExtraRolled{} },
		"nonlethal_hit":      func() Event { return &NonlethalHit{} },
		"wounded":            func() Event { return &Wounded{} },
		"defended":           func() Event { return &Defended{} },
		"seized":             func() Event { return &Seized{} },
		"posture_changed":    func() Event { return &PostureChanged{} },
		"dashed":             func() Event { return &Dashed{} },
		"moved":              func() Event { return &Moved{} },
		"object_used":        func() Event { return &ObjectUsed{} },
		"long_begun":         func() Event { return &LongBegun{} },
		"long_paid":          func() Event { return &LongPaid{} },
		"long_cancelled":     func() Event { return &LongCancelled{} },
		"turn_ended":         func() Event { return &TurnEnded{} },
		"round_ended":        func() Event { return &RoundEnded{} },
		"died":               func() Event { return &Died{} },
		"fight_ended":        func() Event { return &FightEnded{} },
		"stabilized":         func() Event { return &Stabilized{} },
		"wake_checked":       func() Event { return &WakeChecked{} },
		"wound_treated":      func() Event { return &WoundTreated{} },
		"rested":             func() Event { return &Rested{} },
		"recovery_rolled":    func() Event { return &RecoveryRolled{} },
		"mounted":            func() Event { return &Mounted{} },
		"dismounted":         func() Event { return &Dismounted{} },
		"hurried":            func() Event { return &Hurried{} },
		"control_checked":    func() Event { return &ControlChecked{} },
		"check_rolled":       func() Event { return &CheckRolled{} },
		"hindered":           func() Event { return &Hindered{} },
		"grappled":           func() Event { return &Grappled{} },
		"pinned":             func() Event { return &Pinned{} },
		"escaped":            func() Event { return &Escaped{} },
		"grapple_ended":      func() Event { return &GrappleEnded{} },
		"move_declared":      func() Event { return &MoveDeclared{} },
		"rebuffed":           func() Event { return &Rebuffed{} },
		"clung":              func() Event { return &Clung{} },
		"split_chosen":       func() Event { return &SplitChosen{} },
		"move_goes_on":       func() Event { return &MoveGoesOn{} },
		"move_stopped":       func() Event { return &MoveStopped{} },
		"carried":            func() Event { return &Carried{} },
		"ignore_changed":     func() Event { return &IgnoreChanged{} },
		"jumped":             func() Event { return &Jumped{} },
		"footing_checked":    func() Event { return &FootingChecked{} },
		"spell_cast":         func() Event { return &SpellCast{} },
		"ready_taken":        func() Event { return &ReadyTaken{} },
		"ready_fired":        func() Event { return &ReadyFired{} },
		"action_cancelled":   func() Event { return &ActionCancelled{} },
		"interposed":         func() Event { return &Interposed{} },
		"opening_made":       func() Event { return &OpeningMade{} },
		"space_entered":      func() Event { return &SpaceEntered{} },
		"condition_treated":  func() Event { return &ConditionTreated{} },
		"window_opened":      func() Event { return &WindowOpened{} },
		"off_turn_ended":     func() Event { return &OffTurnEnded{} },
		"action_goes_ahead":  func() Event { return &ActionGoesAhead{} },
		"hinder_won":         func() Event { return &HinderWon{} },
		"long_done":          func() Event { return &LongDone{} },
		"item_moved":         func() Event { return &ItemMoved{} },
		"effect_begun":       func() Event { return &EffectBegun{} },
		"effect_ended":       func() Event { return &EffectEnded{} },
		"joined":             func() Event { return &Joined{} },
		"recovery_chosen":    func() Event { return &RecoveryChosen{} },
		"stealth_rolled":     func() Event { return &StealthRolled{} },
		"ordered":            func() Event { return &Ordered{} },
		"cover_ruled":        func() Event { return &CoverRuled{} },
		"exerted":            func() Event { return &Exerted{} },
		"stamina_paid":       func() Event { return &StaminaPaid{} },
		"condition_gained":   func() Event { return &ConditionGained{} },
	}
}
