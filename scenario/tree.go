package scenario

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"fray/engine"
)

// Pos is a place in a file: its name, and a line and column counted from 1.
// Line and Col are 0 when unknown.
type Pos struct {
	File string
	Line int
	Col  int
}

// String formats the position as "file:line:col", leaving out what is
// unknown.
func (p Pos) String() string {
	switch {
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	default:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
}

// Problem is one thing wrong with a file, at a place in it. Loading a file
// returns every problem found, joined with errors.Join.
type Problem struct {
	Pos Pos
	Msg string
}

// Error formats the problem as "file:line:col: message", the message
// bounded by engine.Clip.
func (p *Problem) Error() string { return p.Pos.String() + ": " + engine.Clip(p.Msg) }

// kind is the shape of a node of a YAML document.
type kind int

const (
	scalarNode kind = iota
	mapNode
	seqNode
)

// loc says where a node or key was written. Nodes copied from bundled
// content keep their place in the content document and also record the
// place in the file that pulled them in with "use:", which is where
// problems with them are reported.
type loc struct {
	pos     Pos    // in the document it was written in
	content string // the content document it came from; "" for the file itself
	local   bool   // content from a local content folder, not bundled
	site    Pos    // for content: the "use:" in the file that brought it in
}

// where returns the position to report for a problem at l, and for content
// a note saying where in the content the thing was written.
func (l loc) where() (Pos, string) {
	if l.content == "" {
		return l.pos, ""
	}
	if l.local {
		return l.site, fmt.Sprintf(" (in content file %s, line %d, column %d)", l.pos.File, l.pos.Line, l.pos.Col)
	}
	return l.site, fmt.Sprintf(" (in bundled content %q, line %d, column %d)", l.content, l.pos.Line, l.pos.Col)
}

// node is a YAML value with the place each part of it was written: the
// form an encounter takes between parsing and decoding, so that content can
// be merged in and every problem still be placed.
type node struct {
	kind    kind
	loc     loc
	value   any      // scalarNode: nil, bool, int64, uint64, float64 or string
	entries []*entry // mapNode, in the order written
	items   []*node  // seqNode
}

// entry is one key of a mapping and its value.
type entry struct {
	key   string
	loc   loc // of the key
	value *node
}

// get returns the value of key in a mapping node, or nil.
func (n *node) get(key string) *entry {
	if n == nil || n.kind != mapNode {
		return nil
	}
	for _, e := range n.entries {
		if e.key == key {
			return e
		}
	}
	return nil
}

// isNull reports whether n is absent or an explicit null ("~", "null" or
// nothing after the colon).
func (n *node) isNull() bool {
	return n == nil || (n.kind == scalarNode && n.value == nil)
}

// describe says what sort of value n is, for messages: "a mapping",
// "a list", "the string \"x\"", "the number 3".
func (n *node) describe() string {
	switch n.kind {
	case mapNode:
		return "a mapping"
	case seqNode:
		return "a list"
	}
	switch v := n.value.(type) {
	case nil:
		return "nothing (null)"
	case string:
		return "the text " + engine.Quote(v)
	case bool:
		return fmt.Sprintf("%t", v)
	default:
		return fmt.Sprintf("the number %v", v)
	}
}

// plain returns n as plain Go values: map[string]any, []any and scalars,
// as encoding/json would produce them.
func (n *node) plain() any {
	switch n.kind {
	case mapNode:
		m := make(map[string]any, len(n.entries))
		for _, e := range n.entries {
			m[e.key] = e.value.plain()
		}
		return m
	case seqNode:
		s := make([]any, len(n.items))
		for i, it := range n.items {
			s[i] = it.plain()
		}
		return s
	}
	return n.value
}

// ordered returns n as the values goccy/go-yaml writes in order:
// yaml.MapSlice for mappings, []any for lists, and scalars.
func (n *node) ordered() any {
	switch n.kind {
	case mapNode:
		m := make(yaml.MapSlice, len(n.entries))
		for i, e := range n.entries {
			m[i] = yaml.MapItem{Key: e.key, Value: e.value.ordered()}
		}
		return m
	case seqNode:
		s := make([]any, len(n.items))
		for i, it := range n.items {
			s[i] = it.ordered()
		}
		return s
	}
	return n.value
}

// text returns a scalar as the text it stands for ("3" for the number 3),
// and false for mappings, lists and null.
func (n *node) text() (string, bool) {
	if n.kind != scalarNode || n.value == nil {
		return "", false
	}
	if s, ok := n.value.(string); ok {
		return s, true
	}
	return fmt.Sprint(n.value), true
}

// fromContent returns a deep copy of n, marked as brought into a file at
// site from bundled content. Nodes that were already content keep their
// content name and place.
func (n *node) fromContent(site Pos) *node {
	c := &node{kind: n.kind, loc: n.loc, value: n.value}
	c.loc.site = site
	for _, e := range n.entries {
		l := e.loc
		l.site = site
		c.entries = append(c.entries, &entry{key: e.key, loc: l, value: e.value.fromContent(site)})
	}
	for _, it := range n.items {
		c.items = append(c.items, it.fromContent(site))
	}
	return c
}

// parseYAML parses a YAML document into a node tree. file names the
// document in positions; content, when not "", says it is the bundled
// content document of that name. An empty document gives a nil node.
func parseYAML(file, content string, data []byte) (*node, []*Problem) {
	return parseTree(file, content, false, data)
}

// parseTree is parseYAML that also says whether a content document is
// local (read from a content folder) rather than bundled.
func parseTree(file, content string, local bool, data []byte) (*node, []*Problem) {
	data = bytes.TrimPrefix(data, utf8BOM)
	if p := prescan(file, data); p != nil {
		return nil, []*Problem{p}
	}
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, []*Problem{yamlProblem(file, err)}
	}
	var docs []*ast.DocumentNode
	for _, d := range f.Docs {
		if d.Body != nil {
			docs = append(docs, d)
		}
	}
	if len(docs) == 0 {
		return nil, nil
	}
	c := &converter{file: file, content: content, local: local, anchors: map[string]*node{}}
	if len(docs) > 1 {
		c.problemf(docs[1].Body.GetToken(), "a file holds one YAML document, but a second one starts here")
	}
	root := c.convert(docs[0].Body)
	if len(c.problems) == 0 && expandedSize(root, map[*node]int{}) > maxValues {
		c.problems = append(c.problems, &Problem{Pos: root.loc.pos, Msg: fmt.Sprintf("the document holds more than %d values once its aliases are expanded", maxValues)})
	}
	return root, c.problems
}

