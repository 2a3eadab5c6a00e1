package parts

import "unsafe"

// TagCache keeps the outcome tags a ruleset's Outcome gives others'
// results (Tag), each made once: an id, a colon and a tag ("bob:hit"). A
// state's hot memory holds one, so that the exact odds, which take a
// decision's outcome after every step of every resolution, do not make
// the same strings again and again. The table's path has none (a nil
// *TagCache), and makes each tag anew. The zero value is ready.
type TagCache struct {
	// of are the tags made so far, one entry per combatant named.
	of []othersTags
}

// maxKeptTags bounds the tags kept for one combatant: past it, a tag not
// kept is made anew each time.
const maxKeptTags = 64

// othersTags are the tags made for one combatant's results: names[i] is
// id, a colon and bare[i].
type othersTags struct {
	id          string
	bare, names []string
}

// Tag appends to tags the tag name of who's result in the outcome of
// actor's decision, as the function Tag does: name itself when who is the actor,
// else who's id and a colon before it, the one c keeps when c is not nil.
func (c *TagCache) Tag(tags []string, actor, who, name string) []string {
	if who == actor {
		return append(tags, name)
	}
	if c == nil {
		return append(tags, who+":"+name)
	}
	i := 0
	for i < len(c.of) && !sameString(c.of[i].id, who) {
		i++
	}
	if i == len(c.of) {
		c.of = append(c.of, othersTags{id: who})
	}
	o := &c.of[i]
	// Most names are the same string each time (a literal, a table's):
	// look for the very string first, then for an equal one.
	for j, b := range o.bare {
		if len(b) == len(name) && unsafe.StringData(b) == unsafe.StringData(name) {
			return append(tags, o.names[j])
		}
	}
	for j, b := range o.bare {
		if b == name {
			return append(tags, o.names[j])
		}
	}
	full := who + ":" + name
	if len(o.bare) == maxKeptTags {
		return append(tags, full)
	}
	o.bare = append(o.bare, name)
	o.names = append(o.names, full)
	return append(tags, full)
}

// sameString reports whether a and b are equal, at once when they are the
// very same string.
func sameString(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}
