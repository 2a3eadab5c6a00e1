package woundslots

import (
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// grammar is the text vocabulary of the commands.
var grammar = parts.NewGrammar([]parts.Keyword{parts.With, {Word: "by", Value: "HEALER"}, {Word: "after", Value: "MINUTES", Number: true}, {Word: "slept", Value: "HOURS", Number: true}},
	parts.Verb{Name: "attack", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a standard attack, 4 AP (R42)"},
	parts.Verb{Name: "quick", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a quick melee attack, 3 AP, one level lighter (R40)"},
	parts.Verb{Name: "strong", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a strong melee attack, 6 AP, +1d6 on a hit (R43)"},
	parts.Verb{Name: "nonlethal", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a nonlethal melee attack at -2, 4 AP; you pick the level (R39)"},
	parts.Verb{Name: "move", Args: "X,Y", Min: 1, Hint: "walk to a cell, buying movement with AP (R33, R34)"},
	parts.Verb{Name: "approach", Args: "TARGET", Min: 1, Hint: "walk toward a creature until your first weapon reaches it, or as far as your AP allows"},
	parts.Verb{Name: "defend"},
	parts.Verb{Name: "seize"},
	parts.Verb{Name: "posture", Args: "standing|crouching|prone", Min: 1},
	parts.Verb{Name: "dash"},
	parts.Verb{Name: "use", Args: "OBJECT", Min: 1},
	parts.Verb{Name: "continue"},
	parts.Verb{Name: "end", Args: "[turn|EFFECT]", Hint: "end your turn, or end a magical effect you control, 2 AP (R60)"},
	parts.Verb{Name: "pass"},
	parts.Verb{Name: "harry"},
	parts.Verb{Name: "guard", Args: "plus|power|agility|fortitude|willpower", Min: 1},
	parts.Verb{Name: "pick", Args: "LEVEL [helpless]", Min: 1},
	parts.Verb{Name: "surprise", Args: "SIDE [contest]", Min: 1, Hint: "the side is surprised; with contest, each of its creatures checks for the others hiding (R31)"},
	parts.Verb{Name: "initiative"},
	parts.Verb{Name: "stabilize", Args: "TARGET", Min: 1, Hint: "stop a dying creature's dying, 4 AP (R63)"},
	parts.Verb{Name: "treat", Args: "TARGET LEVEL|CONDITION", Min: 2, Hint: "treat one of a creature's wounds, or a condition (bleeding, burning, hobbled, poisoned), 8 AP (R64, R65)"},
	parts.Verb{Name: "rest", Args: "short|long", Min: 1, Keywords: []string{"by", "after", "slept"}, Hint: "rest long by HEALER: tended (R71); rest long after MINUTES: broken off then (R73); rest long slept HOURS: the sleep had in the last day (R68)"},
	parts.Verb{Name: "cover", Args: "TARGET quarter|half|three|slit|none", Min: 2, Hint: "the GM rules a creature's cover, at any time (R10)"},
	parts.Verb{Name: "exert", Args: "TARGET STAMINA", Min: 2, Hint: "the GM has a creature pay a stamina cost, at any time; past its stamina the rest becomes fatigue (R19)"},
	parts.Verb{Name: "fatigue", Args: "TARGET FATIGUE", Min: 2, Hint: "the GM has a creature gain fatigue, at any time (R20)"},
	parts.Verb{Name: "order", Args: "COMMAND", Min: 1, Rest: true, Hint: "have your trained mount take an action with its AP: order attack bob (R76)"},
	parts.Verb{Name: "recover", Args: "LEVEL", Min: 1, Hint: "the wound your recovery check drops (R72)"},
	parts.Verb{Name: "done"},
	parts.Verb{Name: "end-fight", Args: "[SIDE]", Hint: "the GM ends the fight at any time: a draw, or SIDE wins (the others fled)"},
	parts.Verb{Name: "mount", Args: "MOUNT", Min: 1, Hint: "4 AP (R53)"},
	parts.Verb{Name: "grapple", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "a melee attack with a reach-0 weapon that grapples, 4 AP (R57)"},
	parts.Verb{Name: "disarm", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
	parts.Verb{Name: "distract", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
	parts.Verb{Name: "shove", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
	parts.Verb{Name: "trip", Args: "TARGET", Min: 1, Hint: "4 AP (R61)"},
	parts.Verb{Name: "pin", Args: "TARGET", Min: 1, Hint: "4 AP (R59)"},
	parts.Verb{Name: "escape", Hint: "4 AP (R52)"},
	parts.Verb{Name: "rebuff", Hint: "a reaction, 4 AP (R41)"},
	parts.Verb{Name: "ignore", Args: "TARGET", Min: 1, Hint: "free: its attacks become rear attacks, +4 (R12)"},
	parts.Verb{Name: "unignore", Args: "TARGET", Min: 1, Hint: "free (R12)"},
	parts.Verb{Name: "jump", Args: "X,Y|high [tuck]", Min: 1, Hint: "a long jump in a straight line, or a high jump where you stand (R38)"},
	parts.Verb{Name: "retrieve", Args: "WEAPON", Min: 1, Hint: "take a stowed weapon into an empty hand, 1, 3 or 6 AP by its container, or pick one up from the ground beside you, 2 AP (R48)"},
	parts.Verb{Name: "stow", Args: "WEAPON", Min: 1, Hint: "put a weapon in hand into its container (R48)"},
	parts.Verb{Name: "surface", Hint: "a swimmer who sank swims up, 4 AP (R75)"},
	parts.Verb{Name: "long", Args: "COMMAND", Min: 1, Rest: true, Hint: "declare an action costing more AP than you have, paid across turns: long strong bob, long treat ann severe (R25)"},
	parts.Verb{Name: "cast", Args: "SPELL [TARGET]", Min: 1, Hint: "a spell attack, or a spell that leaves an effect on you (R44)"},
	parts.Verb{Name: "ready", Args: "[COMMAND]", Min: 1, Rest: true, Hint: "ready a standard attack, or the action named (ready defend, ready move 3,0), 1 AP (R47)"},
	parts.Verb{Name: "trigger", Hint: "take your readied action as a reaction (R47); a readied attack: fire TARGET"},
	parts.Verb{Name: "interpose", Args: "GRAPPLED", Min: 1, Hint: "a reaction, 2 AP (R58)"},
	parts.Verb{Name: "opening", Args: "TARGET", Min: 1, Hint: "create an opening, 4 AP (R50)"},
	parts.Verb{Name: "enter", Args: "TARGET", Min: 1, Hint: "enter an adjacent creature's space, 2 AP (R51)"},
	parts.Verb{Name: "drag", Args: "X,Y", Min: 1, Hint: "drag the whole grapple, 4 AP and at most 4 AP of movement (R56)"},
	parts.Verb{Name: "fire", Args: "TARGET", Min: 1, Keywords: []string{"with"}, Hint: "take a readied attack as a reaction (R47)"},
	parts.Verb{Name: "cling", Hint: "a reaction, 2 AP (R55)"},
	parts.Verb{Name: "split", Args: "WITH CUT", Min: 2, Hint: "yards moved with the mover and yards cut from its move (R55)"},
	parts.Verb{Name: "go"},
	parts.Verb{Name: "stop"},
	parts.Verb{Name: "dismount", Args: "X,Y", Min: 1, Hint: "to a cell beside the mount, 4 AP (R53)"},
	parts.Verb{Name: "calm", Hint: "regain control of a bolting mount, 8 AP (R77)"},
	parts.Verb{Name: "hurry", Args: "COMMAND", Min: 1, Rest: true, Hint: "do it faster: hurry dismount X,Y, hurry mount M, hurry posture P, hurry retrieve W, hurry stow W, hurry use OBJECT (R67)"},
	parts.Verb{Name: "push", Args: "X,Y", Min: 1, Hint: "where a creature you shoved goes (R61)"},
	parts.Verb{Name: "drop", Args: "WEAPON", Min: 1, Hint: "what a creature you disarmed drops (R61)"},
	parts.Verb{Name: "meet", Args: "check|agility", Min: 1, Hint: "meet a disarm with a melee weapon check or your Agility Defense (R61)"},
	parts.Verb{Name: "interrupt", Args: "COMMAND", Min: 1, Rest: true, Hint: "act or move out of turn, in a window: interrupt attack bob, interrupt move 3,0 (R29, R35)"},
)

// ParseCommand reads a command in the text vocabulary (see
// docs/rules/woundslots.md). It reads words only; Decide says what is
// allowed.
func (r Rules) ParseCommand(s *State, actor string, text string) (Command, error) {
	text = synonyms(text)
	if text == "ready" {
		return &Ready{}, nil
	}
	p, err := grammar.Parse(text)
	if err != nil {
		return nil, engine.Errorf(engine.Invalid, "%v", err)
	}
	switch p.Verb {
	case "ready":
		switch a := p.Arg(0); a {
		case "", "attack", "an attack", "an action":
			return &Ready{}, nil
		default:
			inner, err := r.ParseCommand(s, actor, a)
			if err != nil {
				return nil, err
			}
			if !offTurnCommand(inner) {
				return nil, engine.Errorf(engine.Invalid, "ready: %q is not an action to take as a reaction", a)
			}
			return &Ready{Action: Nested{c: inner}}, nil
		}
	case "long":
		inner, err := r.ParseCommand(s, actor, p.Arg(0))
		if err != nil {
			return nil, err
		}
		return &LongAction{Action: Nested{c: inner}}, nil
	case "interrupt":
		inner, err := r.ParseCommand(s, actor, p.Arg(0))
		if err != nil {
			return nil, err
		}
		if !offTurnCommand(inner) {
			return nil, engine.Errorf(engine.Invalid, "interrupt: %q is not an action or move one can take out of turn", p.Arg(0))
		}
		return inner, nil
	case "order":
		inner, err := r.ParseCommand(s, actor, p.Arg(0))
		if err != nil {
			return nil, err
		}
		return &Order{Action: Nested{c: inner}}, nil
	case "hurry":
		inner, err := r.ParseCommand(s, actor, p.Arg(0))
		if err != nil {
			return nil, err
		}
		switch c := inner.(type) {
		case *Dismount:
			c.Hurry = true
			return c, nil
		case *Use:
			c.Hurry = true
			return c, nil
		case *Mount:
			c.Hurry = true
			return c, nil
		case *Posture:
			c.Hurry = true
			return c, nil
		case *Retrieve:
			c.Hurry = true
			return c, nil
		case *Stow:
			c.Hurry = true
			return c, nil
		}
		return nil, engine.Errorf(engine.Invalid, "hurry: only mount, dismount, posture, retrieve, stow and use can be hurried: movement and handling things, never an attack or a spell (R67)")
	}
	for _, parse := range [...]func(parts.Phrase) (Command, error){parseAction, parseReaction, parseRuling} {
		if c, err := parse(p); c != nil || err != nil {
			return c, err
		}
	}
	return nil, engine.Errorf(engine.Invalid, "%q is in the vocabulary but not read", p.Verb)
}

// parseAction reads the actions of a turn (or out of it); nil, nil for
// another verb.
func parseAction(p parts.Phrase) (Command, error) {
	switch p.Verb {
	case "disarm", "distract", "shove", "trip":
		return &Hinder{Hindrance: p.Verb, Target: p.Arg(0)}, nil
	case "pin":
		return &Pin{Target: p.Arg(0)}, nil
	case "escape":
		return &Escape{}, nil
	case "ignore":
		return &Ignore{Target: p.Arg(0)}, nil
	case "unignore":
		return &Ignore{Target: p.Arg(0), Stop: true}, nil
	case "enter":
		return &Enter{Target: p.Arg(0)}, nil
	case "drag":
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "drag: %v", err)
		}
		return &Drag{X: c.X, Y: c.Y}, nil
	case "opening":
		return &Opening{Target: p.Arg(0)}, nil
	case "cast":
		return &Cast{Spell: p.Arg(0), Target: p.Arg(1)}, nil
	case "jump":
		if p.Arg(0) == "high" {
			switch p.Arg(1) {
			case "":
				return &Jump{High: true}, nil
			case "tuck", "tucked":
				return &Jump{High: true, Tuck: true}, nil
			}
			return nil, engine.Errorf(engine.Invalid, "jump high [tuck]: %q is not tuck", p.Arg(1))
		}
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "jump: %v", err)
		}
		return &Jump{X: c.X, Y: c.Y}, nil
	case "surface":
		return &Surface{}, nil
	case "retrieve":
		return &Retrieve{Weapon: p.Arg(0)}, nil
	case "stow":
		return &Stow{Weapon: p.Arg(0)}, nil
	case "attack", "quick", "strong", "nonlethal", "grapple":
		style := p.Verb
		if style == "attack" {
			style = ""
		}
		return &Attack{Target: p.Arg(0), Weapon: p.Word("with"), Style: style}, nil
	case "move":
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "move: %v", err)
		}
		return &Move{X: c.X, Y: c.Y}, nil
	case "approach":
		return &Approach{Target: p.Arg(0)}, nil
	case "defend":
		return &Defend{}, nil
	case "seize":
		return &Seize{}, nil
	case "posture":
		return &Posture{To: p.Arg(0)}, nil
	case "dash":
		return &Dash{}, nil
	case "use":
		return &Use{Object: p.Arg(0)}, nil
	case "continue":
		return &Continue{}, nil
	case "end":
		if e := p.Arg(0); e != "" && e != "turn" {
			return &EndEffect{Effect: e}, nil
		}
		return &EndTurn{}, nil
	case "stabilize":
		return &Stabilize{Target: p.Arg(0)}, nil
	case "treat":
		switch p.Arg(1) {
		case "bleeding", "burning", "hobbled", "poisoned":
			return &TreatCondition{Target: p.Arg(0), Condition: p.Arg(1)}, nil
		}
		return &Treat{Target: p.Arg(0), Level: p.Arg(1)}, nil
	case "mount":
		return &Mount{Target: p.Arg(0)}, nil
	case "dismount":
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "dismount: %v", err)
		}
		return &Dismount{X: c.X, Y: c.Y}, nil
	case "calm":
		return &Calm{}, nil
	}
	return nil, nil
}

