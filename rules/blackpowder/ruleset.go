package blackpowder

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/dice"
	"fray/engine"
	"fray/rules/parts"
)

// ID is the ruleset's id in encounter files.
const ID = "blackpowder"

// Rules is the blackpowder ruleset; it implements engine.Game.
type Rules struct{}

// The capabilities blackpowder has (see engine.Ruleset). It has no secrets:
// every viewer sees everything.
var (
	_ engine.Game[State, Command, Event]       = Rules{}
	_ engine.Speed[State, Command, Event]      = Rules{}
	_ engine.Simulation[State, Command, Event] = Rules{}
	_ engine.Odds[State, Command, Event]       = Rules{}
	_ engine.TimeLimit[State, Command, Event]  = Rules{}
	_ engine.Forgetting[State, Command]        = Rules{}
)

// ID returns "blackpowder".
func (Rules) ID() string { return ID }

// Decide validates and resolves a command.
func (Rules) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	return decide(s, actor, c, src)
}

// Step decides a command like Decide and applies its events to s as it
// goes, sparing the copy of the state Decide makes to leave s unchanged:
// for simulations and exact odds, which keep states and not the log. It
// appends to events the events Decide returns and leaves s as applying
// them would; when it fails (a refusal) s may be left half changed and
// must be thrown away. See engine.Stepper.
func (Rules) Step(s *State, actor string, c Command, src dice.Source, events []Event) ([]Event, error) {
	return step(s, actor, c, src, events)
}

// Evolve applies an event.
func (Rules) Evolve(s *State, e Event) { evolve(s, e) }

// Next returns the current prompt.
func (Rules) Next(s *State) engine.Prompt[Command] { return next(s) }

// Moves writes the current prompt into *p for a policy, without its
// question and labels, reusing p's memory; see engine.Speed.
func (Rules) Moves(s *State, p *engine.Prompt[Command]) { moves(s, p) }

// NextKind tells the kind of Next(s) without building its options; see
// engine.Speed.
func (Rules) NextKind(s *State) engine.PromptKind { return nextKind(s) }

// Clone returns a deep copy of the state.
func (Rules) Clone(s *State) State { return s.clone() }

// SideOf names the group a combatant belongs to.
func (Rules) SideOf(s *State, combatant string) string {
	if c := s.combatant(combatant); c != nil {
		return c.Group
	}
	return ""
}

