package woundslots

import (
	"fmt"
	"fray/rules/parts"
	"slices"
)

// Event is something that happened; a sealed interface over the pointer
// types below. Events carry every die and everything Evolve needs.
type Event interface {
	// Kind names the event's type in JSON (see engine.Kinded).
	Kind() string
	// apply changes s as the event says. It never fails and draws no dice.
	// h is the state's hot memory on Step's path, nil on the table's
	// (Evolve); woundslots reaches it through the state.
	apply(s *State, h *hotMemory)
	// describe says what the event means, with its dice, for a transcript;
	// s is the state before it.
	describe(s *State) string
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

func (e *APGained) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.AP = e.AP
	}
}

func (e *APGained) describe(s *State) string {
	at := "round start"
	if e.At == "turn" {
		at = "turn end"
	}
	// AP past the maximum is lost (R23): the line says how much.
	if c := s.Combatant(e.Combatant); c != nil && c.AP+e.Gain > e.AP {
		return fmt.Sprintf("%s gains %d AP at %s, %d of them past the maximum and lost: %d AP", e.Combatant, e.Gain, at, c.AP+e.Gain-e.AP, e.AP)
	}
	return fmt.Sprintf("%s gains %d AP at %s: %d AP", e.Combatant, e.Gain, at, e.AP)
}

func (e *APSpent) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.AP = e.AP
		c.Readied, c.ReadyAction = false, Nested{} // R47: any other action or reaction ends it
	}
}

func (e *APSpent) describe(s *State) string {
	return fmt.Sprintf("%s spends %d AP on %s: %d AP left", e.Combatant, e.Amount, e.For, e.AP)
}

func (e *ActionCancelled) apply(s *State, _ *hotMemory) {
	doneAction(s)
}

func (e *ActionCancelled) describe(s *State) string {
	return fmt.Sprintf("%s's declared action does not happen: %s", e.Combatant, e.Why)
}

func (e *ActionDeclared) apply(s *State, _ *hotMemory) {
	s.Pending = s.newPending(Declared{Actor: e.Actor, Action: e.Action, Target: e.Target, Weapon: e.Weapon, Cost: e.Cost, Command: e.Command})
	s.Queue = append(s.Queue[:0], e.Queue...)
	s.Phase = Window
	guardIfDefending(s)
}

func (e *ActionDeclared) describe(s *State) string {
	if !e.Command.IsZero() {
		return fmt.Sprintf("%s declares %s", e.Actor, e.Command)
	}
	return fmt.Sprintf("%s declares a %s attack on %s with %s (%d AP)", e.Actor, e.Action, e.Target, e.Weapon, e.Cost)
}

func (e *AttackRolled) apply(s *State, _ *hotMemory) {
	if !e.Hit {
		doneIfOwn(s, e.Attacker)
	}
}

func (e *AttackRolled) describe(s *State) string {
	result := "miss"
	switch {
	case e.Critical == "success":
		result = "critical hit"
	case e.Critical == "failure":
		result = "critical miss"
	case e.Hit:
		result = "hit"
	}
	return fmt.Sprintf("%s rolls d20=%d%+d = %d against Defense %d: %s", e.Attacker, e.Die, e.Bonus, e.Die+e.Bonus, e.Defense, result)
}

func (e *Carried) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		s.put(c, e.X, e.Y)
		leaveSpace(s, c)
	}
}

func (e *Carried) describe(s *State) string {
	return fmt.Sprintf("%s moves with %s to %d,%d", e.Combatant, e.With, e.X, e.Y)
}

func (*CheckRolled) apply(*State, *hotMemory) {}

func (e *CheckRolled) describe(s *State) string {
	out := "fails"
	if e.Success {
		out = "succeeds"
	}
	switch e.Critical {
	case "success":
		out = "critical success"
	case "failure":
		out = "critical failure"
	}
	against := fmt.Sprintf("%s's %s %d", e.Target, e.VersusCheck, e.Versus)
	if e.VersusDie > 0 {
		against = fmt.Sprintf("%s's %s d20=%d%+d = %d", e.Target, e.VersusCheck, e.VersusDie, e.Versus, e.VersusDie+e.Versus)
	}
	return fmt.Sprintf("%s's %s check d20=%d%+d = %d against %s: %s", e.Combatant, e.Check, e.Die, e.Bonus, e.Die+e.Bonus, against, out)
}

func (e *Clung) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Clinger, s.Pending.Points, s.Pending.Split = e.Combatant, e.Points, false
	}
	popQueue(s)
	s.Phase = Choosing
}

func (e *Clung) describe(s *State) string {
	crit := ""
	if e.Critical == "failure" {
		crit = ", a critical failure"
	}
	return fmt.Sprintf("%s clings to %s: d20=%d%+d = %d%s, %d points", e.Combatant, e.Target, e.Die, e.Bonus, e.Die+e.Bonus, crit, e.Points)
}

