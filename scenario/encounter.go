package scenario

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"fray/engine"
)

// useKey is the key by which any mapping of an encounter starts from a
// bundled content document.
const useKey = "use"

// rulesetKey is the top-level key of an encounter file naming its ruleset.
const rulesetKey = "ruleset"

// startKey is the optional top-level key of an encounter file (and of a
// scenario file, laid over its encounter's) that holds the starting state,
// for a ruleset whose spec implements engine.StartingState.
const startKey = "start"

// simKey is the optional top-level key of an encounter file that holds the
// settings of simulated fights (SimBlock); no ruleset sees it.
const simKey = "sim"

// SimBlock is the optional top-level "sim:" block of an encounter file: how
// "fray sim" runs the encounter unless the command line says otherwise. It
// belongs to no ruleset: the loader reads it and the ruleset never sees it.
// The loader checks its shape; which sides and policies exist is checked
// by the simulator, which knows them.
type SimBlock struct {
	// Policies maps a side (a group, a team) to the name of the policy
	// that decides for it.
	Policies map[string]string `yaml:"policies,omitempty" doc:"the policy that decides for each side in simulated fights, by side id: tactical (the default) or random"`

	pos map[string]Pos // where each policy was written
}

// Pos returns where the policy of a side was written in the file, or the
// zero Pos when it was not.
func (b *SimBlock) Pos(side string) Pos { return b.pos[side] }

// Loaded is an encounter file once read: the encounter, started, and
// the file's sim: block (empty when it has none).
type Loaded struct {
	Table engine.Table
	Sim   SimBlock
}

// LoadEncounter reads the encounter file at path and starts its encounter:
// it finds the ruleset the file names in reg, brings in content ("use:"),
// decodes the file strictly into the ruleset's spec and calls its Start.
// The error, if any, joins a *Problem for every problem found.
//
// "use: NAME" looks for NAME.yaml in the local content folders the file
// names with its "content:" key, then in those of WithContent, then in
// the ruleset's bundled content; the first found wins.
func LoadEncounter(reg *engine.Registry, path string, opts ...Option) (engine.Table, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the encounter: %w", err)
	}
	return ParseEncounter(reg, path, data, opts...)
}

// ParseEncounter is LoadEncounter for a file already read; name is the
// file's name in messages, and its directory is where the file's relative
// "content:" folders start unless WithDir says otherwise.
func ParseEncounter(reg *engine.Registry, name string, data []byte, opts ...Option) (engine.Table, error) {
	f, err := ReadEncounter(reg, name, data, opts...)
	if err != nil {
		return nil, err
	}
	return f.Table, nil
}

// ReadEncounter is ParseEncounter that also returns the file's sim: block.
func ReadEncounter(reg *engine.Registry, name string, data []byte, opts ...Option) (*Loaded, error) {
	root, problems := parseYAML(name, "", data)
	if len(problems) > 0 {
		return nil, joinProblems(problems)
	}
	if root == nil {
		return nil, &Problem{Pos: Pos{File: name}, Msg: "the file is empty; an encounter starts with \"ruleset: ID\""}
	}
	o := makeOptions(opts)
	flags, problems := o.flagFolders(name)
	if len(problems) > 0 {
		return nil, joinProblems(problems)
	}
	f, problems := startEncounter(reg, name, root, "", nil, o.contentBase(name), flags)
	if len(problems) > 0 {
		return nil, joinProblems(problems)
	}
	return f, nil
}

// joinProblems joins problems into one error, one per line.
func joinProblems(problems []*Problem) error {
	errs := make([]error, len(problems))
	for i, p := range problems {
		errs[i] = p
	}
	return errors.Join(errs...)
}

