package blackpowder

import "fray/engine"

// listedStrike is what Moves worked out for an attack it listed on a turn:
// the attack, its attacker and target by roster index, and the difficulty
// strikeCheck finds for it (the target's Evade with the ranged modifiers).
// Listing an attack proves what strikeCheck checks for the one the prompt
// asks, in its own turn with the weapon in hand, so a Step given that very
// command in that very state takes these numbers instead of checking again,
// and the policy scores the attack with the same difficulty.
type listedStrike struct {
	cmd           *Attack
	attacker, tgt int
	difficulty    int
	// opt is the attack's place among the prompt's options.
	opt int
	// provokes is set when the attack is a shot or a throw, which gives
	// hostile melee fighters within reach an opportunity attack (R34); a
	// blow in melee provokes nobody, so that opportunists need not look.
	provokes bool
}

// offers says which options that the tactical policy looks for before
// attacking a turn's prompt lists: a stun, a revive, a healing item.
type offers struct{ stuns, revives, items bool }

// offer records, for a policy's prompt on a turn, that it lists an option
// of the kinds *o sets.
func (b *prompter) offer(o offers) {
	if !b.handles {
		return
	}
	h := &b.hot.offers
	h.stuns, h.revives, h.items = h.stuns || o.stuns, h.revives || o.revives, h.items || o.items
}

// listStrike records, for a policy's prompt on c's turn, the attack cmd on
// t, at roster position ti, that the prompt lists.
func (b *prompter) listStrike(s *State, cmd *Attack, c *Combatant, w *Weapon, t *Combatant, ti int) {
	if !b.handles {
		return
	}
	h := b.hot
	kind := plainUse(w, c, t)
	h.strikes = append(h.strikes, listedStrike{cmd: cmd, attacker: s.indexOf(c), tgt: ti, difficulty: attackDifficulty(s, c, as(w, kind), t), opt: len(b.p.Options) - 1,
		provokes: kind == KindRanged || kind == KindThrown || kind == KindGun})
}

// answered records, for a policy's prompt (lean), where the answers
// Tactical looks for are among the options it has just listed, all of
// them: a reaction prompt's dodge, parry and take, its critical re-roll or
// its opportunity attack. The policy then reads them rather than the
// options (see listedAnswers).
func (b *prompter) answered(s *State, a answers) {
	if !b.lean {
		return
	}
	h := b.hot
	h.answers, h.hasAnswers = a, true
	h.listedFor(s, b.p.Actor, b.p)
}

// listedRoll is what Moves worked out for an initiative prompt: the group
// that rolls next and its roller, by roster position, plus one (the zero
// value records nothing).
type listedRoll struct{ group, roller int }

// rolls records, for a policy's initiative prompt, the group at index gi
// that rolls next and roller, who rolls for it: initiative takes them
// rather than looking for them again when the roller answers that very
// prompt.
func (b *prompter) rolls(s *State, gi int, roller *Combatant) {
	if !b.lean {
		return
	}
	h := b.hot
	h.roll = listedRoll{group: gi + 1, roller: s.indexOf(roller) + 1}
	h.listedFor(s, b.p.Actor, b.p)
}

// provedRoll returns the group and roller Moves found for the initiative
// prompt who answers, when it is the prompt's roller in the state Moves
// listed it for (see rolls); nil otherwise, and initiative looks.
func (r *run) provedRoll(who string) (*Group, *Combatant) {
	if !r.proved || r.hot.roll.group == 0 || !identical(who, r.provedFor) {
		return nil, nil
	}
	k := r.hot.roll
	return &r.s.Groups[k.group-1], &r.s.Combatants[k.roller-1]
}

// indexOf is the roster position of c, a combatant of s.
func (s *State) indexOf(c *Combatant) int {
	for i := range s.Combatants {
		if &s.Combatants[i] == c {
			return i
		}
	}
	return -1
}

// listedFor marks the strikes the last Moves recorded as those of s's
// prompt p to who, until forgetListed.
func (h *hotMemory) listedFor(s *State, who string, p *engine.Prompt[Command]) {
	h.listedState, h.listedActor = s, who
	h.listedOptions = p.Options
}

// forgetListed drops what the last Moves proved: the state it was proved
// for is about to change. Clearing the state is enough: the actor and the
// options are read only while it is set, and listedFor sets all three.
func (h *hotMemory) forgetListed() { h.listedState = nil }

// listedStrikes returns the attacks the last Moves listed in s, when p is
// the prompt it wrote (its options the very ones Moves wrote): every
// attack among p's options, in their order, with what Moves worked out
// for it, and what it recorded of the other options (see offer). ok is
// false for any other prompt, whose options the caller reads itself. A
// prompt that is not a turn's (a reaction's, whose answers Moves records,
// or an initiative roll's) has neither attacks nor offers recorded, and
// Tactical never asks.
func listedStrikes(s *State, p *engine.Prompt[Command]) (strikes []listedStrike, o offers, ok bool) {
	h := s.hot
	if h == nil || h.listedState != s || !identical(p.Actor, h.listedActor) ||
		len(p.Options) != len(h.listedOptions) || len(p.Options) == 0 || &p.Options[0] != &h.listedOptions[0] {
		return nil, offers{}, false
	}
	return h.strikes, h.offers, true
}

// listedAnswers returns where the answers are among p's options, as the
// last Moves recorded them (see answered), when p is the prompt it wrote
// in s; ok is false for any other prompt, or one whose answers Moves did
// not record, whose options the caller reads itself.
func listedAnswers(s *State, p *engine.Prompt[Command]) (a answers, ok bool) {
	h := s.hot
	if h == nil || !h.hasAnswers || h.listedState != s || !identical(p.Actor, h.listedActor) ||
		len(p.Options) != len(h.listedOptions) || len(p.Options) == 0 || &p.Options[0] != &h.listedOptions[0] {
		return answers{}, false
	}
	return h.answers, true
}

// listed returns what Moves worked out for cmd, an attack it listed in
// this state for who, or nil when cmd is any other command (the table's, a
// typed one, one listed in another state or for another combatant) or the
// run has changed the state since.
func (r *run) listed(who string, cmd *Attack, kind strikeKind) *listedStrike {
	if !r.proved || kind != plainStrike || r.mode != PaidByAction || r.hasPath || r.aimed || !same(who, r.provedFor) {
		return nil
	}
	if k := r.taken; k != nil && k.cmd == cmd {
		return k // found already for this command (declareOrAct, then strikeCheck)
	}
	if cmd.Weapon != "" || cmd.Part != 0 || cmd.Modifier != 0 || cmd.Mode != "" {
		return nil
	}
	for i := range r.hot.strikes {
		if k := &r.hot.strikes[i]; k.cmd == cmd {
			if !same(r.s.Combatants[k.tgt].ID, cmd.Target) {
				return nil // changed since it was listed
			}
			r.taken = k
			return k
		}
	}
	return nil
}
