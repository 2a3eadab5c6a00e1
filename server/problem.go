package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/danielgtaylor/huma/v2"

	"fray/dice"
	"fray/engine"
	"fray/store"
)

// problemBase is where the problem types of the API are described: a
// problem's type is problemBase + its code, such as .../conflict.
const problemBase = "https://fray.invalid/problems/"

// Problem is an error as the API answers it: an RFC 9457 problem details
// object (application/problem+json), with the fields fray adds.
type Problem struct {
	huma.ErrorModel
	// Version is the fight's current version, on a conflict: decide again
	// against it.
	Version int64 `json:"version,omitempty" doc:"the fight's current version, on a conflict"`
	// Need says which die the table must roll next, on needs-dice.
	Need *NeedDie `json:"need,omitempty" doc:"the die to roll next, on needs-dice"`
	// Word is the word of a decision's command text the server stopped
	// reading at, on a command it could not read (when the ruleset says
	// where): for a page to underline it.
	Word *Misread `json:"word,omitempty" doc:"the word of the command text the server stopped reading at, on a command it could not read"`
	// retryAfter, when set, is sent as the Retry-After header: whole
	// seconds to wait.
	retryAfter int
}

// GetHeaders gives a problem's headers: Retry-After, when it says to wait
// (huma.HeadersError).
func (p *Problem) GetHeaders() http.Header {
	h := http.Header{}
	if p.retryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(p.retryAfter))
	}
	return h
}

// NeedDie is a physical die the server needs to resolve a decision.
type NeedDie struct {
	// Actor is whose decision the die is for.
	Actor string `json:"actor"`
	// Sides is the die's size: 10 for a d10.
	Sides int `json:"sides"`
	// Number is the die's place among the decision's dice, from 1.
	Number int `json:"number"`
}

// Misread is where in a decision's command text the server stopped
// reading: the word command[At:End], counted in bytes of its UTF-8, and
// the same word counted in UTF-16 code units, as a browser's JavaScript
// counts (command.slice(AtUTF16, EndUTF16)).
type Misread struct {
	// Text is the word, as sent.
	Text string `json:"text" doc:"the word, as sent"`
	// At and End are the byte offsets of the word in the command text.
	At  int `json:"at" doc:"the offset of the word's first byte in the command text (UTF-8), from 0"`
	End int `json:"end" doc:"the offset of the byte after the word's last"`
	// AtUTF16 and EndUTF16 are the offsets of the word in UTF-16 code
	// units.
	AtUTF16  int `json:"at_utf16" doc:"at, counted in UTF-16 code units, as JavaScript indexes strings"`
	EndUTF16 int `json:"end_utf16" doc:"end, counted in UTF-16 code units"`
}

// wherer is an error of reading command text that says where the word it
// stopped at is: text[at:end] (parts.Misread; the server does not import
// the rulesets' parts).
type wherer interface {
	error
	Where() (at, end int)
}

// misread returns where err says reading command stopped, or nil when it
// does not say, or says something that is not a word of command.
func misread(command string, err error) *Misread {
	w, ok := errors.AsType[wherer](err)
	if !ok {
		return nil
	}
	at, end := w.Where()
	if at < 0 || end <= at || end > len(command) || !utf8.ValidString(command[:end]) ||
		!utf8.RuneStart(command[at]) || (end < len(command) && !utf8.RuneStart(command[end])) {
		return nil
	}
	return &Misread{
		Text: command[at:end], At: at, End: end,
		AtUTF16: utf16Len(command[:at]), EndUTF16: utf16Len(command[:end]),
	}
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// refusedCommand is the problem of a decision whose command text was
// refused: p, with the word reading stopped at when err says where, and
// an entry of errors naming the field.
func refusedCommand(p error, command string, err error) error {
	pr, ok := p.(*Problem)
	if !ok || pr.Status != http.StatusUnprocessableEntity {
		return p
	}
	m := misread(command, err)
	if m == nil {
		return p
	}
	pr.Word = m
	pr.Errors = append(pr.Errors, &huma.ErrorDetail{Message: fmt.Sprintf("the command could not be read at %q", m.Text), Location: "body.command", Value: command})
	return pr
}

// describeProblems makes the error responses of every operation of api's
// document a Problem, with the fields fray adds, rather than huma's
// ErrorModel: run once the operations are registered.
func describeProblems(api huma.API) {
	doc := api.OpenAPI()
	if doc.Components == nil || doc.Components.Schemas == nil {
		return
	}
	schema := doc.Components.Schemas.Schema(reflect.TypeFor[Problem](), true, "Problem")
	for _, item := range doc.Paths {
		for _, op := range []*huma.Operation{item.Get, item.Put, item.Post, item.Delete, item.Options, item.Head, item.Patch, item.Trace} {
			if op == nil {
				continue
			}
			for _, resp := range op.Responses {
				if mt := resp.Content["application/problem+json"]; mt != nil && mt.Schema != nil && strings.HasSuffix(mt.Schema.Ref, "/ErrorModel") {
					mt.Schema = schema
				}
			}
		}
	}
}

// ContentType makes every problem application/problem+json.
func (p *Problem) ContentType(string) string { return "application/problem+json" }

// problem returns a problem of the given status and code with a message a
// person can act on.
func problem(status int, code, format string, args ...any) *Problem {
	return &Problem{ErrorModel: huma.ErrorModel{
		Type:   problemBase + code,
		Title:  http.StatusText(status),
		Status: status,
		Detail: fmt.Sprintf(format, args...),
	}}
}

// conflict is the 409 of a decision against a version the fight has left.
func conflict(version int64, format string, args ...any) *Problem {
	p := problem(http.StatusConflict, "conflict", format, args...)
	p.Version = version
	return p
}

// refusal turns an error of deciding or undoing into a problem: the
// engine's refusals by their code, the store's conflicts and the rest as
// internal errors (whose text is logged, not shown).
func refusal(err error, actor string, dieNumber int) error {
	var e *engine.Error
	switch {
	case errors.As(err, &e):
		switch e.Code {
		case engine.NotYourTurn:
			return problem(http.StatusForbidden, string(e.Code), "%s", e.Msg)
		case engine.NeedsDice:
			return needDie(e.Need, actor, dieNumber)
		case engine.Conflict:
			return problem(http.StatusConflict, string(e.Code), "%s", e.Msg)
		}
		return problem(http.StatusUnprocessableEntity, string(e.Code), "%s", e.Msg)
	case errors.Is(err, store.ErrNotFound):
		return problem(http.StatusNotFound, "not-found", "no such fight")
	}
	if need, ok := dice.IsNeed(err); ok {
		return needDie(need, actor, dieNumber)
	}
	return err
}

// needDie is the problem of a decision short of physical dice.
func needDie(need *dice.NeedError, actor string, number int) *Problem {
	sides := 0
	if need != nil {
		sides = need.Sides
	}
	p := problem(http.StatusUnprocessableEntity, "needs-dice", "roll 1d%d for %s's decision (die %d of it) and send the decision again with the dice so far and that one", sides, actor, number)
	p.Need = &NeedDie{Actor: actor, Sides: sides, Number: number}
	return p
}

// maxDetail bounds a problem's detail and maxQuoted each piece of input an
// error of the schema's echoes (the value, location and message of each
// entry of errors): an answer quotes at most a short excerpt of what it
// was sent, however large.
const (
	maxDetail = 1024
	maxQuoted = 200
)

// excerpt returns s if it has at most n bytes, else its first n bytes (cut
// at a character's boundary) and a note of how much was left out.
func excerpt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes more)", s[:cut], len(s)-cut)
}

