package vigor

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// openWindow offers an opening to the enemies within reach of the opener
// (R20), in initiative order; the window opens even when nobody may take
// it, so that the act goes on the same way. A move (A18's option) gives
// it only to those whose reach it leaves.
func (d *decider) openWindow(kind string, opener *Combatant, act string, dest parts.Cell) {
	s := d.s
	buf := d.strs()
	start := len(*buf)
	for _, id := range s.Order {
		c := s.Combatant(id)
		if !s.mayTakeOpening(c, opener) || act == "move" && !s.leaving(c, opener, dest) {
			continue
		}
		*buf = append(*buf, id)
	}
	ask := (*buf)[start:len(*buf):len(*buf)]
	d.emit(engine.New(d.h.arena(), windowOpenedKind, WindowOpened{What: kind, Opener: opener.ID, Act: act, Dest: dest, Ask: ask}))
}

// mayTakeOpening reports whether c may take an opening opener gives
// (R20): an enemy still in the fight, aware, not Winded, with the Vigor
// to pay and a melee weapon that reaches. A hidden opener gives its
// enemies no opening, as they do not see it go; nor does a creature a
// view leaves unseen take one.
func (s *State) mayTakeOpening(c, opener *Combatant) bool {
	if c.Side == opener.Side || c.Object || !c.In() || c.Winded || c.Unaware || c.Vigor < OpeningCost || opener.Hidden || c.Unseen {
		return false
	}
	return s.meleeWeapon(c, opener) != nil
}

// meleeWeapon is the first of me's melee weapons (unarmed last) that
// reaches t, for an opening (R20, R44), or nil.
func (s *State) meleeWeapon(me, t *Combatant) *Weapon {
	for i := range me.Weapons {
		if w := &me.Weapons[i]; !w.category().Ranged && s.reaches(me, t, w) {
			return w
		}
	}
	if s.reaches(me, t, &unarmed) {
		return &unarmed
	}
	return nil
}

// WindowOpened: an act gave enemies an opening, or met readied triggers
// (R16, R20).
type WindowOpened struct {
	What   string     `json:"what"`
	Opener string     `json:"opener"`
	Act    string     `json:"act,omitempty"`
	Dest   parts.Cell `json:"dest,omitzero"`
	Ask    []string   `json:"ask"`
}

// The kinds of openings.go's commands and events.
var (
	takeOpeningKind  = engine.Add[TakeOpening](commands, "take_opening")
	_                = engine.Add[Pass](commands, "pass")
	windowOpenedKind = engine.Add[WindowOpened](events, "window_opened")
	passedKind       = engine.Add[Passed](events, "passed")
)

// apply opens the window to those it asks.
func (e *WindowOpened) apply(s *State, h *hotMemory) {
	if e.Act == "ability" {
		s.OpenAfter = ""
	}
	var w *Window // allocated only on the table's path (see parts.Hold)
	var ask []string
	if h != nil {
		h.ask = append(h.ask[:0], e.Ask...)
		w, ask = &h.window, h.ask
	} else {
		w, ask = new(Window), append(ask, e.Ask...)
	}
	*w = Window{Kind: e.What, Opener: e.Opener, Act: e.Act, Dest: e.Dest, Ask: ask}
	if o := s.Combatant(e.Opener); o != nil {
		w.Prone = o.Prone
	}
	s.Window = w
	if e.What == "readied" {
		s.ReadyChecked = s.Actions
	}
	settle(s)
}

func (e *WindowOpened) describe(*State) string {
	who := "nobody can take it"
	if len(e.Ask) > 0 {
		who = "offered to " + strings.Join(e.Ask, ", ")
	}
	if e.What == "readied" {
		return fmt.Sprintf("%s acts: readied attacks on it may fire, %s", e.Opener, who)
	}
	return fmt.Sprintf("%s gives an opening by %s: %s", e.Opener, openingBy(e.Act), who)
}

// openingBy says in words how an opener gives its opening.
func openingBy(act string) string {
	switch act {
	case "escape", "escaping":
		return "escaping"
	case "stand":
		return "standing up"
	case "move":
		return "moving out of reach"
	}
	return "its ability"
}