func (e *ConditionTreated) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Patient); c != nil {
		// A new slice: states may share their conditions (ScratchInto).
		kept := make([]Condition, 0, len(c.Conditions))
		for _, x := range c.Conditions {
			if x.Name == e.Condition {
				if e.Level <= 0 {
					continue
				}
				x.Level = e.Level
			}
			kept = append(kept, x)
		}
		c.Conditions = kept
	}
}

func (e *ConditionTreated) describe(s *State) string {
	out := "fails"
	switch {
	case e.Success && e.Level <= 0:
		out = "it is gone"
	case e.Success:
		out = fmt.Sprintf("now %s", LevelName(e.Level))
	}
	return fmt.Sprintf("%s treats %s's %s: d20=%d%+d = %d against TN %d: %s", e.Healer, e.Patient, e.Condition, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, out)
}

func (e *ControlChecked) apply(s *State, _ *hotMemory) {
	rider, m := s.Combatant(e.Rider), s.Combatant(e.Mount)
	if rider == nil || m == nil {
		return
	}
	switch {
	case e.Why == "calming" && e.Kept:
		m.Bolting, rider.Calming = false, 0
	case e.Why == "calming":
		rider.Calming++
	case !e.Kept:
		m.Bolting = true
	}
}

func (e *ControlChecked) describe(s *State) string {
	out := "keeps control"
	switch {
	case e.Why == "calming" && e.Kept:
		out = "regains control"
	case e.Why == "calming":
		out = "still bolting"
	case !e.Kept:
		out = e.Mount + " bolts"
	}
	return fmt.Sprintf("%s's control check of %s (%s): d20=%d%+d = %d against TN %d: %s", e.Rider, e.Mount, e.Why, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, out)
}

func (e *Dashed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Dashing, c.Stamina = true, e.Stamina
		c.Dashes++
		c.DashBonus += e.RateBonus
		setFatigue(c, e.Fatigue)
	}
}

func (e *Dashed) describe(s *State) string {
	if e.Die > 0 {
		return fmt.Sprintf("%s dashes again: d20=%d%+d = %d, rate +%d; stamina %d, fatigue %d", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.RateBonus, e.Stamina, e.Fatigue)
	}
	return fmt.Sprintf("%s dashes: stamina %d, fatigue %d", e.Combatant, e.Stamina, e.Fatigue)
}

func (e *Defended) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Defending = true
	}
}

func (e *Defended) describe(s *State) string {
	return fmt.Sprintf("%s defends until its next turn", e.Combatant)
}

func (e *Died) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Status, c.IsDying, c.Dying = Dead, false, 0
	}
}

func (e *Died) describe(s *State) string {
	return fmt.Sprintf("%s dies (%s)", e.Combatant, e.Why)
}

func (e *Dismounted) apply(s *State, _ *hotMemory) {
	if rider := s.Combatant(e.Rider); rider != nil {
		rider.Riding, rider.RidingSize, rider.Calming = "", 0, 0
		s.put(rider, e.X, e.Y)
	}
	if m := s.Combatant(e.Mount); m != nil {
		m.Rider = ""
		if s.Turn == e.Rider {
			m.Acted = true // R76: their one shared turn is this one
		}
	}
}

func (e *Dismounted) describe(s *State) string {
	return fmt.Sprintf("%s dismounts %s to %d,%d", e.Rider, e.Mount, e.X, e.Y)
}

func (e *Escaped) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	if e.Pin {
		c.PinnedBy = ""
		return
	}
	unGrapple(s, c, s.Combatant(e.From))
}

func (e *Escaped) describe(s *State) string {
	if e.Pin {
		return fmt.Sprintf("%s escapes %s's pin", e.Combatant, e.From)
	}
	return fmt.Sprintf("%s escapes %s's grapple", e.Combatant, e.From)
}

func (*ExtraRolled) apply(*State, *hotMemory) {}

func (e *ExtraRolled) describe(s *State) string {
	return fmt.Sprintf("%s's strong attack adds d6=%d", e.Attacker, e.Die)
}

func (e *FightEnded) apply(s *State, _ *hotMemory) {
	s.Phase, s.Turn, s.Pending, s.Queue = Over, "", nil, s.Queue[:0]
	s.Winner, s.TimedOut = e.Winner, e.TimedOut
}

func (e *FightEnded) describe(s *State) string {
	switch {
	case e.TimedOut:
		return "the round limit is reached: the fight ends in a draw"
	case e.ByGM && e.Winner == "":
		return "the GM ends the fight: a draw"
	case e.ByGM:
		return fmt.Sprintf("the GM ends the fight: the %s side wins", e.Winner)
	case e.Winner != "":
		return fmt.Sprintf("the fight is over: the %s side wins", e.Winner)
	}
	return "the fight is over: nobody is left standing"
}

