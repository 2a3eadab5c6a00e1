package tempo

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// decider resolves one command on a state, a working copy for Decide or
// the caller's own for Step: every event it emits is applied at once, so
// later steps see its effect.
type decider struct {
	s      *State
	src    dice.Source
	events []Event
	// h is the state's hot memory when stepping: the events come from it
	// and the searches use it. Decide has none.
	h *hotMemory
}

// emit applies e and appends it to the decision's events.
func (d *decider) emit(e Event) {
	evolve(d.s, e, d.h)
	d.events = append(d.events, e)
}

func decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	if err := admit(s, actor, c); err != nil {
		return nil, err
	}
	scratch := s.clone()
	d := &decider{s: &scratch, src: src}
	return d.run(c)
}

// step is decide resolving the command on s itself, appending the events
// to events; see Rules.Step. If it fails s may be left half changed.
func step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	if err := admit(s, actor, c); err != nil {
		return nil, err
	}
	h := s.hotMemory()
	h.resetEvents()
	d := &decider{s: s, src: src, events: events, h: h}
	return d.run(c)
}

// admit refuses a command the fight does not wait for: any once it is
// over, the end of the fight from anyone but the GM, and anything from
// someone whose decision it is not.
func admit(s *State, actor string, c Command) error {
	if s.Ended {
		return engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	if end, ok := c.(*EndFight); ok {
		if actor != engine.GM {
			return engine.Errorf(engine.NotYourTurn, "only the GM ends the fight (G9)")
		}
		if end.Winner != "" && !slices.ContainsFunc(s.Combatants, func(c Combatant) bool { return c.Side == end.Winner }) {
			return engine.Errorf(engine.Invalid, "there is no side called %q", end.Winner)
		}
		return nil
	}
	if who, _ := turnOf(s); actor != engine.GM && actor != who {
		p := next(s)
		return engine.Errorf(engine.NotYourTurn, "it is %s's decision, not %s's: %s", p.Actor, actor, p.Question)
	}
	return nil
}

// run resolves an admitted command.
func (d *decider) run(c Command) ([]Event, error) {
	var err error
	switch c := c.(type) {
	case *EndFight:
		winner := c.Winner
		if winner == "" {
			winner = standingSide(d.s)
		}
		d.emit(&FightEnded{Reason: "the GM ended the fight", Winner: winner})
	case *Begin:
		err = d.begin()
	case *Declare:
		err = d.declare(c)
	case *React:
		err = d.react(c)
	case *NoReaction:
		err = d.noReaction()
	case *Replace:
		err = d.replace(c)
	case *Keep:
		err = d.keep()
	case *Destination:
		err = d.destination(c)
	case *EndTurn:
		err = d.endTurn(c.Mod)
	default:
		err = refuse("unknown command %T", c)
	}
	if err != nil {
		return nil, err
	}
	return d.events, nil
}

// stage names what the state waits for, for refusals.
func stage(s *State) string {
	switch x := s.Exchange; {
	case !s.Started:
		return "the GM to begin the fight"
	case x == nil:
		return "the actor to declare an action or end the turn"
	case x.Asked < len(x.Candidates):
		return "a reaction from " + x.Candidates[x.Asked]
	case x.needsCounterTempo():
		return "the actor's counter-tempo choice"
	default:
		return "a destination"
	}
}

func notNow(s *State, what string) error {
	return engine.Errorf(engine.NotAllowedNow, "%s is not possible now: the fight waits for %s", what, stage(s))
}

func (d *decider) begin() error {
	if d.s.Started {
		return notNow(d.s, "begin")
	}
	d.rollInitiative()
	d.startTurn(0)
	d.settle()
	return nil
}

// rollInitiative draws d10 + athletics for each combatant present at the
// start, in roster order, and breaks ties by athletics, then by roll-offs
// (R04).
func (d *decider) rollInitiative() {
	type entry struct {
		id               string
		total, athletics int
		offs             []int
	}
	es := make([]entry, 0, len(d.s.Combatants))
	for _, c := range d.s.Combatants {
		if c.Joins > 0 {
			continue
		}
		die := d.src.Roll(10)
		e := entry{id: c.ID, total: die + c.Athletics, athletics: c.Athletics}
		d.emit(parts.PutIn(d.h, (*hotMemory).initiativeRolledEvents, InitiativeRolled{Combatant: c.ID, Die: die, Total: e.total}))
		es = append(es, e)
	}
	// compare orders entries by total, athletics, then roll-offs.
	compare := func(a, b *entry) int {
		if a.total != b.total {
			return cmp.Compare(a.total, b.total)
		}
		if a.athletics != b.athletics {
			return cmp.Compare(a.athletics, b.athletics)
		}
		return slices.Compare(a.offs, b.offs)
	}
	var leadersBuf [8]int
	leaders := append(leadersBuf[:0], make([]int, len(es))...) // the first entry of each one's tie
	for {
		for i := range es {
			leaders[i] = i
			for j := range i {
				if compare(&es[j], &es[i]) == 0 {
					leaders[i] = leaders[j]
					break
				}
			}
		}
		tied := false
		for i := range es {
			if leaders[i] != i || !slices.Contains(leaders[i+1:], i) {
				continue
			}
			tied = true
			for k := i; k < len(es); k++ {
				if leaders[k] == i {
					die := d.src.Roll(10)
					es[k].offs = append(es[k].offs, die)
					d.emit(parts.PutIn(d.h, (*hotMemory).initiativeRolledEvents, InitiativeRolled{Combatant: es[k].id, Die: die, Total: die, RollOff: true}))
				}
			}
		}
		if !tied {
			break
		}
	}
	slices.SortStableFunc(es, func(a, b entry) int { return compare(&b, &a) })
	_, ids, _, _ := d.h.stepMemory()
	var order []string
	if ids == nil {
		order = make([]string, len(es))
	} else {
		start := len(*ids)
		*ids = append(*ids, make([]string, len(es))...)
		order = (*ids)[start:len(*ids):len(*ids)]
	}
	for i, e := range es {
		order[i] = e.id
	}
	d.emit(&OrderSet{Order: order})
}

// startTurn starts the turn of the first standing combatant from position
// i of the order, ending rounds (and the fight, at the round limit) on the
// way (R02).
func (d *decider) startTurn(i int) {
	for range 2*len(d.s.Order) + 2 {
		if i >= len(d.s.Order) {
			d.emit(parts.PutIn(d.h, (*hotMemory).roundEndedEvents, RoundEnded{Round: d.s.Round + 1}))
			if lim := d.s.Options.RoundLimit; parts.RoundLimitReached(lim, d.s.Round) {
				d.emit(&FightEnded{Reason: fmt.Sprintf("the round limit (%d) was reached", lim), TimedOut: true})
				return
			}
			d.join()
			i = 0
		}
		if c := d.s.combatant(d.s.Order[i]); c != nil && c.standing() {
			d.emit(parts.PutIn(d.h, (*hotMemory).turnStartedEvents, TurnStarted{Combatant: c.ID, Turn: i}))
			return
		}
		i++
	}
	d.emit(&FightEnded{Reason: "nobody is left to act"})
}

// join brings in the late joiners due after this round: each rolls d10 +
// athletics and takes its place in the order, after those who rolled
// higher or tied (R04, G8).
func (d *decider) join() {
	for _, c := range d.s.Combatants {
		if c.Present || !parts.JoinsAfter(c.Joins, d.s.Round) {
			continue
		}
		die := d.src.Roll(10)
		total := die + c.Athletics
		pos := len(d.s.Order)
		for i, id := range d.s.Order {
			o := d.s.combatant(id)
			if o.Initiative < total || (o.Initiative == total && o.Athletics < c.Athletics) {
				pos = i
				break
			}
		}
		d.emit(&Joined{Combatant: c.ID, Die: die, Total: total, Position: pos})
	}
}

// settle runs everything that happens without a decision, until someone
// must decide: resolving an exchange once its declarations are in, ending
// a turn that cannot go on, and starting the next.
func (d *decider) settle() {
	rounds := d.s.Round
	for !d.s.Ended && d.s.Started {
		if x := d.s.Exchange; x != nil {
			switch {
			case x.Asked < len(x.Candidates), x.needsCounterTempo():
				return
			case !x.Resolved:
				d.resolve()
			case len(x.Choices) > 0:
				return
			default:
				d.finishExchange()
			}
			continue
		}
		if d.s.Round > rounds+1 {
			// A whole round went by without a decision: nobody can act.
			d.emit(&FightEnded{Reason: "nobody can act"})
			return
		}
		c := d.s.active()
		switch {
		case c == nil:
			d.startTurn(d.s.Turn + 1)
		case !c.standing():
			// Down in its own turn: the turn ends at once (R38).
			d.emit(parts.PutIn(d.h, (*hotMemory).turnEndedEvents, TurnEnded{Combatant: c.ID}))
			d.checkEnd()
		case !d.s.canGoOn(c, d.h):
			d.recover(c, 0) // a turn that ends by itself: no GM modifier
		default:
			return
		}
	}
}

// canGoOn reports whether c's turn can go on: an opponent is standing and
// c can afford a legal action. A turn that cannot ends by itself (R02).
func (s *State) canGoOn(c *Combatant, h *hotMemory) bool {
	return s.foeStanding(c) && s.canDeclare(c, h)
}

// foeStanding reports whether an opponent of c is standing.
func (s *State) foeStanding(c *Combatant) bool {
	for i := range s.Combatants {
		if o := &s.Combatants[i]; o.standing() && opponents(c, o) {
			return true
		}
	}
	return false
}

// recover ends c's turn with Recover Stamina (R32), mod being the GM's
// modifier to the check, then checks the end of the fight (R43).
func (d *decider) recover(c *Combatant, mod int) {
	die := d.src.Roll(10)
	result := die + c.Endurance - (c.MaxHealth - c.Health) - c.Armour.Encumbrance + mod
	regained := staminaRegained(result)
	d.emit(parts.PutIn(d.h, (*hotMemory).staminaRecoveredEvents,
		StaminaRecovered{Combatant: c.ID, Die: die, Mod: mod, Result: result, Regained: regained, AP: min(FullAP, c.AP+regained)}))
	d.emit(parts.PutIn(d.h, (*hotMemory).turnEndedEvents, TurnEnded{Combatant: c.ID}))
	d.checkEnd()
}

// checkEnd ends the fight once fewer than two sides have anyone not Down
// (R43); late joiners yet to come count.
func (d *decider) checkEnd() {
	if winner, over := lastSide(d.s); over {
		reason := "one side is left standing"
		if winner == "" {
			reason = "nobody is left standing"
		}
		d.emit(&FightEnded{Winner: winner, Reason: reason})
	}
}

// lastSide reports whether fewer than two sides have anyone not Down (late
// joiners yet to come count), and names the one left, "" for none.
func lastSide(s *State) (winner string, over bool) {
	return parts.LastSide(len(s.Combatants),
		func(i int) string { return s.Combatants[i].Side },
		func(i int) bool { return !s.Combatants[i].Down && !s.Combatants[i].Dead })
}

// standingSide names the only side with someone not Down, or "".
func standingSide(s *State) string {
	winner, _ := lastSide(s)
	return winner
}

func (d *decider) declare(c *Declare) error {
	actor := d.s.active()
	if actor == nil || d.s.Exchange != nil {
		return notNow(d.s, "declaring an action")
	}
	decl, err := d.s.declaration(actor, c, true, d.h)
	if err != nil {
		return err
	}
	squares, _, _, _ := d.h.stepMemory()
	decl.Path = keep(squares, decl.Path) // the command's, or the search's
	var cands []string
	if d.h == nil {
		d.s.Exchange = &Exchange{Actor: actor.ID, Act: decl}
		cands = d.s.candidates(nil, actor, nil)
	} else {
		d.h.probe = Exchange{Actor: actor.ID, Act: decl}
		d.s.Exchange = &d.h.probe
		start := len(d.h.stepIDs)
		d.h.stepIDs = d.s.candidates(d.h.stepIDs, actor, d.h)
		if len(d.h.stepIDs) > start {
			cands = d.h.stepIDs[start:len(d.h.stepIDs):len(d.h.stepIDs)]
		}
	}
	d.s.Exchange = nil
	d.emit(parts.PutIn(d.h, (*hotMemory).actionDeclaredEvents, ActionDeclared{Actor: actor.ID, Declared: decl, Candidates: cands}))
	d.settle()
	return nil
}

func (d *decider) reactor() (*Combatant, error) {
	x := d.s.Exchange
	if x == nil || x.Asked >= len(x.Candidates) {
		return nil, notNow(d.s, "a reaction")
	}
	return d.s.combatant(x.Candidates[x.Asked]), nil
}

func (d *decider) react(c *React) error {
	r, err := d.reactor()
	if err != nil {
		return err
	}
	opts := d.s.reactionOptions(r, d.h)
	i := slices.IndexFunc(opts, func(o React) bool {
		return o.Action == c.Action && (c.Weapon == "" || o.Weapon == c.Weapon)
	})
	if i < 0 {
		return d.refuseReaction(r, c, opts)
	}
	chosen := opts[i]
	cost := rules(chosen.Action).ap
	if rules(chosen.Action).byWeapon {
		w, _ := r.weapon(chosen.Weapon)
		cost = w.AP
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).reactedEvents, Reacted{Reaction: Reaction{Reactor: r.ID, Action: chosen.Action, Weapon: chosen.Weapon, Paid: cost, Mod: c.Mod}}))
	d.settle()
	return nil
}

