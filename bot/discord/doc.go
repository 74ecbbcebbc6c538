// Package discord connects Formica's service (package bot) to Discord through
// github.com/bwmarrin/discordgo. It translates and nothing else: slash
// commands, autocomplete, button presses and select menus become
// bot.Commands; the service's bot.Messages become Discord messages.
//
// Shape on Discord:
//   - One slash command (/ants by default) with a subcommand per service
//     command (new, join, start, board, hand, ...) and "play move:<text>"
//     for moves. String options autocomplete through Service.Complete,
//     which suggests from the engine's legal options.
//   - Prompts are buttons; a row of more than 5 (a step with more options
//     than a grid holds, see bot.Message.Buttons) becomes select menus of at
//     most 25 options, and more than 5 rows page behind a "More…" button.
//     Buttons and menus of a private prompt sent by DM, and of the private
//     replies that continue it there, carry the game's channel id.
//   - Choices of an option are named in words per locale (dc.choice.*);
//     past Discord's 25 subcommands a command is typed through play, past
//     25 options the last takes the rest: nothing is dropped.
//     A press's custom_id is the service's press payload (bot.EncodePress),
//     which carries the match version: the service rejects stale presses
//     and presses by anyone but the prompted player.
//   - Replies to the caller are ephemeral. Every interaction is acknowledged
//     (deferred) at once, inside Discord's 3-second limit, and answered with
//     follow-ups when the service is done.
//   - The service's outbox delivers through Adapter.Send (bot.Sender):
//     channel posts with the board PNG attached, DMs, edits of a standing
//     message (bot.Message.Replace).
//
// Invariants:
//   - A delivery is never dropped for a 429, a 5xx or a network failure:
//     Send returns *bot.RetryAfter and the outbox retries. Every channel post
//     carries a nonce derived from the message with enforce_nonce, so a retry
//     of a post that did reach Discord is not posted twice.
//   - Posts to one channel are paced (5 per 5 s by default) on top of
//     discordgo's per-route limiter.
//   - A DM to a user who does not accept DMs (error 50007) is held and shown
//     to them as an ephemeral reply on their next interaction; the channel
//     is told only that a DM failed.
//   - The bot token never appears in an error or a log line.
//   - One channel's interactions are handled one at a time, in the order the
//     gateway delivered them (lanes); each is acknowledged at once, and other
//     channels' go ahead meanwhile. A panic in a handler is recovered and
//     logged.
//   - No package-level state: REST and gateway URLs are redirected inside the
//     adapter's own http.Client (see rewriteTransport), not by changing
//     discordgo's package variables.
package discord
