package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"

	"fray/engine"
)

// SchemaDialect is the JSON Schema draft the generated schemas follow.
const SchemaDialect = "https://json-schema.org/draft/2020-12/schema"

// Schema returns the JSON Schema of a ruleset's encounter file, generated
// from its spec struct by reflection. The encounter is the root; every
// named struct type it uses, the stat block among them, is an entry of
// $defs named after the Go type. Fields follow the tags the decoder reads
// (yaml, doc, required, enum, min, max, eachmin, eachmax); objects allow no other keys,
// except "use" naming content, which may supply their required keys.
// "use" takes any name, since local content folders are not known to the
// schema; the bundled content's names are its examples. Beside the
// ruleset's keys the root allows "sim", the SimBlock, and "content", the
// local content folders.
func Schema(info engine.RulesetInfo) ([]byte, error) {
	if info.NewSpec == nil {
		return nil, fmt.Errorf("ruleset %s has no encounter spec", info.ID)
	}
	t := reflect.TypeOf(info.NewSpec())
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("ruleset %s: the encounter spec is %v, not a struct", info.ID, t)
	}
	g := &schemaGen{defs: map[string]obj{}, names: map[reflect.Type]string{}, use: true}
	if info.Content != nil {
		for name := range info.Content() {
			g.content = append(g.content, name)
		}
		slices.Sort(g.content)
	}
	root, err := g.object(t)
	if err != nil {
		return nil, fmt.Errorf("ruleset %s: %w", info.ID, err)
	}
	head := obj{
		{"$schema", SchemaDialect},
		{"title", info.ID + " encounter file"},
	}
	if info.Summary != "" {
		head = append(head, kv{"description", info.Summary})
	}
	root = append(head, root...)
	// "ruleset" comes first and must name this ruleset, whether or not the
	// spec has a field for it.
	rs := obj{{"description", "the ruleset of the encounter"}, {"const", info.ID}}
	props := obj{{rulesetKey, rs}}
	folder := obj{{"type", "string"}, {"minLength", 1}}
	props = append(props, kv{contentKey, obj{
		{"description", "local content folders, relative to this file's folder, searched for NAME.yaml by use: NAME before the bundled content"},
		{"anyOf", []obj{folder, {{"type", "array"}, {"items", folder}}}},
	}})
	for _, m := range root.get("properties").(obj) {
		if m.key != rulesetKey && m.key != simKey && m.key != startKey && m.key != contentKey {
			props = append(props, m)
		}
	}
	// The starting state, for a ruleset that has one.
	if ss, ok := info.NewSpec().(engine.StartingState); ok {
		st := reflect.TypeOf(ss.StartingState())
		for st != nil && st.Kind() == reflect.Pointer {
			st = st.Elem()
		}
		if st == nil || st.Kind() != reflect.Struct {
			return nil, fmt.Errorf("ruleset %s: the starting state is %v, not a struct", info.ID, st)
		}
		start, err := g.object(st)
		if err != nil {
			return nil, fmt.Errorf("ruleset %s: the starting state: %w", info.ID, err)
		}
		props = append(props, kv{startKey, append(obj{{"description", "where the fight starts: round, turn or phase, and each combatant's condition; no dice are drawn to reach it"}}, start...)})
	}
	// So may the sim: block, which belongs to no ruleset and uses no
	// content.
	plain := &schemaGen{defs: map[string]obj{}, names: map[reflect.Type]string{}}
	sim, err := plain.object(reflect.TypeFor[SimBlock]())
	if err != nil {
		return nil, fmt.Errorf("ruleset %s: %w", info.ID, err)
	}
	props = append(props, kv{simKey, append(obj{{"description", "settings for simulated fights (fray sim); no ruleset reads them"}}, sim...)})
	root = root.with("properties", props)
	required := []string{rulesetKey}
	if r, ok := root.get("required").([]string); ok {
		required = append(required, slices.DeleteFunc(r, func(s string) bool { return s == rulesetKey })...)
	}
	root = root.with("required", required)
	var defs obj
	for _, name := range g.order {
		defs = append(defs, kv{name, g.defs[name]})
	}
	use := obj{
		{"description", "the name of content to start from: NAME.yaml in a local content folder, or the ruleset's bundled content NAME; the keys written beside it override its keys"},
		{"type", "string"},
		{"minLength", 1},
	}
	if len(g.content) > 0 {
		use = append(use, kv{"examples", g.content})
	}
	defs = append(defs, kv{useKey, use})
	if len(defs) > 0 {
		root = append(root, kv{"$defs", defs})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("ruleset %s: encoding the schema: %w", info.ID, err)
	}
	return b.Bytes(), nil
}

// kv is one member of a JSON object.
type kv struct {
	key   string
	value any
}

// obj is a JSON object that keeps its members in order.
type obj []kv

