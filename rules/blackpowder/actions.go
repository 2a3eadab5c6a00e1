package blackpowder

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// Assist: the action; +2 to an ally's next check this round (R44, A38).
type Assist struct {
	Ally string `json:"ally"`
}

// The kinds of actions.go's commands and events.
var (
	_                = engine.Add[FreeForm](commands, "do")
	assistKind       = engine.Add[Assist](commands, "assist")
	_                = engine.Add[Escape](commands, "escape")
	_                = engine.Add[StandUp](commands, "stand")
	_                = engine.Add[Check](commands, "check")
	assistedKind     = engine.Add[Assisted](events, "assisted")
	escapedKind      = engine.Add[Escaped](events, "escaped")
	stoodUpKind      = engine.Add[StoodUp](events, "stood_up")
	checkedKind      = engine.Add[Checked](events, "checked")
	freeFormDoneKind = engine.Add[FreeFormDone](events, "free_form_done")
)

func (*Assist) isCommand() {}

func (r *run) assist(who string, cmd *Assist) error {
	c, a, err := r.assistCheck(who, cmd)
	if err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), assistedKind, Assisted{Helper: c.ID, Ally: a.ID}))
	return nil
}

// assistCheck checks helping an ally without changing anything, and
// returns the helper and the ally.
func (r *run) assistCheck(who string, cmd *Assist) (c, a *Combatant, err error) {
	c, err = r.actingWith(who, func(c *Combatant) error {
		a = r.s.combatant(cmd.Ally)
		switch {
		case a == nil:
			return engine.Errorf(engine.Invalid, "no combatant %q to assist", cmd.Ally)
		case a.ID == c.ID || a.Group != c.Group:
			return engine.Errorf(engine.NotAllowedNow, "%s can assist only another member of the %s group", c.Name, c.Group)
		case a.Status != Active:
			return engine.Errorf(engine.NotAllowedNow, "%s is %s", a.Name, a.Status)
		}
		return nil
	})
	return c, a, err // the caller reads c and a only without err
}

// Escape: the action; an Athletics check against the trap's difficulty
// (R41, A35).
type Escape struct{}

func (*Escape) isCommand() {}

func (r *run) escape(who string) error {
	c, err := r.escapeCheck(who)
	if err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), escapedKind, Escaped{Who: c.ID, Roll: r.passFail(c.Body+c.skill(skillAthletics)+c.Assist, c.Trapped)}))
	return nil
}

// escapeCheck checks escaping a trap without changing anything.
func (r *run) escapeCheck(who string) (*Combatant, error) {
	return r.actingWith(who, func(c *Combatant) error {
		if c.Trapped == 0 {
			return engine.Errorf(engine.NotAllowedNow, "%s is not trapped", c.Name)
		}
		return nil
	})
}

// StandUp: the action; a prone combatant gets up (A39).
type StandUp struct{}

func (*StandUp) isCommand() {}

func (r *run) standUp(who string) error {
	c, err := r.standUpCheck(who)
	if err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), stoodUpKind, StoodUp{Who: c.ID}))
	return nil
}

// standUpCheck checks standing up without changing anything.
func (r *run) standUpCheck(who string) (*Combatant, error) {
	return r.actingWith(who, func(c *Combatant) error {
		if !c.Prone {
			return engine.Errorf(engine.NotAllowedNow, "%s is not prone", c.Name)
		}
		return nil
	})
}

// Check: the action; a free-form check of an attribute and a skill the GM
// names against a difficulty (default 10) (R01, R05, §6).
type Check struct {
	Attribute  string `json:"attribute"`
	Skill      string `json:"skill,omitempty"`
	Difficulty int    `json:"difficulty,omitempty"`
}

func (*Check) isCommand() {}

// check is a free-form check: d10 + the attribute + the skill the GM names
// against a difficulty, 10 unless the GM says otherwise; one that cannot
// succeed draws no die (R01, A03, A37).
func (r *run) check(who string, cmd *Check) error {
	c, attr, err := r.checkActionCheck(who, cmd)
	if err != nil {
		return err
	}
	difficulty := cmd.Difficulty
	if difficulty == 0 {
		difficulty = 10
	}
	r.emit(engine.New(r.arena(), checkedKind, Checked{Who: c.ID, Attribute: cmd.Attribute, Skill: cmd.Skill, Roll: r.passFail(attr+c.Skill(cmd.Skill)+c.Assist, difficulty)}))
	return nil
}

