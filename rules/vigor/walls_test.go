package vigor

import "testing"

func TestSegmentsMeet(t *testing.T) {
	for _, tc := range []struct {
		name string
		seg  [8]int64
		want bool
	}{
		{"crossing", [8]int64{0, 0, 10, 0, 5, -5, 5, 5}, true},
		{"apart", [8]int64{0, 0, 10, 0, 5, 1, 5, 5}, false},
		{"touching an end", [8]int64{0, 0, 10, 0, 10, 0, 10, 5}, true},
		{"through a wall's end", [8]int64{0, -5, 0, 5, -5, 0, 0, 0}, true},
		{"parallel", [8]int64{0, 0, 10, 0, 0, 1, 10, 1}, false},
		{"collinear, overlapping", [8]int64{0, 0, 10, 0, 5, 0, 15, 0}, true},
		{"collinear, apart", [8]int64{0, 0, 4, 0, 5, 0, 15, 0}, false},
		{"a point on the wall", [8]int64{3, 4, 3, 4, 3, 0, 3, 10}, true},
		{"a point off the wall", [8]int64{4, 4, 4, 4, 3, 0, 3, 10}, false},
		{"diagonal past a corner", [8]int64{0, 0, 10, 10, 6, 0, 10, 4}, false},
	} {
		s := tc.seg
		if got := segmentsMeet(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
