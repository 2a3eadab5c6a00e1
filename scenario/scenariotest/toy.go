// Package scenariotest helps test scenario files and the tools that read
// them. RunFiles runs a ruleset's scenario files as subtests of its
// package's tests. "toy" is a small ruleset for testing the tools that
// read and run encounter and scenario files (package scenario, fray
// check, fray schema) without depending on a real combat system.
//
// Toy is a race to a target score with a little fighting on the side.
// Combatants take turns in the order the encounter lists them. On its turn
// a combatant may
//
//	add N                  add N (1 to 10) and 1d6 to its score
//	hit TARGET [with W]    roll 1d6 plus the weapon's bonus (the first
//	                       weapon when none is named, 0 unarmed) and take
//	                       that many life points from TARGET, an enemy
//	pass                   do nothing
//
// A combatant whose score reaches the target makes the GM rule: "end" ends
// the fight with that combatant's side winning, "play on" (the default
// option) lets it go on with the next turn. A side all of whose combatants are at 0 life points
// loses. Dice are drawn in this order: the d6 of "add", the d6 of "hit";
// nothing else rolls.
package scenariotest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"fray/dice"
	"fray/engine"
)

// ID is the toy ruleset's id.
const ID = "toy"

// Info describes the toy ruleset for an engine.Registry.
func Info() engine.RulesetInfo {
	return engine.RulesetInfo{
		ID:      ID,
		Summary: "a race to a target score, for testing the tools",
		NewSpec: func() engine.EncounterSpec { return &Spec{} },
		Content: Content,
	}
}

// Content returns the toy's bundled content: stat blocks "markus" and
// "thug", weapons "club", "knife" and "laser" (which has a kind toy does
// not know, to test errors in content), an encounter "duel", and "loop"
// and "loop2", which use each other.
func Content() map[string][]byte {
	return map[string][]byte{
		"markus": []byte("id: markus\nname: Markus\nside: players\nlp: 8\nposition: {x: 1, y: 2}\nweapons:\n  - use: knife\n"),
		"thug":   []byte("id: thug\nname: Thug\nside: bandits\nlp: 5\nweapons:\n  - use: club\n"),
		"club":   []byte("name: club\nkind: melee\nbonus: 1\n"),
		"knife":  []byte("name: knife\nkind: thrown\nbonus: 2\n"),
		"laser":  []byte("name: laser\nkind: laser\n"),
		"duel":   []byte("target: 10\nsides: [{id: players}, {id: bandits}]\ncombatants:\n  - use: markus\n  - use: thug\n"),
		"loop":   []byte("use: loop2\n"),
		"loop2":  []byte("use: loop\n"),
	}
}

// Spec is the toy's encounter file.
type Spec struct {
	Title      string      `yaml:"title" doc:"what the fight is called"`
	Target     int         `yaml:"target" required:"true" min:"1" doc:"the score at which the GM may end the fight"`
	Sides      []SideSpec  `yaml:"sides" required:"true" min:"2" doc:"the sides of the fight"`
	Combatants []Combatant `yaml:"combatants" required:"true" min:"1" doc:"who fights, in turn order"`
	Scene      Scene       `yaml:"scene" doc:"where the fight happens"`
}

// SideSpec is one side of an encounter.
type SideSpec struct {
	ID   string `yaml:"id" required:"true" doc:"the side's id, as combatants name it"`
	Name string `yaml:"name" doc:"the side's name"`
}

// Combatant is the toy's stat block, as encounter files give it and as the
// state holds it.
type Combatant struct {
	ID       string    `yaml:"id" json:"id" required:"true" doc:"the combatant's id, as commands name it"`
	Name     string    `yaml:"name" json:"name,omitempty" doc:"the combatant's name"`
	Side     string    `yaml:"side" json:"side" required:"true" doc:"the id of the combatant's side"`
	LP       int       `yaml:"lp" json:"lp" required:"true" min:"0" doc:"life points"`
	Score    int       `yaml:"-" json:"score"`
	Weapons  []Weapon  `yaml:"weapons" json:"weapons,omitempty" doc:"weapons, the first one used by default"`
	Position *Position `yaml:"position" json:"position,omitempty" doc:"where the combatant stands"`
}