// maxValues bounds the values of a document with its aliases expanded, so
// that a few lines of nested aliases cannot make loading take forever.
const maxValues = 200_000

// expandedSize counts the values of n, counting a value reached through
// several aliases once per alias; it stops counting past maxValues. seen
// memoizes the count of values already counted, which aliases share.
func expandedSize(n *node, seen map[*node]int) int {
	if size, ok := seen[n]; ok {
		return size
	}
	size := 1
	for _, e := range n.entries {
		size += expandedSize(e.value, seen)
		if size > maxValues {
			break
		}
	}
	for _, it := range n.items {
		size += expandedSize(it, seen)
		if size > maxValues {
			break
		}
	}
	seen[n] = size
	return size
}

// yamlProblem turns an error of the YAML parser into a Problem at the
// token it names.
func yamlProblem(file string, err error) *Problem {
	if ye, ok := err.(yaml.Error); ok {
		p := Pos{File: file}
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			p.Line, p.Col = tk.Position.Line, tk.Position.Column
		}
		return &Problem{Pos: p, Msg: "YAML: " + ye.GetMessage()}
	}
	return &Problem{Pos: Pos{File: file}, Msg: "YAML: " + err.Error()}
}

// converter turns the AST of goccy/go-yaml into node trees.
type converter struct {
	file     string
	content  string
	local    bool
	anchors  map[string]*node
	problems []*Problem
}

func (c *converter) loc(tk *token.Token) loc {
	p := Pos{File: c.file}
	if tk != nil && tk.Position != nil {
		p.Line, p.Col = tk.Position.Line, tk.Position.Column
	}
	return loc{pos: p, content: c.content, local: c.local}
}

func (c *converter) problemf(tk *token.Token, format string, args ...any) {
	l := c.loc(tk)
	c.problems = append(c.problems, &Problem{Pos: l.pos, Msg: fmt.Sprintf(format, args...)})
}

// convert converts one AST node. It never returns nil.
func (c *converter) convert(n ast.Node) *node {
	switch n := n.(type) {
	case *ast.MappingNode:
		m := &node{kind: mapNode, loc: c.loc(n.GetToken())}
		if len(n.Values) > 0 {
			m.loc = c.loc(n.Values[0].Key.GetToken())
		}
		for _, mv := range n.Values {
			c.addPair(m, mv)
		}
		return m
	case *ast.MappingValueNode:
		m := &node{kind: mapNode, loc: c.loc(n.Key.GetToken())}
		c.addPair(m, n)
		return m
	case *ast.SequenceNode:
		s := &node{kind: seqNode, loc: c.loc(n.GetToken())}
		for _, v := range n.Values {
			s.items = append(s.items, c.convert(v))
		}
		return s
	case *ast.AnchorNode:
		v := c.convert(n.Value)
		c.anchors[n.Name.GetToken().Value] = v
		return v
	case *ast.AliasNode:
		name := n.Value.GetToken().Value
		v, ok := c.anchors[name]
		if !ok {
			c.problemf(n.GetToken(), "unknown alias *%s (no &%s before it)", name, name)
			return &node{kind: scalarNode, loc: c.loc(n.GetToken())}
		}
		return v
	case *ast.CommentGroupNode:
		return &node{kind: scalarNode, loc: c.loc(n.GetToken())}
	case *ast.TagNode:
		switch n.Value.(type) {
		case *ast.MappingNode, *ast.MappingValueNode, *ast.SequenceNode:
			return c.convert(n.Value)
		}
	}
	// A scalar: let the YAML library give it its value, tags and block
	// literals included.
	s := &node{kind: scalarNode, loc: c.loc(n.GetToken())}
	if x, ok := exponentNumber(n); ok {
		s.value = x
		return s
	}
	var v any
	if err := yaml.NodeToValue(n, &v); err != nil {
		c.problemf(n.GetToken(), "YAML: %v", err)
		return s
	}
	switch x := v.(type) {
	case uint64:
		if x <= math.MaxInt64 {
			s.value = int64(x)
		} else {
			s.value = x
		}
	case nil, bool, int64, float64, string:
		s.value = x
	case int:
		s.value = int64(x)
	case uint:
		s.value = int64(x)
	case float32:
		s.value = float64(x)
	default:
		s.value = fmt.Sprint(x)
	}
	return s
}

