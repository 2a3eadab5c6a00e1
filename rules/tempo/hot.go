package tempo

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory { return parts.Lazy(&s.hot) }

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step, ScratchInto and
// ViewInto): the commands Moves lists and the events Step emits, each in
// an engine.Arena, the squares, ids and choices they carry, the working
// memory of the searches both make, and the state's own exchange, order,
// combatants and their grapple partners. It belongs to one state value:
// Clone leaves it behind, ScratchInto and ViewInto keep the destination's
// own, and it is no part of the fight or its JSON. Decide, the table's path, never uses
// it (a nil *hotMemory, whose arenas are nil), so the commands and events
// a table logs are values of their own.
type hotMemory struct {
	// Hot holds the commands of the last Moves and the events of the
	// last Step, with what they carry.
	engine.Hot
	// tallies is where each Step adds up what its events do, when a
	// simulation asked for it (see TallySteps).
	tallies *engine.Tallies
	// partners is where finishExchange lists a combatant's grapple
	// partners that are still standing, before dispose keeps them.
	partners []string

	// proofs are what the last Moves worked out for the options it
	// listed in state listed (see proof). They hold while the state
	// changes only by Step, Evolve, ScratchInto and ViewInto, each of
	// which forgets them.
	proofs []proof
	listed *State
	// stepped is the state the last Step left, while it holds: the
	// reactions its search listed (searchMemory.reactions) are then those
	// of the state as it is, which the next reaction prompt takes rather
	// than listing them again.
	stepped *State
	// checked is the state the last Step left when the last thing it
	// did was find that the turn can go on, while it holds: the search's
	// first offer (searchMemory.first) is then that state's, which the
	// next Moves takes (see firstOffer).
	checked *State

	// Working memory: the searches' (see searchMemory), and the exchange
	// a declaration's candidates are found on.
	searchMemory
	probe Exchange

	// The state's own memory: its exchange, when it has one, and the
	// copies ScratchInto and ViewInto make.
	exchange    Exchange
	replacement Replacement
	order       []string
	combatants  []Combatant
	grappled    []string
	dropped     []Dropped
	tags        parts.TagCache // others' outcome tags, each made once
}

// searchMemory is the working memory of the searches that find what is
// legal: board for a menu or a destination, route for a declared path,
// with its path, the candidates of a menu and their paths, and the
// reactions open to someone. What a search returns in it is valid until
// the next search with it. The hot path's is the state's hot memory's; a
// prompt for people or a decision at the table has one of its own, so
// that the searches of one prompt or decision share it rather than each
// allocating its own.
type searchMemory struct {
	boards
	routePath   []Square
	offers      []offer
	candSquares []Square
	foeSquares  []Square
	foes        []*Combatant
	reactions   []Reaction
	// reactionsOf is whose reactions are listed in reactions, nil when
	// the last reactionOptions listed none.
	reactionsOf *Combatant
	// first is what the last canDeclare found (see firstOffer).
	first firstOffer
}

// search is h's search memory, nil when h is.
func (h *hotMemory) search() *searchMemory {
	if h == nil {
		return nil
	}
	return &h.searchMemory
}

// arenas returns h's arenas (see engine.Hot): nil on the table's path
// (h nil), whose values are memory of their own.
func (h *hotMemory) arenas() *engine.Hot {
	if h == nil {
		return nil
	}
	return &h.Hot
}

// arena is where a Step's events go, moveArena a prompt's commands.
func (h *hotMemory) arena() *engine.Arena     { return h.arenas().Events() }
func (h *hotMemory) moveArena() *engine.Arena { return h.arenas().Moves() }

// resetCommands frees the commands of the last Moves, the squares they
// carry and what it proved of them.
func (h *hotMemory) resetCommands() {
	h.Moves().Reset()
	h.proofs = h.proofs[:0]
}

// forget drops what the last Moves proved and the last Step listed: the
// state they hold for is about to change.
func (h *hotMemory) forget() { h.listed, h.stepped, h.checked = nil, nil, nil }

// reactionOptions lists r's reactions for a prompt (see
// State.reactionOptions): those the last Step listed when it found the
// candidates of the action declared in s, when it left s as it is and
// listed r's last; else a new list.
func (b *prompter) reactionOptions(s *State, r *Combatant) []Reaction {
	if h := b.hot; h != nil && h.stepped == s && h.reactionsOf == r {
		return h.reactions
	}
	return s.reactionOptions(r, b.work)
}

