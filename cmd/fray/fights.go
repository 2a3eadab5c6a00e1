package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"fray/engine"
	"fray/store"
)

// exportKind is the value of the "fray" field of an export's first line,
// which says what the file is.
const exportKind = "fight"

// maxExportLine is the longest line of an export fray fights import reads.
const maxExportLine = 16 << 20

// exportHeader is the first line of an exported fight.
type exportHeader struct {
	// Fray says what the file is: always "fight".
	Fray string `json:"fray"`
	store.Header
}

// newFightsCmd returns the "fray fights" command and its subcommands.
func newFightsCmd() *cobra.Command {
	var where storeFlags
	cmd := &cobra.Command{
		Use:   "fights",
		Short: "List, show, export and import the fights in the fight store",
		Long: `List, show, export and import the fights in the fight store.

The store is the one fray play --save records fights in: by default the SQLite
file fights.db in a folder fray of the user's data directory, --db FILE for
another file, --postgres URL for a PostgreSQL database.

An export is JSON lines: the first line the fight's header (its id, ruleset,
record format, encounter name and the encounter file's text), then one line
a log entry, in order: a decision (who, the command, every die drawn, the
events) or an undo. docs/store.md describes the format. Import reads an
export back, checks every line and that the fight replays, and records it
all at once, or nothing.`,
		Args: noSubcommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.PersistentFlags().StringVar(&where.db, "db", "", "the SQLite database `FILE` of the fight store (default: fights.db in fray's folder of the user's data directory)")
	cmd.PersistentFlags().StringVar(&where.postgres, "postgres", "", "the PostgreSQL database at `URL` instead of SQLite")

	list := &cobra.Command{
		Use:   "list",
		Short: "List the stored fights",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withStore(cmd, where, func(ctx context.Context, s *store.Store, _ string) error {
				return listFights(ctx, cmd.OutOrStdout(), s)
			})
		},
	}
	var state bool
	show := &cobra.Command{
		Use:   "show ID",
		Short: "Show a stored fight: its transcript and who must decide what now",
		Args:  oneID,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withStore(cmd, where, func(ctx context.Context, s *store.Store, _ string) error {
				return showFight(ctx, cmd.OutOrStdout(), s, args[0], state)
			})
		},
	}
	show.Flags().BoolVar(&state, "state", false, "print the fight's state as JSON, as the GM sees it, instead")
	var out string
	export := &cobra.Command{
		Use:   "export ID",
		Short: "Write a stored fight as JSON lines, to standard output or --output FILE",
		Args:  oneID,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withStore(cmd, where, func(ctx context.Context, s *store.Store, _ string) error {
				return exportFight(ctx, cmd.OutOrStdout(), s, args[0], out)
			})
		},
	}
	export.Flags().StringVarP(&out, "output", "o", "", "write to `FILE` instead of standard output")
	var as string
	imp := &cobra.Command{
		Use:   "import FILE",
		Short: "Record a fight exported by fray fights export (FILE - reads standard input)",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErrorf("want one FILE, an export of fray fights export (- for standard input)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return withStore(cmd, where, func(ctx context.Context, s *store.Store, place string) error {
				return importFight(ctx, cmd.InOrStdin(), cmd.OutOrStdout(), s, place, args[0], as)
			})
		},
	}
	imp.Flags().StringVar(&as, "as", "", "record the fight under `ID` rather than the id in the file")
	cmd.AddCommand(list, show, export, imp)
	return cmd
}

// oneID is the argument check of the commands that take a fight's id.
func oneID(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageErrorf("want one fight ID (fray fights list shows them)")
	}
	return nil
}

// withStore opens the store the flags choose, runs do and closes it.
func withStore(cmd *cobra.Command, where storeFlags, do func(ctx context.Context, s *store.Store, place string) error) error {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	reg, err := newRegistry()
	if err != nil {
		return err
	}
	s, place, err := openStore(ctx, reg, where)
	if err != nil {
		return err
	}
	err = do(ctx, s, place)
	if cerr := s.Backend().Close(); err == nil {
		err = cerr
	}
	return err
}

