package parts

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"fray/engine"
)

// Words is a ruleset's command text as one table: a row (a Form) per
// command type, giving the verbs it is typed with and their usage, how
// the words build the command, and how the command is written back. Parse
// and Format both read the rows, so that what one accepts the other
// writes, and a new command is added in one place. It reads through a
// Grammar built from the rows' verbs, in the order given, so that its
// errors are the grammar's. S is the ruleset's state, C its command
// interface. A Words is immutable once built; one value serves every
// goroutine.
type Words[S, C any] struct {
	grammar  *Grammar
	kinds    *engine.Kinds[C]
	reads    map[string]*Form
	writes   map[reflect.Type]*Form
	rewrite  func(s *S, text string) string
	problems []error
}

// Form is one row of a Words table: a command type T, the verbs read as
// one (each with its usage), and how a *T is written back. Cmd, Bare,
// Reads and Writes make one.
type Form struct {
	verbs []Verb
	typ   reflect.Type // *T, the type the row writes; nil for a row that only reads
	read  func(p Phrase) (any, error)
	write func(c any, p *Phrase)
}

// Cmd is the row of command type T: read from the words of verb v by
// read, which may give a *T or, where the words mean another command, any
// command of the table; written by write, which is handed a phrase started
// with v's name (it may change the verb, for a type of several verbs).
//
// A nil write writes the verb alone: Cmd[T](v, read, nil).
func Cmd[T, R any](v Verb, read func(p Phrase) (R, error), write func(c *T, p *Phrase)) Form {
	f := Form{verbs: []Verb{v}, typ: reflect.TypeFor[*T](), read: func(p Phrase) (any, error) { return read(p) }}
	if write != nil {
		f.write = func(c any, p *Phrase) { write(c.(*T), p) }
	}
	return f
}

// Bare is the row of a command type T that is its verb alone ("defend"):
// read as a new *T, written as the verb.
func Bare[T any](v Verb) Form {
	return Form{verbs: []Verb{v}, typ: reflect.TypeFor[*T](), read: func(Phrase) (any, error) { return new(T), nil }}
}

// Field is the row of a command type T whose words are its verb and at
// most one positional word, the string field gives ("approach bob"):
// read into the field and written from it.
func Field[T any](v Verb, field func(c *T) *string) Form {
	return Cmd(v,
		func(p Phrase) (*T, error) {
			c := new(T)
			*field(c) = p.Arg(0)
			return c, nil
		},
		func(c *T, p *Phrase) { p.Add(*field(c)) })
}

// Reads is a row of a verb only read, whose commands are written by the
// rows of their types: a verb that gives another row's type ("grapple
// bob", an attack), or that wraps a command ("interrupt attack bob").
func Reads[R any](v Verb, read func(p Phrase) (R, error)) Form {
	return Form{verbs: []Verb{v}, read: func(p Phrase) (any, error) { return read(p) }}
}

// Writes is the row of a command type T only written here, read by the
// verb of another row (a verb whose words give one type or another, as
// "treat bob severe" and "treat bob bleeding"). write sets the verb.
func Writes[T any](write func(c *T, p *Phrase)) Form {
	return Form{typ: reflect.TypeFor[*T](), write: func(c any, p *Phrase) { write(c.(*T), p) }}
}

// Also adds more verbs to the row, read by its read as its first is (the
// phrase's Verb says which was typed).
func (f Form) Also(vs ...Verb) Form {
	f.verbs = append(f.verbs[:len(f.verbs):len(f.verbs)], vs...)
	return f
}

// NewWords builds the table of the command type kinds lists from the
// keywords and the rows. Mistakes in the table (a verb twice, a type
// twice, a row that reads no verb and writes no type) do not stop it, so
// that a ruleset can build it once, as a package-level value; Err reports
// them, for the ruleset's tests.
func NewWords[S, C any](kinds *engine.Kinds[C], keywords []Keyword, rows ...Form) *Words[S, C] {
	w := &Words[S, C]{kinds: kinds, reads: map[string]*Form{}, writes: map[reflect.Type]*Form{}}
	var verbs []Verb
	for i := range rows {
		f := &rows[i]
		if len(f.verbs) == 0 && f.typ == nil {
			w.problems = append(w.problems, fmt.Errorf("row %d reads no verb and writes no type", i+1))
		}
		for _, v := range f.verbs {
			if _, dup := w.reads[v.Name]; !dup {
				w.reads[v.Name] = f
			}
			verbs = append(verbs, v)
		}
		if f.typ == nil {
			continue
		}
		if _, dup := w.writes[f.typ]; dup {
			w.problems = append(w.problems, fmt.Errorf("two rows write %v", f.typ))
		}
		if !f.typ.Implements(reflect.TypeFor[C]()) {
			w.problems = append(w.problems, fmt.Errorf("%v is not a command of the table", f.typ))
		}
		w.writes[f.typ] = f
	}
	w.grammar = NewGrammar(keywords, verbs...)
	return w
}

