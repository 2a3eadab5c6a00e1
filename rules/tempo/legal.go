package tempo

import (
	"slices"
	"strings"

	"fray/engine"
	"fray/rules/parts"
)

// refuse is a refusal for an illegal command.
func refuse(format string, args ...any) error { return engine.Errorf(engine.Invalid, format, args...) }

// errRefused is the refusal of a declaration whose reason nobody reads:
// the menus only need to know that it is refused.
var errRefused = engine.Errorf(engine.Invalid, "refused")

// refusal is why() when explain is set, else errRefused: the reason is
// made only for those who read it.
func refusal(explain bool, why func() error) error {
	if !explain {
		return errRefused
	}
	return why()
}

// declaration checks a declared action against the rules and completes
// it into *out, which a refusal may leave half written: the weapon, the
// target, the full path, the AP paid and whether an Aim applies. r is the
// rule of d's action; board, when not nil, the search of the squares c
// can reach, which the check of a move's path then reads rather than
// searching again. A refusal says why only when explain is set. With h
// set the searches use its working memory, and the path may be h's too
// (see route): the caller copies what it keeps. found is what a menu's
// search found of what d names, which is then not looked up by name
// again.
func (s *State) declaration(c *Combatant, d *Declare, r *rule, found *named, board *reach, explain bool, h *searchMemory, out *Declared) error {
	if r == nil || r.kind != proactive {
		return refusal(explain, func() error {
			return refuse("%q is not an action to declare; proactive actions are %s", d.Action, list(proactiveOrder, ", "))
		})
	}
	if !found.allowed && !r.allowed(c.Status) {
		return refusal(explain, func() error {
			return refuse("%s is %s, and %s is allowed only %s (R08)", c.ID, c.Status, r.name, list(r.statuses, " or "))
		})
	}
	// Field by field: cheaper than a Declared made and copied.
	out.Action, out.Target, out.Weapon, out.Path = d.Action, d.Target, "", nil
	out.Mod, out.Paid, out.Aimed = d.Mod, 0, false
	w := found.weapon
	if w == nil {
		var err error
		if w, err = declaredWeapon(c, d, r, explain); err != nil {
			return err
		}
	}
	out.Weapon = w.Name
	out.Paid = r.cost(w)
	if d.AP != nil {
		// The GM sets the cost of an off-list action, picking up a
		// weapon among them (R41, G6); every other's is the rules'.
		if d.Action != OffList && d.Action != PickUp {
			return refusal(explain, func() error {
				return refuse("%s costs what the rules say; the GM sets the AP only of off-list actions and picking up", r.name)
			})
		}
		if *d.AP < 0 {
			return refusal(explain, func() error { return refuse("an off-list action costs 0 AP or more, not %d", *d.AP) })
		}
		out.Paid = *d.AP
	}
	if err := s.declaredTarget(c, d, r, w, found, out, board, explain, h); err != nil {
		return err
	}
	if out.Paid > c.AP {
		return refusal(explain, func() error { return refuse("%s costs %d AP and %s has %d (R05)", r.name, out.Paid, c.ID, c.AP) })
	}
	if f := r.form; f == formStrike || f == formShot {
		out.Aimed = c.Aimed != "" && c.Aimed == w.Name
	}
	return nil
}

// named is what a menu's search found of what a declaration it makes
// names: the weapon of the actor's it is made with (one that fits the
// action, see namedWeapon) and the opponent it targets or measures a
// Combat Move against (one in the fight and alive, see opponent); each nil
// when the declaration's own name is looked up, as for every command.
// allowed is set when the action is one of the menu of the actor's status
// (see menuFor), which the master table allows that status already (R08).
// path, for a Move or a Combat Move, is the whole path to the destination
// d names, found on the search of the squares the actor can reach (see
// reachable), which goes around the opponents' squares and no farther
// than the actor moves, to a square nobody else holds (see freeSquares):
// a path R15 allows as found, which route would find and check again.
type named struct {
	weapon  *Weapon
	target  *Combatant
	path    []Square
	allowed bool
}

// reachOf is how far a declaration of form with w reaches (R21): a
// shot as far as w's range, any other strike as far as its reach. Both
// declaredTarget and a menu's search (which does not try a strike it
// would refuse) read it.
func reachOf(form declForm, w *Weapon) int {
	if form == formShot {
		return w.Range
	}
	return w.Reach
}

