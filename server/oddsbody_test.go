package server

import (
	"encoding/json"
	"reflect"
	"testing"

	"fray/engine"
	"fray/odds"
)

// TestOddsBodyPassesFullOdds: the odds' answer is an OddsBody with each
// computed option's full odds as they were written, the options ranked,
// the pending and refused listed apart.
func TestOddsBodyPassesFullOdds(t *testing.T) {
	j := &oddsJob{
		key:      oddsKey{fight: "f", version: 7, actor: "ann", policy: "tactical"},
		ruleset:  "reference",
		question: `ann's turn: "attack" or defend?`,
		options: []engine.Option[string]{
			{Command: "attack bob", Label: "attack Bob"},
			{Command: "attack dee", Label: "attack Dee"},
			{Command: "feint bob", Label: "feint at Bob"},
			{Command: "defend", Label: "defend"},
		},
		state: oddsComputing,
		results: []*optionResult{
			{brief: &odds.OptionJSON{Status: "exact", HitFraction: "1/2", DownFraction: "1/10", ExpectedDamageFraction: "2/1"}, full: []byte(`{"tags":[{"tag":"hit","fraction":"1/2"}]}`)},
			{brief: &odds.OptionJSON{Status: "estimate", Samples: 400, HitFraction: "3/4", DownFraction: "1/5", ExpectedDamageFraction: "3/1"}, full: []byte(`{"tags":[]}`)},
			nil,
			{reason: "past the budget"},
		},
	}
	data, err := oddsBody(j)
	if err != nil {
		t.Fatal(err)
	}
	var body OddsBody
	if err := json.Unmarshal(data, &body); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	if body.Version != 7 || body.Status != oddsComputing || body.Menu.Actor != "ann" || body.Menu.Question != j.question || body.Menu.Ruleset != "reference" {
		t.Errorf("the answer's head: %s", data)
	}
	var order []string
	for _, o := range body.Menu.Options {
		order = append(order, o.Command+"/"+o.Label)
		if o.Odds == nil || o.Odds.Tags == nil {
			t.Errorf("%s: no full odds: %s", o.Command, data)
		}
	}
	if want := []string{"attack dee/attack Dee", "attack bob/attack Bob"}; !reflect.DeepEqual(order, want) {
		t.Errorf("ranked %v, want %v", order, want)
	}
	if len(body.Pending) != 1 || body.Pending[0].Command != "feint bob" || len(body.Refused) != 1 || body.Refused[0].Reason != "past the budget" {
		t.Errorf("pending %+v, refused %+v", body.Pending, body.Refused)
	}
	var raw struct {
		Menu struct {
			Options []struct {
				Odds json.RawMessage `json:"odds"`
			} `json:"options"`
		} `json:"menu"`
	}
	if err := json.Unmarshal(data, &raw); err != nil || string(raw.Menu.Options[0].Odds) != `{"tags":[]}` {
		t.Errorf("the full odds were not passed on as written: %s", data)
	}
}

// TestAcceptsGzip: which Accept-Encoding headers take a gzipped answer.
func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"gzip": true, "gzip, deflate, br": true, "br;q=1.0, GZIP;q=0.5": true, "deflate, gzip ; q=0.8": true,
		"": false, "br": false, "identity": false, "gzip;q=0": false, "gzip; q=0.000": false, "x-gzip": false,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("%q: %v, want %v", header, got, want)
		}
	}
}
