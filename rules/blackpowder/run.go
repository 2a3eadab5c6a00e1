package blackpowder

import (
	"fray/dice"
	"fray/engine"
)

// run is one Decide in progress: s is the state every emitted event is
// applied to at once, so that later steps see earlier ones; a scratch copy
// for Decide, the caller's own state for a run in place (Rules.Step).
// Every action makes its checks before its first event, so a refused one
// leaves s as it was. step starts a Step's run field by field: a new field
// must be reset there too.
type run struct {
	s      *State
	src    dice.Source
	events []Event
	// mode is how the acting combatant acts: on its own turn (PaidByAction),
	// with a held delayed action (PaidByDelayed), or free (PaidNothing),
	// with an opportunity attack or an aimed attack already paid for.
	mode Payment
	// aimed is set while an aimed attack resolves: +3 to hit (R22); early
	// when it was fired early (A17).
	aimed, early bool
	// path is set while an opportunity attack resolves: the provoker's
	// path, from its spot to where its declared move or run ends (the spot
	// alone for any other action). Melee reach is measured to it (R34,
	// A22; our ruling, see opportunity).
	path    [2][2]float64
	hasPath bool
	// hot is the state's hot memory when the run is a Step's, where its
	// events and working copies come from; nil for Decide and dry runs.
	hot *hotMemory
	// eventArena is the hot memory's arena of events (see arena), nil
	// without hot memory.
	eventArena *engine.Arena
	// proved is set while a Step's state is still the one its last Moves
	// listed options for: the attacks it recorded for provedFor hold (see
	// listed). taken is the one the run has taken, once it has.
	proved    bool
	provedFor string
	taken     *listedStrike
}

// arena is where the run's events and their dice go: the hot memory's
// when the run is a Step's, else nil (memory of their own).
func (r *run) arena() *engine.Arena { return r.eventArena }

// emit appends e to the run's events and applies it to the run's state.
func (r *run) emit(e Event) {
	r.events = append(r.events, e)
	r.proved = false
	e.apply(r.s, r.hot)
}

func (r *run) d10() int { return r.src.Roll(10) }

// d10By draws a d10 that the rules read only through which of the classes
// c it falls in (see dice.RollClasses): exact odds then follow one path per
// class. At the table it is d10.
func (r *run) d10By(c dice.Classes) int { return dice.RollClasses(r.src, 10, c) }

// Roll is a non-attack check as its event records it (R01): the die, 0
// when none was drawn (A37), the total, the difficulty and the verdict.
type Roll struct {
	Die        int  `json:"die"`
	Total      int  `json:"total"`
	Difficulty int  `json:"difficulty"`
	Success    bool `json:"success"`
}

// passFail rolls a non-attack check against a difficulty: d10 + bonus,
// succeeding on a tie (A01); one that cannot succeed, even with a 10, fails
// without a die (R01, A37), and its die is 0. Only success may be read
// from the die and total, beside recording them: the die is drawn by the
// classes failure and success (passFailTotal when the total counts).
func (r *run) passFail(bonus, difficulty int) Roll {
	return r.checkBy(bonus, difficulty, dice.Classes(0).Cut(difficulty-bonus))
}

// passFailTotal is passFail for a check whose total counts beyond its
// success: every succeeding die apart.
func (r *run) passFailTotal(bonus, difficulty int) Roll {
	return r.checkBy(bonus, difficulty, dice.Classes(0).Cut(difficulty-bonus).Each(difficulty-bonus, 10))
}

// checkBy is passFail with the die drawn by classes c.
func (r *run) checkBy(bonus, difficulty int, c dice.Classes) Roll {
	if 10+bonus < difficulty {
		return Roll{Total: bonus, Difficulty: difficulty}
	}
	die := r.d10By(c)
	return Roll{Die: die, Total: die + bonus, Difficulty: difficulty, Success: die+bonus >= difficulty}
}

// Payment is what pays for an action: the turn's action, a held delayed
// action, or nothing (an opportunity attack, an aimed attack paid for when
// it was declared). The rules compare it as a small number; in JSON (an
// event's Spent) it is its name: "action", "delayed" or "free".
type Payment uint8

// The payments: the turn's action, a held delayed action, or nothing.
const (
	PaidByAction Payment = iota
	PaidByDelayed
	PaidNothing
)

// paymentNames are the names of the Payment values, by value.
var paymentNames = [...]string{"action", "delayed", "free"}

// String returns the payment's name.
func (m Payment) String() string { return nameOf(m, paymentNames[:], "payment") }

// MarshalText writes the payment as its name.
func (m Payment) MarshalText() ([]byte, error) { return nameText(m, paymentNames[:], "payment") }

// UnmarshalText reads a payment from its name.
func (m *Payment) UnmarshalText(b []byte) (err error) {
	*m, err = fromName[Payment](b, paymentNames[:], "payment")
	return err
}
