package tempo

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// refuse is a refusal for an illegal command.
func refuse(format string, args ...any) error {
	return engine.Errorf(engine.Invalid, format, args...)
}

// proactiveOrder is the order actions appear in a turn's menu.
var proactiveOrder = []Action{MeleeAttack, Feint, RangedAttack, UnarmedAttack, Aim, CombatMove, Move, Ready,
	Disarm, Grapple, Press, Withdraw, Pin, Escape, PickUp, OffList}

// reactiveOrder is the order reactions appear in a reaction menu.
var reactiveOrder = []Action{Parry, Evade, CounterAttack, Dodge, CounterFire, Retreat, Struggle, Wind, Double}

// declaration checks a declared action against the rules and completes
// it: the weapon, the target, the full path, the AP paid and whether an
// Aim applies.
func (s *State) declaration(c *Combatant, d *Declare) (Declared, error) {
	r := rules(d.Action)
	if r == nil || r.kind != proactive {
		return Declared{}, refuse("%q is not an action to declare; proactive actions are %s", d.Action, actionList(proactiveOrder))
	}
	if !r.allowed(c.Status) {
		return Declared{}, refuse("%s is %s, and %s is allowed only %s (R08)", c.ID, c.Status, r.name, statusList(r.statuses))
	}
	out := Declared{Action: d.Action, Target: d.Target, Mod: d.Mod}
	w, err := s.declaredWeapon(c, d)
	if err != nil {
		return Declared{}, err
	}
	out.Weapon = w.Name
	switch {
	case d.Action == OffList:
		out.Paid = 3
		if d.AP != nil {
			if *d.AP < 0 {
				return Declared{}, refuse("an off-list action costs 0 AP or more, not %d", *d.AP)
			}
			out.Paid = *d.AP
		}
	case r.byWeapon:
		out.Paid = w.AP
	default:
		out.Paid = r.ap
	}
	if err := s.declaredTarget(c, d, w, &out); err != nil {
		return Declared{}, err
	}
	if out.Paid > c.AP {
		return Declared{}, refuse("%s costs %d AP and %s has %d (R05)", r.name, out.Paid, c.ID, c.AP)
	}
	switch d.Action {
	case MeleeAttack, Feint, RangedAttack:
		out.Aimed = c.Aimed != "" && c.Aimed == w.Name
	}
	return out, nil
}

// declaredWeapon finds the weapon a declared action uses, or the zero
// Weapon for actions without one.
func (s *State) declaredWeapon(c *Combatant, d *Declare) (Weapon, error) {
	named := func(kinds ...string) (Weapon, error) {
		if d.Weapon == "" {
			for _, w := range c.Weapons {
				if slices.Contains(kinds, w.Kind) {
					return w, nil
				}
			}
			return Weapon{}, refuse("%s wields no %s weapon for %s", c.ID, strings.Join(kinds, " or "), d.Action)
		}
		w, ok := c.weapon(d.Weapon)
		if !ok {
			return Weapon{}, refuse("%s wields no %q (wielded: %s)", c.ID, d.Weapon, weaponList(c))
		}
		if !slices.Contains(kinds, w.Kind) {
			return Weapon{}, refuse("%s is a %s weapon; %s needs a %s one", w.Name, w.Kind, d.Action, strings.Join(kinds, " or "))
		}
		return w, nil
	}
	switch d.Action {
	case MeleeAttack, Feint:
		return named("melee")
	case RangedAttack:
		return named("ranged")
	case Aim:
		return named("ranged", "melee")
	case UnarmedAttack:
		if d.Weapon != "" && d.Weapon != UnarmedName {
			return Weapon{}, refuse("an unarmed attack takes no weapon")
		}
		return Unarmed(), nil
	case Disarm, Grapple, Press:
		if d.Weapon != "" && d.Weapon != c.BoundWeapon {
			return Weapon{}, refuse("%s is bound with %s, not %s", c.ID, c.BoundWeapon, d.Weapon)
		}
		w, _ := c.weapon(c.BoundWeapon)
		return w, nil
	case PickUp:
		return Weapon{}, nil
	}
	if d.Weapon != "" {
		return Weapon{}, refuse("%s takes no weapon", d.Action)
	}
	return Weapon{}, nil
}

