package sim

import (
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// ShardFormat names the format of what a shard writes (ShardFile); Merge
// refuses any other.
const ShardFormat = "fray-sim-shard/1"

// Shard is one of Count disjoint parts of an experiment, Index from 0 to
// Count-1. The experiment's fights, taken point by point of a sweep (fight
// 0 to n-1 at the first value, then at the next), are cut into Count runs
// of as nearly equal length as whole fights allow, and shard Index plays
// the Index-th. Fight i of a point draws from FightSeed(seed, i) whichever
// shard plays it, so the shards together play exactly the fights one run
// of the experiment plays.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// String writes the shard as ParseShard reads it: I/N.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// ParseShard reads a shard written I/N: the I-th (from 0) of N parts.
func ParseShard(spec string) (Shard, error) {
	i, n, ok := strings.Cut(spec, "/")
	index, err1 := strconv.Atoi(strings.TrimSpace(i))
	count, err2 := strconv.Atoi(strings.TrimSpace(n))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("--shard %q: write I/N, the I-th of N parts counted from 0, as in 3/8", spec)
	case count < 1:
		return Shard{}, fmt.Errorf("--shard %s: there must be at least one part, not %d", spec, count)
	case index < 0 || index >= count:
		return Shard{}, fmt.Errorf("--shard %s: the parts of %d are numbered from 0 to %d", spec, count, count-1)
	}
	return Shard{Index: index, Count: count}, nil
}

// Span is the fights From to To-1 at point Point of a sweep (0 without a
// sweep).
type Span struct {
	Point    int
	From, To int64
}

// Spans returns the fights the shard plays of an experiment of points
// values of fights fights each, in order; none when the shard is one of
// more parts than there are fights.
func (s Shard) Spans(points int, fights int64) ([]Span, error) {
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return nil, fmt.Errorf("shard %s is not one of its parts", s)
	}
	if points < 1 || fights < 1 || fights > math.MaxInt64/int64(points) {
		return nil, fmt.Errorf("%d values of %d fights each cannot be shared out", points, fights)
	}
	total := uint64(points) * uint64(fights)
	at := func(k int) int64 { // where part k starts: floor(total*k/Count)
		hi, lo := bits.Mul64(total, uint64(k))
		q, _ := bits.Div64(hi, lo, uint64(s.Count))
		return int64(q)
	}
	var spans []Span
	for u, end := at(s.Index), at(s.Index+1); u < end; {
		point := u / fights
		from := u - point*fights
		to := min(fights, end-point*fights)
		spans = append(spans, Span{Point: int(point), From: from, To: to})
		u = point*fights + to
	}
	return spans, nil
}

// Experiment is what a shard's results are results of: merging refuses
// shards whose experiments differ in anything.
type Experiment struct {
	// Version is the fray that ran it: results of different builds need
	// not agree.
	Version string `json:"version"`
	// Encounter is the encounter as named on the command line and
	// EncounterSHA256 a hash of what it was: the file and the state it
	// loads into, bundled content included.
	Encounter       string `json:"encounter"`
	EncounterSHA256 string `json:"encounter_sha256"`
	Ruleset         string `json:"ruleset"`
	// Seed is the run's seed and Fights how many fights it plays (at each
	// value of a sweep).
	Seed   uint64 `json:"seed"`
	Fights int64  `json:"fights"`
	// Vary is the sweep, as --vary reads it (ParseVary); empty without
	// one.
	Vary string `json:"vary,omitempty"`
	// Policies names the policy of each side named by the encounter's
	// sim: block or --policy.
	Policies     map[string]string `json:"policies,omitempty"`
	MaxDecisions int               `json:"max_decisions"`
}

// Points returns how many values the experiment runs the encounter at (1
// without a sweep) and its sweep, or nil.
func (e *Experiment) Points() (int, *Vary, error) {
	if e.Vary == "" {
		return 1, nil, nil
	}
	v, err := ParseVary(e.Vary)
	if err != nil {
		return 0, nil, err
	}
	return len(v.Values), v, nil
}

// differs names what differs between two experiments, or "".
func (e *Experiment) differs(f *Experiment) string {
	var d []string
	field := func(name string, a, b any) {
		if a != b {
			d = append(d, fmt.Sprintf("%s %v and %v", name, quoted(a), quoted(b)))
		}
	}
	field("version", e.Version, f.Version)
	field("encounter", e.Encounter, f.Encounter)
	field("encounter hash", e.EncounterSHA256, f.EncounterSHA256)
	field("ruleset", e.Ruleset, f.Ruleset)
	field("seed", e.Seed, f.Seed)
	field("fights", e.Fights, f.Fights)
	field("sweep", e.Vary, f.Vary)
	field("policies", policyList(e.Policies), policyList(f.Policies))
	field("max decisions", e.MaxDecisions, f.MaxDecisions)
	return strings.Join(d, ", ")
}

// quoted quotes text, so that an empty value shows.
func quoted(v any) any {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return v
}

// policyList writes policies by side as SIDE=NAME, sorted by side.
func policyList(p map[string]string) string {
	var l []string
	for side, name := range p {
		l = append(l, side+"="+name)
	}
	slices.Sort(l)
	return strings.Join(l, " ")
}

// ShardFile is what a shard writes (fray sim --shard I/N --json): the
// experiment, which shard it is, and the partial results of each value of
// the sweep it played fights of.
type ShardFile struct {
	// Format is ShardFormat.
	Format     string     `json:"format"`
	Experiment Experiment `json:"experiment"`
	Shard      Shard      `json:"shard"`
	Parts      []Part     `json:"parts"`
}

