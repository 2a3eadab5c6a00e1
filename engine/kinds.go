package engine

import (
	"fmt"
	"slices"
)

// Kinds is the codec table of one of a ruleset's sealed interfaces, its
// commands or its events: every kind ever written, the type it names, how
// to make one to decode into, and the slot an Arena keeps its values in.
// A ruleset declares its two tables as package variables, each type added
// with Add where the type is declared; the table is complete once the
// package is initialised and never changes after.
//
// Kinds are append-only: a kind that was ever saved is never renamed or
// given to another type.
type Kinds[I Kinded] struct {
	what  string
	make  map[string]func() I
	names []string
}

// NewKinds starts a table whose values errors call what ("reference
// event").
func NewKinds[I Kinded](what string) *Kinds[I] {
	return &Kinds[I]{what: what, make: map[string]func() I{}}
}

// Kind is one type of a Kinds table: its kind string, and where an Arena
// keeps values of the type (see New).
type Kind[T any] struct {
	name string
	slot int32
}

// Name returns the kind string, as the type's Kind method returns it.
func (k Kind[T]) Name() string { return k.name }

// Add adds T to table k under kind name and returns its Kind. *T must be
// an I whose Kind method returns name, and name must follow CheckKind's
// convention and be new to the table. Like regexp.MustCompile at package
// level, Add panics on a table that breaks these, when the package is
// initialised: a mistake in the table stops every program and test that
// links the ruleset, before anything runs.
func Add[T any, I Kinded](k *Kinds[I], name string) Kind[T] {
	v, ok := any(new(T)).(I)
	switch {
	case !ok:
		panic(fmt.Sprintf("engine.Add: %T is not a %s", new(T), k.what))
	case v.Kind() != name:
		panic(fmt.Sprintf("engine.Add: %T's kind is %q, added as %q", v, v.Kind(), name))
	case k.make[name] != nil:
		panic(fmt.Sprintf("engine.Add: two %s types of kind %q", k.what, name))
	}
	if err := CheckKind(name); err != nil {
		panic(fmt.Sprintf("engine.Add: %s: %v", k.what, err))
	}
	slot := int32(len(k.names))
	k.make[name] = func() I { return any(new(T)).(I) }
	k.names = append(k.names, name)
	return Kind[T]{name: name, slot: slot}
}

// Decode reads a value written by MarshalKinded, of a kind in the table;
// an unknown kind or field is an error.
func (k *Kinds[I]) Decode(data []byte) (I, error) {
	return UnmarshalKinded(data, k.what, k.make)
}

// Names lists the table's kinds, sorted.
func (k *Kinds[I]) Names() []string {
	return slices.Sorted(slices.Values(k.names))
}