// parseReaction reads the reactions and the choices asked of a creature
// in a window or after a check (sections 7.5.3, 7.5.6); nil, nil for
// another verb.
func parseReaction(p parts.Phrase) (Command, error) {
	switch p.Verb {
	case "rebuff":
		return &Rebuff{}, nil
	case "interpose":
		return &Interpose{Shield: p.Arg(0)}, nil
	case "trigger":
		return &Trigger{}, nil
	case "fire":
		return &Fire{Target: p.Arg(0), Weapon: p.Word("with")}, nil
	case "cling":
		return &Cling{}, nil
	case "push":
		c, err := parts.ParseCell(p.Arg(0))
		if err != nil {
			return nil, engine.Errorf(engine.Invalid, "push: %v", err)
		}
		return &Push{X: c.X, Y: c.Y}, nil
	case "drop":
		return &Drop{Weapon: p.Arg(0)}, nil
	case "meet":
		return &Meet{Choice: p.Arg(0)}, nil
	case "go":
		return &Go{}, nil
	case "stop":
		return &Stop{}, nil
	case "split":
		w, err1 := strconv.Atoi(p.Arg(0))
		c, err2 := strconv.Atoi(p.Arg(1))
		if err1 != nil || err2 != nil || w < 0 || c < 0 || w > parts.MaxNumber || c > parts.MaxNumber {
			return nil, engine.Errorf(engine.Invalid, "split WITH CUT: two whole numbers of yards, not %q %q", p.Arg(0), p.Arg(1))
		}
		return &Split{With: w, Cut: c}, nil
	case "pass":
		return &Pass{}, nil
	case "harry":
		return &Harry{}, nil
	case "guard":
		return &Guard{Choice: p.Arg(0)}, nil
	case "pick":
		h := p.Arg(1)
		if h != "" && h != "helpless" {
			return nil, engine.Errorf(engine.Invalid, "pick LEVEL [helpless]: %q is not helpless", h)
		}
		return &Pick{Level: p.Arg(0), Helpless: h != ""}, nil
	}
	return nil, nil
}