// declaredWeapon finds the weapon a declared action uses, or the zero
// Weapon for actions without one, to read only (see weaponRef); r is the
// rule of d's action. A refusal says why only when explain is set.
func declaredWeapon(c *Combatant, d *Declare, r *rule, explain bool) (*Weapon, error) {
	switch r.form {
	case formStrike, formShot, formAim:
		return namedWeapon(c, d, explain)
	case formUnarmed:
		if d.Weapon != "" && d.Weapon != UnarmedName {
			return nil, refusal(explain, func() error { return refuse("an unarmed attack takes no weapon") })
		}
		return &unarmedProfile, nil
	case formBound:
		if d.Weapon != "" && d.Weapon != c.BoundWeapon {
			return nil, refusal(explain, func() error { return refuse("%s is bound with %s, not %s", c.ID, c.BoundWeapon, d.Weapon) })
		}
		return c.weaponRef(c.BoundWeapon), nil
	case formPickUp:
		return &noWeapon, nil
	}
	if d.Weapon != "" {
		return nil, refusal(explain, func() error { return refuse("%s takes no weapon", d.Action) })
	}
	return &noWeapon, nil
}

// weaponKinds are the kinds of weapon an attack or an Aim is made with:
// kind, or also when it is not "".
func weaponKinds(a Action) (kind, also string) {
	switch a {
	case RangedAttack:
		return "ranged", ""
	case Aim:
		return "ranged", "melee"
	}
	return "melee", ""
}

// fits reports whether a weapon of kind k may make action a (see
// weaponKinds).
func fits(a Action, k string) bool { return fitsShape(weaponShape(a), k) }

// weaponShape is the shape of the weapon a may be made with: ranged for
// a ranged attack, either for an aim, melee for anything else.
func weaponShape(a Action) candidateShape {
	switch a {
	case RangedAttack:
		return rangedWeapon
	case Aim:
		return aimWeapon
	}
	return meleeWeapon
}

// namedWeapon is the weapon d names, of a kind that fits its action, or
// the first such weapon c wields when d names none; see declaredWeapon.
func namedWeapon(c *Combatant, d *Declare, explain bool) (*Weapon, error) {
	kinds := func() string {
		kind, also := weaponKinds(d.Action)
		if also == "" {
			return kind
		}
		return kind + " or " + also
	}
	if d.Weapon == "" {
		for i := range c.Weapons {
			if w := &c.Weapons[i]; fits(d.Action, w.Kind) {
				return w, nil
			}
		}
		return nil, refusal(explain, func() error { return refuse("%s wields no %s weapon for %s", c.ID, kinds(), d.Action) })
	}
	w := c.weaponRef(d.Weapon)
	if w == &noWeapon {
		return nil, refusal(explain, func() error { return refuse("%s wields no %q (wielded: %s)", c.ID, d.Weapon, weaponList(c)) })
	}
	if !fits(d.Action, w.Kind) {
		return nil, refusal(explain, func() error {
			if w.Kind == "unarmed" {
				switch d.Action {
				case Aim:
					return refuse("the bare hands take no aim: aim with a ranged or melee weapon (R14)")
				case RangedAttack:
					return refuse("the bare hands shoot nothing: shoot needs a ranged weapon (R21)")
				}
				return refuse("the bare hands make no %s, which needs a melee weapon; an unarmed attack is punch TARGET (R09, R21)", rules(d.Action).name)
			}
			return refuse("%s is a %s weapon; %s needs a %s one", w.Name, w.Kind, d.Action, kinds())
		})
	}
	return w, nil
}