// MarshalJSON writes the members in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func (o obj) get(key string) any {
	for _, m := range o {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// with sets key, in place when it is there and at the end when not.
func (o obj) with(key string, value any) obj {
	for i, m := range o {
		if m.key == key {
			o[i].value = value
			return o
		}
	}
	return append(o, kv{key, value})
}

// schemaGen builds the schemas of Go types.
type schemaGen struct {
	content []string // names of the bundled content, the examples of "use"
	use     bool     // allow "use" in every object (not in the sim: block)
	defs    map[string]obj
	order   []string
	names   map[reflect.Type]string
}

// ref returns a reference to the $defs entry of a named struct type,
// making the entry on first use.
func (g *schemaGen) ref(t reflect.Type) (obj, error) {
	if name, ok := g.names[t]; ok {
		return obj{{"$ref", "#/$defs/" + name}}, nil
	}
	name := t.Name()
	for i := 2; name == useKey || slices.Contains(g.order, name); i++ {
		name = t.Name() + strconv.Itoa(i)
	}
	g.names[t] = name
	g.order = append(g.order, name)
	g.defs[name] = obj{} // reserve the name, for types that refer to themselves
	o, err := g.object(t)
	if err != nil {
		return nil, err
	}
	g.defs[name] = o
	return obj{{"$ref", "#/$defs/" + name}}, nil
}

// object returns the schema of a struct type.
func (g *schemaGen) object(t reflect.Type) (obj, error) {
	fs, err := fieldsOf(t)
	if err != nil {
		return nil, err
	}
	props := obj{}
	var required []string
	for _, f := range fs {
		s, err := g.schema(f.typ)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %w", t.Name(), f.name, err)
		}
		s = constrain(s, f)
		props = append(props, kv{f.name, s})
		if f.required {
			required = append(required, f.name)
		}
	}
	if g.use {
		props = append(props, kv{useKey, obj{{"$ref", "#/$defs/" + useKey}}})
	}
	o := obj{{"type", "object"}, {"properties", props}, {"additionalProperties", false}}
	switch {
	case len(required) == 0:
	case !g.use:
		o = append(o, kv{"required", required})
	default:
		// Content may supply the required keys.
		o = append(o, kv{"anyOf", []obj{
			{{"required", []string{useKey}}},
			{{"required", required}},
		}})
	}
	return o, nil
}

// constrain adds a field's description, enum and bounds to its schema. A
// reference gets them beside it, as 2020-12 allows.
func constrain(s obj, f field) obj {
	s = slices.Clone(s)
	if f.doc != "" {
		s = append(obj{{"description", f.doc}}, s...)
	}
	if len(f.enum) > 0 {
		var enum []any
		for _, e := range f.enum {
			if k := f.typ.Kind(); k >= reflect.Int && k <= reflect.Uint64 {
				if n, err := strconv.ParseInt(e, 10, 64); err == nil {
					enum = append(enum, n)
					continue
				}
			}
			enum = append(enum, e)
		}
		s = append(s, kv{"enum", enum})
	}
	t := f.typ
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var lo, hi string
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		lo, hi = "minItems", "maxItems"
	case reflect.Map:
		lo, hi = "minProperties", "maxProperties"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		lo, hi = "minimum", "maximum"
	default:
		return s
	}
	if f.min != nil {
		s = s.with(lo, number(*f.min))
	}
	if f.max != nil {
		s = s.with(hi, number(*f.max))
	}
	if f.eachMin != nil || f.eachMax != nil {
		key := "items"
		if t.Kind() == reflect.Map {
			key = "additionalProperties"
		}
		if inner, ok := s.get(key).(obj); ok {
			inner = slices.Clone(inner)
			if f.eachMin != nil {
				inner = inner.with("minimum", number(*f.eachMin))
			}
			if f.eachMax != nil {
				inner = inner.with("maximum", number(*f.eachMax))
			}
			s = s.with(key, inner)
		}
	}
	return s
}

// number writes whole numbers without a fraction.
func number(x float64) any {
	if x == float64(int64(x)) {
		return int64(x)
	}
	return x
}

// schema returns the schema of a type.
func (g *schemaGen) schema(t reflect.Type) (obj, error) {
	if reflect.PointerTo(t).Implements(schemaProvider) || t.Implements(schemaProvider) {
		v := reflect.New(t)
		p, ok := v.Interface().(engine.SchemaProvider)
		if !ok {
			p = v.Elem().Interface().(engine.SchemaProvider)
		}
		var o obj
		m := p.JSONSchema()
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			o = append(o, kv{k, m[k]})
		}
		return o, nil
	}
	pt := reflect.PointerTo(t)
	switch {
	case pt.Implements(yamlUnmarshaler), pt.Implements(jsonUnmarshaler):
		return obj{}, nil
	case pt.Implements(textUnmarshaler):
		return obj{{"type", "string"}}, nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		return g.schema(t.Elem())
	case reflect.Interface:
		return obj{}, nil
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t)
		}
		return g.ref(t)
	case reflect.Slice, reflect.Array:
		items, err := g.schema(t.Elem())
		if err != nil {
			return nil, err
		}
		o := obj{{"type", "array"}, {"items", items}}
		if t.Kind() == reflect.Array {
			o = append(o, kv{"minItems", t.Len()}, kv{"maxItems", t.Len()})
		}
		return o, nil
	case reflect.Map:
		values, err := g.schema(t.Elem())
		if err != nil {
			return nil, err
		}
		o := obj{{"type", "object"}, {"additionalProperties", values}}
		if k := t.Key().Kind(); k >= reflect.Int && k <= reflect.Uint64 {
			o = append(o, kv{"propertyNames", obj{{"pattern", "^-?[0-9]+$"}}})
		}
		return o, nil
	case reflect.String:
		return obj{{"type", "string"}}, nil
	case reflect.Bool:
		return obj{{"type", "boolean"}}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return obj{{"type", "integer"}}, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return obj{{"type", "integer"}, {"minimum", 0}}, nil
	case reflect.Float32, reflect.Float64:
		return obj{{"type", "number"}}, nil
	}
	return nil, fmt.Errorf("type %s cannot be written in a file", t)
}
