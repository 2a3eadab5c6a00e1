package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"

	"fray/engine"
)

// FieldPath is the path of a field of an encounter file as written: keys
// joined by dots, each with any [N] after it for the Nth item of a list
// (from 0), as in "combatants[1].evade" or
// "combatants[0].weapons[0].damage_mod". A key may also name the item of a
// list whose "id" (or, without one, "name") it is, where that is unique,
// as in "combatants.markus.weapons.pistol.damage_mod". ParseFieldPath
// makes one; the
// zero FieldPath names no field.
type FieldPath struct {
	text string
	segs []segment
}

// ParseFieldPath reads a field path such as "combatants[1].evade". The
// error says what is malformed.
func ParseFieldPath(path string) (FieldPath, error) {
	if path == "" {
		return FieldPath{}, errors.New("an empty path; write keys joined by dots, each with any [N] after it, as in combatants[1].evade")
	}
	segs, err := parsePath(path)
	if err != nil {
		return FieldPath{}, err
	}
	return FieldPath{text: path, segs: segs}, nil
}

// String returns the path as it was written.
func (p FieldPath) String() string { return p.text }

// SetField returns the encounter file data (named name in messages) with
// the field at path set to value: nil, a bool, an int, int64, uint64 or
// float64, or a string. It is how a program varies an encounter, as
// "fray sim --vary" does.
//
// A mapping that starts from bundled content ("use: NAME") is looked into
// as the loader merges it: a key the file leaves to the content is copied
// from it, lists whole, before the path goes deeper, so that
// "combatants[0].weapons[0].damage_mod" changes a weapon of a stat block
// the file only names. A key that is nowhere is added, with mappings made
// on the way. The rest of the file is left as the loader reads it, though
// not as written: comments go, and aliases are written out.
//
// The error says what is wrong and names the part of the path where it
// went wrong ("combatants has 2 entries, so there is no [5]"); the value is
// not checked against the ruleset, which loading the result does.
//
// Content is found as the loader finds it: opts give the folders of
// --content (WithContent) and where the file's own "content:" folders
// start (WithDir; else the directory of name).
func SetField(reg *engine.Registry, name string, data []byte, path FieldPath, value any, opts ...Option) ([]byte, error) {
	if path.segs == nil {
		return nil, errors.New("no field path given")
	}
	leaf, err := scalarOf(value)
	if err != nil {
		return nil, fmt.Errorf("setting %s: %w", path, err)
	}
	root, problems := parseYAML(name, "", data)
	if len(problems) > 0 {
		return nil, fmt.Errorf("reading the encounter: %w", joinProblems(problems))
	}
	if root == nil {
		return nil, &Problem{Pos: Pos{File: name}, Msg: "the file is empty; an encounter starts with \"ruleset: ID\""}
	}
	info, problem := rulesetOf(reg, root, "")
	if problem != nil {
		return nil, problem
	}
	o := makeOptions(opts)
	own, problems := contentFolders(root.get(contentKey), o.contentBase(name))
	flags, more := o.flagFolders(name)
	if problems = append(problems, more...); len(problems) > 0 {
		return nil, joinProblems(problems)
	}
	s := &setter{r: newResolver(info, append(own, flags...)), leaf: leaf}
	out, err := s.set(root, nil, path.segs, "")
	if err != nil {
		return nil, err
	}
	b, err := yaml.Marshal(out.ordered())
	if err != nil {
		return nil, fmt.Errorf("writing the encounter: %w", err)
	}
	return b, nil
}

// scalarOf returns value as a scalar node, or an error for a value that is
// not one.
func scalarOf(value any) (*node, error) {
	switch v := value.(type) {
	case nil, bool, int64, uint64, float64, string:
		return &node{kind: scalarNode, value: v}, nil
	case int:
		return &node{kind: scalarNode, value: int64(v)}, nil
	}
	return nil, fmt.Errorf("%v is a %T; a field is set to a number, a boolean, text or nil", value, value)
}

// setter sets one field of an encounter document.
type setter struct {
	r    *resolver
	leaf *node // the value to set
}

