package parts

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"fray/engine"
)

// Grammar is the table of a ruleset's command text: the verbs it knows and
// the keyword options each takes. A command is a verb, then positional
// words, with keyword options ("with axe", "mod -2") anywhere after the
// verb. Parse reads one into a Phrase for the ruleset to build its command
// from; Phrase writes one back. A Grammar is immutable once built, so one
// value serves every goroutine.
type Grammar struct {
	verbs    map[string]Verb
	keywords map[string]Keyword
	order    []string // verb names as given, for the list of known verbs
	problems []error  // mistakes in the table, for Err
}

// Verb is one verb of a Grammar.
type Verb struct {
	// Name is the verb as typed, in lower case.
	Name string
	// Args is the usage of its positional words, as in "TARGET" or
	// "X Y"; its word count is the most the verb takes, unless Many.
	Args string
	// Min is the fewest positional words the verb takes.
	Min int
	// Many lets the last positional word repeat ("move X,Y [X,Y ...]").
	Many bool
	// Keywords lists the keyword options the verb takes, by Keyword.Word.
	Keywords []string
	// Rest takes everything after the verb as one positional text, for a
	// verb that wraps another command ("interrupt attack bob").
	Rest bool
	// Hint says more of what the verb means, after its usage in errors.
	Hint string
	// Values names a keyword's value in this verb's usage where it is not
	// the keyword's own Value: {"with": "SKILL"} for a verb whose "with"
	// names a skill rather than a weapon.
	Values map[string]string
}

// Keyword is an option written as a word and its value.
type Keyword struct {
	// Word introduces the option, as in "with" or "mod".
	Word string
	// Value names the value in usage text, as in "WEAPON" or "N".
	Value string
	// Number requires the value to be an integer.
	Number bool
}

// MaxNumber bounds the value of a number keyword either way, so that no
// modifier overflows what it is added to.
const MaxNumber = 1_000_000

// With is the keyword naming the weapon or item used: "with WEAPON".
var With = Keyword{Word: "with", Value: "WEAPON"}

// Mod is the keyword of the GM's situational modifier: "mod N".
var Mod = Keyword{Word: "mod", Value: "N", Number: true}

// NewGrammar builds a grammar of the given keywords and verbs. Mistakes in
// the table (a verb naming a keyword not given, two verbs or keywords of
// one name) do not stop it, so that a ruleset can build its grammar once,
// as a package-level value; Err reports them, for the ruleset's tests.
func NewGrammar(keywords []Keyword, verbs ...Verb) *Grammar {
	g := &Grammar{verbs: map[string]Verb{}, keywords: map[string]Keyword{}}
	for _, k := range keywords {
		if _, dup := g.keywords[k.Word]; dup || k.Word == "" {
			g.problems = append(g.problems, fmt.Errorf("keyword %q is empty or given twice", k.Word))
		}
		g.keywords[k.Word] = k
	}
	for _, v := range verbs {
		if _, dup := g.verbs[v.Name]; dup || v.Name == "" {
			g.problems = append(g.problems, fmt.Errorf("verb %q is empty or given twice", v.Name))
			continue
		}
		for _, k := range v.Keywords {
			if _, ok := g.keywords[k]; !ok {
				g.problems = append(g.problems, fmt.Errorf("verb %q takes keyword %q, which is not given", v.Name, k))
			}
		}
		for k := range v.Values {
			if !slices.Contains(v.Keywords, k) {
				g.problems = append(g.problems, fmt.Errorf("verb %q names the value of keyword %q, which it does not take", v.Name, k))
			}
		}
		g.verbs[v.Name] = v
		g.order = append(g.order, v.Name)
	}
	return g
}

// Err reports the mistakes in the grammar's table, or nil.
func (g *Grammar) Err() error {
	if len(g.problems) == 0 {
		return nil
	}
	return fmt.Errorf("grammar: %w", errors.Join(g.problems...))
}

// Keywords lists the words of the grammar's keyword options, sorted: the
// words no id of a ruleset reading its commands with the grammar may be
// (a ruleset returns them from engine.Vocabulary's Keywords).
func (g *Grammar) Keywords() []string {
	words := make([]string, 0, len(g.keywords))
	for w := range g.keywords {
		words = append(words, w)
	}
	slices.Sort(words)
	return words
}

