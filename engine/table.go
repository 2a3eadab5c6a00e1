package engine

import (
	"encoding/json"
	"fmt"
	"strings"

	"fray/dice"
)

// Table is an encounter with its types erased: commands are text in the
// ruleset's vocabulary (or JSON), events come back as JSON and readable
// lines. The command line, scenario runner, store and server work with
// Tables, so that they need not know any ruleset.
type Table interface {
	// Ruleset returns the ruleset's id.
	Ruleset() string
	// Prompt returns who must decide what now, as the GM sees it, each
	// option's command written in the text vocabulary.
	Prompt() Prompt[string]
	// PromptFor is Prompt as v may see it: a private choice shows its
	// options only to the one who makes it.
	PromptFor(v Viewer) Prompt[string]
	// PromptAs is PromptFor with the options actor may choose from: the
	// prompt's own for its actor and the GM; for one of its Others, that
	// one's own (see engine.Others), with no default; none for anyone
	// else.
	PromptAs(v Viewer, actor string) Prompt[string]
	// Sheets returns every combatant's key numbers and conditions as v may
	// see them, or false when the ruleset does not describe them (see
	// engine.Sheets).
	Sheets(v Viewer) ([]Sheet, bool)
	// Board returns the fight's board (its turn order and, with
	// positions, its map) as v may see it, or false when the ruleset does
	// not describe one (see engine.Boards).
	Board(v Viewer) (Board, bool)
	// Submit parses text as a command from actor and submits it; see
	// Encounter.Submit. It returns what happened, one line per event. Like
	// the command's words, the actor is read in lower case, as every id is
	// written (see CheckID): "Beatrix" is beatrix.
	Submit(actor, text string, src dice.Source) ([]string, error)
	// SubmitJSON is Submit for a command in JSON.
	SubmitJSON(actor string, command []byte, src dice.Source) ([]string, error)
	// Undo takes back the last decision; false when there is none.
	Undo() bool
	// State returns the state as v may see it, as JSON.
	State(v Viewer) (json.RawMessage, error)
	// Transcript returns the decisions so far as v may see them.
	Transcript(v Viewer) []Entry
	// TranscriptFrom returns Transcript(v)[from:]: the decisions from the
	// one numbered from (from 0) on, as v may see them, describing none of
	// the earlier ones. How v sees a decision depends only on the decisions
	// before it, so a caller that keeps the entries it has may ask only
	// for the newest (TranscriptFrom(v, Len()-1) after a decision). from
	// is clamped to 0..Len().
	TranscriptFrom(v Viewer, from int) []Entry
	// Len is the number of decisions made.
	Len() int
	// Record returns decision i (from 0, below Len) as a store keeps it:
	// its command and events as kinded JSON and every die drawn.
	Record(i int) (Record, error)
	// Fold appends a recorded decision without deciding it again: its
	// command and events are read with the ruleset's codec tables
	// (Codec.Kinds), and the events applied as facts, as Restore does. An
	// unknown kind is an error, and so are events the ruleset panics on
	// applying (a hand-edited record naming a combatant the fight does not
	// have); either leaves the table as it was. Fold checks no more than
	// that: a record from outside is verified by replaying it (see
	// store.Verify).
	Fold(rec Record) error
	// TimedOut reports whether the fight is over because it reached the
	// ruleset's limit, such as a round limit (see TimeLimit).
	TimedOut() bool
	// SideOf names the side (team, group) a combatant fights on, or "" for
	// an id that is not a combatant.
	SideOf(combatant string) string
	// Roster returns the ids of every combatant, present or still to come,
	// in a stable order (see Ruleset.Roster).
	Roster() []string
}

// Entry is one decision of a transcript, as some viewer may see it.
type Entry struct {
	// Actor is who decided; "" where the viewer may not see the command,
	// since who acted in secret is itself a secret (a hidden creature
	// passing on an opening would tell that it stands within reach).
	Actor   string            `json:"actor"`
	Command string            `json:"command"`
	Events  []json.RawMessage `json:"events"`
	Lines   []string          `json:"lines"` // what happened, in words
	Dice    []dice.Draw       `json:"dice,omitempty"`
}

// Record is one decision in the form a store keeps: the command and the
// events written with the ruleset's codec tables (Kinds.Marshal), which
// read them back, and every die drawn, in order.
type Record struct {
	Actor   string            `json:"actor"`
	Command json.RawMessage   `json:"command"`
	Dice    []dice.Draw       `json:"dice"`
	Events  []json.RawMessage `json:"events"`
}

// NewTable wraps an encounter of a game as a Table.
func NewTable[S, C, E any](g Game[S, C, E], enc *Encounter[S, C, E]) Table {
	return &table[S, C, E]{g: g, enc: enc, marked: -1}
}

