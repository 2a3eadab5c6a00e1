package tempo

import (
	"embed"
	"io/fs"
	"path"
	"strings"
)

//go:embed content/*.yaml
var contentFS embed.FS

// content returns the bundled weapons, armour, fighters and encounters by
// name (the file name without .yaml).
func content() map[string][]byte {
	out := map[string][]byte{}
	entries, _ := fs.ReadDir(contentFS, "content") // embedded: cannot fail
	for _, e := range entries {
		data, _ := contentFS.ReadFile(path.Join("content", e.Name()))
		out[strings.TrimSuffix(e.Name(), ".yaml")] = data
	}
	return out
}