// addPair adds one key and value to a mapping node; a merge key (<<)
// copies in the keys of the mappings it names that are not set already.
func (c *converter) addPair(m *node, mv *ast.MappingValueNode) {
	if mv.Key.IsMergeKey() {
		v := c.convert(mv.Value)
		var srcs []*node
		if v.kind == seqNode {
			srcs = v.items
		} else {
			srcs = []*node{v}
		}
		for _, src := range srcs {
			if src.kind != mapNode {
				c.problemf(mv.Value.GetToken(), "<< merges mappings, but this is %s", src.describe())
				continue
			}
			for _, e := range src.entries {
				if m.get(e.key) == nil {
					cp := *e
					m.entries = append(m.entries, &cp)
				}
			}
		}
		return
	}
	k := c.convert(mv.Key)
	key, ok := k.text()
	if !ok {
		c.problemf(mv.Key.GetToken(), "a key must be a name, not %s", k.describe())
		return
	}
	e := &entry{key: key, loc: k.loc, value: c.convert(mv.Value)}
	if old := m.get(key); old != nil {
		// Keys merged in with << give way to keys written out.
		*old = *e
		return
	}
	m.entries = append(m.entries, e)
}

// segment is one step of a field path: a key, or an index when isIndex.
type segment struct {
	key     string
	index   int
	isIndex bool
}

// parsePath splits a path such as "combatants[1].weapons[0].damage" into
// its steps.
func parsePath(path string) ([]segment, error) {
	if path == "" {
		return nil, nil
	}
	var segs []segment
	for part := range strings.SplitSeq(path, ".") {
		key, rest := part, ""
		if i := strings.IndexByte(part, '['); i >= 0 {
			key, rest = part[:i], part[i:]
		}
		if key == "" && (rest == "" || len(segs) == 0) {
			return nil, fmt.Errorf("empty name in path %q", path)
		}
		if key != "" {
			segs = append(segs, segment{key: key})
		}
		for rest != "" {
			inner, after, ok := strings.Cut(rest[1:], "]")
			if rest[0] != '[' || !ok {
				return nil, fmt.Errorf("malformed index in path %q", path)
			}
			i, err := strconv.Atoi(inner)
			if err != nil || i < 0 {
				return nil, fmt.Errorf("index [%s] in path %q is not a number from 0", inner, path)
			}
			segs = append(segs, segment{index: i, isIndex: true})
			rest = after
		}
	}
	return segs, nil
}

// formatPath writes steps back as a path.
func formatPath(segs []segment) string {
	var b strings.Builder
	for _, s := range segs {
		if s.isIndex {
			fmt.Fprintf(&b, "[%d]", s.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

// locate returns where the field at path was written: the deepest part of
// the path that exists (a key's place for a key, an item's for an index),
// or the root's place for an empty path.
func (n *node) locate(path string) loc {
	at := n.loc
	segs, err := parsePath(path)
	if err != nil {
		return at
	}
	cur := n
	for _, s := range segs {
		switch {
		case s.isIndex && cur.kind == seqNode && s.index < len(cur.items):
			cur = cur.items[s.index]
			at = cur.loc
		case !s.isIndex && cur.kind == mapNode && cur.get(s.key) != nil:
			e := cur.get(s.key)
			at, cur = e.loc, e.value
		default:
			return at
		}
	}
	return at
}

// exponentForm is a decimal number with an exponent, as YAML 1.2 writes
// numbers (1e3, -2.5E-1, .5e2), which the YAML library reads as text.
var exponentForm = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)[eE][-+]?[0-9]+$`)

// exponentNumber reads a plain (unquoted) scalar written in exponent form
// as a number: a whole number as int64 while it fits, so that 1e3 is as
// good as 1000 where a whole number is wanted, else float64. Quoted
// scalars stay text.
func exponentNumber(n ast.Node) (any, bool) {
	switch n.(type) {
	case *ast.StringNode, *ast.FloatNode:
	default:
		return nil, false
	}
	tk := n.GetToken()
	if tk == nil || (tk.Type != token.StringType && tk.Type != token.FloatType) || !exponentForm.MatchString(tk.Value) {
		return nil, false
	}
	f, err := strconv.ParseFloat(tk.Value, 64)
	if err != nil {
		return nil, false // beyond float64: left as text, and refused as such
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<62 {
		return int64(f), true
	}
	return f, true
}
