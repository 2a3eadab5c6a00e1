package maneuvers

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// Release ends one's grapple, or lets go of a held item (A01, A21).
type Release struct {
	Item string `json:"item,omitempty"`
}

// PickUp picks up an item within 1 m: a Manipulate (R13).
type PickUp struct {
	Item string `json:"item"`
}

// Manipulate interacts with an object within touch that the rules do not
// model, such as a lever: a Manipulate (R13) of 1 AP whose effect the GM
// says.
type Manipulate struct {
	Object string `json:"object"`
}

// Draw takes a carried item in hand, and Stow puts a held one away: a
// Manipulate (R13).
type Draw struct {
	Item string `json:"item"`
}

// Stow puts a held item away: a Manipulate (R13).
type Stow struct {
	Item string `json:"item"`
}

// PickedUp: a combatant picks up an item into a free hand.
type PickedUp struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
}

// ItemMissed: a combatant reaches for an item that its view of the ground
// still shows, but that one hidden from it has taken (R36): it finds the
// item gone, and not who took it.
type ItemMissed struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
}

// ItemDropped: a held item falls, let go of (Release) or knocked away
// (Disarm).
type ItemDropped struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
	At        Point  `json:"at"`
	// Thrown: a thrown weapon lands by its target.
	Thrown bool `json:"thrown,omitempty"`
	// Knocked: a Disarm knocked the item away, in the open as the attack
	// was (R20, R36), even from the hand of one hidden from some foes.
	Knocked bool `json:"knocked,omitempty"`
}

// ItemDrawn: a combatant takes a carried item in hand.
type ItemDrawn struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
}

// ItemStowed: a combatant puts a held item away.
type ItemStowed struct {
	Combatant string `json:"combatant"`
	Item      string `json:"item"`
}

// The kinds of items.go's commands and events.
var (
	releaseKind     = engine.Add[Release](commands, "release")
	pickUpKind      = engine.Add[PickUp](commands, "pick_up")
	drawKind        = engine.Add[Draw](commands, "draw")
	stowKind        = engine.Add[Stow](commands, "stow")
	_               = engine.Add[Manipulate](commands, "manipulate")
	pickedUpKind    = engine.Add[PickedUp](events, "picked_up")
	itemMissedKind  = engine.Add[ItemMissed](events, "item_missed")
	itemDroppedKind = engine.Add[ItemDropped](events, "item_dropped")
	itemDrawnKind   = engine.Add[ItemDrawn](events, "item_drawn")
	itemStowedKind  = engine.Add[ItemStowed](events, "item_stowed")
)

func (*Release) command()    {}
func (*PickUp) command()     {}
func (*Manipulate) command() {}
func (*Draw) command()       {}
func (*Stow) command()       {}

// release ends the grapple, or drops a held item.
func (d *decider) release(me *Combatant, item string) error {
	if item != "" {
		if err := me.holding(item); err != nil {
			return err
		}
		d.took(me, "release")
		d.emit(engine.New(d.h.arena(), itemDroppedKind, ItemDropped{Combatant: me.ID, Item: item, At: me.pos()}))
		return nil
	}
	if me.Grappling == "" {
		return refuse(engine.NotAllowedNow, "%s grapples nobody; release ITEM lets go of an item", me.ID)
	}
	d.took(me, "release")
	d.emit(engine.New(d.h.arena(), grappleEndedKind, GrappleEnded{Combatant: me.ID, Target: me.Grappling, Reason: "released"}))
	return nil
}

// holding refuses an action on item unless the combatant holds it.
func (c *Combatant) holding(item string) error {
	if !c.wields(item) {
		return refuse(engine.NotAllowedNow, "%s holds no %q (in hand: %s)", c.ID, item, strings.Join(c.Wield, ", "))
	}
	return nil
}

