package blackpowder

import (
	"math"

	"fray/dice"
	"fray/engine"
)

// Policies returns the blackpowder policies by name: engine.TacticalPolicy
// (Tactical) and engine.RandomPolicy (uniform among a prompt's options).
// Both are stateless, so one value serves any number of fights at once.
func (Rules) Policies() map[string]engine.Policy[State, Command] {
	return engine.StandardPolicies[State, Command](Tactical{})
}

// Tactical is the blackpowder policy that plays as a sensible fighter
// would, deciding from the state it is shown alone and drawing no dice:
//
//   - on its turn it stuns an unaware enemy if it can; revives an
//     unconscious ally within reach when no conscious enemy is near and the
//     check has a fair chance; uses a healing item on a badly hurt ally (or
//     itself); otherwise attacks the enemy it scores best: the expected
//     share of the enemy's remaining LP the attack takes, weighted by how
//     much damage that enemy threatens to deal;
//   - with nothing to attack it deals with its gun (fixes a jam it is
//     likely to clear, reloads an empty gun), draws a carried weapon that
//     can attack at once, moves toward the nearest conscious enemy (running
//     when the enemy is beyond a walk), escapes a trap, or passes;
//   - hit, it dodges or parries (whichever is likelier to work) when the
//     damage it expects to avoid is worth more than the action a failure
//     costs: free once it has acted, dear while its action is unspent;
//   - it always takes critical re-rolls and opportunity attacks, interrupts
//     a declared action with a held one by attacking (alone: it never
//     joins a combined action, which only adds ways to lose the contest),
//     lets aimed attacks wait for their time, and takes a GM ruling's
//     default;
//   - offered its held delayed action right after its aimed attack, it
//     attacks with it the enemy it scores best, if any.
type Tactical struct{}

// Choose returns the policy's command for the prompt in state s.
func (Tactical) Choose(s *State, p *engine.Prompt[Command], _ dice.Source) Command {
	if len(p.Options) == 0 {
		return nil
	}
	fallback := p.Options[max(p.Default, 0)].Command
	if p.Actor == engine.GM || p.Kind == engine.Ruling || len(p.Options) == 1 {
		return fallback
	}
	me := s.combatant(p.Actor)
	if me == nil {
		return fallback
	}
	if p.Kind == engine.Act {
		return act(s, me, p, fallback) // answers are never among a turn's options
	}
	ans, listed := listedAnswers(s, p)
	if !listed {
		ans = answersOf(p)
	}
	if ans.critical >= 0 {
		return p.Options[ans.critical].Command
	}
	if ans.opportunity >= 0 {
		return &OpportunityAttack{}
	}
	if ans.dodge >= 0 && s.Pending != nil {
		return defend(s, me, p, ans)
	}
	if s.Follow == me.ID && s.stage() == stageFollow {
		return followWith(s, me, p)
	}
	if ans.interrupt {
		return interruptWith(s, p)
	}
	return fallback
}

// answers are where the answers Choose looks for are among a prompt's
// options: the first of each kind (a critical re-roll taken), -1 for a
// kind the prompt does not offer; and whether it offers an interrupt.
type answers struct {
	critical, opportunity, dodge, parry, take int
	interrupt                                 bool
}

// answersOf finds p's answers in one pass over its options.
func answersOf(p *engine.Prompt[Command]) answers {
	a := answers{critical: -1, opportunity: -1, dodge: -1, parry: -1, take: -1}
	first := func(at *int, i int) {
		if *at < 0 {
			*at = i
		}
	}
	for i, o := range p.Options {
		switch c := o.Command.(type) {
		case *Critical:
			if c.Take {
				first(&a.critical, i)
			}
		case *OpportunityAttack:
			first(&a.opportunity, i)
		case *Dodge:
			first(&a.dodge, i)
		case *Parry:
			first(&a.parry, i)
		case *Take:
			first(&a.take, i)
		case *Interrupt:
			a.interrupt = true
		}
	}
	return a
}

