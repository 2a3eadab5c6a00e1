package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/spf13/cobra"

	"fray/scenario"
	"fray/store"
)

// contentUsage is the help of the --content flag, which play, sim, check
// and odds share.
const contentUsage = "look for use: NAME in `DIR`/NAME.yaml, for every file loaded, after the file's own content: folders and before the bundled content (repeatable, searched in order)"

// addContentFlag adds --content to a command's flags, collecting its
// folders in dirs.
func addContentFlag(cmd *cobra.Command, dirs *[]string) {
	cmd.Flags().StringArrayVar(dirs, "content", nil, contentUsage)
}

// contentOptions checks the --content folders and returns the loader
// options that search them. A folder that is not there is a usage error.
func contentOptions(dirs []string) ([]scenario.Option, error) {
	for _, d := range dirs {
		info, err := os.Stat(d)
		switch {
		case err != nil:
			return nil, usageErrorf("--content %s: no such folder", d)
		case !info.IsDir():
			return nil, usageErrorf("--content %s: a file, not a folder of content documents", d)
		}
	}
	if len(dirs) == 0 {
		return nil, nil
	}
	return []scenario.Option{scenario.WithContent(dirs...)}, nil
}

// absAll returns the paths made absolute, for a saved fight that may be
// resumed from another directory; a path that cannot be made absolute is
// kept as it is.
func absAll(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
		out[i] = p
	}
	return out
}

// localEncounter returns the encounter document name in the --content
// folders (DIR/NAME.yaml with a top-level ruleset), with its path and
// contents; ok is false when no folder has one.
func localEncounter(dirs []string, name string) (path string, data []byte, ok bool, err error) {
	if name == "" || filepath.Base(name) != name || name[0] == '.' {
		return "", nil, false, nil
	}
	for _, d := range dirs {
		p := filepath.Join(d, name+".yaml")
		if _, err := os.Stat(p); err != nil {
			continue
		}
		if err := scenario.CheckInFolder(d, p); err != nil {
			return "", nil, false, fmt.Errorf("reading the encounter: %w", err)
		}
		data, err := scenario.ReadFile(p)
		if err != nil {
			return "", nil, false, fmt.Errorf("reading the encounter %s: %w", p, err)
		}
		if kind, err := scenario.Detect(p, data); err == nil && kind == scenario.EncounterFile {
			return p, data, true, nil
		}
	}
	return "", nil, false, nil
}

// usesLocalContent reports whether an encounter file names content
// folders with a top-level content: key.
func usesLocalContent(data []byte) bool {
	var doc struct {
		Content any `yaml:"content"`
	}
	return yaml.Unmarshal(data, &doc) == nil && doc.Content != nil
}

// embedContent gathers the local content an encounter (the file text
// data, whose relative content: folders start at dir) may bring in, for a
// stored fight to carry: every NAME.yaml of each relative content: folder
// as FOLDER/NAME.yaml, and of the folders flags (--content) as
// --content/N/NAME.yaml. Absolute content: folders are not embedded: the
// fight needs them where they are.
func embedContent(data []byte, dir string, flags []string) (map[string]string, error) {
	var doc struct {
		Content any `yaml:"content"`
	}
	var folders []string
	if yaml.Unmarshal(data, &doc) == nil {
		switch c := doc.Content.(type) {
		case string:
			folders = append(folders, c)
		case []any:
			for _, x := range c {
				if s, ok := x.(string); ok {
					folders = append(folders, s)
				}
			}
		}
	}
	out := map[string]string{}
	size := 0
	add := func(key, path string) error {
		text, err := scenario.ReadFile(path)
		if err != nil {
			return fmt.Errorf("embedding the content %s in the stored fight: %w", path, err)
		}
		if size += len(text); size > scenario.MaxContentSize || len(out) >= scenario.MaxContentDocs {
			return fmt.Errorf("the content folders hold more than %d documents or %d bytes, too much to embed in a stored fight", scenario.MaxContentDocs, scenario.MaxContentSize)
		}
		out[key] = string(text)
		return nil
	}
	walk := func(prefix, folder string) error {
		entries, err := os.ReadDir(folder)
		if err != nil {
			return nil // the loader reports a missing folder
		}
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), ".yaml")
			if !ok || e.IsDir() || name == "" || name[0] == '.' {
				continue
			}
			if scenario.CheckInFolder(folder, filepath.Join(folder, e.Name())) != nil {
				continue // a link out of the folder, which the loader refuses to use
			}
			if err := add(path.Join(prefix, e.Name()), filepath.Join(folder, e.Name())); err != nil {
				return err
			}
		}
		return nil
	}
	for _, f := range folders {
		rel := filepath.ToSlash(filepath.Clean(f))
		if filepath.IsAbs(f) || !filepath.IsLocal(f) {
			continue
		}
		if err := walk(rel, filepath.Join(dir, f)); err != nil {
			return nil, err
		}
	}
	for i, f := range flags {
		if err := walk(path.Join(store.FlagContent, strconv.Itoa(i)), f); err != nil {
			return nil, err
		}
	}
	return out, nil
}
