package odds

import "math/big"

// ReportJSON is the JSON form of a Report, as "fray odds --encounter
// --json" writes it and as a server may send it. Every probability is
// given as a float ("p", "hit", "down"...) and as an exact fraction in
// lowest terms ("fraction": "7/10"); the outcomes' fractions and the
// uncovered one add up to exactly 1. NewReportJSON builds one; Encounter
// and Notes are for the caller to fill.
type ReportJSON struct {
	// Encounter names the encounter the odds are of, when there is one.
	Encounter string `json:"encounter,omitempty"`
	Ruleset   string `json:"ruleset"`
	Actor     string `json:"actor"`
	Command   string `json:"command"`
	Question  string `json:"question"`
	Policy    string `json:"policy"`
	// Notes say what a reader should know about how the state came about
	// (the scenario whose script was played, say).
	Notes []string `json:"notes,omitempty"`
	// Hit is the probability of the tag "hit". Target is the combatant
	// the command does most to (Report.Target), with its probability of
	// going down and its expected damage; they are left out when the
	// command affects nobody else.
	Hit                          float64  `json:"hit"`
	HitFraction                  string   `json:"hit_fraction"`
	Target                       string   `json:"target,omitempty"`
	TargetDown                   *float64 `json:"target_down,omitempty"`
	TargetDownFraction           string   `json:"target_down_fraction,omitempty"`
	TargetExpectedDamage         *float64 `json:"target_expected_damage,omitempty"`
	TargetExpectedDamageFraction string   `json:"target_expected_damage_fraction,omitempty"`
	// Status is Report.Status: "exact", "partial" or "estimate".
	// Estimate, for an estimate, says how many samples it took, from
	// which seed, and why; the intervals are then the 95% intervals of
	// the headline figures (Report.Interval, Report.MeanInterval).
	Status                       string        `json:"status"`
	Estimate                     *EstimateJSON `json:"estimate,omitempty"`
	HitInterval                  *[2]float64   `json:"hit_interval,omitempty"`
	TargetDownInterval           *[2]float64   `json:"target_down_interval,omitempty"`
	TargetExpectedDamageInterval *[2]float64   `json:"target_expected_damage_interval,omitempty"`
	// Paths and Situations are Report.Paths and Report.Situations.
	Paths      int `json:"paths"`
	Situations int `json:"situations"`
	// Uncovered is the probability left out, and Limits why.
	Uncovered         float64         `json:"uncovered"`
	UncoveredFraction string          `json:"uncovered_fraction"`
	Limits            []LimitJSON     `json:"limits,omitempty"`
	Tags              []TagJSON       `json:"tags"`
	Combatants        []CombatantJSON `json:"combatants"`
	Answered          []AnswerJSON    `json:"answered"`
	Outcomes          []OutcomeJSON   `json:"outcomes"`
}

// EstimateJSON is the JSON form of an Estimate: Confidence is that of
// the intervals, 0.95.
type EstimateJSON struct {
	Samples    int     `json:"samples"`
	Seed       uint64  `json:"seed"`
	Reason     string  `json:"reason"`
	Confidence float64 `json:"confidence"`
	// ExactShare is the share of the probability had exactly, the rest
	// estimated (Estimate.Exact); absent when the whole is estimated.
	ExactShare float64 `json:"exact_share,omitempty"`
}

