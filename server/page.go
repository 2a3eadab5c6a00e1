package server

import (
	"net/url"

	"fray/web"
)

// registerPage serves the tracker's page: its document at / and its
// scripts and styles under /page/.
func (s *Server) registerPage() {
	s.mux.Handle("GET /{$}", web.Index())
	s.mux.Handle("GET /page/", web.Assets("/page/"))
}

// PagePath is the tracker page's path for a token of fight id: the page
// reads both from the fragment, which a browser keeps to itself (never
// sent to the server, nor in a Referer).
func PagePath(id, token string) string {
	return "/#" + url.Values{"fight": {id}, "token": {token}}.Encode()
}
