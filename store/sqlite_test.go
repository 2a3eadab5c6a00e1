package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"fray/store"
	"fray/store/storetest"
)

func TestSQLiteContract(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		path := filepath.Join(t.TempDir(), "fights.db")
		return func(ctx context.Context) (store.Backend, error) {
			return store.OpenSQLite(ctx, path)
		}
	})
}
