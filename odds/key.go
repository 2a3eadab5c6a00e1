package odds

import (
	"cmp"
	"encoding"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// keyWriter writes states into keys so that two states get the same key
// exactly when they have the same JSON, which for fray's states says
// everything about them. It does not write the JSON: it walks the state by
// reflection the way encoding/json does (the same fields, the same fields
// left out) and writes what tells the values apart, numbers in binary and
// strings with their length, without field names or quotes. That is
// quicker than JSON and gives shorter keys. A value it does not follow as
// encoding/json would (a type with its own MarshalJSON or MarshalText, an
// interface, an embedded struct, a map with other keys than strings and
// integers) it writes as its JSON, ended by a newline, which compact JSON
// never holds.
//
// A keyWriter is for one goroutine; the plan of the states' type it holds
// may be shared.
type keyWriter struct {
	plan *plan
	b    []byte        // the key being written, for enc
	enc  *json.Encoder // writes into b
	recs []mapEntry    // the entries of the maps being written, innermost last
	tmp  []byte        // a map's entries, while they are put in order
	// temps are values to read map entries into, by type (see temp).
	temps map[reflect.Type]reflect.Value
	// names, when not nil, name the parts of the states' keys that stay
	// the same through a computation, for the states that write their
	// keys with them (namedKeyer).
	names *keyNames
}

// Keys start with the form they are in.
const (
	binaryKey = 'b'
	jsonKey   = 'j'
	ownKey    = 'k'
	namedKey  = 'n'
)

// keyer is a state that writes its own key: AppendKey appends to b a key
// that is the same for two states exactly when their JSON is. A ruleset
// gives its state type the method when the walk by reflection is too slow
// for it (vigor's, a dozen times quicker); the odds use it for every state
// of that type, and the walk for the others.
type keyer interface {
	AppendKey(b []byte) []byte
}

// namedKeyer is a state that writes its own key with some of its parts
// named: AppendNamedKey appends to b the key AppendKey would, but for
// parts that stay the same through a computation (a combatant's stat
// block), each written as the number names.Name gives its bytes. The
// numbers of one names are the same for the same bytes and differ for
// different bytes, so that two keys written with the same names are the
// same exactly when the keys AppendKey writes are: keys a fraction as
// long, for less writing, hashing, comparing and memory. A state may
// keep the numbers it was given, for as long as it is given the same
// names.
type namedKeyer interface {
	AppendNamedKey(b []byte, names interface{ Name(part []byte) uint64 }) []byte
}

// keyNames names the parts of the states' keys that stay the same
// through a computation (see namedKeyer): a number for each distinct
// part, from 1 in the order first named. The keys of one computation,
// its memo's included, are all written with the same names. It may be
// shared by goroutines.
type keyNames struct {
	mu    sync.Mutex
	named map[string]uint64
}

// Name returns the number of part, given it when new.
func (n *keyNames) Name(part []byte) uint64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	if x, ok := n.named[string(part)]; ok {
		return x
	}
	if n.named == nil {
		n.named = map[string]uint64{}
	}
	x := uint64(len(n.named)) + 1
	n.named[string(part)] = x
	return x
}

// maxDepth is how deep appendState follows a state before it leaves it to
// encoding/json, which tells a deep state from one that refers to itself.
const maxDepth = 1000

// errDeep stops a walk past maxDepth.
var errDeep = errors.New("odds: state too deep to walk")

// errUnsupported stops a walk at a value JSON cannot write.
var errUnsupported = errors.New("odds: no JSON for the value")