// set returns n with the field at segs set to s.leaf; at is the path to n,
// for messages. It copies what it changes rather than changing n, which
// may be shared through YAML aliases.
//
// layers are the mappings of bundled content that n is laid over when the
// file is loaded, the outermost first: the content its enclosing mappings
// bring in, at n's place in them. They give the keys n leaves to content.
func (s *setter) set(n *node, layers []*node, segs []segment, at string) (*node, error) {
	if len(segs) == 0 {
		if n.kind != scalarNode {
			return nil, fmt.Errorf("%s is %s, not a single value", nameOf(at), n.describe())
		}
		return s.leaf, nil
	}
	seg := segs[0]
	if !seg.isIndex && n.kind == seqNode {
		i, err := s.itemNamed(n, seg.key, at)
		if err != nil {
			return nil, err
		}
		seg = segment{index: i, isIndex: true}
	}
	if seg.isIndex {
		if n.kind != seqNode {
			return nil, fmt.Errorf("%s is %s, not a list", nameOf(at), n.describe())
		}
		if seg.index >= len(n.items) {
			return nil, fmt.Errorf("%s has %d entries, so there is no [%d]", nameOf(at), len(n.items), seg.index)
		}
		// A list is taken whole: its items are laid over nothing.
		item, err := s.set(n.items[seg.index], nil, segs[1:], fmt.Sprintf("%s[%d]", at, seg.index))
		if err != nil {
			return nil, err
		}
		c := *n
		c.items = slices.Clone(n.items)
		c.items[seg.index] = item
		return &c, nil
	}
	if n.kind != mapNode {
		return nil, fmt.Errorf("%s is %s, not a mapping", nameOf(at), n.describe())
	}
	if use := n.get(useKey); use != nil {
		content := s.r.use(use)
		if content == nil {
			return nil, fmt.Errorf("%s: %w", nameOf(at), joinProblems(s.r.problems))
		}
		layers = append(slices.Clip(layers), content)
	}
	sub := seg.key
	if at != "" {
		sub = at + "." + seg.key
	}
	c := *n
	c.entries = slices.Clone(n.entries)
	i := slices.IndexFunc(c.entries, func(e *entry) bool { return e.key == seg.key })
	var child *node
	var below []*node
	if i >= 0 {
		child = c.entries[i].value
		for _, l := range layers {
			if e := l.get(seg.key); e != nil && e.value.kind == mapNode {
				below = append(below, e.value)
			}
		}
	} else {
		child = inherited(layers, seg.key)
		switch {
		case child != nil:
		case len(segs) == 1:
			child = &node{kind: scalarNode}
		case !segs[1].isIndex:
			child = &node{kind: mapNode}
		default:
			return nil, fmt.Errorf("%s has no list %q", nameOf(at), seg.key)
		}
		c.entries = append(c.entries, &entry{key: seg.key, loc: n.loc, value: child})
		i = len(c.entries) - 1
	}
	v, err := s.set(child, below, segs[1:], sub)
	if err != nil {
		return nil, err
	}
	e := *c.entries[i]
	e.value = v
	c.entries[i] = &e
	return &c, nil
}

// itemNamed returns the position in list n of the item named key: the
// mapping whose "id", or without one "name", is key, as written or as the
// content it uses gives it. at is the path to n, for messages.
func (s *setter) itemNamed(n *node, key, at string) (int, error) {
	found := -1
	var names []string
	for i, it := range n.items {
		name, ok := s.nameOf(it)
		if !ok {
			continue
		}
		names = append(names, name)
		if name != key {
			continue
		}
		if found >= 0 {
			return 0, fmt.Errorf("%s has two items named %q ([%d] and [%d]); use [i] to pick one", nameOf(at), key, found, i)
		}
		found = i
	}
	if found < 0 {
		if len(names) == 0 {
			return 0, fmt.Errorf("%s is a list without ids or names; use [i] to pick an item", nameOf(at))
		}
		return 0, fmt.Errorf("%s has no item named %q; names: %s", nameOf(at), key, strings.Join(names, ", "))
	}
	return found, nil
}

// nameOf returns the "id", or without one the "name", of a list item, as
// written or as the content it uses gives it.
func (s *setter) nameOf(it *node) (string, bool) {
	if it.kind != mapNode {
		return "", false
	}
	for _, key := range []string{"id", "name"} {
		if e := it.get(key); e != nil {
			return e.value.text()
		}
	}
	if use := it.get(useKey); use != nil {
		if content := s.r.use(use); content != nil {
			return s.nameOf(content)
		}
	}
	return "", false
}

// inherited returns the value of key that layers of content give a
// mapping that leaves key out, merged as the loader merges them, or nil
// when none has it.
func inherited(layers []*node, key string) *node {
	var v *node
	for i := len(layers) - 1; i >= 0; i-- {
		e := layers[i].get(key)
		switch {
		case e == nil:
		case v == nil:
			v = e.value
		case v.kind == mapNode && e.value.kind == mapNode:
			v = merge(e.value, v)
		}
	}
	return v
}

// nameOf names a path in messages.
func nameOf(at string) string {
	if at == "" {
		return "the encounter"
	}
	return at
}
