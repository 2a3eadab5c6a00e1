package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"fray/engine"
	"fray/scenario"
)

// withFirstID returns an encounter file's text with the id of its first
// combatant set to id (the other keys kept, in order).
func withFirstID(t *testing.T, src []byte, id string) []byte {
	t.Helper()
	var doc yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(src, &doc, yaml.UseOrderedMap()); err != nil {
		t.Fatal(err)
	}
	for i, it := range doc {
		if it.Key != "combatants" {
			continue
		}
		list := it.Value.([]any)
		first := list[0].(yaml.MapSlice)
		j := slices.IndexFunc(first, func(m yaml.MapItem) bool { return m.Key == "id" })
		if j < 0 {
			first = append(first, yaml.MapItem{Key: "id", Value: id})
		} else {
			first[j].Value = id
		}
		list[0] = first
		doc[i].Value = list
	}
	out, err := yaml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEveryRulesetRefusesBadIDs is the identity rule's conformance test:
// every ruleset fray offers, without doing anything for it, refuses a
// combatant id that is the GM's, a keyword of the command text, upper
// case (which no command could name, since commands are read in lower
// case), holds a control character or is too long, at the file line of
// the field, with a short message.
func TestEveryRulesetRefusesBadIDs(t *testing.T) {
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string]string{
		"gm":                         `the id "gm" is the game master's`,
		"with":                       `the id "with" is a word of the command text`,
		"Bob":                        `upper-case letters`,
		"bob\x1b[2Jx":                `control character '\x1b'`,
		"bob\x00":                    `control character '\x00'`,
		"bob smith":                  ``,
		strings.Repeat("x", 100_000): `too long`,
	}
	for _, id := range reg.IDs() {
		t.Run(id, func(t *testing.T) {
			info, _ := reg.Lookup(id)
			var name string
			var src []byte
			for _, n := range slices.Sorted(mapsKeys(info.Content())) {
				data := info.Content()[n]
				if !regexp.MustCompile(`(?m)^ruleset:`).Match(data) || !regexp.MustCompile(`(?m)^combatants:`).Match(data) {
					continue
				}
				// The edit itself must keep the encounter good.
				if _, err := scenario.ParseEncounter(reg, "enc.yaml", withFirstID(t, data, "newcomer")); err == nil {
					name, src = n, data
					break
				}
			}
			if src == nil {
				t.Fatal("no bundled encounter whose first combatant can be renamed")
			}
			for bid, want := range bad {
				text := withFirstID(t, src, bid)
				_, err := scenario.ParseEncounter(reg, "enc.yaml", text)
				if err == nil {
					t.Errorf("%s with combatants[0].id %s: loaded, want refused", name, engine.Quote(bid))
					continue
				}
				msg := err.Error()
				at := regexp.MustCompile(`(?m)^enc\.yaml:\d+:\d+: combatants\[0\]\.id: .*$`).FindString(msg)
				switch {
				case at == "":
					t.Errorf("%s with combatants[0].id %s: %s\nwant an error at enc.yaml:LINE:COL: combatants[0].id", name, engine.Quote(bid), engine.Clip(msg))
				case !strings.Contains(at, want):
					t.Errorf("%s with combatants[0].id %s: %s\nwant it to say %q", name, engine.Quote(bid), at, want)
				case len(msg) > 1000 || strings.ContainsAny(msg, "\x1b\x00"):
					t.Errorf("%s with combatants[0].id %s: a message of %d bytes, or with a control character", name, engine.Quote(bid), len(msg))
				}
			}
		})
	}
}

// mapsKeys returns the keys of m.
func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestIDsOfTheIssue checks the files of issue 27: blackpowder took
// "id: Bob" although every command is read in lower case, so that the
// fight could not go on, and tempo took an escape sequence in an id and
// printed it to the terminal; both took "gm", whose player could then
// answer for the GM.
func TestIDsOfTheIssue(t *testing.T) {
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ file, want string }{
		{`ruleset: blackpowder
groups:
  - {id: players, players: true}
  - {id: Thugs}
combatants:
  - {use: beatrix, id: Bob, group: players}
  - {use: masked_thug, group: Thugs}
`, `f.yaml:4:10: groups[1].id: the id "Thugs" has upper-case letters; commands read ids in lower case, so write "thugs"
f.yaml:6:24: combatants[0].id: the id "Bob" has upper-case letters; commands read ids in lower case, so write "bob"`},
		{`ruleset: blackpowder
groups:
  - {id: players, players: true}
  - {id: thugs}
combatants:
  - {use: beatrix, group: players}
  - {use: masked_thug, id: gm, group: thugs}
`, `f.yaml:7:28: combatants[1].id: the id "gm" is the game master's; choose another`},
		{"ruleset: tempo\ncombatants:\n  - {use: duelist, id: \"duelist\\e[2J\", side: a, x: 0, y: 0}\n  - {use: duelist, id: gm, side: b, x: 1, y: 0}\n",
			`f.yaml:3:24: combatants[0].id: the id "duelist\x1b[2J" has the control character '\x1b', which ids may not hold: an id is lower-case letters, digits, '-' and '_'
f.yaml:4:24: combatants[1].id: the id "gm" is the game master's; choose another`},
		// A side written only where combatants name it is checked there.
		{"ruleset: tempo\ncombatants:\n  - {use: duelist, id: a, side: \"x\\e[2J\", x: 0, y: 0}\n  - {use: duelist, id: b, side: With, x: 1, y: 0}\n",
			`f.yaml:3:33: combatants[0].side: the id "x\x1b[2J" has the control character '\x1b', which ids may not hold: an id is lower-case letters, digits, '-' and '_'
f.yaml:4:33: combatants[1].side: the id "With" has upper-case letters; an id is lower-case letters, digits, '-' and '_'`},
	} {
		_, err := scenario.ParseEncounter(reg, "f.yaml", []byte(tt.file))
		if err == nil || err.Error() != tt.want {
			t.Errorf("loading\n%s\ngot:\n%v\nwant:\n%s", tt.file, err, tt.want)
		}
	}
}

// TestMessagesQuoteExcerpts checks files of 500 KB whose one long value
// is quoted back in an error, at every kind of place the loader or a
// ruleset quotes from: each message stays short, and control characters
// come out escaped.
func TestMessagesQuoteExcerpts(t *testing.T) {
	big := strings.Repeat("x", 500_000)
	files := map[string]string{
		"name.yaml":    "ruleset: blackpowder\nname: " + big + "\n",
		"group.yaml":   "ruleset: blackpowder\ngroups: [{id: a}]\ncombatants:\n  - {use: beatrix, group: " + big + "}\n",
		"ruleset.yaml": "ruleset: " + big + "\n",
		"key.yaml":     "ruleset: blackpowder\n" + big + ": 1\n",
		"use.yaml":     "ruleset: blackpowder\ncombatants:\n  - {use: " + big + "}\n",
		"list.yaml":    "ruleset: tempo\ncombatants: " + big + "\n",
		"enum.yaml":    "ruleset: blackpowder\ngroups: [{id: a, players: " + big + "}]\n",
		"escape.yaml":  "ruleset: blackpowder\ngroups: [{id: a}]\ncombatants:\n  - {use: beatrix, group: \"\\e[2J" + big + "\"}\n",
	}
	dir := writeFiles(t, files)
	for name := range files {
		r := fray(t, "check", filepath.Join(dir, name))
		out := r.stdout + r.stderr
		if r.code != exitError || len(out) > 1200 || strings.Contains(out, "\x1b") {
			t.Errorf("%s: exit %d, %d bytes of output: %.600q", name, r.code, len(out), out)
		}
	}
}
