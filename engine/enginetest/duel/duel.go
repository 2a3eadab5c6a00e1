// Package duel is a small toy ruleset for testing the engine and the tools
// built on it. It is real enough to exercise everything a ruleset does:
// turns, an out-of-turn reaction, a GM ruling with a default, a secret
// declaration that views must hide, and dice paths that draw different
// numbers of dice.
//
// Two or more sides of fighters take turns in a fixed order. On their turn
// a fighter may
//
//   - attack a standing enemy: d20 + bonus against the target's defence,
//     a natural 20 always hits and is a critical;
//   - feint at a standing enemy: declared and rolled exactly like an
//     attack, but only the feinter and the GM know it is a feint;
//   - defend: +4 defence until their next turn.
//
// A hit asks the target to dodge (once a round: a d6, 5 or 6 avoids it) or
// take it. A real blow deals 1d6 damage, 2d6 on a critical; a feint that
// lands does no damage but leaves the target off balance (-2 defence for
// the rest of the round). After every round the GM rules whether the fight goes
// on (the default) or stops in a draw. A side wins when every fighter of
// the other sides is down (HP 0).
package duel

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// Phase says what the fight is waiting for.
type Phase string

// The phases of a fight.
const (
	// Acting: the fighter whose turn it is chooses an action.
	Acting Phase = "act"
	// Reacting: the target of a hit chooses to dodge or take it.
	Reacting Phase = "react"
	// Ruling: the round is over and the GM decides whether to go on.
	Ruling Phase = "ruling"
	// Over: the GM stopped the fight.
	Over Phase = "over"
)

// Bonuses and penalties to defence.
const (
	// DefendBonus is added to the defence of a fighter who defends.
	DefendBonus = 4
	// OffBalancePenalty is taken from the defence of a fighter caught by
	// a feint.
	OffBalancePenalty = 2
)

// State is a duel in progress. It is plain data: it round-trips through
// JSON exactly.
type State struct {
	// Fighters in turn order.
	Fighters []Fighter `json:"fighters"`
	// Round counts rounds from 1.
	Round int `json:"round"`
	// Turn is the index in Fighters of the fighter whose turn it is.
	Turn int `json:"turn"`
	// Phase says what the fight waits for.
	Phase Phase `json:"phase"`
	// Pending is the attack that hit and waits for the target's reaction.
	Pending *Blow `json:"pending,omitempty"`
}

// Fighter is one combatant.
type Fighter struct {
	// ID names the fighter in commands: one lowercase word.
	ID string `json:"id"`
	// Side is the team the fighter fights for.
	Side string `json:"side"`
	// HP is what the fighter has left; at 0 they are down.
	HP int `json:"hp"`
	// Bonus is added to the fighter's attack rolls.
	Bonus int `json:"bonus"`
	// Defence is what an attack roll must reach to hit the fighter.
	Defence int `json:"defence"`
	// Defending is set from a defend action until the fighter's next turn.
	Defending bool `json:"defending,omitempty"`
	// OffBalance is set by a feint that landed, until the end of the
	// round.
	OffBalance bool `json:"off_balance,omitempty"`
	// Dodged says the fighter has dodged this round.
	Dodged bool `json:"dodged,omitempty"`
}

// Up reports whether the fighter is still standing.
func (f *Fighter) Up() bool { return f.HP > 0 }

// EffectiveDefence is the fighter's defence with their guard and balance.
func (f *Fighter) EffectiveDefence() int {
	d := f.Defence
	if f.Defending {
		d += DefendBonus
	}
	if f.OffBalance {
		d -= OffBalancePenalty
	}
	return d
}

// Blow is an attack (or a feint) that hit and waits for the target.
type Blow struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	// Feint is secret: only the attacker and the GM may see it.
	Feint bool `json:"feint,omitempty"`
	// Natural is the d20 of the attack roll; 20 is a critical.
	Natural int `json:"natural"`
}

