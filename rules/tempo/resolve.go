package tempo

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// party is one side of an exchange's resolution: the actor's action (or
// its replacement) or one reaction.
type party struct {
	who     *Combatant
	action  Action
	rule    *rule
	weapon  *Weapon    // see weaponRef: never written
	target  *Combatant // whose CD, CDA and GD the ladder reads; who is struck
	bonus   int
	aimed   bool
	total   int
	net     int
	outcome Outcome
	void    bool
}

// resolve draws the checks, reads the ladders, applies voids, damage and
// the other effects (R11, R12).
func (d *decider) resolve() {
	s := d.s
	x := s.Exchange
	actor := s.combatant(x.Actor)
	act := party{who: actor, action: x.Act.Action, target: s.combatant(x.Act.Target), bonus: x.Act.Mod, aimed: x.Act.Aimed}
	act.weapon = actor.weaponRef(x.Act.Weapon)
	if rep := x.Replacement; rep != nil {
		act.action, act.bonus, act.aimed = rep.Action, rep.Bonus+rep.Mod, false
		act.weapon = actor.weaponRef(rep.Weapon)
		act.target = s.combatant(x.Reactions[0].Reactor)
	}
	act.rule = rules(act.action)
	if act.target == nil {
		act.target = actor // no target: the ladder has no CD rows
	}
	var reactorsBuf [4]party
	reactors := reactorsBuf[:0]
	for i := range x.Reactions {
		r := &x.Reactions[i]
		reactors = append(reactors, party{who: s.combatant(r.Reactor), action: r.Action, rule: rules(r.Action), target: actor, bonus: r.Mod})
		p := &reactors[i]
		p.weapon = p.who.weaponRef(r.Weapon)
		if r.Action == CounterAttack && p.weapon.Kind == "melee" && public(x.Act.Action) == UnarmedAttack {
			p.bonus += 5 // R21, R35
		}
	}

	// Checks: the actor's, then the reactors' in order (R42).
	var diceBuf [5]int
	dice := diceBuf[:0]
	dice = append(dice, make([]int, 1+len(reactors))...)
	dice[0], act.total = d.check(&act)
	for i := range reactors {
		dice[i+1], reactors[i].total = d.check(&reactors[i])
	}
	// Nets and ladders (R10, R11, R26).
	act.net = act.total
	if len(reactors) > 0 {
		best := reactors[0].total
		for i := range reactors[1:] {
			best = max(best, reactors[1+i].total)
		}
		act.net = act.total - best
	}
	act.outcome = act.rule.read(act.net, act.target)
	for i := range reactors {
		r := &reactors[i]
		r.net = r.total - act.total
		r.outcome = r.rule.read(r.net, actor)
		if r.rule.voidsOn(r.outcome) {
			act.void = true
		}
	}
	if act.rule.voidsOn(act.outcome) {
		for i := range reactors {
			reactors[i].void = true
		}
	}
	d.emit(engine.New(d.h.arena(), checkedKind,
		Checked{Combatant: actor.ID, Action: act.action, Die: dice[0], Total: act.total, Net: act.net, Outcome: act.outcome, Void: act.void}))
	for i := range reactors {
		r := &reactors[i]
		d.emit(engine.New(d.h.arena(), checkedKind,
			Checked{Combatant: r.who.ID, Action: r.action, Die: dice[i+1], Total: r.total, Net: r.net, Outcome: r.outcome, Void: r.void}))
	}

	// Damage, all of it before anyone falls (R12, R37, R38).
	var struckBuf [5]*Combatant
	struck := struckBuf[:0]
	for i := -1; i < len(reactors); i++ {
		p := &act
		if i >= 0 {
			p = &reactors[i]
		}
		critical, deals := p.rule.deals(p.outcome)
		if p.void || !deals {
			continue
		}
		d.damage(p, critical)
		if !slices.Contains(struck, p.target) {
			struck = append(struck, p.target)
		}
	}
	for _, t := range struck {
		d.fall(t)
	}

	// The other effects: the actor's, then the reactors' (R12). One
	// downed in the exchange makes none, save that a mover struck down
	// has moved until the blow, and lies where it fell (R15).
	var choicesBuf [5]Choice
	choices := choicesBuf[:0]
	if !act.void && (actor.standing() || act.action == Move) {
		if ch, ok := d.actorEffects(&act); ok {
			choices = append(choices, ch)
		}
	}
	for i := range reactors {
		r := &reactors[i]
		if r.void || !r.who.standing() {
			continue
		}
		switch {
		case r.outcome == BindOutcome:
			d.bind(r.who, r.weapon.Name, actor, act.weapon.Name)
		case r.action == Retreat && r.outcome == Success:
			choices = append(choices, Choice{Combatant: r.who.ID, Kind: "retreat", Opponent: actor.ID})
		case r.action == Retreat && r.outcome == CriticalSuccess:
			choices = append(choices, Choice{Combatant: r.who.ID, Kind: "retreat-critical", Opponent: actor.ID})
		case r.action == Double:
			// Double cedes the bind (R30).
			if r.who.BoundWith == actor.ID && actor.BoundWith == r.who.ID {
				d.unbind(r.who, actor)
			}
		}
	}
	if len(choices) > 0 {
		d.emit(engine.New(d.h.arena(), destinationsPendingKind, DestinationsPending{Choices: engine.Slice(d.h.arena(), stepChoiceMem, choices)}))
	}
}

