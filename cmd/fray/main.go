// Command fray is the command line of fray, a tabletop-RPG combat rules
// engine.
//
// Usage:
//
//	fray roll EXPR [--seed N] [--times K] [--json] [--summary]
//	fray odds EXPR [--at-least N] [--explode-depth D] [--json]
//	fray odds --encounter ENCOUNTER --actor ID (--command TEXT | --all) [--setup STEP]... [--dice DICE] [--policy POLICY] [--json]
//	fray check FILE|DIR... [-v]
//	fray schema RULESET
//	fray play ENCOUNTER [--auto] [--side SIDE] [--view ID] [--seed N] [--dice manual] [--save] [--transcript FILE | --replay FILE]
//	fray play --resume ID|FILE [--db FILE | --postgres URL]
//	fray fights list | show ID | export ID | import FILE [--db FILE | --postgres URL]
//	fray serve [--addr HOST:PORT] [--db FILE | --postgres URL]
//	fray sim [ENCOUNTER] [-n N] [--seed S] [--policy SIDE=NAME] [--vary PATH=FROM..TO] [--json] [--plot FILE]
//
// "fray roll" rolls a dice expression such as 4d6kh3 or d20+2d10!+5 and shows
// every die; "fray odds" prints its exact probability distribution, or with
// --encounter the exact odds of an action in a fight. "fray check" runs
// scenario files and validates encounter files; "fray schema" prints the
// JSON Schema of a ruleset's encounter files. "fray play" fights an encounter
// in the terminal, recording it in the fight store with --save; "fray
// fights" lists, shows, exports and imports stored fights; "fray serve"
// serves the tracker's HTTP API; "fray sim" simulates many fights of one
// and reports win rates, fight lengths and casualties.
//
// fray exits with status 0 on success, 1 when the work asked for fails (a
// malformed expression, odds too costly to compute), 2 when it was invoked
// wrongly (a missing argument, an unknown flag or command) and 130 when a
// simulation was stopped by Ctrl-C (having reported the fights played).
// Errors are written to standard error as "fray: <message>".
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"fray/dice"
	"fray/engine"
)

// Exit statuses of the fray command.
const (
	exitOK    = 0 // success
	exitError = 1 // the command ran and failed
	exitUsage = 2 // the command was invoked wrongly
)

// main runs fray with the process's arguments and exits with its status.
func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs fray with the command-line arguments args (without the program
// name), reading what people type from stdin, writing its output to stdout
// and its errors to stderr, and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if args == nil {
		// Cobra reads os.Args when given nil arguments.
		args = []string{}
	}
	root := newRootCmd(stdout, stderr)
	root.SetIn(stdin)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(stderr, "fray: %s\n", clipLines(err.Error()))
	if se, ok := errors.AsType[*dice.SyntaxError](err); ok {
		fmt.Fprintln(stderr, se.Caret())
	}
	if _, ok := errors.AsType[*usageError](err); ok {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return exitUsage
	}
	if _, ok := errors.AsType[*interruptedError](err); ok {
		return exitInterrupted
	}
	return exitError
}

// newRootCmd returns the fray command with all its subcommands, writing
// output and help to stdout and cobra's own messages to stderr. Errors are
// not printed: the caller (run) prints them.
func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "fray",
		Short: "fray: a tabletop-RPG combat rules engine",
		Long: `fray: a tabletop-RPG combat rules engine.

Dice expressions combine dice groups and numbers with +, - and *:
  3d6  d20+5  4d6kh3  2d20kl1  4d6dl1  3d6!  d6!3  d10/2  2d10^+1!  6d6>=5  (d6+1)*2`,
		Args: noSubcommand,
		// The root command does nothing itself but show help; being runnable
		// lets noSubcommand report an unknown command as a usage error.
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(newRollCmd(), newOddsCmd())
	root.AddCommand(newCheckCmd(newRegistry), newSchemaCmd(newRegistry), newPlayCmd(), newSimCmd(), newFightsCmd(), newServeCmd(), newOddsWorkerCmd())
	addCompletions(root)
	return root
}

// usageError is an error in how fray was invoked, such as a missing argument
// or an unknown flag, as opposed to a failure of the work asked for.
type usageError struct {
	err error
}

// usageErrorf returns a *usageError with a formatted message.
func usageErrorf(format string, args ...any) *usageError {
	return &usageError{err: fmt.Errorf(format, args...)}
}

// Error returns the message of the underlying error.
func (e *usageError) Error() string { return e.err.Error() }

// Unwrap returns the underlying error.
func (e *usageError) Unwrap() error { return e.err }

// noSubcommand is the argument check of the root command: any argument left
// over is a subcommand that does not exist.
func noSubcommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if suggestions := cmd.SuggestionsFor(args[0]); len(suggestions) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", suggestions[0])
	}
	return usageErrorf("%s", msg)
}

// flagError turns an error parsing flags into a *usageError. A term with a
// minus sign, as in "fray roll d20 -2", reads as an unknown flag; the message
// then says how to pass it.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	const unknown = "unknown shorthand flag: '"
	if rest, ok := strings.CutPrefix(msg, unknown); ok && rest != "" && strings.ContainsRune("0123456789dD(", rune(rest[0])) {
		msg += fmt.Sprintf(" (to pass an expression with a leading minus, put -- before it: %s -- d20 -2)", cmd.CommandPath())
	}
	return &usageError{err: errors.New(msg)}
}

// exprArgs is the argument check of the commands that take a dice
// expression: at least one word.
func exprArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return usageErrorf("missing dice expression, as in: %s 4d6kh3", cmd.CommandPath())
	}
	return nil
}

// parseExpr parses the dice expression given as command-line words, joined
// with spaces so that "fray roll 2d6 + 3" works as well as "fray roll 2d6+3".
// A malformed expression gives a *dice.SyntaxError.
func parseExpr(args []string) (*dice.Expr, error) {
	return dice.Parse(strings.Join(args, " "))
}

// clipLines bounds each line of a message with engine.Clip, so that no
// input quoted in an error, however long or full of escape sequences,
// reaches the terminal as it is.
func clipLines(msg string) string {
	lines := strings.Split(msg, "\n")
	for i, l := range lines {
		lines[i] = engine.Clip(l)
	}
	return strings.Join(lines, "\n")
}