// declaredTarget checks and completes the target, path or item of a
// declaration, r being the rule of its action; found is what a menu's
// search found of what d names (see named): the opponent, when not nil,
// and a move's path.
func (s *State) declaredTarget(c *Combatant, d *Declare, r *rule, w *Weapon, found *named, out *Declared, board *reach, explain bool, h *searchMemory) error {
	t := found.target
	needsNoTarget := func() error {
		if d.Target != "" {
			return refusal(explain, func() error { return refuse("%s takes no target", d.Action) })
		}
		return nil
	}
	switch form := r.form; form {
	case formStrike, formShot, formUnarmed:
		if t == nil {
			var err error
			if t, err = s.opponent(c, d.Target, explain); err != nil {
				return err
			}
		}
		switch {
		case form == formUnarmed && c.Status == Grappled:
			if !slices.Contains(c.GrappledWith, t.ID) {
				return refusal(explain, func() error {
					return refuse("grappled, %s can strike only a grapple partner (%s), not %s (R21)", c.ID, strings.Join(c.GrappledWith, ", "), t.ID)
				})
			}
		case form == formShot:
			if Dist(c.At, t.At) > reachOf(form, w) {
				return refusal(explain, func() error {
					return refuse("%s is %d squares away, beyond the %s's range of %d (R21)", t.ID, Dist(c.At, t.At), w.Name, w.Range)
				})
			}
		default:
			if Dist(c.At, t.At) > reachOf(form, w) {
				return refusal(explain, func() error {
					return refuse("%s is %d squares away, beyond %s reach of %d (R21)", t.ID, Dist(c.At, t.At), whose(w), w.Reach)
				})
			}
		}
	case formBound, formWithdraw:
		if d.Target != "" && d.Target != c.BoundWith {
			return refusal(explain, func() error { return refuse("%s is bound with %s, not %s", c.ID, c.BoundWith, d.Target) })
		}
		out.Target = c.BoundWith
		if d.Action == Grapple {
			// A grapple closes in beside the partner (R20, R40).
			if t := s.combatant(c.BoundWith); t != nil {
				if _, ok := s.closeIn(c, t); !ok {
					return refusal(explain, func() error {
						return refuse("every square beside %s is taken: %s has nowhere to close in to grapple (R20, R40)", t.ID, c.ID)
					})
				}
			}
		}
	case formPin:
		target := d.Target
		if target == "" && len(c.GrappledWith) == 1 {
			target = c.GrappledWith[0]
		}
		if target == "" {
			return refusal(explain, func() error {
				return refuse("%s grapples %s: name the one to pin, pin TARGET (R22)", c.ID, list(c.GrappledWith, " and "))
			})
		}
		if !slices.Contains(c.GrappledWith, target) {
			return refusal(explain, func() error {
				return refuse("%s can pin only a grapple partner (%s), not %q (R22)", c.ID, strings.Join(c.GrappledWith, ", "), target)
			})
		}
		if t := s.combatant(target); t.Status == Pinned {
			return refusal(explain, func() error { return refuse("%s is already pinned", target) })
		}
		out.Target = target
	case formMove:
		if err := needsNoTarget(); err != nil {
			return err
		}
		if found.path != nil {
			out.Path = found.path
			break
		}
		path, err := s.route(c, d.Path, board, explain, h)
		if err != nil {
			return refusal(explain, func() error { return refuse("move: %v (R15)", err) })
		}
		out.Path = path
	case formCombatMove:
		o := t
		if o == nil {
			var err error
			if o, err = s.opponent(c, d.Target, explain); err != nil {
				return err
			}
		}
		if len(d.Path) != 1 {
			return refusal(explain, func() error { return refuse("a combat move names one destination square") })
		}
		path := found.path
		if path == nil {
			var err error
			if path, err = s.route(c, d.Path, board, explain, h); err != nil {
				return refusal(explain, func() error { return refuse("combat move: %v (R16)", err) })
			}
		}
		dest := path[len(path)-1]
		if before, after := Dist(c.At, o.At), Dist(dest, o.At); parts.Abs(after-before) > 1 {
			return refusal(explain, func() error {
				return refuse("combat move: %v is %d from %s and the start %d; the distance may change by one at most (R16)", dest, after, o.ID, before)
			})
		}
		out.Path = path
	case formPickUp:
		if err := needsNoTarget(); err != nil {
			return err
		}
		i := slices.IndexFunc(s.Dropped, func(x Dropped) bool { return x.Weapon.Name == d.Weapon && x.At == c.At })
		if i < 0 {
			return refusal(explain, func() error { return refuse("no %q lies on %s's square %v", d.Weapon, c.ID, c.At) })
		}
		if hands(c)+s.Dropped[i].Weapon.Hands > 2 {
			return refusal(explain, func() error { return refuse("%s has no free hand for the %s", c.ID, d.Weapon) })
		}
		if _, dup := c.weapon(d.Weapon); dup {
			return refusal(explain, func() error { return refuse("%s already wields a weapon called %s", c.ID, d.Weapon) })
		}
		out.Weapon = d.Weapon
	default:
		return needsNoTarget()
	}
	return nil
}

// opponent finds a standing or fallen (but living) opponent in the fight.
// A refusal says why only when explain is set.
func (s *State) opponent(c *Combatant, id string, explain bool) (*Combatant, error) {
	if id == "" {
		return nil, refusal(explain, func() error { return refuse("whom? name the target") })
	}
	t := s.combatant(id)
	switch {
	case t == nil || !t.Present:
		return nil, refusal(explain, func() error { return refuse("there is no %q in the fight", id) })
	case t.ID == c.ID:
		return nil, refusal(explain, func() error { return refuse("%s cannot take itself as the target: name an opponent (R16, R21)", id) })
	case !opponents(c, t):
		return nil, refusal(explain, func() error { return refuse("%s is on %s's side", id, c.ID) })
	case t.Dead:
		return nil, refusal(explain, func() error { return refuse("%s is dead", id) })
	}
	return t, nil
}

func hands(c *Combatant) int {
	n := 0
	for _, w := range c.Weapons {
		n += w.Hands
	}
	return n
}

// list joins names with sep.
func list[T ~string](names []T, sep string) string {
	words := make([]string, len(names))
	for i, n := range names {
		words[i] = string(n)
	}
	return strings.Join(words, sep)
}

func weaponList(c *Combatant) string {
	names := []string{UnarmedName}
	for _, w := range c.Weapons {
		names = append(names, w.Name)
	}
	return strings.Join(names, ", ")
}
