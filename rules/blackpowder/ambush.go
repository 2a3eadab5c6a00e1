package blackpowder

import (
	"fmt"

	"fray/engine"
)

// Hide: a hider's Stealth check before an ambush (R36).
type Hide struct{}

// The kinds of ambush.go's commands and events.
var (
	_                    = engine.Add[Hide](commands, "hide")
	_                    = engine.Add[Search](commands, "search")
	stealthRolledKind    = engine.Add[StealthRolled](events, "stealth_rolled")
	perceptionRolledKind = engine.Add[PerceptionRolled](events, "perception_rolled")
	ambushResolvedKind   = engine.Add[AmbushResolved](events, "ambush_resolved")
	ambushOverKind       = engine.Add[AmbushOver](events, "ambush_over")
)

func (*Hide) isCommand() {}

// Search: an ambushed combatant's Perception check (R37).
type Search struct{}

func (*Search) isCommand() {}

// resolveAmbush settles the ambush once every hider has hidden and, if the
// ambushed search, every one of them has searched: spotted if a search
// reached the lowest Stealth, or, without a search, if a hider's Stealth
// is below the best passive perception (R36, R37, A33). It reports whether
// the ambush stage is over.
func (r *run) resolveAmbush() bool {
	s := r.s
	a := s.Ambush
	if s.nextHider() != nil || (a.Searching && s.nextSearcher() != nil) {
		return false
	}
	ev := engine.New(r.arena(), ambushResolvedKind, AmbushResolved{Difficulty: s.ambushDifficulty(), Spotted: a.Spotted})
	if !a.Searching {
		for _, c := range s.Combatants {
			if c.Group != a.Hiders && c.Status == Active {
				ev.Passive = max(ev.Passive, c.Senses+c.skill(skillPerception))
			}
		}
		for _, c := range s.Combatants {
			if c.Group == a.Hiders && c.Status == Active && c.Stealth < ev.Passive {
				ev.Spotted = true
			}
		}
	}
	r.emit(ev)
	return true
}

// nextHider is the next hider to roll Stealth, in roster order, or nil.
func (s *State) nextHider() *Combatant {
	n := s.Ambush.Hidden
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Group == s.Ambush.Hiders && c.Status == Active {
			if n == 0 {
				return c
			}
			n--
		}
	}
	return nil
}

// nextSearcher is the next ambushed combatant to roll Perception, or nil.
func (s *State) nextSearcher() *Combatant {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Group != s.Ambush.Hiders && c.Status == Active && !c.Searched {
			return c
		}
	}
	return nil
}

// ambushDifficulty is the lowest hider's Stealth total (R36), once every
// hider has rolled.
func (s *State) ambushDifficulty() int {
	low, found := 0, false
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.Group == s.Ambush.Hiders && c.Status == Active && (!found || c.Stealth < low) {
			low, found = c.Stealth, true
		}
	}
	return low
}

func (r *run) hide(who string) error {
	if r.s.stage() != stageAmbush || r.s.nextHider() == nil {
		return engine.Errorf(engine.NotAllowedNow, "nobody is hiding now: %s", next(r.s).Question)
	}
	c := r.s.nextHider()
	if c.ID != who {
		return engine.Errorf(engine.NotYourTurn, "%s hides next, not %s", c.ID, who)
	}
	die := r.d10()
	r.emit(engine.New(r.arena(), stealthRolledKind, StealthRolled{Who: c.ID, Die: die, Total: die + c.Body + c.skill(skillStealth) + r.s.Ambush.Bonus + c.StealthBonus}))
	return nil
}

func (r *run) search(who string) error {
	if r.s.stage() != stageAmbush || r.s.nextHider() != nil || !r.s.Ambush.Searching || r.s.nextSearcher() == nil {
		return engine.Errorf(engine.NotAllowedNow, "nobody is searching now: %s", next(r.s).Question)
	}
	c := r.s.nextSearcher()
	if c.ID != who {
		return engine.Errorf(engine.NotYourTurn, "%s searches next, not %s", c.ID, who)
	}
	die := r.d10()
	ev := engine.New(r.arena(), perceptionRolledKind, PerceptionRolled{Who: c.ID, Die: die, Total: die + c.Senses + c.skill(skillPerception), Difficulty: r.s.ambushDifficulty()})
	ev.Spotted = ev.Total >= ev.Difficulty // ties favour the roller (A33)
	r.emit(ev)
	return nil
}

// StealthRolled: a hider's Stealth check (R36).
type StealthRolled struct {
	Who   string `json:"who"`
	Die   int    `json:"die"`
	Total int    `json:"total"`
}

func (e *StealthRolled) apply(s *State, _ *hotMemory) {
	s.combatant(e.Who).Stealth = e.Total
	s.Ambush.Hidden++
}

func (e *StealthRolled) describe(s *State) string {
	return fmt.Sprintf("%s hides: Stealth d10=%d → %d", s.name(e.Who), e.Die, e.Total)
}

// PerceptionRolled: an ambushed combatant searches (R37).
type PerceptionRolled struct {
	Who        string `json:"who"`
	Die        int    `json:"die"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Spotted    bool   `json:"spotted"`
}

func (e *PerceptionRolled) apply(s *State, _ *hotMemory) {
	s.combatant(e.Who).Searched = true
	if e.Spotted {
		s.Ambush.Spotted = true
	}
}

func (e *PerceptionRolled) describe(s *State) string {
	return fmt.Sprintf("%s searches: Perception d10=%d → %d vs %d: %s", s.name(e.Who), e.Die, e.Total, e.Difficulty, map[bool]string{true: "spotted", false: "nothing"}[e.Spotted])
}

// AmbushResolved: every hider has hidden (and every searcher searched):
// the ambush is spotted, or the ambushers get their free turn (R37, R38).
// Passive is the ambushed side's passive perception when nobody searched.
type AmbushResolved struct {
	Difficulty int  `json:"difficulty"`
	Passive    int  `json:"passive,omitempty"`
	Spotted    bool `json:"spotted"`
}

func (e *AmbushResolved) apply(s *State, _ *hotMemory) {
	a := s.Ambush
	a.Difficulty, a.Spotted = e.Difficulty, e.Spotted
	if e.Spotted {
		a.Stage = "done"
		return
	}
	a.Stage = "free"
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Group == a.Hiders && c.Status == Active {
			c.Actions, c.Done = 1, false
		}
	}
}

func (e *AmbushResolved) describe(*State) string {
	if e.Spotted {
		return fmt.Sprintf("the ambush (difficulty %d) is spotted", e.Difficulty)
	}
	return fmt.Sprintf("the ambush (difficulty %d) is not spotted: the ambushers' free turn", e.Difficulty)
}

// AmbushOver: the ambushers' free turn is over; initiative follows (R38).
type AmbushOver struct{}

func (*AmbushOver) apply(s *State, _ *hotMemory) {
	s.Ambush.Stage = "done"
	for i := range s.Combatants {
		s.Combatants[i].Actions = 0
	}
}

func (*AmbushOver) describe(*State) string {
	return "the ambushers' free turn is over"
}
