package scenario

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"
)

// The limits on what fray reads, checked before a document is parsed, so
// that a hostile file is refused in well under a second with little memory
// instead of being fed to the YAML library (whose parser takes time and
// memory that grow faster than the nesting). docs/limits.md lists them
// with the others.
const (
	// MaxFileSize is the largest file, in bytes, fray reads: an encounter,
	// scenario or saved fight. The bundled ones are a few kilobytes.
	MaxFileSize = 1 << 20
	// MaxDepth is the deepest nesting of mappings and lists a YAML
	// document may have. An encounter needs about six.
	MaxDepth = 64
	// MaxNodes is the most YAML nodes (keys, values and list entries) a
	// document may hold as written; maxValues bounds it once its aliases
	// are expanded.
	MaxNodes = 20_000
)

// ReadFile reads a file given to fray: a regular file (not a directory,
// device or pipe, which could be read without end) of at most MaxFileSize
// bytes. The error names the file and the limit it breaks.
func ReadFile(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, info); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Stat again what was opened: the name may have changed in between.
	if info, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regular(path, info); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if len(data) > MaxFileSize {
		return nil, tooLarge(path, 0)
	}
	if p := checkText(path, data); p != nil {
		return nil, p
	}
	return data, nil
}

// checkText refuses a file that is not UTF-8 text, at the line and column
// of its first byte that is not UTF-8 (which the YAML library would read
// as another character, silently), or at its start for UTF-16 text.
func checkText(path string, data []byte) *Problem {
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return &Problem{Pos: Pos{File: path, Line: 1, Col: 1}, Msg: "the file is UTF-16 text (it starts with a UTF-16 byte-order mark); fray reads UTF-8: save it as UTF-8"}
	}
	if utf8.Valid(data) {
		return nil
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return &Problem{Pos: Pos{File: path, Line: line, Col: col}, Msg: fmt.Sprintf("the file is not UTF-8 text: the byte %#02x here is not UTF-8 (save the file as UTF-8)", data[i])}
		case r == '\n':
			line, col = line+1, 1
		default:
			col++
		}
		i += size
	}
	return nil
}

// utf8BOM is the byte-order mark some editors write at the start of UTF-8
// text. It is no part of the document: a document is read without it.
var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// regular refuses anything but a regular file of at most MaxFileSize.
func regular(path string, info os.FileInfo) error {
	switch {
	case info.IsDir():
		return fmt.Errorf("%s is a directory, not a file", path)
	case !info.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file (it is a device, pipe or socket); fray reads only regular files", path)
	case info.Size() > MaxFileSize:
		return tooLarge(path, info.Size())
	}
	return nil
}

// tooLarge is the error for a file past MaxFileSize; size is its size
// when known, else 0.
func tooLarge(path string, size int64) error {
	more := ""
	if size > 0 {
		more = fmt.Sprintf("; it has %d", size)
	}
	return fmt.Errorf("%s is too large: fray reads files of at most %d bytes (1 MiB)%s", path, MaxFileSize, more)
}

// prescan checks a YAML document against MaxFileSize, MaxDepth and MaxNodes
// before it is parsed, with the YAML lexer alone (which takes time in
// proportion to the document). Nesting is counted from the tokens: a
// flow collection ("[", "{") opens a level until it closes; in block
// style a key or "- " entry opens a level when it starts to the right of
// the one it is under.
func prescan(file string, data []byte) *Problem {
	if len(data) > MaxFileSize {
		return &Problem{Pos: Pos{File: file}, Msg: tooLarge("the document", int64(len(data))).Error()}
	}
	tokens := lexer.Tokenize(string(data))
	var (
		flow   int   // open flow collections
		blocks []int // columns of the open block levels
		nodes  int
	)
	for i, tk := range tokens {
		switch tk.Type {
		case token.CommentType, token.DocumentHeaderType, token.DocumentEndType, token.DirectiveType,
			token.CollectEntryType, token.MappingValueType, token.AnchorType, token.AliasType, token.TagType:
			continue
		case token.SequenceStartType, token.MappingStartType:
			flow++
		case token.SequenceEndType, token.MappingEndType:
			flow = max(flow-1, 0)
			continue
		}
		nodes++
		if nodes > MaxNodes {
			return tokenProblem(file, tk, fmt.Sprintf("the document holds more than %d YAML nodes (keys, values and list entries), the limit", MaxNodes))
		}
		opens := tk.Type == token.SequenceEntryType ||
			(i+1 < len(tokens) && tokens[i+1].Type == token.MappingValueType)
		if flow == 0 && opens && tk.Position != nil {
			col := tk.Position.Column
			for len(blocks) > 0 && blocks[len(blocks)-1] > col {
				blocks = blocks[:len(blocks)-1]
			}
			if len(blocks) == 0 || blocks[len(blocks)-1] < col {
				blocks = append(blocks, col)
			}
		}
		if depth := flow + len(blocks); depth > MaxDepth {
			return tokenProblem(file, tk, fmt.Sprintf("the document is nested more than %d deep (mappings and lists inside each other), the limit", MaxDepth))
		}
	}
	return nil
}

// tokenProblem is a problem at a token.
func tokenProblem(file string, tk *token.Token, msg string) *Problem {
	p := Pos{File: file}
	if tk != nil && tk.Position != nil {
		p.Line, p.Col = tk.Position.Line, tk.Position.Column
	}
	return &Problem{Pos: p, Msg: msg}
}
