// Package web holds the tracker's page: plain HTML, CSS and JavaScript
// files embedded in the binary, which fray serve serves at /. The page
// talks only to the server's API (package server); it has no build step
// and no third-party code.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed page
var files embed.FS

// Files returns the page's files: index.html and the assets it loads.
func Files() fs.FS {
	sub, err := fs.Sub(files, "page")
	if err != nil {
		panic(err) // the embedded folder is always there
	}
	return sub
}

// contentSecurity is the page's Content-Security-Policy: its own scripts,
// styles and requests only, no inline script, nothing framed.
const contentSecurity = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// Index serves index.html, the page's one document.
func Index() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, err := fs.ReadFile(Files(), "index.html")
		if err != nil {
			http.Error(w, "the page is missing from this build", http.StatusInternalServerError)
			return
		}
		header(w)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(data) //nolint:errcheck // the client may be gone
	})
}

// Assets serves the page's scripts and styles under prefix (such as
// "/page/").
func Assets(prefix string) http.Handler {
	files := http.StripPrefix(prefix, http.FileServerFS(Files()))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") {
			// A folder: the page's files are named by the page, never
			// listed.
			http.NotFound(w, r)
			return
		}
		header(w)
		files.ServeHTTP(w, r)
	})
}

// header sets the headers every file of the page is served with.
func header(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurity)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-cache")
}