// pickUp picks an item up from within 1 m: a Manipulate (R13).
func (d *decider) pickUp(me *Combatant, item string) error {
	s := d.s
	i := slices.IndexFunc(s.Dropped, func(x Dropped) bool {
		return x.Item.Name == item && x.touches(me)
	})
	missed := -1
	if i < 0 {
		// Taken by one hidden from me, it still lies there as far as
		// me knows (R36): reaching for it is how me finds it gone.
		missed = goneUnseen(s, me, item)
		if missed < 0 {
			return refuse(engine.NotAllowedNow, "there is no %q on the ground within 1 m of %s", item, me.ID)
		}
	}
	it := s.Gone
	if missed < 0 {
		it, missed = s.Dropped, i
	}
	if me.handsUsed()+max(it[missed].Item.Hands, 1) > 2 {
		return refuse(engine.NotAllowedNow, "%s has no free hand for %s", me.ID, item)
	}
	if me.item(item) != nil {
		return refuse(engine.NotAllowedNow, "%s already carries an item called %q", me.ID, item)
	}
	d.took(me, "pick up")
	if i < 0 {
		d.emit(engine.New(d.h.arena(), itemMissedKind, ItemMissed{Combatant: me.ID, Item: item}))
		return nil
	}
	d.emit(engine.New(d.h.arena(), pickedUpKind, PickedUp{Combatant: me.ID, Item: item}))
	return nil
}

// goneUnseen returns the index in s.Gone of an item called item within
// 1 m of me that one hidden from me picked up unseen by me, or -1.
func goneUnseen(s *State, me *Combatant, item string) int {
	return slices.IndexFunc(s.Gone, func(x Dropped) bool {
		return x.Item.Name == item && slices.Contains(x.Unseen, me.ID) && x.touches(me)
	})
}

func (e *ItemMissed) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	if i := goneUnseen(s, c, e.Item); i >= 0 {
		// It has seen the item gone, and so has each who sees it reach
		// for it: their view of the ground is the ground as it is, for
		// that item.
		gone := slices.Clone(s.Gone)
		if gone[i].Unseen = slices.DeleteFunc(slices.Clone(gone[i].Unseen), func(id string) bool { return !c.hiddenFrom(id) }); len(gone[i].Unseen) == 0 {
			gone = slices.Delete(gone, i, i+1)
		}
		s.Gone = gone
	}
}

func (e *ItemMissed) describe(s *State) string {
	return fmt.Sprintf("%s reaches for %s: it is gone", e.Combatant, e.Item)
}

// draw takes a carried item in hand: a Manipulate (R13).
func (d *decider) draw(me *Combatant, item string) error {
	w := me.item(item)
	switch {
	case w == nil:
		return refuse(engine.Invalid, "%s carries no %q", me.ID, item)
	case me.wields(item):
		return refuse(engine.NotAllowedNow, "%s holds %s already", me.ID, item)
	case me.handsUsed()+w.Hands > 2:
		return refuse(engine.NotAllowedNow, "%s has no free hand for %s (in hand: %s)", me.ID, item, strings.Join(me.Wield, ", "))
	}
	d.took(me, "draw")
	d.emit(engine.New(d.h.arena(), itemDrawnKind, ItemDrawn{Combatant: me.ID, Item: item}))
	return nil
}

// manipulation resolves c if it is a Manipulate of me's (R13): drawing,
// stowing or picking up an item, or handling any other object. It
// reports whether c was one.
func (d *decider) manipulation(me *Combatant, c Command) (bool, error) {
	switch c := c.(type) {
	case *Draw:
		return true, d.draw(me, c.Item)
	case *Stow:
		return true, d.stow(me, c.Item)
	case *PickUp:
		return true, d.pickUp(me, c.Item)
	case *Manipulate:
		return true, d.manipulate(me, c.Object)
	}
	return false, nil
}

// stow puts a held item away: a Manipulate (R13).
func (d *decider) stow(me *Combatant, item string) error {
	if err := me.holding(item); err != nil {
		return err
	}
	d.took(me, "stow")
	d.emit(engine.New(d.h.arena(), itemStowedKind, ItemStowed{Combatant: me.ID, Item: item}))
	return nil
}

// manipulate interacts with an object the rules do not model, within
// touch (R13): it costs 1 AP, and what it does is the GM's to say.
func (d *decider) manipulate(me *Combatant, object string) error {
	object = strings.Join(strings.Fields(object), " ")
	switch {
	case object == "":
		return refuse(engine.Invalid, "manipulate what? name the object: manipulate the lever")
	case len(object) > MaxObject:
		return refuse(engine.Invalid, "an object's name is at most %d characters", MaxObject)
	case slices.ContainsFunc([]rune(object), func(r rune) bool { return r < ' ' }):
		return refuse(engine.Invalid, "an object's name is plain text")
	}
	d.emit(engine.New(d.h.arena(), actionTakenKind, ActionTaken{Combatant: me.ID, Action: "manipulate", AP: 1, Object: object}))
	return nil
}

