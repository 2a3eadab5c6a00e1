package blackpowder

import (
	"slices"
	"unsafe"

	"fray/rules/parts"
)

// State is a blackpowder fight: plain data that round-trips through JSON.
type State struct {
	Options    Options     `json:"options"`
	Scene      Scene       `json:"scene"`
	Groups     []Group     `json:"groups"`
	Combatants []Combatant `json:"combatants"`
	// Round is 0 while initiative is being rolled, then 1, 2, ...
	Round int `json:"round"`
	// Order lists group indices from the highest initiative down, once all
	// groups have rolled.
	Order []int `json:"order,omitempty"`
	// Turn indexes Order: the group whose turn it is.
	Turn int `json:"turn"`
	// Pending is an attack waiting for a decision (a dodge, a critical).
	Pending *Pending `json:"pending,omitempty"`
	// Declared is an action waiting for opportunity attacks and interrupts
	// before it resolves.
	Declared *Declaration `json:"declared,omitempty"`
	// Ambush is set when the fight opens with one group lying in wait
	// (R36-R38).
	Ambush *Ambush `json:"ambush,omitempty"`
	// AimsDue is set while the aimed attacks of a group resolve, just
	// before its turn at position AimsDue.Turn begins (R22).
	AimsDue *TurnStarted `json:"aims_due,omitempty"`
	// Follow names the combatant whose aimed attack is being made and who
	// holds a delayed action it may act with right after it (R22): once the
	// attack is over, the fight waits for its answer.
	Follow string `json:"follow,omitempty"`
	// After is set once the fight is decided, with the Aftermath option:
	// time for rests and healing (R29-R31).
	After *Aftermath `json:"after,omitempty"`
	// Over is set when the fight has ended; Winner names the winning side
	// ("" for none).
	Over   bool   `json:"over,omitempty"`
	Winner string `json:"winner,omitempty"`
	// TimedOut is set when the round limit ended the fight.
	TimedOut bool `json:"timed_out,omitempty"`

	// hot is this state value's memory for the hot path; see hotMemory.
	hot *hotMemory
	// shared is set while the roster is one the state's clones share,
	// which nothing writes (see clone and own).
	shared bool
}

// Options are the rulings a table may choose differently.
type Options struct {
	// NPCCrits lets non-player combatants score criticals too (A08).
	NPCCrits bool `json:"npc_crits"`
	// DodgeSuccessConsumesAction makes a successful dodge cost the action
	// as a failed one does (A13).
	DodgeSuccessConsumesAction bool `json:"dodge_success_consumes_action"`
	// DeathMode is "cumulative" (damage taken while unconscious adds up) or
	// "single_hit" (one hit must reach LP max) (A26).
	DeathMode string `json:"death_mode"`
	// RoundLimit ends the fight as a draw when this round would begin (the
	// GM's call that the fight is over, for unattended fights); 0 for none.
	RoundLimit int `json:"round_limit"`
	// GMModifiers asks the GM for each attack's situational modifier
	// (R10, §7 b2); off, modifiers are given with the attack ("mod N").
	GMModifiers bool `json:"gm_modifiers,omitempty"`
	// Aftermath keeps the encounter going once the fight is decided, for
	// rests and healing (R29-R31), until the GM is done.
	Aftermath bool `json:"aftermath,omitempty"`
}

// DefaultOptions are the spec's rulings.
func DefaultOptions() Options {
	return Options{NPCCrits: true, DeathMode: "cumulative", RoundLimit: parts.DefaultRoundLimit}
}

// Scene is the environment of the fight.
type Scene struct {
	// Mist stops regular powder from firing (R21).
	Mist bool `json:"mist,omitempty"`
}

// Group is an initiative group (R03): the players, or a group of enemies.
type Group struct {
	ID      string `json:"id"`
	Players bool   `json:"players,omitempty"`
	// Initiative is the group's Speed check total, once rolled.
	Initiative int  `json:"initiative"`
	Rolled     bool `json:"rolled,omitempty"`
	// Speed is the Speed skill of the member who rolled Initiative: a
	// tied total goes to the group whose roller has more (R02, R03).
	Speed int `json:"speed,omitempty"`
	// Joins is the round the group arrives in (R03); until then its
	// members are absent. 0 or 1: there from the start.
	Joins int `json:"joins,omitempty"`
}

// present reports whether the group has arrived by the given round.
func (g *Group) present(round int) bool { return g.Joins <= max(round, 1) }

