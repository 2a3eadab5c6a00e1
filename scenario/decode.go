package scenario

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"fray/engine"
)

// decoder decodes node trees into Go values strictly, collecting a Problem
// for every key it does not know and every value that does not fit, rather
// than stopping at the first.
type decoder struct {
	prefix   string // written before every path, as in "encounter."
	problems []*Problem
	fields   map[reflect.Type][]field
}

func newDecoder(prefix string) *decoder {
	return &decoder{prefix: prefix, fields: map[reflect.Type][]field{}}
}

// problemf records a problem with the thing written at l.
func (d *decoder) problemf(l loc, format string, args ...any) {
	pos, note := l.where()
	d.problems = append(d.problems, &Problem{Pos: pos, Msg: fmt.Sprintf(format, args...) + note})
}

// at formats a path for messages.
func (d *decoder) at(path string) string {
	if path == "" {
		if d.prefix == "" {
			return "the top level"
		}
		return strings.TrimSuffix(d.prefix, ".")
	}
	return d.prefix + path
}

func (d *decoder) fieldsOf(t reflect.Type) ([]field, error) {
	if fs, ok := d.fields[t]; ok {
		return fs, nil
	}
	fs, err := fieldsOf(t)
	if err != nil {
		return nil, err
	}
	d.fields[t] = fs
	return fs, nil
}

