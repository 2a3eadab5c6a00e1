package maneuvers

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// Out of combat (R26, R33, A28): with the aftermath option, a decided
// fight waits for the GM, who may call a rest (everyone alive to full
// health under rest_heal: full, the unconscious waking) and train
// combatants' styles with their XP (R26), before closing the encounter
// with done, the default. Training is also taken before the fight begins.

// Rest is the GM's rest after the fight (R33, A28).
type Rest struct{}

// Train adds an item to a combatant's style for XP (R26), out of combat.
type Train struct {
	Combatant string `json:"combatant"`
	Style     string `json:"style"`
	Item      string `json:"item"`
}

// Done is the GM's close of the encounter after the fight.
type Done struct{}

// The kinds of aftermath.go's commands and events.
var (
	_                = engine.Add[Rest](commands, "rest")
	_                = engine.Add[Train](commands, "train")
	_                = engine.Add[Done](commands, "done")
	fightDecidedKind = engine.Add[FightDecided](events, "fight_decided")
	restedKind       = engine.Add[Rested](events, "rested")
	styleTrainedKind = engine.Add[StyleTrained](events, "style_trained")
)

func (*Rest) command()  {}
func (*Train) command() {}
func (*Done) command()  {}

// FightDecided: the fight is decided (R38), as FightEnded says it, and,
// with the aftermath option, the time out of combat begins: rests and
// training, until the GM is done.
type FightDecided FightEnded

// Rested: a rest; each combatant it changes with its health after it.
type Rested struct {
	Heal   string      `json:"heal"`
	Health []RestedOne `json:"health,omitempty"`
	// Unseen says that a viewer's view of the event leaves out those
	// hidden from it (R36): their health is not its to know, nor so
	// whether everyone alive was at full health.
	Unseen bool `json:"-"`
}

// RestedOne is one combatant's health after a rest.
type RestedOne struct {
	Combatant string `json:"combatant"`
	HP        int    `json:"hp"`
	// Woke: it was unconscious.
	Woke bool `json:"woke,omitempty"`
}

// StyleTrained: an item is added to a style's gear for XP (R26).
type StyleTrained struct {
	Combatant string `json:"combatant"`
	Style     string `json:"style"`
	Item      string `json:"item"`
	XP        int    `json:"xp"`
	// StyleXP is what the styles' gear costs now, of the XP the combatant
	// has.
	StyleXP int `json:"style_xp"`
}

// decided ends the fight with winner ("" for none), or, with the
// aftermath option, begins the time after it.
func (d *decider) decided(winner string, timedOut bool, reason string) {
	e := FightEnded{Winner: winner, TimedOut: timedOut, Reason: reason}
	if d.s.Options.Aftermath {
		d.emit(engine.New(d.h.arena(), fightDecidedKind, FightDecided(e)))
		return
	}
	d.emit(engine.New(d.h.arena(), fightEndedKind, e))
}

// close closes the encounter of a decided fight, keeping the decision.
func (d *decider) close() {
	s := d.s
	d.emit(engine.New(d.h.arena(), fightEndedKind, FightEnded{Winner: s.Winner, TimedOut: s.TimedOut, Reason: "the GM closes the encounter"}))
}

// rest heals everyone alive as rest_heal says (R33, A28).
func (d *decider) rest() error {
	s := d.s
	if s.Phase != After {
		return refuse(engine.NotAllowedNow, "a rest is taken out of combat: with the aftermath option, once the fight is decided (%s)", waiting(s))
	}
	e := engine.New(d.h.arena(), restedKind, Rested{Heal: s.Options.RestHeal})
	if s.Options.RestHeal == "full" {
		for i := range s.Combatants {
			c := &s.Combatants[i]
			if !c.Dead && c.HP < c.Health {
				e.Health = append(e.Health, RestedOne{Combatant: c.ID, HP: c.Health, Woke: c.HP <= 0})
			}
		}
	}
	d.emit(e)
	return nil
}

