package blackpowder

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"fray/engine"
)

// Declared actions and delayed actions keep their command in the state as
// kinded JSON (engine.MarshalKinded), so every declared action writes a
// command and reads it back. encodeCommand and decodeCommand do that for
// the commands most often declared (attacks, moves, reloads, revives,
// items) without encoding/json, falling back to it for everything else;
// they give exactly the bytes and values engine.MarshalKinded and
// Rules.DecodeCommand give.

// encodeCommand writes c as engine.MarshalKinded does.
func encodeCommand(c Command) (json.RawMessage, error) {
	if b, ok := appendCommand(nil, c); ok {
		return b, nil
	}
	return engine.MarshalKinded(c)
}

// decodeCommand reads a command written by encodeCommand (or
// engine.MarshalKinded), as Rules.DecodeCommand does.
func decodeCommand(raw []byte) (Command, error) {
	if c, ok := parseCommand(raw); ok {
		// Only text that writing c gives back byte for byte is taken; for
		// anything else the slow path decides, errors included.
		var buf [128]byte
		if b, ok := appendCommand(buf[:0], c); ok && bytes.Equal(b, raw) {
			return c, nil
		}
	}
	return Rules{}.DecodeCommand(raw)
}

// appendCommand appends c to b as engine.MarshalKinded writes it, for the
// common commands whose JSON is simple; false for any other command, or
// text that JSON would escape.
func appendCommand(b []byte, c Command) ([]byte, bool) {
	b = append(b, `{"kind":"`...)
	b = append(b, c.Kind()...)
	b = append(b, '"')
	ok := true
	str := func(key, v string, omitEmpty bool) {
		if v == "" && omitEmpty {
			return
		}
		if !plain(v) {
			ok = false
			return
		}
		b = append(b, `,"`...)
		b = append(b, key...)
		b = append(b, `":"`...)
		b = append(b, v...)
		b = append(b, '"')
	}
	num := func(key string, v int) {
		if v == 0 {
			return
		}
		b = append(b, `,"`...)
		b = append(b, key...)
		b = append(b, `":`...)
		b = strconv.AppendInt(b, int64(v), 10)
	}
	float := func(key string, v float64) {
		if a := math.Abs(v); v != 0 && (a < 1e-6 || a >= 1e21) || math.IsNaN(v) || math.IsInf(v, 0) {
			ok = false // encoding/json writes these with an exponent
			return
		}
		b = append(b, `,"`...)
		b = append(b, key...)
		b = append(b, `":`...)
		b = strconv.AppendFloat(b, v, 'f', -1, 64)
	}
	switch c := c.(type) {
	case *Attack:
		str("target", c.Target, false)
		str("weapon", c.Weapon, true)
		num("part", c.Part)
		num("modifier", c.Modifier)
	case *Move:
		float("x", c.X)
		float("y", c.Y)
	case *Run:
		float("x", c.X)
		float("y", c.Y)
	case *Withdraw:
		float("x", c.X)
		float("y", c.Y)
	case *Reload:
	case *Revive:
		str("target", c.Target, false)
		str("skill", c.Skill, false)
	case *UseItem:
		str("item", c.Item, false)
		str("target", c.Target, true)
	default:
		return b, false
	}
	return append(b, '}'), ok
}

// plain reports whether encoding/json writes s as it is between quotes:
// printable ASCII with nothing it escapes.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch < 0x20 || ch > 0x7e, ch == '"', ch == '\\', ch == '<', ch == '>', ch == '&':
			return false
		}
	}
	return true
}

// parseCommand reads the JSON appendCommand writes: an object of string
// and number members, kind first. false for anything else.
func parseCommand(raw []byte) (Command, bool) {
	p := rawParser{b: raw}
	if !p.lit(`{"kind":`) {
		return nil, false
	}
	kind, ok := p.str()
	if !ok {
		return nil, false
	}
	var c Command
	switch kind {
	case "attack":
		c = &Attack{}
	case "move":
		c = &Move{}
	case "run":
		c = &Run{}
	case "withdraw":
		c = &Withdraw{}
	case "reload":
		c = &Reload{}
	case "revive":
		c = &Revive{}
	case "use":
		c = &UseItem{}
	default:
		return nil, false
	}
	for p.lit(",") {
		key, ok := p.str()
		if !ok || !p.lit(":") {
			return nil, false
		}
		if !p.field(c, key) {
			return nil, false
		}
	}
	if !p.lit("}") || p.i != len(p.b) {
		return nil, false
	}
	return c, true
}

// rawParser reads the simple JSON of parseCommand.
type rawParser struct {
	b []byte
	i int
}

// lit consumes s if the input continues with it.
func (p *rawParser) lit(s string) bool {
	if len(p.b)-p.i < len(s) || string(p.b[p.i:p.i+len(s)]) != s {
		return false
	}
	p.i += len(s)
	return true
}

// str reads a string without escapes.
func (p *rawParser) str() (string, bool) {
	if !p.lit(`"`) {
		return "", false
	}
	end := bytes.IndexByte(p.b[p.i:], '"')
	if end < 0 {
		return "", false
	}
	s := p.b[p.i : p.i+end]
	if bytes.IndexByte(s, '\\') >= 0 {
		return "", false
	}
	p.i += end + 1
	return string(s), true
}

// number reads a JSON number.
func (p *rawParser) number() (float64, bool) {
	start := p.i
	for p.i < len(p.b) && strings.IndexByte("-+.eE0123456789", p.b[p.i]) >= 0 {
		p.i++
	}
	f, err := strconv.ParseFloat(string(p.b[start:p.i]), 64)
	return f, err == nil
}

// integer reads a JSON number that is a whole int.
func (p *rawParser) integer() (int, bool) {
	f, ok := p.number()
	if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<31 {
		return 0, false
	}
	return int(f), true
}

// field reads the value of key into c.
func (p *rawParser) field(c Command, key string) bool {
	var ok bool
	switch c := c.(type) {
	case *Attack:
		switch key {
		case "target":
			c.Target, ok = p.str()
		case "weapon":
			c.Weapon, ok = p.str()
		case "part":
			c.Part, ok = p.integer()
		case "modifier":
			c.Modifier, ok = p.integer()
		}
	case *Move:
		ok = p.point(key, &c.X, &c.Y)
	case *Run:
		ok = p.point(key, &c.X, &c.Y)
	case *Withdraw:
		ok = p.point(key, &c.X, &c.Y)
	case *Revive:
		switch key {
		case "target":
			c.Target, ok = p.str()
		case "skill":
			c.Skill, ok = p.str()
		}
	case *UseItem:
		switch key {
		case "item":
			c.Item, ok = p.str()
		case "target":
			c.Target, ok = p.str()
		}
	}
	return ok
}

// point reads coordinate x or y.
func (p *rawParser) point(key string, x, y *float64) bool {
	var ok bool
	switch key {
	case "x":
		*x, ok = p.number()
	case "y":
		*y, ok = p.number()
	}
	return ok
}