func (e *PickedUp) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	for i := range s.Dropped {
		if s.Dropped[i].Item.Name == e.Item && s.Dropped[i].touches(c) {
			d := s.Dropped[i]
			c.Weapons = append(slices.Clip(c.Weapons), d.Item)
			c.Wield = append(slices.Clip(c.Wield), e.Item)
			s.Dropped = slices.Delete(slices.Clone(s.Dropped), i, i+1)
			// Those the taker is hidden from, who saw the item lie
			// there, still see it there (R36).
			var unseen []string
			for _, id := range c.HiddenFrom {
				if !slices.Contains(d.Unseen, id) {
					unseen = append(unseen, id)
				}
			}
			if unseen != nil {
				d.Unseen, d.By = unseen, c.ID
				s.Gone = append(slices.Clip(s.Gone), d)
			}
			return
		}
	}
}

func (e *ItemDropped) apply(s *State, _ *hotMemory) {
	c := s.Combatant(e.Combatant)
	if c == nil {
		return
	}
	c.Wield = without(c.Wield, e.Item)
	if i := slices.IndexFunc(c.Weapons, func(w Weapon) bool { return w.Name == e.Item }); i >= 0 {
		d := Dropped{Item: c.Weapons[i], X: e.At.X, Y: e.At.Y}
		if !e.Thrown && !e.Knocked {
			// Let go of by one hidden from some foes, it falls unseen
			// by them (R36).
			d.Unseen = slices.Clone(c.HiddenFrom)
			if d.Unseen != nil {
				d.By = c.ID
			}
		}
		s.Dropped = append(slices.Clip(s.Dropped), d)
		c.Weapons = slices.Delete(slices.Clone(c.Weapons), i, i+1)
	}
}

func (e *ItemDrawn) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil && !c.wields(e.Item) {
		c.Wield = append(slices.Clip(c.Wield), e.Item)
	}
}

func (e *ItemStowed) apply(s *State, _ *hotMemory) {
	if c := s.Combatant(e.Combatant); c != nil {
		c.Wield = without(c.Wield, e.Item)
	}
}

func (e *PickedUp) describe(s *State) string {
	return fmt.Sprintf("%s picks up %s", e.Combatant, e.Item)
}

func (e *ItemDropped) describe(s *State) string {
	if e.Thrown {
		return fmt.Sprintf("%s's %s flies to %s", e.Combatant, e.Item, showPoint(e.At))
	}
	return fmt.Sprintf("%s drops %s at %s", e.Combatant, e.Item, showPoint(e.At))
}

func (e *ItemDrawn) describe(s *State) string { return fmt.Sprintf("%s draws %s", e.Combatant, e.Item) }

func (e *ItemStowed) describe(s *State) string {
	return fmt.Sprintf("%s stows %s", e.Combatant, e.Item)
}

// groundSeen shows the foes for which found reports true the ground as it
// is, where they did not see what who did to it while hidden from them:
// who is hidden from them no more (R36), so an item it let go of unseen
// lies there in their view, and one it picked up unseen is gone. The
// state's slices are replaced, not changed.
func (s *State) groundSeen(who string, found func(id string) bool) {
	byWho := func(d Dropped) bool { return d.By == who }
	if slices.ContainsFunc(s.Dropped, byWho) {
		dropped := slices.Clone(s.Dropped)
		for i := range dropped {
			d := &dropped[i]
			if d.By == who {
				if d.Unseen = slices.DeleteFunc(slices.Clone(d.Unseen), found); len(d.Unseen) == 0 {
					d.Unseen, d.By = nil, ""
				}
			}
		}
		s.Dropped = dropped
	}
	if slices.ContainsFunc(s.Gone, byWho) {
		var gone []Dropped
		for _, d := range s.Gone {
			if d.By == who {
				if d.Unseen = slices.DeleteFunc(slices.Clone(d.Unseen), found); len(d.Unseen) == 0 {
					continue
				}
			}
			gone = append(gone, d)
		}
		s.Gone = gone
	}
}