// declaredTarget checks and completes the target, path or item of a
// declaration.
func (s *State) declaredTarget(c *Combatant, d *Declare, w Weapon, out *Declared) error {
	needsNoTarget := func() error {
		if d.Target != "" {
			return refuse("%s takes no target", d.Action)
		}
		return nil
	}
	switch d.Action {
	case MeleeAttack, Feint, RangedAttack, UnarmedAttack:
		t, err := s.opponent(c, d.Target)
		if err != nil {
			return err
		}
		switch {
		case d.Action == UnarmedAttack && c.Status == Grappled:
			if !slices.Contains(c.GrappledWith, t.ID) {
				return refuse("grappled, %s can strike only a grapple partner (%s), not %s (R21)", c.ID, strings.Join(c.GrappledWith, ", "), t.ID)
			}
		case d.Action == RangedAttack:
			if Dist(c.At, t.At) > w.Range {
				return refuse("%s is %d squares away, beyond the %s's range of %d (R21)", t.ID, Dist(c.At, t.At), w.Name, w.Range)
			}
		default:
			if Dist(c.At, t.At) > w.Reach {
				return refuse("%s is %d squares away, beyond the %s's reach of %d (R21)", t.ID, Dist(c.At, t.At), w.Name, w.Reach)
			}
		}
	case Disarm, Grapple, Press, Withdraw:
		if d.Target != "" && d.Target != c.BoundWith {
			return refuse("%s is bound with %s, not %s", c.ID, c.BoundWith, d.Target)
		}
		out.Target = c.BoundWith
	case Pin:
		target := d.Target
		if target == "" && len(c.GrappledWith) == 1 {
			target = c.GrappledWith[0]
		}
		if !slices.Contains(c.GrappledWith, target) {
			return refuse("%s can pin only a grapple partner (%s), not %q (R22)", c.ID, strings.Join(c.GrappledWith, ", "), target)
		}
		if t := s.combatant(target); t.Status == Pinned {
			return refuse("%s is already pinned", target)
		}
		out.Target = target
	case Move:
		if err := needsNoTarget(); err != nil {
			return err
		}
		path, err := s.route(c, d.Path)
		if err != nil {
			return refuse("move: %v (R15)", err)
		}
		out.Path = path
	case CombatMove:
		o, err := s.opponent(c, d.Target)
		if err != nil {
			return err
		}
		if len(d.Path) != 1 {
			return refuse("a combat move names one destination square")
		}
		path, err := s.route(c, d.Path)
		if err != nil {
			return refuse("combat move: %v (R16)", err)
		}
		dest := path[len(path)-1]
		if before, after := Dist(c.At, o.At), Dist(dest, o.At); abs(after-before) > 1 {
			return refuse("combat move: %v is %d squares from %s and the start %d; it may change by one at most (R16)", dest, after, o.ID, before)
		}
		out.Path = path
	case PickUp:
		if err := needsNoTarget(); err != nil {
			return err
		}
		if !slices.ContainsFunc(s.Dropped, func(x Dropped) bool { return x.Weapon.Name == d.Weapon && x.At == c.At }) {
			return refuse("no %q lies on %s's square %v", d.Weapon, c.ID, c.At)
		}
		i := slices.IndexFunc(s.Dropped, func(x Dropped) bool { return x.Weapon.Name == d.Weapon && x.At == c.At })
		if hands(c)+s.Dropped[i].Weapon.Hands > 2 {
			return refuse("%s has no free hand for the %s", c.ID, d.Weapon)
		}
		if _, dup := c.weapon(d.Weapon); dup {
			return refuse("%s already wields a weapon called %s", c.ID, d.Weapon)
		}
		out.Weapon = d.Weapon
	default:
		return needsNoTarget()
	}
	return nil
}