// check draws one action check: d10 + skill + the accuracy of the weapon
// that sets the cost + bonuses (R35). Actions without a check have result
// 0 and draw no die (R13).
func (d *decider) check(p *party) (die, total int) {
	if p.rule.skill == noCheck {
		return 0, 0
	}
	die = d.src.Roll(10)
	total = die + skillOf(p.who, p.rule.skill, p.weapon.Kind) + p.bonus
	if p.rule.byWeapon {
		if p.aimed {
			total += p.weapon.AimedAccuracy
		} else {
			total += p.weapon.Accuracy
		}
	}
	return die, total
}

// skillOf is the skill an action adds; a Counter-Attack made unarmed uses
// brawl (R09).
func skillOf(c *Combatant, sk skill, weaponKind string) int {
	switch sk {
	case melee:
		if weaponKind == "unarmed" {
			return c.Brawl
		}
		return c.Melee
	case ranged:
		return c.Ranged
	case brawl:
		return c.Brawl
	case athletics:
		return c.Athletics
	}
	return 0
}

// damage rolls p's weapon damage against its target (R37), dice left to
// right.
func (d *decider) damage(p *party, critical bool) {
	w := p.weapon
	rolled := d.h.arena().Ints(w.Damage.Dice)
	total := w.Damage.Flat
	for i := range rolled {
		rolled[i] = d.src.Roll(w.Damage.Sides)
		total += rolled[i]
	}
	if w.AddMight {
		total += p.who.Might
	}
	total = max(total, 0)
	armour := p.target.Armour.AV
	taken := total
	if !critical {
		taken = max(0, total-armour)
	}
	d.emit(engine.New(d.h.arena(), damagedKind,
		Damaged{Attacker: p.who.ID, Target: p.target.ID, Weapon: w.Name, Dice: rolled, Damage: total, Critical: critical, Armour: armour, Taken: taken}))
}

// fall checks Down and Dead after damage (R38).
func (d *decider) fall(t *Combatant) {
	dead := t.Health <= -(5 + t.Toughness)
	switch {
	case t.Dead:
	case dead:
		d.emit(engine.New(d.h.arena(), fellKind, Fell{Combatant: t.ID, Dead: true}))
	case !t.Down && t.Health <= 0:
		d.emit(engine.New(d.h.arena(), fellKind, Fell{Combatant: t.ID}))
	}
}

