package woundslots

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// Nested is a command held inside another command, an event or the state:
// a readied action (R47), a long action (R25), a mount's order (R76), a
// declared action waiting for its window (section 7.5). The rules read it
// as a value. Its JSON is the command's text, as it always was, so logs
// written before still load: the text is parsed once, as it is decoded.
// The zero value holds no command.
type Nested struct {
	c Command
}

// nest holds a copy of c, so that the nested command never shares memory
// the caller reuses (the commands of Moves, in the hot path's arena, which
// the next Moves hands out again) and nobody changes it after.
func nest(c Command) Nested {
	if c == nil {
		return Nested{}
	}
	v := reflect.ValueOf(c)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return Nested{c: c}
	}
	own := reflect.New(v.Type().Elem())
	own.Elem().Set(v.Elem())
	return Nested{c: own.Interface().(Command)}
}

// Command is the nested command, nil for none. It must not be changed:
// copy it first.
func (n Nested) Command() Command { return n.c }

// IsZero reports whether n holds no command (JSON's omitzero).
func (n Nested) IsZero() bool { return n.c == nil }

// String is the command's text, "" for none.
func (n Nested) String() string { return Rules{}.FormatCommand(n.c) }

// MarshalJSON writes the command's text.
func (n Nested) MarshalJSON() ([]byte, error) { return json.Marshal(n.String()) }

// UnmarshalJSON reads a command's text: "" is no command.
func (n *Nested) UnmarshalJSON(data []byte) error {
	var text string
	if err := json.Unmarshal(data, &text); err != nil {
		return fmt.Errorf("a nested command: %w", err)
	}
	c, err := parseNested(text)
	if err != nil {
		return err
	}
	n.c = c
	return nil
}

// parseNested reads a nested command's text, "" for none.
func parseNested(text string) (Command, error) {
	if text == "" {
		return nil, nil
	}
	c, err := Rules{}.ParseCommand(nil, "", text)
	if err != nil {
		return nil, fmt.Errorf("the nested command %q: %w", text, err)
	}
	return c, nil
}

// UnmarshalJSON reads a long action under way, its action (with Action)
// read from Object's text once, as it is decoded.
func (l *Long) UnmarshalJSON(data []byte) error {
	type plain Long
	if err := json.Unmarshal(data, (*plain)(l)); err != nil {
		return err
	}
	return l.Command.readLong(l.Action, l.Object)
}

// readLong sets n to the long action whose text is object, when action
// says object is an action's text rather than an object's name (R25).
func (n *Nested) readLong(action bool, object string) error {
	n.c = nil
	if !action {
		return nil
	}
	c, err := parseNested(object)
	n.c = c
	return err
}
