package store

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"fray/scenario"
)

// FlagContent is the folder under which Header.Content keeps the
// documents of content folders given apart from the encounter (fray's
// --content): FlagContent/N/NAME.yaml for the Nth, searched in order.
const FlagContent = "--content"

// contentJSON encodes a header's embedded content for its column.
func contentJSON(h Header) string {
	if len(h.Content) == 0 {
		return "{}"
	}
	data, err := json.Marshal(h.Content)
	if err != nil {
		return "{}" // a map of strings always encodes
	}
	return string(data)
}

// contentOf decodes a content column.
func contentOf(text string) (map[string]string, error) {
	if text == "" || text == "{}" {
		return nil, nil
	}
	var m map[string]string
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return nil, fmt.Errorf("loading the embedded content: %w", err)
	}
	return m, nil
}

// checkContent checks the paths of embedded content: relative, local,
// each NAME.yaml, within scenario's limits on local content.
func checkContent(content map[string]string) error {
	size := 0
	for path, text := range content {
		if !filepath.IsLocal(path) || filepath.ToSlash(filepath.Clean(path)) != path || !strings.HasSuffix(path, ".yaml") {
			return fmt.Errorf("embedded content %q: want a relative path FOLDER/NAME.yaml", path)
		}
		size += len(text)
	}
	if len(content) > scenario.MaxContentDocs*4 || size > scenario.MaxContentSize {
		return fmt.Errorf("embedded content: %d documents of %d bytes, more than the %d documents and %d bytes allowed", len(content), size, scenario.MaxContentDocs*4, scenario.MaxContentSize)
	}
	return nil
}

// laidOut writes a header's embedded content to a new temporary folder
// and returns the options that load the encounter from it: its relative
// content: folders start there, and the FlagContent folders are searched
// in order. done removes the folder. Without embedded content it returns
// no options.
func laidOut(h Header) (opts []scenario.Option, done func(), err error) {
	if len(h.Content) == 0 {
		return nil, func() {}, nil
	}
	if err := checkContent(h.Content); err != nil {
		return nil, nil, fmt.Errorf("fight %s: %w", h.ID, err)
	}
	dir, err := os.MkdirTemp("", "fray-content-")
	if err != nil {
		return nil, nil, fmt.Errorf("fight %s: laying out its content: %w", h.ID, err)
	}
	done = func() { os.RemoveAll(dir) }
	var flags []int
	for path, text := range h.Content {
		full := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o700); err != nil {
			done()
			return nil, nil, fmt.Errorf("fight %s: laying out its content: %w", h.ID, err)
		}
		if err := os.WriteFile(full, []byte(text), 0o600); err != nil {
			done()
			return nil, nil, fmt.Errorf("fight %s: laying out its content: %w", h.ID, err)
		}
		if rest, ok := strings.CutPrefix(path, FlagContent+"/"); ok {
			n, _, _ := strings.Cut(rest, "/")
			if i, err := strconv.Atoi(n); err == nil && !slices.Contains(flags, i) {
				flags = append(flags, i)
			}
		}
	}
	slices.Sort(flags)
	opts = []scenario.Option{scenario.WithDir(dir)}
	for _, i := range flags {
		opts = append(opts, scenario.WithContent(filepath.Join(dir, FlagContent, strconv.Itoa(i))))
	}
	return opts, done, nil
}