func (e *FootingChecked) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	switch {
	case e.Why == "surfacing":
		c.Sunk = c.Sunk && !e.Kept
	case e.Kept:
		return
	case e.Env == Balance:
		c.Posture = Prone
		return
	case e.Env == Swimming:
		c.Sunk = true
	case e.Env == Climbing:
		c.Fell, c.Posture = true, Prone
	}
	c.Submerged = s.env(c) == Underwater
	if !e.Kept && e.Why == "attacking" {
		doneIfOwn(s, e.Combatant)
	}
}

func (e *FootingChecked) describe(s *State) string {
	out := map[string][2]string{Swimming: {"stays afloat", "sinks"}, Climbing: {"keeps its hold", "falls"}, Balance: {"lands on its feet", "falls prone"}}[e.Env]
	res := out[1]
	if e.Kept {
		res = out[0]
	}
	switch {
	case e.Why == "surfacing" && e.Kept:
		res = "surfaces"
	case e.Why == "surfacing":
		res = "stays under"
	case !e.Kept && e.Why == "attacking":
		res += ": its attack is lost"
	}
	return fmt.Sprintf("%s's %s check (%s): d20=%d%+d = %d against TN %d: %s", e.Combatant, e.Env, e.Why, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, res)
}

func (e *GrappleEnded) apply(s *State, _ *hotMemory) {
	unGrapple(s, s.Combatant(e.Combatant), s.Combatant(e.Other))
}

func (e *GrappleEnded) describe(s *State) string {
	return fmt.Sprintf("%s and %s no longer grapple", e.Combatant, e.Other)
}

func (e *Grappled) apply(s *State, _ *hotMemory) {
	a, t := s.Combatant(e.Combatant), s.Combatant(e.Target)
	if a != nil && t != nil {
		a.Grappling = append(a.Grappling, t.ID)
		t.Grappling = append(t.Grappling, a.ID)
	}
	doneIfOwn(s, e.Combatant)
}

func (e *Grappled) describe(s *State) string {
	return fmt.Sprintf("%s grapples %s", e.Combatant, e.Target)
}

func (e *Guarded) apply(s *State, _ *hotMemory) {
	p := s.Pending
	if p == nil {
		s.Phase = Window
		return
	}
	if p.Striker == "" {
		p.Guard = e.Choice
		s.Phase = Window
		return
	}
	// A reaction's attack: back to where the fight was.
	s.Phase = p.StrikeFrom
	p.Striker, p.StrikeTarget, p.StrikeWeapon, p.StrikeKind, p.StrikeFrom = "", "", "", "", ""
	if p.Action == "strike" {
		s.Pending = nil
		return
	}
	guardIfDefending(s)
	moverChoice(s)
}

func (e *Guarded) describe(s *State) string {
	switch e.Choice {
	case "check":
		return fmt.Sprintf("%s meets the disarm with a melee weapon check", e.Combatant)
	case "agility":
		if s.Pending != nil && s.Pending.Action == "disarm" && s.Pending.Striker == "" {
			return fmt.Sprintf("%s meets the disarm with its Agility Defense %d", e.Combatant, e.Defense)
		}
	}
	return fmt.Sprintf("%s guards with %s: Defense %d", e.Combatant, e.Choice, e.Defense)
}

func (e *Harried) apply(s *State, _ *hotMemory) {
	if t := s.Combatant(e.Target); t != nil {
		t.Harried += RangePenalty
		t.HarriedBy = append(t.HarriedBy, e.Combatant)
	}
	popQueue(s)
}

func (e *Harried) describe(s *State) string {
	return fmt.Sprintf("%s harries %s: -2 on its ranged attacks this round", e.Combatant, e.Target)
}

func (e *Hindered) apply(s *State, _ *hotMemory) {
	if p := s.Pending; p != nil && p.Action == e.Hindrance && s.Phase == Choosing {
		doneAction(s)
	}
	t := s.Combatant(e.Target)
	if t == nil {
		return
	}
	switch e.Hindrance {
	case "disarm":
		// A new slice: states may share their weapons (ScratchInto).
		kept := make([]Weapon, 0, len(t.Weapons))
		dropped := false
		for _, w := range t.Weapons {
			if w.Name == e.Weapon && !dropped {
				dropped = true
				s.Dropped = append(slices.Clone(s.Dropped), Dropped{Weapon: w, X: t.X, Y: t.Y})
				continue
			}
			kept = append(kept, w)
		}
		t.Weapons = kept
	case "distract":
		t.Distracted = true
	case "shove":
		s.put(t, e.X, e.Y)
		leaveSpace(s, t)
	case "trip":
		t.Posture = Prone
	}
}