// opponent finds a standing or fallen (but living) opponent in the fight.
func (s *State) opponent(c *Combatant, id string) (*Combatant, error) {
	if id == "" {
		return nil, refuse("whom? name the target")
	}
	t := s.combatant(id)
	switch {
	case t == nil || !t.Present:
		return nil, refuse("there is no %q in the fight", id)
	case !opponents(c, t):
		return nil, refuse("%s is on %s's side", id, c.ID)
	case t.Dead:
		return nil, refuse("%s is dead", id)
	}
	return t, nil
}

func hands(c *Combatant) int {
	n := 0
	for _, w := range c.Weapons {
		n += w.Hands
	}
	return n
}

// offer is a declaration a menu offers and the AP it costs.
type offer struct {
	declare Declare
	paid    int
}

// declareOptions lists the declarations the actor's menu offers: every
// legal attack, a few useful moves, and the status actions (R08), each
// with the AP it costs.
func (s *State) declareOptions(c *Combatant) []offer {
	var out []offer
	foes := s.foesOf(c)
	var board *reach
	for _, a := range proactiveOrder {
		if r := rules(a); !r.allowed(c.Status) || !r.mayAfford(c.AP) {
			continue
		}
		s.eachCandidate(c, a, foes, &board, func(d Declare) bool {
			if decl, err := s.declaration(c, &d); err == nil {
				out = append(out, offer{d, decl.Paid})
			}
			return true
		})
	}
	return out
}

// canDeclare reports whether c's menu offers any declaration, that is
// whether declareOptions is not empty. It tries the moves, whose
// candidates need a search of the board, last.
func (s *State) canDeclare(c *Combatant) bool {
	foes := s.foesOf(c)
	var board *reach
	legal := func(d Declare) bool {
		_, err := s.declaration(c, &d)
		return err != nil // go on while the candidates are refused
	}
	for _, moves := range []bool{false, true} {
		for _, a := range proactiveOrder {
			r := rules(a)
			if (a == Move || a == CombatMove) != moves || !r.allowed(c.Status) || !r.mayAfford(c.AP) {
				continue
			}
			if !s.eachCandidate(c, a, foes, &board, legal) {
				return true
			}
		}
	}
	return false
}

// foesOf lists c's opponents who are in the fight and alive.
func (s *State) foesOf(c *Combatant) []*Combatant {
	var foes []*Combatant
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.Present && !o.Dead && opponents(c, o) {
			foes = append(foes, o)
		}
	}
	return foes
}

// eachCandidate calls yield with the declarations of action a that c's
// menu considers, in menu order, until yield returns false; it reports
// whether yield never did. board holds the search of the squares c can
// reach, made on first need.
func (s *State) eachCandidate(c *Combatant, a Action, foes []*Combatant, board **reach, yield func(Declare) bool) bool {
	switch a {
	case MeleeAttack, Feint, RangedAttack, Aim:
		for _, w := range c.Weapons {
			if a == Aim {
				if !yield(Declare{Action: a, Weapon: w.Name}) {
					return false
				}
				continue
			}
			for _, o := range foes {
				if !yield(Declare{Action: a, Target: o.ID, Weapon: w.Name}) {
					return false
				}
			}
		}
	case UnarmedAttack:
		for _, o := range foes {
			if !yield(Declare{Action: a, Target: o.ID}) {
				return false
			}
		}
	case Move, CombatMove:
		if *board == nil {
			*board = s.reachable(c, c.BCM)
		}
		for _, d := range s.moveOptions(c, a, foes, *board) {
			if !yield(d) {
				return false
			}
		}
	case Pin:
		for _, p := range c.GrappledWith {
			if !yield(Declare{Action: a, Target: p}) {
				return false
			}
		}
	case PickUp:
		for _, x := range s.Dropped {
			if x.At == c.At && !yield(Declare{Action: a, Weapon: x.Weapon.Name}) {
				return false
			}
		}
	case OffList:
		// Off-list actions are the GM's to allow; they are accepted but not
		// offered.
	default:
		return yield(Declare{Action: a})
	}
	return true
}

