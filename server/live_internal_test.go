package server

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

// TestWaitingForAFightEnds: a request waiting for a fight another request
// holds gives up when its context ends, with 503 busy and Retry-After,
// and gets the fight once it is free.
func TestWaitingForAFightEnds(t *testing.T) {
	l := newLive()
	if err := l.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := l.acquire(ctx)
	var p *Problem
	if !errors.As(err, &p) || p.Status != http.StatusServiceUnavailable || p.GetHeaders().Get("Retry-After") == "" {
		t.Fatalf("waiting past the deadline: %v", err)
	}
	l.release()
	if err := l.acquire(context.Background()); err != nil {
		t.Fatalf("the freed fight: %v", err)
	}
	l.release()
}
