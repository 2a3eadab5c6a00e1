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
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"fray/internal/gctarget"
	"fray/odds"
	"fray/server"
)

// adminEnv and createEnv name the variables holding the admin token and
// the creation token of fray serve.
const (
	adminEnv  = "FRAY_ADMIN_TOKEN"
	createEnv = "FRAY_CREATE_TOKEN"
)

// serveOptions are the flags of "fray serve".
type serveOptions struct {
	addr  string
	store storeFlags
	// grace is how long a shutdown waits for requests in flight.
	grace time.Duration
	// open lets anyone who reaches the server create fights.
	open bool
	// oddsInProcess computes odds in the server's process rather than in
	// a worker process.
	oddsInProcess bool
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
combatant; docs/server.md walks through a fight. Creating a fight needs the
server's creation token, taken from $FRAY_CREATE_TOKEN or made up and printed
at start with a link that hands it to the tracker page (which asks for it
once, and remembers it); --open lets anyone who reaches the server create
fights without it, for a trusted network. The admin token, which lists every
fight and gives a GM who lost their token a new one (POST
/fights/ID/links/gm), is taken from $FRAY_ADMIN_TOKEN or made up and printed
at start.

SIGINT or SIGTERM stops the server: live streams end, and requests in flight
are finished (for up to --grace) before it exits.`,
		Example: `  fray serve
  fray serve --addr 0.0.0.0:8080 --db /srv/fray/fights.db
  fray serve --postgres postgres://fray@db:5432/fray`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.grace < 0 {
				return usageErrorf("--grace must be 0 (stop at once) or more, not %s", opts.grace)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one)")
	cmd.Flags().DurationVar(&opts.grace, "grace", 10*time.Second, "on SIGINT or SIGTERM, wait up to `DURATION` for requests in flight")
	cmd.Flags().BoolVar(&opts.open, "open", false, "let anyone who reaches the server create fights, without the creation token (for a trusted network)")
	cmd.Flags().BoolVar(&opts.oddsInProcess, "odds-in-process", false, "compute odds in the server's process, on threads of lower priority, rather than in a worker process of the lowest priority")
	addStoreFlags(cmd, &opts.store)
	return cmd
}

// oddsWorkerCmd is the name of the hidden command fray serve starts its
// odds worker processes with.
const oddsWorkerCmd = "odds-worker"

// newOddsWorkerCmd returns the hidden "fray odds-worker" command: the
// process fray serve computes odds in, reading jobs on its standard input
// and writing results on its standard output.
func newOddsWorkerCmd() *cobra.Command {
	return &cobra.Command{
		Use:    oddsWorkerCmd,
		Short:  "Compute odds for fray serve (started by it)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// The server stops the worker by closing its input; a Ctrl-C
			// meant for the server is for it to pass on.
			signal.Ignore(os.Interrupt)
			cat, err := newCatalog()
			if err != nil {
				return err
			}
			logger := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			return server.ServeOddsWorker(cat.Registry(), cat.Calculator, cmd.InOrStdin(), cmd.OutOrStdout(), logger)
		},
	}
}

// runServe serves until ctx is done, then shuts down gracefully.
func runServe(ctx context.Context, stdout, stderr io.Writer, opts serveOptions) error {
	restoreGC, _ := gctarget.Raise()
	defer restoreGC()
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	st, where, err := openStore(ctx, cat.Registry(), opts.store)
	if err != nil {
		return err
	}
	defer st.Backend().Close()
	admin, made, err := tokenFrom(adminEnv)
	if err != nil {
		return err
	}
	creator, madeCreator, err := tokenFrom(createEnv)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	cfg := server.Config{
		Store: st, Registry: cat.Registry(), AdminToken: admin, CreateToken: creator, Open: opts.open, Logger: logger,
		Odds: func(id string) (odds.Calculator, error) { return cat.Calculator(id) },
	}
	if opts.oddsInProcess {
		workers, restore := server.ReserveOddsProcs()
		defer restore()
		cfg.OddsWorkers = workers
	} else {
		exe, err := os.Executable()
		if err != nil {
			return fmt.Errorf("finding fray's program for its odds worker (--odds-in-process does without): %w", err)
		}
		cfg.OddsProcess = []string{exe, oddsWorkerCmd}
	}
	srv, err := server.New(cfg)
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
		MaxHeaderBytes:    server.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	fmt.Fprintf(stdout, "fray serve: listening on http://%s (the tracker page at /, the API at /openapi.json, its docs at /docs)\n", ln.Addr())
	fmt.Fprintf(stdout, "fray serve: fights kept in %s\n", where)
	if made {
		fmt.Fprintf(stdout, "fray serve: admin token (lists every fight, gives a GM a new token; set %s to choose it): %s\n", adminEnv, admin)
	}
	switch {
	case opts.open:
		fmt.Fprintf(stdout, "fray serve: --open: anyone who reaches http://%s may create fights\n", ln.Addr())
	case madeCreator:
		fmt.Fprintf(stdout, "fray serve: creation token (creates fights; set %s to choose it): %s\n", createEnv, creator)
		fmt.Fprintf(stdout, "fray serve: start fights at http://%s/#%s (the page keeps the token)\n", ln.Addr(), url.Values{"create": {creator}}.Encode())
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(server.Listener(ln)) }() // net/http's own refusals as problems too
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

// tokenFrom returns the token the environment variable env holds, or,
// when it holds none, a new one as unguessable as the fights' tokens (32
// random bytes) and true.
func tokenFrom(env string) (string, bool, error) {
	if tok := os.Getenv(env); tok != "" {
		return tok, false, nil
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", false, fmt.Errorf("making a token for %s: %w", env, err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), true, nil
}