// actorEffects applies the actor's outcome beyond damage and returns the
// destination it must choose, if any.
func (d *decider) actorEffects(act *party) (Choice, bool) {
	s := d.s
	x := s.Exchange
	a, t := act.who, act.target
	switch {
	case act.action == Aim && act.outcome == Success:
		d.emit(engine.New(d.h.arena(), aimTakenKind, AimTaken{Combatant: a.ID, Weapon: act.weapon.Name}))
	case act.action == Move:
		path := x.Act.Path
		if act.outcome == Failure && len(x.Hits) > 0 {
			path = s.stopAt(a, path, x.Hits)
		}
		if len(path) > 0 {
			d.emit(engine.New(d.h.arena(), movedKind, Moved{Combatant: a.ID, Path: d.keepSquares(path)}))
		}
	case act.action == CombatMove && act.outcome == Success:
		d.emit(engine.New(d.h.arena(), movedKind, Moved{Combatant: a.ID, Path: d.keepSquares(x.Act.Path)}))
	case act.action == CombatMove && act.outcome == CriticalSuccess:
		return Choice{Combatant: a.ID, Kind: "combat-move-critical", Opponent: x.Act.Target}, true
	case act.action == Disarm && act.outcome == Success:
		if w := t.BoundWeapon; w != "" && w != UnarmedName {
			d.emit(engine.New(d.h.arena(), disarmedKind, Disarmed{Combatant: t.ID, Weapon: w, At: t.At}))
		}
		d.unbind(a, t)
	case act.action == Escape && act.outcome == Success:
		d.escape(a)
	case act.action == Grapple && act.outcome == Success:
		// The grappler closes in beside its partner (R20, R40).
		if at, ok := s.closeIn(a, t); ok && at != a.At {
			one := [1]Square{at}
			d.emit(engine.New(d.h.arena(), movedKind, Moved{Combatant: a.ID, Path: engine.Slice(d.h.arena(), stepSquareMem, one[:])}))
		}
		d.dispose(a, Disposed{Status: Grappled, GrappledWith: []string{t.ID}})
		d.dispose(t, Disposed{Status: Grappled, GrappledWith: []string{a.ID}})
	case act.action == Pin && act.outcome == Success:
		d.dispose(t, Disposed{Status: Pinned, GrappledWith: t.GrappledWith, PinnedBy: a.ID})
	case act.action == Press && (act.outcome == Success || act.outcome == CriticalSuccess),
		act.action == Withdraw && act.outcome == Success:
		d.unbind(a, t)
	case act.action == Ready:
		d.dispose(a, Disposed{Status: OnGuard})
	case act.action == CTParry && act.outcome == BindOutcome:
		r := x.Reactions[0]
		d.bind(a, act.weapon.Name, t, r.Weapon)
	case act.action == PickUp:
		d.emit(engine.New(d.h.arena(), pickedUpKind, PickedUp{Combatant: a.ID, Weapon: x.Act.Weapon}))
	}
	return Choice{}, false
}

// keepSquares returns path for an event to hold: on the table the
// exchange's own, which nothing changes after; when stepping, a copy in
// the events' memory, since the exchange's is reused.
func (d *decider) keepSquares(path []Square) []Square {
	if d.h == nil {
		return path
	}
	return engine.Slice(d.h.arena(), stepSquareMem, path)
}

// stopAt is where a failed Move ends once a reaction has hit it: the
// first square of the path, the start included, within a hitter's threat,
// or the next free one after it (R15).
func (s *State) stopAt(mover *Combatant, path []Square, hits []Hit) []Square {
	// The squares are the start and then the path's, square i of them
	// path[i-1]: read in place rather than copied into a list.
	at := func(i int) Square {
		if i == 0 {
			return mover.At
		}
		return path[i-1]
	}
	stop := len(path)
	for _, h := range hits {
		hitter := s.combatant(h.Hitter)
		for i := 0; i <= len(path); i++ {
			if Dist(at(i), hitter.At) <= h.Threat {
				stop = min(stop, i)
				break
			}
		}
	}
	for stop > 0 && stop < len(path) && s.occupied(mover, path[stop-1]) {
		stop++
	}
	return path[:stop]
}

func (d *decider) dispose(c *Combatant, e Disposed) {
	e.Combatant = c.ID
	if d.h != nil {
		e.GrappledWith = engine.Slice(d.h.arena(), stepIDMem, e.GrappledWith)
	}
	d.emit(engine.New(d.h.arena(), disposedKind, e))
}

// bind makes a and b Bound with each other (R34).
func (d *decider) bind(a *Combatant, aWeapon string, b *Combatant, bWeapon string) {
	d.dispose(a, Disposed{Status: Bound, BoundWith: b.ID, BoundWeapon: aWeapon})
	d.dispose(b, Disposed{Status: Bound, BoundWith: a.ID, BoundWeapon: bWeapon})
}

// unbind ends the bind between a and b; both are On Guard (R34).
func (d *decider) unbind(a, b *Combatant) {
	d.dispose(a, Disposed{Status: OnGuard})
	d.dispose(b, Disposed{Status: OnGuard})
}