// Write appends p to the key being written, for the encoder.
func (w *keyWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// appendState appends the key of state s to b: with its parts named by
// w.names when it has AppendNamedKey and w has names, else as AppendKey
// writes it, else walked. A state that cannot be written as JSON gets a
// key of its own, numbered by unique, so that it is never merged.
func (w *keyWriter) appendState(b []byte, s any, unique *atomic.Int64) []byte {
	if k, ok := s.(namedKeyer); ok && w.names != nil {
		return k.AppendNamedKey(append(b, namedKey), w.names)
	}
	if k, ok := s.(keyer); ok {
		return k.AppendKey(append(b, ownKey))
	}
	return w.appendWalked(b, s, unique)
}

// appendWalked appends the key of state s to b as appendState does for
// a state without AppendKey: walked by reflection.
func (w *keyWriter) appendWalked(b []byte, s any, unique *atomic.Int64) []byte {
	v := reflect.ValueOf(s)
	if w.plan == nil || w.plan.typ != v.Type() {
		w.plan = newPlanner().planFor(v.Type())
	}
	start := len(b)
	b, err := w.value(append(b, binaryKey), v, w.plan, 0)
	if err == nil {
		return b
	}
	// A walk that stops (too deep, or at a number JSON refuses) leaves
	// the whole state to encoding/json.
	b, err = w.json(append(b[:start], jsonKey), v)
	if err != nil {
		return strconv.AppendInt(append(b[:start], '#'), unique.Add(1), 10)
	}
	return b
}

// json appends the JSON of v and a newline to b, as encoding/json writes
// it in place: v's address is marshalled when v is addressable, so that a
// MarshalJSON with a pointer receiver is called as it would be.
func (w *keyWriter) json(b []byte, v reflect.Value) ([]byte, error) {
	if w.enc == nil {
		w.enc = json.NewEncoder(w)
	}
	var x any
	if v.CanAddr() {
		x = v.Addr().Interface()
	} else if v.IsValid() {
		x = v.Interface()
	}
	w.b = b
	err := w.enc.Encode(x)
	b, w.b = w.b, nil
	return b, err
}

// value appends v, of plan p, to b.
func (w *keyWriter) value(b []byte, v reflect.Value, p *plan, depth int) ([]byte, error) {
	if depth > maxDepth {
		return b, errDeep
	}
	p.once.Do(p.work)
	if p.kind == asJSON || p.addrJSON && v.CanAddr() {
		return w.json(b, v)
	}
	if v.CanAddr() {
		// What is addressable is walked by its address (walk): the same
		// key, several times quicker. Nearly all of a state is: everything
		// behind a pointer or in a slice. What is not (a map's values,
		// what a state holds by value and not through a pointer) is
		// walked here, by reflection.
		return w.walk(b, v.Addr().UnsafePointer(), p, depth)
	}
	var err error
	switch p.kind {
	case asBool, asInt, asUint, asFloat, asString:
		return appendScalar(b, v, p.kind)
	case asPointer:
		if v.IsNil() {
			return append(b, 0), nil
		}
		return w.value(append(b, 1), v.Elem(), p.elem, depth+1)
	case asSlice:
		if v.IsNil() {
			return append(b, 0), nil
		}
		b = binary.AppendUvarint(append(b, 1), uint64(v.Len()))
		if p.bytes {
			return append(b, v.Bytes()...), nil
		}
		fallthrough
	case asArray:
		for i := range v.Len() {
			if b, err = w.value(b, v.Index(i), p.elem, depth+1); err != nil {
				return b, err
			}
		}
		return b, nil
	case asMap:
		return w.appendMap(b, v, p, depth)
	case asStruct:
		for i := range p.fields {
			f := &p.fields[i]
			fv := v.Field(f.index)
			if f.omitEmpty || f.omitZero {
				if f.omitEmpty && isEmptyValue(fv) || f.omitZero && f.zero(fv) {
					b = append(b, 0)
					continue
				}
				b = append(b, 1)
			}
			if f.scalar != asJSON {
				b, err = appendScalar(b, fv, f.scalar)
			} else {
				b, err = w.value(b, fv, f.plan, depth+1)
			}
			if err != nil {
				return b, err
			}
		}
		return b, nil
	}
	return b, errUnsupported
}

// appendScalar appends v, a bool, number or string written as kind says.
func appendScalar(b []byte, v reflect.Value, kind planKind) ([]byte, error) {
	switch kind {
	case asBool:
		if v.Bool() {
			return append(b, 1), nil
		}
		return append(b, 0), nil
	case asInt:
		return binary.AppendVarint(b, v.Int()), nil
	case asUint:
		return binary.AppendUvarint(b, v.Uint()), nil
	case asFloat:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return b, errUnsupported
		}
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(f)), nil
	case asString:
		return appendString(b, v.String()), nil
	}
	return b, errUnsupported
}

// scalarKind returns how a value of type t is written when it is a bool, a
// number or a string that JSON writes as such; asJSON otherwise.
func scalarKind(t reflect.Type) planKind {
	var k planKind
	switch t.Kind() {
	case reflect.Bool:
		k = asBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		k = asInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		k = asUint
	case reflect.Float32, reflect.Float64:
		k = asFloat
	case reflect.String:
		k = asString
	default:
		return asJSON
	}
	if marshals(t) || marshals(reflect.PointerTo(t)) {
		return asJSON
	}
	return k
}