func (d *decider) noReaction() error {
	r, err := d.reactor()
	if err != nil {
		return err
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).didNotReactEvents, DidNotReact{Reactor: r.ID}))
	d.settle()
	return nil
}

func (d *decider) replace(c *Replace) error {
	x := d.s.Exchange
	if x == nil || x.Asked < len(x.Candidates) || !x.needsCounterTempo() {
		return notNow(d.s, "a counter-tempo action")
	}
	actor := d.s.combatant(x.Actor)
	found, action, weapon := false, Action(""), ""
	d.s.eachReplacement(actor, func(a Action, w string, _ int, _ string) {
		if !found && a == c.Action && (c.Weapon == "" || w == c.Weapon) {
			found, action, weapon = true, a, w
		}
	})
	if found {
		w, _ := actor.weapon(weapon)
		rep := Replacement{Action: action, Weapon: weapon, Paid: max(0, w.AP-x.Act.Paid), Mod: c.Mod}
		if action == CounterAttack {
			rep.Bonus = 3
		}
		d.emit(parts.PutIn(d.h, (*hotMemory).replacedEvents, Replaced{Actor: actor.ID, Replacement: rep}))
		d.settle()
		return nil
	}
	return d.refuseReplacement(actor, c)
}

// refuseReaction says why reactor cannot make reaction c: the AP it
// lacks (R05) when that is all that stands in the way.
func (d *decider) refuseReaction(reactor *Combatant, c *React, opts []React) error {
	short, cost, weapon := false, 0, ""
	if actor := d.s.combatant(d.s.Exchange.Actor); actor != nil && reactor.standing() && opponents(actor, reactor) {
		d.s.eachReaction(reactor, actor, func(a Action, name string, ap int) {
			if !short && a == c.Action && (c.Weapon == "" || name == c.Weapon) {
				short, cost, weapon = true, ap, name
			}
		})
	}
	if short {
		return refuse("%s cannot %s%s now: it needs %d AP and %s has %d (R05); the reactions open to it: %s",
			reactor.ID, c.Action, withWeapon(weapon), cost, reactor.ID, reactor.AP, reactList(opts))
	}
	return refuse("%s cannot %s%s now; the reactions open to it: %s", reactor.ID, c.Action, withWeapon(c.Weapon), reactList(opts))
}