// parseRuling reads the GM's rulings and what comes before and after a
// fight: surprise, initiative, cover, exertion, rests and their
// recovery, the fight's end; nil, nil for another verb.
func parseRuling(p parts.Phrase) (Command, error) {
	switch p.Verb {
	case "surprise":
		switch p.Arg(1) {
		case "":
			return &Surprise{Side: p.Arg(0)}, nil
		case "contest", "check", "checks":
			return &Surprise{Side: p.Arg(0), Contest: true}, nil
		}
		return nil, engine.Errorf(engine.Invalid, "surprise SIDE [contest]: %q is not contest", p.Arg(1))
	case "initiative":
		return &Initiative{}, nil
	case "rest":
		return &Rest{Length: p.Arg(0), Tender: p.Word("by"), Interrupted: p.Int("after"), Slept: p.Int("slept")}, nil
	case "recover":
		return &Recover{Level: p.Arg(0)}, nil
	case "cover":
		return &Cover{Target: p.Arg(0), Cover: p.Arg(1)}, nil
	case "exert", "fatigue":
		n, err := strconv.Atoi(p.Arg(1))
		if err != nil || n < 1 || n > MaxExertion {
			return nil, engine.Errorf(engine.Invalid, "%s TARGET N: N a whole number from 1 to %d, not %q", p.Verb, MaxExertion, p.Arg(1))
		}
		if p.Verb == "exert" {
			return &Exert{Target: p.Arg(0), Stamina: n}, nil
		}
		return &Exert{Target: p.Arg(0), Fatigue: n}, nil
	case "done":
		return &Done{}, nil
	case "end-fight":
		return &EndFight{Winner: p.Arg(0)}, nil
	}
	return nil, nil
}

