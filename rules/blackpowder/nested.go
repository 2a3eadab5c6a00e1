package blackpowder

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"

	"fray/engine"
)

// Nested is a command held inside a state, an event or another command: a
// declared action, a delayed action waiting for its turn, the action an
// interrupt acts with. In JSON it is the command as engine.MarshalKinded
// writes it ({"kind":"attack",...}), or null for none.
type Nested struct {
	// Command is the command held; nil for none.
	Command Command
}

// MarshalJSON writes the command as engine.MarshalKinded does, or null
// when there is none.
func (n Nested) MarshalJSON() ([]byte, error) {
	if n.Command == nil {
		return []byte("null"), nil
	}
	b, err := engine.MarshalKinded(n.Command)
	if err != nil {
		return nil, fmt.Errorf("a nested blackpowder command: %w", err)
	}
	return b, nil
}

// UnmarshalJSON reads a command written by MarshalJSON, as
// Rules.DecodeCommand does; null leaves no command.
func (n *Nested) UnmarshalJSON(data []byte) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		n.Command = nil
		return nil
	}
	c, err := Rules{}.DecodeCommand(data)
	if err != nil {
		return fmt.Errorf("a nested blackpowder command: %w", err)
	}
	n.Command = c
	return nil
}

// clone returns a deep copy of n: commands are values, so a copied state
// or command shares none of its commands with the original.
func (n Nested) clone() Nested {
	return Nested{Command: cloneCommand(n.Command)}
}

// cloneCommand returns a deep copy of c (nil for nil). Only Ruling,
// Interrupt and Rest hold anything by reference; every other command is a struct of
// plain values, copied as it is.
func cloneCommand(c Command) Command {
	switch c := c.(type) {
	case nil:
		return nil
	case *Ruling:
		if c == nil {
			return c
		}
		out := *c
		if c.Safe != nil {
			safe := *c.Safe
			out.Safe = &safe
		}
		if c.Modifier != nil {
			mod := *c.Modifier
			out.Modifier = &mod
		}
		return &out
	case *Interrupt:
		if c == nil {
			return c
		}
		out := *c
		out.Action = c.Action.clone()
		return &out
	case *Rest:
		if c == nil {
			return c
		}
		out := *c
		out.Who = slices.Clone(c.Who)
		return &out
	}
	v := reflect.ValueOf(c)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return c
	}
	out := reflect.New(v.Type().Elem())
	out.Elem().Set(v.Elem())
	if copied, ok := out.Interface().(Command); ok {
		return copied
	}
	return c
}
