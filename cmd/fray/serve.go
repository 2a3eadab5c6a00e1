package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"fray/odds"
	"fray/server"
)

// adminEnv names the variable holding the admin token of fray serve.
const adminEnv = "FRAY_ADMIN_TOKEN"

// serveOptions are the flags of "fray serve".
type serveOptions struct {
	addr  string
	store storeFlags
	// grace is how long a shutdown waits for requests in flight.
	grace time.Duration
}

// newServeCmd returns the "fray serve" command.
func newServeCmd() *cobra.Command {
	var opts serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the tracker's HTTP API, for a GM and players on their own devices",
		Long: `Serve the tracker's HTTP API, for a GM and players on their own devices.

fray serve listens on 127.0.0.1:8080 (--addr to change it) and keeps fights
in the same store as fray play --save: by default the SQLite file fights.db in
a folder fray of the user's data directory, --db FILE for another, --postgres
URL for PostgreSQL (which several fray serve processes may share).

The tracker page is at / (docs/tracker.md): a GM starts a fight there and
hands each player a link. The API is described at /openapi.json, with a
page to read it at /docs.
POST /fights creates a fight and answers with a GM token and one token per
combatant; docs/server.md walks through a fight. The admin token, which lists
every fight, is taken from $FRAY_ADMIN_TOKEN or made up and printed at start.

SIGINT or SIGTERM stops the server: live streams end, and requests in flight
are finished (for up to --grace) before it exits.`,
		Example: `  fray serve
  fray serve --addr 0.0.0.0:8080 --db /srv/fray/fights.db
  fray serve --postgres postgres://fray@db:5432/fray`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one)")
	cmd.Flags().DurationVar(&opts.grace, "grace", 10*time.Second, "on SIGINT or SIGTERM, wait up to `DURATION` for requests in flight")
	addStoreFlags(cmd, &opts.store)
	return cmd
}

// runServe serves until ctx is done, then shuts down gracefully.
func runServe(ctx context.Context, stdout, stderr io.Writer, opts serveOptions) error {
	defer roomyHeap()()
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	st, where, err := openStore(ctx, cat.reg, opts.store)
	if err != nil {
		return err
	}
	defer st.Backend().Close()
	admin := os.Getenv(adminEnv)
	made := admin == ""
	if made {
		if admin, err = newAdminToken(); err != nil {
			return err
		}
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	srv, err := server.New(server.Config{
		Store: st, Registry: cat.reg, AdminToken: admin, Logger: logger,
		Odds: func(id string) (odds.Calculator, error) { return cat.calculator(id) },
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		srv.Close()
		return usageErrorf("--addr %s: %v", opts.addr, err)
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second, // live streams lift it, write by write
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	fmt.Fprintf(stdout, "fray serve: listening on http://%s (the tracker page at /, the API at /openapi.json, its docs at /docs)\n", ln.Addr())
	fmt.Fprintf(stdout, "fray serve: fights kept in %s\n", where)
	if made {
		fmt.Fprintf(stdout, "fray serve: admin token (lists every fight; set %s to choose it): %s\n", adminEnv, admin)
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		srv.Close()
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "fray serve: stopping: finishing the requests in flight")
	srv.Close() // ends the live streams, which would otherwise hold the shutdown
	sctx, cancel := context.WithTimeout(context.Background(), opts.grace)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("stopping: %w", err)
	}
	fmt.Fprintln(stdout, "fray serve: stopped")
	return nil
}

// newAdminToken makes an admin token as unguessable as the fights'
// tokens: 32 random bytes.
func newAdminToken() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("making the admin token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}
