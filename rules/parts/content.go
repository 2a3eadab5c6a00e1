// Package parts holds pieces several rulesets share.
package parts

import (
	"io/fs"
	"path"
	"strings"

	"fray/engine"
)

// YAMLDocuments returns the .yaml files of directory dir of fsys by name
// (the file name without .yaml): a ruleset's bundled content, embedded.
// Files that cannot be read are left out; from an embed.FS none can fail.
func YAMLDocuments(fsys fs.FS, dir string) map[string][]byte {
	out := map[string][]byte{}
	entries, _ := fs.ReadDir(fsys, dir)
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".yaml")
		if !ok || e.IsDir() {
			continue
		}
		if data, err := fs.ReadFile(fsys, path.Join(dir, e.Name())); err == nil {
			out[name] = data
		}
	}
	return out
}

// Plugin is a ruleset's engine.Plugin: its game g, its summary in one
// line, its encounter spec type (a file is decoded into a new *Sp) and its
// bundled content. A ruleset's Plugin function returns it:
//
//	return parts.Plugin[State, Command, Event, Spec](Rules{}, "what it is", Content)
func Plugin[S, C, E, Sp any, P interface {
	*Sp
	engine.EncounterSpec
}](g engine.Game[S, C, E], summary string, content func() map[string][]byte) engine.Plugin[S, C, E] {
	return engine.Plugin[S, C, E]{Game: g, Summary: summary, NewSpec: func() engine.EncounterSpec { return P(new(Sp)) }, Content: content}
}
