// Package postgres keeps Formica's state in PostgreSQL, for deployments
// that run several bot processes on one database. It implements the same
// methods as the embedded bbolt store (storage.DB), passes the same
// conformance suite (storagetest.Run) and returns the same errors
// (storage.ErrNotFound, ErrConflict, ErrInvalid...).
//
// # Invariants
//
//   - Durable before acknowledged: Save returns nil only after its
//     transaction committed. One change (match, log, reminders, outbox) is
//     one transaction.
//   - Per-match serialization across processes: Save locks the match's row
//     (SELECT ... FOR UPDATE) and checks that the change continues the
//     stored log, so of two processes writing the same state one commits and
//     the other gets storage.ErrConflict, exactly as with bbolt. Lock takes a
//     session advisory lock per match for the bot's whole command, so
//     conflicts stay rare; the row check stays the guarantee.
//   - Each reminder fires once: Due claims the due entries (FOR UPDATE SKIP
//     LOCKED) with a lease for this process; other processes skip them until
//     the claimer deletes or reschedules them, or its lease runs out (it
//     crashed: then another process fires them, at least once).
//   - Each outbox message is sent once: Pending claims whole queues (one
//     recipient on one platform) with a lease, under a transaction advisory
//     lock so two processes never split one queue and its order holds. A
//     process sees again what it holds (its leases are renewed) until it
//     Acks; the others see nothing of those queues until the lease runs out.
//   - Schema migrations are numbered and applied at Open, under an advisory
//     lock, each in its own transaction with its version recorded in
//     formica_schema. A database newer than this build is storage.ErrSchema.
//   - Records are the same JSON as in bbolt (bytea columns), so a copy
//     (formica migrate) is byte-for-byte checkable. Columns beside them
//     (times, keys, leases) exist only to index and claim. Unlike bbolt's
//     file, nothing else writes them, so there is no quarantine: a record
//     that does not decode fails the read that meets it, naming it
//     (storage.RecordError), and listings (Matches, AllStats) skip it.
package postgres
