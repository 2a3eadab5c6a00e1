package blackpowder

import (
	"fmt"
	"slices"
	"strings"

	"fray/dice"
	"fray/engine"
)

// Revive: try to bring an unconscious ally round (R28), with medicine
// (LP = total - difficulty) or survival (LP 0).
type Revive struct {
	Target string `json:"target"`
	Skill  string `json:"skill"`
}

// The kinds of healing.go's commands and events.
var (
	reviveKind   = engine.Add[Revive](commands, "revive")
	_            = engine.Add[Rest](commands, "rest")
	_            = engine.Add[Heal](commands, "heal")
	useItemKind  = engine.Add[UseItem](commands, "use")
	revivedKind  = engine.Add[Revived](events, "revived")
	restedKind   = engine.Add[Rested](events, "rested")
	healedKind   = engine.Add[Healed](events, "healed")
	itemUsedKind = engine.Add[ItemUsed](events, "item_used")
)

func (*Revive) isCommand() {}

func (r *run) revive(who string, cmd *Revive) error {
	c, t, attr, err := r.reviveCheck(who, cmd)
	if err != nil {
		return err
	}
	bonus := attr + c.Skill(cmd.Skill) + c.Assist
	ev := engine.New(r.arena(), revivedKind, Revived{Healer: c.ID, Target: t.ID, Skill: cmd.Skill, Roll: r.passFailTotal(bonus, t.ReviveDifficulty)})
	if ev.Success {
		// Back at 0 LP, or at the LP a stun's knockout left untouched
		// (A27); Medicine adds the excess, up to LP max.
		ev.LP = max(t.LP, 0)
		if cmd.Skill == "medicine" {
			ev.LP = max(ev.LP, min(ev.LP+ev.Total-ev.Difficulty, t.LPMax))
		}
	}
	r.emit(ev)
	return nil
}

// reviveCheck checks a revival without changing anything, and returns the
// healer, the one revived and the attribute the check adds.
func (r *run) reviveCheck(who string, cmd *Revive) (c, t *Combatant, attr int, err error) {
	c, err = r.actingMember(who)
	if err != nil {
		return nil, nil, 0, err
	}
	if r.mode == PaidByAction && c.Actions < 1 {
		return nil, nil, 0, r.noActionLeft(c)
	}
	t = r.s.combatant(cmd.Target)
	switch {
	case t == nil:
		return nil, nil, 0, engine.Errorf(engine.Invalid, "no combatant %q to revive", cmd.Target)
	case t.Status != Unconscious:
		return nil, nil, 0, engine.Errorf(engine.NotAllowedNow, "%s is %s, not unconscious", t.Name, t.Status)
	case !same(t.Group, c.Group):
		return nil, nil, 0, engine.Errorf(engine.NotAllowedNow, "%s is not %s's ally: a revive brings back a friend (R28)", t.Name, c.Name)
	case distance(c, t) > reach:
		return nil, nil, 0, engine.Errorf(engine.NotAllowedNow, "%s is out of reach", t.Name)
	}
	switch cmd.Skill {
	case "medicine":
		attr = c.Science
	case "survival":
		attr = c.Senses
	default:
		return nil, nil, 0, engine.Errorf(engine.Invalid, "revive with medicine or survival, not %q", cmd.Skill)
	}
	return c, t, attr, nil
}

// UseItem: the action; use an item on oneself or an ally within reach
// (R31). It provokes opportunity attacks (R34).
type UseItem struct {
	Item   string `json:"item"`
	Target string `json:"target,omitempty"`
}

func (*UseItem) isCommand() {}

// useItem uses a healing item on the user or an ally within reach (R31):
// its dice expression gives the LP restored, up to LP max.
func (r *run) useItem(who string, cmd *UseItem) error {
	u, err := r.useItemCheck(who, cmd)
	if err != nil {
		return err
	}
	c, i, t, expr := u.c, u.item, u.t, u.heal
	rec := &dice.Recorder{Source: r.src}
	ev := engine.New(r.arena(), itemUsedKind, ItemUsed{User: c.ID, Item: i, Target: t.ID, Total: expr.Roll(rec)})
	for _, d := range rec.Draws {
		ev.Dice = append(ev.Dice, d.Value)
	}
	ev.Gain = t.healed(ev.Total)
	r.emit(ev)
	return nil
}

// itemUse is a use of a healing item that useItemCheck allowed.
type itemUse struct {
	c, t *Combatant // the user and the one healed
	item int        // the item's index among c's
	heal *dice.Expr // what it heals
}

