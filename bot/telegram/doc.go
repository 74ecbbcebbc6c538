// Package telegram connects the bot service to Telegram through the Bot API
// client github.com/go-telegram-bot-api/telegram-bot-api/v5. It translates
// updates into bot.Commands and bot.Messages into Bot API calls, and holds
// no game logic.
//
// Places. A game lives in a group ("chatid") or, in a forum supergroup, in
// one topic ("chatid/threadid"); that string is bot.Command.Channel.
// tgbotapi v5.5.1 knows nothing of message_thread_id, so the adapter reads
// it from the raw update and sends it as an extra parameter through the
// client's generic MakeRequest/UploadFiles.
//
// Input. In groups, "/word args" (or "/word@bot args") becomes the command
// text "word args": lobby commands and moves alike ("/take 3"), since
// privacy mode shows bots only commands. Button presses carry the service's
// payload as callback_data (≤ 64 bytes). Private chats take plain text.
//
// Long lists. A step with more options than a grid of buttons holds comes
// as one long row (bot.Message.Buttons); the keyboard shows it 20 at a time
// under "◀ k/n ▶". A page button asks the service for the list again
// (bot.ListPress) and redraws the keyboard, so pages keep nothing in memory
// and a page of a prompt that moved on is refused like any stale press
// (pages.go).
//
// Private views. Caller and Direct messages go by DM; Telegram forbids
// writing to users who never opened the bot's private chat (403). A /join
// from such a user is not forwarded: the group gets a mention with a
// t.me/<bot>?start=<payload> button whose Start joins them in one step
// (see deeplink.go; payloads are stateless and signed per user).
//
// Invariants.
//   - A Caller or Direct message is never posted in a group; after a press
//     a short answer is the press's toast, seen only by the presser.
//   - An update is confirmed to Telegram (polling offset, webhook 200) only
//     after it was handled: a crash loses nothing acknowledged.
//   - Send never drops a message silently: 429 and our own pacing return a
//     *bot.RetryAfter, permanent refusals wrap bot.ErrPermanent, a refused
//     photo falls back to text; a message resumed after a partial failure
//     does not repeat the parts already posted.
//   - The token appears in no error, log line or message.
package telegram
