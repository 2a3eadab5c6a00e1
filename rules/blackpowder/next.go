package blackpowder

import (
	"fmt"
	"slices"
	"strconv"

	"fray/engine"
)

// next returns the current prompt; see engine.Ruleset.Next.
func next(s *State) engine.Prompt[Command] {
	if s.Over {
		return engine.Prompt[Command]{Kind: engine.End, Question: "the fight is over", Default: -1, Winner: s.Winner}
	}
	switch s.stage() {
	case "after":
		return afterPrompt(s)
	case "pending":
		return pendingPrompt(s)
	case "declared":
		return reactionPrompt(s)
	case "ambush":
		if c := s.nextHider(); c != nil {
			return engine.Prompt[Command]{
				Kind: engine.Act, Actor: c.ID, Default: 0,
				Question: fmt.Sprintf("%s hides for the ambush (Stealth check)", c.Name),
				Options:  []engine.Option[Command]{{Label: "hide", Command: &Hide{}}},
			}
		}
		c := s.nextSearcher()
		return engine.Prompt[Command]{
			Kind: engine.Act, Actor: c.ID, Default: 0,
			Question: fmt.Sprintf("%s searches for an ambush (Perception check)", c.Name),
			Options:  []engine.Option[Command]{{Label: "search", Command: &Search{}}},
		}
	case "initiative":
		g := s.Groups[s.nextInitiativeGroup()]
		roller := s.initiativeRoller(g.ID)
		return engine.Prompt[Command]{
			Kind: engine.Act, Actor: roller.ID, Default: 0,
			Question: fmt.Sprintf("%s rolls initiative for the %s group (Speed check)", roller.Name, g.ID),
			Options:  []engine.Option[Command]{{Label: "roll initiative", Command: &RollInitiative{}}},
		}
	}
	group := s.activeGroup()
	var c *Combatant // the first member still to act
	others := 0
	for i := range s.Combatants {
		if m := &s.Combatants[i]; m.Group == group && m.Status == Active && !m.Done {
			if c == nil {
				c = m
			} else {
				others++
			}
		}
	}
	if c == nil {
		// advance never leaves a turn with nobody to act; be safe anyway.
		return engine.Prompt[Command]{Kind: engine.End, Question: "nobody can act", Default: -1}
	}
	question := "round " + strconv.Itoa(s.Round) + ", the " + group + " group's turn: " + c.Name + " acts (or another member first)"
	if s.Round == 0 {
		question = fmt.Sprintf("the ambush: the %s group's free turn (+3 to checks): %s acts (or another member first)", group, c.Name)
	}
	p := engine.Prompt[Command]{Kind: engine.Act, Actor: c.ID, Default: -1, Question: question, Options: actOptions(s, c)}
	if others > 0 {
		p.Others = make([]string, 0, others)
		for i := range s.Combatants {
			if m := &s.Combatants[i]; m != c && m.Group == group && m.Status == Active && !m.Done {
				p.Others = append(p.Others, m.ID)
			}
		}
	}
	p.Default = len(p.Options) - 1 // pass
	return p
}

// nextKind is the kind of next(s), told without building the prompt.
func nextKind(s *State) engine.PromptKind {
	if s.Over {
		return engine.End
	}
	switch s.stage() {
	case "after":
		return engine.Ruling
	case "pending":
		return engine.React
	case "declared":
		if k := s.Declared.Queue[0].Kind; k == "safety" || k == "modifier" {
			return engine.Ruling
		}
		return engine.React
	case "ambush", "initiative":
		return engine.Act
	}
	group := s.activeGroup()
	for i := range s.Combatants {
		if m := &s.Combatants[i]; m.Group == group && m.Status == Active && !m.Done {
			return engine.Act
		}
	}
	return engine.End
}

