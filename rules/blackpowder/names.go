package blackpowder

import (
	"fmt"
	"slices"
	"strconv"
)

// The rules compare statuses, weapon kinds, payments and stages as small
// numbers; the state's and the events' JSON writes each as its name. These
// helpers read and write a small number of type T by its place in names,
// what being the type's name in errors.

// nameOf returns the name of v, or what(v) for a value without one.
func nameOf[T ~uint8](v T, names []string, what string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return what + "(" + strconv.Itoa(int(v)) + ")"
}

// nameText is MarshalText's: v's name, or an error for a value without
// one.
func nameText[T ~uint8](v T, names []string, what string) ([]byte, error) {
	if int(v) >= len(names) {
		return nil, fmt.Errorf("blackpowder: no %s %d", what, v)
	}
	return []byte(names[v]), nil
}

// named returns the value called name, or 0 for none: the zero value's
// name, empty, names nothing here.
func named[T ~uint8](name string, names []string) T {
	if i := slices.Index(names[1:], name); i >= 0 {
		return T(i + 1)
	}
	return 0
}

// fromName is UnmarshalText's: the value named b, or an error listing the
// names.
func fromName[T ~uint8](b []byte, names []string, what string) (T, error) {
	for i, name := range names {
		if string(b) == name {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("blackpowder: no %s %q (allowed: %q)", what, b, names)
}
