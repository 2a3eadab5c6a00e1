package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The identity rule: every id a person types (a combatant's, a side's or
// group's, a stored fight's) follows one syntax, checked once by the
// engine for every ruleset (CheckID, CheckRoster), so that what a file
// accepts a command can name, and what a terminal prints cannot be an
// escape sequence. docs/limits.md describes it.

// MaxIDLength is the most bytes an id may have.
const MaxIDLength = 64

// reservedIDs are the words no id may be: the GM's actor id, and every
// word a bundled ruleset's command grammar reads as a keyword where an id
// may stand ("attack bob with axe": a combatant called "with" could not
// be named). A ruleset adds its own keywords with Vocabulary. It is never
// changed; Reserved returns a copy.
var reservedIDs = []string{
	GM,
	// Keywords of the command grammars (rules/*/ with rules/parts).
	"after", "at", "by", "challenges", "chances", "charges", "cover",
	"damage", "defence-edge", "defence-mod", "defense-edge", "defense-mod",
	"dice", "edge", "from", "mod",
	"offhand", "on", "part", "slept", "style", "to", "type", "using", "vs",
	"with",
}

// Reserved returns the words no id may be whatever the ruleset, sorted:
// "gm" and the keywords of the bundled rulesets' command grammars.
func Reserved() []string {
	out := slices.Clone(reservedIDs)
	slices.Sort(out)
	return out
}

// Vocabulary is the capability of naming the keywords of a ruleset's
// command text that may stand where an id does, beyond those Reserved
// lists: no combatant or side of the ruleset may be called one of them.
// A ruleset built on a parts.Grammar returns the grammar's Keywords.
type Vocabulary interface {
	Keywords() []string
}

// CheckID reports whether id follows the identity rule: 1 to MaxIDLength
// bytes of lower-case ASCII letters, digits, '-' and '_', starting with a
// letter or digit, and not one of the reserved words (Reserved, and the
// extra words given). Commands read ids in lower case, so an id with an
// upper-case letter could never be named in one: it is refused, with the
// lower-case form suggested. The error quotes at most an excerpt of id.
func CheckID(id string, extra ...string) error {
	switch {
	case id == "":
		return errors.New("an empty id; an id is a word of lower-case letters, digits, '-' and '_'")
	case len(id) > MaxIDLength:
		return fmt.Errorf("the id %s is too long: at most %d bytes, of lower-case letters, digits, '-' and '_'", Quote(id), MaxIDLength)
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case (c == '-' || c == '_') && i > 0:
		case c >= 'A' && c <= 'Z':
			lower := strings.ToLower(id)
			if CheckID(lower, extra...) == nil {
				return fmt.Errorf("the id %s has upper-case letters; commands read ids in lower case, so write %s", Quote(id), Quote(lower))
			}
			return fmt.Errorf("the id %s has upper-case letters; an id is lower-case letters, digits, '-' and '_'", Quote(id))
		case c == '-' || c == '_':
			return fmt.Errorf("the id %s starts with %q; an id starts with a lower-case letter or a digit", Quote(id), c)
		default:
			r, _ := utf8.DecodeRuneInString(id[i:])
			return fmt.Errorf("the id %s has %s, which ids may not hold: an id is lower-case letters, digits, '-' and '_'", Quote(id), describeRune(r))
		}
	}
	if slices.Contains(reservedIDs, id) || slices.Contains(extra, id) {
		if id == GM {
			return fmt.Errorf("the id %q is the game master's; choose another", id)
		}
		return fmt.Errorf("the id %q is a word of the command text; choose another", id)
	}
	return nil
}

// describeRune names a character an id may not hold, escaped so that a
// terminal prints it as text.
func describeRune(r rune) string {
	switch {
	case r == utf8.RuneError:
		return "a byte that is not UTF-8"
	case r == ' ' || r == '\t' || r == '\n' || r == '\r':
		return "a space or line break " + strconv.QuoteRune(r)
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return "the control character " + strconv.QuoteRuneToASCII(r)
	}
	return "the character " + strconv.QuoteRuneToASCII(r)
}

// IDError is an id of a started encounter that breaks the identity rule
// (see CheckRoster).
type IDError struct {
	// ID is the id as the encounter has it.
	ID string
	// Of says whose id it is: "combatant" or "side".
	Of string
	// Err says what is wrong with it.
	Err error
}

func (e *IDError) Error() string { return e.Of + " " + Quote(e.ID) + ": " + e.Err.Error() }

// Unwrap returns what is wrong with the id.
func (e *IDError) Unwrap() error { return e.Err }