// followWith answers the offer of a delayed action right after an aimed
// attack (R22): it attacks the conscious enemy it scores best, as on its
// turn, or keeps the delayed action when it can attack nobody.
func followWith(s *State, me *Combatant, p *engine.Prompt[Command]) Command {
	best, bestScore := -1, -1.0
	w := me.weapon()
	for i, o := range p.Options {
		in, ok := o.Command.(*Interrupt)
		if !ok {
			continue
		}
		atk, ok := in.Action.Command.(*Attack)
		if !ok || atk.Weapon != "" {
			continue
		}
		if t := s.combatant(atk.Target); t != nil && t.Status == Active {
			if score := targetScore(s, me, w, t, -1); score > bestScore {
				best, bestScore = i, score
			}
		}
	}
	if best < 0 {
		return p.Options[max(p.Default, 0)].Command
	}
	return p.Options[best].Command
}

// commandAt returns the command of p's option i, or nil when i is -1.
func commandAt(p *engine.Prompt[Command], i int) Command {
	if i < 0 {
		return nil
	}
	return p.Options[i].Command
}

// optionOf returns the index of the first option whose command is a T
// (and satisfies ok, if given), or -1.
func optionOf[T Command](p *engine.Prompt[Command], ok func(T) bool) int {
	for i, o := range p.Options {
		if c, is := o.Command.(T); is && (ok == nil || ok(c)) {
			return i
		}
	}
	return -1
}

// act decides a combatant's turn.
func act(s *State, me *Combatant, p *engine.Prompt[Command], fallback Command) Command {
	// Which of these the prompt offers: as Moves recorded them for its own
	// prompt, else read from the options.
	strikes, offered, listed := listedStrikes(s, p)
	if !listed {
		for _, o := range p.Options {
			switch o.Command.(type) {
			case *Stun:
				offered.stuns = true
			case *Revive:
				offered.revives = true
			case *UseItem:
				offered.items = true
			}
		}
	}
	stuns, revives, items := offered.stuns, offered.revives, offered.items
	// A stun on an unaware enemy: +3, no dodge (R43).
	if stuns {
		if c := bestTarget[*Stun](s, me, p, func(c *Stun) (string, int) { return c.Target, -1 }); c != nil {
			return c
		}
	}
	if revives {
		if c := reviveOption(s, me, p); c != nil {
			return c
		}
	}
	if items {
		if c := healOption(s, p); c != nil {
			return c
		}
	}
	if listed {
		// The one attack on a conscious enemy, found without scoring it
		// (bestAttack would choose it).
		if i, ok := loneStrike(s, strikes); ok {
			return commandAt(p, i)
		}
	}
	if c := bestAttack(s, me, p, strikes, listed); c != nil {
		return c
	}
	if c := gunOption(s, me, p); c != nil {
		return c
	}
	if c := drawOption(s, me, p); c != nil {
		return c
	}
	if c := approach(s, me, p); c != nil {
		return c
	}
	if i := optionOf[*Escape](p, nil); i >= 0 {
		return p.Options[i].Command
	}
	if i := optionOf[*Pass](p, nil); i >= 0 {
		return p.Options[i].Command
	}
	return fallback
}

// bestAttack returns the attack option on the conscious enemy that scores
// best, or nil when there is none. On the prompt Moves wrote (listed) it
// scores strikes, the attacks Moves listed, with the targets and
// difficulties it worked out (act has taken the lone one already, when
// there is one: see loneStrike); on any other it reads the options.
func bestAttack(s *State, me *Combatant, p *engine.Prompt[Command], strikes []listedStrike, listed bool) Command {
	if !listed {
		return bestTarget[*Attack](s, me, p, func(c *Attack) (string, int) { return c.Target, -1 })
	}
	best, bestScore := -1, -1.0
	w := me.weapon()
	for i := range strikes {
		k := &strikes[i]
		t := &s.Combatants[k.tgt]
		if t.Status != Active {
			continue // the unconscious are out of the fight already
		}
		if score := targetScore(s, me, w, t, k.difficulty); score > bestScore {
			best, bestScore = k.opt, score
		}
	}
	return commandAt(p, best)
}

