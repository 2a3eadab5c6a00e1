package tempo

import (
	"fmt"
	"slices"

	"fray/engine"
)

// Declare: the actor declares a proactive action (R03 step 1).
type Declare struct {
	Action Action `json:"action"`
	// Target is the attacked combatant, or the opponent a Combat Move is
	// measured against; empty where the action has none or it is implied
	// (the bind partner).
	Target string `json:"target,omitempty"`
	// Weapon names the weapon used; empty takes the obvious one.
	Weapon string `json:"weapon,omitempty"`
	// Path is a Move's squares after the start, or just its destination
	// (the shortest path is then found); a Combat Move's destination.
	Path []Square `json:"path,omitempty"`
	// AP is an off-list action's cost as the GM sets it, picking up a
	// weapon's too; nil for the default, 3 (R41, G6). A cost of 0 is the
	// GM's to give.
	AP *int `json:"ap,omitempty"`
	// Mod is the GM's situational modifier to the check (G3).
	Mod int `json:"mod,omitempty"`
}

// Declared is the public form of a declaration, as the exchange keeps it.
type Declared struct {
	Action Action   `json:"action"`
	Target string   `json:"target,omitempty"`
	Weapon string   `json:"weapon,omitempty"`
	Path   []Square `json:"path,omitempty"`
	Mod    int      `json:"mod,omitempty"`
	Paid   int      `json:"paid"`
	// Aimed is set when the attack uses the aimed accuracy (R14).
	Aimed bool `json:"aimed,omitempty"`
}

// ActionDeclared: the actor declares an action and pays for it; the
// candidates are the opponents who may react, in order (R03, R26). Action
// is a secret when it is a feint.
type ActionDeclared struct {
	Actor      string   `json:"actor"`
	Declared   Declared `json:"declared"`
	Candidates []string `json:"candidates,omitempty"`
}

func (*Declare) isCommand() {}

var (
	declareKind        = engine.Add[Declare](commands, "declare")
	actionDeclaredKind = engine.Add[ActionDeclared](events, "action_declared")
)

func (d Declared) clone() Declared {
	d.Path = slices.Clone(d.Path)
	return d
}

// public is the action as opponents see it: a feint is a Melee Attack
// (R19).
func public(a Action) Action {
	if a == Feint {
		return MeleeAttack
	}
	return a
}

func (d *decider) declare(c *Declare) error {
	actor := d.s.active()
	if actor == nil || d.s.Exchange != nil {
		return notNow(d.s, "declaring an action")
	}
	var decl Declared
	if i := d.proof(c); i >= 0 {
		decl = d.work.offers[i].decl
		decl.Mod = c.Mod
	} else {
		if err := d.s.declaration(actor, c, rules(c.Action), &named{}, nil, true, d.work, &decl); err != nil {
			return err
		}
	}
	decl.Path = engine.Slice(d.h.arena(), stepSquareMem, decl.Path) // the command's, or the search's
	var cands []string
	if d.h == nil {
		d.s.Exchange = &Exchange{Actor: actor.ID, Act: decl}
		cands = d.s.candidates(nil, actor, d.work)
	} else {
		ids := engine.Buffer(d.h.arena(), stepIDMem)
		// Field by field: cheaper than an Exchange made and copied.
		x := &d.h.probe
		x.Actor, x.Act, x.Candidates, x.Asked, x.Reactions = actor.ID, decl, nil, 0, nil
		x.CounterTempo, x.Replacement, x.Resolved, x.Choices, x.Hits = false, nil, false, nil, nil
		d.s.Exchange = x
		start := len(*ids)
		*ids = d.s.candidates(*ids, actor, d.work)
		if len(*ids) > start {
			cands = (*ids)[start:len(*ids):len(*ids)]
		}
	}
	d.s.Exchange = nil
	d.emit(engine.New(d.h.arena(), actionDeclaredKind, ActionDeclared{Actor: actor.ID, Declared: decl, Candidates: cands}))
	d.settle()
	return nil
}

func (e *ActionDeclared) apply(s *State, h *hotMemory) {
	c := s.combatant(e.Actor)
	if c == nil {
		return
	}
	c.AP = max(0, c.AP-e.Declared.Paid)
	keepsAim := e.Declared.Aimed && s.Options.AimPersists
	if !keepsAim {
		c.Aimed = ""
	}
	if h == nil {
		s.Exchange = &Exchange{Actor: e.Actor, Act: e.Declared.clone(), Candidates: slices.Clone(e.Candidates)}
		return
	}
	x := h.newExchange()
	x.Actor = e.Actor
	x.Act.Action, x.Act.Target, x.Act.Weapon = e.Declared.Action, e.Declared.Target, e.Declared.Weapon
	x.Act.Path = append(x.Act.Path, e.Declared.Path...)
	x.Act.Mod, x.Act.Paid, x.Act.Aimed = e.Declared.Mod, e.Declared.Paid, e.Declared.Aimed
	// One by one: cheaper than a copy of the slice, which copies through
	// the runtime.
	//lint:ignore S1011 one by one on purpose: see above
	for _, id := range e.Candidates {
		x.Candidates = append(x.Candidates, id)
	}
	s.Exchange = x
}

func (e *ActionDeclared) describe(s *State) string {
	d := e.Declared
	line := fmt.Sprintf("%s declares %s, paying %d AP", e.Actor, declareLabel(&Declare{Action: d.Action, Target: d.Target, Weapon: d.Weapon, Path: d.Path}), d.Paid)
	if d.Action == Feint {
		line += " (secretly a feint)"
	}
	if d.Aimed {
		line += ", aimed"
	}
	if d.Mod != 0 {
		line += fmt.Sprintf(", modifier %+d", d.Mod)
	}
	return line
}
