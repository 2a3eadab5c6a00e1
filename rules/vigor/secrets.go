package vigor

import (
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Hiding is vigor's secret (§6, A14, R09's ambush; docs/rules/vigor.md,
// "What a hidden creature's enemies see"). A creature with the hidden flag
// is hidden from every creature of another side until its first attack
// roll reveals it; the GM, a spectator, its allies and itself see it as it
// is. Its enemies know it is in the fight (initiative is rolled in the
// open, and its turns come in order), but not where it is nor what it does
// short of attacking:
//
//   - in an enemy's view it is unseen (Combatant.Unseen), at 0,0 rather
//     than where it is, with nothing readied, carried over or defended;
//     the tracker's map leaves it out;
//   - its moves, escapes, Defend, readying, standing up, aid, checks,
//     restoring items, passes and the acts it carries over to a later turn
//     are not in an enemy's log, nor are the commands that made them;
//   - a prompt it answers shows an enemy neither its question nor its
//     options (they tell where it stands); an opening or a readied shot
//     offered to it shows as the GM's, so that being asked betrays
//     nothing; the GM's ruling on its escape does not name it.
//
//   - an attack it declares that waits for the GM's modifiers
//     (gm_prompts) is not in the open until it is rolled: the GM may yet
//     rule it lost (A14), and a lost attack rolls nothing and reveals
//     nothing. Until then its enemies see its turn going on; so too while
//     the GM rules on its escape.
//
// What it does while an attack names it, as attacker or target, is in the
// open for that attack's length; where it stands is not, until its own
// attack roll reveals it (an attack guessed at it reveals nothing, A14). The prompts of the others hold no secret:
// the rules offer nobody an option aimed at a foe hidden from them (see
// actOptions), and a hidden creature gives its enemies no opening (see
// mayTakeOpening).

var _ engine.Secrets[State, Command, Event] = Rules{}

// hiddenQuestion is the question a prompt hidden from its viewer shows.
const hiddenQuestion = "the GM plays what is hidden from you"

// unseenBy reports whether creature id is hidden from viewer v's sight in
// state s: it is hidden and v plays a creature of another side (or one
// the fight does not have). Where it stands stays out of v's view even
// while an attack names it: an attack guessed at it (A14) finds it or
// not, but only its own attack roll reveals it.
func unseenBy(s *State, id string, v engine.Viewer) bool {
	if v.GM || v.Combatant == "" || id == "" || id == v.Combatant {
		return false
	}
	c := s.Combatant(id)
	if c == nil || !c.Hidden {
		return false
	}
	me := s.Combatant(v.Combatant)
	return me == nil || me.Side != c.Side
}

// hiddenFrom reports whether what creature id does is hidden from viewer
// v in state s: it is unseen by v and no attack being resolved names it.
// An attack only declared, waiting for the GM's modifiers, is not yet
// resolved: it may still be lost unrolled (A14), and only a roll reveals
// its attacker.
func hiddenFrom(s *State, id string, v engine.Viewer) bool {
	if !unseenBy(s, id, v) {
		return false
	}
	if st := s.Strike; st != nil && (st.Attacker == id || st.Target == id) {
		return false
	}
	return s.Counter != id
}

// waitsForGM reports whether an attack a creature makes now waits for
// the GM's modifiers before it is rolled (gm_prompts): until then it
// reveals nothing, since the GM may yet rule it lost (A14).
func waitsForGM(s *State) bool { return s.Options.GMPrompts }

// declaredHidden reports whether the attack waiting for the GM's
// modifiers is made by a creature hidden from v.
func declaredHidden(s *State, v engine.Viewer) bool {
	return s.Phase == Modifiers && s.Declared != nil && hiddenFrom(s, s.Declared.Attacker, v)
}

// escapeHidden reports whether the GM's ruling on an escape is on one
// hidden from v.
func escapeHidden(s *State, v engine.Viewer) bool {
	return s.Phase == EscapeRuling && s.Window != nil && hiddenFrom(s, s.Window.Opener, v)
}

// ViewInto makes *dst the state as v may see it: the creatures hidden from
// v unseen, nowhere (also while an attack names one: then only what it
// has readied, carries over or defends with is in the open, as that
// attack's prompts and log show it), left out of those an opening is
// offered to, and where one escapes to unsaid. The copy
// reuses dst's memory (copyInto's, and its own copies of the off-hand
// attacks a pending attack carries); what the rules never change (stat
// blocks' weapons, skills, abilities, the scene) it shares with s.
func (Rules) ViewInto(dst, s *State, v engine.Viewer) {
	copyInto(dst, s)
	h := dst.hotMemory()
	if dst.Strike != nil && dst.Strike.Then != nil {
		h.viewThen[0] = *dst.Strike.Then
		dst.Strike.Then = &h.viewThen[0]
	}
	if dst.Declared != nil && dst.Declared.Then != nil {
		h.viewThen[1] = *dst.Declared.Then
		dst.Declared.Then = &h.viewThen[1]
	}
	hidden := false
	for i := range dst.Combatants {
		c := &dst.Combatants[i]
		// Only a hidden creature is unseen: most are not, and are told so
		// without finding them by id.
		hidden = hidden || c.Hidden
		if !c.Hidden || !unseenBy(s, c.ID, v) {
			continue
		}
		c.Unseen = true
		c.X, c.Y = 0, 0
		if hiddenFrom(s, c.ID, v) {
			c.Ready, c.Carry, c.Defending = Readied{}, Carry{}, false
		}
	}
	if !hidden {
		return // nothing is hidden from anyone
	}
	switch {
	case declaredHidden(s, v):
		// Nothing of an attack the GM may yet rule lost is in the open:
		// the fight stands as it did before its attacker declared it.
		dst.Declared = nil
		dst.Phase = Acting
		if dst.Window != nil {
			dst.Phase = Offering
		}
	case escapeHidden(s, v):
		// Nor is an escape its enemies did not see: it is still the
		// escaper's turn to them.
		dst.Window = nil
		dst.Phase = Acting
	}
	if w := dst.Window; w != nil {
		w.Ask = slices.DeleteFunc(w.Ask, func(id string) bool { return hiddenFrom(s, id, v) })
		if hiddenFrom(s, w.Opener, v) {
			w.Dest = parts.Cell{}
		}
	}
}

// ViewEvent hides from v what a creature hidden from v does short of
// attacking, and leaves it out of those an opening is offered to. s is
// the state before the event; e is never changed.
func (Rules) ViewEvent(s *State, e Event, v engine.Viewer) (Event, bool) {
	id := ""
	switch e := e.(type) {
	case *Acted:
		if !attackAct(s, e) || waitsForGM(s) {
			id = e.Combatant
		}
	case *VigorSpent:
		if waitsForGM(s) {
			id = e.Combatant // paid for an attack not yet rolled
		}
	case *ManaSpent:
		if waitsForGM(s) {
			id = e.Combatant
		}
	case *AttackDeclared:
		id = e.Attacker
	case *AttackRolled:
		if e.Lost {
			id = e.Attacker
		}
	case *Moved:
		id = e.Combatant
	case *Joined:
		if e.At != nil && hiddenFrom(s, e.Combatant, v) {
			// Its arrival is in the open, where it arrives is not.
			seen := *e
			seen.At = nil
			return &seen, true
		}
	case *Escaped:
		id = e.Combatant
	case *Defended:
		id = e.Combatant
	case *ReadiedAction:
		id = e.Combatant
	case *StoodUp:
		id = e.Combatant
	case *Passed:
		id = e.Combatant
	case *SkillRolled:
		if e.Purpose != "resist" {
			id = e.Combatant
		}
	case *ItemUsed:
		if it := itemOf(s, e.Combatant, e.Item); it == nil || it.Weapon == "" {
			id = e.Combatant
		}
	case *WindowOpened:
		if hiddenFrom(s, e.Opener, v) {
			return nil, false
		}
		if slices.ContainsFunc(e.Ask, func(id string) bool { return hiddenFrom(s, id, v) }) {
			seen := *e
			seen.Ask = slices.DeleteFunc(slices.Clone(e.Ask), func(id string) bool { return hiddenFrom(s, id, v) })
			if len(seen.Ask) == 0 && e.What == "readied" {
				return nil, false // a readied shot opens only for someone: none seen, none said
			}
			return &seen, true
		}
	}
	if hiddenFrom(s, id, v) {
		return nil, false
	}
	return e, true
}

// attackAct reports whether an Acted event spends actions on an attack
// made now: an Attack, or an ability or a weapon item that resolves with
// this action rather than on a later turn.
func attackAct(s *State, e *Acted) bool {
	name, use := strings.CutPrefix(e.Act, "use ")
	switch {
	case e.Act == "attack":
		return true
	case e.Owed > 0 || !use:
		return false
	}
	c := s.Combatant(e.Combatant)
	if c == nil {
		return false
	}
	_, ok := c.attackUse(name)
	return ok
}

// itemOf returns id's item called name, or nil.
func itemOf(s *State, id, name string) *Item {
	if c := s.Combatant(id); c != nil {
		return c.Item(name)
	}
	return nil
}

// ViewCommand hides from v the commands of a creature hidden from v that
// make no attack now, and the GM's ruling on the escape of one.
func (Rules) ViewCommand(s *State, actor string, c Command, v engine.Viewer) (Command, bool) {
	switch c := c.(type) {
	case *Defense, *Take:
		return c, true
	case *Attack, *TakeOpening:
		if hiddenFrom(s, actor, v) && waitsForGM(s) {
			return nil, false
		}
		return c, true
	case *UseAbility:
		if !hiddenFrom(s, actor, v) || attacksNow(s, actor, c) && !waitsForGM(s) {
			return c, true
		}
		return nil, false
	case *Rule:
		if escapeHidden(s, v) {
			return nil, false
		}
		return c, true
	case *RollAttack:
		if c.Lost && declaredHidden(s, v) {
			return nil, false
		}
		return c, true
	}
	if hiddenFrom(s, actor, v) {
		return nil, false
	}
	return c, true
}

// attacksNow reports whether actor's UseAbility attacks this turn: an
// ability or a weapon item with the actions it needs left.
func attacksNow(s *State, actor string, c *UseAbility) bool {
	me := s.Combatant(actor)
	if me == nil {
		return false
	}
	need, ok := me.attackUse(c.Ability)
	if !ok {
		return false
	}
	if me.Carry.Act == "use "+c.Ability && me.Carry.Target == c.Target {
		need = me.Carry.Owed
	}
	return me.Left >= need
}

// ViewPrompt shows v a prompt answered by a creature hidden from v
// without its question or options: its own turn as its own, with no
// more said; an opening or readied shot offered to it as the GM's. The
// GM's ruling on the escape of one hidden from v does not name it.
// Every other prompt is shown as it is.
func (Rules) ViewPrompt(s *State, p engine.Prompt[Command], v engine.Viewer) engine.Prompt[Command] {
	switch {
	case hiddenFrom(s, p.Actor, v):
		seen := engine.Prompt[Command]{Kind: p.Kind, Actor: p.Actor, Question: hiddenQuestion, Default: -1}
		if s.Phase == Offering {
			seen.Kind, seen.Actor = engine.Ruling, engine.GM
		}
		return seen
	case declaredHidden(s, v) && s.Window != nil:
		// declared through an opening or a readied trigger offered to
		// it, which its enemies saw as the GM's
		return engine.Prompt[Command]{Kind: engine.Ruling, Actor: engine.GM, Question: hiddenQuestion, Default: -1}
	case declaredHidden(s, v):
		return engine.Prompt[Command]{Kind: engine.Act, Actor: s.Declared.Attacker, Question: hiddenQuestion, Default: -1}
	case escapeHidden(s, v):
		return engine.Prompt[Command]{Kind: engine.Act, Actor: s.Window.Opener, Question: hiddenQuestion, Default: -1}
	}
	return p
}
