package sim_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/rules/blackpowder"
	"fray/scenario/scenariotest"
	"fray/sim"
)

// TestShardSpans checks how shards cut an experiment: 3 values of 10
// fights, 30 in all, in 4 shards cut at 7, 15 and 22.
func TestShardSpans(t *testing.T) {
	want := [][]sim.Span{
		{{Point: 0, From: 0, To: 7}},
		{{Point: 0, From: 7, To: 10}, {Point: 1, From: 0, To: 5}},
		{{Point: 1, From: 5, To: 10}, {Point: 2, From: 0, To: 2}},
		{{Point: 2, From: 2, To: 10}},
	}
	for i, w := range want {
		got, err := sim.Shard{Index: i, Count: 4}.Spans(3, 10)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, w) {
			t.Errorf("shard %d/4: %+v, want %+v", i, got, w)
		}
	}
	// More shards than fights: some play nothing, the rest one fight each.
	var played []sim.Span
	for i := range 5 {
		spans, err := sim.Shard{Index: i, Count: 5}.Spans(1, 2)
		if err != nil {
			t.Fatal(err)
		}
		played = append(played, spans...)
	}
	if w := []sim.Span{{0, 0, 1}, {0, 1, 2}}; !slices.Equal(played, w) {
		t.Errorf("2 fights in 5 shards: %+v, want %+v", played, w)
	}
}

// TestShardsTile checks that the shards of an experiment play every fight
// of every value once, for many ways of cutting it, up to sizes where
// total*index overflows 64 bits.
func TestShardsTile(t *testing.T) {
	for _, c := range []struct {
		points int
		fights int64
	}{{1, 1}, {1, 1000}, {7, 13}, {10, 1_000_000}, {1000, 1 << 52}} {
		for _, n := range []int{1, 2, 3, 8, 64, 1001} {
			next := make([]int64, c.points) // the next fight expected at each value
			for i := range n {
				spans, err := sim.Shard{Index: i, Count: n}.Spans(c.points, c.fights)
				if err != nil {
					t.Fatal(err)
				}
				for _, sp := range spans {
					if sp.From != next[sp.Point] || sp.To <= sp.From || sp.To > c.fights {
						t.Fatalf("%d values of %d, shard %d/%d: span %+v, want one from %d", c.points, c.fights, i, n, sp, next[sp.Point])
					}
					next[sp.Point] = sp.To
				}
			}
			for p, got := range next {
				if got != c.fights {
					t.Fatalf("%d values of %d in %d shards: value %d played to %d", c.points, c.fights, n, p, got)
				}
			}
		}
	}
}