// Verbs lists the verbs in the order given.
func (g *Grammar) Verbs() []string { return slices.Clone(g.order) }

// Usage writes how verb is used, as in "attack TARGET [with WEAPON] [mod N]",
// followed by its hint; "" for an unknown verb.
func (g *Grammar) Usage(verb string) string {
	v, ok := g.verbs[verb]
	if !ok {
		return ""
	}
	words := []string{v.Name}
	if v.Args != "" {
		words = append(words, v.Args)
	}
	for _, w := range v.Keywords {
		value := g.keywords[w].Value
		if named, ok := v.Values[w]; ok {
			value = named
		}
		words = append(words, "["+w+" "+value+"]")
	}
	usage := strings.Join(words, " ")
	if v.Hint != "" {
		usage += " (" + v.Hint + ")"
	}
	return usage
}

// Parse reads command text: case does not matter, words are separated by
// spaces. An unknown verb, a keyword the verb does not take, a keyword
// given twice or without its value, a value that should be a number and
// is not, or too few or too many positional words are errors that say how
// the verb is used. An error is a *SyntaxError, which says where in text
// the word it stopped at is.
func (g *Grammar) Parse(text string) (Phrase, error) {
	words, at := fields(text)
	if len(words) == 0 {
		return Phrase{}, &SyntaxError{Msg: "empty command"}
	}
	// stop is the error at word i.
	stop := func(i int, format string, args ...any) error {
		return &SyntaxError{Msg: fmt.Sprintf(format, args...), Word: i, At: at[i], End: wordEnd(text, at[i])}
	}
	v, ok := g.verbs[words[0]]
	if !ok {
		return Phrase{}, stop(0, "unknown command %s (known: %s)", engine.Quote(words[0]), strings.Join(g.order, ", "))
	}
	p := Phrase{Verb: v.Name}
	args := words[1:]
	if v.Rest {
		if len(args) == 0 {
			return Phrase{}, stop(0, "%s what? %s", v.Name, g.Usage(v.Name))
		}
		p.Args = []string{strings.Join(args, " ")}
		return p, nil
	}
	literal := literals(v.Args)
	var argAt []int // the word index of each positional word
	for i := 0; i < len(args); i++ {
		w := args[i]
		if !slices.Contains(v.Keywords, w) {
			if _, other := g.keywords[w]; other && !literal[w] {
				return Phrase{}, stop(i+1, "%s takes no %s: %s", v.Name, engine.Quote(w), g.Usage(v.Name))
			}
			p.Args = append(p.Args, w)
			argAt = append(argAt, i+1)
			continue
		}
		if p.Has(w) {
			return Phrase{}, stop(i+1, "%s is given twice: %s", engine.Quote(w), g.Usage(v.Name))
		}
		k := g.keywords[w]
		if i+1 >= len(args) || slices.Contains(v.Keywords, args[i+1]) {
			return Phrase{}, stop(i+1, "%q needs a value: %s", w, g.Usage(v.Name))
		}
		i++
		if k.Number {
			n, err := strconv.Atoi(args[i])
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				return Phrase{}, stop(i+1, "%s takes a number, not %s", w, engine.Quote(args[i]))
			}
			if err != nil || n > MaxNumber || n < -MaxNumber {
				return Phrase{}, stop(i+1, "%s %s is out of range: at most %d either way", w, excerpt(args[i]), MaxNumber)
			}
		}
		p.Options = append(p.Options, [2]string{w, args[i]})
	}
	most := len(strings.Fields(v.Args))
	switch {
	case len(p.Args) < v.Min:
		return Phrase{}, stop(len(words)-1, "%s needs more: %s", v.Name, g.Usage(v.Name))
	case len(p.Args) > most && !v.Many:
		extra, i := p.Args[most], argAt[most]
		switch {
		case most == 0 && len(v.Keywords) == 0:
			return Phrase{}, stop(i, "%q takes nothing after it", v.Name)
		case len(v.Keywords) > 0:
			return Phrase{}, stop(i, "unknown %s option %s: %s", v.Name, engine.Quote(extra), g.Usage(v.Name))
		}
		return Phrase{}, stop(i, "too many words after %s, from %s: %s", v.Name, engine.Quote(extra), g.Usage(v.Name))
	}
	return p, nil
}