// escape takes c out of every grapple and pin (R18).
func (d *decider) escape(c *Combatant) {
	partners := slices.Clone(c.GrappledWith)
	if c.PinnedBy != "" && !slices.Contains(partners, c.PinnedBy) {
		partners = append(partners, c.PinnedBy)
	}
	d.dispose(c, Disposed{Status: OnGuard})
	for _, id := range partners {
		p := d.s.combatant(id)
		e := Disposed{Status: p.Status, BoundWith: p.BoundWith, BoundWeapon: p.BoundWeapon, PinnedBy: p.PinnedBy}
		for _, g := range p.GrappledWith {
			if g != c.ID {
				e.GrappledWith = append(e.GrappledWith, g)
			}
		}
		if e.PinnedBy == c.ID {
			e.PinnedBy = ""
		}
		// A partner the escape leaves holding nobody and held by nobody
		// is on guard at once, not grappled with no one (R34); one still
		// grappled by another but pinned by the escaper is grappled.
		switch {
		case (e.Status == Grappled || e.Status == Pinned) && len(e.GrappledWith) == 0:
			e.Status, e.PinnedBy = OnGuard, ""
		case e.Status == Pinned && e.PinnedBy == "":
			e.Status = Grappled
		}
		d.dispose(p, e)
	}
}

// finishExchange ends relations with the fallen, returns anyone left
// without a relation to On Guard (R34), reveals a feint (R19) and closes
// the exchange.
func (d *decider) finishExchange() {
	s := d.s
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if !c.Present {
			continue
		}
		if c.BoundWith == "" && c.PinnedBy == "" && len(c.GrappledWith) == 0 && !c.Down && !c.Dead &&
			(c.Status == OnGuard || c.Status == OffGuard) {
			continue // held by nobody and standing: nothing below changes
		}
		gone := func(id string) bool {
			o := s.combatant(id)
			return o == nil || o.Down || o.Dead
		}
		e := Disposed{Status: c.Status, BoundWith: c.BoundWith, BoundWeapon: c.BoundWeapon, PinnedBy: c.PinnedBy}
		if d.h != nil && len(c.GrappledWith) > 0 {
			// dispose keeps a copy, so the list can be written in
			// memory reused combatant after combatant.
			e.GrappledWith = d.h.partners[:0]
		}
		for _, g := range c.GrappledWith {
			if !gone(g) {
				e.GrappledWith = append(e.GrappledWith, g)
			}
		}
		if len(e.GrappledWith) == 0 {
			e.GrappledWith = nil
		} else if d.h != nil {
			d.h.partners = e.GrappledWith
		}
		if e.BoundWith != "" && gone(e.BoundWith) {
			e.BoundWith, e.BoundWeapon = "", ""
		}
		if e.PinnedBy != "" && (gone(e.PinnedBy) || !slices.Contains(e.GrappledWith, e.PinnedBy)) {
			e.PinnedBy = ""
		}
		switch {
		case c.Down || c.Dead:
			e = Disposed{Status: OffGuard}
		case e.Status == Bound && e.BoundWith == "",
			e.Status == Grappled && len(e.GrappledWith) == 0,
			e.Status == Pinned && e.PinnedBy == "" && len(e.GrappledWith) == 0:
			e.Status = OnGuard
		case e.Status == Pinned && e.PinnedBy == "":
			e.Status = Grappled
		}
		if e.Status != c.Status || e.BoundWith != c.BoundWith || e.PinnedBy != c.PinnedBy || !slices.Equal(e.GrappledWith, c.GrappledWith) {
			d.dispose(c, e)
		}
	}
	if s.Exchange.Act.Action == Feint {
		d.emit(engine.New(d.h.arena(), feintRevealedKind, FeintRevealed{Actor: s.Exchange.Actor}))
	}
	d.emit(&ExchangeEnded{})
}

// Checked: one action check and where its net falls on the ladder (R10,
// R11). Die is 0 for actions without a check (R13). Void is set when an
// opponent's outcome made the action fail without effect (R12).
type Checked struct {
	Combatant string  `json:"combatant"`
	Action    Action  `json:"action"`
	Die       int     `json:"die,omitempty"`
	Total     int     `json:"total"`
	Net       int     `json:"net"`
	Outcome   Outcome `json:"outcome"`
	Void      bool    `json:"void,omitempty"`
}