type table[S, C, E any] struct {
	g   Game[S, C, E]
	enc *Encounter[S, C, E]
	// mark is the state after the first marked decisions (none when
	// marked is negative), kept by submit so that TranscriptFrom need not
	// replay the log from the start to describe the newest decision. It
	// holds while no decision has been taken back since (markUndos).
	mark      S
	marked    int
	markUndos int
}

func (t *table[S, C, E]) Ruleset() string { return t.g.ID() }

func (t *table[S, C, E]) Len() int { return len(t.enc.Log()) }

func (t *table[S, C, E]) TimedOut() bool { return TimedOut(t.g, t.enc.State()) }

func (t *table[S, C, E]) Prompt() Prompt[string] { return t.PromptFor(Everyone) }

func (t *table[S, C, E]) PromptFor(v Viewer) Prompt[string] {
	return t.text(ViewPrompt(t.enc.Rules(), t.enc.State(), v))
}

func (t *table[S, C, E]) PromptAs(v Viewer, actor string) Prompt[string] {
	s := t.enc.State()
	p := t.g.Next(s)
	if actor != p.Actor && actor != GM {
		p.Options, p.Default = nil, -1
		if p.Accepts(actor) {
			p.Options = OptionsFor(t.g, s, actor)
		}
	}
	if sec, ok := t.g.(Secrets[S, C, E]); ok && !v.GM {
		p = sec.ViewPrompt(s, p, v)
	}
	return t.text(p)
}

// text writes a prompt's commands in the text vocabulary.
func (t *table[S, C, E]) text(p Prompt[C]) Prompt[string] {
	out := Prompt[string]{Kind: p.Kind, Actor: p.Actor, Others: p.Others, Question: p.Question, Default: p.Default, Winner: p.Winner}
	for _, o := range p.Options {
		out.Options = append(out.Options, Option[string]{Label: o.Label, Command: t.g.FormatCommand(o.Command)})
	}
	return out
}

func (t *table[S, C, E]) Sheets(v Viewer) ([]Sheet, bool) {
	return SheetsOf(t.g, t.enc.State(), v)
}

func (t *table[S, C, E]) Board(v Viewer) (Board, bool) {
	return BoardOf(t.g, t.enc.State(), v)
}

func (t *table[S, C, E]) Submit(actor, text string, src dice.Source) ([]string, error) {
	actor = strings.ToLower(actor)
	c, err := t.g.ParseCommand(t.enc.State(), actor, text)
	if err != nil {
		return nil, asRefusal(err)
	}
	return t.submit(actor, c, src)
}

func (t *table[S, C, E]) SubmitJSON(actor string, command []byte, src dice.Source) ([]string, error) {
	commands, _ := t.g.Kinds()
	c, err := commands.Decode(command)
	if err != nil {
		return nil, asRefusal(err)
	}
	// A command given as JSON is held to what its text says: the text
	// parser's bounds (coordinates on the map, numbers in range) apply to
	// it as they do to the words a player types.
	text := t.g.FormatCommand(c)
	if _, err := t.g.ParseCommand(t.enc.State(), actor, text); err != nil {
		return nil, asRefusal(fmt.Errorf("the command %s, written %q: %w", command, text, err))
	}
	return t.submit(actor, c, src)
}

// asRefusal makes a parse error an Invalid refusal.
func asRefusal(err error) error {
	if CodeOf(err) != "" {
		return err
	}
	return &Error{Code: Invalid, Msg: err.Error()}
}

func (t *table[S, C, E]) submit(actor string, c C, src dice.Source) ([]string, error) {
	before := t.g.Clone(t.enc.State())
	events, err := t.enc.Submit(actor, c, src)
	if err != nil {
		return nil, err
	}
	t.mark, t.marked, t.markUndos = t.g.Clone(&before), len(t.enc.Log())-1, t.enc.undos
	return describe(t.g, &before, events, viewerOf(actor)), nil
}

// viewerOf is the view of the one who submitted a command.
func viewerOf(actor string) Viewer {
	if actor == GM {
		return Everyone
	}
	return Viewer{Combatant: actor}
}

// entryOf starts the entry of a decision as v may see it: its actor and
// command, or neither when the command is hidden from v.
func (t *table[S, C, E]) entryOf(s *S, actor string, c C, v Viewer) Entry {
	seen, visible := ViewCommand(t.g, s, actor, c, v)
	if !visible {
		return Entry{}
	}
	return Entry{Actor: actor, Command: t.g.FormatCommand(seen)}
}

// describe folds events into a copy of before, describing each as v sees it.
// A ruleset with secrets describes each event from v's view of the state;
// one without describes it from the state itself (DescribeEvent only reads
// it), so that a decision of many events does not copy the whole state for
// each: that made the cost of a decision grow with the square of the
// combatants.
func describe[S, C, E any](g Game[S, C, E], before *S, events []E, v Viewer) []string {
	lines := make([]string, 0, len(events))
	_, secret := Ruleset[S, C, E](g).(Secrets[S, C, E])
	for _, e := range events {
		if seen, ok := ViewEvent(g, before, e, v); ok {
			view := before
			if secret {
				seenState := View(g, before, v)
				view = &seenState
			}
			lines = append(lines, g.DescribeEvent(view, seen))
		}
		g.Evolve(before, e)
	}
	return lines
}

