package main

import (
	"strings"

	"github.com/spf13/cobra"

	"fray/engine"
	"fray/scenario"
)

// newSchemaCmd returns the "fray schema" command, which finds its rulesets
// with registry.
func newSchemaCmd(registry func() (*engine.Registry, error)) *cobra.Command {
	return &cobra.Command{
		Use:   "schema RULESET",
		Short: "Print the JSON Schema of a ruleset's encounter files",
		Long: `Print the JSON Schema (draft 2020-12) of a ruleset's encounter files.

The encounter is the schema's root; the stat block, weapons and every other
part are entries of $defs, named after their types. Editors that read JSON
Schema can check and complete encounter files with it. Any mapping may say
"use: NAME" to start from the ruleset's bundled content NAME; the schema
lists the names.`,
		Example: `  fray schema blackpowder > blackpowder.schema.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return nil
			}
			known := "none"
			if reg, err := registry(); err == nil && len(reg.IDs()) > 0 {
				known = strings.Join(reg.IDs(), ", ")
			}
			if len(args) == 0 {
				return usageErrorf("missing ruleset id, as in: %s blackpowder (known: %s)", cmd.CommandPath(), known)
			}
			return usageErrorf("%s takes one ruleset id, not %d arguments (known: %s)", cmd.CommandPath(), len(args), known)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			reg, err := registry()
			if err != nil {
				return err
			}
			info, err := reg.Lookup(args[0])
			if err != nil {
				return err
			}
			data, err := scenario.Schema(info)
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write(data)
			return err
		},
	}
}