// LimitJSON is the JSON form of a Limit.
type LimitJSON struct {
	Reason   string  `json:"reason"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

// TagJSON is the JSON form of a TagOdds.
type TagJSON struct {
	Tag      string  `json:"tag"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

// CombatantJSON is the JSON form of a CombatantOdds.
type CombatantJSON struct {
	ID                 string          `json:"id"`
	Before             string          `json:"before"`
	MeanDamage         float64         `json:"mean_damage"`
	MeanDamageFraction string          `json:"mean_damage_fraction"`
	Down               float64         `json:"down"`
	DownFraction       string          `json:"down_fraction"`
	Damage             []ValueJSON     `json:"damage"`
	Conditions         []ConditionJSON `json:"conditions"`
}

// ValueJSON is the JSON form of a ValueOdds.
type ValueJSON struct {
	Value    int     `json:"value"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

// ConditionJSON is the JSON form of a ConditionOdds.
type ConditionJSON struct {
	Condition string  `json:"condition"`
	Down      bool    `json:"down"`
	P         float64 `json:"p"`
	Fraction  string  `json:"fraction"`
}

// AnswerJSON is the JSON form of an Answer.
type AnswerJSON struct {
	Actor    string  `json:"actor"`
	Kind     string  `json:"kind"`
	Question string  `json:"question"`
	Command  string  `json:"command"`
	Label    string  `json:"label,omitempty"`
	By       string  `json:"by"`
	P        float64 `json:"p"`
	Fraction string  `json:"fraction"`
}

// OutcomeJSON is the JSON form of an Outcome; Tags and Effects are empty
// lists, never null.
type OutcomeJSON struct {
	P        float64      `json:"p"`
	Fraction string       `json:"fraction"`
	Tags     []string     `json:"tags"`
	Effects  []EffectJSON `json:"effects"`
}

// EffectJSON is the JSON form of an Effect.
type EffectJSON struct {
	Combatant string `json:"combatant"`
	Damage    int    `json:"damage"`
	Before    string `json:"before"`
	Condition string `json:"condition"`
	Down      bool   `json:"down"`
}

// float returns r as the nearest float64.
func float(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// NewReportJSON returns the JSON form of r, with its lists empty rather
// than null.
func NewReportJSON(r *Report) ReportJSON {
	out := ReportJSON{
		Ruleset: r.Ruleset, Actor: r.Actor, Command: r.Command, Question: r.Question, Policy: r.Policy,
		Paths: r.Paths, Situations: r.Situations,
		Uncovered: float(r.Uncovered), UncoveredFraction: r.Uncovered.String(),
		Tags: []TagJSON{}, Combatants: []CombatantJSON{}, Answered: []AnswerJSON{}, Outcomes: []OutcomeJSON{},
	}
	hit := r.TagP("hit")
	out.Hit, out.HitFraction = float(hit), hit.String()
	out.Status = string(r.Status())
	if e := r.Estimate; e != nil {
		out.Estimate = &EstimateJSON{Samples: e.Samples, Seed: e.Seed, Reason: e.Reason, Confidence: 0.95, ExactShare: e.Exact}
		out.HitInterval = interval(r.Interval(hit))
	}
	if t := r.Target(); t != nil {
		down, dmg := float(t.Down), float(t.MeanDamage)
		out.Target = t.Combatant
		out.TargetDown, out.TargetDownFraction = &down, t.Down.String()
		out.TargetExpectedDamage, out.TargetExpectedDamageFraction = &dmg, t.MeanDamage.String()
		if r.Estimate != nil {
			out.TargetDownInterval = interval(r.Interval(t.Down))
			out.TargetExpectedDamageInterval = interval(r.MeanInterval(t))
		}
	}
	for _, l := range r.Limits {
		out.Limits = append(out.Limits, LimitJSON{Reason: l.Reason, P: float(l.P), Fraction: l.P.String()})
	}
	for _, t := range r.Tags {
		out.Tags = append(out.Tags, TagJSON{Tag: t.Tag, P: float(t.P), Fraction: t.P.String()})
	}
	for _, c := range r.Combatants {
		cj := CombatantJSON{ID: c.Combatant, Before: c.Before, MeanDamage: float(c.MeanDamage), MeanDamageFraction: c.MeanDamage.String(),
			Down: float(c.Down), DownFraction: c.Down.String()}
		for _, d := range c.Damage {
			cj.Damage = append(cj.Damage, ValueJSON{Value: d.Value, P: float(d.P), Fraction: d.P.String()})
		}
		for _, k := range c.Conditions {
			cj.Conditions = append(cj.Conditions, ConditionJSON{Condition: k.Condition, Down: k.Down, P: float(k.P), Fraction: k.P.String()})
		}
		out.Combatants = append(out.Combatants, cj)
	}
	for _, a := range r.Answered {
		out.Answered = append(out.Answered, AnswerJSON{Actor: a.Actor, Kind: a.Kind, Question: a.Question, Command: a.Command,
			Label: a.Label, By: a.By, P: float(a.P), Fraction: a.P.String()})
	}
	for _, o := range r.Outcomes {
		j := OutcomeJSON{P: float(o.P), Fraction: o.P.String(), Tags: o.Tags, Effects: []EffectJSON{}}
		if j.Tags == nil {
			j.Tags = []string{}
		}
		for _, e := range o.Effects {
			j.Effects = append(j.Effects, EffectJSON{Combatant: e.Combatant, Damage: e.Damage, Before: e.Before, Condition: e.Condition, Down: e.Down})
		}
		out.Outcomes = append(out.Outcomes, j)
	}
	return out
}

// interval returns lo and hi as a pair.
func interval(lo, hi float64) *[2]float64 { return &[2]float64{lo, hi} }

// MenuJSON is the JSON form of a Menu, as "fray odds --encounter --all
// --json" writes it. NewMenuJSON builds one; Encounter and Notes are for
// the caller to fill, as in ReportJSON.
type MenuJSON struct {
	Encounter string       `json:"encounter,omitempty"`
	Ruleset   string       `json:"ruleset"`
	Actor     string       `json:"actor"`
	Question  string       `json:"question"`
	Policy    string       `json:"policy"`
	Notes     []string     `json:"notes,omitempty"`
	Options   []OptionJSON `json:"options"`
}

// OptionJSON is the JSON form of a Headline: one option in brief, with its
// full odds under Odds. Status is "exact", "partial", "estimate" or
// "refused"; a refused option has its Refusal and no Odds. An estimate
// has the 95% intervals of its figures.
type OptionJSON struct {
	Command                      string      `json:"command"`
	Label                        string      `json:"label"`
	Status                       string      `json:"status"`
	Refusal                      string      `json:"refusal,omitempty"`
	Samples                      int         `json:"samples,omitempty"`
	HitInterval                  *[2]float64 `json:"hit_interval,omitempty"`
	TargetDownInterval           *[2]float64 `json:"target_down_interval,omitempty"`
	TargetExpectedDamageInterval *[2]float64 `json:"target_expected_damage_interval,omitempty"`
	Uncovered                    float64     `json:"uncovered"`
	Hit                          float64     `json:"hit"`
	HitFraction                  string      `json:"hit_fraction"`
	Target                       string      `json:"target,omitempty"`
	Down                         float64     `json:"target_down"`
	DownFraction                 string      `json:"target_down_fraction"`
	ExpectedDamage               float64     `json:"target_expected_damage"`
	ExpectedDamageFraction       string      `json:"target_expected_damage_fraction"`
	Odds                         *ReportJSON `json:"odds,omitempty"`
}

// NewMenuJSON returns the JSON form of m, of an encounter of the ruleset
// ruleset.
func NewMenuJSON(ruleset string, m *Menu) MenuJSON {
	out := MenuJSON{Ruleset: ruleset, Actor: m.Actor, Question: m.Question, Policy: m.Policy,
		Options: make([]OptionJSON, 0, len(m.Options))}
	for _, h := range m.Options {
		out.Options = append(out.Options, NewOptionJSON(h))
	}
	return out
}

// NewOptionJSON returns the JSON form of one option's headline, its full
// odds under Odds.
func NewOptionJSON(h Headline) OptionJSON {
	o := NewOptionBrief(h)
	if h.Report != nil {
		r := NewReportJSON(h.Report)
		o.Odds = &r
	}
	return o
}

// NewOptionBrief returns the JSON form of one option's headline without
// its full odds (Odds nil), for a caller that writes them apart
// (AppendReportJSON).
func NewOptionBrief(h Headline) OptionJSON {
	o := OptionJSON{
		Command: h.Command, Label: h.Label, Status: string(h.Status), Refusal: h.Refusal,
		Hit: float(h.Hit), HitFraction: h.Hit.String(), Target: h.Target,
		Down: float(h.Down), DownFraction: h.Down.String(),
		ExpectedDamage: float(h.ExpectedDamage), ExpectedDamageFraction: h.ExpectedDamage.String(),
	}
	if r := h.Report; r != nil {
		o.Uncovered = float(r.Uncovered)
		if r.Estimate != nil {
			o.Samples = r.Estimate.Samples
			o.HitInterval = interval(r.Interval(r.TagP("hit")))
			if t := r.Target(); t != nil {
				o.TargetDownInterval = interval(r.Interval(t.Down))
				o.TargetExpectedDamageInterval = interval(r.MeanInterval(t))
			}
		}
	}
	return o
}

// CompareOptions orders two options of a menu as Menu.Rank orders their
// headlines, from their exact fractions: negative when a comes first. A
// fraction that cannot be read counts as zero.
func CompareOptions(a, b *OptionJSON) int {
	return compareTelling(
		[3]*big.Rat{ratOf(a.DownFraction), ratOf(a.ExpectedDamageFraction), ratOf(a.HitFraction)},
		[3]*big.Rat{ratOf(b.DownFraction), ratOf(b.ExpectedDamageFraction), ratOf(b.HitFraction)})
}

// ratOf reads a fraction ("a/b"), zero when it cannot.
func ratOf(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return new(big.Rat)
	}
	return r
}