// loneStrike returns the option of the one attack among strikes on a
// conscious enemy, when there is exactly one and scoring it could not
// leave it unchosen: its target's LP is at least -1, so its targetScore is
// not below 0, above the -1 bestAttack starts from. ok is false otherwise.
func loneStrike(s *State, strikes []listedStrike) (opt int, ok bool) {
	opt = -1
	for i := range strikes {
		k := &strikes[i]
		t := &s.Combatants[k.tgt]
		if t.Status != Active {
			continue
		}
		if opt >= 0 || t.LP < -1 {
			return -1, false
		}
		opt = k.opt
	}
	return opt, opt >= 0
}

// bestTarget returns the option of type T (an attack or a stun) on the
// conscious enemy that scores best, or nil when there is none. target
// names an option's target and the difficulty Moves worked out for it (-1
// if it did not).
func bestTarget[T Command](s *State, me *Combatant, p *engine.Prompt[Command], target func(T) (string, int)) Command {
	best, bestScore := -1, -1.0
	w := me.weapon()
	for i, o := range p.Options {
		c, ok := o.Command.(T)
		if !ok {
			continue
		}
		id, difficulty := target(c)
		t := s.combatant(id)
		if t == nil || t.Status != Active {
			continue // the unconscious are out of the fight already
		}
		if score := targetScore(s, me, w, t, difficulty); score > bestScore {
			best, bestScore = i, score
		}
	}
	return commandAt(p, best)
}

// targetScore rates attacking t with w, at the given difficulty (-1 to
// work it out): the expected share of t's
// remaining LP the attack takes, more for enemies that threaten more.
func targetScore(s *State, me *Combatant, w *Weapon, t *Combatant, difficulty int) float64 {
	w = as(w, plainUse(w, me, t))
	if difficulty < 0 {
		difficulty = attackDifficulty(s, me, w, t)
	}
	expected := hitChanceVs(s, me, w, t, difficulty) * expectedDamage(me, w, t)
	share := min(expected, float64(t.LP+1)) / float64(max(t.LP+1, 1))
	tw := as(t.weapon(), plainUse(t.weapon(), t, me))
	threat := hitChance(s, t, tw, me) * expectedDamage(t, tw, me)
	if tw.Kind == KindGun && (tw.State != GunOK || tw.Loaded < 1) {
		threat /= 2 // it must reload or fix before it shoots again
	}
	return share * (1 + threat/float64(max(me.LP+1, 1)))
}

// attackBonus mirrors the attack check of strike (R09, R40): what is
// added to the die.
func attackBonus(a *Combatant, w *Weapon, t *Combatant) int {
	bonus := attackAttribute(a, w) + w.AttackMod + a.Assist
	if w.Kind == KindThrown {
		if w.Thrown {
			bonus += 2
		} else {
			bonus -= 4
		}
	}
	if w.Kind == KindUnarmed {
		bonus += a.skill(skillBrawl)
	}
	if inaccurate(a, w) {
		bonus -= 2
	}
	if t.Immobile() {
		bonus += 3
	}
	return bonus
}

// hitChance is the chance that a attacks t with w and hits: d10 + bonus
// reaching the difficulty, or a natural 10.
func hitChance(s *State, a *Combatant, w *Weapon, t *Combatant) float64 {
	return hitChanceVs(s, a, w, t, attackDifficulty(s, a, w, t))
}

// hitChanceVs is hitChance with the attack's difficulty known.
func hitChanceVs(s *State, a *Combatant, w *Weapon, t *Combatant, difficulty int) float64 {
	need := difficulty - attackBonus(a, w, t)
	if a := s.Ambush; a != nil && a.Stage == "free" {
		need -= 3 // the ambushers' free turn (R38)
	}
	return float64(min(max(11-need, 1), 10)) / 10
}

