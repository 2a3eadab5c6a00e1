package woundslots

import (
	"fmt"
	"maps"
	"slices"

	"fray/engine"
	"fray/rules/parts"
)

// Start is the starting state of "start:", for a fight that begins
// part-way through: no setup, no initiative rolled. Left out, a
// combatant is fresh, with initiative 10 and no AP.
type Start struct {
	Round      int                       `yaml:"round" min:"1" max:"10000" doc:"the round the fight is in (default 1)"`
	Phase      string                    `yaml:"phase" enum:"act,rest" doc:"act (default): a combatant's turn; rest: the fight is over and the GM rules on rests (section 7.8)"`
	Turn       string                    `yaml:"turn" doc:"whose turn it is (default: the highest initiative not yet acted, ties by id)"`
	Order      []string                  `yaml:"order" max:"100" doc:"the order, first first, in which combatants of equal initiative go this round, as if their tie-break dice were drawn (A15)"`
	Combatants map[string]CombatantStart `yaml:"combatants" max:"100" doc:"each combatant's condition, by id"`
}

// CombatantStart is one combatant's condition in a starting state.
type CombatantStart struct {
	Initiative *int          `yaml:"initiative" min:"0" max:"100" doc:"its initiative score (default 10)"`
	AP         *int          `yaml:"ap" min:"0" max:"100" doc:"AP in hand (default 0)"`
	Status     string        `yaml:"status" enum:"active,unconscious,dead" doc:"active (default), unconscious or dead"`
	Dying      int           `yaml:"dying" min:"0" max:"100" doc:"unconscious and dying: the dying round it is in (1 the first)"`
	Posture    string        `yaml:"posture" enum:"standing,crouching,prone" doc:"standing (default), crouching or prone"`
	Wounds     *WoundsStart  `yaml:"wounds" doc:"filled wound slots per level"`
	Stamina    *int          `yaml:"stamina" min:"0" max:"1000" doc:"stamina now (default its max)"`
	Fatigue    int           `yaml:"fatigue" min:"0" max:"100" doc:"fatigue (R20)"`
	Defending  bool          `yaml:"defending" doc:"defended on its last turn (R45)"`
	Acted      bool          `yaml:"acted" doc:"has had its turn this round"`
	Helpless   int           `yaml:"helpless" min:"0" max:"10" doc:"rounds of helplessness left, counting this one (R39)"`
	OutRounds  int           `yaml:"out_rounds" min:"0" max:"1000" doc:"rounds it has lain unconscious and stable (A09: a wake check every 40)"`
	Long       *LongStart    `yaml:"long" doc:"a long action under way (R25)"`
	Position   *PositionSpec `yaml:"at" doc:"where it stands now"`
	Mana       *int          `yaml:"mana" min:"0" max:"1000" doc:"mana now (default its max, R21)"`
	Grappling  []string      `yaml:"grappling" max:"10" doc:"who it grapples, each grappling it too (R57)"`
	PinnedBy   string        `yaml:"pinned_by" doc:"who pins it (R59); it must grapple it"`
	Readied    string        `yaml:"readied" doc:"a readied action (R47): attack for a standard attack, or a command"`
	Ignoring   []string      `yaml:"ignoring" max:"100" doc:"enemies it ignores (R12)"`
	Distracted bool          `yaml:"distracted" doc:"distracted this round (R61)"`
	Dashing    bool          `yaml:"dashing" doc:"dashed this round (R54)"`
	Pool       int           `yaml:"pool" min:"0" max:"100" doc:"yards of movement bought this round and not used (R34)"`
	Surprised  bool          `yaml:"surprised" doc:"surprised, in round 1 (R31)"`
	Sunk       bool          `yaml:"sunk" doc:"a swimmer sunk below the surface (R75)"`
	Fallen     bool          `yaml:"fallen" doc:"a climber fallen to the foot of its climb (R75)"`
	Bolting    bool          `yaml:"bolting" doc:"an untrained mount that has bolted (R77)"`
	Recovery   int           `yaml:"recovery_bonus" min:"0" max:"100" doc:"the bonus earned by failed recovery checks (R72)"`
	LongRests  int           `yaml:"long_rests" min:"0" max:"2" doc:"long rests with benefits taken today (R68)"`
	Harried    int           `yaml:"harried" min:"0" max:"100" doc:"how many harry it this round, each -2 on its ranged attacks (R46)"`
}