// Part is a shard's fights at one value of a sweep (or of the
// experiment, without one).
type Part struct {
	// Point is the value's place in the sweep, from 0 (0 without one);
	// Value, the value itself, is there for people to read.
	Point   int      `json:"point"`
	Value   any      `json:"value,omitempty"`
	Partial *Partial `json:"partial"`
}

// WriteJSON writes the shard's file as indented JSON.
func (f *ShardFile) WriteJSON(w io.Writer) error {
	return writeJSON(w, f)
}

// NamedShard is a shard's file and the name it goes by in messages.
type NamedShard struct {
	Name string
	File *ShardFile
}

// Merged is what the shards of an experiment merge into: the report of
// one run of its fights, or, for a sweep, the sweep.
type Merged struct {
	Report *Report
	Sweep  *Sweep
}

// Merge merges the files of every shard of one experiment into the report
// (or sweep) one run of the experiment gives, identical to the last digit:
// the shards' totals add up to one run's. It refuses, naming the files,
// shards of different experiments, a shard given twice, missing shards,
// and a file whose parts are not those of its shard.
func Merge(shards []NamedShard) (*Merged, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("no shards to merge")
	}
	for _, s := range shards {
		if s.File.Format != ShardFormat {
			return nil, fmt.Errorf("%s: not a shard of fray sim (format %q, want %q)", s.Name, s.File.Format, ShardFormat)
		}
	}
	first := shards[0]
	exp := &first.File.Experiment
	count := first.File.Shard.Count
	for _, s := range shards[1:] {
		if d := exp.differs(&s.File.Experiment); d != "" {
			return nil, fmt.Errorf("%s and %s are shards of different experiments: %s", first.Name, s.Name, d)
		}
		if s.File.Shard.Count != count {
			return nil, fmt.Errorf("%s is one of %d shards, %s one of %d", first.Name, count, s.Name, s.File.Shard.Count)
		}
	}
	points, vary, err := exp.Points()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", first.Name, err)
	}
	byIndex := map[int]string{}
	perPoint := make([][]*Partial, points)
	for _, s := range shards {
		sh := s.File.Shard
		spans, err := sh.Spans(points, exp.Fights)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		if other, dup := byIndex[sh.Index]; dup {
			if other == s.Name {
				return nil, fmt.Errorf("%s (shard %s) is given twice", other, sh)
			}
			return nil, fmt.Errorf("%s and %s are both shard %s", other, s.Name, sh)
		}
		byIndex[sh.Index] = s.Name
		if err := checkParts(s.File, spans); err != nil {
			return nil, fmt.Errorf("%s (shard %s): %w", s.Name, sh, err)
		}
		for _, p := range s.File.Parts {
			perPoint[p.Point] = append(perPoint[p.Point], p.Partial)
		}
	}
	if len(byIndex) < count {
		var missing []int
		for i := range count {
			if _, ok := byIndex[i]; !ok {
				missing = append(missing, i)
			}
		}
		what := "shards %s of %d are missing"
		if len(missing) == 1 {
			what = "shard %s/%d is missing"
		}
		return nil, fmt.Errorf(what+" (%d of the %d given)", runs(missing), count, len(byIndex), count)
	}
	reports := make([]*Report, points)
	for i, parts := range perPoint {
		p, err := MergePartials(parts...)
		if err != nil {
			return nil, err
		}
		if p.From != 0 || p.To != exp.Fights {
			return nil, fmt.Errorf("the shards cover fights %d to %d of %d", p.From, p.To-1, exp.Fights)
		}
		reports[i] = p.Report()
	}
	if vary == nil {
		return &Merged{Report: reports[0]}, nil
	}
	s := &Sweep{Encounter: exp.Encounter, Ruleset: exp.Ruleset, Path: vary.Path, Fights: exp.Fights, Seed: exp.Seed}
	for i, r := range reports {
		s.Points = append(s.Points, Point{Value: vary.Values[i], Report: r})
	}
	return &Merged{Sweep: s}, nil
}

// checkParts checks that a shard's parts are the spans it plays, each
// played to its end, of its experiment.
func checkParts(f *ShardFile, spans []Span) error {
	if len(f.Parts) != len(spans) {
		return fmt.Errorf("%d parts, but the shard plays fights at %d values", len(f.Parts), len(spans))
	}
	exp := &f.Experiment
	for i, part := range f.Parts {
		sp, p := spans[i], part.Partial
		if p == nil {
			return fmt.Errorf("part %d has no results", i)
		}
		if part.Point != sp.Point || p.From != sp.From || p.To != sp.To {
			return fmt.Errorf("part %d is fights %d to %d at value %d, but the shard plays fights %d to %d at value %d",
				i, p.From, p.To-1, part.Point, sp.From, sp.To-1, sp.Point)
		}
		if p.Seed != exp.Seed || p.Ruleset != exp.Ruleset || p.Encounter != exp.Encounter {
			return fmt.Errorf("part %d is of %s (%s) with seed %d, not of the experiment's %s (%s) with seed %d",
				i, p.Encounter, p.Ruleset, p.Seed, exp.Encounter, exp.Ruleset, exp.Seed)
		}
		if err := p.check(); err != nil {
			return fmt.Errorf("part %d: %w", i, err)
		}
	}
	return nil
}

// runs writes sorted numbers, runs of consecutive ones as FROM-TO: "2, 5-7".
func runs(ns []int) string {
	var out []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if j > i {
			out = append(out, fmt.Sprintf("%d-%d", ns[i], ns[j]))
		} else {
			out = append(out, strconv.Itoa(ns[i]))
		}
		i = j + 1
	}
	return strings.Join(out, ", ")
}
