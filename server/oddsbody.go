package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/odds"
)

// optionResult is one option's odds, or why there are none. The odds are
// kept as JSON, written once where they were computed (in a worker
// process, or a pool worker's thread): the brief (odds.OptionJSON without
// its full odds) and the full odds (odds.ReportJSON) apart, since the
// full odds of a menu may run to megabytes that the server only passes
// on.
type optionResult struct {
	brief  *odds.OptionJSON
	full   []byte
	reason string
}

// resultOf is the result of an option whose odds are rep.
func resultOf(rep *odds.Report) *optionResult {
	o := odds.NewOptionBrief(odds.HeadlineOf("", rep))
	return &optionResult{brief: &o, full: odds.AppendReportJSON(nil, rep)}
}

// oddsBody writes what a job has computed so far as the API answers it:
// an OddsBody, each option's full odds copied in as they were written
// (never read and written again).
func oddsBody(j *oddsJob) ([]byte, error) {
	state, results := j.snapshot()
	type computed struct {
		brief odds.OptionJSON
		full  []byte
	}
	var done []computed
	pending, refused := []OddsOption{}, []OddsOption{}
	for i, o := range j.options {
		r := results[i]
		switch {
		case r == nil:
			pending = append(pending, OddsOption{Command: o.Command, Label: o.Label})
		case r.brief == nil:
			refused = append(refused, OddsOption{Command: o.Command, Label: o.Label, Reason: r.reason})
		default:
			c := computed{brief: *r.brief, full: r.full}
			c.brief.Command, c.brief.Label = o.Command, o.Label
			done = append(done, c)
		}
	}
	// Ranked as odds.Calculator.All ranks them.
	slices.SortStableFunc(done, func(a, b computed) int { return odds.CompareOptions(&a.brief, &b.brief) })

	var buf bytes.Buffer
	buf.WriteString(`{"version":`)
	buf.WriteString(strconv.FormatInt(j.key.version, 10))
	if err := field(&buf, "status", state); err != nil {
		return nil, err
	}
	menu, err := json.Marshal(odds.MenuJSON{Ruleset: j.ruleset, Actor: j.key.actor, Question: j.question, Policy: j.key.policy, Options: []odds.OptionJSON{}})
	if err != nil {
		return nil, fmt.Errorf("writing the odds' menu: %w", err)
	}
	// The menu's options are written last: its closing "[]}" is left
	// open for them.
	open, ok := bytes.CutSuffix(menu, []byte("[]}"))
	if !ok {
		return nil, fmt.Errorf("writing the odds' menu: its options are not last: %s", excerpt(string(menu), maxDetail))
	}
	buf.WriteString(`,"menu":`)
	buf.Write(open)
	buf.WriteByte('[')
	for i, c := range done {
		if i > 0 {
			buf.WriteByte(',')
		}
		brief, err := json.Marshal(&c.brief)
		if err != nil {
			return nil, fmt.Errorf("writing the odds of %q: %w", c.brief.Command, err)
		}
		if len(c.full) == 0 {
			buf.Write(brief)
			continue
		}
		buf.Write(brief[:len(brief)-1])
		buf.WriteString(`,"odds":`)
		buf.Write(c.full)
		buf.WriteByte('}')
	}
	buf.WriteString(`]}`)
	if err := field(&buf, "pending", pending); err != nil {
		return nil, err
	}
	if err := field(&buf, "refused", refused); err != nil {
		return nil, err
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// field writes ,"name":value into buf.
func field(buf *bytes.Buffer, name string, value any) error {
	data, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("writing the odds' %s: %w", name, err)
	}
	buf.WriteString(`,"` + name + `":`)
	buf.Write(data)
	return nil
}

// gzipFrom is the size from which an odds answer is sent gzipped to a
// client that takes it: a menu's full odds may run to megabytes, which a
// phone at the table reads over the air; a small answer is sent as it is.
const gzipFrom = 32 << 10

// acceptsGzip reports whether an Accept-Encoding header takes gzip (and
// does not refuse it with q=0).
func acceptsGzip(header string) bool {
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// gzipped returns data compressed by gzip, at the speed an answer wants
// rather than the smallest size.
func gzipped(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(data) / 8)
	w, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
