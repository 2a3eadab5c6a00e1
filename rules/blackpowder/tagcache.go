package blackpowder

import "fray/rules/parts"

// tagsOf returns the tag cache of s's hot memory (others' outcome tags,
// each made once), nil when s has none.
func tagsOf(s *State) *parts.TagCache {
	if s == nil || s.hot == nil {
		return nil
	}
	return &s.hot.tags
}
