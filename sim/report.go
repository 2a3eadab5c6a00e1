package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Report is what a simulation found. Every figure in it follows from the
// seed and the number of fights; it holds no timing, so two runs with the
// same seed give the same report, byte for byte, whatever the workers.
type Report struct {
	// Encounter and Ruleset name what was simulated.
	Encounter string `json:"encounter,omitempty"`
	Ruleset   string `json:"ruleset"`
	// Fights is how many fights were played, and Seed the run's seed.
	Fights int64  `json:"fights"`
	Seed   uint64 `json:"seed"`
	// Sides lists each side with its policy and how often it won, in the
	// order the encounter lists them.
	Sides []SideResult `json:"sides"`
	// Draws counts fights that ended with no winner; Timeouts those
	// stopped after MaxDecisions decisions or by the ruleset's own limit
	// (a round limit, engine.TimeLimit).
	Draws    Rate `json:"draws"`
	Timeouts Rate `json:"timeouts"`
	// Rounds says how long the fights that ended took; nil when the
	// ruleset does not count rounds.
	Rounds *Rounds `json:"rounds,omitempty"`
	// Decisions and Dice are the mean number of decisions made and dice
	// drawn in a fight.
	Decisions float64 `json:"decisions_per_fight"`
	Dice      float64 `json:"dice_per_fight"`
	// Combatants reports on each combatant, when the ruleset lists them
	// (Roster).
	Combatants []CombatantResult `json:"combatants,omitempty"`
	// Interrupted is set when the run was stopped (Options.Stop) before
	// all the fights asked for were played: the report covers Fights.
	Interrupted bool `json:"interrupted,omitempty"`
}

// SideResult is one side of a report.
type SideResult struct {
	Side   string `json:"side"`
	Policy string `json:"policy"`
	Wins   Rate   `json:"wins"`
}

// CombatantResult is one combatant of a report. Damage is in the
// ruleset's own unit (life points, hit points) and only counted when the
// ruleset tallies it (Tallier).
type CombatantResult struct {
	ID   string `json:"id"`
	Side string `json:"side,omitempty"`
	// DamageDealt and DamageTaken are means per fight.
	DamageDealt float64 `json:"damage_dealt"`
	DamageTaken float64 `json:"damage_taken"`
	// Down counts fights in which the combatant was taken out of the fight
	// at least once (killed included); Dead those in which it died.
	Down Rate `json:"down"`
	Dead Rate `json:"dead"`
}

// Side returns the result of a side, or nil.
func (r *Report) Side(side string) *SideResult {
	for i := range r.Sides {
		if r.Sides[i].Side == side {
			return &r.Sides[i]
		}
	}
	return nil
}

// Combatant returns the result of a combatant, or nil.
func (r *Report) Combatant(id string) *CombatantResult {
	for i := range r.Combatants {
		if r.Combatants[i].ID == id {
			return &r.Combatants[i]
		}
	}
	return nil
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	return writeJSON(w, r)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("writing the report as JSON: %w", err)
	}
	return nil
}

// percent formats a proportion as a percentage, with a decimal more below
// a tenth of a percent, so that a small rate does not read as none.
func percent(p float64) string {
	if p > 0 && p < 0.001 {
		return fmt.Sprintf("%.2f%%", 100*p)
	}
	return fmt.Sprintf("%.1f%%", 100*p)
}

// interval formats a rate's confidence interval.
func interval(r Rate) string { return percent(r.Low) + " – " + percent(r.High) }

// WriteText writes the report for people: win rates with their intervals,
// draws and timeouts, the rounds histogram and the combatants.
func (r *Report) WriteText(w io.Writer) error {
	b := &strings.Builder{}
	name := r.Encounter
	if name == "" {
		name = "the encounter"
	}
	fmt.Fprintf(b, "%s (%s): %d fights, seed %d\n", name, r.Ruleset, r.Fights, r.Seed)
	if r.Interrupted {
		fmt.Fprintf(b, "interrupted: the run was stopped early; this reports the %d fights played\n", r.Fights)
	}
	b.WriteString("\n")

	rows := [][]string{{"side", "policy", "wins", "rate", "95% interval"}}
	for _, s := range r.Sides {
		rows = append(rows, []string{s.Side, s.Policy, fmt.Sprint(s.Wins.Count), percent(s.Wins.Rate), interval(s.Wins)})
	}
	rows = append(rows,
		[]string{"draws", "", fmt.Sprint(r.Draws.Count), percent(r.Draws.Rate), interval(r.Draws)},
		[]string{"timeouts", "", fmt.Sprint(r.Timeouts.Count), percent(r.Timeouts.Rate), interval(r.Timeouts)})
	writeTable(b, rows, 2)

	if rd := r.Rounds; rd != nil {
		fmt.Fprintf(b, "\nrounds to finish (%d fights that ended): mean %.2f, median %d, p95 %d, range %d to %d\n",
			rd.Fights, rd.Mean, rd.Median, rd.P95, rd.Min, rd.Max)
		_ = rd.WriteHistogram(b) // a strings.Builder does not fail
	}

	if len(r.Combatants) > 0 {
		b.WriteString("\nper combatant, per fight:\n")
		rows := [][]string{{"combatant", "side", "dealt", "taken", "down", "dead"}}
		for _, c := range r.Combatants {
			rows = append(rows, []string{c.ID, c.Side, fmt.Sprintf("%.2f", c.DamageDealt), fmt.Sprintf("%.2f", c.DamageTaken), percent(c.Down.Rate), percent(c.Dead.Rate)})
		}
		writeTable(b, rows, 2)
	}
	fmt.Fprintf(b, "\n%.1f decisions and %.1f dice a fight\n", r.Decisions, r.Dice)
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	return nil
}

// writeTable writes rows as columns two spaces apart, indented: the first
// left columns aligned left, the rest (numbers) right.
func writeTable(b *strings.Builder, rows [][]string, left int) {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		line := " "
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			if i < left {
				line += " " + cell + pad + " "
			} else {
				line += " " + pad + cell + " "
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}