// mapEntry is where one entry of a map was written, with its key to put
// the entries in order by.
type mapEntry struct {
	from, to int
	s        string
	i        int64
	u        uint64
}

// appendMap appends map v, of plan p, to b: its entries in the order of
// their keys, as JSON has them.
func (w *keyWriter) appendMap(b []byte, v reflect.Value, p *plan, depth int) ([]byte, error) {
	if v.IsNil() {
		return append(b, 0), nil
	}
	b = binary.AppendUvarint(append(b, 1), uint64(v.Len()))
	base, start := len(w.recs), len(b)
	defer func() { w.recs = w.recs[:base] }()
	var err error
	// The entries are read into values of the writer's rather than into
	// new ones (MapIter.Key and Value allocate each): the keys always;
	// the values when they are bools, numbers or strings written as such,
	// for whom it makes no difference that the copy is addressable.
	k := w.temp(v.Type().Key())
	p.elem.once.Do(p.elem.work)
	var val reflect.Value
	if scalar := p.elem.kind; !p.elem.addrJSON && scalar >= asBool && scalar <= asString {
		val = w.temp(v.Type().Elem())
	}
	it := v.MapRange()
	for it.Next() {
		k.SetIterKey(it)
		e := mapEntry{from: len(b)}
		switch p.keys {
		case reflect.String:
			e.s = k.String()
			b = appendString(b, e.s)
		case reflect.Int:
			e.i = k.Int()
			b = binary.AppendVarint(b, e.i)
		default:
			e.u = k.Uint()
			b = binary.AppendUvarint(b, e.u)
		}
		if val.IsValid() {
			val.SetIterValue(it)
			b, err = appendScalar(b, val, p.elem.kind)
		} else {
			b, err = w.value(b, it.Value(), p.elem, depth+1)
		}
		if err != nil {
			return b, err
		}
		e.to = len(b)
		w.recs = append(w.recs, e)
	}
	recs := w.recs[base:]
	slices.SortFunc(recs, func(x, y mapEntry) int {
		if c := strings.Compare(x.s, y.s); c != 0 {
			return c
		}
		if c := cmp.Compare(x.i, y.i); c != 0 {
			return c
		}
		return cmp.Compare(x.u, y.u)
	})
	w.tmp = append(w.tmp[:0], b[start:]...)
	b = b[:start]
	for _, e := range recs {
		b = append(b, w.tmp[e.from-start:e.to-start]...)
	}
	return b, nil
}

// temp returns the writer's value of type t, to read map entries into:
// only bools, numbers and strings, which hold nothing a walk nested in
// them could need kept.
func (w *keyWriter) temp(t reflect.Type) reflect.Value {
	v, ok := w.temps[t]
	if !ok {
		if w.temps == nil {
			w.temps = map[reflect.Type]reflect.Value{}
		}
		v = reflect.New(t).Elem()
		w.temps[t] = v
	}
	return v
}

// appendString appends s with its length. JSON writes every byte of s
// that is not UTF-8 as the same escape, unlike a U+FFFD of s: here each is
// written as 0xff, which UTF-8 never has.
func appendString(b []byte, s string) []byte {
	if ascii(s) || utf8.ValidString(s) {
		return append(binary.AppendUvarint(b, uint64(len(s))), s...)
	}
	fixed := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fixed = append(fixed, 0xff)
		} else {
			fixed = append(fixed, s[i:i+size]...)
		}
		i += size
	}
	return append(binary.AppendUvarint(b, uint64(len(fixed))), fixed...)
}

// isEmptyValue is encoding/json's test for omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// planKind is how a value is written.
type planKind uint8

const (
	asJSON planKind = iota
	asBool
	asInt
	asUint
	asFloat
	asString
	asPointer
	asSlice
	asArray
	asMap
	asStruct
)

// plan is how the values of one type are written, worked out from the type
// as encoding/json works out its encoders. It is worked out when a value
// of the type is first written, so that the types a state could hold but
// does not (in pointers that are nil) cost nothing; it does not change
// afterwards, and may be shared by goroutines.
type plan struct {
	typ  reflect.Type
	pl   *planner // which makes the plans of what its values hold
	once sync.Once
	kind planKind
	// addrJSON writes an addressable value as its JSON: the type's
	// MarshalJSON or MarshalText has a pointer receiver.
	addrJSON bool
	// bytes writes a slice's elements as they are: bytes, without a
	// MarshalJSON or MarshalText of their own.
	bytes  bool
	elem   *plan        // a pointer's, slice's, array's or map's elements
	keys   reflect.Kind // a map's keys: String, Int or Uint
	fields []fieldPlan  // a struct's fields that JSON has
	// For walk: the type's kind, the size of its elements (a slice's or
	// an array's) and an array's length.
	rkind    reflect.Kind
	elemSize uintptr
	length   int
}