// Status is a combatant's condition in the fight. The rules compare it
// as a small number; in JSON (and in words) it is its name.
type Status uint8

// Status values of a combatant. The zero Status is no status at all, ""
// in JSON, which no fight gives a combatant.
const (
	Active Status = iota + 1
	Unconscious
	Dead
	// Absent: a member of a group that has not joined the fight yet (R03).
	Absent
)

// statusNames are the names of the Status values, by value.
var statusNames = [...]string{"", "active", "unconscious", "dead", "absent"}

// String returns the status's name: "active", "unconscious", "dead" or
// "absent".
func (st Status) String() string { return nameOf(st, statusNames[:], "status") }

// MarshalText writes the status as its name.
func (st Status) MarshalText() ([]byte, error) { return nameText(st, statusNames[:], "status") }

// UnmarshalText reads a status from its name.
func (st *Status) UnmarshalText(b []byte) (err error) {
	*st, err = fromName[Status](b, statusNames[:], "status")
	return err
}

// Combatant is one fighter: stat block and current condition.
type Combatant struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Group string `json:"group"`

	Body      int `json:"body"`
	Senses    int `json:"senses"`
	Science   int `json:"science"`
	Willpower int `json:"willpower"`
	// Skills by name (speed, dodge, brawl, athletics, stealth, perception,
	// survival, medicine, craft, pain_resistance). The rules never change
	// them once the fight has started, and copies of a state share them.
	Skills map[string]int `json:"skills,omitempty"`
	// skills is Skills by place, for the hot path (see skillTable).
	skills skillTable

	Evade int `json:"evade"`
	// Toughness is the permanent part of T; armor and temporary effects
	// add to it (R14).
	Toughness     int `json:"toughness"`
	ToughnessTemp int `json:"toughness_temp,omitempty"`
	// DamageBonus is added to every damage roll (abilities, E3).
	DamageBonus int `json:"damage_bonus,omitempty"`

	LP      int    `json:"lp"`
	LPMax   int    `json:"lp_max"`
	Fatigue int    `json:"fatigue"`
	Status  Status `json:"status"`
	// ReviveDifficulty is the difficulty of the failed Consciousness check
	// that knocked the combatant out (R25, R28).
	ReviveDifficulty int `json:"revive_difficulty,omitempty"`
	// DamageWhileUnconscious adds up effective damage taken while
	// unconscious (R26, A26).
	DamageWhileUnconscious int `json:"damage_while_unconscious,omitempty"`

	Weapons []Weapon `json:"weapons,omitempty"`
	// Items are things that restore LP when used: potions, salves, and
	// spells or miracles given as items (R31).
	Items []Item `json:"items,omitempty"`
	// Wielding indexes Weapons: the weapon in hand (-1: fists).
	Wielding int `json:"wielding"`
	// Armor is worn armor and carried shields, which the rules never
	// change once the fight has started: copies of a state share it.
	Armor []Armor `json:"armor,omitempty"`

	// Actions left this round (R05) and whether the immediate action of
	// this turn is used (R06).
	Actions       int  `json:"actions"`
	ImmediateUsed bool `json:"immediate_used,omitempty"`
	// Done is set once the combatant has finished its part of its group's
	// turn.
	Done bool `json:"done,omitempty"`
	// Delayed is set while the combatant holds a delayed action (R07).
	Delayed bool `json:"delayed,omitempty"`
	// ExtraDelayed gives a delayed action each round on top of the regular
	// action (R07, A15).
	ExtraDelayed bool `json:"extra_delayed,omitempty"`
	// DelayedSpent is set once a held delayed action has been used up this
	// round (to act, to dodge, or lapsing): nobody performs more than one
	// delayed action a round, so the regular action cannot then be held
	// (R07, A15).
	DelayedSpent bool `json:"delayed_spent,omitempty"`
	// Reloading counts the reload actions spent so far on the wielded gun.
	Reloading int `json:"reloading,omitempty"`
	// GunslingerTier lowers reload times (R20).
	GunslingerTier int `json:"gunslinger_tier,omitempty"`

	X float64 `json:"x"`
	Y float64 `json:"y"`
	// Moved is how far the combatant has moved this turn alongside its
	// action (R33).
	Moved float64 `json:"moved,omitempty"`
	// Running is set by a run until the combatant's next turn: ranged
	// attacks against it are harder (R10, R33).
	Running bool `json:"running,omitempty"`
	// Unaware combatants have not noticed the fight: they cannot dodge and
	// can be stunned (R43), until the first attack on them is rolled.
	Unaware bool `json:"unaware,omitempty"`
	// Stealth is the combatant's Stealth check total in an ambush (R36),
	// once it has rolled (Ambush.Hidden): a total may be 0 or less.
	Stealth int `json:"stealth,omitempty"`
	// StealthBonus is added to its own Stealth check, besides the
	// ambush's bonus for every hider (R36).
	StealthBonus int `json:"stealth_bonus,omitempty"`
	// Searched is set once the combatant has rolled Perception against an
	// ambush (R37).
	Searched bool `json:"searched,omitempty"`
	// Aim is an aimed attack declared and waiting to resolve (R22).
	Aim *Aim `json:"aim,omitempty"`
	// Assist is the bonus allies' help gives the combatant's next check
	// this round (R44, A38).
	Assist int `json:"assist,omitempty"`
	// Prone is set by the GM (or the encounter); standing up is an action,
	// and being prone has no other effect (A39).
	Prone bool `json:"prone,omitempty"`
	// Trapped is the difficulty of escaping the trap the combatant is
	// caught in; 0 when free (R41).
	Trapped int `json:"trapped,omitempty"`
	// HeldBy and Holding name the other side of a hold (R39).
	HeldBy  string `json:"held_by,omitempty"`
	Holding string `json:"holding,omitempty"`
}