// checkActionCheck checks a free-form check without changing anything,
// and returns who makes it and the attribute it adds.
func (r *run) checkActionCheck(who string, cmd *Check) (*Combatant, int, error) {
	attr := 0
	c, err := r.actingWith(who, func(c *Combatant) error {
		var ok bool
		attr, ok = map[string]int{"body": c.Body, "senses": c.Senses, "science": c.Science, "willpower": c.Willpower}[cmd.Attribute]
		switch {
		case !ok:
			return engine.Errorf(engine.Invalid, "check an attribute: body, senses, science or willpower; not %q", cmd.Attribute)
		case cmd.Skill != "" && !slices.Contains(knownSkills, cmd.Skill):
			return engine.Errorf(engine.Invalid, "unknown skill %q; known: %s", cmd.Skill, strings.Join(knownSkills, ", "))
		}
		return nil
	})
	return c, attr, err // the caller reads c and attr only without err
}

// FreeForm: the action; something the rules do not list and the GM lets
// happen with no check, such as blowing a horn (R05). Action says what, in
// the player's words.
type FreeForm struct {
	Action string `json:"action"`
}

func (*FreeForm) isCommand() {}

// freeForm does a free-form action that needs no check: it spends the
// action and draws no die (R05, §6). What it achieves is the GM's to
// narrate.
func (r *run) freeForm(who string, cmd *FreeForm) error {
	c, err := r.freeFormCheck(who, cmd)
	if err != nil {
		return err
	}
	r.emit(engine.New(r.arena(), freeFormDoneKind, FreeFormDone{Who: c.ID, Action: cmd.Action}))
	return nil
}

// freeFormCheck checks a free-form action without changing anything.
func (r *run) freeFormCheck(who string, cmd *FreeForm) (*Combatant, error) {
	return r.actingWith(who, func(*Combatant) error {
		if strings.TrimSpace(cmd.Action) == "" {
			return engine.Errorf(engine.Invalid, "do what? name the free-form action")
		}
		return nil
	})
}

// Assisted: a helper spends the action to give an ally +2 (R44).
type Assisted struct {
	Helper string `json:"helper"`
	Ally   string `json:"ally"`
}

func (e *Assisted) apply(s *State, _ *hotMemory) {
	h := s.combatant(e.Helper)
	useAction(h)
	s.combatant(e.Ally).Assist += 2
}

func (e *Assisted) describe(s *State) string {
	return fmt.Sprintf("%s assists %s (+2 to their next check)", s.name(e.Helper), s.name(e.Ally))
}

// Escaped: an Athletics check to get out of a trap (R41).
type Escaped struct {
	Who string `json:"who"`
	Roll
}

func (e *Escaped) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	checkDone(c)
	if e.Success {
		c.Trapped = 0
	}
}

func (e *Escaped) describe(s *State) string {
	return fmt.Sprintf("%s tries to escape the trap: %s: %s", s.name(e.Who), checkRoll(e.Die, e.Total, e.Difficulty), verdict(e.Success))
}

// StoodUp: a prone combatant gets up, spending the action (A39).
type StoodUp struct {
	Who string `json:"who"`
}

func (e *StoodUp) apply(s *State, _ *hotMemory) {
	c := s.combatant(e.Who)
	useAction(c)
	c.Prone = false
}

func (e *StoodUp) describe(s *State) string {
	return s.name(e.Who) + " stands up"
}

// Checked: a free-form check (R01). Die is 0 when it could not succeed
// and no die was drawn (A37).
type Checked struct {
	Who       string `json:"who"`
	Attribute string `json:"attribute"`
	Skill     string `json:"skill,omitempty"`
	Roll
}

func (e *Checked) apply(s *State, _ *hotMemory) {
	checkDone(s.combatant(e.Who))
}

func (e *Checked) describe(s *State) string {
	what := e.Attribute
	if e.Skill != "" {
		what += " + " + e.Skill
	}
	if e.Die == 0 {
		return fmt.Sprintf("%s's %s check vs %d cannot succeed", s.name(e.Who), what, e.Difficulty)
	}
	return fmt.Sprintf("%s's %s check: d10=%d → %d vs %d: %s", s.name(e.Who), what, e.Die, e.Total, e.Difficulty, verdict(e.Success))
}

// FreeFormDone: a free-form action that needs no check is done, spending
// the action and drawing no die (R05).
type FreeFormDone struct {
	Who    string `json:"who"`
	Action string `json:"action"`
}

func (e *FreeFormDone) apply(s *State, _ *hotMemory) {
	useAction(s.combatant(e.Who)) // no check: an assist stays for the next one
}

func (e *FreeFormDone) describe(s *State) string {
	return fmt.Sprintf("%s: %s (a free-form action, no check)", s.name(e.Who), e.Action)
}
