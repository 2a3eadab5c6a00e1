package scenario

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"fray/engine"
)

// field is one key of a struct type as encounter files write it, with the
// constraints its tags put on it.
type field struct {
	name     string
	index    []int // for reflect.Value.FieldByIndex
	typ      reflect.Type
	doc      string
	required bool
	enum     []string
	min, max *float64
	// eachMin and eachMax bound every item of a list, or every value of
	// a mapping, that holds numbers (tags eachmin and eachmax).
	eachMin, eachMax *float64
}

// fieldsOf returns the keys of a struct type in the order declared, with
// inline and embedded structs' keys in their place. It reports malformed
// tags, which are mistakes in the ruleset, not in a file.
func fieldsOf(t reflect.Type) ([]field, error) {
	var out []field
	if err := collectFields(t, nil, &out); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, f := range out {
		if seen[f.name] {
			return nil, fmt.Errorf("%s: two fields are named %q", t, f.name)
		}
		seen[f.name] = true
	}
	return out, nil
}

func collectFields(t reflect.Type, index []int, out *[]field) error {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, ok := sf.Tag.Lookup("yaml")
		if !ok {
			tag = sf.Tag.Get("json")
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		inline := hasOption(opts, "inline") || (sf.Anonymous && name == "")
		if inline && !sf.Anonymous && !sf.IsExported() {
			continue // an unexported named field cannot be set
		}
		if inline {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				return fmt.Errorf("%s.%s: inline fields must be structs, not pointers", t, sf.Name)
			}
			if ft.Kind() != reflect.Struct {
				return fmt.Errorf("%s.%s: inline fields must be structs", t, sf.Name)
			}
			if err := collectFields(ft, idx, out); err != nil {
				return err
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = strings.ToLower(sf.Name)
		}
		f := field{
			name:     name,
			index:    idx,
			typ:      sf.Type,
			doc:      sf.Tag.Get("doc"),
			required: sf.Tag.Get("required") == "true",
		}
		if r := sf.Tag.Get("required"); r != "" && r != "true" && r != "false" {
			return fmt.Errorf("%s.%s: required tag must be \"true\" or \"false\", not %q", t, sf.Name, r)
		}
		if e := sf.Tag.Get("enum"); e != "" {
			f.enum = strings.Split(e, ",")
		}
		for _, b := range []struct {
			tag string
			dst **float64
		}{{"min", &f.min}, {"max", &f.max}, {"eachmin", &f.eachMin}, {"eachmax", &f.eachMax}} {
			s := sf.Tag.Get(b.tag)
			if s == "" {
				continue
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return fmt.Errorf("%s.%s: %s tag %q is not a number", t, sf.Name, b.tag, s)
			}
			*b.dst = &v
		}
		*out = append(*out, f)
	}
	return nil
}

func hasOption(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// names lists the keys of fields, for "allowed:" messages.
func names(fs []field) string {
	ns := make([]string, len(fs))
	for i, f := range fs {
		ns[i] = f.name
	}
	return strings.Join(ns, ", ")
}

// The interfaces through which a type decodes itself.
var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	yamlUnmarshaler = reflect.TypeFor[interface{ UnmarshalYAML([]byte) error }]()
	schemaProvider  = reflect.TypeFor[engine.SchemaProvider]()
)