// Immobile reports whether attacks on the combatant get +3 (R40): held,
// holding someone, or unconscious.
func (c *Combatant) Immobile() bool {
	return c.HeldBy != "" || c.Holding != "" || c.Trapped > 0 || c.Status == Unconscious
}

// Aim is an aimed attack waiting to resolve (R22).
type Aim struct {
	Target string `json:"target"`
	Weapon int    `json:"weapon"`
	Part   int    `json:"part,omitempty"`
	// Hand is set when the aim calls the hand (R11).
	Hand     bool `json:"hand,omitempty"`
	Modifier int  `json:"modifier,omitempty"`
}

// grapple is the better of Athletics and Brawl with Body, for holds (A35).
func (c *Combatant) grapple() int {
	return c.Body + c.grappleSkill()
}

// grappleSkill is the skill a hold contest uses: the better of Athletics
// and Brawl (A35); it breaks a tied total (R02).
func (c *Combatant) grappleSkill() int {
	return max(c.skill(skillAthletics), c.skill(skillBrawl))
}

// Skill returns the combatant's value in a skill (0 if untrained).
func (c *Combatant) Skill(name string) int { return c.Skills[name] }

// Stage is what a pending attack waits for: the target's dodge or parry
// (StageDodge), or the attacker's critical re-roll (StageCritical). The
// rules compare it as a small number; in JSON it is its name.
type Stage uint8

// The stages of a pending attack.
const (
	StageDodge Stage = iota + 1
	StageCritical
)

// stageNames are the names of the Stage values, by value.
var stageNames = [...]string{"", "dodge", "critical"}

// String returns the stage's name.
func (st Stage) String() string { return nameOf(st, stageNames[:], "stage") }

// MarshalText writes the stage as its name.
func (st Stage) MarshalText() ([]byte, error) { return nameText(st, stageNames[:], "stage") }

// UnmarshalText reads a stage from its name.
func (st *Stage) UnmarshalText(b []byte) (err error) {
	*st, err = fromName[Stage](b, stageNames[:], "stage")
	return err
}

// Pending is an attack that waits for a decision before it can go on.
type Pending struct {
	// Stage is "dodge" (the target may dodge or parry) or "critical" (the
	// attacker may take the critical re-roll).
	Stage    Stage  `json:"stage"`
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// Weapon is the attacker's weapon index (-1: fists).
	Weapon int `json:"weapon"`
	// Total and Difficulty of the attack check; Bonus is everything added
	// to the die. Total is kept only while the target may dodge; it is 0
	// at the critical stage, whose re-roll needs only Bonus and Difficulty.
	Total      int `json:"total"`
	Difficulty int `json:"difficulty"`
	Bonus      int `json:"bonus"`
	// Damage is the first damage instance's raw weapon result, once rolled.
	Damage int `json:"damage,omitempty"`
	// Hold is set for a hold attempt: a hit leads to a contest, not damage
	// (R39).
	Hold bool `json:"hold,omitempty"`
	// Stun is set for a stun attack (R43).
	Stun bool `json:"stun,omitempty"`
	// Hand is set for an attack called at the hand: landing, it disarms
	// (R11, §6).
	Hand bool `json:"hand,omitempty"`
	// Early is set for an aimed attack fired early: the target must win a
	// Speed contest before it may dodge (R22, A17).
	Early bool `json:"early,omitempty"`
	// As is the kind the weapon was used as, when not its own: "thrown"
	// for a melee weapon thrown, "melee" for a thrown one struck with in
	// hand (R16, R17). It rules the dodge and the parry.
	As WeaponKind `json:"as,omitempty"`
}

