package woundslots

import (
	"slices"

	"fray/engine"
	"fray/rules/parts"
)

// Start is the starting state of "start:", for a fight that begins
// part-way through: no setup, no initiative rolled. Left out, a
// combatant is fresh, with initiative 10 and no AP.
type Start struct {
	Round      int                       `yaml:"round" min:"1" doc:"the round the fight is in (default 1)"`
	Phase      string                    `yaml:"phase" enum:"act,rest" doc:"act (default): a combatant's turn; rest: the fight is over and the GM rules on rests (section 7.8)"`
	Turn       string                    `yaml:"turn" doc:"whose turn it is (default: the highest initiative not yet acted, ties by id)"`
	Combatants map[string]CombatantStart `yaml:"combatants" doc:"each combatant's condition, by id"`
}

// CombatantStart is one combatant's condition in a starting state.
type CombatantStart struct {
	Initiative *int          `yaml:"initiative" min:"0" doc:"its initiative score (default 10)"`
	AP         *int          `yaml:"ap" min:"0" doc:"AP in hand (default 0)"`
	Status     string        `yaml:"status" enum:"active,unconscious,dead" doc:"active (default), unconscious or dead"`
	Dying      int           `yaml:"dying" min:"0" doc:"unconscious and dying: the dying round it is in (1 the first)"`
	Posture    string        `yaml:"posture" enum:"standing,crouching,prone" doc:"standing (default), crouching or prone"`
	Wounds     *WoundsStart  `yaml:"wounds" doc:"filled wound slots per level"`
	Stamina    *int          `yaml:"stamina" min:"0" doc:"stamina now (default its max)"`
	Fatigue    int           `yaml:"fatigue" min:"0" doc:"fatigue (R20)"`
	Defending  bool          `yaml:"defending" doc:"defended on its last turn (R45)"`
	Acted      bool          `yaml:"acted" doc:"has had its turn this round"`
	Helpless   int           `yaml:"helpless" min:"0" doc:"rounds of helplessness left, counting this one (R39)"`
	OutRounds  int           `yaml:"out_rounds" min:"0" doc:"rounds it has lain unconscious and stable (A09: a wake check every 40)"`
	Long       *LongStart    `yaml:"long" doc:"a long action under way (R25)"`
	Position   *PositionSpec `yaml:"at" doc:"where it stands now"`
}

// WoundsStart is filled slots per level.
type WoundsStart struct {
	Light    int `yaml:"light" min:"0"`
	Moderate int `yaml:"moderate" min:"0"`
	Severe   int `yaml:"severe" min:"0"`
	Critical int `yaml:"critical" min:"0"`
	Fatal    int `yaml:"fatal" min:"0"`
}

// LongStart is a long action under way.
type LongStart struct {
	Object    string `yaml:"object" required:"true" doc:"what is being used"`
	Remaining int    `yaml:"remaining" min:"0" doc:"AP still owed"`
	Rounds    int    `yaml:"rounds" min:"0" doc:"rounds of all AP still to give"`
}

// PositionSpec is a cell.
type PositionSpec struct {
	X int `yaml:"x"`
	Y int `yaml:"y"`
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
	ids := make([]string, 0, len(st.Combatants))
	for id := range st.Combatants {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		cs := st.Combatants[id]
		at := "start.combatants." + id
		c := s.Combatant(id)
		if c == nil {
			bad(at, "no combatant %q; combatants: %s", id, s.ids())
			continue
		}
		if cs.Initiative != nil {
			c.Initiative = *cs.Initiative
		}
		if cs.AP != nil {
			c.AP = min(*cs.AP, apRow(c.Attributes.Speed).Max)
		}
		if cs.Posture != "" {
			c.Posture = cs.Posture
		}
		setFatigue(c, cs.Fatigue)
		c.Stamina = c.MaxStamina()
		if cs.Stamina != nil {
			c.Stamina = min(*cs.Stamina, c.MaxStamina())
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
			if c.Status != Unconscious {
				bad(at+".dying", "only an unconscious combatant is dying")
			}
			c.IsDying, c.Dying = true, cs.Dying
		}
		c.Defending, c.Acted, c.Helpless, c.OutRounds = cs.Defending, cs.Acted, cs.Helpless, cs.OutRounds
		if cs.Long != nil {
			c.Long = &Long{Object: cs.Long.Object, Remaining: cs.Long.Remaining, Rounds: cs.Long.Rounds}
		}
		if cs.Position != nil {
			c.X, c.Y = cs.Position.X, cs.Position.Y
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
	s.Phase = Acting
	if st.Turn != "" {
		c := s.Combatant(st.Turn)
		switch {
		case c == nil:
			bad("start.turn", "no combatant %q; combatants: %s", st.Turn, s.ids())
		case !c.canAct():
			bad("start.turn", "%s cannot act (%s)", st.Turn, c.Status)
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
		if c.canAct() && !c.Acted && c.takesTurns() && (best < 0 || s.turnInitiative(c) > s.turnInitiative(&s.Combatants[best])) {
			best = i
		}
	}
	if best < 0 {
		bad("start", "nobody is left to act this round")
		return
	}
	s.Turn = s.Combatants[best].ID
}
