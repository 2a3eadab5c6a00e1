package scenario

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// absentError is the error of lookup for a key missing from the object at
// the end of the path, which a wanted null matches.
type absentError struct{ error }

// lookup finds the value at path in a state decoded from JSON. A key
// steps into an object by name, or into an array to the element object
// whose "id" (or, without one, "name") is the key, so that
// combatants.markus.weapons.pistol.loaded names markus's pistol; [i] steps
// into an array by position. A missing
// last key is an absentError.
func lookup(root any, path string) (any, error) {
	segs, err := parsePath(path)
	if err != nil {
		return nil, err
	}
	cur := root
	walked := "the state"
	for i, s := range segs {
		here := formatPath(segs[:i+1])
		switch v := cur.(type) {
		case map[string]any:
			if s.isIndex {
				return nil, fmt.Errorf("%s is an object, not a list, so it has no [%d]; keys: %s", walked, s.index, keysOf(v))
			}
			next, ok := v[s.key]
			if !ok {
				err := fmt.Errorf("%s has no key %q; keys: %s", walked, s.key, keysOf(v))
				if i == len(segs)-1 {
					err = absentError{err}
				}
				return nil, err
			}
			cur = next
		case []any:
			if s.isIndex {
				if s.index >= len(v) {
					return nil, fmt.Errorf("%s has %d items, so there is no [%d]", walked, len(v), s.index)
				}
				cur = v[s.index]
				break
			}
			ids, found := idsOf(v, s.key)
			if n := countOf(ids, s.key); n > 1 {
				return nil, fmt.Errorf("%s has %d items named %q; use [i] to pick one", walked, n, s.key)
			}
			if found == nil {
				if len(ids) == 0 {
					return nil, fmt.Errorf("%s is a list without ids; use [i] to pick an item", walked)
				}
				return nil, fmt.Errorf("%s has no item with id %q; ids: %s", walked, s.key, strings.Join(ids, ", "))
			}
			cur = found
		default:
			return nil, fmt.Errorf("%s is %s, not an object or a list, so %s does not exist", walked, show(cur), here)
		}
		walked = here
	}
	return cur, nil
}

// idsOf lists the names of the objects in a list, each its "id" or, for
// an object without one, its "name", and returns the one named key, or
// nil.
func idsOf(list []any, key string) ([]string, any) {
	var ids []string
	var found any
	for _, item := range list {
		obj, ok := item.(map[string]any)
		if !ok {
			continue
		}
		id, ok := obj["id"]
		if !ok {
			id, ok = obj["name"]
		}
		if !ok {
			continue
		}
		s := fmt.Sprint(id)
		if str, ok := id.(string); ok {
			s = str
		}
		ids = append(ids, s)
		if s == key && found == nil {
			found = obj
		}
	}
	return ids, found
}

// countOf counts the times name is in names.
func countOf(names []string, name string) int {
	n := 0
	for _, s := range names {
		if s == name {
			n++
		}
	}
	return n
}

func keysOf(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return strings.Join(keys, ", ")
}

// equal compares values decoded from JSON with numbers as json.Number,
// comparing numbers by value (3 equals 3.0).
func equal(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, okx := new(big.Rat).SetString(a.String())
		y, oky := new(big.Rat).SetString(b.String())
		if !okx || !oky {
			return a == b
		}
		return x.Cmp(y) == 0
	case []any:
		b, ok := b.([]any)
		return ok && slices.EqualFunc(a, b, equal)
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !equal(va, vb) {
				return false
			}
		}
		return true
	default:
		return a == b
	}
}

// show writes a value decoded from JSON as compact JSON.
func show(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
