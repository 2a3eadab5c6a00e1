package enginetest

import (
	"fmt"
	"reflect"
)

// Special changes a value of a type that ChangeEvery should not take apart
// field by field (a command kept as its text, say) in its own ways,
// calling check after each change and putting the value back, and reports
// true; it reports false, changing nothing, for any other value.
type Special func(v reflect.Value, path string, check func(string)) bool

// ChangeEvery changes each value held in v, which must be addressable,
// one at a time, calls check after each change with the path of what
// changed, and puts the value back: for tests that a state's key, view or
// copy sees every field. Numbers are raised, lowered and zeroed, flags
// flipped, strings lengthened (by bytes that are not UTF-8 too), emptied
// and replaced; a pointer, list or map is set to nil, made, shortened,
// lengthened, given and rid of entries, and each of its elements changed
// in turn. A pointer, list or map is never written through: each change
// is made in a new one, so memory that v shares with other values stays
// as it was. special, if not nil, is asked first about every value.
func ChangeEvery(v reflect.Value, path string, check func(string), special Special) {
	if special != nil && special(v, path, check) {
		return
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		old := v.Int()
		for _, n := range []int64{old + 1, old - 200, 0} {
			if n != old {
				v.SetInt(n)
				check(path)
			}
		}
		v.SetInt(old)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		old := v.Uint()
		for _, n := range []uint64{old + 1, 0} {
			if n != old {
				v.SetUint(n)
				check(path)
			}
		}
		v.SetUint(old)
	case reflect.Float32, reflect.Float64:
		old := v.Float()
		for _, f := range []float64{old + 1, old - 0.5, 0} {
			if f != old {
				v.SetFloat(f)
				check(path)
			}
		}
		v.SetFloat(old)
	case reflect.Bool:
		v.SetBool(!v.Bool())
		check(path)
		v.SetBool(!v.Bool())
	case reflect.String:
		old := v.String()
		// Bytes that are not UTF-8 are alike to JSON, and unlike a
		// U+FFFD: the second and third give the same JSON, the fourth
		// not.
		for _, s := range []string{old + "x", old + "\xff", old + "\xfe", old + "\uFFFD", ""} {
			v.SetString(s)
			check(path + "=" + s)
		}
		v.SetString(old)
	case reflect.Pointer:
		changePointer(v, path, check, special)
	case reflect.Slice:
		changeSlice(v, path, check, special)
	case reflect.Map:
		changeMap(v, path, check, special)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				ChangeEvery(v.Field(i), path+"."+f.Name, check, special)
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			ChangeEvery(v.Index(i), fmt.Sprintf("%s[%d]", path, i), check, special)
		}
	}
}

// changePointer is ChangeEvery for a pointer: nil, then a new value
// pointed to for each change of what it points to.
func changePointer(v reflect.Value, path string, check func(string), special Special) {
	old := reflect.ValueOf(v.Interface())
	if !v.IsNil() {
		v.SetZero()
		check(path + " nil")
	}
	elem := reflect.New(v.Type().Elem()).Elem()
	if !old.IsNil() {
		elem.Set(old.Elem())
	}
	point := func(p string) {
		ptr := reflect.New(v.Type().Elem())
		ptr.Elem().Set(elem)
		v.Set(ptr)
		check(p)
	}
	if old.IsNil() {
		point(path + " made")
	} else {
		v.Set(reflect.New(v.Type().Elem()))
		check(path + " to a zero value")
	}
	ChangeEvery(elem, path, point, special)
	v.Set(old)
}

// changeSlice is ChangeEvery for a list: nil or empty, shorter, longer,
// and each element changed, every change in a new copy of the list.
func changeSlice(v reflect.Value, path string, check func(string), special Special) {
	old := reflect.ValueOf(v.Interface())
	switch {
	case v.IsNil():
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		check(path + " empty")
	case v.Len() == 0:
		v.SetZero()
		check(path + " nil")
	default:
		v.Set(old.Slice3(0, old.Len()-1, old.Len()-1))
		check(path + " shorter")
	}
	n := old.Len()
	for i := range n + 1 {
		elem := reflect.New(v.Type().Elem()).Elem()
		if i < n {
			elem.Set(old.Index(i))
		}
		put := func(p string) {
			cp := reflect.MakeSlice(v.Type(), max(n, i+1), max(n, i+1))
			reflect.Copy(cp, old)
			cp.Index(i).Set(elem)
			v.Set(cp)
			check(p)
		}
		if i == n {
			put(path + " longer")
		}
		ChangeEvery(elem, fmt.Sprintf("%s[%d]", path, i), put, special)
	}
	v.Set(old)
}

// changeMap is ChangeEvery for a map: nil or empty, each entry left out
// and changed, and new entries, every change in a new copy of the map.
func changeMap(v reflect.Value, path string, check func(string), special Special) {
	old := reflect.ValueOf(v.Interface())
	with := func(edit func(m reflect.Value), p string) {
		m := reflect.MakeMap(v.Type())
		for it := old.MapRange(); it.Next(); {
			m.SetMapIndex(it.Key(), it.Value())
		}
		edit(m)
		v.Set(m)
		check(p)
	}
	if old.IsNil() {
		with(func(reflect.Value) {}, path+" empty")
	} else {
		v.SetZero()
		check(path + " nil")
	}
	for _, k := range old.MapKeys() {
		with(func(m reflect.Value) { m.SetMapIndex(k, reflect.Value{}) }, fmt.Sprintf("%s without %v", path, k))
		entry := reflect.New(v.Type().Elem()).Elem()
		entry.Set(old.MapIndex(k))
		ChangeEvery(entry, fmt.Sprintf("%s[%v]", path, k), func(p string) {
			with(func(m reflect.Value) { m.SetMapIndex(k, entry) }, p)
		}, special)
	}
	if v.Type().Key().Kind() == reflect.String {
		for _, k := range []string{"", "a", "zz", "\xff"} {
			if old.MapIndex(reflect.ValueOf(k).Convert(v.Type().Key())).IsValid() {
				continue
			}
			with(func(m reflect.Value) {
				m.SetMapIndex(reflect.ValueOf(k).Convert(v.Type().Key()), reflect.New(v.Type().Elem()).Elem())
			}, fmt.Sprintf("%s with %q", path, k))
		}
	}
	v.Set(old)
}
