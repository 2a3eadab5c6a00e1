package tempo

import (
	"fmt"
	"slices"
)

// neighbours are the eight steps from a square, in a fixed order so that
// paths are deterministic.
var neighbours = [8]Square{{X: 0, Y: -1}, {X: 1, Y: -1}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}, {X: -1, Y: 1}, {X: -1, Y: 0}, {X: -1, Y: -1}}

// occupied reports whether someone other than mover stands on q.
func (s *State) occupied(mover *Combatant, q Square) bool {
	for i := range s.Combatants {
		if o := &s.Combatants[i]; holdsSquare(o, mover) && o.At == q {
			return true
		}
	}
	return false
}

// holdsSquare reports whether o's square is closed to mover: o stands
// there and is someone else. The Down and the dead do not hold a square
// [ours].
func holdsSquare(o, mover *Combatant) bool { return o.standing() && o.ID != mover.ID }

// reach is the result of a breadth-first search from a square: every
// square within a number of steps that a mover can reach without entering
// an opponent's square, nearest first, with the shortest path to each.
type reach struct {
	start Square
	steps int
	// prev holds, for each square of the (2·steps+1)² box around start,
	// the box index of the square it was reached from; -1 if unreached,
	// -2 for a wall. squares holds the square at each index of the box,
	// worked out once for the search rather than divided out for each
	// step of each path.
	prev    []int
	squares []Square
	// order lists the reached squares (the start excluded) nearest first,
	// in a fixed neighbour order, so that everything built on it is
	// deterministic.
	order []Square
	// free lists the squares of order not closed to the mover (see
	// holdsSquare), when hasFree is set; taken are the squares closed to
	// it that free was worked out against. The moves' candidates work it
	// out once for the search.
	free, taken []Square
	hasFree     bool
	// away is the move away from the foes last asked for (see farthest),
	// known while free stays the same.
	away away
	// searched is set once the search has run; walls are the opponents'
	// squares it went around. A search from the same start, as far, around
	// the same walls reaches the same squares: reachable keeps it.
	searched bool
	walls    []Square
	// spare, frontier and next are the search's working memory.
	spare          []Square
	frontier, next []int
}

// away is the free square of a search farthest from the nearest of foes,
// the squares of standing foes, when known is set; ok reports whether it
// is farther from them than the start is.
type away struct {
	foes      []Square
	to        Square
	ok, known bool
}

// side is the width of r's box.
func (r *reach) side() int { return 2*r.steps + 1 }

func (r *reach) index(q Square) (int, bool) {
	side := r.side()
	x, y := q.X-r.start.X+r.steps, q.Y-r.start.Y+r.steps
	if x < 0 || y < 0 || x >= side || y >= side {
		return 0, false
	}
	return y*side + x, true
}

func (r *reach) square(i int) Square { return r.squares[i] }

// has reports whether q was reached (the start is not).
func (r *reach) has(q Square) bool {
	i, ok := r.index(q)
	return ok && r.prev[i] >= 0 && q != r.start
}

// path returns the shortest path to a reached square, the start excluded.
func (r *reach) path(q Square) []Square { return r.appendPath(nil, q) }

// appendPath appends the shortest path to a reached square, the start
// excluded, to buf; buf stays as it is when q was not reached.
func (r *reach) appendPath(buf []Square, q Square) []Square {
	if !r.has(q) {
		return buf
	}
	// The squares from q back to the start, which the path lists the
	// other way round.
	start := len(buf)
	first, _ := r.index(r.start)
	for i, _ := r.index(q); i != first; i = r.prev[i] {
		buf = append(buf, r.square(i))
	}
	slices.Reverse(buf[start:])
	return buf
}

