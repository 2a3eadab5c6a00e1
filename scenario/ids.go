package scenario

import (
	"errors"
	"fmt"
	"strings"

	"fray/engine"
)

// checkIDs checks the ids of an encounter the ruleset started against the
// engine's identity rule (engine.CheckRoster) and places each id that
// breaks it at the field of the file that wrote it: the "id:" holding it
// (a combatant's, or a side's in a list of sides or groups), else a field
// naming it as a combatant's side or group.
func checkIDs(file string, root *node, prefix string, t engine.Table) []*Problem {
	err := engine.CheckRoster(t)
	if err == nil {
		return nil
	}
	var out []*Problem
	for _, e := range leaves(err) {
		ie, ok := errors.AsType[*engine.IDError](e)
		if !ok {
			out = append(out, &Problem{Pos: Pos{File: file}, Msg: e.Error()})
			continue
		}
		path, at, found := findID(root, "", ie.ID, "id")
		if !found && ie.Of == "side" {
			for _, key := range []string{"side", "group", "team"} {
				if path, at, found = findID(root, "", ie.ID, key); found {
					break
				}
			}
		}
		if !found {
			out = append(out, &Problem{Pos: Pos{File: file}, Msg: fmt.Sprintf("%s %s: %v", ie.Of, engine.Quote(ie.ID), ie.Err)})
			continue
		}
		pos, note := at.where()
		out = append(out, &Problem{Pos: pos, Msg: fmt.Sprintf("%s%s: %v%s", prefix, path, ie.Err, note)})
	}
	return out
}

// findID returns the path and place of the first entry of n, depth first
// in the order written, whose key is key and whose value is the text id.
func findID(n *node, path, id, key string) (string, loc, bool) {
	switch n.kind {
	case mapNode:
		for _, e := range n.entries {
			at := e.key
			if path != "" {
				at = path + "." + e.key
			}
			if e.key == key && e.value.kind == scalarNode {
				if s, ok := e.value.value.(string); ok && s == id {
					return at, e.value.loc, true
				}
			}
			if p, l, ok := findID(e.value, at, id, key); ok {
				return p, l, true
			}
		}
	case seqNode:
		for i, it := range n.items {
			if p, l, ok := findID(it, fmt.Sprintf("%s[%d]", path, i), id, key); ok {
				return p, l, true
			}
		}
	}
	return "", loc{}, false
}

// fileIDs checks every id the encounter document n writes (the text of
// each "id:" key, a combatant's, a side's or a group's) against the
// engine's identity rule before the ruleset sees the spec, so that every
// ruleset refuses a bad id with the same words; path is n's path.
func fileIDs(n *node, prefix, path string) []*Problem {
	var out []*Problem
	switch n.kind {
	case mapNode:
		for _, e := range n.entries {
			at := e.key
			if path != "" {
				at = path + "." + e.key
			}
			if e.key == idKey && e.value.kind == scalarNode {
				if s, ok := e.value.value.(string); ok {
					if err := engine.CheckID(s); err != nil {
						pos, note := e.value.loc.where()
						out = append(out, &Problem{Pos: pos, Msg: fmt.Sprintf("%s%s: %v%s", prefix, at, err, note)})
					}
				}
				continue
			}
			out = append(out, fileIDs(e.value, prefix, at)...)
		}
	case seqNode:
		for i, it := range n.items {
			out = append(out, fileIDs(it, prefix, fmt.Sprintf("%s[%d]", path, i))...)
		}
	}
	return out
}

// idKey is the key of an id in an encounter document.
const idKey = "id"

// excerpt writes text from a file, unquoted, as at most an excerpt: as it
// is when short and printable, else quoted by engine.Quote.
func excerpt(text string) string {
	if len(text) <= engine.MaxExcerpt && !strings.ContainsFunc(text, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return text
	}
	return engine.Quote(text)
}
