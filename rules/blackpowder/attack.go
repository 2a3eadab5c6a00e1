package blackpowder

import (
	"fmt"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// reach is melee reach in metres (A21).
const reach = 1.5

// Attack: attack a target with the weapon in hand, or with a named carried
// weapon drawn as the immediate action (R06, R09).
type Attack struct {
	Target string `json:"target"`
	// Weapon names a carried weapon (or "fists"); empty means the one in
	// hand.
	Weapon string `json:"weapon,omitempty"`
	// Part is the body-part difficulty, 3 or 5 (R11); 0 for none.
	Part int `json:"part,omitempty"`
	// Hand is set for a body-part attack on the hand in use (part hand,
	// +3): a hit that lands disarms the target (R11, §6).
	Hand bool `json:"hand,omitempty"`
	// Modifier is any other situational difficulty the GM rules (R10:
	// terrain, cover, weather...), added to the target's Evade.
	Modifier int `json:"modifier,omitempty"`
	// Mode is how a weapon made both for the hand and for throwing is
	// used (R16, R17): "throw" throws a melee weapon (+2 with the Thrown
	// trait, else improvised, -4); "strike" strikes in melee with a
	// thrown weapon, such as a knife, held in hand. Empty: a thrown
	// weapon is thrown, a melee weapon strikes, or is thrown if it has
	// the Thrown trait and the target is beyond reach.
	Mode string `json:"mode,omitempty"`
}

// The kinds of attack.go's commands and events.
var (
	attackKind           = engine.Add[Attack](commands, "attack")
	stunKind             = engine.Add[Stun](commands, "stun")
	attackRolledKind     = engine.Add[AttackRolled](events, "attack_rolled")
	shotFiredKind        = engine.Add[ShotFired](events, "shot_fired")
	mistFizzleKind       = engine.Add[MistFizzle](events, "mist_fizzle")
	awaitingDecisionKind = engine.Add[AwaitingDecision](events, "awaiting_decision")
	actionUsedKind       = engine.Add[ActionUsed](events, "action_used")
)

func (*Attack) isCommand() {}

// Stun: an attack meant to knock out an unaware target (R43).
type Stun struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

func (*Stun) isCommand() {}

// attackAttribute is Body for melee and unarmed attacks, Senses otherwise
// (R09).
func attackAttribute(c *Combatant, w *Weapon) int {
	if w.Kind.handToHand() {
		return c.Body
	}
	return c.Senses
}

// damageAttribute is Senses for ranged weapons and guns, Body otherwise
// (R13, A32).
func damageAttribute(c *Combatant, w *Weapon) int {
	if w.Kind == KindRanged || w.Kind == KindGun {
		return c.Senses
	}
	return c.Body
}

func distance(a, b *Combatant) float64 { return parts.Metres(a.X, a.Y, b.X, b.Y) }

// usedAs is the kind of attack w makes in the given mode (Attack.Mode) at
// a target d metres away (R16, R17): a melee weapon thrown (mode "throw",
// or, with the Thrown trait, at a target beyond reach) is a thrown
// weapon; a thrown weapon struck with in hand (mode "strike") is a melee
// one; else w's own kind. A knife is made for both.
func usedAs(w *Weapon, mode string, d float64) WeaponKind {
	switch {
	case w.Kind == KindMelee && (mode == "throw" || mode == "" && w.Thrown && d > reach):
		return KindThrown
	case w.Kind == KindThrown && mode == "strike":
		return KindMelee
	}
	return w.Kind
}

// plainUse is the kind of weapon w is used as by c attacking t with no
// mode named (usedAs): only a melee weapon with the Thrown trait changes,
// thrown at one beyond reach, so only then is the distance worked out.
func plainUse(w *Weapon, c, t *Combatant) WeaponKind {
	if w.Kind != KindMelee || !w.Thrown {
		return w.Kind
	}
	return thrownUse(w, c, t)
}

// thrownUse is plainUse of a melee weapon with the Thrown trait, apart so
// that plainUse's common case is inlined.
func thrownUse(w *Weapon, c, t *Combatant) WeaponKind {
	return usedAs(w, "", distance(c, t))
}

// as is w used as a weapon of the given kind (usedAs): w itself if that
// is its own, else a copy of it of that kind, whose traits stay its own
// (a thrown melee weapon without Thrown is improvised, -4, R17) and whose
// dodge modifier moves by the difference the two kinds make (R23: thrown
// 3 harder to dodge than melee), so that a weapon's own adjustment stays.
func as(w *Weapon, kind WeaponKind) *Weapon {
	if kind == w.Kind {
		return w
	}
	v := *w
	v.Kind = kind
	v.DodgeMod += kindDodgeMod[kind] - kindDodgeMod[w.Kind]
	return &v
}

// pendingWeapon is the weapon of a pending attack by a, as the attack
// used it.
func pendingWeapon(a *Combatant, p *Pending) *Weapon {
	w := attackWeapon(a, p.Weapon)
	if p.As == 0 {
		return w
	}
	return as(w, p.As)
}

func (r *run) attack(who string, cmd *Attack) error {
	return r.strike(who, cmd, plainStrike, nil)
}

// stun is a stun attack on an unaware target: +3 to hit, no dodge, and
// stun damage instead of damage (R43).
func (r *run) stun(who string, cmd *Stun) error {
	return r.strike(who, &Attack{Target: cmd.Target, Weapon: cmd.Weapon}, stunStrike, nil)
}

// strikeKind is what an attack is made for.
type strikeKind uint8

// The kinds of strike: an attack, a hold attempt (R39), a stun attack
// (R43).
const (
	plainStrike strikeKind = iota
	holdStrike
	stunStrike
)

// aimedStrike is an attack that has passed every check strikeCheck makes: who
// attacks whom with what, and the difficulty before the attack's bonuses.
type aimedStrike struct {
	c, t *Combatant
	// draw is the index of the weapon the attack draws first (an immediate
	// action), or noDraw.
	draw int
	// w is the weapon the attack is made with, drawn or in hand, as it
	// is: as says what it is used as, and whoever needs the weapon so
	// used makes its own copy (as), since one kept here would make *k
	// memory of its own on every path.
	w          *Weapon
	difficulty int
	// as is the kind the weapon is used as, when not its own (usedAs).
	as WeaponKind
}

// noDraw is aimedStrike.draw for an attack with the weapon in hand.
const noDraw = -2

// strikeCheck checks an attack, a hold attempt or a stun attack (kind)
// without changing anything: every reason it may be refused is
// found here, before the attack emits its first event, so that a legal
// attack is known legal without trying it on a copy of the state. The
// attack it passes is written to *k (a value of the caller's, cheaper than
// one returned).
func (r *run) strikeCheck(who string, cmd *Attack, kind strikeKind, k *aimedStrike) error {
	if l := r.listed(who, cmd, kind); l != nil {
		r.fromListed(l, k)
		return nil
	}
	hold := kind == holdStrike
	c, err := r.actingMember(who)
	if err != nil {
		return err
	}
	if c.HeldBy != "" {
		return engine.Errorf(engine.NotAllowedNow, "%s is held by %s and cannot attack", c.Name, c.HeldBy)
	}
	if r.mode == PaidByAction && c.Actions < 1 {
		return r.noActionLeft(c)
	}
	t := r.s.combatant(cmd.Target)
	switch {
	case t == nil:
		return engine.Errorf(engine.Invalid, "no combatant %q to attack", cmd.Target)
	case t.ID == c.ID:
		return engine.Errorf(engine.Invalid, "%s cannot attack itself", c.Name)
	case t.Group == c.Group:
		return engine.Errorf(engine.NotAllowedNow, "%s is on %s's side", t.Name, c.Name)
	case t.Status == Dead || t.Status == Absent:
		return engine.Errorf(engine.NotAllowedNow, "%s is %s", t.Name, t.Status)
	case cmd.Part != 0 && cmd.Part != 3 && cmd.Part != 5:
		return engine.Errorf(engine.Invalid, "a body-part attack adds 3 or 5 to the difficulty, not %d", cmd.Part)
	}
	*k = aimedStrike{c: c, t: t, draw: noDraw, w: c.weapon()}
	if cmd.Weapon != "" {
		i, err := c.weaponIndex(cmd.Weapon)
		if err != nil {
			return err
		}
		if i != c.Wielding {
			if i >= 0 && c.Weapons[i].TakenBy != "" {
				return c.groundError(i)
			}
			if i >= 0 && c.Weapons[i].OnGround {
				// Picking a weapon up is a draw of its own, not folded
				// into an attack (R17, R11).
				return engine.Errorf(engine.NotAllowedNow, "the %s lies on the ground: %s must pick it up (draw %s) within reach first", c.Weapons[i].Name, c.Name, c.Weapons[i].Name)
			}
			switch {
			case r.mode == PaidByDelayed:
				// The immediate action belongs to the combatant's own turn:
				// drawing with a delayed action is that action (R06, R07).
				return engine.Errorf(engine.NotAllowedNow, "%s must have the %s in hand: with a delayed action the draw would be the action", c.Name, cmd.Weapon)
			case c.ImmediateUsed:
				return engine.Errorf(engine.NotAllowedNow, "%s must draw the %s first: the immediate action is used", c.Name, cmd.Weapon)
			}
			k.draw, k.w = i, attackWeapon(c, i)
		}
	}
	d := distance(c, t)
	if r.hasPath {
		d = segmentDistance([2]float64{c.X, c.Y}, r.path[0], r.path[1])
	}
	switch {
	case cmd.Mode != "" && cmd.Mode != "throw" && cmd.Mode != "strike":
		return engine.Errorf(engine.Invalid, "an attack is a throw or a strike, not %q", cmd.Mode)
	case cmd.Mode == "throw" && k.w.Kind != KindMelee && k.w.Kind != KindThrown:
		return engine.Errorf(engine.NotAllowedNow, "only a melee or thrown weapon is thrown, not the %s", k.w.Name)
	case cmd.Mode == "strike" && k.w.Kind != KindMelee && k.w.Kind != KindThrown && k.w.Kind != KindUnarmed:
		return engine.Errorf(engine.NotAllowedNow, "the %s is not a weapon to strike with in hand", k.w.Name)
	}
	w := k.w
	if kind := usedAs(w, cmd.Mode, d); kind != w.Kind {
		w, k.as = as(w, kind), kind
	}
	if hold && !w.Kind.handToHand() {
		return engine.Errorf(engine.NotAllowedNow, "a hold needs a melee weapon or fists in hand, not the %s", w.Name)
	}
	if hold && t.Status != Active {
		// Out of the fight, it makes no contest to seize it in (R25, R39).
		return engine.Errorf(engine.NotAllowedNow, "%s is %s: a hold seizes one who can struggle", t.Name, t.Status)
	}
	if hold && (t.Holding != "" || t.HeldBy != "" || c.Holding != "") {
		return engine.Errorf(engine.NotAllowedNow, "%s or %s is already in a hold", c.Name, t.Name)
	}
	if kind == stunStrike && (!r.s.unaware(t) || t.Status != Active) {
		return engine.Errorf(engine.NotAllowedNow, "only an unaware, conscious target can be stunned, and %s is not", t.Name)
	}
	k.difficulty = attackDifficulty(r.s, c, w, t) + cmd.Part + cmd.Modifier
	if w.Kind.handToHand() && d > reach {
		return engine.Errorf(engine.NotAllowedNow, "%s is %.1f m away, beyond melee reach (%.1f m)", t.Name, d, reach)
	}
	if w.Kind == KindGun {
		switch {
		case w.State != GunOK:
			return engine.Errorf(engine.NotAllowedNow, "the %s is %s", w.Name, w.State)
		case w.Loaded < 1:
			return engine.Errorf(engine.NotAllowedNow, "the %s is not loaded: reload first", w.Name)
		}
	}
	return nil
}

// fromListed writes to *k the attack Moves listed as l, which passes
// strikeCheck with these very numbers.
func (r *run) fromListed(l *listedStrike, k *aimedStrike) {
	c, t := &r.s.Combatants[l.attacker], &r.s.Combatants[l.tgt]
	*k = aimedStrike{c: c, t: t, draw: noDraw, w: c.weapon(), difficulty: l.difficulty}
	if kind := plainUse(k.w, c, t); kind != k.w.Kind {
		k.as = kind
	}
}

// strike is an attack, a hold attempt or a stun attack (kind). Once
// strikeCheck has passed it, it cannot fail. l is what Moves worked out
// for cmd when the caller has found it already (listed), in place of
// strikeCheck's checks; nil otherwise.
func (r *run) strike(who string, cmd *Attack, kind strikeKind, l *listedStrike) error {
	var k aimedStrike
	if l != nil {
		r.fromListed(l, &k)
	} else if err := r.strikeCheck(who, cmd, kind, &k); err != nil {
		return err
	}
	hold, stun := kind == holdStrike, kind == stunStrike
	c, t, difficulty := k.c, k.t, k.difficulty
	if k.draw != noDraw {
		r.emit(engine.New(r.arena(), weaponDrawnKind, WeaponDrawn{Combatant: c.ID, Weapon: k.draw, Immediate: true}))
		c = r.s.combatant(who)
	}
	w := c.weapon()
	if k.as != 0 {
		w = as(w, k.as)
	}
	if w.Kind == KindGun && r.s.Scene.Mist && w.Powder != "hazeblast" {
		r.emit(engine.New(r.arena(), mistFizzleKind, MistFizzle{Attacker: c.ID, Weapon: c.Wielding, Spent: r.mode}))
		return nil
	}
	hazeblast := w.Kind == KindGun && w.Powder == "hazeblast" && !r.s.Scene.Mist
	bonus := attackAttribute(c, w) + w.AttackMod
	if w.Kind == KindThrown && w.Thrown {
		bonus += 2
	}
	if w.Kind == KindUnarmed {
		bonus += c.skill(skillBrawl)
	}
	if inaccurate(c, w) {
		bonus -= 2 // Inaccurate (R16, A31)
	}
	if t.Immobile() {
		bonus += 3 // immobile target (R40)
	}
	if r.aimed {
		bonus += 3 // aimed attack (R22)
	}
	if w.Kind == KindThrown && !w.Thrown {
		bonus -= 4 // an improvised throw: Missing (R17)
	}
	bonus += c.Assist // an ally's help (R44)
	if a := r.s.Ambush; stun || (a != nil && a.Stage == "free" && c.Group == a.Hiders) {
		bonus += 3 // ambush or stun (R09, R38, R43, A34)
	}
	if hazeblast {
		// Hazeblast outside mist: the jam table first; only a 10 lets the
		// attack go on (R21).
		r.emit(engine.New(r.arena(), shotFiredKind, ShotFired{Attacker: c.ID, Weapon: c.Wielding}))
		if !r.jam(c, c.Wielding) {
			r.emit(engine.New(r.arena(), actionUsedKind, ActionUsed{Combatant: c.ID, Spent: r.mode}))
			return nil
		}
	}
	// Whether the target is unaware is settled before the roll: the attack
	// that reveals the attacker is still made unawares (R43).
	unaware := r.s.unaware(t)
	// The die counts as a miss or a hit; when a dodge may follow, the
	// total of a hit counts too (the dodge's difficulty).
	classes := hitClasses(difficulty - bonus)
	if c.ID == t.ID || canDodge(t) && !unaware {
		classes = classes.Each(difficulty-bonus, 10)
	}
	die := r.d10By(classes)
	total := die + bonus
	hit := die == 10 || total >= difficulty
	// A weapon thrown leaves the hand, hit or miss, and lies by its target
	// (R17).
	wi := c.Wielding
	thrown := w.Kind == KindThrown && wi >= 0
	r.emit(engine.New(r.arena(), attackRolledKind, AttackRolled{Attacker: c.ID, Target: t.ID, Weapon: wi, Die: die, Bonus: bonus, Total: total, Difficulty: difficulty, Hit: hit, Spent: r.mode, Thrown: thrown}))
	if w.Kind == KindGun && !hazeblast {
		r.emit(engine.New(r.arena(), shotFiredKind, ShotFired{Attacker: c.ID, Weapon: wi}))
	}
	if !hit {
		return nil
	}
	p := Pending{Attacker: c.ID, Target: t.ID, Weapon: wi, Total: total, Difficulty: difficulty, Bonus: bonus, Hold: hold, Stun: stun, Early: r.early, As: k.as, Hand: cmd.Hand}
	if canDodge(t) && !unaware {
		p.Stage = StageDodge
		r.emit(engine.New(r.arena(), awaitingDecisionKind, AwaitingDecision{Pending: p}))
		return nil
	}
	return r.damage(&p, c, t)
}

// attackDifficulty is what the attack check of a on t with w must reach
// before a body part and the GM's modifiers (R10): t's Evade, with the
// melee modifier for more than two enemies for a melee weapon or fists,
// else the ranged modifiers.
func attackDifficulty(s *State, a *Combatant, w *Weapon, t *Combatant) int {
	difficulty := t.EvadeEff()
	if w.Kind.handToHand() {
		return difficulty + s.crowding(a)
	}
	return difficulty + s.rangedModifier(a, w, t, distance(a, t))
}

// crowding is the melee modifier for combat with more than two enemies
// (R10, A19): +1 for each conscious enemy within reach of a beyond the
// second.
//
// Most fights have too few combatants to crowd anyone: it then looks at
// none (crowded stops too as soon as those left could not make more than
// two).
func (s *State) crowding(a *Combatant) int {
	if len(s.Combatants) <= 3 {
		return 0 // a and at most two enemies
	}
	return s.crowded(a)
}

// crowded is crowding counted.
func (s *State) crowded(a *Combatant) int {
	cs := s.Combatants
	n := 0
	for i := range cs {
		if n+len(cs)-i <= 2 {
			return 0
		}
		if e := &cs[i]; e.Status == Active && !same(e.Group, a.Group) && distance(e, a) <= reach {
			n++
		}
	}
	return max(0, n-2)
}

// hitClasses are the classes of an attack die that needs need or more, or
// a natural 10 (R09): a miss and a hit.
func hitClasses(need int) dice.Classes { return dice.Classes(0).Cut(min(need, 10)) }

// rangedModifier is what the rules add to the difficulty of a ranged,
// thrown or gun attack by a on t at distance d (R10, A20): +3 if t is in
// combat with one of a's allies (within the melee reach of a conscious
// member of a's group), +2 if t is running, +3 at far range or +5 beyond
// range.
func (s *State) rangedModifier(a *Combatant, w *Weapon, t *Combatant, d float64) int {
	mod := 0
	for i := range s.Combatants {
		if ally := &s.Combatants[i]; ally.ID != a.ID && ally.Group == a.Group && ally.Status == Active && distance(ally, t) <= reach {
			mod += 3 // in combat with an ally
			break
		}
	}
	if t.Running {
		mod += 2 // running target
	}
	if w.RangeFar > 0 && d > w.RangeFar {
		mod += 5 // beyond range
	} else if w.RangeNormal > 0 && d > w.RangeNormal {
		mod += 3 // far range
	}
	return mod
}

// inaccurate reports whether c's attack with w takes Inaccurate's −2
// (R16): any weapon with the trait, but fists and brass knuckles only in
// the hands of one with no Brawl skill (A31).
func inaccurate(c *Combatant, w *Weapon) bool {
	return w.Inaccurate && (w.Kind != KindUnarmed || c.skill(skillBrawl) == 0)
}

// attackWeapon is the weapon at index i of the attacker (-1: fists).
func attackWeapon(c *Combatant, i int) *Weapon {
	if i >= 0 && i < len(c.Weapons) {
		return &c.Weapons[i]
	}
	return &bareHands
}

// AttackRolled: an attack check (R09). Nat is the die as rolled; a natural
// 10 always hits.
type AttackRolled struct {
	Attacker   string `json:"attacker"`
	Target     string `json:"target"`
	Weapon     int    `json:"weapon"`
	Die        int    `json:"die"`
	Bonus      int    `json:"bonus"`
	Total      int    `json:"total"`
	Difficulty int    `json:"difficulty"`
	Hit        bool   `json:"hit"`
	// Spent is how the attack was paid for: "action" or "delayed".
	Spent Payment `json:"spent"`
	// Thrown is set when the weapon was thrown: it leaves the hand and
	// lies by the target (R17).
	Thrown bool `json:"thrown,omitempty"`
}

func (e *AttackRolled) apply(s *State, h *hotMemory) {
	c := s.combatant(e.Attacker)
	pay(c, e.Spent)
	c.Assist = 0
	if e.Thrown && e.Weapon >= 0 && e.Weapon < len(c.Weapons) {
		t := s.combatant(e.Target)
		drop(c, e.Weapon, t.X, t.Y, h)
	}
	// An attack reveals the attacker: its target is no longer unaware
	// (R43).
	s.combatant(e.Target).Unaware = false
}

func (e *AttackRolled) describe(s *State) string {
	c := s.combatant(e.Attacker)
	line := fmt.Sprintf("%s attacks %s with the %s: d10=%d %+d = %d vs %d: %s",
		c.Name, s.name(e.Target), attackWeapon(c, e.Weapon).Name, e.Die, e.Bonus, e.Total, e.Difficulty, hitOrMiss(e.Hit))
	if e.Thrown {
		line += "; the " + attackWeapon(c, e.Weapon).Name + " is thrown and lies by " + s.name(e.Target)
	}
	return line
}

// ShotFired: a gun spends a load, hit or miss (R18, A10).
type ShotFired struct {
	Attacker string `json:"attacker"`
	Weapon   int    `json:"weapon"`
}

func (e *ShotFired) apply(s *State, _ *hotMemory) {
	w := &s.combatant(e.Attacker).Weapons[e.Weapon]
	w.Loaded = max(0, w.Loaded-1)
}

func (*ShotFired) describe(*State) string {
	return "the shot spends a load"
}

// MistFizzle: regular powder in mist; the bullet rolls out (R21).
type MistFizzle struct {
	Attacker string `json:"attacker"`
	Weapon   int    `json:"weapon"`
	// Spent is what paid for the shot: "action", "delayed" or "free".
	Spent Payment `json:"spent"`
}

func (e *MistFizzle) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Attacker)
	w := &c.Weapons[e.Weapon]
	w.Loaded = max(0, w.Loaded-1)
	pay(c, e.Spent)
}

func (e *MistFizzle) describe(s *State) string {
	return s.name(e.Attacker) + "'s powder fails in the mist: the bullet rolls out"
}

// ActionUsed: a combatant's action is spent on something that has no event
// of its own (a hazeblast shot that jams before the attack).
type ActionUsed struct {
	Combatant string `json:"combatant"`
	// Spent is what paid: "action", "delayed" or "free".
	Spent Payment `json:"spent"`
}

func (e *ActionUsed) apply(s *State, _ *hotMemory) {
	pay(s.combatant(e.Combatant), e.Spent)
}

func (e *ActionUsed) describe(s *State) string {
	return s.name(e.Combatant) + "'s action is spent"
}

// AwaitingDecision: an attack stops for a dodge or a critical decision.
type AwaitingDecision struct {
	Pending Pending `json:"pending"`
}

func (e *AwaitingDecision) apply(s *State, h *hotMemory) {
	if h != nil {
		s.Pending = &h.pending
	} else {
		s.Pending = new(Pending)
	}
	*s.Pending = e.Pending
}

func (e *AwaitingDecision) describe(*State) string {
	return "waiting for " + e.Pending.Stage.String()
}