// fieldPlan is one field of a struct as JSON has it.
type fieldPlan struct {
	index int
	// typ is the field's type, offset where it is in the struct and kind
	// its kind, for walk.
	typ    reflect.Type
	offset uintptr
	kind   reflect.Kind
	// scalar is how the field is written when it is a plain bool, number
	// or string (asJSON otherwise), so that it needs no plan.
	scalar              planKind
	plan                *plan
	omitEmpty, omitZero bool
	isZero              func(reflect.Value) bool // the type's IsZero, for omitzero
}

// zero is encoding/json's test for omitzero.
func (f *fieldPlan) zero(v reflect.Value) bool {
	if f.isZero != nil {
		return f.isZero(v)
	}
	return v.IsZero()
}

// planner makes the plans of a computation's states, one a type, to be
// worked out on first use.
type planner struct {
	mu   sync.Mutex
	made map[reflect.Type]*plan
}

func newPlanner() *planner { return &planner{made: map[reflect.Type]*plan{}} }

// planFor returns the plan of type t.
func (pl *planner) planFor(t reflect.Type) *plan {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	p, ok := pl.made[t]
	if !ok {
		p = &plan{typ: t, pl: pl}
		pl.made[t] = p
	}
	return p
}

// work works out the plan: the plans of what its values hold are worked
// out in turn when first used.
func (p *plan) work() {
	t := p.typ
	p.rkind = t.Kind()
	switch p.rkind {
	case reflect.Slice:
		p.elemSize = t.Elem().Size()
	case reflect.Array:
		p.elemSize, p.length = t.Elem().Size(), t.Len()
	}
	if marshals(t) {
		return // asJSON
	}
	p.addrJSON = t.Kind() != reflect.Pointer && marshals(reflect.PointerTo(t))
	switch t.Kind() {
	case reflect.Bool:
		p.kind = asBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.kind = asInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p.kind = asUint
	case reflect.Float32, reflect.Float64:
		p.kind = asFloat
	case reflect.String:
		p.kind = asString
	case reflect.Pointer:
		// JSON writes a nil pointer as null, and a pointer to a value
		// that may be null the same: leave those to it. (A pointer to a
		// type with its own MarshalJSON is left to it above.)
		switch t.Elem().Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map:
			return
		}
		p.kind, p.elem = asPointer, p.pl.planFor(t.Elem())
	case reflect.Slice:
		e := t.Elem()
		p.kind, p.elem = asSlice, p.pl.planFor(e)
		p.bytes = e.Kind() == reflect.Uint8 && !marshals(e) && !marshals(reflect.PointerTo(e))
	case reflect.Array:
		p.kind, p.elem = asArray, p.pl.planFor(t.Elem())
	case reflect.Map:
		k := t.Key()
		switch k.Kind() {
		case reflect.String:
			p.keys = reflect.String
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			p.keys = reflect.Int
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			p.keys = reflect.Uint
		default:
			return
		}
		if k.Kind() != reflect.String && marshals(k) {
			return // JSON names such keys by their MarshalText
		}
		p.kind, p.elem = asMap, p.pl.planFor(t.Elem())
	case reflect.Struct:
		if fields, ok := fieldsOf(t, p.pl); ok {
			p.kind, p.fields = asStruct, fields
		}
	}
	// Anything else (an interface, a channel, a function...) as JSON has
	// it: an interface as its dynamic value's JSON, the others an error.
}

// marshals reports whether t writes its own JSON or text.
func marshals(t reflect.Type) bool {
	if t.NumMethod() == 0 {
		return false // the quick answer for most types
	}
	return t.Implements(reflect.TypeFor[json.Marshaler]()) || t.Implements(reflect.TypeFor[encoding.TextMarshaler]())
}