// train adds an item to a style for XP (R26): a style's first
// FreeStyleItems items are free, as the encounter file counts them, so one
// listing fewer takes the rest at no cost; each item beyond them costs
// StyleItemXP, up to MaxStyleItems items, paid from the XP the combatant
// has for its styles' gear.
func (d *decider) train(c *Train) error {
	s := d.s
	if s.Phase != Setup && s.Phase != After {
		return refuse(engine.NotAllowedNow, "styles are trained out of combat: before the fight begins, or after it with the aftermath option (%s)", waiting(s))
	}
	who := s.Combatant(c.Combatant)
	if who == nil {
		return unknown(c.Combatant)
	}
	st := who.style(c.Style)
	item := strings.Join(strings.Fields(c.Item), " ")
	cost := StyleItemXP
	if st != nil && len(st.Gear) < FreeStyleItems {
		cost = 0
	}
	switch {
	case st == nil:
		return refuse(engine.Invalid, "%s has no style %q (styles: %s)", who.ID, c.Style, strings.Join(parts.IDs(who.Styles, func(st *Style) string { return st.Name }), ", "))
	case item == "" || len(item) > MaxObject:
		return refuse(engine.Invalid, "train COMBATANT STYLE ITEM: name the item, at most %d characters", MaxObject)
	case slices.Contains(st.Gear, item):
		return refuse(engine.NotAllowedNow, "%s's style %s lists %s already", who.ID, st.Name, item)
	case len(st.Gear) >= MaxStyleItems:
		return refuse(engine.NotAllowedNow, "%s's style %s lists %d items, the most a style may (R26)", who.ID, st.Name, MaxStyleItems)
	case cost > 0 && who.XP == nil:
		return refuse(engine.NotAllowedNow, "%s has no xp given to pay %d XP with (R26)", who.ID, cost)
	case cost > 0 && who.StyleXP+cost > *who.XP:
		return refuse(engine.NotAllowedNow, "%s's styles' gear costs %d of its %d XP: %d more is too much (R26)", who.ID, who.StyleXP, *who.XP, cost)
	}
	d.emit(engine.New(d.h.arena(), styleTrainedKind, StyleTrained{Combatant: who.ID, Style: st.Name, Item: item, XP: cost, StyleXP: who.StyleXP + cost}))
	return nil
}

// writeAftermathPrompt writes the GM's prompt after the fight.
func writeAftermathPrompt(s *State, b *prompter) {
	b.P.Default = 0
	if b.People() {
		b.Ask("the fight is decided: a rest, training (train COMBATANT STYLE ITEM), or done?")
	}
	if b.opt(&Done{}) {
		b.label("done: close the encounter")
	}
	if b.opt(&Rest{}) {
		b.label("rest: everyone alive heals (rest_heal: %s)", s.Options.RestHeal)
	}
}

func (e *FightDecided) apply(s *State, _ *hotMemory) { s.conclude(After, e.Winner, e.TimedOut) }

func (e *Rested) apply(s *State, _ *hotMemory) {
	for _, r := range e.Health {
		if c := s.Combatant(r.Combatant); c != nil {
			c.HP = r.HP
			c.Unconscious = c.HP <= 0 && !c.Dead
		}
	}
	// A rest takes time: whoever is conscious after it stands and
	// has shaken off Dazed.
	for i := range s.Combatants {
		if c := &s.Combatants[i]; c.Conscious() {
			c.Prone, c.Dazed, c.IsDazed = false, parts.Duration{}, false
		}
	}
}

func (e *StyleTrained) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	c.Styles = slices.Clone(c.Styles)
	for i := range c.Styles {
		if c.Styles[i].Name == e.Style {
			c.Styles[i].Gear = append(slices.Clip(c.Styles[i].Gear), e.Item)
		}
	}
	c.StyleXP = e.StyleXP
}

func (e *FightDecided) describe(s *State) string {
	switch {
	case e.TimedOut:
		return "the fight is decided with both sides standing: " + e.Reason + "; the GM may call a rest"
	case e.Winner == "":
		return "the fight is decided without a winner: " + e.Reason + "; the GM may call a rest"
	}
	return fmt.Sprintf("the fight is decided: the %s side wins (%s); the GM may call a rest", e.Winner, e.Reason)
}

func (e *Rested) describe(s *State) string {
	if e.Heal != "full" {
		return "a rest: it restores no health (rest_heal: " + e.Heal + ")"
	}
	if len(e.Health) == 0 && e.Unseen {
		return "a rest: everyone alive you see is at full health already"
	}
	if len(e.Health) == 0 {
		return "a rest: everyone alive is at full health already"
	}
	words := make([]string, len(e.Health))
	for i, r := range e.Health {
		words[i] = fmt.Sprintf("%s to %d", r.Combatant, r.HP)
		if r.Woke {
			words[i] += ", conscious again"
		}
	}
	return "a rest heals " + strings.Join(words, "; ")
}

func (e *StyleTrained) describe(s *State) string {
	if e.XP == 0 {
		return fmt.Sprintf("%s's style %s adds %s free, as one of its first %d items: its styles' gear costs %d XP", e.Combatant, e.Style, e.Item, FreeStyleItems, e.StyleXP)
	}
	return fmt.Sprintf("%s's style %s adds %s for %d XP: its styles' gear costs %d XP", e.Combatant, e.Style, e.Item, e.XP, e.StyleXP)
}