// Damaged: damage rolled and taken (R37).
type Damaged struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Weapon   string `json:"weapon"`
	Dice     []int  `json:"dice"`
	Damage   int    `json:"damage"`
	Critical bool   `json:"critical,omitempty"`
	Armour   int    `json:"armour"`
	Taken    int    `json:"taken"`
}

// Fell: a combatant goes Down, or dies (R38).
type Fell struct {
	Combatant string `json:"combatant"`
	Dead      bool   `json:"dead,omitempty"`
}

// Moved: a combatant moves along the path to its last square.
type Moved struct {
	Combatant string   `json:"combatant"`
	Path      []Square `json:"path"`
}

// AimTaken: an Aim succeeded with the weapon (R14).
type AimTaken struct {
	Combatant string `json:"combatant"`
	Weapon    string `json:"weapon"`
}

// Disposed: a combatant's status and relations change (R34).
type Disposed struct {
	Combatant    string   `json:"combatant"`
	Status       Status   `json:"status"`
	BoundWith    string   `json:"bound_with,omitempty"`
	BoundWeapon  string   `json:"bound_weapon,omitempty"`
	GrappledWith []string `json:"grappled_with,omitempty"`
	PinnedBy     string   `json:"pinned_by,omitempty"`
}

// Disarmed: a weapon drops to the ground (R17, G7).
type Disarmed struct {
	Combatant string `json:"combatant"`
	Weapon    string `json:"weapon"`
	At        Square `json:"at"`
}

// PickedUp: a combatant picks a weapon up from its square (R41).
type PickedUp struct {
	Combatant string `json:"combatant"`
	Weapon    string `json:"weapon"`
}

// FeintRevealed: the sealed feint is shown to everyone (R19).
type FeintRevealed struct {
	Actor string `json:"actor"`
}

// ExchangeEnded: the action is fully resolved.
type ExchangeEnded struct{}

var (
	checkedKind       = engine.Add[Checked](events, "checked")
	damagedKind       = engine.Add[Damaged](events, "damaged")
	fellKind          = engine.Add[Fell](events, "fell")
	movedKind         = engine.Add[Moved](events, "moved")
	aimTakenKind      = engine.Add[AimTaken](events, "aim_taken")
	disposedKind      = engine.Add[Disposed](events, "disposed")
	disarmedKind      = engine.Add[Disarmed](events, "disarmed")
	pickedUpKind      = engine.Add[PickedUp](events, "picked_up")
	feintRevealedKind = engine.Add[FeintRevealed](events, "feint_revealed")
	_                 = engine.Add[ExchangeEnded](events, "exchange_ended")
)

// threat is how far a weapon strikes: a melee weapon's reach or a ranged
// weapon's range (R15).
func threat(w Weapon) int {
	if w.Kind == "ranged" {
		return w.Range
	}
	return w.Reach
}

func (*Checked) apply(s *State, _ *hotMemory) {
	if x := s.Exchange; x != nil {
		x.Resolved = true
	}
}

func (e *Damaged) apply(s *State, h *hotMemory) {
	if c := s.combatant(e.Target); c != nil {
		c.Health -= e.Taken
		h.tally(s, c, e.Attacker, e.Taken, false, false)
	}
	if x := s.Exchange; x != nil && e.Target == x.Actor && e.Attacker != x.Actor {
		if hitter := s.combatant(e.Attacker); hitter != nil {
			if w, ok := hitter.weapon(e.Weapon); ok {
				x.Hits = append(x.Hits, Hit{Hitter: e.Attacker, Threat: threat(w)})
			}
		}
	}
}

func (e *Fell) apply(s *State, h *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil {
		h.tally(s, c, "", 0, true, e.Dead)
		c.Down = true
		c.Dead = c.Dead || e.Dead
		c.Aimed = ""
	}
}

func (e *Moved) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil && len(e.Path) > 0 {
		c.At = e.Path[len(e.Path)-1]
	}
}

func (e *AimTaken) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil {
		c.Aimed = e.Weapon
	}
}

func (e *Disposed) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil {
		c.Status = e.Status
		c.BoundWith = e.BoundWith
		c.BoundWeapon = e.BoundWeapon
		c.GrappledWith = slices.Clone(e.GrappledWith)
		c.PinnedBy = e.PinnedBy
	}
}