// useItemCheck checks a use of a healing item without changing anything.
func (r *run) useItemCheck(who string, cmd *UseItem) (itemUse, error) {
	c, err := r.actingMember(who)
	if err != nil {
		return itemUse{}, err
	}
	i := slices.IndexFunc(c.Items, func(it Item) bool { return it.Name == cmd.Item })
	target := cmd.Target
	if target == "" {
		target = c.ID
	}
	t := r.s.combatant(target)
	switch {
	case i < 0:
		return itemUse{}, engine.Errorf(engine.Invalid, "%s carries no %q", c.Name, cmd.Item)
	case c.Items[i].Uses < 1:
		return itemUse{}, engine.Errorf(engine.NotAllowedNow, "the %s is used up", cmd.Item)
	case c.Actions < 1:
		return itemUse{}, r.noActionLeft(c)
	case t == nil:
		return itemUse{}, engine.Errorf(engine.Invalid, "no combatant %q", target)
	case t.Group != c.Group || t.Status != Active:
		return itemUse{}, engine.Errorf(engine.NotAllowedNow, "the %s is for %s or a conscious ally", cmd.Item, c.Name)
	case distance(c, t) > reach:
		return itemUse{}, engine.Errorf(engine.NotAllowedNow, "%s is out of reach", t.Name)
	}
	heal, err := dice.Parse(c.Items[i].Heal)
	if err != nil {
		return itemUse{}, engine.Errorf(engine.Invalid, "the %s: %v", cmd.Item, err)
	}
	return itemUse{c: c, t: t, item: i, heal: heal}, nil
}

// Rest: after the fight, everyone standing rests, or only those named in
// Who: "short" (about half an hour, once each), "long" (about two hours)
// or "sleep" (a night) (R29).
type Rest struct {
	Length string   `json:"length"`
	Who    []string `json:"who,omitempty"`
}

func (*Rest) isCommand() {}

// rest rests everyone standing, or those cmd names (R29, A28): a short
// rest (once each after a fight) heals D10/3 + Body, a long one D10/2 +
// Body, a night's sleep half LP max (rounded down) + Body with no die;
// never above LP max. The resting roll in roster order. Named, each must be
// standing (and, for a short rest, not have had it); unnamed, those who
// have had the short rest sit the next one out.
func (r *run) rest(cmd *Rest) error {
	a, length := r.s.After, cmd.Length
	switch {
	case a == nil:
		return engine.Errorf(engine.NotAllowedNow, "resting comes after the fight")
	case length != "short" && length != "long" && length != "sleep":
		return engine.Errorf(engine.Invalid, "rest short, rest long, or rest sleep; not %q", length)
	}
	for i, id := range cmd.Who {
		c := r.s.combatant(id)
		switch {
		case c == nil:
			return engine.Errorf(engine.Invalid, "no combatant %q to rest", id)
		case slices.Contains(cmd.Who[:i], id):
			return engine.Errorf(engine.Invalid, "%s is named twice", c.Name)
		case c.Status != Active:
			return engine.Errorf(engine.NotAllowedNow, "%s is not standing and cannot rest", c.Name)
		case length == "short" && slices.Contains(a.ShortRested, id):
			return engine.Errorf(engine.NotAllowedNow, "%s has had the one short rest after this fight", c.Name)
		}
	}
	ev := engine.New(r.arena(), restedKind, Rested{Length: length})
	for _, c := range r.s.Combatants {
		switch {
		case c.Status != Active:
			continue
		case len(cmd.Who) > 0 && !slices.Contains(cmd.Who, c.ID):
			continue
		case length == "short" && slices.Contains(a.ShortRested, c.ID):
			continue
		}
		g := Gain{Who: c.ID}
		value := c.LPMax/2 + c.Body
		if length != "sleep" {
			g.Die = r.d10()
			divisor := map[string]int{"short": 3, "long": 2}[length]
			v, _ := dice.DivideD10(g.Die, divisor)
			value = v + c.Body
		}
		g.Gain = c.healed(value)
		ev.Gains = append(ev.Gains, g)
	}
	if len(ev.Gains) == 0 {
		return engine.Errorf(engine.NotAllowedNow, "nobody standing is left to take a %s rest", length)
	}
	r.emit(ev)
	return nil
}

// Heal: after the fight, a Medicine check against 10 by the healer for the
// patient (R30).
type Heal struct {
	Healer  string `json:"healer"`
	Patient string `json:"patient"`
}

func (*Heal) isCommand() {}

// heal is Medicine healing after the fight (R30, A28): a Medicine check
// against 10; the patient gains the excess, once a rest period.
func (r *run) heal(cmd *Heal) error {
	a := r.s.After
	if a == nil {
		return engine.Errorf(engine.NotAllowedNow, "Medicine healing comes after the fight (revive the unconscious during it)")
	}
	h, p := r.s.combatant(cmd.Healer), r.s.combatant(cmd.Patient)
	switch {
	case h == nil || p == nil:
		return engine.Errorf(engine.Invalid, "heal HEALER PATIENT: both must be combatants")
	case h.Status != Active || p.Status != Active:
		return engine.Errorf(engine.NotAllowedNow, "healer and patient must both be conscious")
	case slices.Contains(a.Treated, p.ID):
		return engine.Errorf(engine.NotAllowedNow, "%s has been treated since the last rest", p.Name)
	}
	die := r.d10()
	ev := engine.New(r.arena(), healedKind, Healed{Healer: h.ID, Patient: p.ID, Die: die, Total: die + h.Science + h.skill(skillMedicine)})
	ev.Gain = p.healed(ev.Total - 10)
	r.emit(ev)
	return nil
}