// New starts a fight between the fighters, who act in the order given.
// It checks that ids are unique lowercase words (and not "gm"), that there
// are at least two sides and that everyone starts standing.
func New(fighters ...Fighter) (State, error) {
	var errs []error
	seen := map[string]bool{}
	sides := map[string]bool{}
	for i, f := range fighters {
		switch {
		case f.ID == "" || strings.ContainsFunc(f.ID, func(r rune) bool { return (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' }):
			errs = append(errs, &engine.FieldError{Path: fmt.Sprintf("fighters[%d].id", i), Msg: fmt.Sprintf("%q is not a lowercase word (a-z, 0-9, -)", f.ID)})
		case f.ID == engine.GM:
			errs = append(errs, &engine.FieldError{Path: fmt.Sprintf("fighters[%d].id", i), Msg: `"gm" is the game master's id`})
		case seen[f.ID]:
			errs = append(errs, &engine.FieldError{Path: fmt.Sprintf("fighters[%d].id", i), Msg: fmt.Sprintf("%q is used twice", f.ID)})
		}
		seen[f.ID] = true
		if f.Side == "" {
			errs = append(errs, &engine.FieldError{Path: fmt.Sprintf("fighters[%d].side", i), Msg: "every fighter needs a side"})
		}
		sides[f.Side] = true
		if f.HP < 1 {
			errs = append(errs, &engine.FieldError{Path: fmt.Sprintf("fighters[%d].hp", i), Msg: fmt.Sprintf("%d: a fighter starts with at least 1 HP", f.HP)})
		}
	}
	if len(sides) < 2 {
		errs = append(errs, &engine.FieldError{Path: "fighters", Msg: "a fight needs fighters on at least two sides"})
	}
	if len(errs) > 0 {
		return State{}, errors.Join(errs...)
	}
	s := State{Fighters: slices.Clone(fighters), Round: 1, Phase: Acting}
	for i := range s.Fighters {
		s.Fighters[i].Defending, s.Fighters[i].OffBalance, s.Fighters[i].Dodged = false, false, false
	}
	s.Turn = -1
	endTurn(&s)
	return s, nil
}

// Fighter returns the fighter with the given id, or nil.
func (s *State) Fighter(id string) *Fighter {
	for i := range s.Fighters {
		if s.Fighters[i].ID == id {
			return &s.Fighters[i]
		}
	}
	return nil
}

// Standing returns the sides that still have a fighter up, in order of
// first appearance.
func (s *State) Standing() []string {
	var sides []string
	for _, f := range s.Fighters {
		if f.Up() && !slices.Contains(sides, f.Side) {
			sides = append(sides, f.Side)
		}
	}
	return sides
}

// ids lists the fighters' ids, for messages.
func (s *State) ids() string {
	ids := make([]string, len(s.Fighters))
	for i, f := range s.Fighters {
		ids[i] = f.ID
	}
	return strings.Join(ids, ", ")
}

// Skirmish is a two-on-two fight: ann and cy against bob and dee.
func Skirmish() State {
	s, _ := New(
		Fighter{ID: "ann", Side: "red", HP: 10, Bonus: 4, Defence: 13},
		Fighter{ID: "bob", Side: "blue", HP: 12, Bonus: 3, Defence: 12},
		Fighter{ID: "cy", Side: "red", HP: 8, Bonus: 5, Defence: 11},
		Fighter{ID: "dee", Side: "blue", HP: 9, Bonus: 2, Defence: 14},
	)
	return s
}

// Brawl is a short one-on-one fight between fragile fighters, which often
// ends with someone down.
func Brawl() State {
	s, _ := New(
		Fighter{ID: "ann", Side: "red", HP: 3, Bonus: 5, Defence: 10},
		Fighter{ID: "bob", Side: "blue", HP: 4, Bonus: 4, Defence: 11},
	)
	return s
}

// Melee is three sides at once: ann alone against two pairs.
func Melee() State {
	s, _ := New(
		Fighter{ID: "ann", Side: "red", HP: 12, Bonus: 6, Defence: 15},
		Fighter{ID: "bob", Side: "blue", HP: 4, Bonus: 2, Defence: 10},
		Fighter{ID: "cy", Side: "green", HP: 5, Bonus: 3, Defence: 11},
		Fighter{ID: "dee", Side: "blue", HP: 3, Bonus: 1, Defence: 9},
		Fighter{ID: "eve", Side: "green", HP: 4, Bonus: 2, Defence: 10},
	)
	return s
}