// listFights prints one line a stored fight.
func listFights(ctx context.Context, w io.Writer, s *store.Store) error {
	all, err := s.Backend().List(ctx)
	if err != nil {
		return err
	}
	if len(all) == 0 {
		fmt.Fprintln(w, "no fights stored (fray play ENCOUNTER --save records one)")
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tRULESET\tENTRIES\tENCOUNTER")
	for _, f := range all {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", engine.Clip(f.ID), f.Ruleset, f.Entries, engine.Clip(f.Name))
	}
	return tw.Flush()
}

// showFight prints a stored fight's transcript, as the GM sees it, and its
// prompt; with state, its state as JSON.
func showFight(ctx context.Context, w io.Writer, s *store.Store, id string, state bool) error {
	f, err := s.Open(ctx, id)
	if err != nil {
		return err
	}
	t := f.Table()
	if state {
		data, err := t.State(engine.Everyone)
		if err != nil {
			return fmt.Errorf("fight %s: reading the state: %w", id, err)
		}
		var out bytes.Buffer
		if err := json.Indent(&out, data, "", "  "); err != nil {
			return fmt.Errorf("fight %s: the state: %w", id, err)
		}
		fmt.Fprintln(w, out.String())
		return nil
	}
	h := f.Header()
	// Every undo takes back one decision: the log holds the decisions in
	// force, and each undo with the decision it took back.
	undos := (int(f.Version()) - t.Len()) / 2
	fmt.Fprintf(w, "Fight %s: %s, %s: %s in force", id, engine.Clip(h.Name), h.Ruleset, decisions(t.Len()))
	if undos > 0 {
		fmt.Fprintf(w, ", %s taken back (still in the log)", plural(undos, "more", "more"))
	}
	fmt.Fprintln(w)
	for i, e := range t.Transcript(engine.Everyone) {
		fmt.Fprintf(w, "%d. %s: %s\n", i+1, e.Actor, e.Command)
		for _, l := range e.Lines {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
	pr := t.Prompt()
	switch {
	case pr.Kind != engine.End:
		fmt.Fprintf(w, "Now: %s (%s to decide)\n", pr.Question, pr.Actor)
	case t.TimedOut():
		fmt.Fprintln(w, "Over: the round limit was reached with both sides standing.")
	case pr.Winner == "":
		fmt.Fprintln(w, "Over: a draw.")
	default:
		fmt.Fprintf(w, "Over: the %s side wins.\n", pr.Winner)
	}
	return nil
}

// plural writes a count of things.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// exportFight writes a stored fight as JSON lines to file, or to w.
func exportFight(ctx context.Context, w io.Writer, s *store.Store, id, file string) error {
	h, entries, err := s.Log(ctx, id)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := writeExport(&buf, h, entries); err != nil {
		return fmt.Errorf("fight %s: %w", id, err)
	}
	if file == "" {
		_, err := w.Write(buf.Bytes())
		return err
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("exporting fight %s: %w", id, err)
	}
	fmt.Fprintf(w, "fight %s exported to %s (%s)\n", id, file, plural(len(entries)+1, "line", "lines"))
	return nil
}

// writeExport writes a fight's header and entries as JSON lines.
func writeExport(w io.Writer, h store.Header, entries []store.Entry) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(exportHeader{Fray: exportKind, Header: h}); err != nil {
		return fmt.Errorf("writing the header: %w", err)
	}
	for _, e := range entries {
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("writing entry %d: %w", e.Version, err)
		}
	}
	return nil
}

// importFight reads an export from file (- for in) and records it.
func importFight(ctx context.Context, in io.Reader, w io.Writer, s *store.Store, place, file, as string) error {
	var r io.Reader = in
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return fmt.Errorf("importing: %w", err)
		}
		defer f.Close()
		r = f
	}
	h, entries, err := readExport(r, file)
	if err != nil {
		return err
	}
	if as != "" {
		h.ID = as
	}
	if err := store.CheckHeader(h); err != nil {
		if as != "" {
			return usageErrorf("--as: %v", err)
		}
		return fmt.Errorf("%s:1: %w", file, err)
	}
	if _, err := s.Import(ctx, h, entries); err != nil {
		if errors.Is(err, store.ErrExists) {
			return fmt.Errorf("%s: %s already holds a fight %s; nothing imported (--as ID records it under another id)", file, place, h.ID)
		}
		return fmt.Errorf("%s: the fight does not replay exactly, so nothing was imported (entry N is on line N+1): %w", file, err)
	}
	fmt.Fprintf(w, "imported fight %s (%s, %s) into %s\n", h.ID, h.Ruleset, plural(len(entries), "entry", "entries"), place)
	return nil
}