// startEncounter does the work of ReadEncounter on a parsed document,
// which may be part of a scenario file: prefix is written before every
// field path in messages ("encounter."). start, when not nil, is the
// "start:" of a scenario file, laid over the encounter's own (see merge).
// The document's own "content:" folders, relative to base, are searched
// before outer, the folders of the scenario file and WithContent.
func startEncounter(reg *engine.Registry, file string, root *node, prefix string, start *entry, base contentBase, outer []folder) (*Loaded, []*Problem) {
	info, problem := rulesetOf(reg, root, prefix)
	if problem != nil {
		return nil, []*Problem{problem}
	}
	own, problems := contentFolders(root.get(contentKey), base)
	if len(problems) > 0 {
		return nil, problems
	}
	if start != nil {
		root = withStart(root, start)
	}
	id := info.ID
	r := newResolver(info, append(own, outer...))
	root = r.resolve(root)
	if len(r.problems) > 0 {
		return nil, r.problems
	}

	spec := info.NewSpec()
	sv := reflect.ValueOf(spec)
	if sv.Kind() != reflect.Pointer || sv.IsNil() {
		return nil, []*Problem{{Pos: Pos{File: file}, Msg: fmt.Sprintf("ruleset %s: NewSpec returned %T, not a pointer to a spec", id, spec)}}
	}
	d := newDecoder(prefix)
	d.decode(root, sv.Elem(), "", rulesetKey, simKey, startKey, contentKey)
	if e := root.get(startKey); e != nil {
		ss, ok := spec.(engine.StartingState)
		switch {
		case !ok:
			d.problemf(e.loc, "%s: ruleset %s cannot start part-way through a fight: its encounter spec does not implement engine.StartingState", d.at(startKey), id)
		case reflect.ValueOf(ss.StartingState()).Kind() != reflect.Pointer || reflect.ValueOf(ss.StartingState()).IsNil():
			d.problemf(e.loc, "%s: ruleset %s: StartingState returned %T, not a pointer to a starting state", d.at(startKey), id, ss.StartingState())
		default:
			d.decode(e.value, reflect.ValueOf(ss.StartingState()).Elem(), startKey)
		}
	}
	var sb SimBlock
	if e := root.get(simKey); e != nil {
		d.decode(e.value, reflect.ValueOf(&sb).Elem(), simKey)
		sb.pos = simPositions(e.value)
	}
	d.problems = append(d.problems, fileIDs(root, prefix, "")...)
	if len(d.problems) > 0 {
		return nil, d.problems
	}

	t, err := startSpec(id, spec)
	if err != nil {
		return nil, fieldProblems(file, root, prefix, err)
	}
	if t == nil {
		return nil, []*Problem{{Pos: Pos{File: file}, Msg: fmt.Sprintf("ruleset %s started no encounter", id)}}
	}
	if problems := checkIDs(file, root, prefix, t); len(problems) > 0 {
		return nil, problems
	}
	return &Loaded{Table: t, Sim: sb}, nil
}

// startSpec starts a decoded spec, turning a panic of the ruleset's Start
// into an error naming the ruleset, so that one bad file cannot stop a
// program that loads many (fray check DIR).
func startSpec(id string, spec engine.EncounterSpec) (t engine.Table, err error) {
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("the %s ruleset failed on this encounter (a bug in the ruleset, please report it): panic: %v", id, r)
		}
	}()
	return spec.Start()
}

// rulesetOf returns the ruleset an encounter document names in reg, or the
// problem with the document's "ruleset:". prefix is written before field
// paths in messages, as for startEncounter.
func rulesetOf(reg *engine.Registry, root *node, prefix string) (engine.RulesetInfo, *Problem) {
	where := strings.TrimSuffix(prefix, ".")
	if where == "" {
		where = "the top level"
	}
	if root.kind != mapNode {
		return engine.RulesetInfo{}, &Problem{Pos: root.loc.pos, Msg: fmt.Sprintf("an encounter is a mapping starting with \"ruleset: ID\"; %s is %s", where, root.describe())}
	}
	re := root.get(rulesetKey)
	if re == nil {
		return engine.RulesetInfo{}, &Problem{Pos: root.loc.pos, Msg: fmt.Sprintf("missing %q in %s; known rulesets: %s", rulesetKey, where, strings.Join(reg.IDs(), ", "))}
	}
	id, ok := re.value.text()
	if !ok {
		return engine.RulesetInfo{}, &Problem{Pos: re.value.loc.pos, Msg: fmt.Sprintf("%s: want a ruleset id; known rulesets: %s", prefix+rulesetKey, strings.Join(reg.IDs(), ", "))}
	}
	info, err := reg.Lookup(id)
	if err != nil {
		return engine.RulesetInfo{}, &Problem{Pos: re.value.loc.pos, Msg: err.Error()}
	}
	if info.NewSpec == nil {
		return engine.RulesetInfo{}, &Problem{Pos: re.value.loc.pos, Msg: fmt.Sprintf("ruleset %s does not read encounter files", id)}
	}
	return info, nil
}

