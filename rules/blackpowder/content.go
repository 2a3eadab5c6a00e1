package blackpowder

import (
	"embed"

	"fray/rules/parts"
)

//go:embed content/*.yaml
var contentFS embed.FS

// content returns the bundled content (stat blocks, weapons, encounters)
// by name: the file name without .yaml.
func content() map[string][]byte { return parts.YAMLDocuments(contentFS, "content") }