// WoundsStart is filled slots per level.
type WoundsStart struct {
	Light    int `yaml:"light" min:"0" max:"100"`
	Moderate int `yaml:"moderate" min:"0" max:"100"`
	Severe   int `yaml:"severe" min:"0" max:"100"`
	Critical int `yaml:"critical" min:"0" max:"100"`
	Fatal    int `yaml:"fatal" min:"0" max:"100"`
}

// LongStart is a long action under way.
type LongStart struct {
	Object    string `yaml:"object" required:"true" doc:"what is being used"`
	Remaining int    `yaml:"remaining" min:"0" max:"100" doc:"AP still owed"`
	Rounds    int    `yaml:"rounds" min:"0" max:"100" doc:"rounds of all AP still to give"`
}

// PositionSpec is a cell.
type PositionSpec struct {
	X int `yaml:"x" min:"-1000" max:"1000"`
	Y int `yaml:"y" min:"-1000" max:"1000"`
}

// StartingState returns the spec's starting state for the loader.
func (sp *Spec) StartingState() any { return &sp.Begin }

var _ engine.StartingState = (*Spec)(nil)

// apply sets up s from the starting state, drawing no dice.
func (st *Start) apply(s *State, bad func(path, format string, args ...any)) {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		c.Initiative = 10
		if c.Status == Away && parts.JoinsAfter(c.Joins, max(st.Round, 1)-1) {
			c.Status = Active // arrived before the fight's starting round
		}
	}
	ids := slices.Sorted(maps.Keys(st.Combatants))
	for _, id := range ids {
		if at := "start.combatants." + id; st.present(s, at, id, bad) {
			setCombatant(s, s.Combatant(id), st.Combatants[id], at, bad)
		}
	}
	// A second pass, every combatant in its place: grapples and pins.
	placeGrapples(s, st, ids, bad)
	for i, id := range st.Order {
		// A15: the tie-break dice of the starting round, as if drawn.
		if st.present(s, fmt.Sprintf("start.order[%d]", i), id, bad) {
			s.Combatant(id).TieBreak = 20 * (len(st.Order) - i)
		}
	}
	s.Round = max(st.Round, 1)
	if st.Phase == string(Resting) {
		if st.Turn != "" {
			bad("start.turn", "while resting it is nobody's turn; leave turn out")
		}
		s.Phase = Resting
		return
	}
	st.setTurn(s, bad)
}

// present reports whether the starting state may set combatant id (at
// at), or says why not: there is none, or it has no state until it
// arrives and rolls its initiative (A14).
func (st *Start) present(s *State, at, id string, bad func(path, format string, args ...any)) bool {
	switch c := s.Combatant(id); {
	case c == nil:
		bad(at, "no combatant %q; combatants: %s", id, s.ids())
	case c.Status == Away:
		bad(at, "%s joins as round %d begins, after round %d: it is not in the fight yet (A14)", id, c.Joins+1, max(st.Round, 1))
	default:
		return true
	}
	return false
}

