// Package bot is Formica's service: lobbies, turn flow, permissions, i18n and
// the outbox, shared by every chat platform. Adapters (bot/console,
// bot/discord, bot/telegram) turn platform events into Commands, call
// Service.Handle, show the returned Caller messages, and deliver the messages
// the service queues through their Sender (see api.go for the contract).
//
// The service is shaped like net/http: a Handler answers one Command, and
// middleware adds panic recovery, per-match locking and logging around a
// router of commands.
//
// Invariants:
//   - Answers to one match are serialized (a lock per platform:channel);
//     different matches run in parallel.
//   - An answer is acknowledged only after its transaction committed: the
//     match snapshot, the log entry and the outgoing messages are written
//     together (storage.Change), so nothing acknowledged is lost.
//   - The outbox is delivered in commit order per channel (and per private
//     chat), at least once, with retries and backoff.
//   - Replies and posts are built from engine views only, so a seat's hidden
//     information reaches nobody else; To=seat events go only to that seat.
//   - A panic in any handler becomes a localized "internal error" reply and a
//     logged stack trace; it never reaches users and changes nothing.
package bot
