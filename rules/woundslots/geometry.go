package woundslots

import (
	"math"
	"slices"
)

// Distance is A19: max(|dx|,|dy|) + floor(min/2), every second diagonal
// step counting 2.
func Distance(ax, ay, bx, by int) int { return DistanceBetween(ax, ay, 1, bx, by, 1) }

// span is how many yards a side a creature's space is (section 6: 1
// unless its data says more).
func (c *Combatant) span() int { return max(1, c.Space) }

// DistanceBetween is A19's distance between the nearest cells of two
// square spaces, of spans an and bn with their lowest corners at ax,ay
// and bx,by.
func DistanceBetween(ax, ay, an, bx, by, bn int) int {
	dx := max(0, bx-(ax+an-1), ax-(bx+bn-1))
	dy := max(0, by-(ay+an-1), ay-(by+bn-1))
	return max(dx, dy) + min(dx, dy)/2
}

// dist is the distance between two creatures' nearest cells.
func dist(a, b *Combatant) int { return DistanceBetween(a.X, a.Y, a.span(), b.X, b.Y, b.span()) }

// covers reports whether c's space holds cell x,y.
func (c *Combatant) covers(x, y int) bool {
	n := c.span()
	return x >= c.X && x < c.X+n && y >= c.Y && y < c.Y+n
}

// Gap is A19's gap between two creatures: distance - 1 (0 adjacent); a
// rider counts as 1 yard farther from a smaller creature on the ground
// (R76).
func Gap(a, b *Combatant) int {
	g := dist(a, b) - 1
	if a.Riding != "" && b.Riding == "" && b.Attributes.Size < a.RidingSize ||
		b.Riding != "" && a.Riding == "" && a.Attributes.Size < b.RidingSize {
		g++
	}
	return g
}

// mountedEdge is R76's +1 for a rider against an opponent smaller than
// its mount who does not ride one at least as large.
func mountedEdge(rider, foe *Combatant) int {
	if rider.Riding == "" || foe.Attributes.Size >= rider.RidingSize || foe.Riding != "" && foe.RidingSize >= rider.RidingSize {
		return 0
	}
	return 1
}

// Reaches reports whether weapon w of a reaches t: a melee weapon within
// its reach (gap), a ranged one within MaxIncrements increments (A24).
func Reaches(a *Combatant, w *Weapon, t *Combatant) bool {
	if w == nil {
		return false
	}
	if w.Kind == "ranged" {
		return dist(a, t) <= MaxIncrements*max(w.Increment, 1)
	}
	return Gap(a, t) <= w.Reach
}

// rangePenalty is A24: -2 per full increment beyond the first.
func rangePenalty(a *Combatant, w *Weapon, t *Combatant) int {
	if w.Kind != "ranged" {
		return 0
	}
	inc := max(w.Increment, 1)
	d := dist(a, t)
	beyond := (d+inc-1)/inc - 1
	return -RangePenalty * max(beyond, 0)
}

// threatens reports whether a can attack t with one of its weapons for
// flanking (R11): melee within reach, ranged within its first increment.
func threatens(a *Combatant, t *Combatant) bool {
	for i := range a.Weapons {
		w := &a.Weapons[i]
		if !w.InHand() {
			continue
		}
		if w.Kind == "ranged" {
			// R74: no ranged weapon attack is made from under water.
			if !a.Submerged && dist(a, t) <= max(w.Increment, 1) {
				return true
			}
		} else if Gap(a, t) <= w.Reach {
			return true
		}
	}
	return false
}

// Flanked is R11: at least two enemies of t able to attack it threaten it
// (a helpless or pinned one attacks nobody), some two of them at least
// 120 degrees apart around it.
func (s *State) Flanked(t *Combatant) bool {
	var angles [16]float64
	n := 0
	for i := range s.Combatants {
		a := &s.Combatants[i]
		if a.Side == t.Side || !a.canAct() || a.PinnedBy != "" || !threatens(a, t) || n == len(angles) ||
			slices.Contains(t.Ignoring, a.ID) || slices.Contains(a.Ignoring, t.ID) {
			continue // R12: the ignored neither count toward nor help a flank
		}
		// Around the center of each space (R11).
		angles[n] = math.Atan2(float64(2*a.Y+a.span()-2*t.Y-t.span()), float64(2*a.X+a.span()-2*t.X-t.span()))
		n++
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			d := math.Abs(angles[i] - angles[j])
			if d > math.Pi {
				d = 2*math.Pi - d
			}
			if d >= 2*math.Pi/3-1e-9 {
				return true
			}
		}
	}
	return false
}

// contains reports whether cell x,y lies in the zone.
func (z *Zone) contains(x, y int) bool {
	return x >= min(z.X1, z.X2) && x <= max(z.X1, z.X2) && y >= min(z.Y1, z.Y2) && y <= max(z.Y1, z.Y2)
}

// terrainCost is R37: what a yard into cell x,y costs, the costs of every
// zone and kind there multiplied.
func (s *State) terrainCost(x, y int) int {
	cost := 1
	for i := range s.Terrain {
		if z := &s.Terrain[i]; z.contains(x, y) {
			for _, k := range z.Kinds {
				cost *= terrainCosts[k]
			}
			if z.Extra > 1 {
				cost *= z.Extra
			}
		}
	}
	return cost
}

// slippery reports whether cell x,y lies in a zone the GM marks
// slippery (R38).
func (s *State) slippery(x, y int) bool {
	for i := range s.Terrain {
		z := &s.Terrain[i]
		if z.Slippery && z.contains(x, y) {
			return true
		}
	}
	return false
}

// pathCost is what walking from a to b costs in yards of pool: the path
// goes diagonally first, then straight; each step costs one yard (every
// second diagonal two, A19) times the terrain of the cell it enters (R37).
func (s *State) pathCost(ax, ay, bx, by int) int {
	x, y, cost, diagonals := ax, ay, 0, 0
	for x != bx || y != by {
		sx, sy := sign(bx-x), sign(by-y)
		x, y = x+sx, y+sy
		step := 1
		if sx != 0 && sy != 0 {
			diagonals++
			if diagonals%2 == 0 {
				step = 2
			}
		}
		cost += step * s.terrainCost(x, y)
	}
	return cost
}

// sign is -1, 0 or 1.
func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// holds reports whether someone not dead fills a cell of the square of n
// yards a side with its lowest corner at x,y, other than the one called
// except (and its mount, rider or the one sharing its space).
func (s *State) holds(x, y, n int, except string) bool {
	for i := range s.Combatants {
		c := &s.Combatants[i]
		if c.ID != except && !c.gone() && c.overlaps(x, y, n) && c.Rider != except && c.Riding != except && c.SharingWith != except {
			return true
		}
	}
	return false
}

// overlaps reports whether c's space holds any cell of the square of n
// yards a side with its lowest corner at x,y.
func (c *Combatant) overlaps(x, y, n int) bool {
	m := c.span()
	return x < c.X+m && c.X < x+n && y < c.Y+m && c.Y < y+n
}

// blocked reports whether c's space, with its corner at x,y, would hold
// anyone else (section 6: a large creature fills more than one cell). It
// compares the squares whole, so that its cost does not grow with the
// spaces' size.
func (s *State) blocked(c *Combatant, x, y int) bool { return s.holds(x, y, c.span(), c.ID) }
