package scenario

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fray/engine"
)

// contentKey is the optional top-level key of an encounter or scenario
// file naming local content folders: one folder, or a list of them,
// relative to the file's own directory.
const contentKey = "content"

// contentExt is the extension of a local content document: "use: NAME"
// finds NAME.yaml in a content folder.
const contentExt = ".yaml"

// The limits on the local content one file may bring in with "use:",
// beside those on every document (MaxFileSize, MaxDepth, MaxNodes).
// docs/scenarios.md describes them.
const (
	// MaxContentDocs is the most local content documents one file (with
	// its encounter) may bring in.
	MaxContentDocs = 256
	// MaxContentSize is the most bytes of local content documents, all
	// together, one file may bring in.
	MaxContentSize = 16 << 20
	// maxContentListed bounds the entries of a content folder read to
	// list what it has, in the message for a name it does not have.
	maxContentListed = 1000
)

// Option changes how a file is loaded: where "use:" looks for content
// (WithContent) and where a file's relative paths start (WithDir).
type Option func(*options)

// options are the settings Options make.
type options struct {
	content  []string // WithContent's folders, in order
	dir      string   // WithDir's directory
	dirSet   bool
	confined bool // Confined
}

// WithContent adds local content folders that "use: NAME" searches for
// NAME.yaml in every file loaded, after the folders the file names itself
// with its "content:" key and before the ruleset's bundled content. The
// folders are searched in the order given; the first that has NAME wins.
// fray's --content flag passes its folders here.
func WithContent(dirs ...string) Option {
	return func(o *options) { o.content = append(o.content, dirs...) }
}

// WithDir says that the relative paths a file writes ("content:", and a
// scenario's "encounter:") start at dir, for a file whose name in
// messages is not its path (a file already read, or changed in memory as
// fray sim --vary changes it). Without it they start at the directory of
// the file's name.
func WithDir(dir string) Option {
	return func(o *options) { o.dir, o.dirSet = dir, true }
}

// Confined keeps the "content:" folders a file names inside the folder
// its relative paths start at, which WithDir must set: a folder given by an
// absolute path or reaching outside with ".." is refused, and without
// WithDir every folder is. A program loading an encounter it was sent
// rather than one its user chose (fray serve, which lays out the content
// sent with the encounter in a folder of its own) confines it, so that
// the encounter reads no folder of the machine it runs on.
func Confined() Option {
	return func(o *options) { o.confined = true }
}

// makeOptions applies opts.
func makeOptions(opts []Option) options {
	var o options
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// dirOf returns the directory a file named file writes its relative paths
// from.
func (o options) dirOf(file string) string {
	if o.dirSet {
		return o.dir
	}
	return filepath.Dir(file)
}

// folder is a local content folder, and what named it, for messages.
type folder struct {
	dir  string
	from string // "content: at FILE:LINE" or "--content"
}

// contentBase is where a file's relative "content:" folders start: dir, and
// whether the folders must stay inside it (see Confined).
func (o options) contentBase(file string) contentBase {
	return contentBase{dir: o.dirOf(file), confined: o.confined, inside: o.confined && o.dirSet}
}

// contentBase is where a document's "content:" folders start, and how far they
// may reach.
type contentBase struct {
	dir      string
	confined bool // the folders must be local to dir
	inside   bool // with confined: dir is one the folders may be in at all
}

// contentFolders reads the "content:" entry e of a document (nil when it
// has none), whose relative paths start at b, into folders. Problems
// with it are reported at it.
func contentFolders(e *entry, b contentBase) ([]folder, []*Problem) {
	dir := b.dir
	if e == nil {
		return nil, nil
	}
	var items []*node
	switch e.value.kind {
	case scalarNode:
		items = []*node{e.value}
	case seqNode:
		items = e.value.items
	default:
		return nil, []*Problem{{Pos: e.value.loc.pos, Msg: fmt.Sprintf("content: want a folder of content documents (NAME.yaml), or a list of them, got %s", e.value.describe())}}
	}
	var out []folder
	var problems []*Problem
	for i, it := range items {
		what := contentKey
		if e.value.kind == seqNode {
			what = fmt.Sprintf("%s[%d]", contentKey, i)
		}
		s, ok := it.value.(string)
		if !ok || strings.TrimSpace(s) == "" {
			problems = append(problems, &Problem{Pos: it.loc.pos, Msg: fmt.Sprintf("%s: want the path of a folder of content documents, got %s", what, it.describe())})
			continue
		}
		if b.confined && (!b.inside || !filepath.IsLocal(s)) {
			problems = append(problems, &Problem{Pos: it.loc.pos, Msg: fmt.Sprintf("%s: %s: this encounter may read no folder but those of the content sent with it (a relative FOLDER of its documents FOLDER/NAME.yaml)", what, engine.Quote(s))})
			continue
		}
		path := s
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		if err := isFolder(path); err != nil {
			problems = append(problems, &Problem{Pos: it.loc.pos, Msg: fmt.Sprintf("%s: %v (the path is relative to the file's own folder)", what, err)})
			continue
		}
		out = append(out, folder{dir: path, from: fmt.Sprintf("content: at %s", it.loc.pos)})
	}
	return out, problems
}

// flagFolders returns WithContent's folders, checking each: problems are
// reported at file, which is being loaded.
func (o options) flagFolders(file string) ([]folder, []*Problem) {
	var out []folder
	var problems []*Problem
	for _, dir := range o.content {
		if err := isFolder(dir); err != nil {
			problems = append(problems, &Problem{Pos: Pos{File: file}, Msg: fmt.Sprintf("--content: %v", err)})
			continue
		}
		out = append(out, folder{dir: dir, from: "--content"})
	}
	return out, problems
}

// isFolder returns an error unless path is a directory.
func isFolder(path string) error {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("no folder %s", path)
	case err != nil:
		return err
	case !info.IsDir():
		return fmt.Errorf("%s is a file, not a folder of content documents", path)
	}
	return nil
}

// validContentName reports whether name can be the base name of a local
// content document: no path separators, and not starting with a dot, so
// that "use:" never reaches outside its folders.
func validContentName(name string) bool {
	return name != "" && !strings.ContainsAny(name, `/\`+"\x00") && !strings.HasPrefix(name, ".")
}

// findLocal returns the path of the local content document name in the
// first of folders that has it, or "" when none has.
func findLocal(folders []folder, name string) (string, *folder) {
	if !validContentName(name) {
		return "", nil
	}
	for i, f := range folders {
		p := filepath.Join(f.dir, name+contentExt)
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			return p, &folders[i]
		}
	}
	return "", nil
}

// CheckInFolder returns an error unless path, a file of the content
// folder dir, is inside dir once every symbolic link is followed: a
// content document may be a link to another file of its folder (or of a
// folder inside it), never to a file elsewhere on the machine, so that
// "use:" and --content read only what the folders hold and no message
// echoes the lines of a file outside them.
func CheckInFolder(dir, path string) error {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("the folder %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	rel, err := filepath.Rel(root, real)
	if err != nil || !filepath.IsLocal(rel) {
		return fmt.Errorf("%s is a symbolic link to a file outside the folder %s; content documents are read only from inside their folders", path, dir)
	}
	return nil
}

// listFolder returns the names of the content documents in dir, sorted
// (at most maxContentListed entries of the folder are read).
func listFolder(dir string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	entries, _ := f.ReadDir(maxContentListed)
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), contentExt); ok && !e.IsDir() && validContentName(name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
