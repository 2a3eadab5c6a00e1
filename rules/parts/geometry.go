package parts

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fray/engine"
)

// Cell is a square of a grid map, by column X and row Y.
type Cell struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// String writes the cell as ParseCell reads it: "X,Y".
func (c Cell) String() string { return strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y) }

// MaxCoordinate bounds every coordinate of a command either way, as
// encounter files bound their numbers (scenario.MaxNumber), so that no
// distance overflows.
const MaxCoordinate = 1_000_000_000

// ParseCell reads a cell written "X,Y", each within MaxCoordinate.
func ParseCell(text string) (Cell, error) {
	xs, ys, ok := strings.Cut(text, ",")
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if !ok || errX != nil || errY != nil {
		return Cell{}, fmt.Errorf("a square is X,Y, not %s", engine.Quote(text))
	}
	if Abs(x) > MaxCoordinate || Abs(y) > MaxCoordinate || x == math.MinInt || y == math.MinInt {
		return Cell{}, fmt.Errorf("the square %s is off the map: coordinates are at most %d either way", engine.Quote(text), MaxCoordinate)
	}
	return Cell{x, y}, nil
}

// ErrNotANumber is wrapped by the error of ParseCoordinate for text that
// is no number at all.
var ErrNotANumber = errors.New("not a number")

// ParseCoordinate reads one coordinate of a point, in metres (or any one
// unit): a finite number within MaxCoordinate either way. what names it in
// the error, as in "move X".
func ParseCoordinate(what, text string) (float64, error) {
	v, err := strconv.ParseFloat(text, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("%s takes a number, not %s: %w", what, engine.Quote(text), ErrNotANumber)
	case err == nil && !FiniteCoordinate(v):
		return 0, fmt.Errorf("%s: %s is not a finite number", what, engine.Quote(text))
	case err != nil || math.Abs(v) > MaxCoordinate:
		return 0, fmt.Errorf("%s: %s is off the map: coordinates are at most %d either way", what, engine.Quote(text), MaxCoordinate)
	}
	return v, nil
}

// Steps is the number of steps from a to b on a grid where a diagonal step
// counts as one, as in most square-grid rules.
func Steps(a, b Cell) int { return max(Abs(a.X-b.X), Abs(a.Y-b.Y)) }

// Abs is |n|, for distances and differences on a grid.
func Abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Metres is the straight-line distance between two points of a map
// measured in metres (or any one unit). It is correctly rounded whenever
// the squared distance is exact, as it is for whole and half units: 20
// and 99 apart are 101, never 100.99999999999999. Map coordinates are
// bounded far below where squaring could overflow.
func Metres(ax, ay, bx, by float64) float64 {
	dx, dy := ax-bx, ay-by
	return math.Sqrt(dx*dx + dy*dy)
}

// FiniteCoordinate reports whether v can be a coordinate: neither NaN nor
// infinite.
func FiniteCoordinate(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