// withStart returns the encounter document root with a scenario's "start:"
// entry laid over its own: mappings merged key by key, the scenario's
// values winning, as "use:" content is merged.
func withStart(root *node, start *entry) *node {
	c := *root
	c.entries = slices.Clone(root.entries)
	i := slices.IndexFunc(c.entries, func(e *entry) bool { return e.key == startKey })
	switch {
	case i < 0:
		c.entries = append(c.entries, start)
	case c.entries[i].value.kind == mapNode && start.value.kind == mapNode:
		c.entries[i] = &entry{key: startKey, loc: start.loc, value: merge(c.entries[i].value, start.value)}
	default:
		c.entries[i] = start
	}
	return &c
}

// simPositions records where each policy of a sim: block was written.
func simPositions(n *node) map[string]Pos {
	pol := n.get("policies")
	if pol == nil || pol.value.kind != mapNode {
		return nil
	}
	out := map[string]Pos{}
	for _, e := range pol.value.entries {
		out[e.key], _ = e.value.loc.where()
	}
	return out
}

// fieldProblems places the errors of EncounterSpec.Start in the file: each
// *engine.FieldError at the field it names (or the nearest part of its
// path that was written), any other error at the file.
func fieldProblems(file string, root *node, prefix string, err error) []*Problem {
	var out []*Problem
	for _, e := range leaves(err) {
		fe, ok := errors.AsType[*engine.FieldError](e)
		if !ok {
			out = append(out, &Problem{Pos: Pos{File: file}, Msg: e.Error()})
			continue
		}
		pos, note := root.locate(fe.Path).where()
		path := prefix + fe.Path
		if fe.Path == "" {
			path = strings.TrimSuffix(prefix, ".")
		}
		msg := fe.Msg + note
		if path != "" {
			msg = path + ": " + msg
		}
		out = append(out, &Problem{Pos: pos, Msg: msg})
	}
	return out
}

// leaves flattens errors joined with errors.Join (or wrapped several at a
// time), also inside an error that wraps such a join, into the errors they
// join.
func leaves(err error) []error {
	switch e := err.(type) {
	case interface{ Unwrap() []error }:
		var out []error
		for _, inner := range e.Unwrap() {
			out = append(out, leaves(inner)...)
		}
		return out
	case interface{ Unwrap() error }:
		if inner := e.Unwrap(); inner != nil {
			if ls := leaves(inner); len(ls) > 1 {
				return ls
			}
		}
	}
	return []error{err}
}

// resolver brings content into a document: every mapping with a
// "use: NAME" key becomes the content document NAME with the mapping's own
// keys laid over it. NAME is looked for as NAME.yaml in each local content
// folder in turn, then in the ruleset's bundled content.
type resolver struct {
	info     engine.RulesetInfo
	folders  []folder          // local content folders, searched in order
	content  map[string][]byte // bundled content, loaded on first use
	docs     map[string]*node  // resolved content documents
	paths    map[string]string // the file of each local content document
	active   []string          // content documents being resolved, to catch cycles
	site     Pos               // the "use:" in the file that the content being resolved is for
	problems []*Problem

	localDocs int           // local content documents read
	localSize int           // and their bytes
	copied    int           // values copied in from content, bounded by maxValues
	sizes     map[*node]int // the values of each resolved document
	overflow  bool          // copied went past maxValues (reported once)
}

func (r *resolver) problemf(l loc, format string, args ...any) {
	if l.content != "" && l.site == (Pos{}) {
		l.site = r.site
	}
	pos, note := l.where()
	r.problems = append(r.problems, &Problem{Pos: pos, Msg: fmt.Sprintf(format, args...) + note})
}

// newResolver returns a resolver for the local content in folders and the
// bundled content of a ruleset.
func newResolver(info engine.RulesetInfo, folders []folder) *resolver {
	return &resolver{info: info, folders: folders, docs: map[string]*node{}, paths: map[string]string{}, sizes: map[*node]int{}}
}