// refuseReplacement says why actor cannot replace its action with c: the
// extra AP it lacks (R06), or that c is no replacement open to it here.
func (d *decider) refuseReplacement(actor *Combatant, c *Replace) error {
	short, extra, weapon := false, 0, ""
	d.s.replacements(actor, true, func(a Action, w string, more int, _ string) {
		if !short && a == c.Action && (c.Weapon == "" || w == c.Weapon) {
			short, extra, weapon = true, more, w
		}
	})
	if short {
		paid := d.s.Exchange.Act.Paid
		return refuse("%s cannot replace the action with %s with %s: it needs %d AP more (%d against the %d paid) and %s has %d (R06)",
			actor.ID, c.Action, weapon, extra, paid+extra, paid, actor.ID, actor.AP)
	}
	var open []string
	d.s.eachReplacement(actor, func(a Action, w string, _ int, _ string) { open = append(open, string(a)+withWeapon(w)) })
	return refuse("%s cannot replace the action with %s%s: the replacements open to it are keep%s (R06, R19, R31)",
		actor.ID, c.Action, withWeapon(c.Weapon), listTail(open))
}

// listTail is ", a, b" for the items, or "" for none.
func listTail(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return ", " + strings.Join(items, ", ")
}

func (d *decider) keep() error {
	x := d.s.Exchange
	if x == nil || x.Asked < len(x.Candidates) || !x.needsCounterTempo() {
		return notNow(d.s, "keeping the action")
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).keptEvents, Kept{Actor: x.Actor}))
	d.settle()
	return nil
}