// CheckRoster checks the ids of a started encounter against the identity
// rule: every combatant's (Roster), every side's or group's (SideOf), and
// that no two combatants share one. It returns an *IDError for each id
// that breaks it, joined, or nil. The loader runs it on every encounter it
// starts, whatever the ruleset, so no ruleset need check ids itself.
func CheckRoster(t Table) error {
	var extra []string
	if v, ok := t.(interface{ keywords() []string }); ok {
		extra = v.keywords()
	}
	var errs []error
	seen := map[string]bool{}
	sides := map[string]bool{}
	for _, id := range t.Roster() {
		if err := CheckID(id, extra...); err != nil {
			errs = append(errs, &IDError{ID: id, Of: "combatant", Err: err})
		} else if seen[id] {
			errs = append(errs, &IDError{ID: id, Of: "combatant", Err: errors.New("two combatants have this id")})
		}
		seen[id] = true
		side := t.SideOf(id)
		if side == "" || sides[side] {
			continue
		}
		sides[side] = true
		if err := CheckID(side, extra...); err != nil {
			errs = append(errs, &IDError{ID: side, Of: "side", Err: err})
		}
	}
	return errors.Join(errs...)
}

// MaxExcerpt is the most bytes of input a message quotes (see Quote).
const MaxExcerpt = 48

// Quote returns s quoted for a message, as %q quotes it (control
// characters and invalid UTF-8 escaped), cut to its first MaxExcerpt
// bytes (on a character boundary) and followed by its length when it is
// longer: `"xxxx…" (500000 bytes)`. Every message that quotes what a
// person or a file gave quotes it with Quote, so that no input makes a
// message longer than a line.
func Quote(s string) string {
	if len(s) <= MaxExcerpt {
		return strconv.Quote(s)
	}
	cut := MaxExcerpt
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s (%d bytes)", strconv.Quote(s[:cut]+"…"), len(s))
}

// MaxMessage is the most bytes of a message Clip keeps.
const MaxMessage = 2000

// Clip bounds a message built from input that was not quoted with Quote
// (a ruleset's own words, a listing of many names): every string quoted
// in it as %q quotes longer than MaxExcerpt is cut as Quote cuts it, and
// a message still longer than MaxMessage bytes is cut there, on a
// character boundary, with how much was left out. Control characters are
// escaped, so that a message never writes an escape sequence to a
// terminal.
func Clip(msg string) string {
	dropped := 0
	if len(msg) > maxClipped {
		// Past this nothing would be kept: spare the scans below.
		cut := maxClipped
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg, dropped = msg[:cut], len(msg)-cut
	}
	msg = clipQuoted(msg)
	if !strings.ContainsFunc(msg, isControl) && len(msg) <= MaxMessage && dropped == 0 {
		return msg
	}
	var b strings.Builder
	for i, r := range msg {
		if b.Len() >= MaxMessage {
			dropped += len(msg) - i
			break
		}
		if isControl(r) {
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	if dropped > 0 {
		fmt.Fprintf(&b, "… (%d bytes more)", dropped)
	}
	return b.String()
}

// maxClipped is the most bytes of a message Clip reads: a message is
// rarely longer, and its quoted strings are cut to excerpts first.
const maxClipped = 8 << 20

// clipQuoted cuts every Go-quoted string of msg longer than MaxExcerpt as
// Quote would.
func clipQuoted(msg string) string {
	if len(msg) <= MaxExcerpt {
		return msg
	}
	var b strings.Builder
	rest := msg
	changed := false
	for {
		i := strings.IndexByte(rest, '"')
		if i < 0 {
			break
		}
		b.WriteString(rest[:i])
		rest = rest[i:]
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			b.WriteByte('"')
			rest = rest[1:]
			continue
		}
		if len(q) > MaxExcerpt+2 {
			if s, err := strconv.Unquote(q); err == nil && len(s) > MaxExcerpt && !isExcerpt(s) {
				b.WriteString(Quote(s))
				rest = rest[len(q):]
				changed = true
				continue
			}
		}
		b.WriteString(q)
		rest = rest[len(q):]
	}
	if !changed {
		return msg
	}
	b.WriteString(rest)
	return b.String()
}

// isExcerpt reports whether s is already an excerpt Quote made: at most
// MaxExcerpt bytes followed by an ellipsis. It is kept as it is, rather
// than cut again and given a second length after the first.
func isExcerpt(s string) bool {
	return len(s) <= MaxExcerpt+len("…") && strings.HasSuffix(s, "…")
}

// isControl reports whether r is a control character a message must not
// print as it is (a line break or tab is kept: messages have lines).
func isControl(r rune) bool {
	if r == '\n' || r == '\t' {
		return false
	}
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == utf8.RuneError
}
