package tempo

import "fmt"

// neighbours are the eight steps from a square, in a fixed order so that
// paths are deterministic.
var neighbours = [8]Square{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

// blocked reports whether mover may not step into q: a standing opponent
// stands there (R15, R40).
func (s *State) blocked(mover *Combatant, q Square) bool {
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.standing() && opponents(o, mover) && o.At == q {
			return true
		}
	}
	return false
}

// occupied reports whether someone other than mover stands on q. The Down
// and the dead do not hold a square [ours].
func (s *State) occupied(mover *Combatant, q Square) bool {
	for i := range s.Combatants {
		o := &s.Combatants[i]
		if o.standing() && o.ID != mover.ID && o.At == q {
			return true
		}
	}
	return false
}

// reachable returns the squares mover can reach in at most steps steps
// without entering an opponent's square, each with the shortest path to it
// (the start excluded). The search is breadth-first in a fixed neighbour
// order, so the paths are deterministic.
func (s *State) reachable(mover *Combatant, steps int) map[Square][]Square {
	start := mover.At
	prev := map[Square]Square{start: start}
	frontier := []Square{start}
	for range steps {
		var next []Square
		for _, q := range frontier {
			for _, d := range neighbours {
				n := Square{q.X + d.X, q.Y + d.Y}
				if _, seen := prev[n]; seen || s.blocked(mover, n) {
					continue
				}
				prev[n] = q
				next = append(next, n)
			}
		}
		frontier = next
	}
	paths := map[Square][]Square{}
	for q := range prev {
		if q == start {
			continue
		}
		var path []Square
		for at := q; at != start; at = prev[at] {
			path = append(path, at)
		}
		for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
			path[i], path[j] = path[j], path[i]
		}
		paths[q] = path
	}
	return paths
}

// route completes a declared path: a path of one square that is not a
// step away becomes the shortest path to it. It checks the path against
// R15: at most BCM steps, each to an adjacent square, never into an
// opponent's square, ending on a free square.
func (s *State) route(mover *Combatant, path []Square) ([]Square, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("a move needs a destination")
	}
	if len(path) == 1 && Dist(mover.At, path[0]) > 1 {
		full, ok := s.reachable(mover, mover.BCM)[path[0]]
		if !ok {
			return nil, fmt.Errorf("%s cannot reach %v within %d squares without passing through an opponent", mover.ID, path[0], mover.BCM)
		}
		path = full
	}
	if len(path) > mover.BCM {
		return nil, fmt.Errorf("the path has %d steps; %s moves at most %d", len(path), mover.ID, mover.BCM)
	}
	at := mover.At
	for _, q := range path {
		if Dist(at, q) != 1 {
			return nil, fmt.Errorf("%v is not a step from %v", q, at)
		}
		if s.blocked(mover, q) {
			return nil, fmt.Errorf("%v is an opponent's square", q)
		}
		at = q
	}
	if s.occupied(mover, at) {
		return nil, fmt.Errorf("%v is occupied", at)
	}
	return path, nil
}
