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
//   - Reminders and deadlines are entries in storage's time-ordered index,
//     written in the same storage.Change as the answer that opens or closes
//     the prompt (Cancel for seats whose prompt closed, Remind for prompts
//     that opened). Each entry carries the match id and the seat's OpenSeq;
//     Fire re-checks under the match lock that this prompt is still open, so
//     an answer a moment before the entry came due wins. Entries are deleted
//     only after Fire succeeded: after a restart every one is still there,
//     and one that came due meanwhile fires once at start-up.
//   - At most one reminder entry per seat per match exists at a time (each
//     reminder schedules the next); quiet hours and vacations are re-checked
//     when it fires.
//   - Deadline policies (game setting ontimeout): remind; default (the
//     prompt's default answer through the normal commit path); ai, which
//     acts as default until an AI player exists and says so in settings,
//     status and the channel post; vote (see vote.go). A prompt without a
//     default answer falls back to remind.
//   - Commands carrying an ID (Command.ID) apply at most once per match.
package bot