func (e *Hindered) describe(s *State) string {
	switch e.Hindrance {
	case "disarm":
		return fmt.Sprintf("%s disarms %s, who drops %s", e.Combatant, e.Target, e.Weapon)
	case "distract":
		return fmt.Sprintf("%s distracts %s: -2 on attacks and Defenses this round", e.Combatant, e.Target)
	case "shove":
		return fmt.Sprintf("%s shoves %s to %d,%d", e.Combatant, e.Target, e.X, e.Y)
	}
	return fmt.Sprintf("%s trips %s, who falls prone", e.Combatant, e.Target)
}

func (e *Hurried) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Stamina = e.Stamina
		setFatigue(c, e.Fatigue)
	}
}

func (e *Hurried) describe(s *State) string {
	if e.Success {
		return fmt.Sprintf("%s hurries: d20=%d%+d = %d against TN %d: it costs %d AP and 1 stamina", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, e.Cost)
	}
	return fmt.Sprintf("%s hurries: d20=%d%+d = %d against TN %d: fails, it costs %d AP", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, e.Cost)
}

func (e *IgnoreChanged) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		if e.Ignoring {
			c.Ignoring = append(c.Ignoring, e.Target)
		} else {
			c.Ignoring = without(c.Ignoring, e.Target)
		}
	}
	if s.Phase == Window && s.Moment == AtFlanked && len(s.Queue) > 0 && s.Queue[0] == e.Combatant {
		popQueue(s)
	}
}

func (e *IgnoreChanged) describe(s *State) string {
	if e.Ignoring {
		return fmt.Sprintf("%s ignores %s: its attacks are rear attacks (+4)", e.Combatant, e.Target)
	}
	return fmt.Sprintf("%s no longer ignores %s", e.Combatant, e.Target)
}

func (e *InitiativeRolled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
	}
}

func (e *InitiativeRolled) describe(s *State) string {
	pen := ""
	if e.Penalty > 0 {
		pen = fmt.Sprintf(" -%d surprised", e.Penalty)
	}
	return fmt.Sprintf("%s rolls initiative: d20=%d%+d%s = %d", e.Combatant, e.Die, e.Bonus, pen, e.Initiative)
}

func (e *InitiativeShifted) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
	}
}

func (e *InitiativeShifted) describe(s *State) string {
	return fmt.Sprintf("%s's initiative %+d (%s): %d", e.Combatant, e.By, e.Why, e.Initiative)
}

func (e *Interposed) apply(s *State, _ *hotMemory) {
	if s.Pending != nil && e.Success {
		s.Pending.Target, s.Pending.Interposed = e.Shield, true
	}
	popQueue(s)
}

func (e *Interposed) describe(s *State) string {
	if e.Success {
		return fmt.Sprintf("%s interposes %s, who becomes the target", e.Combatant, e.Shield)
	}
	return fmt.Sprintf("%s fails to interpose %s", e.Combatant, e.Shield)
}

func (e *Interrupted) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
		if e.Readied {
			c.Readied, c.ReadyAction = false, Nested{}
		}
	}
	if e.Moment == "" {
		// A log from before out-of-turn actions: the interrupt's attack.
		s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: e.Action, Target: e.Target, Weapon: e.Weapon, Cost: e.Cost})
		s.Queue = s.Queue[:0]
		s.Phase = Window
		guardIfDefending(s)
		return
	}
	off := OffTurn{Who: e.Combatant, Moment: e.Moment, Cancels: e.Moment == AtDeclared && !e.Move && !e.Readied}
	if len(s.Queue) > 1 {
		off.Rest = s.Queue[1:]
	}
	if !off.Cancels {
		off.Held = s.Pending
	}
	s.Off = s.newOff(off)
	s.Pending, s.Queue, s.Moment, s.Phase = nil, s.Queue[:0], "", Acting
}

func (e *Interrupted) describe(s *State) string {
	what := e.Command.String()
	if what == "" {
		what = Rules{}.FormatCommand(&Attack{Target: e.Target, Style: e.Action})
		if e.Weapon != "" {
			what += " with " + e.Weapon
		}
	}
	switch {
	case e.Moment == "":
		return fmt.Sprintf("%s interrupts %s, cancelling its action: initiative %d, then a %s attack on %s with %s", e.Combatant, e.Actor, e.Initiative, e.Action, e.Target, e.Weapon)
	case e.Readied:
		return fmt.Sprintf("%s takes its readied action: %s", e.Combatant, what)
	case e.Moment == AtDeclared && e.Move:
		return fmt.Sprintf("%s moves before %s's action goes on: %s", e.Combatant, e.Actor, what)
	case e.Moment == AtDeclared:
		return fmt.Sprintf("%s interrupts %s, cancelling its action: initiative %d: %s", e.Combatant, e.Actor, e.Initiative, what)
	case e.Move:
		return fmt.Sprintf("%s moves out of turn (%s of %s's turn): %s", e.Combatant, momentWords[e.Moment], e.Actor, what)
	}
	return fmt.Sprintf("%s acts out of turn (%s of %s's turn): initiative %d: %s", e.Combatant, momentWords[e.Moment], e.Actor, e.Initiative, what)
}