// decode sets v (settable) from n. path locates n for messages, as in
// "combatants[0].weapons"; skip lists top-level keys to pass over.
func (d *decoder) decode(n *node, v reflect.Value, path string, skip ...string) {
	if n.isNull() {
		v.SetZero()
		return
	}
	if d.decodeSelf(n, v, path) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		d.decode(n, p.Elem(), path)
		v.Set(p)
	case reflect.Interface:
		if v.NumMethod() != 0 {
			d.problemf(n.loc, "%s: cannot be read from a file (the ruleset's spec has an interface type %s here)", d.at(path), v.Type())
			return
		}
		v.Set(reflect.ValueOf(n.plain()))
	case reflect.Struct:
		d.decodeStruct(n, v, path, skip)
	case reflect.Map:
		d.decodeMap(n, v, path)
	case reflect.Slice:
		if n.kind != seqNode {
			d.problemf(n.loc, "%s: want a list, got %s", d.at(path), n.describe())
			return
		}
		s := reflect.MakeSlice(v.Type(), len(n.items), len(n.items))
		for i, it := range n.items {
			d.decode(it, s.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
		v.Set(s)
	case reflect.Array:
		if n.kind != seqNode || len(n.items) != v.Len() {
			d.problemf(n.loc, "%s: want a list of %d, got %s", d.at(path), v.Len(), n.describe())
			return
		}
		for i, it := range n.items {
			d.decode(it, v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	default:
		d.decodeScalar(n, v, path)
	}
}

// decodeSelf decodes n into v through UnmarshalYAML, UnmarshalJSON or
// UnmarshalText when v's type has one, reporting whether it did.
func (d *decoder) decodeSelf(n *node, v reflect.Value, path string) bool {
	if !v.CanAddr() {
		return false
	}
	pt := v.Addr().Type()
	var err error
	switch {
	case pt.Implements(yamlUnmarshaler):
		var data []byte
		if data, err = yaml.Marshal(n.plain()); err == nil {
			err = v.Addr().Interface().(interface{ UnmarshalYAML([]byte) error }).UnmarshalYAML(data)
		}
	case pt.Implements(jsonUnmarshaler):
		var data []byte
		if data, err = json.Marshal(n.plain()); err == nil {
			err = v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(data)
		}
	case pt.Implements(textUnmarshaler):
		s, ok := n.text()
		if !ok {
			d.problemf(n.loc, "%s: want a single value, got %s", d.at(path), n.describe())
			return true
		}
		err = v.Addr().Interface().(interface{ UnmarshalText([]byte) error }).UnmarshalText([]byte(s))
	default:
		return false
	}
	if err != nil {
		d.problemf(n.loc, "%s: %v", d.at(path), err)
	}
	return true
}

func (d *decoder) decodeStruct(n *node, v reflect.Value, path string, skip []string) {
	fs, err := d.fieldsOf(v.Type())
	if err != nil {
		d.problemf(n.loc, "%s: the ruleset's spec is malformed: %v", d.at(path), err)
		return
	}
	if n.kind != mapNode {
		d.problemf(n.loc, "%s: want a mapping with keys %s; got %s", d.at(path), names(fs), n.describe())
		return
	}
	given := map[string]bool{}
	for _, e := range n.entries {
		i := slices.IndexFunc(fs, func(f field) bool { return f.name == e.key })
		if i < 0 {
			if slices.Contains(skip, e.key) {
				continue
			}
			d.problemf(e.loc, "unknown field %s in %s; allowed: %s", engine.Quote(e.key), d.at(path), names(fs))
			continue
		}
		f := fs[i]
		given[f.name] = !e.value.isNull()
		fv := fieldByIndex(v, f.index)
		sub := join(path, f.name)
		before := len(d.problems)
		d.decode(e.value, fv, sub)
		// A value that did not decode is not checked against the field's
		// bounds, which its zero value would break: one problem, not two.
		// A list's length still is, whatever is wrong inside it.
		if !e.value.isNull() && (len(d.problems) == before || e.value.kind != scalarNode) {
			d.check(f, e.value, fv, sub)
		}
	}
	for _, f := range fs {
		if f.required && !given[f.name] {
			d.problemf(n.loc, "%s: missing required field %q", d.at(path), f.name)
		}
	}
}

// fieldByIndex is reflect.Value.FieldByIndex, allocating nothing: inline
// fields are never pointers.
func fieldByIndex(v reflect.Value, index []int) reflect.Value {
	for _, i := range index {
		v = v.Field(i)
	}
	return v
}

// join appends a key to a path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// check applies a field's enum, min and max tags to the value decoded
// into v.
func (d *decoder) check(f field, n *node, v reflect.Value, path string) {
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if len(f.enum) > 0 {
		var s string
		switch v.Kind() {
		case reflect.String:
			s = v.String()
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			s = strconv.FormatInt(v.Int(), 10)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			s = strconv.FormatUint(v.Uint(), 10)
		default:
			return
		}
		if !slices.Contains(f.enum, s) {
			d.problemf(n.loc, "%s: %s is not allowed; allowed: %s", d.at(path), engine.Quote(s), strings.Join(f.enum, ", "))
		}
	}
	var x float64
	what := ""
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x = float64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		x = float64(v.Uint())
	case reflect.Float32, reflect.Float64:
		x = v.Float()
	case reflect.Slice, reflect.Array, reflect.Map:
		x, what = float64(v.Len()), " items"
	default:
		return
	}
	if f.min != nil && x < *f.min {
		d.problemf(n.loc, "%s: %s%s is fewer than the minimum %v", d.at(path), formatNumber(x), what, *f.min)
	}
	if f.max != nil && x > *f.max {
		d.problemf(n.loc, "%s: %s%s is more than the maximum %v", d.at(path), formatNumber(x), what, *f.max)
	}
	if f.eachMin != nil || f.eachMax != nil {
		d.checkEach(f, n, v, path)
	}
}

// checkEach applies a field's eachmin and eachmax tags to every item of a
// list, or every value of a mapping, decoded into v.
func (d *decoder) checkEach(f field, n *node, v reflect.Value, path string) {
	each := field{min: f.eachMin, max: f.eachMax}
	switch {
	case v.Kind() == reflect.Slice && n.kind == seqNode && len(n.items) == v.Len():
		for i, it := range n.items {
			if !it.isNull() && it.kind == scalarNode {
				d.check(each, it, v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		}
	case v.Kind() == reflect.Map && n.kind == mapNode && v.Type().Key().Kind() == reflect.String:
		for _, e := range n.entries {
			ev := v.MapIndex(reflect.ValueOf(e.key).Convert(v.Type().Key()))
			if ev.IsValid() && !e.value.isNull() && e.value.kind == scalarNode {
				d.check(each, e.value, ev, join(path, e.key))
			}
		}
	}
}

func (d *decoder) decodeMap(n *node, v reflect.Value, path string) {
	if n.kind != mapNode {
		d.problemf(n.loc, "%s: want a mapping, got %s", d.at(path), n.describe())
		return
	}
	t := v.Type()
	m := reflect.MakeMapWithSize(t, len(n.entries))
	for _, e := range n.entries {
		k := reflect.New(t.Key()).Elem()
		keyNode := &node{kind: scalarNode, loc: e.loc, value: e.key}
		if t.Key().Kind() != reflect.String && !reflect.PointerTo(t.Key()).Implements(textUnmarshaler) {
			// Numeric keys: read the key text as YAML would.
			var kv any = e.key
			if i, err := strconv.ParseInt(e.key, 10, 64); err == nil {
				kv = i
			}
			keyNode.value = kv
		}
		before := len(d.problems)
		d.decode(keyNode, k, join(path, e.key))
		if len(d.problems) > before {
			continue
		}
		ev := reflect.New(t.Elem()).Elem()
		d.decode(e.value, ev, join(path, e.key))
		m.SetMapIndex(k, ev)
	}
	v.Set(m)
}

// MaxNumber bounds every number of an encounter or scenario file either
// way, so that no ruleset need guard its arithmetic against overflow: no
// life points, skill or position in metres comes near it.
const MaxNumber = 1_000_000_000

// formatNumber writes a number of a message, whole numbers without an
// exponent.
func formatNumber(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e21 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// outOfRange records the problem of a number past MaxNumber.
func (d *decoder) outOfRange(n *node, path string, text string) {
	d.problemf(n.loc, "%s: %s is out of range: numbers in a file are at most %d either way", d.at(path), text, MaxNumber)
}

// isNumeral reports whether s is a whole number too large for the YAML
// library to read as one (which it reads as text).
func isNumeral(s string) bool {
	s = strings.TrimLeft(s, "+-")
	return s != "" && strings.Trim(s, "0123456789_") == ""
}

// decodeScalar sets a string, bool or number from a scalar node. Numbers
// must be finite and within MaxNumber either way.
func (d *decoder) decodeScalar(n *node, v reflect.Value, path string) {
	bad := func(want string) {
		if s, ok := n.value.(string); ok && want != "text" && want != "true or false" && isNumeral(s) {
			d.outOfRange(n, path, s)
			return
		}
		msg := fmt.Sprintf("%s: want %s, got %s", d.at(path), want, n.describe())
		if n.kind == scalarNode && want == "text" {
			msg += fmt.Sprintf(" (write \"%v\" in quotes for text)", n.value)
		}
		d.problemf(n.loc, "%s", msg)
	}
	if n.kind != scalarNode {
		bad(kindName(v.Kind()))
		return
	}
	switch v.Kind() {
	case reflect.String:
		s, ok := n.value.(string)
		if !ok {
			bad("text")
			return
		}
		v.SetString(s)
	case reflect.Bool:
		b, ok := n.value.(bool)
		if !ok {
			bad("true or false")
			return
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		var i int64
		switch x := n.value.(type) {
		case int64:
			i = x
		case uint64:
			d.outOfRange(n, path, strconv.FormatUint(x, 10))
			return
		default:
			bad("a whole number")
			return
		}
		if i < -MaxNumber || i > MaxNumber {
			d.outOfRange(n, path, strconv.FormatInt(i, 10))
			return
		}
		if v.OverflowInt(i) {
			d.problemf(n.loc, "%s: %d is too large", d.at(path), i)
			return
		}
		v.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		var u uint64
		switch x := n.value.(type) {
		case int64:
			if x < 0 {
				d.problemf(n.loc, "%s: want a whole number from 0, got %d", d.at(path), x)
				return
			}
			u = uint64(x)
		case uint64:
			u = x
		default:
			bad("a whole number from 0")
			return
		}
		if u > MaxNumber {
			d.outOfRange(n, path, strconv.FormatUint(u, 10))
			return
		}
		if v.OverflowUint(u) {
			d.problemf(n.loc, "%s: %d is too large", d.at(path), u)
			return
		}
		v.SetUint(u)
	case reflect.Float32, reflect.Float64:
		var f float64
		switch x := n.value.(type) {
		case int64:
			f = float64(x)
		case uint64:
			f = float64(x)
		case float64:
			f = x
		default:
			bad("a number")
			return
		}
		switch {
		case math.IsNaN(f):
			d.problemf(n.loc, "%s: want a finite number, got .nan (not a number)", d.at(path))
			return
		case math.IsInf(f, 0):
			d.problemf(n.loc, "%s: want a finite number, got %s (infinity)", d.at(path), map[bool]string{true: ".inf", false: "-.inf"}[f > 0])
			return
		case math.Abs(f) > MaxNumber:
			d.outOfRange(n, path, formatNumber(f))
			return
		}
		v.SetFloat(f)
	default:
		d.problemf(n.loc, "%s: cannot be read from a file (the ruleset's spec has a %s here)", d.at(path), v.Type())
	}
}

// kindName says in words what a value of a kind is written as.
func kindName(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "a single value"
}
