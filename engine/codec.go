package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// CheckKind reports whether kind follows the convention Kinds describes.
func CheckKind(kind string) error {
	if kind == "" {
		return fmt.Errorf("an empty kind")
	}
	for i, word := range strings.Split(kind, "_") {
		if word == "" {
			return fmt.Errorf("kind %q: an empty word between underscores", kind)
		}
		for j, r := range word {
			switch {
			case r >= 'a' && r <= 'z':
			case r >= '0' && r <= '9' && (i > 0 || j > 0):
			default:
				return fmt.Errorf("kind %q: %q is not allowed: lower-case letters and digits in words joined by underscores", kind, r)
			}
		}
	}
	return nil
}

// Codec is the part of a ruleset that speaks to people and programs: the
// text vocabulary of commands (as scenario files and the terminal use it),
// JSON for commands and events, and readable lines for a transcript.
type Codec[S, C, E any] interface {
	// ParseCommand reads a command in the ruleset's text vocabulary, as
	// actor would give it in state s.
	ParseCommand(s *S, actor, text string) (C, error)
	// FormatCommand writes a command in the text vocabulary; parsing the
	// result gives the same command.
	FormatCommand(c C) string
	// DescribeEvent says what an event means, with its dice, for a
	// transcript; s is the state before the event, which it must not
	// change.
	DescribeEvent(s *S, e E) string
	// Kinds returns the ruleset's two codec tables, of its commands and of
	// its events: the kind of every type, which names it in JSON, as the
	// engine writes (Kinds.Marshal) and reads (Kinds.Decode) them.
	Kinds() (commands *Kinds[C], events *Kinds[E])
}

// Game is a ruleset with its codec: the required part of the contract (see
// Ruleset), everything the command line, the store and the server need.
type Game[S, C, E any] interface {
	Ruleset[S, C, E]
	Codec[S, C, E]
}

// MarshalKind writes v as a JSON object with kind as the first field:
// {"kind": "attack", ...the fields of v}. Kinds.Marshal writes a command or
// event with the kind its table gives it.
func MarshalKind(kind string, v any) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", kind, err)
	}
	inner := bytes.TrimSpace(body)
	if len(inner) < 2 || inner[0] != '{' {
		return nil, fmt.Errorf("encoding %s: a kinded value must encode as a JSON object, not %s", kind, inner)
	}
	if hasField(inner, "kind") {
		return nil, fmt.Errorf("encoding %s: the value has a field named \"kind\" of its own", kind)
	}
	quoted, _ := json.Marshal(kind)
	b := make([]byte, 0, len(`{"kind":,`)+len(quoted)+len(inner))
	b = append(b, `{"kind":`...)
	b = append(b, quoted...)
	if len(inner) > 2 {
		b = append(b, ',')
		b = append(b, inner[1:]...)
	} else {
		b = append(b, '}')
	}
	return b, nil
}

// hasField reports whether obj, a JSON object as json.Marshal writes it
// (compact, valid), has a field named name of its own, not counting those
// of the values nested in it. It reads obj once, allocating nothing unless
// a field's name is written with escapes.
func hasField(obj []byte, name string) bool {
	depth := 0
	for i := 0; i < len(obj); i++ {
		switch obj[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end, escaped := i+1, false
			for ; end < len(obj) && obj[end] != '"'; end++ {
				if obj[end] == '\\' {
					escaped = true
					end++
				}
			}
			if depth == 1 && end+1 < len(obj) && obj[end+1] == ':' {
				if escaped {
					var key string
					if json.Unmarshal(obj[i:end+1], &key) == nil && key == name {
						return true
					}
				} else if string(obj[i+1:end]) == name {
					return true
				}
			}
			i = end
		}
	}
	return false
}

// UnmarshalKinded reads JSON written by MarshalKind, choosing the type by
// its kind among the constructors given (each returns a pointer to a new
// zero value). Unknown kinds and unknown fields are errors.
func UnmarshalKinded[T any](data []byte, what string, kinds map[string]func() T) (T, error) {
	var zero T
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return zero, fmt.Errorf("reading a %s: %w", what, err)
	}
	newValue, ok := kinds[head.Kind]
	if !ok {
		known := make([]string, 0, len(kinds))
		for k := range kinds {
			known = append(known, k)
		}
		slices.Sort(known)
		return zero, fmt.Errorf("unknown %s kind %q (known: %s)", what, head.Kind, strings.Join(known, ", "))
	}
	v := newValue()
	// What MarshalKind wrote starts with the kind: the rest is the
	// value's own object, decoded strictly in one pass.
	if body, ok := kindedBody(data, head.Kind); ok {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			return zero, fmt.Errorf("reading a %s %q: %w", what, head.Kind, err)
		}
		return v, nil
	}
	// Otherwise strip "kind" and decode strictly into the value.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return zero, fmt.Errorf("reading a %s: %w", what, err)
	}
	delete(fields, "kind")
	body, err := json.Marshal(fields)
	if err != nil {
		return zero, fmt.Errorf("reading a %s: %w", what, err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return zero, fmt.Errorf("reading a %s %q: %w", what, head.Kind, err)
	}
	return v, nil
}

// kindedBody returns the value's own object of JSON as MarshalKind
// writes it, {"kind":KIND,...}, without the kind: {...}. It reports false
// for JSON laid out otherwise.
func kindedBody(data []byte, kind string) ([]byte, bool) {
	quoted, err := json.Marshal(kind)
	if err != nil {
		return nil, false
	}
	rest, ok := bytes.CutPrefix(data, []byte(`{"kind":`))
	if !ok {
		return nil, false
	}
	if rest, ok = bytes.CutPrefix(rest, quoted); !ok || len(rest) == 0 {
		return nil, false
	}
	switch rest[0] {
	case ',':
		body := make([]byte, 0, len(rest))
		body = append(body, '{')
		return append(body, rest[1:]...), true
	case '}':
		return []byte("{}"), true
	}
	return nil, false
}