func (e *Disarmed) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil {
		if i := slices.IndexFunc(c.Weapons, func(w Weapon) bool { return w.Name == e.Weapon }); i >= 0 {
			s.Dropped = append(s.Dropped, Dropped{Weapon: c.Weapons[i], At: e.At})
			c.Weapons = without(c.Weapons, i)
		}
		if c.Aimed == e.Weapon {
			c.Aimed = ""
		}
	}
}

// without returns ws without its i-th weapon, leaving ws as it is: the
// rules never write into a combatant's weapons once it holds them, but
// replace them, so that copies of a state (ScratchInto, ViewInto) may
// share them. Dropping the first or the last weapon, which with two at
// most is every drop, reslices; otherwise it copies. The result has no
// room past its end, so that an append copies too.
func without(ws []Weapon, i int) []Weapon {
	switch i {
	case 0:
		return ws[1:len(ws):len(ws)]
	case len(ws) - 1:
		return ws[:i:i]
	}
	return slices.Clip(slices.Concat(ws[:i], ws[i+1:]))
}

func (e *PickedUp) apply(s *State, _ *hotMemory) {
	if c := s.combatant(e.Combatant); c != nil {
		i := slices.IndexFunc(s.Dropped, func(d Dropped) bool { return d.Weapon.Name == e.Weapon && d.At == c.At })
		if i >= 0 {
			// Onto a new array: the old one may be shared (see without).
			c.Weapons = append(slices.Clip(c.Weapons), s.Dropped[i].Weapon)
			s.Dropped = slices.Delete(s.Dropped, i, i+1)
		}
	}
}

func (*FeintRevealed) apply(_ *State, _ *hotMemory) {}

func (*ExchangeEnded) apply(s *State, _ *hotMemory) { s.Exchange = nil }

func (e *Checked) describe(s *State) string {
	name := rules(e.Action).name
	var line string
	if e.Die == 0 {
		line = fmt.Sprintf("%s's %s: no check, result 0, net %d: %s", e.Combatant, name, e.Net, e.Outcome)
	} else {
		line = fmt.Sprintf("%s's %s: d10=%d, result %d, net %d: %s", e.Combatant, name, e.Die, e.Total, e.Net, e.Outcome)
	}
	if e.Void {
		line += ", made void"
	}
	return line
}

func (e *Damaged) describe(s *State) string {
	rolls := make([]string, len(e.Dice))
	for i, d := range e.Dice {
		rolls[i] = fmt.Sprint(d)
	}
	line := fmt.Sprintf("%s's %s deals %d to %s (dice %s)", e.Attacker, e.Weapon, e.Damage, e.Target, strings.Join(rolls, "+"))
	if e.Critical {
		return line + fmt.Sprintf(", ignoring armour: %s takes %d", e.Target, e.Taken)
	}
	return line + fmt.Sprintf(", armour %d: %s takes %d", e.Armour, e.Target, e.Taken)
}

func (e *Fell) describe(_ *State) string {
	if e.Dead {
		return e.Combatant + " is dead"
	}
	return e.Combatant + " is down"
}

func (e *Moved) describe(s *State) string {
	return fmt.Sprintf("%s moves to %v", e.Combatant, e.Path[len(e.Path)-1])
}

func (e *AimTaken) describe(s *State) string {
	return fmt.Sprintf("%s takes aim with the %s", e.Combatant, e.Weapon)
}

func (e *Disposed) describe(s *State) string {
	switch {
	case e.BoundWith != "":
		return fmt.Sprintf("%s is bound with %s (%s)", e.Combatant, e.BoundWith, e.BoundWeapon)
	case e.PinnedBy != "":
		return fmt.Sprintf("%s is pinned by %s", e.Combatant, e.PinnedBy)
	case len(e.GrappledWith) > 0:
		return fmt.Sprintf("%s is %s, grappling %s", e.Combatant, e.Status, strings.Join(e.GrappledWith, ", "))
	}
	return fmt.Sprintf("%s is %s", e.Combatant, e.Status)
}

func (e *Disarmed) describe(s *State) string {
	return fmt.Sprintf("%s is disarmed: the %s drops at %v", e.Combatant, e.Weapon, e.At)
}

func (e *PickedUp) describe(s *State) string {
	return fmt.Sprintf("%s picks up the %s", e.Combatant, e.Weapon)
}

func (e *FeintRevealed) describe(s *State) string {
	return fmt.Sprintf("%s's attack was a feint", e.Actor)
}

func (*ExchangeEnded) describe(_ *State) string { return "the action is resolved" }
