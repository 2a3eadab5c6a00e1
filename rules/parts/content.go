// Package parts holds pieces several rulesets share.
package parts

import (
	"io/fs"
	"path"
	"strings"
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
