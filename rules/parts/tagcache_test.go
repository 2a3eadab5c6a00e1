package parts

import (
	"slices"
	"strings"
	"testing"
)

// TestTagCacheSameTags checks that a tag cache gives the tags Tag makes, in order, whether the names are the same strings or equal copies,
// and keeps one string per combatant and tag.
func TestTagCacheSameTags(t *testing.T) {
	var kept TagCache
	var none *TagCache
	copyOf := func(s string) string { return strings.Clone(s) }
	calls := [][3]string{
		{"ann", "bob", "hit"}, {"ann", "ann", "hit"}, {"ann", "bob", copyOf("hit")},
		{"bob", "ann", "dodged"}, {"ann", "carl", "hit"}, {"ann", copyOf("bob"), "dead"},
	}
	var want, got, fresh []string
	for _, c := range calls {
		want = Tag(want, c[0], c[1], c[2])
		got = kept.Tag(got, c[0], c[1], c[2])
		fresh = none.Tag(fresh, c[0], c[1], c[2])
	}
	if !slices.Equal(got, want) || !slices.Equal(fresh, want) {
		t.Fatalf("tags %v (kept), %v (none); want %v", got, fresh, want)
	}
	if len(kept.of) != 3 || len(kept.of[0].names) != 2 {
		t.Errorf("kept %+v; want bob's two tags, ann's and carl's", kept.of)
	}
}