// fieldsOf returns the fields of struct t that JSON writes, in order, or
// false when it is for encoding/json to work them out: t embeds a field,
// or two fields have the same name.
func fieldsOf(t reflect.Type, pl *planner) ([]fieldPlan, bool) {
	fields := make([]fieldPlan, 0, t.NumField())
	names := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return nil, false
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if !validTag(name) {
			name = sf.Name
		}
		if slices.Contains(names, name) {
			return nil, false
		}
		names = append(names, name)
		f := fieldPlan{index: i, typ: sf.Type, offset: sf.Offset, kind: sf.Type.Kind(), scalar: scalarKind(sf.Type)}
		if f.scalar == asJSON {
			f.plan = pl.planFor(sf.Type)
		}
		for opts != "" {
			var o string
			o, opts, _ = strings.Cut(opts, ",")
			switch o {
			case "omitempty":
				f.omitEmpty = true
			case "omitzero":
				f.omitZero = true
			}
		}
		if f.omitZero {
			f.isZero = isZeroOf(sf.Type)
		}
		fields = append(fields, f)
	}
	return fields, true
}

// isZero is the method omitzero calls when a type has it.
type isZeroer interface{ IsZero() bool }

// isZeroOf returns encoding/json's omitzero test for a field of type t
// with an IsZero method, nil when t has none.
func isZeroOf(t reflect.Type) func(reflect.Value) bool {
	zeroer := reflect.TypeFor[isZeroer]()
	switch {
	case t.Kind() == reflect.Interface && t.Implements(zeroer):
		return func(v reflect.Value) bool {
			return v.IsNil() || v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() || v.Interface().(isZeroer).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(zeroer):
		return func(v reflect.Value) bool { return v.IsNil() || v.Interface().(isZeroer).IsZero() }
	case t.Implements(zeroer):
		return func(v reflect.Value) bool { return v.Interface().(isZeroer).IsZero() }
	case reflect.PointerTo(t).Implements(zeroer):
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				v2 := reflect.New(v.Type()).Elem()
				v2.Set(v)
				v = v2
			}
			return v.Addr().Interface().(isZeroer).IsZero()
		}
	}
	return nil
}

// validTag is encoding/json's test of a field name given by a tag.
func validTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case 'a' <= c && c <= 'z' || c == '_' || '0' <= c && c <= '9' || 'A' <= c && c <= 'Z':
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// walk appends the value at ptr, of plan p, to b, as value would append
// the addressable reflect.Value of it: the same key. It reads the value's
// memory where its type's layout (the plan's kinds, sizes and field
// offsets) says, rather than through reflect.Value, whose every Field,
// Index and Int checks and copies: most of the cost of a key. ptr must
// point to a value of p's type.
func (w *keyWriter) walk(b []byte, ptr unsafe.Pointer, p *plan, depth int) ([]byte, error) {
	if depth > maxDepth {
		return b, errDeep
	}
	p.once.Do(p.work)
	if p.kind == asJSON || p.addrJSON {
		return w.json(b, reflect.NewAt(p.typ, ptr).Elem())
	}
	var err error
	switch p.kind {
	case asBool, asInt, asUint, asFloat, asString:
		return appendScalarAt(b, ptr, p.rkind)
	case asPointer:
		elem := *(*unsafe.Pointer)(ptr)
		if elem == nil {
			return append(b, 0), nil
		}
		return w.walk(append(b, 1), elem, p.elem, depth+1)
	case asSlice:
		// A slice is its data pointer and its length: nil when the
		// pointer is, as reflect.Value.IsNil has it.
		data, n := *(*unsafe.Pointer)(ptr), sliceLen(ptr)
		if data == nil {
			return append(b, 0), nil
		}
		b = binary.AppendUvarint(append(b, 1), uint64(n))
		if p.bytes {
			return append(b, unsafe.Slice((*byte)(data), n)...), nil
		}
		for i := range n {
			if b, err = w.walk(b, unsafe.Add(data, uintptr(i)*p.elemSize), p.elem, depth+1); err != nil {
				return b, err
			}
		}
		return b, nil
	case asArray:
		for i := range p.length {
			if b, err = w.walk(b, unsafe.Add(ptr, uintptr(i)*p.elemSize), p.elem, depth+1); err != nil {
				return b, err
			}
		}
		return b, nil
	case asMap:
		return w.appendMap(b, reflect.NewAt(p.typ, ptr).Elem(), p, depth)
	case asStruct:
		for i := range p.fields {
			f := &p.fields[i]
			fp := unsafe.Add(ptr, f.offset)
			if f.omitEmpty || f.omitZero {
				if f.omitEmpty && isEmptyAt(fp, f) || f.omitZero && isZeroAt(fp, f) {
					b = append(b, 0)
					continue
				}
				b = append(b, 1)
			}
			if f.scalar != asJSON {
				b, err = appendScalarAt(b, fp, f.kind)
			} else {
				b, err = w.walk(b, fp, f.plan, depth+1)
			}
			if err != nil {
				return b, err
			}
		}
		return b, nil
	}
	return b, errUnsupported
}