// resolve returns n with all content brought in. It builds new mappings
// rather than changing n, which may be shared through YAML aliases.
func (r *resolver) resolve(n *node) *node {
	switch n.kind {
	case seqNode:
		c := *n
		c.items = make([]*node, len(n.items))
		for i, it := range n.items {
			c.items[i] = r.resolve(it)
		}
		return &c
	case mapNode:
		c := *n
		c.entries = nil
		var use *entry
		for _, e := range n.entries {
			if e.key == useKey {
				use = e
				continue
			}
			c.entries = append(c.entries, &entry{key: e.key, loc: e.loc, value: r.resolve(e.value)})
		}
		if use == nil {
			return &c
		}
		base := r.use(use)
		if base == nil {
			return &c
		}
		return merge(base, &c)
	}
	return n
}

// use returns a copy of the resolved content document a "use:" entry
// names, marked as brought in there; nil after reporting a problem.
func (r *resolver) use(e *entry) *node {
	name, ok := e.value.text()
	if !ok {
		what := "bundled content"
		if len(r.folders) > 0 {
			what = "content"
		}
		r.problemf(e.value.loc, "use: want the name of %s; known: %s", what, r.known())
		return nil
	}
	doc := r.doc(name, e)
	if doc == nil {
		return nil
	}
	size, ok := r.sizes[doc]
	if !ok {
		size = expandedSize(doc, map[*node]int{})
		r.sizes[doc] = size
	}
	if r.copied += size; r.copied > maxValues {
		if !r.overflow {
			r.overflow = true
			r.problemf(e.value.loc, "use: the content brought in holds more than %d values, the limit", maxValues)
		}
		return nil
	}
	site := e.loc.pos
	if e.loc.content != "" {
		// Content using content: the outer document is brought into the
		// file later, which sets the site again.
		site = r.site
	}
	return doc.fromContent(site)
}

// doc returns the resolved content document name, resolving it on first
// use; nil after reporting a problem at the "use:" entry e.
func (r *resolver) doc(name string, e *entry) *node {
	if d, ok := r.docs[name]; ok {
		return d
	}
	if slices.Contains(r.active, name) {
		r.problemf(e.value.loc, "use: %s uses itself (%s → %s)", r.describe(name), strings.Join(r.active, " → "), name)
		return nil
	}
	var tree *node
	if path, f := findLocal(r.folders, name); path != "" {
		if tree = r.readLocal(name, path, f, e); tree == nil {
			return nil
		}
	} else {
		data, ok := r.bundled()[name]
		if !ok {
			r.problemf(e.value.loc, "use: %s", r.unknown(name))
			return nil
		}
		var problems []*Problem
		if tree, problems = parseYAML(name, name, data); len(problems) > 0 {
			for _, p := range problems {
				r.problemf(e.value.loc, "use: bundled content %q of ruleset %s is malformed: line %d, column %d: %s", name, r.info.ID, p.Pos.Line, p.Pos.Col, p.Msg)
			}
			return nil
		}
	}
	if tree == nil || tree.kind != mapNode {
		what := "empty"
		if tree != nil {
			what = tree.describe()
		}
		r.problemf(e.value.loc, "use: %s is %s, not a mapping, so it cannot be used here", r.describe(name), what)
		return nil
	}
	outer := r.site
	if e.loc.content == "" {
		r.site = e.loc.pos
	}
	r.active = append(r.active, name)
	tree = r.resolve(tree)
	r.active = r.active[:len(r.active)-1]
	r.site = outer
	r.docs[name] = tree
	return tree
}