// moveOptions offers, for each standing opponent, the move that closes
// furthest on it, and one move away from the nearest; a Combat Move one
// square nearer each opponent and one farther.
func (s *State) moveOptions(c *Combatant, a Action, foes []*Combatant, r *reach) []Declare {
	var taken []Square // the squares closed to c (see occupied)
	for i := range s.Combatants {
		if o := &s.Combatants[i]; holdsSquare(o, c) {
			taken = append(taken, o.At)
		}
	}
	squares := make([]Square, 0, len(r.order))
	for _, q := range r.order {
		if !slices.Contains(taken, q) {
			squares = append(squares, q)
		}
	}
	// best is the nearest free square with the highest score, if it scores
	// more than staying put.
	best := func(score func(q Square) int) (Square, bool) {
		var at Square
		top, found := 0, false
		for _, q := range squares {
			if v := score(q); !found || v > top {
				at, top, found = q, v, true
			}
		}
		return at, found && top > score(c.At)
	}
	var out []Declare
	for _, o := range foes {
		if !o.standing() {
			continue
		}
		if a == Move {
			if q, ok := best(func(q Square) int { return -max(Dist(q, o.At), 1) }); ok {
				out = append(out, Declare{Action: Move, Path: r.path(q)})
			}
			continue
		}
		from := Dist(c.At, o.At)
		for _, want := range []int{from - 1, from + 1} {
			if want < 1 {
				continue
			}
			if q, ok := best(func(q Square) int {
				if q == c.At || Dist(q, o.At) != want {
					return -1 << 20
				}
				return 0
			}); ok {
				out = append(out, Declare{Action: CombatMove, Target: o.ID, Path: []Square{q}})
			}
		}
	}
	if a == Move && len(foes) > 0 {
		nearest := func(q Square) int {
			n := 1 << 20
			for _, o := range foes {
				if o.standing() {
					n = min(n, Dist(q, o.At))
				}
			}
			return n
		}
		if q, ok := best(nearest); ok {
			out = append(out, Declare{Action: Move, Path: r.path(q)})
		}
	}
	return out
}

// reactionOptions lists the reactions reactor may make to the exchange's
// action, as its opponents declared it publicly (R26, R27).
func (s *State) reactionOptions(reactor *Combatant) []React {
	x := s.Exchange
	if x == nil {
		return nil
	}
	actor := s.combatant(x.Actor)
	if actor == nil || !reactor.standing() || !opponents(actor, reactor) {
		return nil
	}
	var out []React
	for _, a := range reactiveOrder {
		r := rules(a)
		if !r.allowed(reactor.Status) || !r.answers(public(x.Act.Action)) {
			continue
		}
		for _, w := range s.reactionWeapons(reactor, a) {
			cost := r.ap
			if r.byWeapon {
				cost = w.AP
			}
			if cost <= reactor.AP && s.eligible(reactor, actor, a, w) {
				out = append(out, React{Action: a, Weapon: w.Name})
			}
		}
	}
	return out
}

// reactionWeapons are the weapons a reaction may use: one zero Weapon for
// reactions that use none.
func (s *State) reactionWeapons(c *Combatant, a Action) []Weapon {
	var out []Weapon
	switch a {
	case CounterAttack, CTCounterAttack:
		for _, w := range c.Weapons {
			if w.Kind == "melee" {
				out = append(out, w)
			}
		}
		if a == CounterAttack {
			out = append(out, Unarmed())
		}
	case CounterFire:
		for _, w := range c.Weapons {
			if w.Kind == "ranged" {
				out = append(out, w)
			}
		}
	case Parry, CTParry:
		for _, w := range c.Weapons {
			if w.CanParry {
				out = append(out, w)
			}
		}
	case Wind, Double:
		if w, ok := c.weapon(c.BoundWeapon); ok {
			out = append(out, w)
		}
	default:
		out = append(out, Weapon{})
	}
	return out
}

// eligible applies R27 to one reaction with one weapon.
func (s *State) eligible(reactor, actor *Combatant, a Action, w Weapon) bool {
	x := s.Exchange
	squares := append([]Square{actor.At}, x.Act.Path...)
	within := func(n int) bool {
		return slices.ContainsFunc(squares, func(q Square) bool { return Dist(q, reactor.At) <= n })
	}
	switch a {
	case CounterAttack:
		return within(w.Reach)
	case CounterFire:
		return within(w.Range)
	case Dodge:
		shot, _ := actor.weapon(x.Act.Weapon)
		return Dist(reactor.At, actor.At) > shot.AttackSpeed
	case Retreat:
		dest := squares[len(squares)-1]
		return Dist(dest, reactor.At) < Dist(actor.At, reactor.At)
	case Struggle:
		return slices.Contains(reactor.GrappledWith, actor.ID)
	case Wind, Double:
		return reactor.BoundWith == actor.ID
	}
	return true
}

