package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"fray/dice"
	"fray/engine"
	"fray/scenario"
	"fray/sim"
)

// playOptions are the flags of "fray play".
type playOptions struct {
	auto   bool
	side   string
	dice   string
	seed   uint64
	seeded bool
	save   string
	replay string
	// view is the combatant whose player's eyes the fight is shown
	// through; "" shows it as the side played sees it.
	view string
}

// newPlayCmd returns the "fray play" command.
func newPlayCmd() *cobra.Command {
	var opts playOptions
	cmd := &cobra.Command{
		Use:   "play ENCOUNTER",
		Short: "Fight an encounter in the terminal",
		Long: `Fight an encounter in the terminal.

ENCOUNTER is an encounter file, or the name of a bundled encounter (such as
alley_fight). You decide for one side, answering each prompt with the number
of an option or a command typed out; a built-in policy plays the other side.
With --auto the policy plays both sides. Every roll is shown with its dice.

At a prompt you may also type:
  undo        take back your last decision (and the policy's after it)
  save FILE   write the transcript so far, for --replay
  quit        stop

With --dice manual fray asks for each die instead of rolling it, so a table
can roll physical dice.`,
		Example: `  fray play alley_fight
  fray play alley_fight --auto --seed 7
  fray play my_fight.yaml --side thugs --dice manual
  fray play alley_fight --replay fight.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.seeded = cmd.Flags().Changed("seed")
			return runPlay(cmd.InOrStdin(), cmd.OutOrStdout(), args[0], opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.auto, "auto", false, "let the built-in policy play every side")
	f.StringVar(&opts.side, "side", "", "the `SIDE` you play (default: the side of the first combatant to act)")
	f.StringVar(&opts.dice, "dice", "digital", "`digital` dice, or `manual` to type in physical dice")
	f.Uint64Var(&opts.seed, "seed", 0, "seed `N` for reproducible digital dice")
	f.StringVar(&opts.save, "save", "", "write the transcript to `FILE` when the fight ends")
	f.StringVar(&opts.view, "view", "", "show the fight as the player of combatant `ID` sees it: nothing it may not know (a secret feint) is printed")
	f.StringVar(&opts.replay, "replay", "", "replay the decisions and dice of a saved transcript `FILE`")
	return cmd
}

// savedFight is a transcript as "fray play" saves and replays it.
type savedFight struct {
	Encounter string       `json:"encounter"`
	Ruleset   string       `json:"ruleset"`
	Decisions []savedEntry `json:"decisions"`
}

// savedEntry is one decision with the dice it drew.
type savedEntry struct {
	Actor   string   `json:"actor"`
	Command string   `json:"command"`
	Dice    []int    `json:"dice,omitempty"`
	Lines   []string `json:"lines,omitempty"`
}

// loadTable starts the encounter named by arg: a file, or a bundled
// encounter of a registered ruleset.
func loadTable(reg *engine.Registry, arg string) (engine.Table, error) {
	name, data, err := findEncounter(reg, arg)
	if err != nil {
		return nil, err
	}
	return scenario.ParseEncounter(reg, name, data)
}

// findEncounter finds the encounter named by arg: a file, or else a bundled
// encounter of a registered ruleset. It returns the name to report it by
// and the file's contents.
func findEncounter(reg *engine.Registry, arg string) (string, []byte, error) {
	if _, err := os.Stat(arg); err == nil {
		data, err := scenario.ReadFile(arg)
		if err != nil {
			return "", nil, fmt.Errorf("reading the encounter: %w", err)
		}
		return arg, data, nil
	}
	for _, id := range reg.IDs() {
		info, _ := reg.Lookup(id)
		if info.Content == nil {
			continue
		}
		if data, ok := info.Content()[arg]; ok && strings.Contains(string(data), "ruleset:") {
			return arg, data, nil
		}
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
	human   []bool // per decision: made by a person
	stopped bool
	// me is a combatant of the side the person plays, once known: the
	// fight is shown as it sees it.
	me string
	// policy decides for the sides nobody plays (nil: take defaults),
	// drawing any random choice from policySrc.
	policy    sim.Simulator
	policySrc dice.Source
}

func runPlay(stdin io.Reader, stdout io.Writer, arg string, opts playOptions) error {
	if opts.dice != "digital" && opts.dice != "manual" {
		return usageErrorf("--dice is digital or manual, not %q", opts.dice)
	}
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	table, err := loadTable(cat.reg, arg)
	if err != nil {
		return err
	}
	if opts.view != "" {
		side := table.SideOf(opts.view)
		if side == "" {
			return usageErrorf("--view: %q is not a combatant of %s", opts.view, arg)
		}
		if opts.side == "" && !opts.auto {
			opts.side = side
		}
	}
	policy, err := cat.simulator(table.Ruleset())
	if err != nil {
		return err
	}
	p := &player{in: bufio.NewScanner(stdin), out: stdout, table: table, opts: opts, name: arg, policy: policy}
	switch {
	case opts.seeded:
		p.src = dice.Seeded(opts.seed)
		p.policySrc = dice.Seeded(sim.PolicySeed(opts.seed))
	default:
		p.src = dice.NewCrypto()
		p.policySrc = dice.NewCrypto()
	}
	if opts.replay != "" {
		return p.replayFile(opts.replay)
	}
	return p.play()
}

// play runs prompts until the fight ends or the person quits.
func (p *player) play() error {
	for !p.stopped {
		pr := p.table.Prompt()
		if pr.Kind == engine.End {
			p.ended(pr)
			break
		}
		if p.opts.side == "" && !p.opts.auto {
			p.opts.side = p.table.SideOf(pr.Actor)
			fmt.Fprintf(p.out, "You play the %s side.\n", p.opts.side)
		}
		if !p.opts.auto && p.controls(pr) {
			if p.me == "" && pr.Actor != engine.GM {
				p.me = pr.Actor
			}
			if err := p.ask(pr); err != nil {
				return err
			}
			continue
		}
		text := p.autoChoice(pr)
		if err := p.submit(pr.Actor, text, false); err != nil {
			return fmt.Errorf("the built-in policy's choice %q was refused: %w", text, err)
		}
	}
	if p.opts.save != "" {
		return p.saveTo(p.opts.save)
	}
	return nil
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

// ask shows the prompt and acts on the person's answer.
func (p *player) ask(pr engine.Prompt[string]) error {
	fmt.Fprintf(p.out, "\n%s\n", pr.Question)
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
	fmt.Fprint(p.out, "> ")
	line, ok := p.readLine()
	if !ok {
		p.stopped = true
		return nil
	}
	actor, text := pr.Actor, line
	switch {
	case line == "quit":
		p.stopped = true
		return nil
	case line == "undo":
		p.undo()
		return nil
	case strings.HasPrefix(line, "save "):
		if err := p.saveTo(strings.TrimSpace(strings.TrimPrefix(line, "save "))); err != nil {
			fmt.Fprintf(p.out, "could not save: %v\n", err)
		}
		return nil
	case line == "" && pr.Default >= 0:
		text = pr.Options[pr.Default].Command
	default:
		if n, err := strconv.Atoi(line); err == nil {
			if n < 1 || n > len(pr.Options) {
				fmt.Fprintf(p.out, "choose 1 to %d\n", len(pr.Options))
				return nil
			}
			text = pr.Options[n-1].Command
		} else if who, cmd, found := strings.Cut(line, ":"); found && !strings.Contains(who, " ") {
			actor, text = strings.TrimSpace(who), strings.TrimSpace(cmd)
		}
	}
	if err := p.submit(actor, text, true); err != nil {
		fmt.Fprintf(p.out, "refused: %v\n", err)
	}
	return nil
}

func (p *player) readLine() (string, bool) {
	if !p.in.Scan() {
		return "", false
	}
	return strings.TrimSpace(p.in.Text()), true
}

// submit submits a command, asking for physical dice when playing with
// manual dice, and prints what happened.
func (p *player) submit(actor, text string, human bool) error {
	src := p.src
	var script *dice.Script
	if p.opts.dice == "manual" {
		script = dice.NewScript()
		src = script
	}
	for {
		_, err := p.table.Submit(actor, text, src)
		if need, ok := dice.IsNeed(err); ok && script != nil {
			v, ok := p.askDie(need.Sides)
			if !ok {
				p.stopped = true
				return nil
			}
			script.Add(v)
			script.Rewind()
			continue
		}
		if err != nil {
			return err
		}
		p.human = append(p.human, human)
		p.show(actor, human)
		return nil
	}
}

// show prints the decision just made as the person at this screen may see
// it: everything with --auto, else through the eyes of --view or of the
// side played, so that an opponent's secret stays secret.
func (p *player) show(actor string, human bool) {
	var v engine.Viewer
	switch {
	case p.opts.view != "":
		v = engine.Viewer{Combatant: p.opts.view}
	case p.opts.auto:
		v = engine.Everyone
	case human && actor != engine.GM:
		v = engine.Viewer{Combatant: actor}
	case p.me != "":
		v = engine.Viewer{Combatant: p.me}
	}
	entries := p.table.Transcript(v)
	last := entries[len(entries)-1]
	command := last.Command
	if command == "" {
		command = "(hidden)"
	}
	fmt.Fprintf(p.out, "%s: %s\n", actor, command)
	for _, l := range last.Lines {
		fmt.Fprintf(p.out, "    %s\n", l)
	}
}

// askDie asks the table for the result of a physical die.
func (p *player) askDie(sides int) (int, bool) {
	for {
		fmt.Fprintf(p.out, "roll 1d%d and enter the result: ", sides)
		line, ok := p.readLine()
		if !ok {
			return 0, false
		}
		if v, err := strconv.Atoi(line); err == nil && v >= 1 && v <= sides {
			return v, true
		}
		fmt.Fprintf(p.out, "a d%d shows 1 to %d\n", sides, sides)
	}
}

// undo takes back decisions until the person's last one is undone.
func (p *player) undo() {
	for len(p.human) > 0 {
		last := p.human[len(p.human)-1]
		p.human = p.human[:len(p.human)-1]
		p.table.Undo()
		if last {
			fmt.Fprintln(p.out, "undone")
			return
		}
	}
	fmt.Fprintln(p.out, "nothing of yours to undo")
}

func (p *player) ended(pr engine.Prompt[string]) {
	if p.table.TimedOut() {
		fmt.Fprintf(p.out, "\nThe fight is over after %d decisions: it reached the round limit with both sides standing, and nobody wins.\n", p.table.Len())
		return
	}
	if pr.Winner == "" {
		fmt.Fprintf(p.out, "\nThe fight is over after %d decisions: a draw.\n", p.table.Len())
		return
	}
	fmt.Fprintf(p.out, "\nThe fight is over after %d decisions: the %s side wins.\n", p.table.Len(), pr.Winner)
}

// saveTo writes the transcript so far.
func (p *player) saveTo(file string) error {
	saved := savedFight{Encounter: p.name, Ruleset: p.table.Ruleset()}
	for _, e := range p.table.Transcript(engine.Everyone) {
		entry := savedEntry{Actor: e.Actor, Command: e.Command, Lines: e.Lines}
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

// replayFile replays a saved transcript's decisions with their dice.
func (p *player) replayFile(file string) error {
	data, err := scenario.ReadFile(file)
	if err != nil {
		return fmt.Errorf("reading the transcript: %w", err)
	}
	var saved savedFight
	if err := json.Unmarshal(data, &saved); err != nil {
		return fmt.Errorf("%s: not a saved fight: %w", file, err)
	}
	if saved.Ruleset != p.table.Ruleset() {
		return fmt.Errorf("%s is a %s fight, the encounter is %s", file, saved.Ruleset, p.table.Ruleset())
	}
	for i, d := range saved.Decisions {
		script := dice.NewScript(d.Dice...)
		lines, err := p.table.Submit(d.Actor, d.Command, script)
		if err != nil {
			var refusal *engine.Error
			if errors.As(err, &refusal) {
				return fmt.Errorf("%s: decision %d (%s: %s) no longer replays: %w", file, i+1, d.Actor, d.Command, err)
			}
			return err
		}
		fmt.Fprintf(p.out, "%s: %s\n", d.Actor, d.Command)
		for _, l := range lines {
			fmt.Fprintf(p.out, "    %s\n", l)
		}
	}
	if pr := p.table.Prompt(); pr.Kind == engine.End {
		p.ended(pr)
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