// checkChance is the chance that d10 + bonus reaches difficulty.
func checkChance(bonus, difficulty int) float64 {
	return float64(min(max(11-(difficulty-bonus), 0), 10)) / 10
}

// expectedDamage is the LP a hit of a with w takes from t on average:
// weapon damage, attribute and bonuses, halved for fists against armor,
// less Toughness (R12-R16), without criticals.
func expectedDamage(a *Combatant, w *Weapon, t *Combatant) float64 {
	add := damageAttribute(a, w) + w.DamageMod + a.DamageBonus
	tough := t.ToughnessEff(w.Penetrating || w.Kind == KindGun)
	halve := w.Fists && t.WearsArmor()
	divisor := damageDivisor(w.Damage)
	keepHigh := w.Deadly || w.Kind == KindGun || w.Damage == TwoD10High
	if keepHigh {
		return float64(damageTotal(add, tough, 0, halve, true)) / 100
	}
	return float64(damageTotal(add, tough, divisor, halve, false)) / 10
}

// damageTotal is the damage past Toughness tough of a d10 plus add
// (divided by divisor, halved if halve), summed over the die's ten faces,
// or with keepHigh over the hundred throws of two d10 keeping the higher
// (which shows v in 2v - 1 of them). A whole die takes the sum in closed
// form; a divided or halved one is summed face by face (damageByFaces).
func damageTotal(add, tough, divisor int, halve, keepHigh bool) int {
	if halve || divisor != 0 {
		return damageByFaces(add, tough, divisor, halve, keepHigh)
	}
	// Faces lo to 10 deal v + k; the others nothing.
	k := add - tough
	lo := max(1, 1-k)
	if lo > 10 {
		return 0
	}
	n := 11 - lo
	sum := (lo + 10) * n / 2 // the faces lo..10
	if !keepHigh {
		return sum + k*n
	}
	squares := sumOfSquares(10) - sumOfSquares(lo-1)
	return 2*squares + (2*k-1)*sum - k*n
}

// sumOfSquares is 1² + 2² + ... + m².
func sumOfSquares(m int) int { return m * (m + 1) * (2*m + 1) / 6 }

// damageByFaces is damageTotal summed face by face.
func damageByFaces(add, tough, divisor int, halve, keepHigh bool) int {
	total := 0
	for f := 1; f <= 10; f++ {
		v, weight := f, 1
		if keepHigh {
			weight = 2*f - 1
		} else {
			v = dieValueBy(divisor, f)
		}
		raw := v + add
		if halve {
			raw /= 2
		}
		total += weight * max(0, raw-tough)
	}
	return total
}

// defend answers a hit: dodge, parry or take it, among p's answers ans.
func defend(s *State, me *Combatant, p *engine.Prompt[Command], ans answers) Command {
	pending := s.Pending
	a := s.combatant(pending.Attacker)
	take := ans.take
	if a == nil || take < 0 {
		return p.Options[max(p.Default, 0)].Command
	}
	w := pendingWeapon(a, pending)
	difficulty := pending.Total + w.DodgeMod
	bonus := me.Body + me.skill(skillDodge) + me.Assist
	choice, chance := ans.dodge, checkChance(bonus, difficulty)
	if parry := ans.parry; parry >= 0 {
		if c := checkChance(bonus+me.weapon().Defensive, difficulty); c > chance {
			choice, chance = parry, c
		}
	}
	if chance <= 0 {
		return p.Options[take].Command
	}
	hit := expectedDamage(a, w, me)
	if hit >= float64(me.LP+1) {
		hit *= 2 // it would knock me out, or worse
	}
	gain := chance * hit
	// A failed dodge (and with the A13 option any dodge) spends the action:
	// nothing once this round's turn is done, an attack before it.
	cost := 0.0
	// The cost is never below 0: with nothing to gain, take the hit; with
	// a sure dodge that keeps the action on a success, it is 0.
	if gain <= 0 {
		return p.Options[take].Command
	}
	if me.Actions > 0 && !me.Done && (chance < 1 || s.Options.DodgeSuccessConsumesAction) {
		value := bestAttackValue(s, me)
		if s.Options.DodgeSuccessConsumesAction {
			cost = value
		} else {
			cost = (1 - chance) * value
		}
	}
	if gain > cost {
		return p.Options[choice].Command
	}
	return p.Options[take].Command
}