func (d *decider) destination(c *Destination) error {
	x := d.s.Exchange
	if x == nil || !x.Resolved || len(x.Choices) == 0 {
		return notNow(d.s, "choosing a destination")
	}
	ch := x.Choices[0]
	who := d.s.combatant(ch.Combatant)
	if c.To == nil {
		d.emit(parts.PutIn(d.h, (*hotMemory).choseEvents, Chose{Combatant: who.ID}))
		d.settle()
		return nil
	}
	squares, r := d.s.destinations(ch, d.h)
	if !slices.Contains(squares, *c.To) {
		return refuse("%s cannot end its %s on %v; %s", who.ID, choiceName(ch.Kind), *c.To, choiceRule(ch.Kind))
	}
	e := Chose{Combatant: who.ID}
	if d.h == nil {
		to := *c.To
		e.To, e.Path = &to, r.path(to)
	} else {
		e.To = d.h.stepCells.Put(*c.To)
		start := len(d.h.stepSquares)
		d.h.stepSquares = r.appendPath(d.h.stepSquares, *c.To)
		if n := len(d.h.stepSquares); n > start {
			e.Path = d.h.stepSquares[start:n:n]
		}
	}
	d.emit(parts.PutIn(d.h, (*hotMemory).choseEvents, e))
	d.settle()
	return nil
}