// setCombatant sets combatant c up as its starting state cs says; at is
// cs's path in the file, for bad's messages.
func setCombatant(s *State, c *Combatant, cs CombatantStart, at string, bad func(path, format string, args ...any)) {
	id := c.ID
	c.Initiative = valueOr(cs.Initiative, c.Initiative)
	if cs.AP != nil {
		c.AP = *cs.AP
		if most := apRow(c.Attributes.Speed).Max; c.AP > most {
			bad(at+".ap", "%s holds at most %d AP (Speed %d, R23), not %d", id, most, c.Attributes.Speed, c.AP)
		}
	}
	if cs.Posture != "" {
		c.Posture = cs.Posture
	}
	setFatigue(c, cs.Fatigue)
	c.Stamina = c.MaxStamina()
	if cs.Stamina != nil {
		c.Stamina = *cs.Stamina
		if c.Stamina > c.MaxStamina() {
			bad(at+".stamina", "%s has at most %d stamina (R20), not %d", id, c.MaxStamina(), c.Stamina)
		}
	}
	if w := cs.Wounds; w != nil {
		c.Wounds = Wounds{Light: w.Light, Moderate: w.Moderate, Severe: w.Severe, Critical: w.Critical, Fatal: w.Fatal}
		for l := Light; l <= Fatal; l++ {
			if *c.Wounds.At(l) > *c.Slots.At(l) {
				bad(at+".wounds."+LevelName(l), "%s has %d %s slots, not %d", id, *c.Slots.At(l), LevelName(l), *c.Wounds.At(l))
			}
		}
		c.Severity = c.Wounds.Severity()
	}
	if cs.Status != "" {
		c.Status = cs.Status
	}
	if cs.Dying > 0 {
		// A08: only a PC or special NPC with a fatal wound is left dying,
		// and it dies at the end of its last dying round.
		last := max(1, 5+c.Attributes.Vit)
		switch {
		case c.Status != Unconscious:
			bad(at+".dying", "only an unconscious combatant is dying")
		case c.npc():
			bad(at+".dying", "%s is an NPC, which dies of a fatal wound rather than lying dying (R17)", id)
		case c.Wounds.Fatal == 0:
			bad(at+".dying", "%s has no fatal wound to be dying of (A08): give wounds: {fatal: 1}", id)
		case cs.Dying > last:
			bad(at+".dying", "%s dies at the end of its dying round %d (A08), not later", id, last)
		}
		c.IsDying, c.Dying = true, cs.Dying
	}
	c.Defending, c.Acted, c.Helpless, c.OutRounds = cs.Defending, cs.Acted, cs.Helpless, cs.OutRounds
	if l := cs.Long; l != nil && (l.Remaining > 0) == (l.Rounds > 0) {
		// R25: a long action under way still owes AP, or rounds of all AP.
		bad(at+".long", "give what %s still owes, one of remaining (AP) and rounds, above 0", id)
	}
	if cs.Long != nil {
		c.Long = &Long{Object: cs.Long.Object, Remaining: cs.Long.Remaining, Rounds: cs.Long.Rounds}
	}
	if cs.Position != nil {
		c.X, c.Y = cs.Position.X, cs.Position.Y
	}
	if cs.Mana != nil {
		c.Mana = *cs.Mana
		if c.Mana > c.maxMana() {
			bad(at+".mana", "%s has at most %d mana (R21), not %d", id, c.maxMana(), c.Mana)
		}
	}
	c.PinnedBy, c.Distracted, c.Dashing, c.Surprised = cs.PinnedBy, cs.Distracted, cs.Dashing, cs.Surprised
	c.Sunk, c.Fell, c.Bolting = cs.Sunk, cs.Fallen, cs.Bolting
	c.RecoveryBonus, c.LongRests, c.Harried = cs.Recovery, cs.LongRests, RangePenalty*cs.Harried
	if cs.Pool > 0 {
		c.PoolQuarters = 4 * cs.Pool
	}
	switch cs.Readied {
	case "":
	case "attack":
		c.Readied = true
	default:
		cmd, err := Rules{}.ParseCommand(s, c.ID, cs.Readied)
		if err != nil || !offTurnCommand(cmd) {
			bad(at+".readied", "%q is not an action to ready: attack, or a command such as defend or move 3,0", cs.Readied)
			break
		}
		c.Readied, c.ReadyAction = true, Nested{c: cmd}
	}
	for _, id := range cs.Ignoring {
		if o := s.Combatant(id); o == nil || o.Side == c.Side || o.Status == Away {
			bad(at+".ignoring", "%q is not an enemy of %s", id, c.ID)
			continue
		}
		c.Ignoring = append(c.Ignoring, id)
	}
}

