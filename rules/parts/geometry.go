package parts

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Cell is a square of a grid map, by column X and row Y.
type Cell struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// String writes the cell as ParseCell reads it: "X,Y".
func (c Cell) String() string { return strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y) }

// ParseCell reads a cell written "X,Y".
func ParseCell(text string) (Cell, error) {
	xs, ys, ok := strings.Cut(text, ",")
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if !ok || errX != nil || errY != nil {
		return Cell{}, fmt.Errorf("a square is X,Y, not %q", text)
	}
	return Cell{x, y}, nil
}

// Steps is the number of steps from a to b on a grid where a diagonal step
// counts as one, as in most square-grid rules.
func Steps(a, b Cell) int { return max(absInt(a.X-b.X), absInt(a.Y-b.Y)) }

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Metres is the straight-line distance between two points of a map
// measured in metres (or any one unit).
func Metres(ax, ay, bx, by float64) float64 { return math.Hypot(ax-bx, ay-by) }

// FiniteCoordinate reports whether v can be a coordinate: neither NaN nor
// infinite.
func FiniteCoordinate(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