// firstOffer returns what the last Step's check that c's turn can go on
// found, when the Step left s as it is and that check was the last thing
// it did; else nil.
func (b *prompter) firstOffer(s *State, c *Combatant) *firstOffer {
	if h := b.hot; h != nil && h.checked == s && h.first.ok && h.first.c == c {
		return &h.first
	}
	return nil
}

// proof is what Moves worked out for an option it listed for a policy,
// which Step takes for that command in that state rather than checking it
// again: at is where the search's working memory holds it, the offer of a
// declaration (completed, Paid and all) or the reaction (with its cost).
// The option's command is the Declare or the React, the other nil: kept
// as pointers, which compare cheaper than the Command that holds one.
type proof struct {
	declare *Declare
	react   *React
	at      int
}

// proveDeclare and proveReact record, on the hot path, that option c is
// what the prompt's search holds at i; a prompt for people keeps nothing.
func (b *prompter) proveDeclare(c *Declare, i int) {
	if b.hot != nil {
		b.hot.proofs = append(b.hot.proofs, proof{declare: c, at: i})
	}
}

func (b *prompter) proveReact(c *React, i int) {
	if b.hot != nil {
		b.hot.proofs = append(b.hot.proofs, proof{react: c, at: i})
	}
}

// proof returns where the last Moves' search holds what it worked out for
// c, when it listed c in the state the decision started from, nothing has
// changed since and c still reads as listed (its modifier aside, which no
// rule of legality reads); else -1, and the decision checks c itself.
func (d *decider) proof(c Command) int {
	if !d.proved {
		return -1
	}
	switch c := c.(type) {
	case *Declare:
		for _, p := range d.h.proofs {
			if p.declare != c {
				continue
			}
			l := &d.work.offers[p.at].declare
			if c.Action == l.Action && c.Target == l.Target && c.Weapon == l.Weapon && c.AP == nil && slices.Equal(c.Path, l.Path) {
				return p.at
			}
			return -1
		}
	case *React:
		for _, p := range d.h.proofs {
			if p.react != c {
				continue
			}
			if l := &d.work.reactions[p.at]; c.Action == l.Action && c.Weapon == l.Weapon {
				return p.at
			}
			return -1
		}
	}
	return -1
}

// The slots of the arenas for what events and commands carry: an event's
// squares (their paths, and the square a Chose names), ids and choices,
// and the squares of a command (their paths, and the square a
// Destination names). engine.New, engine.Slice and engine.Buffer make
// them in h.arena() or h.moveArena(), or as memory of their own on the
// table's path, where those arenas are nil.
var (
	stepSquareMem = engine.AddScratch[Square](events)
	stepIDMem     = engine.AddScratch[string](events)
	stepChoiceMem = engine.AddScratch[Choice](events)
	moveSquareMem = engine.AddScratch[Square](commands)
)

// newExchange returns the exchange of a state Step changes, emptied, its
// slices' memory kept.
func (h *hotMemory) newExchange() *Exchange {
	// Field by field: cheaper than an Exchange made and copied.
	x := &h.exchange
	x.Actor, x.Act = "", Declared{Path: x.Act.Path[:0]}
	x.Candidates, x.Asked, x.Reactions = x.Candidates[:0], 0, x.Reactions[:0]
	x.CounterTempo, x.Replacement, x.Resolved = false, nil, false
	x.Choices, x.Hits = x.Choices[:0], x.Hits[:0]
	return x
}