func (e *Jumped) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.AP -= e.AP
		c.PoolQuarters += e.Quarters
		c.PoolUsed += e.Yards
		s.put(c, e.X, e.Y)
		leaveSpace(s, c)
	}
}

func (e *Jumped) describe(s *State) string {
	run := "no run-up: half"
	if e.RunUp {
		run = "run-up: + Speed"
	}
	if e.High {
		return fmt.Sprintf("%s jumps high: d20=%d%+d = %d (%s) = %d: %d inches up, clearing %d inches", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, run, e.Value, 2*e.Value, e.Clears)
	}
	return fmt.Sprintf("%s jumps: d20=%d%+d = %d (%s) = %s: lands at %d,%d, %s of pool, %d AP bought", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, run, parts.Count(e.Value, "foot", "feet"), e.X, e.Y, parts.Count(e.Yards, "yard", "yards"), e.AP)
}

func (e *LongBegun) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Long = &Long{Object: e.Object, Action: e.Action, Command: e.Command, Remaining: e.Remaining, Rounds: e.Rounds, PaidNow: true}
	}
}

func (e *LongBegun) describe(s *State) string {
	if e.Action {
		return fmt.Sprintf("%s declares %s as a long action: %d AP still owed", e.Combatant, e.Object, e.Remaining)
	}
	if e.Rounds > 0 {
		return fmt.Sprintf("%s begins %s: all AP for %d more rounds", e.Combatant, e.Object, e.Rounds)
	}
	return fmt.Sprintf("%s begins %s: %d AP still owed", e.Combatant, e.Object, e.Remaining)
}

func (e *LongCancelled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Long = nil
	}
}

func (e *LongCancelled) describe(s *State) string {
	if e.Why != "" {
		return fmt.Sprintf("%s's %s cannot take effect (%s); what it paid is lost", e.Combatant, e.Object, e.Why)
	}
	return fmt.Sprintf("%s gives up %s; what it paid is lost", e.Combatant, e.Object)
}

func (e *LongPaid) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && c.Long != nil {
		c.Long.Remaining, c.Long.Rounds, c.Long.PaidNow = e.Remaining, e.Rounds, true
	}
}

func (e *LongPaid) describe(s *State) string {
	switch {
	case e.Rounds > 0:
		return fmt.Sprintf("%s gives all its AP to its long action: %d more rounds", e.Combatant, e.Rounds)
	case e.Remaining > 0:
		return fmt.Sprintf("%s pays toward its long action: %d AP to go", e.Combatant, e.Remaining)
	}
	return fmt.Sprintf("%s makes the last payment of its long action", e.Combatant)
}

func (e *Mounted) apply(s *State, _ *hotMemory) {
	rider, m := s.Combatant(e.Rider), s.Combatant(e.Mount)
	if rider != nil && m != nil {
		rider.Riding, rider.RidingSize, m.Rider = m.ID, m.Attributes.Size, rider.ID
		s.put(rider, m.X, m.Y)
	}
}

func (e *Mounted) describe(s *State) string {
	return fmt.Sprintf("%s mounts %s", e.Rider, e.Mount)
}

func (e *MoveDeclared) apply(s *State, _ *hotMemory) {
	s.Pending = s.newPending(Declared{Actor: e.Combatant, Action: "move", X: e.X, Y: e.Y})
	if e.From != nil {
		s.Pending.FromX, s.Pending.FromY, s.Pending.FromSet = e.From[0], e.From[1], true
	}
	s.Queue = append(s.Queue[:0], e.Queue...)
	s.Phase = Window
}

func (e *MoveDeclared) describe(s *State) string {
	return fmt.Sprintf("%s moves toward %d,%d", e.Combatant, e.X, e.Y)
}

func (e *MoveGoesOn) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Decided = true
	}
	s.Phase = Window
}

func (e *MoveGoesOn) describe(s *State) string {
	return fmt.Sprintf("%s goes on", e.Combatant)
}

func (e *MoveStopped) apply(s *State, _ *hotMemory) {
	doneAction(s)
}