// bestAttackValue is the most damage me can expect to deal with an attack
// with the weapon in hand against any conscious enemy.
func bestAttackValue(s *State, me *Combatant) float64 {
	w := me.weapon()
	best := 0.0
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Status == Active && !same(t.Group, me.Group) {
			w := as(w, plainUse(w, me, t))
			best = max(best, hitChance(s, me, w, t)*expectedDamage(me, w, t))
		}
	}
	return best
}

// interruptWith acts with a held delayed action when another declares one:
// an attack before it, on the one declaring if that is possible.
func interruptWith(s *State, p *engine.Prompt[Command]) Command {
	declarer := ""
	if s.Declared != nil {
		declarer = s.Declared.Actor
	}
	choice := -1
	for i, o := range p.Options {
		in, ok := o.Command.(*Interrupt)
		if !ok || in.After || in.With != "" {
			continue
		}
		if choice < 0 {
			choice = i
		}
		if atk, ok := in.Action.Command.(*Attack); ok && atk.Target == declarer {
			choice = i
			break
		}
	}
	if choice < 0 {
		return p.Options[max(p.Default, 0)].Command
	}
	return p.Options[choice].Command
}

// enemyNear reports whether a conscious enemy of me stands within reach of
// c.
func enemyNear(s *State, me, c *Combatant) bool {
	for i := range s.Combatants {
		e := &s.Combatants[i]
		if e.Status == Active && !same(e.Group, me.Group) && distance(e, c) <= reach {
			return true
		}
	}
	return false
}

// reviveOption revives an unconscious ally within reach when no conscious
// enemy is near either of them and the better skill has a fair chance.
func reviveOption(s *State, me *Combatant, p *engine.Prompt[Command]) Command {
	if enemyNear(s, me, me) {
		return nil
	}
	best, bestChance := -1, 0.3 // below this, fight on instead
	for i, o := range p.Options {
		rv, ok := o.Command.(*Revive)
		if !ok {
			continue
		}
		t := s.combatant(rv.Target)
		if t == nil || enemyNear(s, me, t) {
			continue
		}
		attr := me.Science
		if rv.Skill == "survival" {
			attr = me.Senses
		}
		if c := checkChance(attr+me.Skill(rv.Skill), t.ReviveDifficulty); c >= bestChance {
			best, bestChance = i, c
		}
	}
	return commandAt(p, best)
}

// healOption uses a healing item on the most hurt ally (or oneself) when
// they are down to a third of their LP or less.
func healOption(s *State, p *engine.Prompt[Command]) Command {
	best, bestShare := -1, 1.0/3
	for i, o := range p.Options {
		use, ok := o.Command.(*UseItem)
		if !ok {
			continue
		}
		t := s.combatant(use.Target)
		if t == nil || t.LPMax < 1 {
			continue
		}
		if share := float64(t.LP) / float64(t.LPMax); share <= bestShare {
			best, bestShare = i, share
		}
	}
	return commandAt(p, best)
}

// gunOption deals with a gun in hand that cannot fire: fix a jam likely to
// clear, or reload an empty gun, unless another carried weapon can attack
// at once (drawOption takes that).
func gunOption(s *State, me *Combatant, p *engine.Prompt[Command]) Command {
	w := me.weapon()
	if w.Kind != KindGun {
		return nil
	}
	if fix := optionOf[*Fix](p, nil); fix >= 0 {
		if checkChance(me.Science+me.skill(skillCraft), w.FixDifficulty) >= 0.5 || readyWeapon(s, me) < 0 {
			return p.Options[fix].Command
		}
		return nil
	}
	if reload := optionOf[*Reload](p, nil); reload >= 0 && w.State == GunOK {
		if readyWeapon(s, me) >= 0 && enemyNear(s, me, me) {
			return nil // in melee: fight with what is at hand
		}
		return p.Options[reload].Command
	}
	return nil
}

