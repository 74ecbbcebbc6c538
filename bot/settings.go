package bot

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"formica/bot/i18n"
	"formica/bot/schedule"
	"formica/engine"
)

// MatchSettings are the service's own data of one match, stored as
// storage.Match.Settings (JSON): the settings chosen at new (typed forms,
// "" = default) and the bookkeeping of turns, clocks and votes, which must
// change in the same transaction as the answers.
type MatchSettings struct {
	// Lang is the language of channel posts ("" = the service default).
	Lang string `json:"lang,omitempty"`
	// Players, when set, starts the match as soon as that many have joined.
	Players int `json:"players,omitempty"`
	// Remind, Deadline, Bank and OnTimeout are the timing settings in the
	// form players type them (see schedule.Game.Set); "" means the default.
	Remind    string `json:"remind,omitempty"`
	Deadline  string `json:"deadline,omitempty"`
	Bank      string `json:"bank,omitempty"`
	OnTimeout string `json:"ontimeout,omitempty"`

	// Seats are the clocks of each seat, by seat number (started matches).
	Seats []SeatClock `json:"seats,omitempty"`
	// Vote is the vote on an absent player, while one is open.
	Vote *Vote `json:"vote,omitempty"`
	// Recent are the ids (Command.ID) of the last commands committed to this
	// match, newest last, so a command delivered twice applies once.
	Recent []string `json:"recent,omitempty"`
	// Held are the channel lines of a turn still under way (the sub-steps
	// one player answers in a row), posted together when the turn passes.
	Held []string `json:"held,omitempty"`
	// HeldSeq is the answer count of each Held line's answer, so an undo
	// drops the lines of the answers it takes back.
	HeldSeq []uint64 `json:"held_seq,omitempty"`
	// Chat is the Command.Chat the game was opened in (`games`).
	Chat string `json:"chat,omitempty"`
	// Undo is the open request to the table to take answers back.
	Undo *UndoAsk `json:"undo,omitempty"`
	// Away: the bot was removed from the channel (Telegram's my_chat_member).
	// The game is kept; its reminders and deadlines do nothing until the
	// bot is added back (and resume with the next move).
	Away bool `json:"away,omitempty"`
	// Watchers are the users who asked (`watch`) for every channel post of
	// the match by DM: the public post only, never a hand.
	Watchers []string `json:"watchers,omitempty"`
}

// SeatClock is one seat's turn bookkeeping.
type SeatClock struct {
	// Opened is when the seat's pending prompt opened (zero: not prompted);
	// OpenSeq is the match's answer count then. Reminders and deadlines
	// carry OpenSeq, so one that fires after the prompt was answered is
	// recognized as stale.
	Opened  time.Time `json:"opened,omitzero"`
	OpenSeq uint64    `json:"open_seq,omitempty"`
	// Reminded counts the reminders sent for the open prompt.
	Reminded int `json:"reminded,omitempty"`
	// Grace is extra time given on this prompt (a "wait" vote, a vacation
	// that began after it opened); it is not spent from the bank.
	Grace time.Duration `json:"grace,omitempty"`
	// TimedOut: the deadline of the open prompt has passed and its policy
	// was applied; no new deadline is scheduled for it.
	TimedOut bool `json:"timed_out,omitempty"`
	// Bank is the seat's time bank balance (games with a bank).
	Bank time.Duration `json:"bank,omitempty"`
	// Muted: the player turned reminders off for this game (remind off).
	Muted bool `json:"muted,omitempty"`
	// Absent: the others voted the player out; the seat takes its prompts'
	// default answers for the rest of the game.
	Absent bool `json:"absent,omitempty"`
	// AI is the level of the AI that keeps the seat since a deadline
	// handed it over (ontimeout=ai), until the player comes back.
	AI string `json:"ai,omitempty"`
}

// Vote is the others' vote on a seat whose deadline passed.
type Vote struct {
	Seat engine.Seat `json:"seat"`
	Seq  uint64      `json:"seq"` // the OpenSeq of the prompt voted on
	// Ballots maps a voter's user id to skip, remove or wait.
	Ballots map[string]string `json:"ballots,omitempty"`
}

// maxRecent bounds MatchSettings.Recent.
const maxRecent = 32

// remember records a committed command id.
func (ms *MatchSettings) remember(id string) {
	if id == "" || slices.Contains(ms.Recent, id) {
		return
	}
	ms.Recent = append(ms.Recent, id)
	if n := len(ms.Recent) - maxRecent; n > 0 {
		ms.Recent = slices.Delete(ms.Recent, 0, n)
	}
}