// healed is the LP c gains from healing worth v: none for less than
// nothing, never above LP max (R29-R31, A28).
func (c *Combatant) healed(v int) int { return max(0, min(c.LPMax-c.LP, v)) }

// Revived: an ally's revive check (R28).
type Revived struct {
	Healer string `json:"healer"`
	Target string `json:"target"`
	Skill  string `json:"skill"`
	Roll
	// LP is the target's LP after a success.
	LP int `json:"lp,omitempty"`
}

func (e *Revived) apply(s *State, _ *hotMemory) {
	checkDone(s.combatant(e.Healer))
	if e.Success {
		t := s.combatant(e.Target)
		t.Status, t.LP, t.DamageWhileUnconscious = Active, e.LP, 0
	}
}

func (e *Revived) describe(s *State) string {
	return fmt.Sprintf("%s tries to revive %s with %s: %s: %s", s.name(e.Healer), s.name(e.Target), e.Skill, checkRoll(e.Die, e.Total, e.Difficulty), verdict(e.Success))
}

// ItemUsed: an item's healing (R31): the dice of its expression, the
// total, and the LP gained (up to LP max).
type ItemUsed struct {
	User   string `json:"user"`
	Item   int    `json:"item"`
	Target string `json:"target"`
	Dice   []int  `json:"dice,omitempty"`
	Total  int    `json:"total"`
	Gain   int    `json:"gain"`
}

func (e *ItemUsed) apply(s *State, _ *hotMemory) {
	u := s.combatant(e.User)
	useAction(u)
	u.Items[e.Item].Uses--
	s.combatant(e.Target).LP += e.Gain
}

func (e *ItemUsed) describe(s *State) string {
	u := s.combatant(e.User)
	return fmt.Sprintf("%s uses the %s on %s: %s %v → %d: +%d LP", u.Name, u.Items[e.Item].Name, s.name(e.Target), u.Items[e.Item].Heal, e.Dice, e.Total, e.Gain)
}

// Rested: everyone standing rests (R29); Gains lists each one's die (0 for
// sleep, which needs none) and LP gained, at most up to LP max (A28).
type Rested struct {
	Length string `json:"length"`
	Gains  []Gain `json:"gains"`
}

func (e *Rested) apply(s *State, _ *hotMemory) {
	a := s.After
	for _, g := range e.Gains {
		c := s.combatant(g.Who)
		c.LP += g.Gain
		if e.Length == "sleep" {
			c.Fatigue = 0 // a night's sleep clears Fatigue (A29)
		}
		if e.Length == "short" {
			a.ShortRested = append(a.ShortRested, g.Who)
		}
		// A new rest period for the rested: Medicine may be tried again.
		a.Treated = slices.DeleteFunc(a.Treated, func(id string) bool { return id == g.Who })
	}
}

func (e *Rested) describe(s *State) string {
	var parts []string
	for _, g := range e.Gains {
		if g.Die != 0 {
			parts = append(parts, fmt.Sprintf("%s d10=%d +%d LP", s.name(g.Who), g.Die, g.Gain))
		} else {
			parts = append(parts, fmt.Sprintf("%s +%d LP", s.name(g.Who), g.Gain))
		}
	}
	return fmt.Sprintf("a %s rest: %s", e.Length, strings.Join(parts, ", "))
}

// Gain is one combatant's healing.
type Gain struct {
	Who  string `json:"who"`
	Die  int    `json:"die,omitempty"`
	Gain int    `json:"gain"`
}

// Healed: a Medicine check against 10 after the fight; the patient gains
// the excess, at most up to LP max (R30, A28).
type Healed struct {
	Healer  string `json:"healer"`
	Patient string `json:"patient"`
	Die     int    `json:"die"`
	Total   int    `json:"total"`
	Gain    int    `json:"gain"`
}

func (e *Healed) apply(s *State, _ *hotMemory) {
	s.combatant(e.Patient).LP += e.Gain
	s.After.Treated = append(s.After.Treated, e.Patient)
}

func (e *Healed) describe(s *State) string {
	return fmt.Sprintf("%s treats %s: Medicine d10=%d → %d vs 10: +%d LP", s.name(e.Healer), s.name(e.Patient), e.Die, e.Total, e.Gain)
}
