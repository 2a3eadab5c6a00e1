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
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"fray/dice"
	"fray/engine"
	"fray/scenario"
	"fray/sim"
	"fray/store"
)

// playOptions are the flags of "fray play".
type playOptions struct {
	auto   bool
	side   string
	dice   string
	seed   uint64
	seeded bool
	// save records the fight in the store as it is played.
	save bool
	// transcript is the file the transcript is written to when play stops.
	transcript string
	replay     string
	resume     string
	store      storeFlags
	// view is the combatant whose player's eyes the fight is shown
	// through; "" shows it as the side played sees it.
	view string
	// content are the --content folders.
	content []string
}

// newPlayCmd returns the "fray play" command.
func newPlayCmd() *cobra.Command {
	var opts playOptions
	cmd := &cobra.Command{
		Use:   "play ENCOUNTER | play --resume ID|FILE",
		Short: "Fight an encounter in the terminal",
		Long: `Fight an encounter in the terminal.

ENCOUNTER is an encounter file, or the name of a bundled encounter (such as
alley_fight). You decide for one side, answering each prompt with the number
of an option or a command typed out; a built-in policy plays the other side.
Each prompt says who answers it; "NAME: COMMAND" answers for another member
of your side where the prompt allows it. With --auto the policy plays both
sides. Every roll is shown with its dice.

At a prompt you may also type:
  help or ?   list this prompt's options and these commands
  where       list where everyone stands and how they are
  undo        take back your last decision (and the policy's after it)
  save FILE   write the fight so far to FILE, for --resume or --replay
  quit        stop (writing --transcript FILE first, if given), saying
              whether the fight is kept and how to go on with it
Enter alone takes the prompt's default, if it has one.

With --dice manual fray asks for each die instead of rolling it, so a table
can roll physical dice: each request says whose decision the die is for and
which die of it this is. There, undo takes back the last die typed (or, with
none typed, returns to the prompt), and quit stops.

--save records the fight in the fight store as it is played: each decision
is committed before the next prompt, so that nothing is lost if fray or the
machine stops. fray prints the fight's id; --resume ID goes on with it (and
goes on recording it), and "fray fights" lists, shows, exports and imports
stored fights; a resumed fight shows its last decisions again before the
next prompt. The store is an SQLite file, by default fights.db in a folder
fray of the user's data directory ($XDG_DATA_HOME or ~/.local/share on Linux,
~/Library/Application Support on macOS, %LocalAppData% on Windows; $FRAY_DB
replaces it); --db FILE chooses another file and --postgres URL a PostgreSQL
database. A resumed fight is played for the side of the first combatant to
act, as at the start, unless --side says otherwise. The local content the
encounter uses (its content: folders and --content) is stored with the
fight, so that it resumes anywhere.

--resume FILE continues a fight written with save FILE or --transcript
FILE: the encounter is read from the file, its decisions are made again with
their dice, and the fight goes on from there. --replay FILE only replays it;
with --transcript the replayed fight is written again, and with --save it is
recorded in the store.

--content DIR is a folder of your own content: "use: NAME" in the encounter
finds DIR/NAME.yaml (a stat block, a weapon, an encounter) after the
encounter's own content: folders and before the bundled content, and
ENCOUNTER may be the name of an encounter there. A transcript file remembers
its content folders (as absolute paths); --content with --resume adds to
them.

Input lines are at most 64 KiB. If the input ends before the fight does,
fray play says so and exits with status 1, writing --transcript FILE first.`,
		Example: `  fray play alley_fight
  fray play alley_fight --auto --seed 7
  fray play my_fight.yaml --side thugs --dice manual
  fray play ogre_ambush --content my_monsters
  fray play alley_fight --save
  fray play --resume alley_fight-3f9c01ab
  fray play alley_fight --replay fight.json
  fray play --resume fight.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case opts.save && len(args) == 2 && strings.HasSuffix(args[1], ".json"):
				return usageErrorf("--save takes no file: it records the fight in the fight store (--db FILE chooses the database); to write a transcript file, give --transcript %s", args[1])
			case opts.resume != "" && len(args) > 0:
				return usageErrorf("give an ENCOUNTER or --resume ID|FILE, not both: a saved fight names its encounter")
			case opts.resume == "" && len(args) != 1:
				return usageErrorf("want one ENCOUNTER (a file or a bundled encounter such as alley_fight), or --resume ID|FILE")
			case opts.resume != "" && opts.replay != "":
				return usageErrorf("--resume and --replay cannot be used together")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.seeded = cmd.Flags().Changed("seed")
			arg := ""
			if len(args) > 0 {
				arg = args[0]
			}
			return runPlay(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout(), arg, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.auto, "auto", false, "let the built-in policy play every side")
	f.StringVar(&opts.side, "side", "", "the `SIDE` you play (default: the side of the first combatant to act)")
	f.StringVar(&opts.dice, "dice", "digital", "`digital` dice, or `manual` to type in physical dice")
	f.Uint64Var(&opts.seed, "seed", 0, "seed `N` for reproducible digital dice")
	f.BoolVar(&opts.save, "save", false, "record the fight in the fight store as it is played, each decision before the next prompt")
	f.StringVar(&opts.transcript, "transcript", "", "write the transcript to `FILE` when the fight ends or stops")
	f.StringVar(&opts.view, "view", "", "show the fight as the player of combatant `ID` sees it: nothing it may not know (a secret feint) is printed")
	f.StringVar(&opts.replay, "replay", "", "replay the decisions and dice of a saved transcript `FILE`")
	f.StringVar(&opts.resume, "resume", "", "continue the stored fight `ID` (and go on recording it), or the fight written to a transcript FILE")
	addContentFlag(cmd, &opts.content)
	addStoreFlags(cmd, &opts.store)
	return cmd
}

// savedFight is a transcript as "fray play" saves and replays it.
type savedFight struct {
	Encounter string `json:"encounter"`
	Ruleset   string `json:"ruleset"`
	// Source is the encounter file's text, so that --resume needs nothing
	// else; files saved before it had none, and name their encounter only.
	Source string `json:"source,omitempty"`
	// Dir is the folder the encounter's relative content: folders start
	// at, and Content the --content folders, both absolute, for a fight
	// whose encounter uses local content.
	Dir       string       `json:"dir,omitempty"`
	Content   []string     `json:"content,omitempty"`
	Decisions []savedEntry `json:"decisions"`
}

// savedEntry is one decision with the dice it drew.
type savedEntry struct {
	Actor   string   `json:"actor"`
	Command string   `json:"command"`
	Dice    []int    `json:"dice,omitempty"`
	Lines   []string `json:"lines,omitempty"`
	// Person is set for a decision a person made (rather than the
	// built-in policy), which undo takes back after --resume.
	Person bool `json:"person,omitempty"`
}

// loadTable starts the encounter named by arg: a file, an encounter in
// a --content folder or a bundled encounter of a registered ruleset.
func loadTable(reg *engine.Registry, arg string, content []string) (engine.Table, error) {
	opts, err := contentOptions(content)
	if err != nil {
		return nil, err
	}
	name, data, err := findEncounter(reg, arg, content)
	if err != nil {
		return nil, err
	}
	return scenario.ParseEncounter(reg, name, data, opts...)
}

// readSaved reads a fight saved by fray play.
func readSaved(file string) (*savedFight, error) {
	data, err := scenario.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading the saved fight: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var saved savedFight
	if err := dec.Decode(&saved); err != nil {
		return nil, fmt.Errorf("%s: not a fight saved by fray play: %w", file, err)
	}
	return &saved, nil
}

// findEncounter finds the encounter named by arg: a file, or else an
// encounter ARG.yaml in one of the content folders, or else a bundled
// encounter of a registered ruleset. It returns the name to report it by
// (a path for a file) and the file's contents.
func findEncounter(reg *engine.Registry, arg string, content []string) (string, []byte, error) {
	if _, err := os.Stat(arg); err == nil {
		data, err := scenario.ReadFile(arg)
		if err != nil {
			return "", nil, fmt.Errorf("reading the encounter: %w", err)
		}
		return arg, data, nil
	}
	if path, data, ok, err := localEncounter(content, arg); ok || err != nil {
		return path, data, err
	}
	if e, ok := reg.Encounter(arg); ok {
		return arg, e.Text, nil
	}
	if len(content) > 0 {
		return "", nil, fmt.Errorf("no encounter file %q, no encounter %s.yaml in the --content folders and no bundled encounter %q", arg, arg, arg)
	}
	return "", nil, fmt.Errorf("no encounter file or bundled encounter %q", arg)
}

// player runs one fight at the terminal.
type player struct {
	in      *bufio.Scanner
	out     io.Writer
	table   engine.Table
	opts    playOptions
	src     dice.Source
	name    string
	source  []byte   // the encounter file's text, saved with the fight
	dir     string   // where its content: folders start, saved with it
	content []string // the --content folders, saved with it
	human   []bool   // per decision: made by a person
	stopped bool
	// inputErr says why the input stopped before the fight did: it ended,
	// or a line was too long.
	inputErr error
	// me is a combatant of the side the person plays, once known: the
	// fight is shown as it sees it.
	me string
	// policy decides for the sides nobody plays (nil: take defaults),
	// drawing any random choice from policySrc.
	policy    sim.Simulator
	policySrc dice.Source
	// ctx and fight are set when the fight is recorded in the store:
	// every decision and undo goes through fight, committed before the
	// next prompt.
	ctx   context.Context
	fight *store.Fight
	// storeAt says where the store is, for what quit prints.
	storeAt string
	// quit is set when the person typed quit.
	quit bool
	// savedTo and savedLen are the last file written with save FILE and
	// the number of decisions it held, for what quit prints.
	savedTo  string
	savedLen int
}

// maxLine is the longest line fray play reads.
const maxLine = 64 * 1024

func runPlay(ctx context.Context, stdin io.Reader, stdout io.Writer, arg string, opts playOptions) error {
	if opts.dice != "digital" && opts.dice != "manual" {
		return usageErrorf("--dice is digital or manual, not %q", opts.dice)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	resumeStored := opts.resume != "" && storedID(opts.resume)
	if (opts.store.db != "" || opts.store.postgres != "") && !opts.save && !resumeStored {
		return usageErrorf("--db and --postgres choose the fight store of --save and --resume ID; give one of those too")
	}
	contentOpts, err := contentOptions(opts.content)
	if err != nil {
		return err
	}
	var st *store.Store
	var where string
	if opts.save || resumeStored {
		if st, where, err = openStore(ctx, cat.Registry(), opts.store); err != nil {
			return err
		}
		defer st.Backend().Close()
	}
	var (
		saved *savedFight
		fight *store.Fight
		name  string
		data  []byte
		table engine.Table
		dir   string
	)
	content := absAll(opts.content)
	if resumeStored {
		if fight, err = st.Open(ctx, opts.resume, contentOpts...); errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("--resume %s: no such file, and no fight %s in %s (fray fights list shows those there)", opts.resume, opts.resume, where)
		} else if err != nil {
			return err
		}
		h := fight.Header()
		name, data, table = h.Name, []byte(h.Source), fight.Table()
		dir = absAll([]string{filepath.Dir(name)})[0]
	} else {
		if opts.resume != "" {
			if saved, err = readSaved(opts.resume); err != nil {
				return err
			}
			arg = saved.Encounter
		}
		if name, data, err = encounterOf(cat.Registry(), arg, saved, opts.content); err != nil {
			return err
		}
		dir = absAll([]string{filepath.Dir(name)})[0]
		if saved != nil {
			if saved.Dir != "" {
				dir = saved.Dir
			}
			content = append(slices.Clone(saved.Content), content...)
		}
		loadOpts := []scenario.Option{scenario.WithDir(dir), scenario.WithContent(content...)}
		if opts.save {
			id, err := newFightID(name)
			if err != nil {
				return err
			}
			embedded, err := embedContent(data, dir, content)
			if err != nil {
				return err
			}
			h := store.Header{ID: id, Name: storedName(name), Source: string(data), Content: embedded}
			if len(embedded) == 0 {
				fight, err = st.Create(ctx, id, h.Name, data, loadOpts...)
			} else {
				fight, err = st.CreateFrom(ctx, h)
			}
			if err != nil {
				return err
			}
			table = fight.Table()
		} else if table, err = scenario.ParseEncounter(cat.Registry(), name, data, loadOpts...); err != nil {
			return err
		}
	}
	policy, err := cat.Simulator(table.Ruleset())
	if err != nil {
		return err
	}
	sides := policy.Sides(table)
	if opts.side != "" && !slices.Contains(sides, opts.side) {
		for _, s := range sides {
			if strings.EqualFold(s, opts.side) {
				return usageErrorf("--side: no side %q in %s; did you mean %q? (sides are written as the encounter writes them)", opts.side, name, s)
			}
		}
		return usageErrorf("--side: no side %q in %s; its sides are %s", opts.side, name, strings.Join(sides, ", "))
	}
	if opts.view != "" {
		side := table.SideOf(opts.view)
		if side == "" {
			return usageErrorf("--view: %q is not a combatant of %s", opts.view, name)
		}
		if opts.side == "" && !opts.auto {
			opts.side = side
		}
	}
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 0, 4096), maxLine)
	p := &player{in: in, out: stdout, table: table, opts: opts, name: name, source: data, policy: policy, content: content, ctx: ctx, fight: fight, storeAt: where}
	if usesLocalContent(data) || len(content) > 0 {
		p.dir = dir
	}
	switch {
	case opts.seeded:
		p.src = dice.Seeded(opts.seed)
		p.policySrc = dice.Seeded(sim.PolicySeed(opts.seed))
	default:
		p.src = dice.NewCrypto()
		p.policySrc = dice.NewCrypto()
	}
	if fight != nil && !resumeStored {
		fmt.Fprintf(p.out, "Recording the fight as %s in %s; fray play --resume %s goes on with it.\n", fight.Header().ID, where, fight.Header().ID)
	}
	if opts.replay != "" {
		saved, err := readSaved(opts.replay)
		if err != nil {
			return err
		}
		if err := p.replay(opts.replay, saved, true); err != nil {
			return err
		}
		if pr := p.table.Prompt(); pr.Kind == engine.End {
			p.ended(pr)
		}
		if opts.transcript != "" {
			return p.saveTo(opts.transcript)
		}
		return nil
	}
	switch {
	case resumeStored:
		p.resumed()
		fmt.Fprintf(p.out, "Resumed fight %s from %s: %s so far.\n", opts.resume, where, decisions(p.table.Len()))
		p.recap()
	case saved != nil:
		if err := p.replay(opts.resume, saved, false); err != nil {
			return err
		}
		fmt.Fprintf(p.out, "Resumed %s: %d decisions made again.\n", opts.resume, len(saved.Decisions))
		p.recap()
	}
	return p.play()
}

// storedName is the name a stored fight keeps its encounter by: the
// absolute path of a file, so that the encounter's relative content:
// folders are found again from any directory, or a bundled encounter's
// name.
func storedName(name string) string {
	if _, err := os.Stat(name); err == nil {
		return absAll([]string{name})[0]
	}
	return name
}

// resumed marks which of a stored fight's decisions the person made, for
// undo: those of the side played (the side of the first combatant to act,
// unless --side says otherwise) and the GM's, none with --auto.
func (p *player) resumed() {
	n := p.table.Len()
	p.human = make([]bool, n)
	if p.opts.auto {
		return
	}
	for i := range n {
		rec, err := p.table.Record(i)
		if err != nil {
			continue
		}
		if p.opts.side == "" && rec.Actor != engine.GM {
			p.opts.side = p.table.SideOf(rec.Actor)
			fmt.Fprintf(p.out, "You play the %s side.\n", p.opts.side)
		}
		p.human[i] = rec.Actor == engine.GM || p.table.SideOf(rec.Actor) == p.opts.side
	}
}

// decide submits a command to the table, through the store when the fight
// is recorded there.
func (p *player) decide(actor, text string, src dice.Source) ([]string, error) {
	if p.fight != nil {
		return p.fight.Submit(p.ctx, actor, text, src)
	}
	return p.table.Submit(actor, text, src)
}

// takeBack undoes the table's last decision, recording the undo in the
// store when the fight is recorded there, as the GM's: the terminal is
// the GM's seat, whoever's decision it was.
func (p *player) takeBack() error {
	if p.fight != nil {
		_, err := p.fight.Undo(p.ctx, engine.GM)
		return err
	}
	p.table.Undo()
	return nil
}

// encounterOf finds the encounter to play: the one named by arg, or for
// a saved fight the encounter text it holds (else the one it names).
func encounterOf(reg *engine.Registry, arg string, saved *savedFight, content []string) (string, []byte, error) {
	if saved != nil && saved.Source != "" {
		return saved.Encounter, []byte(saved.Source), nil
	}
	return findEncounter(reg, arg, content)
}

// play runs prompts until the fight ends or the person quits. Whatever
// stops it, the fight is saved to --save first, so that nothing typed is
// lost; input that ends before the fight does is an error.
func (p *player) play() error {
	for !p.stopped {
		pr := p.table.Prompt()
		if pr.Kind == engine.End {
			p.ended(pr)
			break
		}
		if p.opts.side == "" && !p.opts.auto && pr.Actor != engine.GM {
			p.opts.side = p.table.SideOf(pr.Actor)
			fmt.Fprintf(p.out, "You play the %s side.\n", p.opts.side)
		}
		if !p.opts.auto && p.controls(pr) {
			if p.me == "" && pr.Actor != engine.GM {
				p.me = pr.Actor
			}
			p.ask(pr)
			continue
		}
		text := p.autoChoice(pr)
		if err := p.submit(pr.Actor, text, false); err != nil {
			return fmt.Errorf("the built-in policy's choice %q was refused: %w", text, err)
		}
	}
	if p.opts.transcript != "" {
		if err := p.saveTo(p.opts.transcript); err != nil {
			return err
		}
	}
	if p.quit {
		p.quitNote()
	}
	if p.inputErr != nil {
		hint := ""
		switch {
		case p.fight != nil:
			hint = fmt.Sprintf("; it is kept: fray play --resume %s goes on with it", p.fight.Header().ID)
		case p.opts.transcript == "":
			hint = "; play with --save to keep a fight you leave, and --resume ID to go on with it"
		}
		return fmt.Errorf("%w; the fight was not over after %s%s", p.inputErr, decisions(p.table.Len()), hint)
	}
	return nil
}

// decisions writes a count of decisions.
func decisions(n int) string {
	if n == 1 {
		return "1 decision"
	}
	return fmt.Sprintf("%d decisions", n)
}

// controls reports whether the person decides this prompt: the actor, or
// one of the others who may answer, is on their side.
func (p *player) controls(pr engine.Prompt[string]) bool {
	if pr.Actor == engine.GM {
		return true
	}
	for _, id := range append([]string{pr.Actor}, pr.Others...) {
		if p.table.SideOf(id) == p.opts.side {
			return true
		}
	}
	return false
}

// showPrompt prints the prompt's question and options.
func (p *player) showPrompt(pr engine.Prompt[string]) {
	fmt.Fprintf(p.out, "\n%s (%s)\n", pr.Question, asked(pr))
	for i, o := range pr.Options {
		mark := ""
		if i == pr.Default {
			mark = " (default)"
		}
		fmt.Fprintf(p.out, "  %d. %s%s\n", i+1, o.Label, mark)
	}
	if len(pr.Others) > 0 {
		fmt.Fprintf(p.out, "  (or type \"NAME: COMMAND\" for %s)\n", strings.Join(pr.Others, ", "))
	}
	fmt.Fprintln(p.out, "  (or help, where, undo, save FILE, quit)")
}

// commandsHelp lists what may be typed at any prompt.
const commandsHelp = `At any prompt you may also type:
  help or ?   this list
  where       where everyone stands and how they are
  undo        take back your last decision (and the policy's after it)
  save FILE   write the fight so far, for fray play --resume FILE
  quit        stop
`

// ask shows the prompt and acts on the person's answer.
func (p *player) ask(pr engine.Prompt[string]) {
	p.showPrompt(pr)
	fmt.Fprintf(p.out, "> ")
	line, ok := p.readLine()
	if !ok {
		return
	}
	actor, text := pr.Actor, line
	verb, rest, _ := strings.Cut(line, " ")
	switch {
	case line == "quit":
		p.stopped, p.quit = true, true
		return
	case line == "undo":
		p.undo()
		return
	case line == "help" || line == "?":
		p.help(pr)
		return
	case line == "where":
		p.where()
		return
	case verb == "save":
		file := strings.TrimSpace(rest)
		if file == "" {
			fmt.Fprintln(p.out, "save needs a file name: save FILE")
			return
		}
		if err := p.saveTo(file); err != nil {
			fmt.Fprintf(p.out, "could not save: %v\n", err)
			return
		}
		p.savedTo, p.savedLen = file, p.table.Len()
		return
	case line == "" && pr.Default >= 0 && pr.Default < len(pr.Options):
		text = pr.Options[pr.Default].Command
	case line == "":
		fmt.Fprintf(p.out, "this prompt has no default: %s\n", p.choices(pr))
		return
	default:
		if n, err := strconv.Atoi(line); err == nil {
			if n < 1 || n > len(pr.Options) {
				fmt.Fprintf(p.out, "there is no option %d: %s\n", n, p.choices(pr))
				return
			}
			text = pr.Options[n-1].Command
		} else if who, cmd, found := strings.Cut(line, ":"); found && !strings.Contains(who, " ") {
			actor, text = strings.TrimSpace(who), strings.TrimSpace(cmd)
		}
	}
	if err := p.submit(actor, text, true); err != nil {
		p.refused(pr, actor, text, err)
	}
}

// choices says what a prompt takes.
func (p *player) choices(pr engine.Prompt[string]) string {
	switch len(pr.Options) {
	case 0:
		return "type a command, or help"
	case 1:
		return "type 1 or a command, or help"
	}
	return fmt.Sprintf("type 1 to %d or a command, or help", len(pr.Options))
}

// help lists the prompt's options with the command each one types, and
// the commands that work at every prompt.
func (p *player) help(pr engine.Prompt[string]) {
	fmt.Fprintf(p.out, "%s (%s):\n", pr.Question, asked(pr))
	for i, o := range pr.Options {
		fmt.Fprintf(p.out, "  %d  or  %s\n", i+1, o.Command)
	}
	switch {
	case pr.Default >= 0 && pr.Default < len(pr.Options):
		fmt.Fprintf(p.out, "  Enter alone takes option %d.\n", pr.Default+1)
	default:
		fmt.Fprintln(p.out, "  This prompt has no default: Enter alone does nothing.")
	}
	if len(pr.Others) > 0 {
		fmt.Fprintf(p.out, "  NAME: COMMAND decides for %s instead.\n", strings.Join(pr.Others, ", "))
	}
	fmt.Fprint(p.out, commandsHelp)
}

// readLine reads a line of input, trimmed. At the end of the input, or on
// a line too long to read, it stops the fight and records why.
func (p *player) readLine() (string, bool) {
	if !p.in.Scan() {
		p.stopped = true
		switch err := p.in.Err(); {
		case errors.Is(err, bufio.ErrTooLong):
			p.inputErr = fmt.Errorf("a line of input is longer than %d bytes, the most fray play reads", maxLine)
		case err != nil:
			p.inputErr = fmt.Errorf("reading the input: %w", err)
		default:
			p.inputErr = errors.New("the input ended")
		}
		fmt.Fprintln(p.out)
		return "", false
	}
	return strings.TrimSpace(p.in.Text()), true
}

// errStopped is the answer to a die request that stops the fight: quit,
// or the end of the input.
var errStopped = errors.New("stopped")

// submit submits a command, asking for physical dice when playing with
// manual dice, and prints what happened.
func (p *player) submit(actor, text string, human bool) error {
	var typed []int
	for {
		src := p.src
		var script *dice.Script
		if p.opts.dice == "manual" {
			script = dice.NewScript(typed...)
			src = dice.ByHand(script) // recorded as rolled by hand
		}
		_, err := p.decide(actor, text, src)
		if need, ok := dice.IsNeed(err); ok && script != nil {
			v, err := p.askDie(actor, text, len(typed)+1, need.Sides)
			switch {
			case errors.Is(err, errUndoDie):
				if len(typed) == 0 && human {
					fmt.Fprintln(p.out, "no die typed yet: back to the prompt")
					return nil
				}
				if len(typed) == 0 {
					// The built-in policy's decision: undo takes back the
					// person's last one, before it.
					p.undo()
					return nil
				}
				fmt.Fprintf(p.out, "took back die %d (%d)\n", len(typed), typed[len(typed)-1])
				typed = typed[:len(typed)-1]
				continue
			case err != nil:
				return nil // quit, or no more input
			}
			typed = append(typed, v)
			continue
		}
		if errors.Is(err, store.ErrConflict) && p.fight != nil {
			return p.movedOn()
		}
		if err != nil {
			return err
		}
		p.human = append(p.human, human)
		p.show(actor, human)
		return nil
	}
}

// movedOn catches up with a stored fight that moved on while this one
// was deciding (another fray play or server wrote to it first, or a
// process stopped in the middle of its last write): the decision just
// made is dropped, what the others recorded is read from the store and
// shown, and the prompt comes again.
func (p *player) movedOn() error {
	before := p.table.Len()
	if err := p.fight.Refresh(p.ctx); err != nil {
		return fmt.Errorf("the fight moved on in the store, and reading it again failed: %w", err)
	}
	n := p.table.Len()
	fmt.Fprintf(p.out, "The fight moved on in the store meanwhile (another fray play or server decided first): that decision was not made; %d decisions now, %d before.\n", n, before)
	from := min(before, n)
	if from < n {
		for _, e := range p.table.TranscriptFrom(p.viewFor("", false), from) {
			p.printEntry(e)
		}
	}
	// The others' decisions are not this person's to take back.
	p.human = p.human[:from]
	for len(p.human) < n {
		p.human = append(p.human, false)
	}
	return nil
}

// show prints the decision just made as the person at this screen may see
// it: everything with --auto, else through the eyes of --view or of the
// side played, so that an opponent's secret stays secret.
func (p *player) show(actor string, human bool) {
	// Only the last decision is described: describing the whole fight
	// again at every decision made a fight's cost grow with the square of
	// its length.
	entries := p.table.TranscriptFrom(p.viewFor(actor, human), p.table.Len()-1)
	p.printEntry(entries[len(entries)-1])
}

// viewFor is whose eyes a decision of actor's is shown through: everyone's
// with --auto, else those of --view, of actor for a decision the person
// made, or of the side played.
func (p *player) viewFor(actor string, human bool) engine.Viewer {
	switch {
	case p.opts.view != "":
		return engine.Viewer{Combatant: p.opts.view}
	case p.opts.auto:
		return engine.Everyone
	case human && actor != engine.GM:
		return engine.Viewer{Combatant: actor}
	case p.me != "":
		return engine.Viewer{Combatant: p.me}
	}
	return engine.Viewer{}
}

// printEntry prints a decision and what followed from it.
func (p *player) printEntry(e engine.Entry) {
	fmt.Fprintln(p.out, entryHead(e))
	for _, l := range e.Lines {
		fmt.Fprintf(p.out, "    %s\n", l)
	}
}

// entryHead is who decided and the command, or "(hidden)" where the
// viewer may see neither.
func entryHead(e engine.Entry) string {
	if e.Actor == "" && e.Command == "" {
		return "(hidden)"
	}
	return e.Actor + ": " + e.Command
}

// errUndoDie is the answer "undo" to a die request.
var errUndoDie = errors.New("undo the last die")

// askDie asks the table for the result of die n of actor's decision text,
// a die of sides sides. It returns errUndoDie for "undo", and an error
// after stopping the fight for "quit" or the end of the input.
func (p *player) askDie(actor, text string, n, sides int) (int, error) {
	for {
		fmt.Fprintf(p.out, "die %d for %s's %q: roll 1d%d and enter the result (or undo, quit): ", n, actor, text, sides)
		line, ok := p.readLine()
		if !ok {
			return 0, errStopped
		}
		switch line {
		case "undo":
			return 0, errUndoDie
		case "quit":
			p.stopped, p.quit = true, true
			return 0, errStopped
		case "help", "?":
			fmt.Fprintf(p.out, "type what the d%d shows, 1 to %d; undo takes back the die typed before (with none, your last decision); quit stops\n", sides, sides)
			continue
		}
		if v, err := strconv.Atoi(line); err == nil && v >= 1 && v <= sides {
			return v, nil
		}
		fmt.Fprintf(p.out, "a d%d shows 1 to %d\n", sides, sides)
	}
}

// undo takes back decisions until the person's last one is undone, and
// says which decisions it took back.
func (p *player) undo() {
	var undone []string // the decisions taken back, the latest first
	for len(p.human) > 0 {
		last := p.human[len(p.human)-1]
		what := p.lastDecision()
		if err := p.takeBack(); err != nil {
			fmt.Fprintf(p.out, "could not undo: %v\n", err)
			return
		}
		p.human = p.human[:len(p.human)-1]
		undone = append(undone, what)
		if last {
			fmt.Fprintf(p.out, "undone: %s", what)
			if len(undone) > 1 {
				after := slices.Clone(undone[:len(undone)-1])
				slices.Reverse(after)
				fmt.Fprintf(p.out, " (and after it %s)", strings.Join(after, "; "))
			}
			fmt.Fprintln(p.out)
			return
		}
	}
	fmt.Fprintln(p.out, "nothing of yours to undo")
}

func (p *player) ended(pr engine.Prompt[string]) {
	switch {
	case p.table.TimedOut():
		fmt.Fprintf(p.out, "\nThe fight is over after %d decisions: it reached the round limit with both sides standing, and nobody wins.\n", p.table.Len())
	case pr.Winner == "":
		fmt.Fprintf(p.out, "\nThe fight is over after %d decisions: a draw.\n", p.table.Len())
	default:
		fmt.Fprintf(p.out, "\nThe fight is over after %d decisions: the %s side wins.\n", p.table.Len(), pr.Winner)
	}
}

// saveTo writes the fight so far: its encounter and every decision with
// its dice.
func (p *player) saveTo(file string) error {
	saved := savedFight{Encounter: p.name, Ruleset: p.table.Ruleset(), Source: string(p.source), Dir: p.dir, Content: p.content}
	for i, e := range p.table.Transcript(engine.Everyone) {
		entry := savedEntry{Actor: e.Actor, Command: e.Command, Lines: e.Lines, Person: i < len(p.human) && p.human[i]}
		for _, d := range e.Dice {
			entry.Dice = append(entry.Dice, d.Value)
		}
		saved.Decisions = append(saved.Decisions, entry)
	}
	data, err := json.MarshalIndent(saved, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the transcript: %w", err)
	}
	if err := os.WriteFile(file, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("saving the transcript: %w", err)
	}
	fmt.Fprintf(p.out, "transcript saved to %s\n", file)
	return nil
}

// replay makes the decisions of a saved fight again with their dice,
// printing each when show is set. A decision that is refused, needs more
// dice than were saved, or leaves saved dice unused is an error naming it.
func (p *player) replay(file string, saved *savedFight, show bool) error {
	if saved.Ruleset != p.table.Ruleset() {
		return fmt.Errorf("%s is a %s fight, the encounter is %s", file, saved.Ruleset, p.table.Ruleset())
	}
	for i, d := range saved.Decisions {
		script := dice.NewScript(d.Dice...)
		lines, err := p.decide(d.Actor, d.Command, script)
		if err != nil {
			if need, ok := dice.IsNeed(err); ok {
				return fmt.Errorf("%s: decision %d (%s: %s) needs a d%d more than the %d dice saved with it", file, i+1, d.Actor, d.Command, need.Sides, len(d.Dice))
			}
			var refusal *engine.Error
			if errors.As(err, &refusal) {
				return fmt.Errorf("%s: decision %d (%s: %s) no longer replays: %w", file, i+1, d.Actor, d.Command, err)
			}
			return err
		}
		if unused := script.Unused(); len(unused) > 0 {
			return fmt.Errorf("%s: decision %d (%s: %s) used %d of its %d saved dice; the rest (%v) belong to no roll", file, i+1, d.Actor, d.Command, script.Drawn(), len(d.Dice), d.Dice[script.Drawn():])
		}
		p.human = append(p.human, d.Person)
		if show {
			fmt.Fprintf(p.out, "%s: %s\n", d.Actor, d.Command)
			for _, l := range lines {
				fmt.Fprintf(p.out, "    %s\n", l)
			}
		}
	}
	return nil
}

// autoChoice is what the built-in policy decides for a side nobody plays:
// the ruleset's tactical policy, as fray sim plays it, or for a ruleset
// without one the prompt's default.
func (p *player) autoChoice(pr engine.Prompt[string]) string {
	if p.policy != nil {
		if text, err := p.policy.Choose(p.table, engine.TacticalPolicy, p.policySrc); err == nil {
			return text
		}
	}
	if len(pr.Options) == 0 {
		return ""
	}
	return pr.Options[max(pr.Default, 0)].Command
}

// where lists every combatant of the fight as the person may see it: its
// position, where the ruleset has positions ("x" and "y", or "at", in the
// state's combatants), and its life points and status, where it has them.
func (p *player) where() {
	v := engine.Everyone
	if !p.opts.auto && p.me != "" {
		v = engine.Viewer{Combatant: p.me}
	}
	if p.opts.view != "" {
		v = engine.Viewer{Combatant: p.opts.view}
	}
	data, err := p.table.State(v)
	if err != nil {
		fmt.Fprintf(p.out, "could not read the state: %v\n", err)
		return
	}
	var state struct {
		Combatants []map[string]any `json:"combatants"`
	}
	if err := json.Unmarshal(data, &state); err != nil || len(state.Combatants) == 0 {
		fmt.Fprintln(p.out, "this ruleset lists no combatants to show")
		return
	}
	positions := false
	for _, c := range state.Combatants {
		id, _ := c["id"].(string)
		name, _ := c["name"].(string)
		var facts []string
		if side := p.table.SideOf(id); side != "" {
			facts = append(facts, "side "+side)
		}
		if at, ok := positionOf(c); ok {
			positions = true
			facts = append(facts, "at "+at)
		}
		if lp, ok := c["lp"].(float64); ok {
			facts = append(facts, fmt.Sprintf("LP %v", lp))
		}
		if st, ok := c["status"].(string); ok && st != "" {
			facts = append(facts, st)
		}
		label := id
		if name != "" && name != id {
			label = fmt.Sprintf("%s (%s)", name, id)
		}
		fmt.Fprintf(p.out, "  %s: %s\n", label, strings.Join(facts, ", "))
	}
	if !positions {
		fmt.Fprintf(p.out, "  (the %s ruleset has no map: combatants have no positions)\n", p.table.Ruleset())
	}
}

// positionOf reads a combatant's position from its state: "x" and "y"
// (metres), or "at" with "x" and "y" (a square).
func positionOf(c map[string]any) (string, bool) {
	if at, ok := c["at"].(map[string]any); ok {
		c = at
	}
	x, okX := c["x"].(float64)
	y, okY := c["y"].(float64)
	if !okX && !okY {
		return "", false
	}
	return strconv.FormatFloat(x, 'f', -1, 64) + "," + strconv.FormatFloat(y, 'f', -1, 64), true
}