// actOptions lists what a combatant may do on its turn.
func actOptions(s *State, c *Combatant) []engine.Option[Command] {
	opts := make([]engine.Option[Command], 0, 4+4*len(s.Combatants))
	w := c.Weapon()
	if c.Holding != "" {
		opts = append(opts, engine.Option[Command]{Label: "release " + c.Holding, Command: &Release{}})
	}
	if c.Actions > 0 && c.HeldBy == "" {
		usable := w.Kind != Gun || (w.State == GunOK && w.Loaded > 0)
		for i := range s.Combatants {
			t := &s.Combatants[i]
			if t.Group == c.Group || t.Status == Dead || t.Status == Absent || !usable {
				continue
			}
			if (w.Kind == Melee || w.Kind == Unarmed) && distance(c, t) > reach {
				continue
			}
			opts = append(opts, engine.Option[Command]{
				Label:   "attack " + t.Name + " with the " + w.Name,
				Command: &Attack{Target: t.ID},
			})
			if (w.Kind == Melee || w.Kind == Unarmed) && c.Holding == "" && t.HeldBy == "" && t.Holding == "" && t.Status == Active {
				opts = append(opts, engine.Option[Command]{Label: "hold " + t.Name, Command: &Hold{Target: t.ID}})
			}
			opts = append(opts, engine.Option[Command]{
				Label:   "aim at " + t.Name + " with the " + w.Name + " (+3, resolves before your group's next turn)",
				Command: &AimAt{Target: t.ID},
			})
			if s.unaware(t) && t.Status == Active {
				opts = append(opts, engine.Option[Command]{Label: "stun " + t.Name + " with the " + w.Name, Command: &Stun{Target: t.ID}})
			}
		}
		for i := range s.Combatants {
			t := &s.Combatants[i]
			if t.Group == c.Group && t.Status == Unconscious && distance(c, t) <= reach {
				for _, skill := range []string{"medicine", "survival"} {
					opts = append(opts, engine.Option[Command]{
						Label:   "revive " + t.Name + " with " + skill + " (difficulty " + strconv.Itoa(t.ReviveDifficulty) + ")",
						Command: &Revive{Target: t.ID, Skill: skill},
					})
				}
			}
		}
	}
	if w.Kind == Gun && w.State == GunOK && w.Loaded < max(w.Capacity, 1) {
		need := w.Reload[min(max(c.GunslingerTier, 0), 2)]
		if (need == 0 && !c.ImmediateUsed) || (need > 0 && c.Actions > 0) {
			opts = append(opts, engine.Option[Command]{Label: "reload the " + w.Name, Command: &Reload{}})
		}
	}
	if (w.State == GunNeedsFix || w.State == GunMajorJam) && c.Actions > 0 {
		opts = append(opts, engine.Option[Command]{
			Label:   "fix the " + w.Name + " (Craft check vs " + strconv.Itoa(w.FixDifficulty) + ")",
			Command: &Fix{},
		})
	}
	if !c.ImmediateUsed || c.Actions > 0 {
		for i, other := range c.Weapons {
			if i != c.Wielding {
				opts = append(opts, engine.Option[Command]{Label: "draw the " + other.Name, Command: &Draw{Weapon: other.Name}})
			}
		}
		if c.Wielding >= 0 {
			opts = append(opts, engine.Option[Command]{Label: "put weapons away (fists)", Command: &Draw{Weapon: "fists"}})
		}
	}
	if c.Actions > 0 {
		for _, it := range c.Items {
			if it.Uses < 1 {
				continue
			}
			for i := range s.Combatants {
				if t := &s.Combatants[i]; t.Group == c.Group && t.Status == Active && t.LP < t.LPMax && distance(c, t) <= reach {
					cmd := &UseItem{Item: it.Name, Target: t.ID}
					opts = append(opts, engine.Option[Command]{Label: "use the " + it.Name + " on " + t.Name + " (" + it.Heal + " LP)", Command: cmd})
				}
			}
		}
		if c.Trapped > 0 {
			opts = append(opts, engine.Option[Command]{Label: "escape the trap (Athletics vs " + strconv.Itoa(c.Trapped) + ")", Command: &Escape{}})
		}
		if c.Prone {
			opts = append(opts, engine.Option[Command]{Label: "stand up", Command: &StandUp{}})
		}
		for i := range s.Combatants {
			if a := &s.Combatants[i]; a.Group == c.Group && a.ID != c.ID && a.Status == Active {
				opts = append(opts, engine.Option[Command]{Label: "assist " + a.Name + " (+2 to their next check)", Command: &Assist{Ally: a.ID}})
			}
		}
		if !c.Delayed && !c.DelayedSpent {
			opts = append(opts, engine.Option[Command]{Label: "hold a delayed action", Command: &Delay{}})
		}
	}
	return append(opts, engine.Option[Command]{Label: "pass", Command: &Pass{}})
}