// readExport reads and checks an export: a header line, then entries
// numbered from 1 without a gap. Every problem names the file and line.
func readExport(r io.Reader, file string) (store.Header, []store.Entry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxExportLine)
	var h store.Header
	var entries []store.Entry
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			return store.Header{}, nil, fmt.Errorf("%s:%d: an empty line; an export has one JSON object a line", file, line)
		}
		if line == 1 {
			var eh exportHeader
			if err := strictJSON(text, &eh); err != nil {
				return store.Header{}, nil, fmt.Errorf("%s:1: not the header of an exported fight: %s", file, engine.Clip(err.Error()))
			}
			if eh.Fray != exportKind {
				return store.Header{}, nil, fmt.Errorf("%s:1: not an exported fight: want \"fray\": %q, got %s", file, exportKind, engine.Quote(eh.Fray))
			}
			if err := checkHeader(eh.Header); err != nil {
				return store.Header{}, nil, fmt.Errorf("%s:1: %w", file, err)
			}
			h = eh.Header
			continue
		}
		var e store.Entry
		if err := strictJSON(text, &e); err != nil {
			return store.Header{}, nil, fmt.Errorf("%s:%d: not a log entry: %s", file, line, engine.Clip(err.Error()))
		}
		if want := int64(len(entries) + 1); e.Version != want {
			return store.Header{}, nil, fmt.Errorf("%s:%d: entry version %d, want %d (entries are numbered from 1, one a line, without a gap)", file, line, e.Version, want)
		}
		if err := checkEntry(e); err != nil {
			return store.Header{}, nil, fmt.Errorf("%s:%d: entry %d: %w", file, line, e.Version, err)
		}
		entries = append(entries, e)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return store.Header{}, nil, fmt.Errorf("%s:%d: a line longer than %d bytes, the most fray reads", file, line+1, maxExportLine)
		}
		return store.Header{}, nil, fmt.Errorf("%s: %w", file, err)
	}
	if line == 0 {
		return store.Header{}, nil, fmt.Errorf("%s: empty; an export starts with the fight's header line", file)
	}
	return h, entries, nil
}

// strictJSON decodes one JSON value into v, refusing unknown fields and
// anything after the value.
func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

// checkHeader checks the fields of an export's header that its id does
// not change (the id is checked once --as has had its say, with
// store.CheckHeader).
func checkHeader(h store.Header) error {
	switch {
	case h.Ruleset == "":
		return errors.New("the header names no ruleset")
	case h.Format < 1 || h.Format > store.FormatVersion:
		return fmt.Errorf("record format %d; this program reads formats 1 to %d", h.Format, store.FormatVersion)
	case h.Source == "":
		return errors.New("the header has no encounter source")
	}
	return nil
}

// checkEntry checks one entry of an export before it is replayed.
func checkEntry(e store.Entry) error {
	switch e.Kind {
	case store.Undo:
		if e.Decision.Actor != "" || len(e.Decision.Command) > 0 || len(e.Decision.Dice) > 0 || len(e.Decision.Events) > 0 {
			return errors.New("an undo with a decision")
		}
		if e.By != "" && e.By != engine.GM {
			if err := engine.CheckID(e.By); err != nil {
				return fmt.Errorf("an undo by %s: not the GM (%q) nor a combatant's id", engine.Quote(e.By), engine.GM)
			}
		}
	case store.Decision:
		if e.Decision.Actor == "" {
			return errors.New("a decision with no actor")
		}
		if e.By != "" {
			return fmt.Errorf("a decision with an undoer (\"by\": %s): only an undo has one", engine.Quote(e.By))
		}
		if len(e.Decision.Command) == 0 || string(e.Decision.Command) == "null" {
			return errors.New("a decision with no command")
		}
	default:
		return fmt.Errorf("unknown kind %s (want %q or %q)", engine.Quote(string(e.Kind)), store.Decision, store.Undo)
	}
	return nil
}
