package storage_test

import (
	"testing"

	"formica/storage/storagetest"
)

// TestConformance runs the storage conformance suite against bbolt; the
// PostgreSQL store runs the same suite (storage/postgres).
func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storagetest.Store { return storagetest.Open(t, nil) })
}