// copyInto makes *dst a deep copy of s in dst's own memory (its hot
// memory, which it keeps), sharing nothing that Step or Evolve change in
// place. The combatants' weapons it shares: no rule ever writes into a
// combatant's weapons, but replaces them (see without), so that the
// arrays a state holds never change. For a view (ViewInto) it shares
// nothing else with s: the combatants' grapple partners, which the rules
// replace but never change, are copied too.
func copyInto(dst, s *State, view bool) {
	h := dst.hotMemory()
	h.forget()
	*dst = *s
	dst.hot = h
	// The copy replaces the last one in dst's memory: emptied first, or
	// each copy would add to what the last ones left, fight after fight.
	h.dropped = h.dropped[:0]
	if s.Order != nil {
		// One by one, as the exchange's lists below.
		order := h.order[:0]
		//lint:ignore S1011 one by one on purpose: see above
		for _, id := range s.Order {
			order = append(order, id)
		}
		h.order, dst.Order = order, order[:len(order):len(order)]
	} else {
		h.order = h.order[:0]
	}
	dst.Dropped = parts.Keep(&h.dropped, s.Dropped)
	h.combatants = append(h.combatants[:0], s.Combatants...)
	dst.Combatants = h.combatants
	if view {
		h.grappled = h.grappled[:0]
		for i := range dst.Combatants {
			c := &dst.Combatants[i]
			c.GrappledWith = parts.Keep(&h.grappled, c.GrappledWith)
		}
	}
	if s.Exchange == nil {
		return
	}
	x := &h.exchange // its memory kept, emptied
	path, candidates, reactions, choices, hits := x.Act.Path[:0], x.Candidates[:0], x.Reactions[:0], x.Choices[:0], x.Hits[:0]
	*x = *s.Exchange
	// Each list copied only when it has something: an empty copy still
	// calls into the runtime.
	if len(x.Act.Path) > 0 {
		path = append(path, x.Act.Path...)
	}
	x.Act.Path = path
	// One by one: cheaper than a copy of the slice, which copies
	// through the runtime.
	//lint:ignore S1011 one by one on purpose: see above
	for _, c := range x.Candidates {
		candidates = append(candidates, c)
	}
	//lint:ignore S1011 one by one on purpose: see above
	for i := range x.Reactions {
		reactions = append(reactions, x.Reactions[i])
	}
	x.Candidates, x.Reactions = candidates, reactions
	if len(x.Choices) > 0 {
		choices = append(choices, x.Choices...)
	}
	if len(x.Hits) > 0 {
		hits = append(hits, x.Hits...)
	}
	x.Choices, x.Hits = choices, hits
	if r := x.Replacement; r != nil {
		h.replacement = *r
		x.Replacement = &h.replacement
	}
	dst.Exchange = x
}

// prompter writes a prompt. For people it says everything: the question
// and every option's label. Lean, for a policy (Moves), it leaves both
// out, reuses the memory of the prompt it wrote last, and takes the
// options' commands from the state's hot memory.
type prompter struct {
	p   *engine.Prompt[Command]
	hot *hotMemory // lean when set
	// squares is where the options' commands' paths go: hot's, found on
	// first need (see commandSquares); nil for people.
	squares *[]Square
	// work is the memory of the prompt's searches: hot's, or one of the
	// prompt's own for people.
	work *searchMemory
}

// people reports whether people will read the prompt: whether to write
// its question and labels.
func (b *prompter) people() bool { return b.hot == nil }

// askf sets the question with fmt.Sprintf. Its callers check people
// first, so that the arguments are not made for nothing on the hot path.
func (b *prompter) askf(format string, args ...any) {
	b.p.Question = fmt.Sprintf(format, args...)
}

// add appends an option: command c, labelled with words joined when
// people will read it.
func (b *prompter) add(c Command, words ...string) {
	b.addLabelled(c, func() string { return strings.Join(words, "") })
}

// addLabelled appends an option: command c, labelled label() when people
// will read it (the label is not made for nothing on the hot path).
func (b *prompter) addLabelled(c Command, label func() string) {
	o := engine.Option[Command]{Command: c}
	if b.people() {
		o.Label = label()
	}
	b.p.Options = append(b.p.Options, o)
}

// declare returns a copy of *v as a command for an option, its path
// copied.
func (b *prompter) declare(v *Declare) *Declare {
	d := engine.New(b.hot.moveArena(), declareKind, *v)
	if v.Path != nil {
		// Most declarations name no path: no squares to find for them.
		d.Path = parts.Keep(b.commandSquares(), v.Path)
	}
	return d
}

// destination returns a Destination to q, or to stay put when q is nil,
// as a command for an option.
func (b *prompter) destination(q *Square) *Destination {
	d := engine.New(b.hot.moveArena(), destinationKind, Destination{})
	if q != nil {
		d.To = engine.New(b.hot.moveArena(), moveSquareMem, *q)
	}
	return d
}

// endTurn returns an EndTurn for an option.
func (b *prompter) endTurn() *EndTurn {
	return engine.New(b.hot.moveArena(), endTurnKind, EndTurn{})
}

// commandSquares is where a prompt's commands' paths go: its hot
// memory's, found once a prompt, or nil for a prompt people read.
func (b *prompter) commandSquares() *[]Square {
	if b.squares == nil && b.hot != nil {
		b.squares = engine.Buffer(b.hot.moveArena(), moveSquareMem)
	}
	return b.squares
}
