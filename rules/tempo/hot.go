package tempo

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// hotMemory is the memory a state reuses decision after decision on the
// hot path of simulation and exact odds (Moves, Step, ScratchInto and
// ViewInto): the commands Moves lists, the events Step emits, the working
// memory of the searches both make, and the state's own exchange, order,
// combatants and weapons. It belongs to one state value: Clone leaves it
// behind, ScratchInto and ViewInto keep the destination's own, and it is
// no part of the fight or its JSON. Decide, the table's path, never uses
// it, so the commands and events a table logs are values of their own.
type hotMemory struct {
	// The commands of the last Moves, and the squares of their paths.
	declares     parts.Pool[Declare]
	reacts       parts.Pool[React]
	replaces     parts.Pool[Replace]
	destinations parts.Pool[Destination]
	endTurn      EndTurn
	moveSquares  []Square
	moveCells    parts.Pool[Square]

	// The events of the last Step, and the memory they hold.
	initiativeRolled    parts.Pool[InitiativeRolled]
	turnStarted         parts.Pool[TurnStarted]
	actionDeclared      parts.Pool[ActionDeclared]
	reacted             parts.Pool[Reacted]
	didNotReact         parts.Pool[DidNotReact]
	replaced            parts.Pool[Replaced]
	kept                parts.Pool[Kept]
	checked             parts.Pool[Checked]
	damaged             parts.Pool[Damaged]
	fell                parts.Pool[Fell]
	moved               parts.Pool[Moved]
	aimTaken            parts.Pool[AimTaken]
	disposed            parts.Pool[Disposed]
	chose               parts.Pool[Chose]
	destinationsPending parts.Pool[DestinationsPending]
	feintRevealed       parts.Pool[FeintRevealed]
	turnEnded           parts.Pool[TurnEnded]
	staminaRecovered    parts.Pool[StaminaRecovered]
	roundEnded          parts.Pool[RoundEnded]
	stepSquares         []Square
	stepCells           parts.Pool[Square]
	stepIDs             []string
	// partners is where finishExchange lists a combatant's grapple
	// partners that are still standing, before dispose keeps them.
	partners    []string
	stepChoices []Choice
	ints        []int

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
	weapons     []Weapon
	grappled    []string
	dropped     []Dropped
}

// hotMemory returns the state's hot memory, made on first use.
func (s *State) hotMemory() *hotMemory {
	if s.hot == nil {
		s.hot = new(hotMemory)
	}
	return s.hot
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
	board, route reach
	routePath    []Square
	offers       []offer
	candSquares  []Square
	reactions    []React
}

// search is h's search memory, nil when h is.
func (h *hotMemory) search() *searchMemory {
	if h == nil {
		return nil
	}
	return &h.searchMemory
}

// resetCommands frees the commands of the last Moves.
func (h *hotMemory) resetCommands() {
	h.declares.Reset()
	h.reacts.Reset()
	h.replaces.Reset()
	h.destinations.Reset()
	h.moveCells.Reset()
	h.endTurn = EndTurn{}
	h.moveSquares = h.moveSquares[:0]
}

// resetEvents frees the events of the last Step.
func (h *hotMemory) resetEvents() {
	h.initiativeRolled.Reset()
	h.turnStarted.Reset()
	h.actionDeclared.Reset()
	h.reacted.Reset()
	h.didNotReact.Reset()
	h.replaced.Reset()
	h.kept.Reset()
	h.checked.Reset()
	h.damaged.Reset()
	h.fell.Reset()
	h.moved.Reset()
	h.aimTaken.Reset()
	h.disposed.Reset()
	h.chose.Reset()
	h.destinationsPending.Reset()
	h.feintRevealed.Reset()
	h.turnEnded.Reset()
	h.staminaRecovered.Reset()
	h.roundEnded.Reset()
	h.stepCells.Reset()
	h.stepSquares = h.stepSquares[:0]
	h.stepIDs = h.stepIDs[:0]
	h.stepChoices = h.stepChoices[:0]
	h.ints = h.ints[:0]
}

// keep returns a copy of xs for an event to hold: in mem (hot memory,
// valid until its reset) when mem is set, else a slice of its own; nil
// stays nil.
func keep[T any](mem *[]T, xs []T) []T {
	if xs == nil {
		return nil
	}
	if mem == nil {
		return append([]T(nil), xs...)
	}
	start := len(*mem)
	*mem = append(*mem, xs...)
	// Capped, so that appending to it never writes over what follows.
	return (*mem)[start:len(*mem):len(*mem)]
}

// stepMemory returns the memory of h where an event's squares, ids,
// choices and dice go, nil each when h is nil.
func (h *hotMemory) stepMemory() (squares *[]Square, ids *[]string, choices *[]Choice, ints *[]int) {
	if h == nil {
		return nil, nil, nil, nil
	}
	return &h.stepSquares, &h.stepIDs, &h.stepChoices, &h.ints
}

// newExchange returns the exchange of a state Step changes, emptied, its
// slices' memory kept.
func (h *hotMemory) newExchange() *Exchange {
	x := &h.exchange
	*x = Exchange{Act: Declared{Path: x.Act.Path[:0]}, Candidates: x.Candidates[:0],
		Reactions: x.Reactions[:0], Choices: x.Choices[:0], Hits: x.Hits[:0]}
	return x
}

