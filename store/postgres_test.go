package store_test

import (
	"context"
	"testing"

	"fray/store"
	"fray/store/storetest"
)

// postgresURL and freshSchema are storetest's, for the tests here.
var (
	postgresURL = storetest.PostgresURL
	freshSchema = storetest.FreshSchema
)

func TestPostgresContract(t *testing.T) {
	t.Parallel()
	base := postgresURL(t)
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		u := freshSchema(t, base)
		return func(ctx context.Context) (store.Backend, error) {
			return store.OpenPostgres(ctx, u)
		}
	})
}
