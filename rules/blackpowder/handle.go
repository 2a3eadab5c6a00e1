package blackpowder

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
}

// listStrike records, for a policy's prompt on c's turn, the attack cmd on
// t that the prompt lists.
func (b *prompter) listStrike(s *State, cmd *Attack, c *Combatant, w *Weapon, t *Combatant) {
	if !b.handles {
		return
	}
	h := b.hot
	h.strikes = append(h.strikes, listedStrike{cmd: cmd, attacker: s.indexOf(c), tgt: s.indexOf(t), difficulty: attackDifficulty(s, c, w, t)})
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
// prompt to who, until forgetListed.
func (h *hotMemory) listedFor(s *State, who string) { h.listedState, h.listedActor = s, who }

// forgetListed drops what the last Moves proved: the state it was proved
// for is about to change.
func (h *hotMemory) forgetListed() { h.listedState, h.listedActor = nil, "" }

// listed returns what Moves worked out for cmd, an attack it listed in
// this state for who, or nil when cmd is any other command (the table's, a
// typed one, one listed in another state or for another combatant) or the
// run has changed the state since.
func (r *run) listed(who string, cmd *Attack, kind string) *listedStrike {
	if !r.proved || kind != "" || r.mode != "" || r.hasPath || r.aimed || who != r.hot.listedActor {
		return nil
	}
	if cmd.Weapon != "" || cmd.Part != 0 || cmd.Modifier != 0 {
		return nil
	}
	for i := range r.hot.strikes {
		if k := &r.hot.strikes[i]; k.cmd == cmd {
			if r.s.Combatants[k.tgt].ID != cmd.Target {
				return nil // changed since it was listed
			}
			return k
		}
	}
	return nil
}

// listedDifficulty is the difficulty the last Moves worked out for cmd,
// an attack it listed in state s, or -1 when it did not.
func listedDifficulty(s *State, cmd *Attack) int {
	h := s.hot
	if h == nil || h.listedState != s {
		return -1
	}
	for i := range h.strikes {
		if k := &h.strikes[i]; k.cmd == cmd {
			return k.difficulty
		}
	}
	return -1
}