func (d *decider) endTurn(mod int) error {
	actor := d.s.active()
	if actor == nil || d.s.Exchange != nil {
		return notNow(d.s, "ending the turn")
	}
	d.recover(actor, mod)
	d.settle()
	return nil
}

func withWeapon(w string) string {
	if w == "" {
		return ""
	}
	return " with " + w
}

func reactList(opts []React) string {
	if len(opts) == 0 {
		return "none"
	}
	var b []string
	for _, o := range opts {
		b = append(b, string(o.Action)+withWeapon(o.Weapon))
	}
	return fmt.Sprint(b)
}

// destinations are the squares a pending choice may end on, nearest
// first, and the search that reached them (R16, R29); with h set, both are
// h's working memory.
func (s *State) destinations(ch Choice, h *hotMemory) ([]Square, *reach) {
	c := s.combatant(ch.Combatant)
	o := s.combatant(ch.Opponent)
	var into *reach
	var out []Square
	if h != nil {
		into, out = &h.board, h.candSquares[:0]
	}
	r := s.reachable(c, c.BCM, into)
	for _, q := range r.order {
		if s.occupied(c, q) {
			continue
		}
		from, to := Dist(c.At, o.At), Dist(q, o.At)
		switch ch.Kind {
		case "retreat":
			if abs(to-from) > 1 {
				continue
			}
		case "retreat-critical":
			if to <= from {
				continue
			}
		}
		out = append(out, q)
	}
	if h != nil {
		h.candSquares = out
	}
	return out, r
}

func choiceName(kind string) string {
	if kind == "combat-move-critical" {
		return "combat move"
	}
	return "retreat"
}

func choiceRule(kind string) string {
	switch kind {
	case "retreat":
		return "a retreat moves up to the BCM, one square nearer or farther from the opponent at most (R29)"
	case "retreat-critical":
		return "a hasty withdrawal moves up to the BCM, ending farther from the opponent (R29)"
	}
	return "a critical combat move goes anywhere within the BCM (R16)"
}
