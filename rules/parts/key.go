package parts

import (
	"encoding/binary"
	"slices"
	"strings"
	"unicode/utf8"
)

// The functions below write the pieces of a state's key for exact odds
// (a state's AppendKey): two states get the same key exactly when their
// JSON is the same, so each piece is written so that two values give the
// same bytes exactly when JSON writes them alike. Numbers are varints,
// strings and lists carry their length, and no field is named: a key is
// read only against another key of the same ruleset.

// Flags returns the number whose bit i is set when bs[i] is, for a key to
// write many flags as one varint.
func Flags(bs ...bool) uint64 {
	var n uint64
	for i, x := range bs {
		if x {
			n |= 1 << i
		}
	}
	return n
}

// AppendPresent appends whether a value that JSON writes as null, apart
// from empty, is there.
func AppendPresent(b []byte, there bool) []byte { return AppendBools(b, there) }

// AppendBools appends each of bs as a byte.
func AppendBools(b []byte, bs ...bool) []byte {
	for _, x := range bs {
		if x {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	return b
}

// AppendInts appends each of ns as a varint.
func AppendInts(b []byte, ns ...int) []byte {
	for _, n := range ns {
		b = binary.AppendVarint(b, int64(n))
	}
	return b
}

// AppendStrings appends each of ss with its length (see AppendString).
func AppendStrings(b []byte, ss ...string) []byte {
	for _, s := range ss {
		b = AppendString(b, s)
	}
	return b
}

// AppendList appends a list of strings: its length, then each. A nil
// list is written as an empty one: JSON leaves both out of a state.
func AppendList(b []byte, ss []string) []byte {
	return AppendStrings(binary.AppendUvarint(b, uint64(len(ss))), ss...)
}

// AppendString appends s with its length. JSON writes every byte of s
// that is not UTF-8 as the same escape, unlike a U+FFFD of s: here each is
// written as 0xff, which UTF-8 never has, so that two strings get the
// same key exactly when they have the same JSON.
func AppendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ { // quickly for the ASCII of ids and names
		if s[i] >= utf8.RuneSelf {
			if !utf8.ValidString(s[i:]) {
				return appendInvalid(b, s)
			}
			break
		}
	}
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// appendInvalid is AppendString for s that is not UTF-8.
func appendInvalid(b []byte, s string) []byte {
	n := 0 // the length with each byte that is not UTF-8 as one
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			n++
		} else {
			n += size
		}
		i += size
	}
	b = binary.AppendUvarint(b, uint64(n))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, 0xff)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// AppendMap appends map m's entries in the order of their keys, as JSON
// writes them: its length, then each key and its value written by value.
// A nil map is written as an empty one, which JSON leaves out alike.
func AppendMap[V any](b []byte, m map[string]V, value func([]byte, V) []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(m)))
	if len(m) == 0 {
		return b
	}
	type entry struct {
		k string
		v V
	}
	var buf [16]entry
	entries := buf[:0]
	for k, v := range m {
		entries = append(entries, entry{k, v})
	}
	slices.SortFunc(entries, func(x, y entry) int { return strings.Compare(x.k, y.k) })
	for _, e := range entries {
		b = value(AppendString(b, e.k), e.v)
	}
	return b
}

// AppendInt appends n as a varint: the value writer of AppendMap for a
// map of numbers.
func AppendInt(b []byte, n int) []byte { return binary.AppendVarint(b, int64(n)) }

// AppendEach appends a list: its length, then each of xs written by
// each (a method expression such as (*Weapon).appendKey will do).
func AppendEach[T any](b []byte, xs []T, each func(*T, []byte) []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(xs)))
	for i := range xs {
		b = each(&xs[i], b)
	}
	return b
}