// Declaration is an action declared on a turn that others may answer
// before it resolves: hostile melee fighters in reach with an opportunity
// attack (R34), holders of delayed actions with an interrupt (R08).
type Declaration struct {
	Actor string `json:"actor"`
	// Command is the declared command.
	Command Nested `json:"command"`
	// Text is the command in words, for prompts.
	Text string `json:"text"`
	// Queue lists who may still answer, in order: opportunity attacks first,
	// then interrupts, each in roster order.
	Queue []Reaction `json:"queue,omitempty"`
	// SpeedTotal is the actor's Speed check against interrupters, rolled
	// once for all of them (R08, A16).
	SpeedTotal int `json:"speed_total,omitempty"`
	// Resolved is set once the declared action itself has been resolved.
	Resolved bool `json:"resolved,omitempty"`
	// Held lists the delayed actions answering the declaration, in the
	// order they answered, until each resolves: interrupts, which wait for
	// the Speed contest once every holder has answered and then resolve
	// before the declared action if they won it (First), and those that
	// act right after it, a lost contest's too (A16).
	Held []Deferred `json:"held,omitempty"`
	// Unsafe is set when the GM rules a revive not out of immediate danger
	// (R28, A27): it lapses.
	Unsafe bool `json:"unsafe,omitempty"`
	// Aim is set when the declared action is an aimed shot fired at its
	// time (R22): it waits only for opportunity attacks (R34) and resolves
	// as the aimed attack, already paid for.
	Aim *Aim `json:"aim,omitempty"`
	// Early names one who fires its aimed attack early in answer to the
	// declaration (R22) while its shot waits for the opportunity attacks
	// it provokes (R34), queued against it: the shot is made once they are
	// over.
	Early string `json:"early,omitempty"`
	// Delayed is set when the declared action is taken with a delayed
	// action right after an aimed attack (R22): it waits only for the
	// opportunity attacks it provokes (R34), and the delayed action pays
	// for it.
	Delayed bool `json:"delayed,omitempty"`
}

// Ambush is an ambush in progress (R36-R38).
type Ambush struct {
	// Hiders is the group lying in wait.
	Hiders string `json:"hiders"`
	// Searching: the ambushed search (each rolls Perception) rather than
	// rely on passive perception (R37).
	Searching bool `json:"searching,omitempty"`
	// Bonus is added to every hider's Stealth check (preparation, dim
	// light: R36).
	Bonus int `json:"bonus,omitempty"`
	// Stage is "hide", "search", "free" (the ambushers' free turn) or
	// "done".
	Stage string `json:"stage"`
	// Hidden counts the hiders who have rolled Stealth, in roster order.
	Hidden int `json:"hidden,omitempty"`
	// Difficulty is the lowest hider's Stealth total (R36).
	Difficulty int `json:"difficulty,omitempty"`
	// Spotted is set when the ambush was seen (R37).
	Spotted bool `json:"spotted,omitempty"`
}

// Aftermath is the time after a fight (R29-R31).
type Aftermath struct {
	// Winner is the group that won the fight ("" for none).
	Winner string `json:"winner"`
	// TimedOut is set when the round limit ended the fight.
	TimedOut bool `json:"timed_out,omitempty"`
	// ShortRested lists who has taken the one short rest after the fight
	// (A28).
	ShortRested []string `json:"short_rested,omitempty"`
	// Treated lists who has had a Medicine attempt since the last rest
	// (A28: one a patient each rest period).
	Treated []string `json:"treated,omitempty"`
}

// clone returns a copy of the aftermath that shares no list with it.
func (a *Aftermath) clone() *Aftermath {
	after := *a
	after.Treated = slices.Clone(a.Treated)
	after.ShortRested = slices.Clone(a.ShortRested)
	return &after
}

