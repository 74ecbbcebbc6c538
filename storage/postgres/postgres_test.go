package postgres_test

import (
	"testing"

	"formica/storage/postgres/pgtest"
	"formica/storage/storagetest"
)

// TestConformance runs the suite bbolt passes (storage.TestConformance).
func TestConformance(t *testing.T) {
	pgtest.DSN(t)
	storagetest.Run(t, func(t *testing.T) storagetest.Store { return pgtest.Open(t, nil) })
}