// pendingPrompt asks for the decision an attack waits for.
func pendingPrompt(s *State) engine.Prompt[Command] {
	p := s.Pending
	a, t := s.combatant(p.Attacker), s.combatant(p.Target)
	if p.Stage == "critical" {
		return engine.Prompt[Command]{
			Kind: engine.React, Actor: a.ID, Default: 0,
			Question: a.Name + "'s damage die shows 10: re-roll the attack for a critical?",
			Options: []engine.Option[Command]{
				{Label: "take the critical re-roll", Command: &Critical{Take: true}},
				{Label: "no critical", Command: &Critical{Take: false}},
			},
		}
	}
	w := attackWeapon(a, p.Weapon)
	opts := []engine.Option[Command]{{
		Label:   "dodge (needs " + strconv.Itoa(p.Total+w.DodgeMod) + ", costs the action on a failure)",
		Command: &Dodge{},
	}}
	if s.canParry(p) {
		opts = append(opts, engine.Option[Command]{Label: "parry", Command: &Parry{}})
	}
	opts = append(opts, engine.Option[Command]{Label: "take the hit", Command: &Take{}})
	return engine.Prompt[Command]{
		Kind: engine.React, Actor: t.ID, Default: 0,
		Question: a.Name + " hits " + t.Name + " (attack " + strconv.Itoa(p.Total) + "): dodge?",
		Options:  opts,
	}
}