func TestParseShard(t *testing.T) {
	if s, err := sim.ParseShard("3/8"); err != nil || s != (sim.Shard{Index: 3, Count: 8}) || s.String() != "3/8" {
		t.Errorf("3/8: %+v, %v", s, err)
	}
	for spec, want := range map[string]string{
		"8/8":  "the parts of 8 are numbered from 0 to 7",
		"-1/8": "numbered from 0 to 7",
		"0/0":  "at least one part, not 0",
		"3":    "write I/N",
		"a/b":  "write I/N",
	} {
		if _, err := sim.ParseShard(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
}

// partial plays fights from to to-1 of alley_fight with seed 5.
func partial(t *testing.T, from, to, workers int) *sim.Partial {
	t.Helper()
	p, err := sim.For(blackpowder.Rules{}).SimulatePartial(demo(t, "alley_fight"), sim.Options{
		Name: "alley_fight", First: from, Fights: to - from, Seed: 5, Workers: workers,
		Policies: map[string]string{"thugs": "random"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMergePartials: the partials of fights 0-299, 300-611 and 612-999,
// played on different numbers of workers and merged in any order, report
// exactly what one run of the 1000 fights reports.
func TestMergePartials(t *testing.T) {
	whole := partial(t, 0, 1000, 2)
	a, b, c := partial(t, 0, 300, 1), partial(t, 300, 612, 3), partial(t, 612, 1000, 2)
	merged, err := sim.MergePartials(c, a, b)
	if err != nil {
		t.Fatal(err)
	}
	want := jsonOf(t, whole.Report())
	if got := jsonOf(t, merged.Report()); !bytes.Equal(got, want) {
		t.Fatalf("merged:\n%s\nwant:\n%s", got, want)
	}
	if a.Totals.Fights != 300 || bytes.Equal(jsonOf(t, a.Report()), want) {
		t.Errorf("a part reports %d fights", a.Totals.Fights)
	}
	for _, tt := range []struct {
		parts []*sim.Partial
		want  string
	}{
		{[]*sim.Partial{a, c}, "no partial result has fights 300 to 611"},
		{[]*sim.Partial{a, partial(t, 200, 612, 1)}, "fights 200 to 299 are counted twice"},
		{[]*sim.Partial{a, b, b}, "fights 300 to 611 are counted twice"},
		{nil, "no partial results to merge"},
	} {
		if _, err := sim.MergePartials(tt.parts...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v, want %q", err, tt.want)
		}
	}
	other := *b
	other.Seed = 6
	if _, err := sim.MergePartials(a, &other); err == nil || !strings.Contains(err.Error(), "fights 0 to 299 and fights 300 to 611 are of different experiments: seed 5 and 6") {
		t.Errorf("another seed: %v", err)
	}
	cut := *b
	cut.Totals = &sim.Totals{}
	*cut.Totals = *b.Totals
	cut.Totals.Fights--
	if _, err := sim.MergePartials(a, &cut); err == nil || !strings.Contains(err.Error(), "fights 300 to 611 are 312 fights, but the totals count 311") {
		t.Errorf("a span not played to its end: %v", err)
	}
}

// shardFiles plays an experiment of alley_fight (100 fights, seed 5) as n
// shards, the way fray sim --shard does, and returns their files.
func shardFiles(t *testing.T, n int) []sim.NamedShard {
	t.Helper()
	exp := sim.Experiment{Version: "test", Encounter: "alley_fight", EncounterSHA256: "abc", Ruleset: "blackpowder", Seed: 5, Fights: 100, MaxDecisions: 10_000}
	var out []sim.NamedShard
	for i := range n {
		sh := sim.Shard{Index: i, Count: n}
		spans, err := sh.Spans(1, exp.Fights)
		if err != nil {
			t.Fatal(err)
		}
		f := &sim.ShardFile{Format: sim.ShardFormat, Experiment: exp, Shard: sh, Parts: []sim.Part{}}
		for _, sp := range spans {
			p, err := sim.For(blackpowder.Rules{}).SimulatePartial(demo(t, "alley_fight"), sim.Options{
				Name: "alley_fight", First: int(sp.From), Fights: int(sp.To - sp.From), Seed: 5,
			})
			if err != nil {
				t.Fatal(err)
			}
			f.Parts = append(f.Parts, sim.Part{Point: sp.Point, Partial: p})
		}
		// Through JSON and back, as the files are read.
		var b bytes.Buffer
		if err := f.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		var back sim.ShardFile
		dec := json.NewDecoder(&b)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&back); err != nil {
			t.Fatal(err)
		}
		out = append(out, sim.NamedShard{Name: "s" + sh.String(), File: &back})
	}
	return out
}

// TestMerge merges the shards of an experiment into the report of one run
// and refuses, naming the files, shards that do not make up one.
func TestMerge(t *testing.T) {
	whole, err := sim.For(blackpowder.Rules{}).Simulate(demo(t, "alley_fight"), sim.Options{Name: "alley_fight", Fights: 100, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	shards := shardFiles(t, 3)
	m, err := sim.Merge([]sim.NamedShard{shards[2], shards[0], shards[1]})
	if err != nil {
		t.Fatal(err)
	}
	if m.Sweep != nil || !bytes.Equal(jsonOf(t, m.Report), jsonOf(t, whole)) {
		t.Fatalf("merged:\n%s\nwant:\n%s", jsonOf(t, m.Report), jsonOf(t, whole))
	}

	seeded := shardFiles(t, 3)[1]
	seeded.Name = "other"
	seeded.File.Experiment.Seed = 6
	recount := shardFiles(t, 4)[3]
	moved := shardFiles(t, 3)[1]
	moved.File.Parts[0].Partial.From++
	foreign := shardFiles(t, 3)[2]
	foreign.File.Format = "something/1"
	for _, tt := range []struct {
		shards []sim.NamedShard
		want   string
	}{
		{[]sim.NamedShard{shards[0], shards[2]}, "shard 1/3 is missing (2 of the 3 given)"},
		{[]sim.NamedShard{shards[1]}, "shards 0, 2 of 3 are missing (1 of the 3 given)"},
		{[]sim.NamedShard{shards[0], shards[1], shards[1], shards[2]}, "s1/3 (shard 1/3) is given twice"},
		{[]sim.NamedShard{shards[0], {Name: "copy", File: shards[0].File}}, "s0/3 and copy are both shard 0/3"},
		{[]sim.NamedShard{shards[0], seeded, shards[2]}, "s0/3 and other are shards of different experiments: seed 5 and 6"},
		{[]sim.NamedShard{shards[0], recount}, "s0/3 is one of 3 shards, s3/4 one of 4"},
		{[]sim.NamedShard{shards[0], moved, shards[2]}, "s1/3 (shard 1/3): part 0 is fights 34 to 65 at value 0, but the shard plays fights 33 to 65 at value 0"},
		{[]sim.NamedShard{shards[0], foreign}, `s2/3: not a shard of fray sim (format "something/1", want "fray-sim-shard/1")`},
		{nil, "no shards to merge"},
	} {
		if _, err := sim.Merge(tt.shards); err == nil || err.Error() != tt.want {
			t.Errorf("%v\nwant %s", err, tt.want)
		}
	}
}

// TestMergeSweep merges the shards of a sweep, whose values come from the
// experiment's --vary, into the sweep one run gives.
func TestMergeSweep(t *testing.T) {
	reg, err := engine.NewRegistry(blackpowder.Info())
	if err != nil {
		t.Fatal(err)
	}
	vary, err := sim.ParseVary("combatants[1].evade=5..7")
	if err != nil {
		t.Fatal(err)
	}
	data := blackpowder.Info().Content()["tavern_brawl"]
	exp := sim.Experiment{Version: "test", Encounter: "tavern_brawl", Ruleset: "blackpowder", Seed: 3, Fights: 50, Vary: vary.Path + "=5..7"}
	whole := &sim.Sweep{Encounter: "tavern_brawl", Ruleset: "blackpowder", Path: vary.Path, Fights: 50, Seed: 3}
	tables := make([]engine.Table, len(vary.Values))
	for i, v := range vary.Values {
		varied, err := vary.Apply(reg, data, v)
		if err != nil {
			t.Fatal(err)
		}
		tables[i] = scenariotest.Table(t, blackpowder.Info(), "tavern_brawl", varied)
		r, err := sim.For(blackpowder.Rules{}).Simulate(tables[i], sim.Options{Name: "tavern_brawl", Fights: 50, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		whole.Points = append(whole.Points, sim.Point{Value: v, Report: r})
	}
	var shards []sim.NamedShard
	for i := range 4 {
		sh := sim.Shard{Index: i, Count: 4}
		spans, err := sh.Spans(len(vary.Values), 50)
		if err != nil {
			t.Fatal(err)
		}
		f := &sim.ShardFile{Format: sim.ShardFormat, Experiment: exp, Shard: sh}
		for _, sp := range spans {
			p, err := sim.For(blackpowder.Rules{}).SimulatePartial(tables[sp.Point], sim.Options{Name: "tavern_brawl", First: int(sp.From), Fights: int(sp.To - sp.From), Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			f.Parts = append(f.Parts, sim.Part{Point: sp.Point, Partial: p})
		}
		shards = append(shards, sim.NamedShard{Name: sh.String(), File: f})
	}
	m, err := sim.Merge(shards)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := m.Sweep.WriteJSON(&got); err != nil {
		t.Fatal(err)
	}
	if err := whole.WriteJSON(&want); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("merged:\n%s\nwant:\n%s", got.String(), want.String())
	}
}
