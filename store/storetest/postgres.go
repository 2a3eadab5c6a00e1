package storetest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgresEnv names the variable holding the URL of a PostgreSQL server
// for the tests; .ci/run sets it when a server answers on 127.0.0.1:5432.
const PostgresEnv = "FRAY_TEST_POSTGRES"

// schemas numbers the schemas FreshSchema makes in this process.
var schemas atomic.Int64

// PostgresURL returns the test server's URL from PostgresEnv, or skips t
// saying how to run it.
func PostgresURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(PostgresEnv)
	if u == "" {
		t.Skipf("%s is not set: skipping the PostgreSQL run (set it to a server's URL, as .ci/run does when one answers on 127.0.0.1:5432)", PostgresEnv)
	}
	return u
}

// FreshSchema creates a schema of its own for t on the server at base,
// dropped when t ends, and returns the URL of connections that use it.
func FreshSchema(t testing.TB, base string) string {
	t.Helper()
	ctx := context.Background()
	schema := fmt.Sprintf("fray_test_%d_%d_%d", os.Getpid(), time.Now().UnixNano(), schemas.Add(1))
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connecting to %s: %v", PostgresEnv, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("creating schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	if strings.HasPrefix(base, "postgres://") || strings.HasPrefix(base, "postgresql://") {
		u, err := url.Parse(base)
		if err != nil {
			t.Fatalf("%s: %v", PostgresEnv, err)
		}
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return base + " search_path=" + schema
}
