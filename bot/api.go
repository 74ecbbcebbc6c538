package bot

import (
	"context"
	"errors"
	"fmt"
	"image"
	"time"

	"formica/engine"
	"formica/engine/locale"
)

// This file is the contract between the service and its adapters
// (bot/console, bot/discord, bot/telegram). Adapters translate platform events
// into Commands and deliver Messages; they hold no game logic.

// User is a person on one platform.
type User struct {
	Platform string `json:"platform"`       // "discord", "telegram", "console"
	ID       string `json:"id"`             // platform user id
	Name     string `json:"name"`           // display name, for boards and logs
	Lang     string `json:"lang,omitempty"` // the platform's locale hint ("ru", "en-US"); stored settings win
}

// Command is one thing a user did in a channel: a typed command or a button press.
type Command struct {
	Platform string // same as User.Platform
	// Channel identifies where the game lives: a channel, a thread, a Telegram
	// chat or "chat/topic" for a forum topic. Empty for a private chat.
	Channel string
	// Chat is the place that holds Channel and its neighbours: a Telegram
	// group holding its forum topics, a Discord server holding its
	// channels and threads. `games` lists the games of one Chat; empty
	// means Channel alone.
	Chat string
	User User
	// Text is the command as typed, without the platform's prefix:
	// "new micropolis players=3", "join", "take 3", "settings lang=ru".
	Text string
	// Press is a button payload (see EncodePress) instead of Text.
	Press string
	// Admin reports that the platform says the user administers Channel.
	Admin bool
	// ID, when set, is an idempotency key unique per platform event, e.g.
	// "telegram:<update_id>" or "discord:<interaction id>". Adapters that may
	// deliver one event twice (a crash between commit and acknowledging the
	// update) set it: the service remembers the ids of the last commands
	// committed to each match (in the same transaction) and answers a
	// repeated one with "already done" instead of applying it again.
	ID string
}

// Audience says who may see a Message.
type Audience int

const (
	// Caller: only the user who sent the command (Discord ephemeral reply,
	// Telegram DM, console output).
	Caller Audience = iota
	// Channel: everyone in Message.Channel.
	Channel
	// Direct: one user privately, by DM (Message.User).
	Direct
)

// Message is something to show. Adapters render it with platform features
// and must never show a Caller or Direct message to anyone else.
type Message struct {
	To        Audience `json:"to"`
	Platform  string   `json:"platform"`
	Channel   string   `json:"channel,omitempty"`
	User      string   `json:"user,omitempty"`  // recipient for Direct (and Caller)
	Text      string   `json:"text"`            // localized; may use **bold** and `code`
	Image     []byte   `json:"image,omitempty"` // PNG, or an animated GIF when ImageName ends in .gif
	ImageName string   `json:"image_name,omitempty"`
	// Mentions are user ids to ping (the player whose turn it is).
	Mentions []string `json:"mentions,omitempty"`
	// MentionNames are the stored display names of mentioned users, by id,
	// for platforms that must spell a mention out (Telegram) when they
	// cannot look the name up.
	MentionNames map[string]string `json:"mention_names,omitempty"`
	// Alt is the image's content in words (the prompt under a board, the
	// cards of a hand), for adapters that cannot post the image.
	Alt string `json:"alt,omitempty"`
	// Buttons are rows of choices; a press comes back as Command.Press.
	// A row longer than RowButtons is a list: the options of one step that
	// has too many for a grid. Adapters show a list whole (as select menus,
	// or a page at a time) and must keep every option of it reachable; see
	// ListPress for showing it again.
	Buttons [][]Button `json:"buttons,omitempty"`
	// Replace, when set, asks the adapter to edit the earlier message it sent
	// with the same Replace tag in this channel instead of posting anew
	// (e.g. the standing prompt message). Adapters may post anew.
	Replace string `json:"replace,omitempty"`

	// Delivery identifies the outbox entry m was queued as: every attempt
	// to send it carries the same value, while its image is drawn anew at
	// each one (the PNG encoder's palette follows the boards drawn before,
	// so the bytes may differ). Adapters that let the platform drop a
	// retried post (Discord's nonce) key on it, not on the image.
	Delivery string `json:"-"`
	// Queued is when that outbox entry was committed. A platform forgets a
	// retried post's key after a while (Discord keeps a nonce a few
	// minutes): a retry later than that, after an outage or a crash and a
	// slow restart, must find out by other means whether an earlier
	// attempt got through.
	Queued time.Time `json:"-"`

	// draw, set by the service on queued turn posts, names the board or
	// hand to render at delivery time (after the commit).
	draw *drawing
	// Refused marks a Caller reply that refused the command: nothing
	// changed (adapters may style it as an error; scripts check it).
	Refused bool `json:"refused,omitempty"`
	// Duplicate marks the answer to a command whose ID was applied before:
	// an adapter that redelivers its own events (Telegram after a crash)
	// drops it, as the sender got the first answer.
	Duplicate bool `json:"duplicate,omitempty"`
}

// Button is one choice. Data is at most 64 bytes (Telegram's callback_data
// limit, Discord allows 100).
type Button struct {
	Label string `json:"label"`
	Data  string `json:"data"`
}

// RowButtons is the most buttons the service puts in one row; a longer row
// is a list (Message.Buttons).
const RowButtons = 5