// readLocal reads and parses the local content document name, found at
// path in folder f, within MaxContentDocs and MaxContentSize; nil after
// reporting a problem at the "use:" entry e.
func (r *resolver) readLocal(name, path string, f *folder, e *entry) *node {
	if r.localDocs >= MaxContentDocs {
		r.problemf(e.value.loc, "use: %s: the file brings in more than %d local content documents, the limit", engine.Quote(name), MaxContentDocs)
		return nil
	}
	if err := CheckInFolder(f.dir, path); err != nil {
		r.problemf(e.value.loc, "use: content %s in the folder %s (%s): %v", engine.Quote(name), f.dir, f.from, err)
		return nil
	}
	data, err := ReadFile(path)
	if err != nil {
		r.problemf(e.value.loc, "use: content %s in the folder %s (%s): %v", engine.Quote(name), f.dir, f.from, err)
		return nil
	}
	r.localDocs++
	if r.localSize += len(data); r.localSize > MaxContentSize {
		r.problemf(e.value.loc, "use: %s: the local content documents the file brings in hold more than %d bytes (16 MiB) together, the limit", engine.Quote(name), MaxContentSize)
		return nil
	}
	r.paths[name] = path
	tree, problems := parseTree(path, name, true, data)
	if len(problems) > 0 {
		for _, p := range problems {
			r.problemf(e.value.loc, "use: content file %s is malformed: %s", path, p)
		}
		return nil
	}
	return tree
}

// describe names the content document name in messages.
func (r *resolver) describe(name string) string {
	if p, ok := r.paths[name]; ok {
		return "content file " + p
	}
	return fmt.Sprintf("bundled content %q", name)
}

// unknown says that there is no content name: where it was looked for,
// and what each place has.
func (r *resolver) unknown(name string) string {
	if len(r.folders) == 0 {
		if len(r.bundled()) == 0 {
			return fmt.Sprintf("ruleset %s has no bundled content, so there is no %s", r.info.ID, engine.Quote(name))
		}
		return fmt.Sprintf("unknown bundled content %s; known: %s", engine.Quote(name), r.known())
	}
	var b strings.Builder
	if validContentName(name) {
		fmt.Fprintf(&b, "no content %s (%s) in", engine.Quote(name), excerpt(name+contentExt))
	} else {
		fmt.Fprintf(&b, "%s is not the name of content (a file's name in a content folder, without %s, or bundled content), so it is not in", engine.Quote(name), contentExt)
	}
	for i, f := range r.folders {
		if i > 0 {
			b.WriteString(",")
		}
		has := listFolder(f.dir)
		list := "nothing"
		if len(has) > 0 {
			list = strings.Join(has, ", ")
		}
		fmt.Fprintf(&b, " the folder %s (%s), which has %s", f.dir, f.from, list)
	}
	bundled := "it has none"
	if names := r.bundledNames(); len(names) > 0 {
		bundled = strings.Join(names, ", ")
	}
	fmt.Fprintf(&b, ", nor in the bundled content of ruleset %s (%s)", r.info.ID, bundled)
	return b.String()
}

// bundled returns the ruleset's bundled content, loading it on first use.
func (r *resolver) bundled() map[string][]byte {
	if r.content == nil {
		if r.info.Content != nil {
			r.content = r.info.Content()
		}
		if r.content == nil {
			r.content = map[string][]byte{}
		}
	}
	return r.content
}

// bundledNames returns the names of the ruleset's bundled content, sorted.
func (r *resolver) bundledNames() []string {
	names := make([]string, 0, len(r.bundled()))
	for n := range r.bundled() {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// known lists the names of the ruleset's bundled content, and of the
// local content in the folders, if any.
func (r *resolver) known() string {
	names := r.bundledNames()
	for _, f := range r.folders {
		names = append(names, listFolder(f.dir)...)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if len(names) == 0 {
		return "(none)"
	}
	return strings.Join(names, ", ")
}

// merge lays the keys of over onto base: a key in both whose values are
// both mappings is merged the same way; any other key of over replaces
// base's (lists are replaced whole). The result keeps base's key order,
// with over's new keys after, and takes its own place from over.
func merge(base, over *node) *node {
	out := &node{kind: mapNode, loc: over.loc}
	out.entries = append(out.entries, base.entries...)
	for _, e := range over.entries {
		i := slices.IndexFunc(out.entries, func(b *entry) bool { return b.key == e.key })
		switch {
		case i < 0:
			out.entries = append(out.entries, e)
		case out.entries[i].value.kind == mapNode && e.value.kind == mapNode:
			out.entries[i] = &entry{key: e.key, loc: e.loc, value: merge(out.entries[i].value, e.value)}
		default:
			out.entries[i] = e
		}
	}
	return out
}