// candidates are the opponents who may react to a declaration, in the
// order they are asked: the target alone for a targeted action, otherwise
// every opponent in initiative order from the actor on (R26).
func (s *State) candidates(actor *Combatant) []string {
	x := s.Exchange
	switch x.Act.Action {
	case MeleeAttack, Feint, RangedAttack, UnarmedAttack, Disarm, Grapple, Press, Withdraw, Pin:
		if t := s.combatant(x.Act.Target); t != nil && len(s.reactionOptions(t)) > 0 {
			return []string{t.ID}
		}
		return nil
	}
	var out []string
	start := slices.Index(s.Order, actor.ID)
	for i := 1; i < len(s.Order); i++ {
		id := s.Order[(start+i)%len(s.Order)]
		if c := s.combatant(id); c != nil && len(s.reactionOptions(c)) > 0 {
			out = append(out, id)
		}
	}
	return out
}

// counterTempoOptions lists the actor's choices once its Melee Attack has
// drawn a Parry or a Counter-Attack (R19, R31). Keep comes first.
func (s *State) counterTempoOptions(actor *Combatant) []engine.Option[Command] {
	x := s.Exchange
	opts := []engine.Option[Command]{{Label: "keep the action", Command: &Keep{}}}
	drew := x.Reactions[0]
	reactor := s.combatant(drew.Reactor)
	replace := func(a Action, w Weapon, label string) {
		// A replacement that strikes must reach the reactor, as a
		// Counter-Attack must (R27); a parry needs no reach.
		if (a == CounterAttack || a == CTCounterAttack) && (reactor == nil || Dist(actor.At, reactor.At) > w.Reach) {
			return
		}
		if extra := max(0, w.AP-x.Act.Paid); extra <= actor.AP {
			opts = append(opts, engine.Option[Command]{
				Label:   fmt.Sprintf("%s with %s (%s AP)", label, w.Name, plusAP(extra)),
				Command: &Replace{Action: a, Weapon: w.Name},
			})
		}
	}
	switch drew.Action {
	case CounterAttack:
		for _, w := range s.reactionWeapons(actor, CTCounterAttack) {
			replace(CTCounterAttack, w, "CT Counter-Attack")
		}
		for _, w := range s.reactionWeapons(actor, CTParry) {
			replace(CTParry, w, "CT Parry")
		}
	case Parry:
		if x.Act.Action == Feint {
			for _, w := range s.reactionWeapons(actor, CounterAttack) {
				replace(CounterAttack, w, "Counter-Attack +3 (the feint drew the parry)")
			}
		}
	}
	return opts
}

func plusAP(n int) string {
	if n == 0 {
		return "no extra"
	}
	return fmt.Sprintf("+%d", n)
}

// needsCounterTempo reports whether the actor is asked for a counter-tempo
// choice: its Melee Attack (or feint) drew a Parry or a Counter-Attack.
func (x *Exchange) needsCounterTempo() bool {
	if public(x.Act.Action) != MeleeAttack || x.CounterTempo || len(x.Reactions) == 0 {
		return false
	}
	a := x.Reactions[0].Action
	return a == Parry || a == CounterAttack
}

func actionList(as []Action) string {
	names := make([]string, len(as))
	for i, a := range as {
		names[i] = string(a)
	}
	return strings.Join(names, ", ")
}

func statusList(st []Status) string {
	names := make([]string, len(st))
	for i, x := range st {
		names[i] = string(x)
	}
	return strings.Join(names, " or ")
}

func weaponList(c *Combatant) string {
	names := []string{UnarmedName}
	for _, w := range c.Weapons {
		names = append(names, w.Name)
	}
	return strings.Join(names, ", ")
}