// Suggestion is one autocomplete entry for a partly typed command.
type Suggestion struct {
	Label string // shown
	Text  string // the full command text it completes to
}

// CommandInfo describes a command for platform registration (Discord slash
// commands, Telegram setMyCommands), with localized descriptions.
type CommandInfo struct {
	Name        string
	Description map[string]string // by language
	Args        string            // usage, e.g. "<game> [option=value...]"
	// Usage is Args in each language's words, token for token
	// ("<игра> [правила] [ключ=значение...]"); empty when Args is.
	Usage map[string]string
}

// Sender delivers messages on one platform. The service calls it after the
// answer that produced the message has committed, in commit order per channel,
// and retries on error: return a *RetryAfter to delay, ErrPermanent (wrapped)
// when retrying cannot help (user blocked the bot, chat gone).
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Styler is implemented by Senders whose platform shows channels and
// commands its own way. The service uses it where a text names a channel or
// tells the reader what to type (reminders); without it, channel ids and
// commands are shown as they are.
type Styler interface {
	// ChannelRef is how a message refers to channel (Discord: "<#123>").
	ChannelRef(channel string) string
	// CommandRef is how a user types text there (Discord: "/ants play
	// move:take 3"; Telegram: "/take 3").
	CommandRef(text string) string
}

// HelpNoter is implemented by Senders whose platform reads commands in a
// way players must be told of (Telegram groups read only /commands and
// replies to the bot; Discord reads no messages, only /ants and buttons).
// The service adds the note to its help and lobby texts.
type HelpNoter interface {
	HelpNote(lang string) string
}

// LateImager is implemented by Senders that can show a board post before
// its image exists (the console prints the next prompt while the board is
// drawn). For a channel's board the service calls SendLate instead of Send:
// m has its ImageName and no Image, and draw renders the image (an error
// when it cannot; the service has logged it and the post stays text).
// Once SendLate returns nil the post counts as sent, so the Sender must
// call draw and keep the image, whenever it does.
type LateImager interface {
	SendLate(ctx context.Context, m Message, draw func() ([]byte, error)) error
}

// SenderFunc adapts a function to Sender.
type SenderFunc func(ctx context.Context, m Message) error

// Send calls f.
func (f SenderFunc) Send(ctx context.Context, m Message) error { return f(ctx, m) }

// ErrPermanent marks a delivery that will never succeed; the service gives up
// on it (and, for a DM, falls back to telling the user next time they act).
var ErrPermanent = errors.New("bot: permanent delivery failure")

// RetryAfter asks the service to try a delivery again after Delay (a 429).
type RetryAfter struct{ Delay time.Duration }

func (e *RetryAfter) Error() string { return fmt.Sprintf("bot: rate limited, retry after %s", e.Delay) }

// Game is one playable game as the service sees it: the rules, their message
// catalog and their renderers. cmd/formica assembles the list.
type Game struct {
	*engine.Descriptor
	// Messages is the game's catalog (engine/<game>.Messages()).
	Messages *locale.Catalog
	// Board renders a spectator view (State.View(engine.NoSeat)) as PNG,
	// with its words in lang (the channel's language).
	Board func(view any, lang string) ([]byte, error)
	// BoardImage is Board before encoding; optional. The timelapse, which
	// keeps dozens of boards as frames, uses it to skip a PNG encode and
	// decode per frame.
	BoardImage func(view any, lang string) (image.Image, error)
	// Private renders one seat's private view (hand) as PNG in its player's
	// language; nil if the game has no hidden information.
	Private func(view any, lang string) ([]byte, error)
	// PrivateText is the same view in words (the cards with their texts),
	// sent where the image cannot be; nil: the image only.
	PrivateText func(view any, lang string) (string, error)
	// Components are the pieces `card`, `tile` and `hex` explain by name;
	// nil when none.
	Components []Component
	// LoadComponents lists more of them, called once when a piece is
	// first looked up (they are named in every language: building them
	// reads every catalog, which start-up need not); nil when none. Its
	// error is logged and the pieces it would list are not found.
	LoadComponents func() ([]Component, error)
	// Shown lists the pieces on the board of a spectator view that players
	// name by the label they type (Micropolis' row positions); nil when the
	// game has none.
	Shown func(view any) []Component

	// pieces is Components and LoadComponents' (see components).
	pieces func() []Component
}

// components are g's printed pieces.
func (g *Game) components() []Component {
	if g.pieces == nil {
		return g.Components
	}
	return g.pieces()
}

// Component is one printed piece a player may look up by name (`card
// trap`, `hex pond`): its kind (the command that finds it: "card", "tile"
// or "hex"), its code, its names by language (English at least), its text
// as lines of message keys with arguments and its picture.
type Component struct {
	Kind string
	// RuleSet is the rule set the piece belongs to ("evolved"); "" is the
	// game's first rule set. A match's lookups find its rule set's pieces;
	// outside a match the rule set is named (`card evolved trap`).
	RuleSet string
	Code    string
	Names   map[string]string
	Lines   []Line
	// Picture draws the piece alone as PNG with its words in lang, by the
	// code that draws it on the board; nil when it has no picture.
	Picture func(lang string) ([]byte, error)
}

// Line is one localizable line: a message key and its arguments.
type Line struct {
	Key  string
	Args map[string]string
	// Lists are arguments made of lines, each localized and joined with
	// ", " (the sites of a hex).
	Lists map[string][]Line
}