// Rewrite has the table read text through rewrite first: a ruleset's
// synonyms ("stand up" for "stand"), or words that mean the command the
// state waits for. It returns w, for a table built as a package-level
// value, and must be called before the table is used.
func (w *Words[S, C]) Rewrite(rewrite func(s *S, text string) string) *Words[S, C] {
	w.rewrite = rewrite
	return w
}

// Err reports the mistakes in the table: those of its grammar, and every
// command kind of the kinds table no row writes.
func (w *Words[S, C]) Err() error {
	problems := w.problems
	if err := w.grammar.Err(); err != nil {
		problems = append(problems, err)
	}
	for _, kind := range w.kinds.Names() {
		c, err := w.kinds.Decode([]byte(`{"kind":"` + kind + `"}`))
		if err != nil {
			problems = append(problems, fmt.Errorf("kind %q: %w", kind, err))
		} else if w.writes[reflect.TypeOf(any(c))] == nil {
			problems = append(problems, fmt.Errorf("no row writes kind %q (%T)", kind, c))
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("words: %w", errors.Join(problems...))
}

// Verbs lists the verbs in the order given.
func (w *Words[S, C]) Verbs() []string { return w.grammar.Verbs() }

// Parse reads command text as actor would give it in state s (nil for
// none): the grammar reads the words, the row of the verb builds the
// command. Every error is an engine.Invalid refusal.
func (w *Words[S, C]) Parse(s *S, text string) (C, error) {
	var zero C
	typed := text
	if w.rewrite != nil {
		text = w.rewrite(s, text)
	}
	p, err := w.grammar.Parse(text)
	if err != nil {
		refusal := engine.Errorf(engine.Invalid, "%v", err)
		var se *SyntaxError
		if !errors.As(err, &se) || se.End == 0 {
			return zero, refusal
		}
		if text == typed {
			return zero, &Misread{Refusal: refusal, At: se.At, End: se.End}
		}
		// A rewrite that kept the words as typed (their case, the
		// spaces between them) keeps where they are.
		read, _ := fields(text)
		if words, at := fields(typed); slices.Equal(words, read) {
			return zero, &Misread{Refusal: refusal, At: at[se.Word], End: wordEnd(typed, at[se.Word])}
		}
		return zero, refusal
	}
	p.state, p.words = s, w
	v, err := w.reads[p.Verb].read(p)
	if err != nil {
		if _, nested := errors.AsType[*Misread](err); nested {
			// Where a command held in this one stopped is where in its
			// own text, not in this one.
			return zero, engine.Errorf(engine.CodeOf(err), "%v", err)
		}
		if engine.CodeOf(err) != "" {
			return zero, err
		}
		return zero, engine.Errorf(engine.Invalid, "%v", err)
	}
	c, ok := v.(C)
	if !ok {
		return zero, engine.Errorf(engine.Invalid, "%q is in the vocabulary but reads as %T", p.Verb, v)
	}
	return c, nil
}

// Misread is a refusal of command text that says where the word it
// stopped at is: text[At:End] of the text typed, for a caret under it.
// Its code and message are those of the engine.Error it wraps.
type Misread struct {
	Refusal *engine.Error
	At, End int
}

func (m *Misread) Error() string { return m.Refusal.Error() }

// Unwrap returns the refusal, for engine.CodeOf.
func (m *Misread) Unwrap() error { return m.Refusal }

// Where returns where in the text typed the word the reading stopped at
// is, text[at:end] in bytes: what an adapter that does not import parts
// (the server) asks of the errors it is given, through an interface.
func (m *Misread) Where() (at, end int) { return m.At, m.End }

// Format writes a command as Parse reads it: "" for nil, the kind of a
// type no row writes.
func (w *Words[S, C]) Format(c C) string {
	v := any(c)
	if v == nil {
		return ""
	}
	f := w.writes[reflect.TypeOf(v)]
	if f == nil {
		return w.kinds.Kind(c)
	}
	if f.write == nil {
		return f.verbs[0].Name
	}
	b := phrases.Get().(*phraseRoom)
	b.p = Phrase{Args: b.args[:0], Options: b.opts[:0], words: w}
	if len(f.verbs) > 0 {
		b.p.Verb = f.verbs[0].Name
	}
	f.write(v, &b.p)
	text := b.p.String()
	*b = phraseRoom{} // keeps no words alive
	phrases.Put(b)
	return text
}

// phraseRoom is a phrase being written and room for its words.
type phraseRoom struct {
	p    Phrase
	args [4]string
	opts [4][2]string
}

// phrases keeps the phrases Format writes with, so that writing a command
// allocates its text only: a ruleset may write one on the hot path (a
// declared action's words, for its prompts).
var phrases = sync.Pool{New: func() any { return new(phraseRoom) }}

// parseAny and formatAny serve the nested commands of a Phrase.
func (w *Words[S, C]) parseAny(state any, text string) (any, error) {
	s, _ := state.(*S)
	return w.Parse(s, text)
}

func (w *Words[S, C]) formatAny(c any) string {
	if c, ok := c.(C); ok {
		return w.Format(c)
	}
	return ""
}

func (w *Words[S, C]) usage(verb string) string { return w.grammar.Usage(verb) }

// table is what a Phrase knows of the Words it was read or is written
// with.
type table interface {
	parseAny(state any, text string) (any, error)
	formatAny(c any) string
	usage(verb string) string
}

// Nested reads text, a command inside the command p is, with the table p
// was read with and in the same state: "long strong bob" holds "strong
// bob". Its errors are those of the command's own text.
func Nested[C any](p Phrase, text string) (C, error) {
	var zero C
	if p.words == nil {
		return zero, fmt.Errorf("%s: no table to read %s with", p.Verb, engine.Quote(text))
	}
	v, err := p.words.parseAny(p.state, text)
	if err != nil {
		return zero, err
	}
	c, ok := v.(C)
	if !ok {
		return zero, fmt.Errorf("%s: %s reads as %T", p.Verb, engine.Quote(text), v)
	}
	return c, nil
}

// State is the state the phrase was read in, as the table's *S: nil when
// none was given. A row reads it where the same words mean different
// commands at different moments.
func (p Phrase) State() any { return p.state }

// Usage writes how the phrase's verb is used, with the table it was read
// with.
func (p Phrase) Usage() string {
	if p.words == nil {
		return ""
	}
	return p.words.usage(p.Verb)
}

// Add adds positional words; empty ones are left out.
func (p *Phrase) Add(args ...string) *Phrase {
	for _, a := range args {
		if a != "" {
			p.Args = append(p.Args, a)
		}
	}
	return p
}

// AddCommand adds the text of command c, one held inside the command
// written ("long strong bob"), as the table writes it.
func (p *Phrase) AddCommand(c any) *Phrase {
	if p.words != nil {
		p.Add(p.words.formatAny(c))
	}
	return p
}

// RoundTrip checks the table against example texts, for a ruleset's
// tests: each text is read, written back and read again, which must give
// the same command, written the same way; and every verb of the table
// and every type it writes must be met in the examples, so that no row
// goes unchecked. It reports every failure.
func (w *Words[S, C]) RoundTrip(s *S, texts ...string) error {
	var problems []error
	verbs, types := map[string]bool{}, map[reflect.Type]bool{}
	for _, text := range texts {
		c, err := w.Parse(s, text)
		if err != nil {
			problems = append(problems, fmt.Errorf("%q: %w", text, err))
			continue
		}
		rewritten := text
		if w.rewrite != nil {
			rewritten = w.rewrite(s, text)
		}
		if p, err := w.grammar.Parse(rewritten); err == nil {
			verbs[p.Verb] = true
		}
		types[reflect.TypeOf(any(c))] = true
		out := w.Format(c)
		back, err := w.Parse(s, out)
		switch {
		case err != nil:
			problems = append(problems, fmt.Errorf("%q is written %q, which is refused: %w", text, out, err))
		case !reflect.DeepEqual(back, c):
			problems = append(problems, fmt.Errorf("%q is written %q, which reads as %#v, not %#v", text, out, back, c))
		case w.Format(back) != out:
			problems = append(problems, fmt.Errorf("%q is written %q, then %q", text, out, w.Format(back)))
		}
	}
	for _, v := range w.grammar.order {
		if !verbs[v] {
			problems = append(problems, fmt.Errorf("no example of verb %q", v))
		}
	}
	var missing []string
	for t := range w.writes {
		if !types[t] {
			missing = append(missing, t.String())
		}
	}
	slices.Sort(missing)
	for _, t := range missing {
		problems = append(problems, fmt.Errorf("no example reads as %s", t))
	}
	return errors.Join(problems...)
}