// appendStraightPath appends to buf a shortest path to a reached square,
// the start excluded: of all the shortest paths, the one that keeps
// nearest the straight line from the start to it, step by step, the way a
// mover told only where to go would walk there (R15). buf stays as it is
// when q was not reached.
func (r *reach) appendStraightPath(buf []Square, q Square) []Square {
	if !r.has(q) {
		return buf
	}
	qi, _ := r.index(q)
	n := r.depth(qi)
	start := len(buf)
	for range n {
		buf = append(buf, q)
	}
	path := buf[start:]
	// From q back to the start: each square one step nearer the start
	// than the one after it, and of those the nearest the point k/n of the
	// way along the line (its coordinates scaled by n to stay whole).
	at := q
	for k := n - 1; k >= 1; k-- {
		best, least := at, -1
		for _, d := range neighbours {
			p := Square{X: at.X + d.X, Y: at.Y + d.Y}
			i, ok := r.index(p)
			if !ok || !r.has(p) || r.depth(i) != k {
				continue
			}
			dx := p.X*n - (r.start.X*n + k*(q.X-r.start.X))
			dy := p.Y*n - (r.start.Y*n + k*(q.Y-r.start.Y))
			if e := dx*dx + dy*dy; least < 0 || e < least {
				best, least = p, e
			}
		}
		path[k-1], at = best, best
	}
	return buf
}

// depth is how many steps the search took to reach its i-th square.
func (r *reach) depth(i int) int {
	first, _ := r.index(r.start)
	n := 0
	for ; i != first; i = r.prev[i] {
		n++
	}
	return n
}

// reachable searches the squares mover can reach in at most steps steps
// without entering an opponent's square (R15, R40), into r's memory (a new
// reach when r is nil). When r holds the search from the same square, as
// far, around the same walls, it is the answer already and is kept.
func (s *State) reachable(mover *Combatant, steps int, r *reach) *reach {
	if r == nil {
		r = new(reach)
	}
	walls := s.appendWalls(r.spare[:0], mover)
	r.spare = walls
	if r.holds(mover.At, steps, walls) {
		return r
	}
	r.walls, r.spare = walls, r.walls
	r.start, r.steps, r.hasFree, r.searched = mover.At, steps, false, true
	side := r.side()
	// Sized once for the whole box, so that a search in new memory grows
	// none of its lists square by square.
	if cap(r.order) < side*side {
		r.order = make([]Square, 0, side*side)
		r.frontier, r.next = make([]int, 0, side*side), make([]int, 0, side*side)
	}
	r.order = r.order[:0]
	r.prev = append(r.prev[:0], make([]int, side*side)...)
	r.squares = append(r.squares[:0], make([]Square, side*side)...)
	for i := range r.prev {
		r.prev[i] = -1
		r.squares[i] = Square{X: r.start.X + i%side - r.steps, Y: r.start.Y + i/side - r.steps}
	}
	// The walls are marked as seen but reached from nowhere (-2), so the
	// search never enters them and has() never reports them.
	for _, w := range r.walls {
		if j, ok := r.index(w); ok {
			r.prev[j] = -2
		}
	}
	var offsets [len(neighbours)]int
	for k, d := range neighbours {
		offsets[k] = d.Y*side + d.X
	}
	first, _ := r.index(mover.At)
	r.prev[first] = first
	// Round k steps from squares k-1 from start to squares k from it:
	// never out of the box, which needs no bounds check.
	frontier, next := append(r.frontier[:0], first), r.next[:0]
	for range steps {
		next = next[:0]
		for _, i := range frontier {
			for _, off := range offsets {
				j := i + off
				if r.prev[j] != -1 {
					continue
				}
				r.prev[j] = i
				next = append(next, j)
				r.order = append(r.order, r.square(j))
			}
		}
		frontier, next = next, frontier
	}
	r.frontier, r.next = frontier[:0], next[:0]
	return r
}

// boardsKept is how many searches of the board a searchMemory keeps.
const boardsKept = 8

// boards are the searches of the board that a searchMemory keeps, so that
// a search from the same square, as far, around the same walls is made
// once rather than at every prompt and decision that needs it: the
// searches of a fight's few positions, fight after fight on the hot path.
type boards struct {
	kept  []reach
	next  int      // the place of the next new search once boardsKept are kept
	walls []Square // reach's working memory
}