// TakeOpening takes the opening or fires the readied action offered,
// with Weapon if named (else the first melee weapon that reaches, or the
// readied one), and the GM's situational Mods (§6: any roll).
type TakeOpening struct {
	Weapon string `json:"weapon,omitempty"`
	Mods
}

func (*TakeOpening) command() {}

// takeOpening takes the opening, or fires the readied attack, offered
// (R16, R20, A20); to a hit, it answers with the readied attack
// (§7.6.3).
func (d *decider) takeOpening(weapon string, m Mods) error {
	if d.s.Phase == Defending {
		switch {
		case weapon != "":
			return invalid("the readied attack is made with the weapon it was readied with")
		case m != (Mods{}):
			return invalid("a readied attack answering a hit is rolled once the hit is resolved, as it stands: it takes no dice, charges or challenges")
		}
		return d.counter()
	}
	if err := d.want(Offering, "take an opening"); err != nil {
		return err
	}
	if err := checkMods(m); err != nil {
		return err
	}
	s := d.s
	w := s.Window
	me, t := s.Combatant(w.Ask[0]), s.Combatant(w.Opener)
	var wp *Weapon
	switch {
	case w.Kind == "readied" && weapon != "":
		return invalid("the readied attack is made with the weapon it was readied with")
	case weapon != "":
		if wp = me.Weapon(weapon); wp == nil {
			return invalid("%s has no weapon called %q", me.ID, weapon)
		}
		if wp.category().Ranged {
			return refuse("an opening is taken in melee (R20), and %s is a ranged weapon", wp.Name)
		}
	case w.Kind == "readied":
		wp = me.Weapon(me.Ready.Weapon)
	default:
		wp = s.meleeWeapon(me, t)
	}
	if wp == nil {
		wp = me.Weapon("")
	}
	if err := s.canReach(me, t, wp); err != nil {
		return refuse("%s cannot attack %s: %v", me.ID, t.ID, err)
	}
	if me.Vigor < OpeningCost {
		return refuse("%s has %d Vigor and it costs %d", me.ID, me.Vigor, OpeningCost)
	}
	d.pay(me, OpeningCost, theWindow(w.Kind))
	d.roll(me, t, wp, how{via: w.Kind, mods: m})
	return nil
}

// theWindow names a window of the kind given, for what Vigor is paid for:
// "the opening" or "the readied attack", written once rather than on every
// decision that takes one.
func theWindow(kind string) string {
	switch kind {
	case "opening":
		return "the opening"
	case "readied":
		return "the readied attack"
	}
	return "the " + kind
}

// Pass lets the opening or readied trigger go.
type Pass struct{}

func (*Pass) command() {}

// pass lets the opening or readied trigger offered go.
func (d *decider) pass() error {
	if err := d.want(Offering, "pass"); err != nil {
		return err
	}
	d.emit(engine.New(d.h.arena(), passedKind, Passed{Combatant: d.s.Window.Ask[0]}))
	return nil
}

// Passed: a creature let an opening or readied trigger go, or an attack
// it was to make (an off-hand one, a readied one answering a hit) cannot
// be made.
type Passed struct {
	Combatant string `json:"combatant"`
	// What is "readied" for a readied attack answering a hit that cannot
	// be made, else "".
	What string `json:"what,omitempty"`
}

// apply drops what the creature let go: the readied attack answering a
// hit, its turn at the window, or the off-hand attack.
func (e *Passed) apply(s *State, _ *hotMemory) {
	if e.What == "readied" {
		s.Counter = ""
	} else if w := s.Window; w != nil && len(w.Ask) > 0 && w.Ask[0] == e.Combatant {
		w.Ask = w.Ask[1:]
	} else {
		s.OffHand = nil
	}
	settle(s)
}

func (e *Passed) describe(*State) string {
	if e.What == "readied" {
		return e.Combatant + " cannot make the readied attack"
	}
	return e.Combatant + " passes"
}
