package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fray/engine"
)

// What fray play says about its prompts: who is asked, why an answer from
// someone else or an unknown command is refused, what undo took back, what
// quit leaves behind, and where a resumed fight stands.

// asked says who answers a prompt: "markus answers", "beatrix answers, or
// markus", "the GM answers".
func asked(pr engine.Prompt[string]) string {
	who := pr.Actor
	if who == engine.GM {
		who = "the GM"
	}
	if len(pr.Others) == 0 {
		return who + " answers"
	}
	return who + " answers, or " + orList(pr.Others)
}

// orList joins words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// mayAnswer reports whether who is asked by the prompt: its actor or one
// of the others who may answer it.
func mayAnswer(pr engine.Prompt[string], who string) bool {
	return who == pr.Actor || slices.Contains(pr.Others, who)
}

// playCommands are the words fray play itself takes at every prompt.
var playCommands = []string{"help", "where", "undo", "save", "quit"}

// refused prints why a command typed at the prompt was refused: from
// someone the prompt does not ask, who answers it (with the ruleset's
// reason, unless it is only that); for an unknown command,
// the commands this prompt takes and the nearest one; else the ruleset's
// reason.
func (p *player) refused(pr engine.Prompt[string], actor, text string, err error) {
	if !mayAnswer(pr, actor) {
		if actor != engine.GM && p.table.SideOf(actor) == "" {
			fmt.Fprintf(p.out, "refused: there is no combatant %s in this fight; %s here\n", engine.Quote(actor), asked(pr))
			return
		}
		if engine.CodeOf(err) == engine.NotYourTurn || strings.Contains(err.Error(), "cannot act now") {
			fmt.Fprintf(p.out, "refused: %s does not answer this prompt; %s (type an option's number, or a command for them)\n", actor, asked(pr))
			return
		}
		// The ruleset lets others act here too, and has its own reason.
		fmt.Fprintf(p.out, "refused: %s (this prompt: %s)\n", clipLines(err.Error()), asked(pr))
		return
	}
	if word, ok := unknownCommand(err); ok {
		verbs := promptVerbs(pr)
		if len(verbs) > 0 {
			msg := fmt.Sprintf("refused: %s is not a command here.", engine.Quote(word))
			if near := nearest(word, append(slices.Clone(verbs), playCommands...)); near != "" {
				msg = fmt.Sprintf("refused: %s is not a command here; did you mean %q?", engine.Quote(word), near)
			}
			fmt.Fprintf(p.out, "%s This prompt takes %s, or an option's number; help shows each option's command.\n", msg, orList(verbs))
			return
		}
	}
	fmt.Fprintf(p.out, "refused: %s\n", clipLines(err.Error()))
}

// unknownCommand reads the word of a refusal for an unknown command, as
// every ruleset's command grammar words it (rules/parts.Grammar.Parse:
// unknown command "WORD" (known: ...)).
func unknownCommand(err error) (string, bool) {
	var refusal *engine.Error
	if !errors.As(err, &refusal) {
		return "", false
	}
	rest, ok := strings.CutPrefix(refusal.Msg, "unknown command \"")
	if !ok {
		return "", false
	}
	word, _, ok := strings.Cut(rest, "\"")
	return word, ok
}

// promptVerbs lists the first words of the prompt's options, each once,
// in the order the options give them.
func promptVerbs(pr engine.Prompt[string]) []string {
	var verbs []string
	for _, o := range pr.Options {
		verb, _, _ := strings.Cut(strings.TrimSpace(o.Command), " ")
		if verb != "" && !slices.Contains(verbs, verb) {
			verbs = append(verbs, verb)
		}
	}
	return verbs
}

// nearest returns the candidate closest to word by edit distance, if it is
// close enough to be a slip of the keyboard (at most a third of the word's
// letters, and at least one, changed); "" if none is.
func nearest(word string, candidates []string) string {
	word = strings.ToLower(word)
	best, bestDist := "", max(1, len([]rune(word))/3)+1
	for _, c := range candidates {
		if d := editDistance(word, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the edit distance between a and b (optimal string
// alignment): the fewest letters inserted, deleted or replaced, or
// neighbours swapped, to turn one into the other; "qiut" is 1 from "quit".
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// lastDecision writes the table's last decision as the person sees it, as
// "markus: dodge".
func (p *player) lastDecision() string {
	n := p.table.Len()
	if n == 0 {
		return ""
	}
	human := n <= len(p.human) && p.human[n-1]
	rec, err := p.table.Record(n - 1)
	if err != nil {
		return fmt.Sprintf("decision %d", n)
	}
	entries := p.table.TranscriptFrom(p.viewFor(rec.Actor, human), n-1)
	e := entries[len(entries)-1]
	return entryHead(e)
}

// recapDecisions is how many decisions a resumed fight shows again.
const recapDecisions = 5

// recap shows the last decisions of a resumed fight, so that the person
// sees where it stands before the next prompt.
func (p *player) recap() {
	n := p.table.Len()
	if n == 0 {
		return
	}
	if p.me == "" && !p.opts.auto {
		for i := range n {
			if rec, err := p.table.Record(i); err == nil && rec.Actor != engine.GM && i < len(p.human) && p.human[i] {
				p.me = rec.Actor
				break
			}
		}
	}
	from := max(0, n-recapDecisions)
	if from == 0 {
		fmt.Fprintln(p.out, "The fight so far:")
	} else {
		fmt.Fprintf(p.out, "The last %d decisions:\n", n-from)
	}
	for _, e := range p.table.TranscriptFrom(p.viewFor("", false), from) {
		p.printEntry(e)
	}
}

// quitNote says, when the person quits, whether the fight is kept and how
// to go on with it.
func (p *player) quitNote() {
	switch {
	case p.fight != nil:
		id := p.fight.Header().ID
		fmt.Fprintf(p.out, "The fight is kept as %s in %s: fray play --resume %s goes on with it.\n", id, p.storeAt, id)
	case p.opts.transcript != "":
		fmt.Fprintf(p.out, "The fight is saved to %s: fray play --resume %s goes on with it.\n", p.opts.transcript, p.opts.transcript)
	case p.savedTo != "" && p.savedLen == p.table.Len():
		fmt.Fprintf(p.out, "The fight is saved to %s: fray play --resume %s goes on with it.\n", p.savedTo, p.savedTo)
	case p.savedTo != "":
		fmt.Fprintf(p.out, "The fight has changed since it was saved to %s, and the changes are not saved: fray play --resume %s goes on from where it was saved.\n",
			p.savedTo, p.savedTo)
	default:
		fmt.Fprintln(p.out, "The fight is not saved: play with --save to keep it as you go (or type save FILE before quit).")
	}
}