// codeOf is the code of a problem type for a status, for the problems
// huma makes itself (the schema's refusals) and the router's.
func codeOf(status int) string {
	switch status {
	case http.StatusUnprocessableEntity:
		return "invalid"
	case http.StatusInternalServerError:
		return "internal"
	}
	return strings.ToLower(strings.ReplaceAll(http.StatusText(status), " ", "-"))
}

// bound gives a problem its type, when it has none, and cuts every quote
// of input in it to an excerpt.
func bound(m *huma.ErrorModel) {
	if m.Type == "" && m.Status != 0 {
		m.Type = problemBase + codeOf(m.Status)
	}
	m.Detail = excerpt(m.Detail, maxDetail)
	for _, d := range m.Errors {
		if d == nil {
			continue
		}
		d.Message = excerpt(d.Message, maxQuoted)
		d.Location = excerpt(d.Location, maxQuoted)
		switch v := d.Value.(type) {
		case nil, bool, int, int64, float64:
		case string:
			d.Value = excerpt(v, maxQuoted)
		default:
			if data, err := json.Marshal(v); err != nil || len(data) > maxQuoted {
				d.Value = excerpt(string(data), maxQuoted)
			}
		}
	}
}

// boundErrors is a huma transformer: every problem the API answers with,
// its own and huma's, gets a type and quotes at most an excerpt of input.
// huma's refusal of a body's type says which type to send.
func boundErrors(ctx huma.Context, _ string, v any) (any, error) {
	switch e := v.(type) {
	case *Problem:
		bound(&e.ErrorModel)
	case *huma.ErrorModel:
		if e.Status == http.StatusUnsupportedMediaType {
			e.Detail = fmt.Sprintf("the request's body is JSON or nothing: send it with Content-Type: application/json, not %q", ctx.Header("Content-Type"))
		}
		var said []string
		for _, d := range e.Errors {
			if d == nil {
				continue
			}
			if v, ok := d.Value.(string); ok && d.Message == "invalid integer" {
				d.Message = integerMessage(v)
			}
			if len(said) < 3 {
				said = append(said, excerpt(d.Location, maxQuoted)+": "+excerpt(d.Message, maxQuoted))
			}
		}
		if e.Detail == "validation failed" && len(said) > 0 {
			// huma's detail names nothing: name what and where.
			e.Detail = "the request is not as the API's schema (/openapi.json) has it: " + strings.Join(said, "; ")
			if len(e.Errors) > len(said) {
				e.Detail += fmt.Sprintf("; and %d more (see errors)", len(e.Errors)-len(said))
			}
		}
		bound(e)
	}
	return v, nil
}

// integerMessage says why v, a parameter's value, is no integer the
// parameter takes: out of range, as a body's numbers are (see
// outOfRange), or not written as one (huma says "invalid integer" of
// both).
func integerMessage(v string) string {
	digits := strings.TrimPrefix(v, "-")
	if digits != "" && strings.Trim(digits, "0123456789") == "" {
		return "a number out of range: the API's numbers lie between -9223372036854775808 and 9223372036854775807 (and within each parameter's own bounds, in /openapi.json)"
	}
	return "expected an integer, written in digits alone (such as 250)"
}