// ParseCommand reads a command in the text vocabulary (docs/rules/blackpowder.md);
// grammar lists every verb and the words each takes.
func (r Rules) ParseCommand(s *State, actor, text string) (Command, error) {
	p, err := grammar.Parse(text)
	if err != nil {
		return nil, err
	}
	switch p.Verb {
	case "initiative":
		return &RollInitiative{}, nil
	case "pass":
		return &Pass{}, nil
	case "delay":
		return &Delay{}, nil
	case "reload":
		return &Reload{}, nil
	case "dodge":
		return &Dodge{}, nil
	case "parry":
		return &Parry{}, nil
	case "take":
		return &Take{}, nil
	case "critical", "no-critical":
		return &Critical{Take: p.Verb == "critical"}, nil
	case "fix":
		return &Fix{}, nil
	case "release":
		return &Release{}, nil
	case "hide":
		return &Hide{}, nil
	case "search":
		return &Search{}, nil
	case "escape":
		return &Escape{}, nil
	case "done":
		return &Done{}, nil
	case "end-fight":
		return &EndFight{Winner: p.Arg(0)}, nil
	case "stand":
		return &StandUp{}, nil
	case "opportunity-attack":
		return &OpportunityAttack{}, nil
	case "decline":
		return &Decline{}, nil
	case "fire-early":
		return &FireEarly{}, nil
	case "ruling":
		switch arg := p.Arg(0); {
		case (arg == "safe" || arg == "unsafe") && !p.Has("mod"):
			safe := arg == "safe"
			return &Ruling{Safe: &safe}, nil
		case arg == "" && p.Has("mod"):
			n := p.Int("mod")
			return &Ruling{Modifier: &n}, nil
		}
		return nil, fmt.Errorf("ruling safe, ruling unsafe, or ruling mod N")
	case "check":
		c := &Check{Attribute: p.Arg(0), Skill: p.Arg(1)}
		if p.Has("vs") {
			if c.Difficulty = p.Int("vs"); c.Difficulty < 1 {
				return nil, fmt.Errorf("vs takes a difficulty of 1 or more, not %d", c.Difficulty)
			}
		}
		return c, nil
	case "do":
		return &FreeForm{Action: p.Arg(0)}, nil
	case "use":
		return &UseItem{Item: p.Arg(0), Target: p.Word("on")}, nil
	case "repair":
		return &Repair{Owner: p.Arg(0)}, nil
	case "rest":
		r := &Rest{Length: p.Arg(0)}
		if len(p.Args) > 1 {
			r.Who = slices.Clone(p.Args[1:])
		}
		return r, nil
	case "heal":
		return &Heal{Healer: p.Arg(0), Patient: p.Arg(1)}, nil
	case "assist":
		return &Assist{Ally: p.Arg(0)}, nil
	case "attack":
		return &Attack{Target: p.Arg(0), Weapon: p.Word("with"), Part: p.Int("part"), Modifier: p.Int("mod")}, nil
	case "aim":
		return &AimAt{Target: p.Arg(0), Weapon: p.Word("with"), Part: p.Int("part"), Modifier: p.Int("mod")}, nil
	case "move", "run", "withdraw":
		x, errX := parts.ParseCoordinate(p.Verb+" X", p.Arg(0))
		y, errY := parts.ParseCoordinate(p.Verb+" Y", p.Arg(1))
		switch {
		case errors.Is(errX, parts.ErrNotANumber) || errors.Is(errY, parts.ErrNotANumber):
			return nil, fmt.Errorf("%s X Y takes two numbers, not %q %q", p.Verb, p.Arg(0), p.Arg(1))
		case errX != nil:
			return nil, errX
		case errY != nil:
			return nil, errY
		}
		switch p.Verb {
		case "move":
			return &Move{X: x, Y: y}, nil
		case "run":
			return &Run{X: x, Y: y}, nil
		}
		return &Withdraw{X: x, Y: y}, nil
	case "interrupt", "after":
		text, with := p.Arg(0), ""
		if rest, ok := strings.CutPrefix(text, "with "); ok && p.Verb == "interrupt" {
			with, text, _ = strings.Cut(strings.TrimSpace(rest), " ")
			if text == "" {
				return nil, fmt.Errorf("interrupt with %s and do what? interrupt with ALLY COMMAND", with)
			}
		}
		inner, err := r.ParseCommand(s, actor, text)
		if err != nil {
			return nil, fmt.Errorf("%s with what? %w", p.Verb, err)
		}
		return &Interrupt{Action: Nested{inner}, After: p.Verb == "after", With: with}, nil
	case "stun":
		return &Stun{Target: p.Arg(0), Weapon: p.Word("with")}, nil
	case "hold":
		return &Hold{Target: p.Arg(0)}, nil
	case "draw":
		return &Draw{Weapon: p.Arg(0)}, nil
	case "revive":
		if !p.Has("with") {
			return nil, fmt.Errorf("revive TARGET with medicine|survival")
		}
		return &Revive{Target: p.Arg(0), Skill: p.Word("with")}, nil
	}
	return nil, fmt.Errorf("the command %q is in the vocabulary but not read", p.Verb)
}