// phrases are the other words a player may use for a command, as the
// rules text names actions: each leading phrase is read as the words
// after it ("strong attack bob" is "strong bob", "end turn" is "end").
var phrases = []struct{ from, to string }{
	{"end turn", "end"}, {"end the turn", "end"}, {"end my turn", "end"},
	{"end magical effect", "end"}, {"end effect", "end"},
	{"standard attack", "attack"}, {"standard", "attack"},
	{"quick attack", "quick"}, {"strong attack", "strong"},
	{"nonlethal attack", "nonlethal"}, {"non-lethal attack", "nonlethal"}, {"non-lethal", "nonlethal"},
	{"seize the initiative", "seize"}, {"seize initiative", "seize"},
	{"change posture to", "posture"}, {"change posture", "posture"},
	{"crouch", "posture crouching"}, {"stand up", "posture standing"}, {"stand", "posture standing"},
	{"go prone", "posture prone"}, {"drop prone", "posture prone"}, {"fall prone", "posture prone"}, {"prone", "posture prone"},
	{"create an opening against", "opening"}, {"create an opening", "opening"}, {"create opening", "opening"},
	{"enter occupied space", "enter"}, {"enter space", "enter"},
	{"treat wound", "treat"}, {"treat condition", "treat"},
	{"hinder", ""}, {"use an object", "use"}, {"use object", "use"},
	{"pick up", "retrieve"}, {"draw", "retrieve"}, {"sheathe", "stow"}, {"put away", "stow"},
	{"calm mount", "calm"}, {"calm the mount", "calm"}, {"regain control", "calm"},
	{"move to", "move"}, {"jump to", "jump"}, {"dismount to", "dismount"}, {"drag to", "drag"}, {"push to", "push"},
	{"escape the grapple", "escape"}, {"escape grapple", "escape"}, {"escape the pin", "escape"}, {"escape pin", "escape"},
	{"stabilise", "stabilize"}, {"short rest", "rest short"}, {"long rest", "rest long"},
	{"ready an attack", "ready"}, {"ready an action", "ready"},
	{"roll initiative", "initiative"}, {"high jump", "jump high"},
	{"take readied action", "trigger"}, {"take the readied action", "trigger"},
}