// Timing is the match's timing settings with defaults filled in.
func (ms MatchSettings) Timing() schedule.Game {
	g := schedule.Defaults()
	for _, k := range timingKeys() {
		if v := ms.get(k); v != "" {
			_ = g.Set(k, v) // validated when set; a bad stored value keeps the default
		}
	}
	return g
}

// seat returns seat's clock, growing the list as needed.
func (ms *MatchSettings) seat(s engine.Seat) *SeatClock {
	for len(ms.Seats) <= int(s) {
		ms.Seats = append(ms.Seats, SeatClock{})
	}
	return &ms.Seats[s]
}

// DecodeSettings reads MatchSettings from a stored match; bad or empty JSON
// gives the zero value (defaults).
func DecodeSettings(raw json.RawMessage) MatchSettings { return decodeSettings(raw) }

func decodeSettings(raw json.RawMessage) MatchSettings {
	var ms MatchSettings
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &ms)
	}
	return ms
}

func (ms MatchSettings) encode() json.RawMessage {
	b, _ := json.Marshal(ms) // plain data always encodes
	return b
}

// gameKeys lists the game settings in display order. "lang" is accepted
// as chatlang at new (the player's own language is the settings key lang).
func gameKeys() []string {
	return []string{"chatlang", "players", "remind", "deadline", "bank", "ontimeout"}
}

// timingKeys are the game settings that may change during the game.
func timingKeys() []string { return []string{"remind", "deadline", "bank", "ontimeout"} }

// badSetting refuses key=value, explaining the allowed values in the
// reader's language (message "settings.want_<key>").
func badSetting(key, value string) error {
	return &userError{key: "err.bad_setting", args: map[string]string{"key": key, "value": value, "want": "settings.want_" + key}, localize: []string{"want"}}
}

// set validates and stores one game setting. The error is a userError
// naming the key.
func (ms *MatchSettings) set(key, value string) error {
	value = strings.ToLower(strings.TrimSpace(value))
	switch key {
	case "chatlang", "lang":
		l := i18n.Lang(value)
		if l == "" {
			return badSetting("chatlang", value)
		}
		ms.Lang = l
	case "players":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return badSetting(key, value)
		}
		ms.Players = n
	case "remind", "deadline", "bank", "ontimeout":
		g := schedule.Defaults()
		if err := g.Set(key, value); err != nil {
			if errors.Is(err, schedule.ErrSetting) {
				return badSetting(key, value)
			}
			return err
		}
		switch key {
		case "remind":
			ms.Remind = value
		case "deadline":
			ms.Deadline = value
		case "bank":
			ms.Bank = value
		default:
			ms.OnTimeout = value
		}
	default:
		return unknownSetting(key)
	}
	return nil
}

func unknownSetting(key string) error {
	return refuse("err.unknown_setting", map[string]string{"key": key,
		"keys": strings.Join(append(playerKeys(), gameKeys()...), ", ")})
}

func (ms MatchSettings) get(key string) string {
	switch key {
	case "chatlang", "lang":
		return ms.Lang
	case "remind":
		return ms.Remind
	case "deadline":
		return ms.Deadline
	case "bank":
		return ms.Bank
	case "ontimeout":
		return ms.OnTimeout
	case "players":
		if ms.Players > 0 {
			return strconv.Itoa(ms.Players)
		}
	}
	return ""
}

// timingWords shows the effective timing settings in the caller's
// language: durations in its units, "off" and the timeout policy in words.
func (r *request) timingWords(g schedule.Game) map[string]string {
	off := r.word("off")
	out := map[string]string{"remind": off, "deadline": off, "bank": off, "ontimeout": r.t("settings.policy."+string(g.Policy), nil)}
	if g.First > 0 {
		out["remind"] = r.since(g.First) + ", " + r.since(g.Every)
	}
	if g.Deadline > 0 {
		out["deadline"] = r.since(g.Deadline)
	}
	if b := g.Bank; b.On() {
		out["bank"] = r.since(b.Initial) + " + " + r.since(b.Increment)
		if b.Cap > 0 {
			out["bank"] += " / " + r.since(b.Cap)
		}
	}
	return out
}

// word shows a typed setting value in the caller's language: on and off
// translated, anything else (zones, times, dates) as typed.
func (r *request) word(v string) string {
	if v == "on" || v == "off" {
		return r.t("settings."+v, nil)
	}
	return v
}