// Reaction is a chance to answer a declared action.
type Reaction struct {
	Who string `json:"who"`
	// Kind is "opportunity" or "interrupt", or for the GM "safety" (is a
	// revive out of immediate danger?) or "modifier" (an attack's
	// situational modifier).
	Kind string `json:"kind"`
	// Against names the holder of a delayed action whose action, answering
	// the declared one, this opportunity attack answers (R34): the
	// declared action's actor when empty.
	Against string `json:"against,omitempty"`
}

// Deferred is a delayed action answering a declared action, waiting for
// its turn to resolve (R08).
type Deferred struct {
	Who     string `json:"who"`
	Command Nested `json:"command"`
	// Interrupt: it tries to go before the declared action by a Speed
	// contest; otherwise it acts right after it.
	Interrupt bool `json:"interrupt,omitempty"`
	// With is the first interrupter of the combined action this one is
	// part of ("" when it acts alone): all of them must win the contest
	// for any to go first (R08, A16).
	With string `json:"with,omitempty"`
	// Contested is set once its Speed contest is drawn; First when the
	// contest lets it go before the declared action.
	Contested bool `json:"contested,omitempty"`
	First     bool `json:"first,omitempty"`
	// Provoked is set once the opportunity attacks its action provokes
	// have been offered, as it is about to resolve (R34).
	Provoked bool `json:"provoked,omitempty"`
}

// same reports whether strings a and b are equal, looking first at where
// their bytes are: the ids and groups the rules compare are mostly the
// combatants' and groups' own strings (see index and clone), equal when
// they are the very same. Two others of the same length, such as groups
// "east" and "west", mostly differ in their first byte, which it looks at
// before comparing them all.
func same(a, b string) bool {
	pa, pb := unsafe.StringData(a), unsafe.StringData(b)
	return len(a) == len(b) && (pa == pb || len(a) == 0 || *pa == *pb && a == b)
}