// reach returns the search of the squares mover can reach in at most
// steps steps (see reachable): one b keeps, or made anew in the place of
// the oldest. It is valid until boardsKept more searches are made anew.
func (b *boards) reach(s *State, mover *Combatant, steps int) *reach {
	b.walls = s.appendWalls(b.walls[:0], mover)
	for i := range b.kept {
		if r := &b.kept[i]; r.holds(mover.At, steps, b.walls) {
			return r
		}
	}
	if len(b.kept) < boardsKept {
		b.kept = append(b.kept, reach{})
		return s.reachable(mover, steps, &b.kept[len(b.kept)-1])
	}
	r := &b.kept[b.next]
	b.next = (b.next + 1) % boardsKept
	return s.reachable(mover, steps, r)
}

// appendWalls appends to walls the squares mover may not step into: those
// of standing opponents (R15, R40).
func (s *State) appendWalls(walls []Square, mover *Combatant) []Square {
	for i := range s.Combatants {
		if o := &s.Combatants[i]; o.standing() && opponents(o, mover) {
			walls = append(walls, o.At)
		}
	}
	return walls
}

// holds reports whether r is the search from start, steps far, around
// walls.
func (r *reach) holds(start Square, steps int, walls []Square) bool {
	return r.searched && r.start == start && r.steps == steps && slices.Equal(r.walls, walls)
}

// route completes a declared path: a path of one square that is not a
// step away becomes the shortest path to it that keeps nearest the
// straight line (see appendStraightPath). It checks the path against
// R15: at most BCM steps, each to an adjacent square, never into an
// opponent's square, ending on a free square. A refusal says why only
// when explain is set. board, when not nil, is the search of the squares
// mover can reach, read rather than searching again. With h set the search
// and the path it finds are h's working memory, valid until the next route
// with h.
func (s *State) route(mover *Combatant, path []Square, board *reach, explain bool, h *searchMemory) ([]Square, error) {
	if len(path) == 0 {
		return nil, refusal(explain, func() error { return fmt.Errorf("a move needs a destination") })
	}
	if len(path) == 1 && Dist(mover.At, path[0]) > 1 {
		var full []Square
		switch {
		case board != nil && board.start == mover.At && board.steps == mover.BCM:
			if h == nil {
				full = board.appendStraightPath(nil, path[0])
			} else {
				h.routePath = board.appendStraightPath(h.routePath[:0], path[0])
				full = h.routePath
			}
		case h == nil:
			full = s.reachable(mover, mover.BCM, nil).appendStraightPath(nil, path[0])
		default:
			h.routePath = h.reach(s, mover, mover.BCM).appendStraightPath(h.routePath[:0], path[0])
			full = h.routePath
		}
		if len(full) == 0 {
			return nil, refusal(explain, func() error {
				to := path[0]
				if hasSquare(s.appendWalls(nil, mover), to) {
					return fmt.Errorf("%v is an opponent's square", to)
				}
				if d := Dist(mover.At, to); d > mover.BCM {
					return fmt.Errorf("%v is %d squares away, beyond %s's BCM of %d", to, d, mover.ID, mover.BCM)
				}
				return fmt.Errorf("%s cannot reach %v within %d squares without passing through an opponent", mover.ID, to, mover.BCM)
			})
		}
		path = full
	}
	if len(path) > mover.BCM {
		return nil, refusal(explain, func() error {
			return fmt.Errorf("the path has %d steps; %s moves at most %d", len(path), mover.ID, mover.BCM)
		})
	}
	var buf [8]Square
	walls := s.appendWalls(buf[:0], mover) // the squares blocked to mover
	at := mover.At
	for _, q := range path {
		if Dist(at, q) != 1 {
			return nil, refusal(explain, func() error { return fmt.Errorf("%v is not a step from %v", q, at) })
		}
		if hasSquare(walls, q) {
			return nil, refusal(explain, func() error { return fmt.Errorf("%v is an opponent's square", q) })
		}
		at = q
	}
	if s.occupied(mover, at) {
		return nil, refusal(explain, func() error { return fmt.Errorf("%v is occupied", at) })
	}
	return path, nil
}