// sliceLen returns the length of the slice at ptr, whatever its elements:
// every slice has the same header.
func sliceLen(ptr unsafe.Pointer) int { return len(*(*[]struct{})(ptr)) }

// appendScalarAt appends the bool, number or string of kind k at ptr, as
// appendScalar appends its reflect.Value.
func appendScalarAt(b []byte, ptr unsafe.Pointer, k reflect.Kind) ([]byte, error) {
	switch k {
	case reflect.Bool:
		if *(*bool)(ptr) {
			return append(b, 1), nil
		}
		return append(b, 0), nil
	case reflect.Int:
		return binary.AppendVarint(b, int64(*(*int)(ptr))), nil
	case reflect.Int8:
		return binary.AppendVarint(b, int64(*(*int8)(ptr))), nil
	case reflect.Int16:
		return binary.AppendVarint(b, int64(*(*int16)(ptr))), nil
	case reflect.Int32:
		return binary.AppendVarint(b, int64(*(*int32)(ptr))), nil
	case reflect.Int64:
		return binary.AppendVarint(b, *(*int64)(ptr)), nil
	case reflect.Uint:
		return binary.AppendUvarint(b, uint64(*(*uint)(ptr))), nil
	case reflect.Uint8:
		return binary.AppendUvarint(b, uint64(*(*uint8)(ptr))), nil
	case reflect.Uint16:
		return binary.AppendUvarint(b, uint64(*(*uint16)(ptr))), nil
	case reflect.Uint32:
		return binary.AppendUvarint(b, uint64(*(*uint32)(ptr))), nil
	case reflect.Uint64:
		return binary.AppendUvarint(b, *(*uint64)(ptr)), nil
	case reflect.Uintptr:
		return binary.AppendUvarint(b, uint64(*(*uintptr)(ptr))), nil
	case reflect.Float32, reflect.Float64:
		f := float64(*(*float32)(ptr)) // as reflect.Value.Float has it
		if k == reflect.Float64 {
			f = *(*float64)(ptr)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return b, errUnsupported
		}
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(f)), nil
	case reflect.String:
		return appendString(b, *(*string)(ptr)), nil
	}
	return b, errUnsupported
}

// isEmptyAt is isEmptyValue for field f at ptr.
func isEmptyAt(ptr unsafe.Pointer, f *fieldPlan) bool {
	switch f.kind {
	case reflect.Array:
		return f.typ.Len() == 0
	case reflect.Map:
		return reflect.NewAt(f.typ, ptr).Elem().Len() == 0
	case reflect.Slice:
		return sliceLen(ptr) == 0
	case reflect.String:
		return len(*(*string)(ptr)) == 0
	case reflect.Pointer, reflect.Interface:
		// A nil pointer; an interface without a dynamic type, its first
		// word.
		return *(*unsafe.Pointer)(ptr) == nil
	case reflect.Float32:
		return *(*float32)(ptr) == 0 // -0.0 too, as JSON has it
	case reflect.Float64:
		return *(*float64)(ptr) == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return zeroBytes(ptr, f.typ.Size())
	}
	return false
}

// isZeroAt is fieldPlan.zero for field f at ptr.
func isZeroAt(ptr unsafe.Pointer, f *fieldPlan) bool {
	if f.isZero == nil && f.scalar != asJSON {
		// reflect.Value.IsZero of a bool or a number: all its bits are
		// zero (-0.0 is not zero).
		return zeroBytes(ptr, f.typ.Size())
	}
	return f.zero(reflect.NewAt(f.typ, ptr).Elem())
}

// zeroBytes reports whether the size bytes at ptr, those of a bool or a
// number, are all zero.
func zeroBytes(ptr unsafe.Pointer, size uintptr) bool {
	switch size {
	case 1:
		return *(*uint8)(ptr) == 0
	case 2:
		return *(*uint16)(ptr) == 0
	case 4:
		return *(*uint32)(ptr) == 0
	}
	return *(*uint64)(ptr) == 0
}

// ascii reports whether s is all ASCII, and so valid UTF-8: the short
// names and ids of a state are, and a loop over their bytes is quicker
// than a call of utf8.ValidString.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
