package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// maxNesting is how deep the arrays and objects of a request's JSON body
// may nest: encoding/json's own limit, which huma would meet later.
const maxNesting = 10000

// jsonBody reports whether huma reads a request's body as JSON: by the
// part of its Content-Type between a + and a ; (application/json,
// application/problem+json; charset=utf-8), or with none. huma refuses
// any other type 415.
func jsonBody(r *http.Request) bool {
	ct := r.Header.Get("Content-Type")
	start := strings.IndexByte(ct, '+') + 1
	end := strings.IndexByte(ct, ';')
	if end == -1 {
		end = len(ct)
	}
	if end < start {
		return false
	}
	switch ct[start:end] {
	case "", "application/json", "json":
		return true
	}
	return false
}

// checkJSON refuses what a JSON request body may hold that the schema's
// checks do not see, or see in Go's words: a body that is not one JSON
// value (400, saying at which byte), an object naming a key twice (which
// encoding/json would read as its last, silently), and a number out of
// the range of the API's numbers (a 64-bit integer's), which huma refuses
// 400 or 422 depending on whether it fits a float64. Each refusal of the
// content is 422 invalid, with an entry of errors at the value's location
// (body.version, body.dice[2]), as the schema's refusals are.
//
// Otherwise it returns the body to read, with every whole number written
// with a fraction or an exponent (1.0, 1e2) written as an integer (1,
// 100): the schema's checks (JSON Schema's integer, judged on a float64)
// take them as integers, and so must the fields they fill, which
// encoding/json would refuse in Go's words; a float field reads the same
// value either way.
func checkJSON(body []byte) ([]byte, *Problem) {
	c := jsonChecker{dec: json.NewDecoder(bytes.NewReader(body)), loc: []byte("body")}
	c.dec.UseNumber()
	p, err := c.value(0)
	if p != nil {
		return nil, p
	}
	if err == nil {
		if _, err = c.dec.Token(); err == nil {
			return nil, problem(http.StatusBadRequest, "bad-request", "the request's body holds more than one JSON value (the second ends at byte %d): send one object", c.dec.InputOffset())
		} else if errors.Is(err, io.EOF) {
			return c.rewritten(body), nil
		}
	}
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		return nil, problem(http.StatusBadRequest, "bad-request", "the request's body is not JSON: %v, at byte %d", se, se.Offset)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, problem(http.StatusBadRequest, "bad-request", "the request's body ends in the middle of a JSON value (after %d bytes): send it whole", len(body))
	}
	return nil, problem(http.StatusBadRequest, "bad-request", "the request's body is not JSON: %v", err)
}

// jsonChecker reads a JSON body for checkJSON: loc is the location of the
// value being read, as huma writes locations (body.dice[2]).
type jsonChecker struct {
	dec *json.Decoder
	loc []byte
	// whole are the whole numbers written otherwise than as integers,
	// to be written as integers.
	whole []wholeNumber
}

// wholeNumber is a number of a body, body[end-len(was):end], to be written
// as the integer is.
type wholeNumber struct {
	end     int64
	was, is string
}

// rewritten returns body with c.whole written as integers (body itself
// when there are none).
func (c *jsonChecker) rewritten(body []byte) []byte {
	if len(c.whole) == 0 {
		return body
	}
	out := make([]byte, 0, len(body))
	at := int64(0)
	for _, w := range c.whole {
		start := w.end - int64(len(w.was))
		out = append(append(out, body[at:start]...), w.is...)
		at = w.end
	}
	return append(out, body[at:]...)
}

// value reads the next value, and the values in it, returning the
// problem of the first refused, or the decoder's error.
func (c *jsonChecker) value(depth int) (*Problem, error) {
	tok, err := c.dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Number:
		if p := outOfRange(v, string(c.loc)); p != nil {
			return p, nil
		}
		if !strings.ContainsAny(string(v), ".eE") {
			return nil, nil
		}
		if is, ok := integer(string(v)); ok {
			c.whole = append(c.whole, wholeNumber{end: c.dec.InputOffset(), was: string(v), is: is})
		}
		return nil, nil
	case json.Delim:
		if depth >= maxNesting {
			return problem(http.StatusBadRequest, "bad-request", "the request's body nests arrays and objects deeper than %d", maxNesting), nil
		}
		n := len(c.loc)
		switch v {
		case '{':
			seen := map[string]bool{}
			for c.dec.More() {
				tok, err := c.dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := tok.(string)
				c.loc = append(append(c.loc[:n], '.'), key...)
				if seen[key] {
					at := string(c.loc)
					p := problem(http.StatusUnprocessableEntity, "invalid", "the request's body names %s twice: send each field once", at)
					p.Errors = []*huma.ErrorDetail{{Message: "a key given twice in one object", Location: at}}
					return p, nil
				}
				seen[key] = true
				if p, err := c.value(depth + 1); p != nil || err != nil {
					return p, err
				}
			}
		case '[':
			for i := 0; c.dec.More(); i++ {
				c.loc = append(strconv.AppendInt(append(c.loc[:n], '['), int64(i), 10), ']')
				if p, err := c.value(depth + 1); p != nil || err != nil {
					return p, err
				}
			}
		}
		c.loc = c.loc[:n]
		_, err := c.dec.Token() // the closing delimiter
		return nil, err
	}
	return nil, nil
}

// outOfRange is the problem of number n at loc when it is beyond a 64-bit
// integer's range (or a float64's), whether written as an integer or not;
// nil when it is within it.
func outOfRange(n json.Number, loc string) *Problem {
	s := string(n)
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return nil
	}
	if strings.ContainsAny(s, ".eE") {
		// Not written as an integer: a fraction, or an exponent, within
		// the range is the schema's to judge.
		if f, err := strconv.ParseFloat(s, 64); err == nil && f > -(1<<63) && f < 1<<63 {
			return nil
		}
	}
	p := problem(http.StatusUnprocessableEntity, "invalid", "the number %s at %s is out of range: the API's numbers lie between -9223372036854775808 and 9223372036854775807 (and within each field's own bounds, in /openapi.json)", excerpt(s, maxQuoted), loc)
	p.Errors = []*huma.ErrorDetail{{Message: "a number out of range", Location: loc, Value: s}}
	return p
}

// integer returns JSON number s written as an integer when its value
// as a float64 (what the schema's checks judge it by) is a whole number
// within a 64-bit integer's range: 1.0 is 1, 1e2 is 100, 1e-500 is 0.
// A float field reads the integer as the same float64.
func integer(s string) (string, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || f <= -(1<<63) || f >= 1<<63 {
		return "", false
	}
	return strconv.FormatInt(int64(f), 10), true
}