// reactionVerbs take no target; a target named after them is dropped
// ("harry archer" is "harry").
var reactionVerbs = []string{"harry", "rebuff", "cling", "defend", "seize", "escape", "calm", "trigger", "pass"}

// synonyms reads a command's other phrasings as its own words: lower
// case, single spaces, leading phrases replaced.
func synonyms(text string) string {
	text = strings.Join(strings.Fields(strings.ToLower(text)), " ")
	for _, p := range phrases {
		if text == p.from || strings.HasPrefix(text, p.from+" ") {
			text = strings.TrimSpace(p.to + text[len(p.from):])
			break
		}
	}
	if verb, rest, ok := strings.Cut(text, " "); ok && slices.Contains(reactionVerbs, verb) && !strings.Contains(rest, " ") {
		text = verb
	}
	return text
}

// FormatCommand writes a command as ParseCommand reads it.
func (Rules) FormatCommand(c Command) string {
	switch c := c.(type) {
	case *Attack:
		verb := c.Style
		if verb == "" || verb == Standard {
			verb = "attack"
		}
		return parts.Say(verb, c.Target).Opt("with", c.Weapon).String()
	case *Move:
		return parts.Say("move", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
	case *Approach:
		return parts.Say("approach", c.Target).String()
	case *Posture:
		return hurryText(c.Hurry, parts.Say("posture", c.To).String())
	case *Use:
		if c.Hurry {
			return "hurry " + parts.Say("use", c.Object).String()
		}
		return parts.Say("use", c.Object).String()
	case *Mount:
		return hurryText(c.Hurry, parts.Say("mount", c.Target).String())
	case *Retrieve:
		return hurryText(c.Hurry, parts.Say("retrieve", c.Weapon).String())
	case *Stow:
		return hurryText(c.Hurry, parts.Say("stow", c.Weapon).String())
	case *Hinder:
		return parts.Say(c.Hindrance, c.Target).String()
	case *Pin:
		return parts.Say("pin", c.Target).String()
	case *Split:
		return parts.Say("split", strconv.Itoa(c.With), strconv.Itoa(c.Cut)).String()
	case *Ignore:
		if c.Stop {
			return parts.Say("unignore", c.Target).String()
		}
		return parts.Say("ignore", c.Target).String()
	case *Cast:
		if c.Target == "" {
			return parts.Say("cast", c.Spell).String()
		}
		return parts.Say("cast", c.Spell, c.Target).String()
	case *EndEffect:
		return parts.Say("end", c.Effect).String()
	case *Interpose:
		return parts.Say("interpose", c.Shield).String()
	case *Enter:
		return parts.Say("enter", c.Target).String()
	case *TreatCondition:
		return parts.Say("treat", c.Target, c.Condition).String()
	case *Drag:
		return parts.Say("drag", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
	case *Opening:
		return parts.Say("opening", c.Target).String()
	case *LongAction:
		return "long " + c.Action.String()
	case *Push:
		return parts.Say("push", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
	case *Drop:
		return parts.Say("drop", c.Weapon).String()
	case *Meet:
		return parts.Say("meet", c.Choice).String()
	case *Fire:
		return parts.Say("fire", c.Target).Opt("with", c.Weapon).String()
	case *Ready:
		if !c.Action.IsZero() {
			return "ready " + c.Action.String()
		}
		return "ready"
	case *Jump:
		switch {
		case c.High && c.Tuck:
			return "jump high tuck"
		case c.High:
			return "jump high"
		}
		return parts.Say("jump", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
	case *Dismount:
		text := parts.Say("dismount", strconv.Itoa(c.X)+","+strconv.Itoa(c.Y)).String()
		if c.Hurry {
			return "hurry " + text
		}
		return text
	case *Guard:
		return parts.Say("guard", c.Choice).String()
	case *Pick:
		if c.Helpless {
			return parts.Say("pick", c.Level, "helpless").String()
		}
		return parts.Say("pick", c.Level).String()
	case *Surprise:
		if c.Contest {
			return parts.Say("surprise", c.Side, "contest").String()
		}
		return parts.Say("surprise", c.Side).String()
	case *EndTurn:
		return "end"
	case *Stabilize:
		return parts.Say("stabilize", c.Target).String()
	case *Treat:
		return parts.Say("treat", c.Target, c.Level).String()
	case *Rest:
		ph := parts.Say("rest", c.Length).Opt("by", c.Tender)
		if c.Interrupted > 0 {
			ph = ph.Num("after", c.Interrupted)
		}
		if c.Slept > 0 {
			ph = ph.Num("slept", c.Slept)
		}
		return ph.String()
	case *Recover:
		return parts.Say("recover", c.Level).String()
	case *Order:
		return "order " + c.Action.String()
	case *Cover:
		return parts.Say("cover", c.Target, c.Cover).String()
	case *EndFight:
		return parts.Say("end-fight", c.Winner).String()
	case *Exert:
		if c.Fatigue > 0 {
			return parts.Say("fatigue", c.Target, strconv.Itoa(c.Fatigue)).String()
		}
		return parts.Say("exert", c.Target, strconv.Itoa(c.Stamina)).String()
	case nil:
		return ""
	default:
		return commands.Kind(c)
	}
}

// hurryText writes a command, hurried or not (R67).
func hurryText(hurry bool, text string) string {
	if hurry {
		return "hurry " + text
	}
	return text
}

// The codec tables of the commands and the events: every kind ever
// written, each added beside its type in the file of its rule, where it
// also gets its place in the hot path's memory (see engine.Arena).
// Append-only: a kind that was ever saved is never renamed or given to
// another type.
var (
	commands = engine.NewKinds[Command]("woundslots command")
	events   = engine.NewKinds[Event]("woundslots event")
)

// Kinds returns the codec tables of the commands and the events.
func (Rules) Kinds() (*engine.Kinds[Command], *engine.Kinds[Event]) { return commands, events }

// DescribeEvent says what an event means, with its dice, for a
// transcript; s is the state before it.
func (Rules) DescribeEvent(s *State, e Event) string {
	if e == nil {
		return ""
	}
	return e.describe(s)
}