// FormatCommand writes a command in the text vocabulary.
func (r Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *Attack:
		return parts.Say("attack", c.Target).Opt("with", c.Weapon).Num("part", c.Part).Num("mod", c.Modifier).String()
	case *AimAt:
		return parts.Say("aim", c.Target).Opt("with", c.Weapon).Num("part", c.Part).Num("mod", c.Modifier).String()
	case *Assist:
		return "assist " + c.Ally
	case *Rest:
		return parts.Say("rest", append([]string{c.Length}, c.Who...)...).String()
	case *UseItem:
		return parts.Say("use", c.Item).Opt("on", c.Target).String()
	case *Repair:
		return "repair " + c.Owner
	case *Check:
		return parts.Say("check", c.Attribute, c.Skill).Num("vs", c.Difficulty).String()
	case *Heal:
		return "heal " + c.Healer + " " + c.Patient
	case *EndFight:
		return parts.Say("end-fight", c.Winner).String()
	case *Ruling:
		switch {
		case c.Safe != nil && *c.Safe:
			return "ruling safe"
		case c.Safe != nil:
			return "ruling unsafe"
		case c.Modifier != nil:
			return "ruling mod " + strconv.Itoa(*c.Modifier)
		}
		return "ruling"
	case *Critical:
		if c.Take {
			return "critical"
		}
		return "no-critical"
	case *Draw:
		return "draw " + c.Weapon
	case *Revive:
		return "revive " + c.Target + " with " + c.Skill
	case *Move:
		return "move " + num(c.X) + " " + num(c.Y)
	case *Run:
		return "run " + num(c.X) + " " + num(c.Y)
	case *Withdraw:
		return "withdraw " + num(c.X) + " " + num(c.Y)
	case *OpportunityAttack:
		return "opportunity-attack"
	case *Hold:
		return "hold " + c.Target
	case *Stun:
		return parts.Say("stun", c.Target).Opt("with", c.Weapon).String()
	case *Interrupt:
		verb := "interrupt "
		switch {
		case c.After:
			verb = "after "
		case c.With != "":
			verb = "interrupt with " + c.With + " "
		}
		if c.Action.Command == nil {
			return verb + "?"
		}
		return verb + r.FormatCommand(c.Action.Command)
	case *FireEarly:
		return "fire-early"
	case *FreeForm:
		return "do " + c.Action
	}
	return c.Kind()
}

// num writes a coordinate as briefly as it parses back exactly.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// DecodeCommand reads a command written with engine.MarshalKinded.
func (Rules) DecodeCommand(data []byte) (Command, error) {
	return engine.UnmarshalKinded(data, "blackpowder command", commandKindTable)
}

// Kinds lists the kinds of every command and event.
func (Rules) Kinds() (commands, events []string) {
	return engine.KindsOf(commandKinds()), engine.KindsOf(eventKinds())
}

// DecodeEvent reads an event written with engine.MarshalKinded.
func (Rules) DecodeEvent(data []byte) (Event, error) {
	return engine.UnmarshalKinded(data, "blackpowder event", eventKindTable)
}

