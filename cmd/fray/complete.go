package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"fray/catalog"
	"fray/engine"
	"fray/scenario"
	"fray/sim"
	"fray/store"
)

// Shell completion that knows the game: cobra's "fray completion SHELL"
// writes a script that asks "fray __complete ARGS..." for the words that
// may come next, and the functions here answer with encounter names
// (bundled, in --content folders, and files), rulesets, stored fight ids,
// the sides and combatants of the encounter named on the line, policies and
// folders. A completion that cannot be worked out (an encounter that does
// not load, a store that cannot be opened) offers nothing rather than
// failing. docs/cli.md says how to install the scripts.

// addCompletions wires completion functions into the commands of root, by
// their names, so that each command's own file need not know of them.
func addCompletions(root *cobra.Command) {
	for _, cmd := range root.Commands() {
		switch cmd.Name() {
		case "play":
			cmd.ValidArgsFunction = completeEncounterArg
			flagCompletion(cmd, "side", completeSides(encounterArg))
			flagCompletion(cmd, "view", completeCombatants(encounterArg, false))
			flagCompletion(cmd, "dice", fixedCompletion("digital", "manual"))
			flagCompletion(cmd, "resume", completeResume)
			flagCompletion(cmd, "seed", noCompletion)
		case "sim":
			cmd.ValidArgsFunction = completeEncounterArg
			flagCompletion(cmd, "policy", completeSidePolicy)
			flagCompletion(cmd, "plot", fileExtCompletion("png", "svg"))
			for _, name := range []string{"fights", "seed", "workers", "vary", "max-decisions", "shard"} {
				flagCompletion(cmd, name, noCompletion)
			}
			for _, sub := range cmd.Commands() {
				if sub.Name() == "merge" {
					flagCompletion(sub, "plot", fileExtCompletion("png", "svg"))
				}
			}
		case "odds":
			cmd.ValidArgsFunction = noCompletion // a dice expression
			flagCompletion(cmd, "encounter", completeEncounterFlag)
			flagCompletion(cmd, "actor", completeCombatants(encounterFlag, true))
			flagCompletion(cmd, "policy", completePolicies(encounterFlag))
		case "schema":
			cmd.ValidArgsFunction = completeRulesets
		case "roll":
			cmd.ValidArgsFunction = noCompletion
		case "fights":
			for _, sub := range cmd.Commands() {
				if sub.Name() == "show" || sub.Name() == "export" {
					sub.ValidArgsFunction = completeFightArg
				}
			}
		}
		if cmd.Flags().Lookup("content") != nil {
			flagCompletion(cmd, "content", dirCompletion)
		}
	}
}

// flagCompletion registers f for the flag name of cmd. The flags are
// fray's own, so a registration can only fail for a flag that is not
// there, which the completion tests catch.
func flagCompletion(cmd *cobra.Command, name string, f cobra.CompletionFunc) {
	if cmd.Flags().Lookup(name) == nil {
		return
	}
	_ = cmd.RegisterFlagCompletionFunc(name, f)
}

