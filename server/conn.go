package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// MaxHeaderBytes is the most a request's line and headers may take (the
// http.Server's MaxHeaderBytes, which net/http stretches by 4 KiB): past
// it the request is refused with 431, before any handler sees it.
const MaxHeaderBytes = 64 << 10

// Listener returns ln with the refusals net/http answers by itself,
// before any handler sees the request (a request line and headers past
// MaxHeaderBytes: 431; a request it cannot read: 400; a transfer coding
// it does not know: 501; an HTTP version it does not speak: 505; an
// Expect header other than 100-continue: 417), sent
// as problem details like every other error of the API, rather than as
// net/http's plain text. Serve the API's http.Server on it. Over TLS,
// wrap the listener before the TLS one: the refusals are rewritten as
// net/http writes them, in the clear.
func Listener(ln net.Listener) net.Listener { return &problemListener{ln} }

// problemListener is the listener Listener returns.
type problemListener struct{ net.Listener }

// Accept returns the next connection, whose refusals by net/http are
// rewritten.
func (l *problemListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &problemConn{c}, nil
}

// problemConn is a connection whose refusals by net/http are rewritten
// as problem details.
type problemConn struct{ net.Conn }

// plainHeaders are the headers of net/http's own refusals, which it
// writes, status line and all, in one write on the connection; a
// handler's answers always carry a Date, so none matches.
const plainHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// Write writes b, or, when b is one of net/http's own refusals, the same
// refusal as a problem.
func (c *problemConn) Write(b []byte) (int, error) {
	p := plainRefusal(b)
	if p == nil {
		p = expectationFailed(b)
	}
	if p != nil {
		if _, err := c.Conn.Write(p); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return c.Conn.Write(b)
}

// CloseWrite shuts the connection's writing side, as net/http does after
// a 431, when the connection can (a TCP one).
func (c *problemConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom copies r to the connection, with the connection's own
// ReadFrom when it has one (sendfile, for the page's files).
func (c *problemConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, r)
}

// plainRefusal returns b, net/http's refusal "HTTP/1.1 CODE TEXT" with
// plainHeaders and a plain-text body, as the same refusal with a problem
// for its body; nil when b is not such a refusal.
func plainRefusal(b []byte) []byte {
	line, _, ok := bytes.Cut(b, []byte(plainHeaders))
	if !ok || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) || bytes.ContainsAny(line, "\r\n") {
		return nil
	}
	status := string(line[len("HTTP/1.1 "):])
	code, said, _ := strings.Cut(status, " ")
	n, err := strconv.Atoi(code)
	if err != nil || n < 400 || n > 599 || len(code) != 3 {
		return nil
	}
	var p *Problem
	switch n {
	case http.StatusRequestHeaderFieldsTooLarge:
		p = problem(n, "header-too-large", "the request's line and headers are larger than this server takes (%d KiB): send a shorter URL (the token in the Authorization header rather than ?token=) and fewer or shorter headers", MaxHeaderBytes>>10)
	case http.StatusNotImplemented:
		p = problem(n, "not-implemented", "the request's Transfer-Encoding is not one this server reads: send the body as it is, with a Content-Length, or chunked")
	case http.StatusHTTPVersionNotSupported:
		p = problem(n, "http-version-not-supported", "the request's HTTP version is not one this server speaks: use HTTP/1.1")
	default:
		why := "its request line or a header is malformed"
		if _, after, ok := strings.Cut(said, ": "); ok {
			why = after
		}
		p = problem(n, codeOf(n), "the request could not be read as HTTP: %s", why)
	}
	return refusalOf("HTTP/1.1", p)
}

// expectProblem is the problem of a request whose Expect header asks
// for something other than 100-continue, which net/http refuses 417.
func expectProblem() *Problem {
	p := problem(http.StatusExpectationFailed, "expectation-failed", "the request's Expect header asks for something this server does not do: it meets Expect: 100-continue alone; send the request without the header")
	p.Errors = []*huma.ErrorDetail{{Message: "only 100-continue is met", Location: "header.Expect"}}
	return p
}

// expectationFailed returns b, net/http's empty 417 to a request with an
// Expect header other than 100-continue (the status line, Connection:
// close, a Date and Content-Length: 0, in one write), as the same refusal
// with a problem for its body; nil when b is not that answer. The API
// never answers 417 itself.
func expectationFailed(b []byte) []byte {
	const tail = "\r\nContent-Length: 0\r\n\r\n"
	for _, proto := range []string{"HTTP/1.1", "HTTP/1.0"} {
		head := proto + " 417 Expectation Failed\r\nConnection: close\r\nDate: "
		if len(b) > 200 || !bytes.HasPrefix(b, []byte(head)) || !bytes.HasSuffix(b, []byte(tail)) {
			continue
		}
		if date := b[len(head) : len(b)-len(tail)]; bytes.ContainsAny(date, "\r\n") {
			return nil
		}
		return refusalOf(proto, expectProblem())
	}
	return nil
}

// refusalOf is a refusal written on the connection, whole: the status
// line of proto, and p for its body, closing the connection.
func refusalOf(proto string, p *Problem) []byte {
	n := p.Status
	bound(&p.ErrorModel)
	data, err := json.Marshal(p)
	if err != nil {
		return nil
	}
	var out bytes.Buffer
	out.Grow(len(data) + 200)
	out.WriteString(proto)
	out.WriteByte(' ')
	out.WriteString(strconv.Itoa(n))
	out.WriteByte(' ')
	out.WriteString(http.StatusText(n))
	out.WriteString("\r\nContent-Type: application/problem+json\r\nContent-Length: ")
	out.WriteString(strconv.Itoa(len(data)))
	out.WriteString("\r\nConnection: close\r\n\r\n")
	out.Write(data)
	return out.Bytes()
}
