package blackpowder

import "math"

// The commands a state's hot memory keeps for declarations, held actions
// and pinned or ruled attacks: each made once and found again by value,
// so that the hot path copies none of them to the heap.

// declarable returns a copy of cmd for a declaration to keep and cmd in
// words (FormatCommand). With hot memory (h not nil) they are those of an
// earlier declaration of an equal command when h still keeps them, made
// once: nothing changes a declared command in place, so states may share
// it. Without, the copy is memory of its own.
func (h *hotMemory) declarable(cmd Command) (Command, string) {
	if h == nil {
		return cloneCommand(cmd), Rules{}.FormatCommand(cmd)
	}
	for i := range h.declarables {
		if d := &h.declarables[i]; equalCommands(d.cmd, cmd) {
			return d.cmd, d.text
		}
	}
	d := declarable{cmd: cloneCommand(cmd), text: Rules{}.FormatCommand(cmd)}
	if len(h.declarables) < maxKeptCommands {
		h.declarables = append(h.declarables, d)
	} else {
		h.declarables[h.nextDeclarable] = d
		h.nextDeclarable = (h.nextDeclarable + 1) % len(h.declarables)
	}
	return d.cmd, d.text
}

// declarable is a command declared, as a declaration keeps it, and its
// words.
type declarable struct {
	cmd  Command
	text string
}

// equalCommands reports whether a and b are the same command of one of the
// kinds most often declared or held (moves, attacks and the other plain
// commands a delayed action is taken with), written alike; false for any
// other kind.
func equalCommands(a, b Command) bool {
	switch a := a.(type) {
	case *Move:
		b, ok := b.(*Move)
		return ok && a != nil && b != nil && samePoint(a.X, a.Y, b.X, b.Y)
	case *Run:
		b, ok := b.(*Run)
		return ok && a != nil && b != nil && samePoint(a.X, a.Y, b.X, b.Y)
	case *Withdraw:
		b, ok := b.(*Withdraw)
		return ok && a != nil && b != nil && samePoint(a.X, a.Y, b.X, b.Y)
	case *Attack:
		return equalAs(a, b)
	case *Stun:
		return equalAs(a, b)
	case *Hold:
		return equalAs(a, b)
	case *Draw:
		return equalAs(a, b)
	case *AimAt:
		return equalAs(a, b)
	case *UseItem:
		return equalAs(a, b)
	case *Revive:
		return equalAs(a, b)
	case *Reload:
		return equalAs(a, b)
	case *Fix:
		return equalAs(a, b)
	case *StandUp:
		return equalAs(a, b)
	case *Escape:
		return equalAs(a, b)
	}
	return false
}

// equalAs reports whether b is a command of a's type equal to it, for
// the kinds whose fields are compared with ==.
func equalAs[T comparable, P interface {
	*T
	Command
}](a P, b Command) bool {
	bt, ok := b.(P)
	return ok && a != nil && bt != nil && *a == *bt
}

// keptCommands are the last commands the declarations of a state with
// hot memory came to keep other than as declarable gives them: the
// delayed actions they hold (Queued, FollowHeld) and the attacks pinned
// to the weapon in hand (keptAttack). Each is a copy of its own, made once:
// nothing changes a kept command in place, so states may share it, and it
// outlives the events arena the event that brought it was in.
type keptCommands struct {
	cmds []Command
	next int
}

// maxKeptCommands bounds the commands hot memory keeps as declarable
// gives them, and those keptCommands keep: enough for every attack of a
// fight of a dozen combatants or so, on each target and with each weapon
// in hand, to be made once. Past it a new one takes the place of the
// oldest.
const maxKeptCommands = 32

// add keeps c, in place of the oldest once k is full, and returns it.
func (k *keptCommands) add(c Command) Command {
	if len(k.cmds) < maxKeptCommands {
		k.cmds = append(k.cmds, c)
		return c
	}
	k.cmds[k.next] = c
	k.next = (k.next + 1) % len(k.cmds)
	return c
}

// held returns the delayed action n for a declaration to hold: n itself on
// the table's path (h nil), the event's own memory; with hot memory, a
// copy that h keeps (see keptCommands), since n is in the events arena
// the next Step reuses.
func (h *hotMemory) held(n Nested) Nested {
	if h == nil || n.Command == nil {
		return n
	}
	for _, c := range h.kept.cmds {
		if equalCommands(c, n.Command) {
			return Nested{c}
		}
	}
	return Nested{h.kept.add(cloneCommand(n.Command))}
}

// keptAttack returns a copy of a for a declaration to keep: memory of
// its own on the table's path (h nil), else one h keeps (see
// keptCommands), made once.
func (h *hotMemory) keptAttack(a Attack) *Attack {
	if h != nil {
		for _, c := range h.kept.cmds {
			if k, ok := c.(*Attack); ok && *k == a {
				return k
			}
		}
	}
	p := new(Attack)
	*p = a
	if h != nil {
		h.kept.add(p)
	}
	return p
}

// samePoint reports whether two points are written alike: the same bits,
// so that 0 and -0 differ.
func samePoint(ax, ay, bx, by float64) bool {
	return math.Float64bits(ax) == math.Float64bits(bx) && math.Float64bits(ay) == math.Float64bits(by)
}