func (t *table[S, C, E]) Record(i int) (Record, error) {
	log := t.enc.Log()
	if i < 0 || i >= len(log) {
		return Record{}, fmt.Errorf("no decision %d: the fight has %d", i, len(log))
	}
	d := log[i]
	commands, events := t.g.Kinds()
	cmd, err := commands.Marshal(d.Command)
	if err != nil {
		return Record{}, fmt.Errorf("decision %d: the command: %w", i, err)
	}
	r := Record{Actor: d.Actor, Command: cmd, Dice: append([]dice.Draw{}, d.Dice...), Events: make([]json.RawMessage, 0, len(d.Events))}
	for j, e := range d.Events {
		data, err := events.Marshal(e)
		if err != nil {
			return Record{}, fmt.Errorf("decision %d: event %d: %w", i, j, err)
		}
		r.Events = append(r.Events, data)
	}
	return r, nil
}

func (t *table[S, C, E]) Fold(rec Record) (err error) {
	commands, kinds := t.g.Kinds()
	c, err := commands.Decode(rec.Command)
	if err != nil {
		return fmt.Errorf("%s: the command: %w", t.g.ID(), err)
	}
	events := make([]E, 0, len(rec.Events))
	for i, data := range rec.Events {
		e, err := kinds.Decode(data)
		if err != nil {
			return fmt.Errorf("%s: event %d: %w", t.g.ID(), i+1, err)
		}
		events = append(events, e)
	}
	// Events that do not fit the state (a record edited by hand, naming a
	// combatant the fight does not have) may make a ruleset's Evolve
	// panic: the table is rebuilt from its log, as it was, and the record
	// refused.
	defer func() {
		if r := recover(); r != nil {
			t.enc.state = t.enc.Replay()
			err = fmt.Errorf("%s: the recorded events do not fit the fight: %s", t.g.ID(), Clip(fmt.Sprint(r)))
		}
	}()
	t.enc.fold(Decision[C, E]{Actor: rec.Actor, Command: c, Events: events, Dice: append([]dice.Draw(nil), rec.Dice...)})
	return nil
}

func (t *table[S, C, E]) Undo() bool { return t.enc.Undo() }

func (t *table[S, C, E]) Roster() []string { return t.g.Roster(t.enc.State()) }

// keywords returns the ruleset's own keywords (see Vocabulary), for
// CheckRoster.
func (t *table[S, C, E]) keywords() []string {
	if v, ok := t.g.(Vocabulary); ok {
		return v.Keywords()
	}
	return nil
}

func (t *table[S, C, E]) SideOf(combatant string) string {
	return t.g.SideOf(t.enc.State(), combatant)
}

func (t *table[S, C, E]) State(v Viewer) (json.RawMessage, error) {
	view := View(t.g, t.enc.State(), v)
	data, err := json.Marshal(view)
	if err != nil {
		return nil, fmt.Errorf("encoding the %s state: %w", t.g.ID(), err)
	}
	return data, nil
}

func (t *table[S, C, E]) Transcript(v Viewer) []Entry { return t.TranscriptFrom(v, 0) }

func (t *table[S, C, E]) TranscriptFrom(v Viewer, from int) []Entry {
	log := t.enc.Log()
	from = max(0, min(from, len(log)))
	start, at := t.enc.Initial(), 0
	if t.marked >= 0 && t.marked <= from && t.markUndos == t.enc.undos {
		start, at = &t.mark, t.marked
	}
	s := t.g.Clone(start)
	for _, d := range log[at:from] {
		Apply(t.g, &s, d.Events)
	}
	_, events := t.g.Kinds()
	var out []Entry
	for _, d := range log[from:] {
		entry := t.entryOf(&s, d.Actor, d.Command, v)
		before := t.g.Clone(&s)
		for _, e := range d.Events {
			if seen, ok := ViewEvent(t.g, &s, e, v); ok {
				if data, err := events.Marshal(seen); err == nil {
					entry.Events = append(entry.Events, data)
				}
			}
			t.g.Evolve(&s, e)
		}
		entry.Lines = describe(t.g, &before, d.Events, v)
		if v.GM {
			entry.Dice = d.Dice
		}
		out = append(out, entry)
	}
	return out
}

// Start starts a fight as a Table from the first state that state
// returns, or returns state's error: an EncounterSpec's Start, given the
// spec's own validation.
func Start[S, C, E any](g Game[S, C, E], state func() (S, error)) (Table, error) {
	s, err := state()
	if err != nil {
		return nil, err
	}
	return NewTable(g, NewEncounter[S, C, E](g, s)), nil
}