// DescribeEvent says what an event means, with its dice.
func (Rules) DescribeEvent(s *State, e Event) string {
	name := func(id string) string {
		if c := s.combatant(id); c != nil {
			return c.Name
		}
		return id
	}
	hit := map[bool]string{true: "hit", false: "miss"}
	ok := map[bool]string{true: "success", false: "failure"}
	switch e := e.(type) {
	case *InitiativeRolled:
		return fmt.Sprintf("%s rolls initiative for the %s group: d10=%d → %d", name(e.Roller), e.Group, e.Die, e.Total)
	case *RoundStarted:
		return fmt.Sprintf("round %d begins", e.Round)
	case *TurnStarted:
		return fmt.Sprintf("the %s group's turn", e.Group)
	case *Passed:
		return name(e.Combatant) + " passes"
	case *Delayed:
		return name(e.Combatant) + " holds a delayed action"
	case *WeaponDrawn:
		c := s.combatant(e.Combatant)
		return fmt.Sprintf("%s draws the %s", c.Name, attackWeapon(c, e.Weapon).Name)
	case *ReloadStep:
		if e.Done {
			return name(e.Combatant) + " reloads: loaded"
		}
		return name(e.Combatant) + " reloads (not done yet)"
	case *AttackRolled:
		c := s.combatant(e.Attacker)
		return fmt.Sprintf("%s attacks %s with the %s: d10=%d %+d = %d vs %d: %s",
			c.Name, name(e.Target), attackWeapon(c, e.Weapon).Name, e.Die, e.Bonus, e.Total, e.Difficulty, hit[e.Hit])
	case *ShotFired:
		return "the shot spends a load"
	case *MistFizzle:
		return name(e.Attacker) + "'s powder fails in the mist: the bullet rolls out"
	case *AwaitingDecision:
		return "waiting for " + e.Pending.Stage
	case *DodgeRolled:
		verb := "dodges"
		if e.Parry {
			verb = "parries"
		}
		if e.Die == 0 {
			return fmt.Sprintf("%s %s: %+d vs %d cannot succeed: %s", name(e.Target), verb, e.Bonus, e.Difficulty, ok[e.Success])
		}
		return fmt.Sprintf("%s %s: d10=%d %+d = %d vs %d: %s", name(e.Target), verb, e.Die, e.Bonus, e.Total, e.Difficulty, ok[e.Success])
	case *DodgeDeclined:
		return name(e.Target) + " takes the hit"
	case *DamageRolled:
		return fmt.Sprintf("damage dice %v → %d", e.Dice, e.Value)
	case *Jammed:
		line := fmt.Sprintf("doubles: jam table d10=%d → the gun is %s", e.Die, e.State)
		// A result that keeps the load gives back what the shot spent
		// (R19): the line says so, after "the shot spends a load".
		if c := s.combatant(e.Attacker); c != nil && e.Weapon < len(c.Weapons) && e.Loaded > c.Weapons[e.Weapon].Loaded {
			line += ", still loaded: the shot never left the barrel"
		}
		return line
	case *CriticalRolled:
		if e.Hit {
			return fmt.Sprintf("critical re-roll d10=%d → %d: hit, extra damage %v → %d", e.Die, e.Total, e.Dice, e.Value)
		}
		return fmt.Sprintf("critical re-roll d10=%d → %d: miss", e.Die, e.Total)
	case *CriticalDeclined:
		return name(e.Attacker) + " declines the critical"
	case *DamageDealt:
		return fmt.Sprintf("%s takes %d damage (%s − Toughness %d)", name(e.Target), e.Effective, rawDamage(e), e.Toughness)
	case *ConsciousnessRolled:
		if e.Die == 0 {
			return fmt.Sprintf("%s's Consciousness check vs %d cannot succeed: unconscious", name(e.Target), e.Difficulty)
		}
		return fmt.Sprintf("%s's Consciousness check: d10=%d → %d vs %d: %s", name(e.Target), e.Die, e.Total, e.Difficulty, ok[e.Success])
	case *Died:
		return name(e.Target) + " dies"
	case *Revived:
		if e.Die == 0 {
			return fmt.Sprintf("%s tries to revive %s with %s: %d vs %d cannot succeed: %s", name(e.Healer), name(e.Target), e.Skill, e.Total, e.Difficulty, ok[e.Success])
		}
		return fmt.Sprintf("%s tries to revive %s with %s: d10=%d → %d vs %d: %s", name(e.Healer), name(e.Target), e.Skill, e.Die, e.Total, e.Difficulty, ok[e.Success])
	case *GunFixed:
		c := s.combatant(e.Combatant)
		if e.Die == 0 {
			return fmt.Sprintf("%s works on the %s: %d vs %d cannot succeed: %s, the gun is %s", c.Name, attackWeapon(c, e.Weapon).Name, e.Total, e.Difficulty, ok[e.Success], e.State)
		}
		return fmt.Sprintf("%s works on the %s: d10=%d → %d vs %d: %s, the gun is %s", c.Name, attackWeapon(c, e.Weapon).Name, e.Die, e.Total, e.Difficulty, ok[e.Success], e.State)
	case *ActionUsed:
		return name(e.Combatant) + "'s action is spent"
	case *Moved:
		verb := map[string]string{"move": "moves", "run": "runs", "withdraw": "withdraws"}[e.Mode]
		return fmt.Sprintf("%s %s %.1f m to (%s, %s)", name(e.Combatant), verb, e.Distance, num(e.X), num(e.Y))
	case *ActionDeclared:
		d := e.Declaration
		return fmt.Sprintf("%s declares %q; waiting for %s", name(d.Actor), d.Text, parts.Count(len(d.Queue), "answer", "answers"))
	case *ReactionDone:
		switch {
		case e.Taken && s.firesEarly(e.Who):
			return name(e.Who) + " fires the aimed attack early"
		case e.Taken:
			return name(e.Who) + " takes the opportunity attack"
		}
		return name(e.Who) + " lets it go"
	case *SpeedContest:
		actor := fmt.Sprintf("%d", e.ActorTotal)
		if e.ActorDie != 0 {
			actor = fmt.Sprintf("d10=%d → %d", e.ActorDie, e.ActorTotal)
		}
		first := map[bool]string{true: name(e.Interrupter), false: name(e.Actor)}[e.Won]
		line := fmt.Sprintf("%s interrupts: Speed d10=%d → %d against %s's %s: %s goes first", name(e.Interrupter), e.Die, e.Total, name(e.Actor), actor, first)
		if e.With != "" && e.Beats && !e.Won {
			line += " (not every part of the combined action wins)"
		}
		return line
	case *DeclarationStep:
		switch {
		case e.Early:
			return name(e.Who) + "'s delayed action resolves first"
		case e.Deferred:
			return name(e.Who) + "'s delayed action resolves"
		}
		return name(e.Who) + "'s declared action resolves"
	case *Lapsed:
		return fmt.Sprintf("%s's action lapses: %s", name(e.Who), e.Reason)
	case *DeclarationClosed:
		return "the declared action is over"
	case *HoldContest:
		verb := "keeps hold of"
		switch {
		case e.Start && e.Held:
			verb = "seizes"
		case e.Start:
			verb = "fails to seize"
		case !e.Held:
			verb = "loses hold of"
		}
		return fmt.Sprintf("%s %s %s: d10=%d → %d against d10=%d → %d", name(e.Captor), verb, name(e.Captive), e.Die, e.Total, e.CaptiveDie, e.CaptiveTotal)
	case *Released:
		return name(e.Captor) + " lets go"
	case *StealthRolled:
		return fmt.Sprintf("%s hides: Stealth d10=%d → %d", name(e.Who), e.Die, e.Total)
	case *PerceptionRolled:
		return fmt.Sprintf("%s searches: Perception d10=%d → %d vs %d: %s", name(e.Who), e.Die, e.Total, e.Difficulty, map[bool]string{true: "spotted", false: "nothing"}[e.Spotted])
	case *AmbushResolved:
		if e.Spotted {
			return fmt.Sprintf("the ambush (difficulty %d) is spotted", e.Difficulty)
		}
		return fmt.Sprintf("the ambush (difficulty %d) is not spotted: the ambushers' free turn", e.Difficulty)
	case *AmbushOver:
		return "the ambushers' free turn is over"
	case *Aimed:
		c := s.combatant(e.Combatant)
		return fmt.Sprintf("%s aims the %s at %s", c.Name, attackWeapon(c, e.Aim.Weapon).Name, name(e.Aim.Target))
	case *AimsDue:
		return fmt.Sprintf("before the %s group's turn, its aimed attacks resolve", e.Turn.Group)
	case *AimResolving:
		return name(e.Combatant) + "'s aimed attack"
	case *Assisted:
		return fmt.Sprintf("%s assists %s (+2 to their next check)", name(e.Helper), name(e.Ally))
	case *Escaped:
		if e.Die == 0 {
			return fmt.Sprintf("%s tries to escape the trap: %d vs %d cannot succeed: %s", name(e.Who), e.Total, e.Difficulty, ok[e.Success])
		}
		return fmt.Sprintf("%s tries to escape the trap: d10=%d → %d vs %d: %s", name(e.Who), e.Die, e.Total, e.Difficulty, ok[e.Success])
	case *Ruled:
		if e.About == "safety" {
			return "the GM rules the spot " + map[bool]string{true: "safe", false: "not safe"}[e.Safe]
		}
		return fmt.Sprintf("the GM rules a situational modifier of %+d", e.Modifier)
	case *Decided:
		if e.TimedOut {
			return fmt.Sprintf("the fight is decided: the round limit (%d) is reached with both sides standing; time to rest and heal", s.Options.RoundLimit)
		}
		switch {
		case e.ByGM && e.Winner == "":
			return "the GM ends the fight: a draw; time to rest and heal"
		case e.ByGM:
			return "the GM ends the fight: the " + e.Winner + " group wins; time to rest and heal"
		case e.Winner == "":
			return "the fight is decided: nobody is left standing"
		}
		return "the fight is decided: the " + e.Winner + " group wins; time to rest and heal"
	case *Rested:
		var parts []string
		for _, g := range e.Gains {
			if g.Die != 0 {
				parts = append(parts, fmt.Sprintf("%s d10=%d +%d LP", name(g.Who), g.Die, g.Gain))
			} else {
				parts = append(parts, fmt.Sprintf("%s +%d LP", name(g.Who), g.Gain))
			}
		}
		return fmt.Sprintf("a %s rest: %s", e.Length, strings.Join(parts, ", "))
	case *Healed:
		return fmt.Sprintf("%s treats %s: Medicine d10=%d → %d vs 10: +%d LP", name(e.Healer), name(e.Patient), e.Die, e.Total, e.Gain)
	case *ItemUsed:
		u := s.combatant(e.User)
		return fmt.Sprintf("%s uses the %s on %s: %s %v → %d: +%d LP", u.Name, u.Items[e.Item].Name, name(e.Target), u.Items[e.Item].Heal, e.Dice, e.Total, e.Gain)
	case *DelayedUsed:
		return name(e.Who) + " acts with the delayed action"
	case *FollowOffered:
		return name(e.Who) + " holds a delayed action, to use right after the aimed attack or keep"
	case *FollowDone:
		switch {
		case e.Taken:
			return name(e.Who) + " acts with the delayed action right after the aimed attack"
		case e.Reason != "":
			return fmt.Sprintf("%s's delayed action cannot follow the aimed attack: %s", name(e.Who), e.Reason)
		}
		return name(e.Who) + " keeps the delayed action"
	case *DelayedSettled:
		return name(e.Who) + "'s delayed action is used"
	case *Queued:
		switch {
		case e.With != "":
			return fmt.Sprintf("%s joins %s's combined interrupt: %s", name(e.Who), name(e.With), Rules{}.FormatCommand(e.Action.Command))
		case e.Interrupt:
			return fmt.Sprintf("%s will interrupt: %s", name(e.Who), Rules{}.FormatCommand(e.Action.Command))
		}
		return name(e.Who) + " will act right after it"
	case *EarlyDodgeContest:
		verdict := "may dodge"
		if !e.Won {
			verdict = "cannot dodge"
		}
		return fmt.Sprintf("an aimed attack fired early: Speed %s d10=%d → %d against %s d10=%d → %d: %s %s",
			name(e.Attacker), e.AttackerDie, e.AttackerTotal, name(e.Target), e.Die, e.Total, name(e.Target), verdict)
	case *StoodUp:
		return name(e.Who) + " stands up"
	case *FreeFormDone:
		return fmt.Sprintf("%s: %s (a free-form action, no check)", name(e.Who), e.Action)
	case *Checked:
		what := e.Attribute
		if e.Skill != "" {
			what += " + " + e.Skill
		}
		if e.Die == 0 {
			return fmt.Sprintf("%s's %s check vs %d cannot succeed", name(e.Who), what, e.Difficulty)
		}
		return fmt.Sprintf("%s's %s check: d10=%d → %d vs %d: %s", name(e.Who), what, e.Die, e.Total, e.Difficulty, ok[e.Success])
	case *GroupJoined:
		return fmt.Sprintf("the %s group joins the fight: %s rolls initiative d10=%d → %d", e.Group, name(e.Roller), e.Die, e.Total)
	case *Woke:
		return name(e.Who) + " wakes after the fight"
	case *Stunned:
		if !e.Reaches {
			return fmt.Sprintf("%s takes stun damage %d, below their LP: nothing happens", name(e.Target), e.S)
		}
		return fmt.Sprintf("%s takes stun damage %d: %d over their LP", name(e.Target), e.S, e.Loss)
	case *Ended:
		if e.TimedOut {
			return fmt.Sprintf("the fight is stopped: the round limit (%d) is reached with both sides standing", s.Options.RoundLimit)
		}
		switch {
		case e.ByGM && e.Winner == "":
			return "the GM ends the fight: a draw"
		case e.ByGM:
			return "the GM ends the fight: the " + e.Winner + " group wins"
		case e.Winner == "":
			return "the fight is over: nobody is left standing"
		}
		return "the fight is over: the " + e.Winner + " group wins"
	}
	return e.Kind()
}

// commandKindTable and eventKindTable are the decoding tables, built once
// and only read.
var (
	commandKindTable = commandKinds()
	eventKindTable   = eventKinds()
)

// rawDamage writes how a hit's damage before Toughness adds up: the
// weapon's damage and its bonus, halved for fists against armour (R16),
// as "7 +2 bonus = 9"; for damage without them, the number alone.
func rawDamage(e *DamageDealt) string {
	if e.Weapon == 0 && e.Bonus == 0 {
		return strconv.Itoa(e.Raw)
	}
	sum := e.Weapon + e.Bonus
	s := fmt.Sprintf("%d %+d bonus = %d", e.Weapon, e.Bonus, sum)
	if sum != e.Raw {
		s += fmt.Sprintf(", halved against armour: %d", e.Raw)
	}
	return s
}