// reactionPrompt asks the first in a declaration's queue whether to answer
// it.
func reactionPrompt(s *State) engine.Prompt[Command] {
	d := s.Declared
	head := d.Queue[0]
	a := s.combatant(d.Actor)
	switch head.Kind {
	case "safety":
		yes, no := true, false
		def := 1
		if s.safeToRevive(d) {
			def = 0
		}
		return engine.Prompt[Command]{
			Kind: engine.Ruling, Actor: engine.GM, Default: def,
			Question: fmt.Sprintf("%s declares %q: are healer and patient out of immediate danger?", a.Name, d.Text),
			Options: []engine.Option[Command]{
				{Label: "safe: the revive goes ahead", Command: &Ruling{Safe: &yes}},
				{Label: "not safe: the revive cannot be tried", Command: &Ruling{Safe: &no}},
			},
		}
	case "modifier":
		var opts []engine.Option[Command]
		for _, m := range []int{0, 1, 2, 3, 4, 5, -2} {
			m := m
			opts = append(opts, engine.Option[Command]{Label: fmt.Sprintf("%+d to the difficulty", m), Command: &Ruling{Modifier: &m}})
		}
		return engine.Prompt[Command]{
			Kind: engine.Ruling, Actor: engine.GM, Default: 0,
			Question: fmt.Sprintf("%s declares %q: situational modifier (terrain, elevation, crowding, cover, visibility, weather)?", a.Name, d.Text),
			Options:  opts,
		}
	}
	c := s.combatant(head.Who)
	decline := engine.Option[Command]{Label: "let it go", Command: &Decline{}}
	if head.Kind == "aim" {
		return engine.Prompt[Command]{
			Kind: engine.React, Actor: c.ID, Default: 1,
			Question: fmt.Sprintf("%s declares %q: %s may fire the aimed attack at %s now", a.Name, d.Text, c.Name, s.combatant(c.Aim.Target).Name),
			Options: []engine.Option[Command]{
				{Label: "fire the aimed attack now (the target must win a Speed contest to dodge)", Command: &FireEarly{}},
				{Label: "wait for the aimed attack's time", Command: &Decline{}},
			},
		}
	}
	if head.Kind == "opportunity" {
		where := " within your reach"
		if distance(a, c) > reach {
			where = ", a move into your reach" // R34, A22: met on its path
		}
		return engine.Prompt[Command]{
			Kind: engine.React, Actor: c.ID, Default: 0,
			Question: a.Name + " declares " + strconv.Quote(d.Text) + where + ": opportunity attack?",
			Options: []engine.Option[Command]{
				{Label: "opportunity attack on " + a.Name + " with the " + c.Weapon().Name, Command: &OpportunityAttack{}},
				decline,
			},
		}
	}
	var opts []engine.Option[Command]
	for _, o := range actOptions(s, &Combatant{ID: c.ID, Group: c.Group, X: c.X, Y: c.Y, Weapons: c.Weapons, Wielding: c.Wielding, Actions: 1}) {
		if atk, ok := o.Command.(*Attack); ok {
			opts = append(opts,
				engine.Option[Command]{Label: "interrupt (Speed contest): " + o.Label, Command: &Interrupt{Action: Nested{atk}}},
				engine.Option[Command]{Label: "right after it: " + o.Label, Command: &Interrupt{Action: Nested{atk}, After: true}})
		}
	}
	opts = append(opts, decline)
	return engine.Prompt[Command]{
		Kind: engine.React, Actor: c.ID, Default: len(opts) - 1,
		Question: fmt.Sprintf("%s declares %q: %s holds a delayed action; act now?", a.Name, d.Text, c.Name),
		Options:  opts,
	}
}

// afterPrompt asks the GM what happens after the fight (R29-R31).
func afterPrompt(s *State) engine.Prompt[Command] {
	a := s.After
	opts := []engine.Option[Command]{{Label: "done: close the encounter", Command: &Done{}}}
	if !a.ShortRest {
		opts = append(opts, engine.Option[Command]{Label: "short rest (D10/3 + Body each)", Command: &Rest{Length: "short"}})
	}
	opts = append(opts,
		engine.Option[Command]{Label: "long rest (D10/2 + Body each)", Command: &Rest{Length: "long"}},
		engine.Option[Command]{Label: "a night's sleep (half LP max + Body each)", Command: &Rest{Length: "sleep"}},
	)
	for _, c := range s.Combatants {
		for _, w := range c.Weapons {
			if w.State == GunInoperableCombat && c.Status == Active {
				opts = append(opts, engine.Option[Command]{
					Label:   fmt.Sprintf("%s repairs the %s (Craft vs %d)", c.Name, w.Name, w.FixDifficulty+5),
					Command: &Repair{Owner: c.ID},
				})
				break
			}
		}
	}
	for _, h := range s.Combatants {
		if h.Status != Active || h.Skill("medicine") == 0 {
			continue
		}
		for _, p := range s.Combatants {
			if p.Status == Active && p.LP < p.LPMax && !slices.Contains(a.Treated, p.ID) {
				opts = append(opts, engine.Option[Command]{
					Label:   fmt.Sprintf("%s treats %s (Medicine vs 10)", h.Name, p.Name),
					Command: &Heal{Healer: h.ID, Patient: p.ID},
				})
			}
		}
	}
	who := "nobody"
	if a.Winner != "" {
		who = "the " + a.Winner + " group"
	}
	return engine.Prompt[Command]{
		Kind: engine.Ruling, Actor: engine.GM, Default: 0,
		Question: fmt.Sprintf("the fight is decided (%s stands): rest, heal, or close the encounter?", who),
		Options:  opts,
	}
}