// noCompletion offers nothing, not even file names: for numbers, dice
// expressions and free text.
func noCompletion(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// dirCompletion offers folders, for --content.
func dirCompletion(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// fixedCompletion offers the given words.
func fixedCompletion(words ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(words, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// fileExtCompletion offers files with the given extensions, and folders.
func fileExtCompletion(exts ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return exts, cobra.ShellCompDirectiveFilterFileExt
	}
}

// withPrefix keeps the words that start with prefix.
func withPrefix(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		name, _, _ := strings.Cut(w, "\t")
		if strings.HasPrefix(name, prefix) {
			out = append(out, w)
		}
	}
	return out
}

// completeEncounterArg completes the ENCOUNTER argument of play and sim,
// the first and only one.
func completeEncounterArg(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	if f := cmd.Flags().Lookup("resume"); f != nil && f.Changed {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return completeEncounter(cmd, toComplete)
}

// completeEncounterFlag completes --encounter of odds.
func completeEncounterFlag(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return completeEncounter(cmd, toComplete)
}

// completeEncounter offers the bundled encounters, those of the --content
// folders given on the line, and YAML files and folders under the path
// being typed.
func completeEncounter(cmd *cobra.Command, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	if !strings.ContainsAny(toComplete, `/\`) {
		if reg, err := newRegistry(); err == nil {
			for _, e := range reg.Encounters() {
				out = append(out, cobra.CompletionWithDesc(e.Name, e.Ruleset+" encounter"))
			}
		}
		for _, dir := range contentFlag(cmd) {
			files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
			for _, f := range files {
				name := strings.TrimSuffix(filepath.Base(f), ".yaml")
				if _, _, ok, _ := localEncounter([]string{dir}, name); ok {
					out = append(out, cobra.CompletionWithDesc(name, "encounter in "+dir))
				}
			}
		}
	}
	out = append(out, yamlPaths(toComplete)...)
	out = withPrefix(out, toComplete)
	slices.Sort(out)
	out = slices.Compact(out)
	directive := cobra.ShellCompDirectiveNoFileComp
	if len(out) == 1 && strings.HasSuffix(out[0], string(filepath.Separator)) {
		directive |= cobra.ShellCompDirectiveNoSpace // a folder: go on typing in it
	}
	return out, directive
}

// yamlPaths lists the YAML files and the folders whose paths start with
// prefix, folders ending in a separator.
func yamlPaths(prefix string) []string {
	matches, _ := filepath.Glob(globEscape(prefix) + "*")
	typed := prefix[strings.LastIndexAny(prefix, `/\`)+1:] // the part after the last separator
	var out []string
	for _, m := range matches {
		if strings.HasPrefix(filepath.Base(m), ".") && !strings.HasPrefix(typed, ".") {
			continue // hidden, unless asked for
		}
		info, err := os.Stat(m)
		switch {
		case err != nil:
		case info.IsDir():
			out = append(out, m+string(filepath.Separator))
		case strings.HasSuffix(m, ".yaml") || strings.HasSuffix(m, ".yml"):
			out = append(out, m)
		}
	}
	return out
}

// globEscape escapes the characters filepath.Glob reads as patterns.
func globEscape(s string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`)
	if filepath.Separator == '\\' {
		return strings.NewReplacer(`*`, `[*]`, `?`, `[?]`, `[`, `[[]`).Replace(s)
	}
	return r.Replace(s)
}

// contentFlag returns the --content folders given on the line.
func contentFlag(cmd *cobra.Command) []string {
	dirs, err := cmd.Flags().GetStringArray("content")
	if err != nil {
		return nil
	}
	return dirs
}

// encounterOfLine says which encounter the line being completed names.
type encounterOfLine func(cmd *cobra.Command, args []string) string

// encounterArg is the ENCOUNTER argument (sim's default when there is
// none).
func encounterArg(cmd *cobra.Command, args []string) string {
	if len(args) > 0 {
		return args[0]
	}
	if cmd.Name() == "sim" {
		return demoEncounter
	}
	return ""
}

// encounterFlag is the value of --encounter.
func encounterFlag(cmd *cobra.Command, _ []string) string {
	v, _ := cmd.Flags().GetString("encounter")
	return v
}

// lineTable loads the encounter the line names, with its ruleset's
// simulator (for sides and policies); nil when it does not load.
func lineTable(cmd *cobra.Command, args []string, which encounterOfLine) (engine.Table, *catalog.Catalog) {
	arg := which(cmd, args)
	if arg == "" {
		return nil, nil
	}
	cat, err := newCatalog()
	if err != nil {
		return nil, nil
	}
	content := contentFlag(cmd)
	opts, err := contentOptions(content)
	if err != nil {
		return nil, nil
	}
	name, data, err := findEncounter(cat.Registry(), arg, content)
	if err != nil {
		return nil, nil
	}
	opts = append(opts, scenario.WithDir(filepath.Dir(name)))
	table, err := scenario.ParseEncounter(cat.Registry(), name, data, opts...)
	if err != nil {
		return nil, nil
	}
	return table, cat
}

// completeSides offers the sides of the encounter the line names.
func completeSides(which encounterOfLine) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(sidesOf(cmd, args, which), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// sidesOf lists the sides of the encounter the line names.
func sidesOf(cmd *cobra.Command, args []string, which encounterOfLine) []string {
	table, s := lineSimulator(cmd, args, which)
	if s == nil {
		return nil
	}
	return s.Sides(table)
}

// lineSimulator returns the encounter the line names and its ruleset's
// simulator, or nils when there is none.
func lineSimulator(cmd *cobra.Command, args []string, which encounterOfLine) (engine.Table, sim.Simulator) {
	table, cat := lineTable(cmd, args, which)
	if table == nil {
		return nil, nil
	}
	s, err := cat.Simulator(table.Ruleset())
	if err != nil {
		return nil, nil
	}
	return table, s
}

// completeCombatants offers the combatants of the encounter the line
// names, each described by its side; with gm, the GM too.
func completeCombatants(which encounterOfLine, gm bool) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		table, _ := lineTable(cmd, args, which)
		if table == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, id := range combatantsOf(table) {
			out = append(out, cobra.CompletionWithDesc(id, "side "+table.SideOf(id)))
		}
		if gm {
			out = append(out, cobra.CompletionWithDesc(engine.GM, "the GM's rulings"))
		}
		return withPrefix(out, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// combatantsOf lists the ids of a fight's combatants, present or still
// to come, in the ruleset's order.
func combatantsOf(table engine.Table) []string {
	return table.Roster()
}

// completePolicies offers the policies of the ruleset of the encounter the
// line names.
func completePolicies(which encounterOfLine) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(policiesOf(cmd, args, which), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// policiesOf lists the policies of the ruleset of the encounter the line
// names.
func policiesOf(cmd *cobra.Command, args []string, which encounterOfLine) []string {
	_, s := lineSimulator(cmd, args, which)
	if s == nil {
		return nil
	}
	return s.Policies()
}

// completeSidePolicy completes sim's --policy SIDE=NAME: a side and "=",
// then the ruleset's policies after it.
func completeSidePolicy(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if side, typed, ok := strings.Cut(toComplete, "="); ok {
		var out []cobra.Completion
		for _, p := range withPrefix(policiesOf(cmd, args, encounterArg), typed) {
			out = append(out, side+"="+p)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, s := range sidesOf(cmd, args, encounterArg) {
		out = append(out, s+"=")
	}
	return withPrefix(out, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// completeRulesets offers the rulesets, for schema.
func completeRulesets(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	reg, err := newRegistry()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return withPrefix(reg.IDs(), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeFightArg offers the stored fights' ids, for fights show and
// export.
func completeFightArg(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return withPrefix(storedFights(cmd), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeResume offers the stored fights' ids and the JSON files a fight
// may have been saved to, for play --resume.
func completeResume(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	out := storedFights(cmd)
	matches, _ := filepath.Glob(globEscape(toComplete) + "*")
	for _, m := range matches {
		if info, err := os.Stat(m); err == nil && (info.IsDir() || strings.HasSuffix(m, ".json")) {
			if info.IsDir() {
				m += string(filepath.Separator)
			}
			out = append(out, m)
		}
	}
	out = withPrefix(out, toComplete)
	directive := cobra.ShellCompDirectiveNoFileComp
	if len(out) == 1 && strings.HasSuffix(out[0], string(filepath.Separator)) {
		directive |= cobra.ShellCompDirectiveNoSpace
	}
	return out, directive
}

// storedFights lists the ids of the fights in the store the line's --db or
// --postgres flags choose, each described by its encounter. It creates no
// store: without one, there are none.
func storedFights(cmd *cobra.Command) []cobra.Completion {
	var f storeFlags
	f.db, _ = cmd.Flags().GetString("db")
	f.postgres, _ = cmd.Flags().GetString("postgres")
	if f.postgres == "" {
		path := f.db
		if path == "" {
			var err error
			if path, err = defaultDB(); err != nil {
				return nil
			}
		}
		if _, err := os.Stat(path); err != nil {
			return nil
		}
		f.db = path
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	reg, err := newRegistry()
	if err != nil {
		return nil
	}
	s, _, err := openStore(ctx, reg, f)
	if err != nil {
		return nil
	}
	defer s.Backend().Close()
	return fightIDs(ctx, s)
}

// fightIDs lists the ids of a store's fights with their encounters.
func fightIDs(ctx context.Context, s *store.Store) []cobra.Completion {
	all, err := s.Backend().List(ctx)
	if err != nil {
		return nil
	}
	out := make([]cobra.Completion, 0, len(all))
	for _, f := range all {
		out = append(out, cobra.CompletionWithDesc(f.ID, f.Ruleset+": "+f.Name))
	}
	return out
}
