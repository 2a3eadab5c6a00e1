package odds

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
)

// AppendReportJSON appends to b the JSON form of r: the bytes
// json.Marshal(NewReportJSON(r)) writes, written straight from the report
// without building the JSON form first. A server writes the full odds of
// every option of every prompt, and one option's may hold thousands of
// outcomes.
func AppendReportJSON(b []byte, r *Report) []byte {
	b = append(b, `{"ruleset":`...)
	b = appendJSONString(b, r.Ruleset)
	b = append(b, `,"actor":`...)
	b = appendJSONString(b, r.Actor)
	b = append(b, `,"command":`...)
	b = appendJSONString(b, r.Command)
	b = append(b, `,"question":`...)
	b = appendJSONString(b, r.Question)
	b = append(b, `,"policy":`...)
	b = appendJSONString(b, r.Policy)
	hit := r.TagP("hit")
	b = appendOdds(b, `,"hit":`, `,"hit_fraction":`, hit)
	t := r.Target()
	if t != nil {
		if t.Combatant != "" {
			b = append(b, `,"target":`...)
			b = appendJSONString(b, t.Combatant)
		}
		b = appendOdds(b, `,"target_down":`, `,"target_down_fraction":`, t.Down)
		b = appendOdds(b, `,"target_expected_damage":`, `,"target_expected_damage_fraction":`, t.MeanDamage)
	}
	b = append(b, `,"status":`...)
	b = appendJSONString(b, string(r.Status()))
	if e := r.Estimate; e != nil {
		b = append(b, `,"estimate":{"samples":`...)
		b = strconv.AppendInt(b, int64(e.Samples), 10)
		b = append(b, `,"seed":`...)
		b = strconv.AppendUint(b, e.Seed, 10)
		b = append(b, `,"reason":`...)
		b = appendJSONString(b, e.Reason)
		b = append(b, `,"confidence":`...)
		b = appendFloat(b, 0.95)
		if e.Exact != 0 {
			b = append(b, `,"exact_share":`...)
			b = appendFloat(b, e.Exact)
		}
		b = append(b, '}')
		lo, hi := r.Interval(hit)
		b = appendInterval(b, `,"hit_interval":`, lo, hi)
		if t != nil {
			lo, hi = r.Interval(t.Down)
			b = appendInterval(b, `,"target_down_interval":`, lo, hi)
			lo, hi = r.MeanInterval(t)
			b = appendInterval(b, `,"target_expected_damage_interval":`, lo, hi)
		}
	}
	b = append(b, `,"paths":`...)
	b = strconv.AppendInt(b, int64(r.Paths), 10)
	b = append(b, `,"situations":`...)
	b = strconv.AppendInt(b, int64(r.Situations), 10)
	b = appendOdds(b, `,"uncovered":`, `,"uncovered_fraction":`, r.Uncovered)
	if len(r.Limits) > 0 {
		b = append(b, `,"limits":[`...)
		for i, l := range r.Limits {
			b = comma(b, i)
			b = append(b, `{"reason":`...)
			b = appendJSONString(b, l.Reason)
			b = appendOdds(b, `,"p":`, `,"fraction":`, l.P)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"tags":[`...)
	for i, tg := range r.Tags {
		b = comma(b, i)
		b = append(b, `{"tag":`...)
		b = appendJSONString(b, tg.Tag)
		b = appendOdds(b, `,"p":`, `,"fraction":`, tg.P)
		b = append(b, '}')
	}
	b = append(b, `],"combatants":[`...)
	for i, c := range r.Combatants {
		b = comma(b, i)
		b = append(b, `{"id":`...)
		b = appendJSONString(b, c.Combatant)
		b = append(b, `,"before":`...)
		b = appendJSONString(b, c.Before)
		b = appendOdds(b, `,"mean_damage":`, `,"mean_damage_fraction":`, c.MeanDamage)
		b = appendOdds(b, `,"down":`, `,"down_fraction":`, c.Down)
		b = append(b, `,"damage":`...)
		if len(c.Damage) == 0 {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			for j, d := range c.Damage {
				b = comma(b, j)
				b = append(b, `{"value":`...)
				b = strconv.AppendInt(b, int64(d.Value), 10)
				b = appendOdds(b, `,"p":`, `,"fraction":`, d.P)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, `,"conditions":`...)
		if len(c.Conditions) == 0 {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			for j, k := range c.Conditions {
				b = comma(b, j)
				b = append(b, `{"condition":`...)
				b = appendJSONString(b, k.Condition)
				b = append(b, `,"down":`...)
				b = strconv.AppendBool(b, k.Down)
				b = appendOdds(b, `,"p":`, `,"fraction":`, k.P)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	b = append(b, `],"answered":[`...)
	for i, a := range r.Answered {
		b = comma(b, i)
		b = append(b, `{"actor":`...)
		b = appendJSONString(b, a.Actor)
		b = append(b, `,"kind":`...)
		b = appendJSONString(b, a.Kind)
		b = append(b, `,"question":`...)
		b = appendJSONString(b, a.Question)
		b = append(b, `,"command":`...)
		b = appendJSONString(b, a.Command)
		if a.Label != "" {
			b = append(b, `,"label":`...)
			b = appendJSONString(b, a.Label)
		}
		b = append(b, `,"by":`...)
		b = appendJSONString(b, a.By)
		b = appendOdds(b, `,"p":`, `,"fraction":`, a.P)
		b = append(b, '}')
	}
	b = append(b, `],"outcomes":[`...)
	for i, o := range r.Outcomes {
		b = comma(b, i)
		b = appendOdds(b, `{"p":`, `,"fraction":`, o.P)
		b = append(b, `,"tags":[`...)
		for j, tg := range o.Tags {
			b = comma(b, j)
			b = appendJSONString(b, tg)
		}
		b = append(b, `],"effects":[`...)
		for j, e := range o.Effects {
			b = comma(b, j)
			b = append(b, `{"combatant":`...)
			b = appendJSONString(b, e.Combatant)
			b = append(b, `,"damage":`...)
			b = strconv.AppendInt(b, int64(e.Damage), 10)
			b = append(b, `,"before":`...)
			b = appendJSONString(b, e.Before)
			b = append(b, `,"condition":`...)
			b = appendJSONString(b, e.Condition)
			b = append(b, `,"down":`...)
			b = strconv.AppendBool(b, e.Down)
			b = append(b, '}')
		}
		b = append(b, "]}"...)
	}
	return append(b, "]}"...)
}

// comma appends the comma before the i-th element of a list.
func comma(b []byte, i int) []byte {
	if i > 0 {
		return append(b, ',')
	}
	return b
}

// appendOdds appends a probability (or a mean) as its float, after the
// name pname, and its exact fraction, after fname.
func appendOdds(b []byte, pname, fname string, r *big.Rat) []byte {
	b = append(b, pname...)
	b = appendFloat(b, float(r))
	b = append(b, fname...)
	b = append(b, '"')
	b = r.Num().Append(b, 10)
	b = append(b, '/')
	b = r.Denom().Append(b, 10)
	return append(b, '"')
}

// appendInterval appends a 95% interval as a pair, after name.
func appendInterval(b []byte, name string, lo, hi float64) []byte {
	b = append(b, name...)
	b = append(b, '[')
	b = appendFloat(b, lo)
	b = append(b, ',')
	b = appendFloat(b, hi)
	return append(b, ']')
}

// appendFloat appends f as encoding/json writes a float64.
func appendFloat(b []byte, f float64) []byte {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		// Not a JSON number; json.Marshal refuses it, and no figure of a
		// report is one.
		return append(b, "null"...)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// An exponent as encoding/json writes it: e-7, not e-07.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendJSONString appends s as a JSON string, as encoding/json writes it:
// printable ASCII as it is, and anything else escaped by the encoder
// itself.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			quoted, err := json.Marshal(s)
			if err != nil {
				return append(b, `""`...)
			}
			return append(b, quoted...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