// Weapon is a weapon of a combatant.
type Weapon struct {
	Name  string `yaml:"name" json:"name" required:"true" doc:"the weapon's name, as commands name it"`
	Kind  string `yaml:"kind" json:"kind" required:"true" enum:"melee,thrown" doc:"how the weapon is used"`
	Bonus int    `yaml:"bonus" json:"bonus" min:"0" max:"5" doc:"added to the d6 of a hit; at most 3 for thrown weapons"`
}

// Position is a place on the map.
type Position struct {
	X int `yaml:"x" json:"x"`
	Y int `yaml:"y" json:"y"`
}

// Scene is where a fight happens.
type Scene struct {
	Light string            `yaml:"light" enum:"day,dusk,night" doc:"how well people see"`
	Notes map[string]string `yaml:"notes" doc:"free notes for the GM"`
}

// Start validates the spec and starts the fight, reporting every problem
// as an *engine.FieldError.
func (sp *Spec) Start() (engine.Table, error) {
	var errs []error
	bad := func(path, format string, args ...any) {
		errs = append(errs, &engine.FieldError{Path: path, Msg: fmt.Sprintf(format, args...)})
	}
	var sides []string
	for i, sd := range sp.Sides {
		if slices.Contains(sides, sd.ID) {
			bad(fmt.Sprintf("sides[%d].id", i), "side %q is defined twice", sd.ID)
		}
		sides = append(sides, sd.ID)
	}
	var ids []string
	s := State{Round: 1, Target: sp.Target, Light: sp.Scene.Light}
	for i, c := range sp.Combatants {
		switch {
		case c.ID == engine.GM:
			bad(fmt.Sprintf("combatants[%d].id", i), "%q is the game master's id", c.ID)
		case slices.Contains(ids, c.ID):
			bad(fmt.Sprintf("combatants[%d].id", i), "combatant %q is defined twice", c.ID)
		}
		ids = append(ids, c.ID)
		if !slices.Contains(sides, c.Side) {
			bad(fmt.Sprintf("combatants[%d].side", i), "unknown side %q; sides: %s", c.Side, strings.Join(sides, ", "))
		}
		for j, w := range c.Weapons {
			if w.Kind == "thrown" && w.Bonus > 3 {
				bad(fmt.Sprintf("combatants[%d].weapons[%d].bonus", i, j), "a thrown weapon's bonus is at most 3, not %d", w.Bonus)
			}
		}
		c.Weapons = slices.Clone(c.Weapons)
		s.Combatants = append(s.Combatants, c)
	}
	for i, sd := range sp.Sides {
		if !slices.ContainsFunc(sp.Combatants, func(c Combatant) bool { return c.Side == sd.ID }) {
			bad(fmt.Sprintf("sides[%d]", i), "side %q has no combatants", sd.ID)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return engine.NewTable(Game{}, engine.NewEncounter(Game{}, s)), nil
}

// State is a toy fight.
type State struct {
	Round      int         `json:"round"`
	Target     int         `json:"target"`
	Active     int         `json:"active"`
	Combatants []Combatant `json:"combatants"`
	Ruling     string      `json:"ruling,omitempty"` // who reached the target, while the GM rules
	Over       bool        `json:"over"`
	Winner     string      `json:"winner,omitempty"`
	Light      string      `json:"light,omitempty"`
}

func (s *State) find(id string) int {
	return slices.IndexFunc(s.Combatants, func(c Combatant) bool { return c.ID == id })
}

// Command is a toy command.
type Command interface {
	engine.Kinded
	isCommand()
}

// Add adds N and a d6 to the active combatant's score.
type Add struct {
	N int `json:"n"`
}

// Hit attacks a combatant with a weapon ("" for the first one).
type Hit struct {
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
}

// Pass ends the active combatant's turn.
type Pass struct{}

// EndFight is the GM's ruling that the fight ends.
type EndFight struct{}

// PlayOn is the GM's ruling that the fight goes on.
type PlayOn struct{}

// Kind names the command type.
func (Add) Kind() string { return "add" }

// Kind names the command type.
func (Hit) Kind() string { return "hit" }

// Kind names the command type.
func (Pass) Kind() string { return "pass" }

// Kind names the command type.
func (EndFight) Kind() string { return "end" }

// Kind names the command type.
func (PlayOn) Kind() string { return "play_on" }

func (Add) isCommand()      {}
func (Hit) isCommand()      {}
func (Pass) isCommand()     {}
func (EndFight) isCommand() {}
func (PlayOn) isCommand()   {}

// Event is a toy event.
type Event interface {
	engine.Kinded
	isEvent()
}

// Added says a combatant's score grew.
type Added struct {
	Who   string `json:"who"`
	N     int    `json:"n"`
	Roll  int    `json:"roll"`
	Score int    `json:"score"`
}

// Damaged says a combatant lost life points.
type Damaged struct {
	Who    string `json:"who"`
	Target string `json:"target"`
	Weapon string `json:"weapon,omitempty"`
	Roll   int    `json:"roll"`
	Bonus  int    `json:"bonus"`
	LP     int    `json:"lp"`
}

// RulingAsked says a combatant reached the target and the GM must rule.
type RulingAsked struct {
	Who string `json:"who"`
}

// TurnPassed says whose turn it is now.
type TurnPassed struct {
	Active int `json:"active"`
	Round  int `json:"round"`
}

// PlayedOn says the GM let the fight go on.
type PlayedOn struct{}

// Ended says the fight is over.
type Ended struct {
	Winner string `json:"winner"`
}

// Kind names the event type.
func (Added) Kind() string { return "added" }

// Kind names the event type.
func (Damaged) Kind() string { return "damaged" }

// Kind names the event type.
func (RulingAsked) Kind() string { return "ruling_asked" }

// Kind names the event type.
func (TurnPassed) Kind() string { return "turn_passed" }

// Kind names the event type.
func (PlayedOn) Kind() string { return "played_on" }

// Kind names the event type.
func (Ended) Kind() string { return "ended" }

func (Added) isEvent()       {}
func (Damaged) isEvent()     {}
func (RulingAsked) isEvent() {}
func (TurnPassed) isEvent()  {}
func (PlayedOn) isEvent()    {}
func (Ended) isEvent()       {}

// Game is the toy ruleset and its codec.
type Game struct{}

var _ engine.Game[State, Command, Event] = Game{}

// ID returns the ruleset's id.
func (Game) ID() string { return ID }

// Decide resolves a command.
func (Game) Decide(s *State, actor string, c Command, src dice.Source) ([]Event, error) {
	if s.Over {
		return nil, engine.Errorf(engine.NotAllowedNow, "the fight is over")
	}
	me := s.Combatants[s.Active]
	switch c.(type) {
	case EndFight:
		if s.Ruling == "" {
			return nil, engine.Errorf(engine.NotAllowedNow, "there is nothing to rule on")
		}
		return []Event{Ended{Winner: s.Combatants[s.find(s.Ruling)].Side}}, nil
	case PlayOn:
		if s.Ruling == "" {
			return nil, engine.Errorf(engine.NotAllowedNow, "there is nothing to rule on")
		}
		return []Event{PlayedOn{}, nextTurn(s)}, nil
	}
	if s.Ruling != "" {
		return nil, engine.Errorf(engine.NotAllowedNow, "the GM must first rule on %s reaching the target", s.Ruling)
	}
	switch c := c.(type) {
	case Add:
		if c.N < 1 || c.N > 10 {
			return nil, engine.Errorf(engine.Invalid, "add takes 1 to 10, not %d", c.N)
		}
		roll := src.Roll(6)
		score := me.Score + c.N + roll
		events := []Event{Added{Who: me.ID, N: c.N, Roll: roll, Score: score}}
		if score >= s.Target {
			return append(events, RulingAsked{Who: me.ID}), nil
		}
		return append(events, nextTurn(s)), nil
	case Hit:
		t := s.find(c.Target)
		if t < 0 {
			return nil, engine.Errorf(engine.Invalid, "there is no combatant %q", c.Target)
		}
		if t == s.Active {
			return nil, engine.Errorf(engine.NotAllowedNow, "%s cannot hit itself", me.ID)
		}
		target := s.Combatants[t]
		if target.Side == me.Side {
			return nil, engine.Errorf(engine.NotAllowedNow, "%s is on %s's side", target.ID, me.ID)
		}
		if target.LP == 0 {
			return nil, engine.Errorf(engine.NotAllowedNow, "%s is already down", target.ID)
		}
		w := Weapon{}
		if c.Weapon != "" {
			i := slices.IndexFunc(me.Weapons, func(w Weapon) bool { return w.Name == c.Weapon })
			if i < 0 {
				return nil, engine.Errorf(engine.Invalid, "%s has no %s", me.ID, c.Weapon)
			}
			w = me.Weapons[i]
		} else if len(me.Weapons) > 0 {
			w = me.Weapons[0]
		}
		roll := src.Roll(6)
		lp := max(0, target.LP-roll-w.Bonus)
		events := []Event{Damaged{Who: me.ID, Target: target.ID, Weapon: w.Name, Roll: roll, Bonus: w.Bonus, LP: lp}}
		standing := slices.ContainsFunc(s.Combatants, func(o Combatant) bool {
			return o.Side == target.Side && o.ID != target.ID && o.LP > 0
		})
		if lp == 0 && !standing {
			return append(events, Ended{Winner: me.Side}), nil
		}
		return append(events, nextTurn(s)), nil
	case Pass:
		return []Event{nextTurn(s)}, nil
	}
	return nil, engine.Errorf(engine.Invalid, "unknown command %T", c)
}

// nextTurn passes the turn to the next combatant still standing.
func nextTurn(s *State) TurnPassed {
	round, next := s.Round, s.Active
	for range s.Combatants {
		next++
		if next == len(s.Combatants) {
			next, round = 0, round+1
		}
		if s.Combatants[next].LP > 0 {
			break
		}
	}
	return TurnPassed{Active: next, Round: round}
}

// Evolve applies an event.
func (Game) Evolve(s *State, e Event) {
	switch e := e.(type) {
	case Added:
		s.Combatants[s.find(e.Who)].Score = e.Score
	case Damaged:
		s.Combatants[s.find(e.Target)].LP = e.LP
	case RulingAsked:
		s.Ruling = e.Who
	case PlayedOn:
		s.Ruling = ""
	case TurnPassed:
		s.Active, s.Round = e.Active, e.Round
	case Ended:
		s.Over, s.Winner, s.Ruling = true, e.Winner, ""
	}
}

// Next says who decides what now.
func (Game) Next(s *State) engine.Prompt[Command] {
	switch {
	case s.Over:
		return engine.Prompt[Command]{Kind: engine.End, Question: "the fight is over", Default: -1, Winner: s.Winner}
	case s.Ruling != "":
		return engine.Prompt[Command]{
			Kind:     engine.Ruling,
			Actor:    engine.GM,
			Question: fmt.Sprintf("%s reached %d: end the fight?", s.Ruling, s.Target),
			Options:  []engine.Option[Command]{{Label: "end the fight", Command: EndFight{}}, {Label: "play on", Command: PlayOn{}}},
			Default:  1,
		}
	}
	me := s.Combatants[s.Active]
	p := engine.Prompt[Command]{Kind: engine.Act, Actor: me.ID, Question: me.ID + "'s turn", Default: -1}
	p.Options = append(p.Options, engine.Option[Command]{Label: "add 1", Command: Add{N: 1}})
	for _, o := range s.Combatants {
		if o.Side != me.Side && o.LP > 0 {
			p.Options = append(p.Options, engine.Option[Command]{Label: "hit " + o.ID, Command: Hit{Target: o.ID}})
		}
	}
	p.Options = append(p.Options, engine.Option[Command]{Label: "pass", Command: Pass{}})
	return p
}

// Clone copies a state.
func (Game) Clone(s *State) State {
	c := *s
	c.Combatants = slices.Clone(s.Combatants)
	for i := range c.Combatants {
		c.Combatants[i].Weapons = slices.Clone(c.Combatants[i].Weapons)
		if p := c.Combatants[i].Position; p != nil {
			cp := *p
			c.Combatants[i].Position = &cp
		}
	}
	return c
}

// Roster lists the combatants in order.
func (Game) Roster(s *State) []string {
	ids := make([]string, len(s.Combatants))
	for i, c := range s.Combatants {
		ids[i] = c.ID
	}
	return ids
}

// SideOf names a combatant's side.
func (Game) SideOf(s *State, combatant string) string {
	if i := s.find(combatant); i >= 0 {
		return s.Combatants[i].Side
	}
	return ""
}

// OptionsFor returns the current prompt's options when actor may answer it.
func (g Game) OptionsFor(s *State, actor string) []engine.Option[Command] {
	return engine.OptionsOf(g.Next(s), actor)
}

// Kinds lists the kinds of every command and event.
func (Game) Kinds() (commands, events []string) {
	return engine.KindsOf(commandKinds()), engine.KindsOf(eventKinds())
}

func commandKinds() map[string]func() Command {
	return map[string]func() Command{
		"add": func() Command { return &Add{} }, "hit": func() Command { return &Hit{} },
		"pass": func() Command { return &Pass{} }, "end": func() Command { return &EndFight{} },
		"play_on": func() Command { return &PlayOn{} },
	}
}

func eventKinds() map[string]func() Event {
	return map[string]func() Event{
		"added": func() Event { return &Added{} }, "damaged": func() Event { return &Damaged{} },
		"ruling_asked": func() Event { return &RulingAsked{} }, "turn_passed": func() Event { return &TurnPassed{} },
		"played_on": func() Event { return &PlayedOn{} }, "ended": func() Event { return &Ended{} },
	}
}

// ParseCommand reads "add N", "hit TARGET [with WEAPON]", "pass", "end" or
// "play on".
func (Game) ParseCommand(_ *State, _ string, text string) (Command, error) {
	w := strings.Fields(text)
	switch {
	case len(w) == 2 && w[0] == "add":
		n, err := strconv.Atoi(w[1])
		if err != nil {
			return nil, fmt.Errorf("add takes a number, not %q", w[1])
		}
		return Add{N: n}, nil
	case len(w) == 2 && w[0] == "hit":
		return Hit{Target: w[1]}, nil
	case len(w) == 4 && w[0] == "hit" && w[2] == "with":
		return Hit{Target: w[1], Weapon: w[3]}, nil
	case len(w) == 1 && w[0] == "pass":
		return Pass{}, nil
	case len(w) == 1 && w[0] == "end":
		return EndFight{}, nil
	case len(w) == 2 && w[0] == "play" && w[1] == "on":
		return PlayOn{}, nil
	}
	return nil, fmt.Errorf("unknown command %q; commands: add N, hit TARGET [with WEAPON], pass, end, play on", text)
}

// FormatCommand writes a command as ParseCommand reads it.
func (Game) FormatCommand(c Command) string {
	switch c := c.(type) {
	case Add:
		return fmt.Sprintf("add %d", c.N)
	case Hit:
		if c.Weapon != "" {
			return fmt.Sprintf("hit %s with %s", c.Target, c.Weapon)
		}
		return "hit " + c.Target
	case Pass:
		return "pass"
	case EndFight:
		return "end"
	case PlayOn:
		return "play on"
	}
	return fmt.Sprint(c)
}

// DecodeCommand reads a command written with engine.MarshalKinded.
func (Game) DecodeCommand(data []byte) (Command, error) {
	c, err := engine.UnmarshalKinded(data, "command", commandKinds())
	if err != nil {
		return nil, err
	}
	return reflect.ValueOf(c).Elem().Interface().(Command), nil
}

// DecodeEvent reads an event written with engine.MarshalKinded.
func (Game) DecodeEvent(data []byte) (Event, error) {
	e, err := engine.UnmarshalKinded(data, "event", eventKinds())
	if err != nil {
		return nil, err
	}
	return reflect.ValueOf(e).Elem().Interface().(Event), nil
}

// DescribeEvent says what an event means.
func (Game) DescribeEvent(s *State, e Event) string {
	switch e := e.(type) {
	case Added:
		return fmt.Sprintf("%s rolls %d: adds %d+%d, score %d", e.Who, e.Roll, e.N, e.Roll, e.Score)
	case Damaged:
		with := "bare hands"
		if e.Weapon != "" {
			with = e.Weapon
		}
		return fmt.Sprintf("%s hits %s with %s: %d+%d, %s has %d LP left", e.Who, e.Target, with, e.Roll, e.Bonus, e.Target, e.LP)
	case RulingAsked:
		return fmt.Sprintf("%s reached the target %d: the GM rules", e.Who, s.Target)
	case TurnPassed:
		return fmt.Sprintf("round %d: %s's turn", e.Round, s.Combatants[e.Active].ID)
	case PlayedOn:
		return "the GM lets the fight go on"
	case Ended:
		return fmt.Sprintf("the fight is over: %s win", e.Winner)
	}
	return fmt.Sprint(e)
}