// readyWeapon is the index of a carried weapon, not the one in hand, that
// could attack a conscious enemy at once: a loaded gun in order, a thrown
// or ranged weapon, a melee weapon with an enemy in reach. -1 if none.
func readyWeapon(s *State, me *Combatant) int {
	for i, w := range me.Weapons {
		if i == me.Wielding || !me.mayTake(i) {
			continue
		}
		switch w.Kind {
		case KindGun:
			if w.State == GunOK && w.Loaded > 0 {
				return i
			}
		case KindThrown, KindRanged:
			return i
		case KindMelee, KindUnarmed:
			if enemyNear(s, me, me) {
				return i
			}
		}
	}
	return -1
}

// drawOption draws a weapon that can attack at once, as the immediate
// action, when the one in hand cannot.
func drawOption(s *State, me *Combatant, p *engine.Prompt[Command]) Command {
	if me.ImmediateUsed || me.Actions < 1 {
		return nil
	}
	i := readyWeapon(s, me)
	if i < 0 {
		return nil
	}
	name := me.Weapons[i].Name
	if j := optionOf[*Draw](p, func(d *Draw) bool { return d.Weapon == name && d.From == "" }); j >= 0 {
		return p.Options[j].Command
	}
	return nil
}

// approach moves a melee fighter with its action unspent toward the
// nearest conscious enemy: a move alongside the action when the enemy is
// within a walk (then it attacks), else a run.
func approach(s *State, me *Combatant, p *engine.Prompt[Command]) Command {
	w := me.weapon()
	if me.Actions < 1 || (w.Kind != KindMelee && w.Kind != KindUnarmed) {
		return nil
	}
	var near *Combatant
	for i := range s.Combatants {
		t := &s.Combatants[i]
		if t.Status == Active && !same(t.Group, me.Group) && (near == nil || distance(me, t) < distance(me, near)) {
			near = t
		}
	}
	if near == nil {
		return nil
	}
	if x, y, reaches, _ := closeIn(me, near, moveDistance-me.Moved); reaches {
		if i := optionOf(p, func(m *Move) bool { return m.X == x && m.Y == y }); i >= 0 {
			return p.Options[i].Command // the prompt's own: no new command
		}
		return &Move{X: x, Y: y}
	}
	if x, y, _, ok := closeIn(me, near, runDistance); ok {
		if i := optionOf(p, func(r *Run) bool { return r.X == x && r.Y == y }); i >= 0 {
			return p.Options[i].Command
		}
		return &Run{X: x, Y: y}
	}
	return nil
}

// closeIn is where me stops going straight at t, covering at most limit
// metres: a metre from t, well within reach (reaches), or as far toward
// it as the limit allows. ok is false when me cannot move (held, holding
// or trapped), has no way left under the limit, or is there already.
// Points are rounded to the centimetre, so a centimetre is left to spare
// under the limit.
func closeIn(me, t *Combatant, limit float64) (x, y float64, reaches, ok bool) {
	if me.HeldBy != "" || me.Holding != "" || me.Trapped > 0 {
		return 0, 0, false, false
	}
	const stop = reach - 0.5 // how close to come
	d := distance(me, t)
	gap := d - stop
	limit -= 0.01
	if gap <= 0.01 || limit <= 0.01 {
		return 0, 0, false, false
	}
	x, y = toward(me, t, min(gap, limit)/d)
	return x, y, gap <= limit, true
}

// toward is the point the given share of the way from a to b, rounded to
// the centimetre.
func toward(a, b *Combatant, share float64) (float64, float64) {
	x := a.X + (b.X-a.X)*share
	y := a.Y + (b.Y-a.Y)*share
	return math.Round(x*100) / 100, math.Round(y*100) / 100
}
