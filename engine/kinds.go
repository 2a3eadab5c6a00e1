package engine

import (
	"fmt"
	"reflect"
	"slices"
)

// Kinds is the codec table of one of a ruleset's sealed interfaces, its
// commands or its events: every kind ever written, the type it names, how
// to make one to decode into, and the slot an Arena keeps its values in.
// It is the one place a kind's name is written: the table gives a value
// its kind (Kind), writes it as JSON with it (Marshal) and reads it back
// (Decode). A ruleset declares its two tables as package variables, each
// type added with Add where the type is declared, and hands them to the
// engine through Codec.Kinds; the table is complete once the package is
// initialised and never changes after.
//
// Every kind follows one convention, which CheckKind enforces: lower-case
// words of letters and digits joined by underscores, a verb for a command
// ("attack", "end_turn") and a past participle or noun phrase for an event
// ("attack_rolled", "initiative_rolled"), unique among the ruleset's
// commands and among its events. Kinds are append-only: a kind that was
// ever saved is never renamed or given to another type.
type Kinds[I any] struct {
	what string
	// tab is the table's identity in an Arena, and slots counts the
	// slots it has given out.
	tab   *kindsTable
	make  map[string]func() I
	names []string
	// kinds names the kind of each type added, by the type of its values
	// (*T for a type T added).
	kinds map[reflect.Type]string
}

// kindsTable is what a Kind knows of its table: which it is, for an Arena to
// tell its slots from another table's.
type kindsTable struct {
	slots int32
}

// NewKinds starts a table whose values errors call what ("reference
// event").
func NewKinds[I any](what string) *Kinds[I] {
	return &Kinds[I]{what: what, tab: new(kindsTable), make: map[string]func() I{}, kinds: map[reflect.Type]string{}}
}

// Kind is one type of a Kinds table: its kind string, and where an Arena
// keeps values of the type (see New).
type Kind[T any] struct {
	name string
	// table and slot are where an Arena keeps values of the type: the
	// slot-th of the table's, counted from 1 (0 is the zero Kind's,
	// which has no slot).
	table *kindsTable
	slot  int32
}

// Name returns the kind string the type was added under.
func (k Kind[T]) Name() string { return k.name }

// Add adds T to table k under kind name and returns its Kind: the table's
// values of the type are *T, which must be an I. name must follow
// CheckKind's convention and be new to the table. Like regexp.MustCompile
// at package level, Add panics on a table that breaks these, when the
// package is initialised: a mistake in the table stops every program and
// test that links the ruleset, before anything runs.
func Add[T, I any](k *Kinds[I], name string) Kind[T] {
	if _, ok := any(new(T)).(I); !ok {
		panic(fmt.Sprintf("engine.Add: %T is not a %s", new(T), k.what))
	}
	if k.make[name] != nil {
		panic(fmt.Sprintf("engine.Add: two %s types of kind %q", k.what, name))
	}
	if err := CheckKind(name); err != nil {
		panic(fmt.Sprintf("engine.Add: %s: %v", k.what, err))
	}
	k.make[name] = func() I { return any(new(T)).(I) }
	k.names = append(k.names, name)
	k.kinds[reflect.TypeFor[*T]()] = name
	return scratch[T](k.tab, name)
}

// AddScratch gives T a slot in table k's memory without a kind: the
// Kind of values the table's values carry but that are never written on
// their own, such as the lists or the nested values of an event, for
// New, Slice and Buffer to make in an Arena. Its Name is "". Like Add,
// it is called when the package is initialised.
func AddScratch[T, I any](k *Kinds[I]) Kind[T] {
	return scratch[T](k.tab, "")
}

// scratch gives T the table's next slot.
func scratch[T any](t *kindsTable, name string) Kind[T] {
	t.slots++
	return Kind[T]{name: name, table: t, slot: t.slots}
}

// Kind returns v's kind, the name its type was added under; "" for nil or
// a value of a type the table does not have.
func (k *Kinds[I]) Kind(v I) string { return k.kinds[reflect.TypeOf(any(v))] }

// Marshal writes v as a JSON object with its kind as the first field:
// {"kind": "attack", ...the fields of v}. A value of a type the table does
// not have is an error.
func (k *Kinds[I]) Marshal(v I) ([]byte, error) {
	kind := k.Kind(v)
	if kind == "" {
		return nil, fmt.Errorf("encoding a %s: %T is not one", k.what, v)
	}
	return MarshalKind(kind, v)
}

// Decode reads a value written by Marshal, of a kind in the table; an
// unknown kind or field is an error.
func (k *Kinds[I]) Decode(data []byte) (I, error) {
	return UnmarshalKinded(data, k.what, k.make)
}

// Names lists the table's kinds, sorted.
func (k *Kinds[I]) Names() []string {
	return slices.Sorted(slices.Values(k.names))
}