// farthest returns the first of r's free squares (nearest first) as far
// from the nearest of foes as any, if that is farther than the start is.
// The free squares must be worked out (see freeSquares); the answer is
// kept while they and foes stay the same.
func (r *reach) farthest(foes []Square) (Square, bool) {
	a := &r.away
	if a.known && slices.Equal(a.foes, foes) {
		return a.to, a.ok
	}
	a.foes, a.to, a.ok, a.known = append(a.foes[:0], foes...), Square{}, false, true
	if len(r.free) == 0 || len(foes) == 0 {
		return a.to, a.ok
	}
	at, top := r.free[0], nearestDist(r.free[0], foes)
	for _, q := range r.free[1:] {
		if v := nearestDist(q, foes); v > top {
			at, top = q, v
		}
	}
	a.to, a.ok = at, top > nearestDist(r.start, foes)
	return a.to, a.ok
}

// nearestDist is the distance from q to the nearest of squares.
func nearestDist(q Square, squares []Square) int {
	n := 1 << 20
	for _, o := range squares {
		n = min(n, Dist(q, o))
	}
	return n
}

// freeSquares returns the squares of r.order that are not closed to c
// (see holdsSquare), nearest first, in r's memory: worked out once for the
// search, and kept while the same squares are closed, rather than for each
// action or foe (checking every square against every taken one for each
// foe grew with the cube of the combatants).
func (s *State) freeSquares(c *Combatant, r *reach) []Square {
	taken := r.spare[:0] // the squares closed to c (see occupied)
	for i := range s.Combatants {
		if o := &s.Combatants[i]; holdsSquare(o, c) {
			taken = append(taken, o.At)
		}
	}
	r.spare = taken
	if r.hasFree && slices.Equal(r.taken, taken) {
		return r.free
	}
	r.taken, r.spare = taken, r.taken
	r.away.known = false
	free := r.free[:0]
	if cap(free) < len(r.order) {
		free = make([]Square, 0, len(r.order))
	}
	for _, q := range r.order {
		if !hasSquare(taken, q) {
			free = append(free, q)
		}
	}
	r.free, r.hasFree = free, true
	return free
}

// hasSquare reports whether q is one of qs: slices.Contains, without the
// cost of a generic comparison of structs.
func hasSquare(qs []Square, q Square) bool {
	for _, x := range qs {
		if x == q {
			return true
		}
	}
	return false
}

// closest returns the first of free (nearest first) as near to target as
// any, a square next to it being as near as can be, if it is nearer than
// from.
func closest(free []Square, target, from Square) (Square, bool) {
	var at Square
	top := 0
	for i, q := range free {
		if d := max(Dist(q, target), 1); i == 0 || d < top {
			at, top = q, d
			if d == 1 {
				break // no square is nearer, and the first of equals wins
			}
		}
	}
	return at, len(free) > 0 && top < max(Dist(from, target), 1)
}

// closeIn is the square a grappler steps to when its Grapple from a bind
// succeeds: a grapple is made at close quarters, and a bind may hold two
// as far apart as the longer weapon reaches (a spear's 2), so the grappler
// closes in beside its partner [ours] (R20, R40). It stays where it is
// when it stands beside the partner already; otherwise it takes the free
// square next to the partner fewest steps from its own, of those the
// nearest as the crow flies, then the first in the fixed order of
// neighbours. ok is false when every square beside the partner is held.
func (s *State) closeIn(grappler, partner *Combatant) (at Square, ok bool) {
	from := grappler.At
	if Dist(from, partner.At) <= 1 {
		return from, true
	}
	best, line := 0, 0
	for _, n := range neighbours {
		q := Square{X: partner.At.X + n.X, Y: partner.At.Y + n.Y}
		if s.occupied(grappler, q) {
			continue
		}
		dx, dy := q.X-from.X, q.Y-from.Y
		d, l := Dist(from, q), dx*dx+dy*dy
		if !ok || d < best || d == best && l < line {
			at, best, line, ok = q, d, l, true
		}
	}
	return at, ok
}
