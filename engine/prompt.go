package engine

import (
	"fmt"
	"strings"
)

// GM is the actor id of the game master, who decides rulings and may act
// for anyone.
const GM = "gm"

// PromptKind says what sort of decision a prompt asks for.
type PromptKind string

// The kinds of prompt.
const (
	// Act: a combatant's own decision on their turn.
	Act PromptKind = "act"
	// React: a decision in answer to what someone else did (dodge,
	// opportunity attack, interrupt, a counter, a counter-tempo reply to a
	// reaction), part of resolving an action rather than a new one.
	React PromptKind = "react"
	// Ruling: a question for the game master, with a default so that fights
	// can run unattended.
	Ruling PromptKind = "ruling"
	// End: the fight is over; no decision is pending.
	End PromptKind = "end"
)

// Prompt says who must decide what now. Its options are data: a user
// interface renders them, a policy chooses among them, a test scripts them.
type Prompt[C any] struct {
	Kind PromptKind `json:"kind"`
	// Actor is the combatant id (or GM) whose decision it is.
	Actor string `json:"actor,omitempty"`
	// Others may answer the prompt instead of Actor: the other members of
	// a group whose members act in any order. Options are Actor's.
	Others []string `json:"others,omitempty"`
	// Question says in words what is being decided.
	Question string `json:"question"`
	// Options lists the legal choices. A ruleset may accept other commands
	// too (a move to any reachable point), but every option is legal.
	Options []Option[C] `json:"options,omitempty"`
	// Default is the index of the option taken when nobody decides (GM
	// rulings have one); -1 when there is none.
	Default int `json:"default"`
	// Winner names the winning side once the fight has ended ("" for a
	// draw).
	Winner string `json:"winner,omitempty"`
}

// Accepts reports whether actor may answer the prompt: its actor, one of
// its others, or the GM.
func (p Prompt[C]) Accepts(actor string) bool {
	if actor == GM || actor == p.Actor {
		return true
	}
	for _, o := range p.Others {
		if o == actor {
			return true
		}
	}
	return false
}

// Option is one legal choice of a prompt.
type Option[C any] struct {
	// Label says what the option does, for a menu.
	Label string `json:"label"`
	// Command is what submitting the option submits.
	Command C `json:"command"`
}

// Viewer is whose eyes a view is for: the GM sees everything; a player sees
// what the combatant they control may see.
type Viewer struct {
	GM        bool   `json:"gm,omitempty"`
	Combatant string `json:"combatant,omitempty"`
}

// Everyone is the GM's view, from which nothing is hidden.
var Everyone = Viewer{GM: true}

// Fallback is the command a policy gives when it has no better idea: the
// prompt's default option when it has one, else its first; the zero
// command when it has no options.
func (p Prompt[C]) Fallback() C {
	switch {
	case p.Default >= 0 && p.Default < len(p.Options):
		return p.Options[p.Default].Command
	case len(p.Options) > 0:
		return p.Options[0].Command
	}
	var zero C
	return zero
}

// Writer writes a prompt, one code for people (Next) and for a policy
// (Moves). For people it writes the question and every option's label,
// and each command is memory of its own; lean, for a policy, it writes
// neither, and the commands go in Moves, the state's hot memory's arena,
// so that a policy's prompt formats no text and allocates nothing. A
// ruleset's prompt writer embeds it.
type Writer[C any] struct {
	// P is the prompt being written.
	P *Prompt[C]
	// Moves is where a lean prompt's commands go (engine.New), nil when
	// people will read the prompt.
	Moves *Arena
}

// People reports whether people will read the prompt: whether to write
// its question and labels.
func (w *Writer[C]) People() bool { return w.Moves == nil }

// Ask sets the question, words joined, when people will read it.
func (w *Writer[C]) Ask(words ...string) {
	if w.People() {
		w.P.Question = strings.Join(words, "")
	}
}

// Askf sets the question, formatted, when people will read it.
func (w *Writer[C]) Askf(format string, args ...any) {
	if w.People() {
		w.P.Question = fmt.Sprintf(format, args...)
	}
}

// Add appends an option: command c, labelled with words joined when people
// will read it.
func (w *Writer[C]) Add(c C, words ...string) {
	o := Option[C]{Command: c}
	if w.People() {
		o.Label = strings.Join(words, "")
	}
	w.P.Options = append(w.P.Options, o)
}

// Lean returns a Writer of a policy's prompt into p (Moves), its commands
// in moves, the state's hot memory's arena of moves: it resets moves, and
// p to a prompt that keeps only the memory of its options and others.
func Lean[C any](p *Prompt[C], moves *Arena) Writer[C] {
	moves.Reset()
	*p = Prompt[C]{Options: p.Options[:0], Others: p.Others[:0]}
	return Writer[C]{P: p, Moves: moves}
}