// identical reports whether a and b are the very same string, where a
// false answer for equal strings costs only time: whom Moves listed its
// attacks for, which is the prompt's actor's own id.
func identical(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// combatant returns the combatant with the given id, or nil. The ids a
// fight passes around (in its prompts' commands, its events, its pending
// attack) are the combatants' own strings, so it first looks for the one
// that is the same string, comparing where the bytes are rather than the
// bytes; an id made elsewhere (typed, decoded) is then compared byte by
// byte.
func (s *State) combatant(id string) *Combatant {
	p, cs := unsafe.StringData(id), s.Combatants
	for i := range cs {
		if c := &cs[i]; unsafe.StringData(c.ID) == p && len(c.ID) == len(id) {
			return c
		}
	}
	for i := range cs {
		if c := &cs[i]; c.ID == id {
			return c
		}
	}
	return nil
}

// index returns the roster position of the combatant with the given id, or
// -1, found as combatant finds it.
func (s *State) index(id string) int {
	p, cs := unsafe.StringData(id), s.Combatants
	for i := range cs {
		if c := &cs[i]; unsafe.StringData(c.ID) == p && len(c.ID) == len(id) {
			return i
		}
	}
	for i := range cs {
		if cs[i].ID == id {
			return i
		}
	}
	return -1
}

// activeGroup is the group acting now: the ambushers in their free turn,
// else the group whose turn it is.
func (s *State) activeGroup() string {
	if s.Ambush != nil && s.Ambush.Stage == "free" {
		return s.Ambush.Hiders
	}
	return s.Groups[s.Order[s.Turn]].ID
}

// unaware reports whether c has not noticed the fight: marked so, or
// ambushed and not yet past the ambushers' free turn.
func (s *State) unaware(c *Combatant) bool {
	if c.Unaware {
		return true
	}
	return s.Ambush != nil && s.Ambush.Stage != "done" && c.Group != s.Ambush.Hiders
}

// group returns the group with the given id, or nil.
func (s *State) group(id string) *Group {
	for i := range s.Groups {
		if same(s.Groups[i].ID, id) {
			return &s.Groups[i]
		}
	}
	return nil
}

// scratch returns a copy of the state for a decision in progress to
// change, cheaper than clone: it copies what events change in place and
// shares with s what nothing changes (skills, armor) and what events only
// ever replace (aims, declared commands; the order, unless dst has hot
// memory). The pending attack, the declaration and, with hot memory, the
// order are copied into memory dst keeps: a state with hot memory changes
// them in place.
// The copy must not outlive s being changed.
func (s *State) scratch() State {
	var out State
	s.scratchInto(&out)
	return out
}

// scratchInto makes *dst what scratch returns, reusing the memory of the
// groups, the combatants and their weapons and items that dst holds from
// an earlier scratch copy, which must no longer be in use.
func (s *State) scratchInto(dst *State) {
	groups, combatants, hot, pending, declared := dst.Groups, dst.Combatants, dst.hot, dst.Pending, dst.Declared
	if dst.shared {
		combatants = nil // a roster clones share is never written
	}
	*dst = *s
	dst.hot, dst.shared = hot, false
	if hot != nil {
		hot.forgetState()
		hot.clones.From(sharedRoster(s))
		if s.Order != nil {
			dst.Order = hot.keptOrder(s.Order)
		}
	}
	if s.Pending != nil {
		dst.Pending = dst.pendingMemory(pending)
		*dst.Pending = *s.Pending
	}
	dst.Groups = copyOver(groups, s.Groups)
	if cap(combatants) < len(s.Combatants) {
		combatants = make([]Combatant, len(s.Combatants))
	}
	combatants = combatants[:len(s.Combatants)]
	for i := range s.Combatants {
		c, weapons, items := &combatants[i], combatants[i].Weapons, combatants[i].Items
		*c = s.Combatants[i]
		if len(c.Weapons) > 0 {
			c.Weapons = copyOver(weapons, c.Weapons)
		}
		if len(c.Items) > 0 {
			c.Items = copyOver(items, c.Items)
		}
	}
	dst.Combatants = combatants
	dst.Ambush = copyOf(s.Ambush)
	if s.After != nil {
		dst.After = s.After.clone()
	}
	if s.Declared != nil {
		if declared == nil || declared == s.Declared {
			// The hot memory's, where Step keeps a declared action too, or
			// new memory.
			if hot != nil && &hot.declared != s.Declared {
				declared = &hot.declared
			} else {
				declared = new(Declaration)
			}
		}
		copyDeclaration(declared, s.Declared)
		dst.Declared = declared
	}
}

// pendingMemory returns where the state keeps its pending attack: its hot
// memory's when it has some, else old (the memory it kept it in before,
// its own), else new memory.
func (s *State) pendingMemory(old *Pending) *Pending {
	switch {
	case s.hot != nil:
		return &s.hot.pending
	case old != nil:
		return old
	}
	return new(Pending)
}

// copyDeclaration makes *dst a copy of *src that shares no queue with it,
// reusing the queues dst holds.
func copyDeclaration(dst, src *Declaration) {
	queue, held := dst.Queue, dst.Held
	*dst = *src
	dst.Queue = reuseCopy(queue, src.Queue)
	dst.Held = reuseCopy(held, src.Held)
}

// reuseCopy returns a copy of src in the memory of buf when it fits; nil
// for nil, so that the JSON of a copy is the JSON of src.
func reuseCopy[T any](buf, src []T) []T {
	if src == nil {
		return nil
	}
	return copyOver(buf, src)
}

// copyOver returns a copy of src in the memory of buf when it fits, else
// in new memory. It copies value by value: for the few values of a fight
// (groups, weapons, queues) that is cheaper than a copy of the slice,
// which goes through the runtime when the values hold pointers.
func copyOver[T any](buf, src []T) []T {
	if cap(buf) < len(src) {
		buf = make([]T, len(src))
	}
	buf = buf[:len(src)]
	for i := range buf {
		buf[i] = src[i]
	}
	return buf
}

// clone returns a copy that shares nothing the rules change. What they
// never change once the fight has started is shared, as scratchInto
// shares it: each combatant's Skills and Armor. The order is copied: a
// scratch state's may be its hot memory's, which the next scratch copy
// writes over. The copy's combatants name their group with the group's
// own string, so that the many comparisons of groups the rules make find
// equal groups by where the bytes are.
//
// The clones of a scratch state (one with hot memory, as exact odds
// step) whose combatants hold the same values share one copy of them,
// which nothing writes (parts.Rosters), their groups named as the
// scratch state's are; a clone with a shared roster gets one of its own
// before anything changes it: Step, Evolve and ScratchInto into it do so
// first (own). Exact odds clone each new situation of a computation,
// thousands of them, most with one of a few rosters.
func (s *State) clone() State {
	out := s.cloneRest()
	switch h := s.hot; {
	case s.shared: // a roster clones share stays shared
		out.Combatants, out.shared = s.Combatants, true
		return out
	case h != nil:
		out.Combatants, out.shared = h.clones.Of(s.Combatants), true
		return out
	}
	out.Combatants = copyRoster(s.Combatants)
	for i := range out.Combatants {
		c := &out.Combatants[i]
		if g := out.group(c.Group); g != nil {
			c.Group = g.ID
		}
	}
	return out
}

// cloneRest is clone but for the roster, which it leaves s's: the caller
// gives it one.
func (s *State) cloneRest() State {
	out := *s
	out.hot, out.shared = nil, false
	out.Groups = slices.Clone(s.Groups)
	out.Order = slices.Clone(s.Order)
	out.Pending, out.Ambush, out.AimsDue = copyOf(s.Pending), copyOf(s.Ambush), copyOf(s.AimsDue)
	if s.After != nil {
		out.After = s.After.clone()
	}
	if s.Declared != nil {
		d := *s.Declared
		d.Command = d.Command.clone()
		d.Queue = slices.Clone(d.Queue)
		d.Held = slices.Clone(d.Held)
		for i := range d.Held {
			d.Held[i].Command = d.Held[i].Command.clone()
		}
		d.Aim = copyOf(d.Aim)
		out.Declared = &d
	}
	return out
}

// copyRoster returns a copy of the combatants cs that shares nothing the
// rules change: their weapons, items and aims are copied, each kind into
// one new array cut at each combatant's.
func copyRoster(cs []Combatant) []Combatant {
	out := slices.Clone(cs)
	var weapons, items, aims int
	for i := range cs {
		c := &cs[i]
		weapons, items = weapons+len(c.Weapons), items+len(c.Items)
		if c.Aim != nil {
			aims++
		}
	}
	allWeapons, allItems := make([]Weapon, 0, weapons), make([]Item, 0, items)
	var allAims []Aim
	if aims > 0 {
		allAims = make([]Aim, 0, aims)
	}
	for i := range out {
		c := &out[i]
		c.Weapons, allWeapons = cloneInto(allWeapons, c.Weapons)
		c.Items, allItems = cloneInto(allItems, c.Items)
		if c.Aim != nil {
			allAims = append(allAims, *c.Aim)
			c.Aim = &allAims[len(allAims)-1]
		}
	}
	return out
}

// sharedRoster returns s's roster when it is one clones share, else nil.
func sharedRoster(s *State) []Combatant {
	if s.shared {
		return s.Combatants
	}
	return nil
}

// own gives s a roster of its own when it shares one with other clones
// (see clone), before anything changes it.
func (s *State) own() {
	if s.shared {
		s.Combatants, s.shared = copyRoster(s.Combatants), false
	}
}

// roster is how clones share rosters (parts.RosterKind): a copy has
// weapons, items and aims of its own (copyRoster); what a fight changes
// lies from a combatant's Evade on.
type roster struct{}

// Copy returns a copy of cs of its own.
func (roster) Copy(cs []Combatant) []Combatant { return copyRoster(cs) }

// Apart lists a combatant's weapons, items and aim.
func (roster) Apart() []parts.Apart {
	return []parts.Apart{
		parts.SliceApart[Weapon](unsafe.Offsetof(Combatant{}.Weapons)),
		parts.SliceApart[Item](unsafe.Offsetof(Combatant{}.Items)),
		parts.PointerApart[Aim](unsafe.Offsetof(Combatant{}.Aim)),
	}
}

// Hashed is all of a combatant from its Evade on.
func (roster) Hashed() []parts.Span {
	return []parts.Span{{From: unsafe.Offsetof(Combatant{}.Evade), To: unsafe.Sizeof(Combatant{})}}
}

// copyOf returns a copy of what p points to, in a place of its own, or nil
// for nil.
func copyOf[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// cloneInto returns a copy of xs (nil for nil) appended to all, which
// has room for it, capped at its own length so that appending to it
// leaves the rest of all alone; and all with it.
func cloneInto[T any](all, xs []T) (copied, rest []T) {
	if xs == nil {
		return nil, all
	}
	start := len(all)
	all = append(all, xs...)
	return all[start:len(all):len(all)], all
}

// name is what a transcript calls the combatant with the given id: its
// name, or the id itself when there is no such combatant.
func (s *State) name(id string) string {
	if c := s.combatant(id); c != nil {
		return c.Name
	}
	return id
}