// SyntaxError is command text a Grammar cannot read: Msg says why, and
// text[At:End] is the word it stopped at, the Word-th from 0 (At and End
// both 0 for empty text).
type SyntaxError struct {
	Msg     string
	Word    int
	At, End int
}

func (e *SyntaxError) Error() string { return e.Msg }

// fields splits text into its words, in lower case, and the byte offset in
// text of each.
func fields(text string) (words []string, at []int) {
	start := -1
	for i, r := range text {
		space := unicode.IsSpace(r)
		switch {
		case space && start >= 0:
			words, at = append(words, strings.ToLower(text[start:i])), append(at, start)
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	if start >= 0 {
		words, at = append(words, strings.ToLower(text[start:])), append(at, start)
	}
	return words, at
}

// wordEnd is the byte offset in text of the end of the word starting at
// at.
func wordEnd(text string, at int) int {
	if n := strings.IndexFunc(text[at:], unicode.IsSpace); n >= 0 {
		return at + n
	}
	return len(text)
}

// literals are the words a verb's Args usage spells out in lower case, as
// "to" in "[[to] X Y]": words it reads in its positional places even when
// they are another verb's keyword.
func literals(args string) map[string]bool {
	var m map[string]bool
	for _, w := range strings.FieldsFunc(args, func(r rune) bool { return strings.ContainsRune(" []|.", r) }) {
		if w == strings.ToLower(w) && w != strings.ToUpper(w) {
			if m == nil {
				m = map[string]bool{}
			}
			m[w] = true
		}
	}
	return m
}

// Phrase is one command's text, read or to be written: its verb, its
// positional words and its keyword options in order.
type Phrase struct {
	Verb    string
	Args    []string
	Options [][2]string // keyword, value
	// state and words are what a Words table read the phrase in and
	// with, or writes it with: for its rows' nested commands.
	state any
	words table
}

// Say starts a phrase with verb and positional words; empty words are left
// out.
func Say(verb string, args ...string) *Phrase {
	p := &Phrase{Verb: verb, Args: make([]string, 0, len(args))}
	for _, a := range args {
		if a != "" {
			p.Args = append(p.Args, a)
		}
	}
	return p
}

// Arg returns positional word i, or "" when there are fewer.
func (p Phrase) Arg(i int) string {
	if i < len(p.Args) {
		return p.Args[i]
	}
	return ""
}

// Word returns the value of keyword option k, or "" when it is not given.
// Parse reads each keyword at most once.
func (p Phrase) Word(k string) string {
	for _, o := range p.Options {
		if o[0] == k {
			return o[1]
		}
	}
	return ""
}

// Has reports whether keyword option k is given.
func (p Phrase) Has(k string) bool {
	return slices.ContainsFunc(p.Options, func(o [2]string) bool { return o[0] == k })
}

// Int returns the value of number keyword option k, 0 when it is not
// given. Parse has checked that it is a number.
func (p Phrase) Int(k string) int {
	n, _ := strconv.Atoi(p.Word(k))
	return n
}

// Opt adds keyword option k with value v, unless v is "".
func (p *Phrase) Opt(k, v string) *Phrase {
	if v != "" {
		p.Options = append(p.Options, [2]string{k, v})
	}
	return p
}

// Num adds number keyword option k with value n, unless n is 0.
func (p *Phrase) Num(k string, n int) *Phrase {
	if n != 0 {
		p.Options = append(p.Options, [2]string{k, strconv.Itoa(n)})
	}
	return p
}

// String writes the phrase as Parse reads it.
func (p Phrase) String() string {
	if len(p.Args) == 0 && len(p.Options) == 0 {
		return p.Verb
	}
	n := len(p.Verb)
	for _, a := range p.Args {
		n += 1 + len(a)
	}
	for _, o := range p.Options {
		n += 2 + len(o[0]) + len(o[1])
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(p.Verb)
	for _, a := range p.Args {
		b.WriteByte(' ')
		b.WriteString(a)
	}
	for _, o := range p.Options {
		b.WriteByte(' ')
		b.WriteString(o[0])
		b.WriteByte(' ')
		b.WriteString(o[1])
	}
	return b.String()
}

// excerpt writes text a person typed, unquoted, as at most an excerpt: as
// it is when short and printable, else quoted by engine.Quote.
func excerpt(text string) string {
	if len(text) <= engine.MaxExcerpt && !strings.ContainsFunc(text, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return text
	}
	return engine.Quote(text)
}
