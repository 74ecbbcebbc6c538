package bot

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"formica/bot/i18n"
)

// MatchSettings are the service's own settings of one match, stored as
// storage.Match.Settings (JSON). bot/schedule reads Remind and Deadline.
type MatchSettings struct {
	// Lang is the language of channel posts ("" = the service default).
	Lang string `json:"lang,omitempty"`
	// Players, when set, starts the match as soon as that many have joined.
	Players int `json:"players,omitempty"`
	// Remind is how long a prompted player may wait before a reminder
	// ("12h"); "" means the scheduler's default, "off" none.
	Remind string `json:"remind,omitempty"`
	// Deadline is how long before the prompt's default answer is taken
	// ("48h"); "" means no deadline.
	Deadline string `json:"deadline,omitempty"`
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
	b, _ := json.Marshal(ms) // a struct of strings and ints always encodes
	return b
}

// settingKeys lists the keys of the settings command in display order.
func settingKeys() []string { return []string{"lang", "remind", "deadline", "players"} }

// set validates and stores one key=value. The error is a userError naming the key.
func (ms *MatchSettings) set(key, value string) error {
	bad := func(want string) error {
		return refuse("err.bad_setting", map[string]string{"key": key, "value": value, "want": want})
	}
	switch key {
	case "lang":
		l := i18n.Lang(value)
		if l == "" {
			return bad("en, ru, uk, pl")
		}
		ms.Lang = l
	case "remind":
		if value != "off" {
			if d, err := time.ParseDuration(value); err != nil || d < time.Minute {
				return bad("off, 30m, 12h...")
			}
		}
		ms.Remind = value
	case "deadline":
		if value != "off" {
			if d, err := time.ParseDuration(value); err != nil || d < time.Minute {
				return bad("off, 24h, 72h...")
			}
		} else {
			value = ""
		}
		ms.Deadline = value
	case "players":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return bad("0 (start by hand) or a player count")
		}
		ms.Players = n
	default:
		return refuse("err.unknown_setting", map[string]string{"key": key, "keys": fmt.Sprint(settingKeys())})
	}
	return nil
}

func (ms MatchSettings) get(key string) string {
	switch key {
	case "lang":
		return ms.Lang
	case "remind":
		return ms.Remind
	case "deadline":
		return ms.Deadline
	case "players":
		if ms.Players > 0 {
			return strconv.Itoa(ms.Players)
		}
	}
	return ""
}