func (e *MoveStopped) describe(s *State) string {
	return fmt.Sprintf("%s does not move: %s", e.Combatant, e.Why)
}

func (e *Moved) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.AP -= e.AP
		c.PoolQuarters += e.Quarters
		c.PoolUsed += e.Yards
		s.put(c, e.X, e.Y)
		if m := s.mountOf(c); m != nil {
			s.put(m, e.X, e.Y)
		}
		if rider := s.Combatant(c.Rider); rider != nil {
			s.put(rider, e.X, e.Y) // a sentient mount carries its rider (R76)
		}
		if s.Pending != nil && s.Pending.Action == "move" && s.Pending.Actor == c.ID {
			doneAction(s)
		}
		leaveSpace(s, c)
	}
}

func (e *Moved) describe(s *State) string {
	return fmt.Sprintf("%s moves to %d,%d: %s of pool, %d AP bought", e.Combatant, e.X, e.Y, parts.Count(e.Yards, "yard", "yards"), e.AP)
}

func (e *NonlethalHit) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Indicated, s.Pending.Final = e.Indicated, e.Final
	}
	s.Phase = Choosing
}

func (e *NonlethalHit) describe(s *State) string {
	return fmt.Sprintf("%s's nonlethal hit on %s: final %d, up to a %s wound", e.Attacker, e.Target, e.Final, LevelName(e.Indicated))
}

func (e *ObjectUsed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Long = nil
	}
}

func (e *ObjectUsed) describe(s *State) string {
	return fmt.Sprintf("%s uses %s", e.Combatant, e.Object)
}

func (e *OpeningMade) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.OpeningOn, c.OpeningTotal = e.Target, e.Die+e.Bonus
	}
}

func (e *OpeningMade) describe(s *State) string {
	return fmt.Sprintf("%s creates an opening against %s: d20=%d%+d = %d meets its rebuffs this turn", e.Combatant, e.Target, e.Die, e.Bonus, e.Die+e.Bonus)
}

func (e *Passed) apply(s *State, _ *hotMemory) {
	popQueue(s)
}

func (e *Passed) describe(s *State) string {
	return fmt.Sprintf("%s lets it go on", e.Combatant)
}

func (e *Pinned) apply(s *State, _ *hotMemory) {
	if t := s.Combatant(e.Target); t != nil {
		t.PinnedBy = e.Combatant
	}
}

func (e *Pinned) describe(s *State) string {
	return fmt.Sprintf("%s pins %s", e.Combatant, e.Target)
}

func (e *PostureChanged) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Posture = e.To
	}
}

func (e *PostureChanged) describe(s *State) string {
	return fmt.Sprintf("%s is now %s", e.Combatant, e.To)
}

func (e *ReadyFired) apply(s *State, _ *hotMemory) {
	popQueue(s)
	awaitGuard(s, e.Combatant, e.Target, e.Weapon, "fire")
}

func (e *ReadyFired) describe(s *State) string {
	return fmt.Sprintf("%s takes its readied attack on %s with %s", e.Combatant, e.Target, e.Weapon)
}

func (e *ReadyTaken) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Readied, c.ReadyAction = true, e.Action
	}
}

func (e *ReadyTaken) describe(s *State) string {
	if !e.Action.IsZero() {
		return fmt.Sprintf("%s readies %s", e.Combatant, e.Action)
	}
	return fmt.Sprintf("%s readies an attack", e.Combatant)
}

func (e *Rebuffed) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Rebuffed = true
	}
	popQueue(s)
	awaitGuard(s, e.Combatant, e.Target, e.Weapon, "rebuff")
}

func (e *Rebuffed) describe(s *State) string {
	return fmt.Sprintf("%s rebuffs %s with %s before it moves", e.Combatant, e.Target, e.Weapon)
}

func (e *RecoveryRolled) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		if e.Level > NoWound {
			moveWound(c, e.Level, e.To)
		}
		c.RecoveryBonus = e.RecoveryBonus
		if e.Reach > NoWound {
			c.RecoverUpTo = e.Reach
			s.Queue = append(s.Queue, c.ID)
			s.Phase = Choosing
		}
	}
}

func (e *RecoveryRolled) describe(s *State) string {
	if e.Tender != "" {
		tend := fmt.Sprintf(" (tended by %s: d20=%d%+d = %d)", e.Tender, e.TendDie, e.TendBonus, e.TendDie+e.TendBonus)
		line := Rules{}.DescribeEvent(s, &RecoveryRolled{Combatant: e.Combatant, Die: e.Die, Bonus: e.Bonus, Level: e.Level, To: e.To, RecoveryBonus: e.RecoveryBonus})
		return line + tend
	}
	if e.Reach > NoWound {
		return fmt.Sprintf("%s's recovery check: d20=%d%+d = %d: it reaches %s wounds and chooses which drops", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, LevelName(e.Reach))
	}
	if e.Level == NoWound {
		return fmt.Sprintf("%s's recovery check: d20=%d%+d = %d: nothing heals, recovery bonus %d", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.RecoveryBonus)
	}
	to := "healed"
	if e.To > NoWound {
		to = "now " + LevelName(e.To)
	}
	return fmt.Sprintf("%s's recovery check: d20=%d%+d = %d: a %s wound is %s", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, LevelName(e.Level), to)
}