// placeGrapples sets up the grapples and pins of the starting state, once
// every combatant is in its place.
func placeGrapples(s *State, st *Start, ids []string, bad func(path, format string, args ...any)) {
	for _, id := range ids {
		cs, c := st.Combatants[id], s.Combatant(id)
		if c == nil || c.Status == Away {
			continue // refused already
		}
		at := "start.combatants." + id
		for _, id := range cs.Grappling {
			o := s.Combatant(id)
			switch {
			case o == nil || o.ID == c.ID:
				bad(at+".grappling", "no other combatant %q to grapple", id)
			case o.Status == Away:
				bad(at+".grappling", "%s joins as round %d begins: it is not in the fight yet (A14)", id, o.Joins+1)
			case Gap(c, o) > 0:
				bad(at+".grappling", "%s and %s are not adjacent, and grapplers are (A23)", c.ID, id)
			case c.Status != Active || o.Status != Active:
				bad(at+".grappling", "%s and %s cannot grapple: one down (%s, %s) holds no one and is held by no one (R57)", c.ID, id, c.Status, o.Status)
			default:
				if !slices.Contains(c.Grappling, id) {
					c.Grappling = append(c.Grappling, id)
				}
				if !slices.Contains(o.Grappling, c.ID) {
					o.Grappling = append(o.Grappling, c.ID)
				}
			}
		}
	}
	// Pins once every grapple is placed, whichever of the two gave it.
	for _, id := range ids {
		cs, c := st.Combatants[id], s.Combatant(id)
		if c == nil || c.Status == Away {
			continue
		}
		if cs.PinnedBy != "" && !slices.Contains(c.Grappling, cs.PinnedBy) {
			bad("start.combatants."+id+".pinned_by", "%s must grapple %s to pin it (R59): give grappling too", cs.PinnedBy, c.ID)
		}
		if p := st.Combatants[cs.PinnedBy]; cs.PinnedBy != "" && p.PinnedBy == c.ID && id < cs.PinnedBy {
			bad("start.combatants."+id+".pinned_by", "%s and %s cannot pin each other: the pinned may only escape (R59)", c.ID, cs.PinnedBy)
		}
	}
}

// setTurn sets whose turn it is in the acting phase: the one the starting
// state names, or the one whose turn comes first among those yet to act.
func (st *Start) setTurn(s *State, bad func(path, format string, args ...any)) {
	s.Phase = Acting
	if st.Turn != "" {
		c := s.Combatant(st.Turn)
		switch {
		case c == nil:
			bad("start.turn", "no combatant %q; combatants: %s", st.Turn, s.ids())
		case c.Status != Active:
			bad("start.turn", "%s cannot act (%s)", st.Turn, c.Status)
		case !c.canAct():
			bad("start.turn", "%s is helpless for %d more rounds and cannot act (R39)", st.Turn, c.Helpless)
		case c.Acted:
			bad("start.turn", "%s has acted this round already", st.Turn)
		case !c.takesTurns():
			bad("start.turn", "%s is ridden by %s and acts in its turn (R76)", st.Turn, c.Rider)
		default:
			s.Turn = c.ID
		}
		return
	}
	best := -1
	for _, i := range byID(s) {
		c := &s.Combatants[i]
		if c.canAct() && !c.Acted && c.takesTurns() && (best < 0 || s.turnInitiative(c) > s.turnInitiative(&s.Combatants[best]) ||
			s.turnInitiative(c) == s.turnInitiative(&s.Combatants[best]) && c.TieBreak > s.Combatants[best].TieBreak) {
			best = i
		}
	}
	if best < 0 {
		bad("start", "nobody is left to act this round")
		return
	}
	s.Turn = s.Combatants[best].ID
}
