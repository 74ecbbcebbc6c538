// Package storage keeps Formica's state in one bbolt file: matches and their
// answer logs, users, the time-ordered index of reminders and deadlines,
// finished-game stats, and the outbox of messages not yet sent.
//
// # Invariants
//
//   - Durable before acknowledged: Save and Apply return nil only after the
//     transaction committed and (unless Options.NoSync) was fsynced. The bot
//     replies and sends only after that, so a crash loses nothing a player
//     was told about, and bbolt's copy-on-write pages mean it corrupts
//     nothing either.
//   - One transaction per command: the match record, the answers appended to
//     its log, the reminders cancelled and scheduled, and the outbound
//     messages are written together or not at all (Change).
//   - The log is the truth: Match.Seq equals the number of log entries, and
//     a change must continue the stored log (ErrConflict otherwise), so a
//     stale writer cannot overwrite a newer state. Match.Snapshot is a cache
//     that replaying the log rebuilds.
//   - Group commit (group.go): a change commits at once when no commit is
//     in flight; changes arriving meanwhile share the next transaction (one
//     fsync for many games). A grouped function may run more than once, so
//     Apply's function must be pure. Options.NoBatch uses one transaction
//     per change, Options.BoltBatch bbolt's timed Batch.
//   - Nothing acknowledged is lost after commit: messages queued with a
//     change stay in the outbox until the sender Acks them; reminders stay
//     until the scheduler deletes them. Both are delivered at least once.
//   - A bad file is an error, never a crash: Open classifies it (ErrCorrupt,
//     ErrForeign, ErrSchema, ErrLocked), walks every reachable page from the
//     raw file (verify.go: no memory map, so a bad offset cannot fault) and
//     then runs bbolt's own check; every read and write also recovers bbolt
//     panics and memory faults as ErrCorrupt. The raw walk matters because
//     tx.Check and batch commits run in bbolt's goroutines, where a fault
//     could not be recovered. Options.SkipCheck gives that up for speed.
//   - One undecodable record affects only itself: listings return it as a
//     *RecordError next to the records that decoded. The queues (Pending,
//     Due, Peek, NextAfter) cannot return per-record errors, so they skip
//     such a record and move it, raw, to the quarantine bucket in a
//     follow-up write (Quarantined lists them); a reminder leaves its
//     indexes with it. The answer log is the exception: it is the truth,
//     so Log fails naming the entry rather than replay with a gap.
//   - Records are JSON (encoding/json: fixed field order, sorted map keys),
//     so equal values are stored as equal bytes.
//
// # Layout
//
// Top-level buckets:
//
//	meta       app = "formica", schema = "1"
//	matches    "platform:channel" -> Match (lobby or active; one per channel)
//	finished   match id -> Match (finished or aborted, moved here on end)
//	stats      match id -> Stats
//	logs       match id -> bucket of 8-byte big-endian seq -> LogEntry
//	users      "platform:id" -> User
//	due        8-byte time (unix nanos, sign bit flipped) + 8-byte id -> Reminder
//	due.id     id -> its key in due
//	due.match  len-prefixed match key + seat + id -> (empty), for Cancel
//	outbox     8-byte big-endian id (commit order) -> Message
//	quarantine 8-byte big-endian seq -> Quarantined (undecodable queue records)
//
// Big-endian keys make bbolt's byte order the numeric and time order, so
// Due and Pending are plain cursor scans.
package storage