func (e *Rested) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Wounds.Light -= e.LightHealed
		woundsHealed(c)
		if e.Cleared {
			c.IsExhausted = false
		}
		setFatigue(c, e.Fatigue)
		c.Stamina, c.Mana = e.Stamina, e.Mana
		if e.Rest == "long" && e.Why == "" {
			c.LongRests++
		}
	}
}

func (e *Rested) describe(s *State) string {
	switch e.Why {
	case "sleep":
		return fmt.Sprintf("%s takes no long rest: it has not slept enough (R68)", e.Combatant)
	case "tending":
		return fmt.Sprintf("%s takes no long rest: tending others is strenuous (R71)", e.Combatant)
	}
	line := fmt.Sprintf("%s takes a %s rest: stamina %d, mana %d, fatigue %d", e.Combatant, e.Rest, e.Stamina, e.Mana, e.Fatigue)
	if e.Cleared {
		line += ", no longer exhausted"
	}
	if e.LightHealed > 0 {
		line += fmt.Sprintf(", %d light wounds healed", e.LightHealed)
	}
	return line
}

func (e *RoundEnded) apply(s *State, _ *hotMemory) {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Distracted = false
		if c.Helpless > 0 {
			c.Helpless--
		}
		if c.IsDying && c.Status == Unconscious {
			c.Dying++
		}
		if c.Status == Unconscious && !c.IsDying {
			c.OutRounds++
		} else {
			c.OutRounds = 0
		}
	}
}

func (e *RoundEnded) describe(s *State) string {
	return fmt.Sprintf("round %d ends", e.Round)
}

func (e *RoundStarted) apply(s *State, _ *hotMemory) {
	s.Round = e.Round
	s.Phase, s.Turn = Acting, ""
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Acted, c.TieBreak = false, 0
		c.PoolQuarters, c.PoolUsed = 0, 0
		c.Dashing, c.Harried, c.HarriedBy = false, 0, c.HarriedBy[:0]
		c.Dashes, c.DashBonus = 0, 0
	}
}

func (e *RoundStarted) describe(s *State) string {
	return fmt.Sprintf("round %d begins", e.Round)
}

func (e *Seized) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Initiative = e.Initiative
	}
}

func (e *Seized) describe(s *State) string {
	return fmt.Sprintf("%s seizes the initiative: d6=%d, initiative %d", e.Combatant, e.Die, e.Initiative)
}

func (e *SpaceEntered) apply(s *State, _ *hotMemory) {
	a, t := s.Combatant(e.Combatant), s.Combatant(e.Target)
	if a != nil && t != nil {
		s.put(a, e.X, e.Y)
		a.SharingWith, t.SharingWith = t.ID, a.ID
	}
}

func (e *SpaceEntered) describe(s *State) string {
	return fmt.Sprintf("%s enters %s's space at %d,%d: both take -2 to attacks and Defense", e.Combatant, e.Target, e.X, e.Y)
}

func (e *SpellCast) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Mana = e.Mana
	}
}

func (e *SpellCast) describe(s *State) string {
	if e.Target == "" {
		return fmt.Sprintf("%s casts %s: %d mana left", e.Combatant, e.Spell, e.Mana)
	}
	return fmt.Sprintf("%s casts %s at %s: %d mana left", e.Combatant, e.Spell, e.Target, e.Mana)
}

func (e *SplitChosen) apply(s *State, _ *hotMemory) {
	if s.Pending != nil {
		s.Pending.Split, s.Pending.With, s.Pending.Cut = true, e.With, s.Pending.Cut+e.Cut
	}
	s.Phase = Window
	moverChoice(s)
}

func (e *SplitChosen) describe(s *State) string {
	return fmt.Sprintf("%s spends %d points: %s with it (5 each), %d cut (10 each)", e.Combatant, 5*e.With+10*e.Cut, parts.Count(e.With, "yard", "yards"), e.Cut)
}

func (e *Stabilized) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Patient); c != nil && e.Success {
		c.IsDying, c.Dying = false, 0
	}
}

func (e *Stabilized) describe(s *State) string {
	return fmt.Sprintf("%s stabilizes %s: d20=%d%+d = %d against TN %d: %s", e.Healer, e.Patient, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, map[bool]string{true: "no longer dying", false: "failed"}[e.Success])
}