func (h *hotMemory) initiativeRolledEvents() *parts.Pool[InitiativeRolled] {
	return &h.initiativeRolled
}
func (h *hotMemory) turnStartedEvents() *parts.Pool[TurnStarted]       { return &h.turnStarted }
func (h *hotMemory) actionDeclaredEvents() *parts.Pool[ActionDeclared] { return &h.actionDeclared }
func (h *hotMemory) reactedEvents() *parts.Pool[Reacted]               { return &h.reacted }
func (h *hotMemory) didNotReactEvents() *parts.Pool[DidNotReact]       { return &h.didNotReact }
func (h *hotMemory) replacedEvents() *parts.Pool[Replaced]             { return &h.replaced }
func (h *hotMemory) keptEvents() *parts.Pool[Kept]                     { return &h.kept }
func (h *hotMemory) checkedEvents() *parts.Pool[Checked]               { return &h.checked }
func (h *hotMemory) damagedEvents() *parts.Pool[Damaged]               { return &h.damaged }
func (h *hotMemory) fellEvents() *parts.Pool[Fell]                     { return &h.fell }
func (h *hotMemory) movedEvents() *parts.Pool[Moved]                   { return &h.moved }
func (h *hotMemory) aimTakenEvents() *parts.Pool[AimTaken]             { return &h.aimTaken }
func (h *hotMemory) disposedEvents() *parts.Pool[Disposed]             { return &h.disposed }
func (h *hotMemory) choseEvents() *parts.Pool[Chose]                   { return &h.chose }
func (h *hotMemory) destinationsPendingEvents() *parts.Pool[DestinationsPending] {
	return &h.destinationsPending
}
func (h *hotMemory) feintRevealedEvents() *parts.Pool[FeintRevealed] { return &h.feintRevealed }
func (h *hotMemory) turnEndedEvents() *parts.Pool[TurnEnded]         { return &h.turnEnded }
func (h *hotMemory) staminaRecoveredEvents() *parts.Pool[StaminaRecovered] {
	return &h.staminaRecovered
}
func (h *hotMemory) roundEndedEvents() *parts.Pool[RoundEnded] { return &h.roundEnded }

// copyInto makes *dst a deep copy of s in dst's own memory (its hot
// memory, which it keeps), sharing nothing that Step or Evolve change in
// place. For a view (ViewInto) it shares nothing with s at all: the
// combatants' grapple partners, which the rules replace but never change,
// are copied too.
func copyInto(dst, s *State, view bool) {
	h := dst.hotMemory()
	*dst = *s
	dst.hot = h
	// The copy replaces the last one in dst's memory: emptied first, or
	// each copy would add to what the last ones left, fight after fight.
	h.order, h.dropped = h.order[:0], h.dropped[:0]
	dst.Order = keep(&h.order, s.Order)
	dst.Dropped = keep(&h.dropped, s.Dropped)
	h.combatants = append(h.combatants[:0], s.Combatants...)
	dst.Combatants = h.combatants
	h.weapons, h.grappled = h.weapons[:0], h.grappled[:0]
	for i := range dst.Combatants {
		c := &dst.Combatants[i]
		c.Weapons = keep(&h.weapons, c.Weapons)
		if view {
			c.GrappledWith = keep(&h.grappled, c.GrappledWith)
		}
	}
	if s.Exchange == nil {
		return
	}
	x := h.newExchange()
	path, candidates, reactions, choices, hits := x.Act.Path, x.Candidates, x.Reactions, x.Choices, x.Hits
	*x = *s.Exchange
	x.Act.Path = append(path, x.Act.Path...)
	x.Candidates = append(candidates, x.Candidates...)
	x.Reactions = append(reactions, x.Reactions...)
	x.Choices = append(choices, x.Choices...)
	x.Hits = append(hits, x.Hits...)
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
	o := engine.Option[Command]{Command: c}
	if b.people() {
		o.Label = strings.Join(words, "")
	}
	b.p.Options = append(b.p.Options, o)
}

// declare returns v as a command for an option, its path copied.
func (b *prompter) declare(v Declare) *Declare {
	if b.hot == nil {
		d := new(Declare)
		*d = v
		d.Path = keep(nil, v.Path)
		return d
	}
	d := b.hot.declares.Put(v)
	d.Path = keep(&b.hot.moveSquares, v.Path)
	return d
}

// react returns v as a command for an option.
func (b *prompter) react(v React) *React {
	if b.hot == nil {
		r := new(React)
		*r = v
		return r
	}
	return b.hot.reacts.Put(v)
}

// replace returns v as a command for an option.
func (b *prompter) replace(v Replace) *Replace {
	if b.hot == nil {
		r := new(Replace)
		*r = v
		return r
	}
	return b.hot.replaces.Put(v)
}

// destination returns a Destination to q, or to stay put when q is nil,
// as a command for an option.
func (b *prompter) destination(q *Square) *Destination {
	if b.hot == nil {
		d := new(Destination)
		if q != nil {
			to := *q
			d.To = &to
		}
		return d
	}
	d := b.hot.destinations.Put(Destination{})
	if q != nil {
		d.To = b.hot.moveCells.Put(*q)
	}
	return d
}

// endTurn returns an EndTurn for an option.
func (b *prompter) endTurn() *EndTurn {
	if b.hot == nil {
		return new(EndTurn)
	}
	return &b.hot.endTurn
}