func (e *SurpriseRuled) apply(s *State, _ *hotMemory) {
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Side == e.Side && c.Attributes.Prc <= 5 && (e.Combatant == "" || e.Combatant == c.ID) {
			c.Surprised = true
		}
	}
}

func (e *SurpriseRuled) describe(s *State) string {
	if e.Combatant != "" {
		return fmt.Sprintf("%s is surprised", e.Combatant)
	}
	return fmt.Sprintf("the GM rules side %s surprised", e.Side)
}

func (e *TieBroken) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.TieBreak = e.Die
	}
}

func (e *TieBroken) describe(s *State) string {
	return fmt.Sprintf("%s draws d20=%d to break a tie in initiative", e.Combatant, e.Die)
}

func (e *TurnEnded) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Acted = true
		c.OpeningOn, c.OpeningTotal = "", 0
		if m := s.mountOf(c); m != nil {
			m.Acted = true
		}
		if s.Round == 1 {
			c.Surprised = false
		}
	}
	s.Turn, s.Pending, s.Queue = "", nil, s.Queue[:0]
	s.Phase, s.Moment, s.Off, s.Ending = Acting, "", nil, false
}

func (e *TurnEnded) describe(s *State) string {
	return fmt.Sprintf("%s's turn ends", e.Combatant)
}

func (e *TurnStarted) apply(s *State, _ *hotMemory) {
	s.Turn, s.Phase = e.Combatant, Acting
	if c := s.Combatant(e.Combatant); c != nil {
		c.Defending = false
		if c.Long != nil {
			c.Long.PaidNow = false
		}
	}
}

func (e *TurnStarted) describe(s *State) string {
	init := 0
	if c := s.Combatant(e.Combatant); c != nil {
		init = s.turnInitiative(c)
	}
	return fmt.Sprintf("%s's turn (initiative %d)", e.Combatant, init)
}

func (e *WakeChecked) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && e.Woke && c.Status == Unconscious {
		c.Status, c.IsDying, c.Dying = Active, false, 0
	}
}

func (e *WakeChecked) describe(s *State) string {
	return fmt.Sprintf("%s's wake check: d20=%d%+d = %d against TN %d: %s", e.Combatant, e.Die, e.Bonus, e.Die+e.Bonus, e.TN, map[bool]string{true: "wakes", false: "stays unconscious"}[e.Woke])
}

func (e *WoundTreated) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Patient); c != nil {
		moveWound(c, e.Level, e.To)
		setFatigue(c, e.Fatigue)
	}
}

func (e *WoundTreated) describe(s *State) string {
	var out string
	switch {
	case e.Auto:
		out = fmt.Sprintf("%s treats %s's %s wound: fails, the patient is too tired", e.Healer, e.Patient, LevelName(e.Level))
	case !e.Success:
		out = fmt.Sprintf("%s treats %s's %s wound: d20=%d%+d = %d against TN %d: fails", e.Healer, e.Patient, LevelName(e.Level), e.Die, e.Bonus, e.Die+e.Bonus, e.TN)
	case e.To == NoWound:
		out = fmt.Sprintf("%s treats %s's %s wound: d20=%d%+d = %d against TN %d: healed", e.Healer, e.Patient, LevelName(e.Level), e.Die, e.Bonus, e.Die+e.Bonus, e.TN)
	case e.To == e.Level:
		out = fmt.Sprintf("%s treats %s's %s wound: d20=%d%+d = %d against TN %d: no open slot to move it to", e.Healer, e.Patient, LevelName(e.Level), e.Die, e.Bonus, e.Die+e.Bonus, e.TN)
	default:
		out = fmt.Sprintf("%s treats %s's %s wound: d20=%d%+d = %d against TN %d: now %s", e.Healer, e.Patient, LevelName(e.Level), e.Die, e.Bonus, e.Die+e.Bonus, e.TN, LevelName(e.To))
	}
	return fmt.Sprintf("%s; fatigue %d", out, e.Fatigue)
}

func (e *Wounded) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c != nil && (e.Level > NoWound || e.Fate != "") {
		if e.Level > NoWound {
			*c.Wounds.At(e.Level)++
			c.Severity = c.Wounds.Severity()
		}
		c.Defending = false
		switch e.Fate {
		case "dying":
			c.Status, c.IsDying, c.Dying = Unconscious, true, 1
		case "unconscious":
			c.Status = Unconscious
		case "helpless":
			c.Helpless = 2
		case "dead":
			c.Status, c.IsDying, c.Dying = Dead, false, 0
		}
	}
	doneIfOwn(s, e.Attacker)
}

func (e *Wounded) describe(s *State) string {
	return describeWound(e)
}
