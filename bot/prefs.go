package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"formica/bot/i18n"
	"formica/bot/schedule"
	"formica/storage"
)

// Per-player settings live in storage.User and apply to every game of that
// player on one platform: lang, dm (reminders by private message), tz,
// quiet (hours without reminders, in tz) and vacation (deadlines pause).

// playerKeys lists the player settings in display order.
func playerKeys() []string { return []string{"lang", "dm", "tz", "quiet", "vacation"} }

// prefs loads a user's stored settings; a user never seen gets the
// defaults (reminders by DM on).
func (s *Service) prefs(ctx context.Context, platform, id string) (storage.User, error) {
	u, err := s.store.User(ctx, storage.UserKey{Platform: platform, ID: id})
	if errors.Is(err, storage.ErrNotFound) {
		return storage.User{Platform: platform, ID: id, DM: true}, nil
	}
	return u, err
}

// userPrefs is the service's own part of storage.User.Prefs.
type userPrefs struct {
	// Hint is the language the user's platform reports for them: used for
	// their private messages (reminders) until they choose one with lang.
	Hint string `json:"hint,omitempty"`
	// Blocked: the platform told us the user blocked the bot's private
	// chat; reminders stop (the games go on) until they unblock it.
	Blocked bool `json:"blocked,omitempty"`
}

// decodePrefs reads the service's part of u.Prefs.
func decodePrefs(u storage.User) userPrefs {
	var p userPrefs
	if len(u.Prefs) > 0 {
		_ = json.Unmarshal(u.Prefs, &p)
	}
	return p
}

// dmBlocked reports that u blocked the bot's private chat.
func dmBlocked(u storage.User) bool { return decodePrefs(u).Blocked }

// SetBlocked records that a user blocked (true) or unblocked the bot's
// private chat, as the platform reported it (Telegram's my_chat_member):
// while blocked, no reminder is sent to them and none is noted as lost.
func (s *Service) SetBlocked(ctx context.Context, platform, id string, blocked bool) error {
	u, err := s.prefs(ctx, platform, id)
	if err != nil {
		return err
	}
	p := decodePrefs(u)
	if p.Blocked == blocked {
		return nil
	}
	p.Blocked = blocked
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	u.Prefs = b
	return s.store.PutUser(ctx, u)
}

// langHint returns u's platform language hint, if any.
func langHint(u storage.User) string { return i18n.Lang(decodePrefs(u).Hint) }

// rememberHint stores the platform's language for u when it changed, so
// that messages sent while u is away (reminders) use it. It writes only on
// a change; a failure costs nothing but that.
func (s *Service) rememberHint(ctx context.Context, u *storage.User, platformLang string) {
	hint := i18n.Lang(platformLang)
	if hint == "" || hint == langHint(*u) {
		return
	}
	p := decodePrefs(*u)
	p.Hint = hint
	b, err := json.Marshal(p)
	if err != nil {
		return
	}
	u.Prefs = b
	if err := s.store.PutUser(ctx, *u); err != nil {
		s.log.Warn("storing the language hint", "user", u.ID, "err", err)
	}
}

// player is what the scheduler needs of a user's settings.
func player(u storage.User) schedule.Player {
	p := schedule.Player{DM: u.DM, QuietFrom: u.QuietFrom, QuietTo: u.QuietTo, VacationUntil: u.VacationUntil}
	if u.TZ != "" {
		if loc, err := schedule.ParseZone(u.TZ); err == nil {
			p.Zone = loc
		}
	}
	return p
}

// setPlayer validates and applies one player setting to u.
func setPlayer(u *storage.User, key, value string, now time.Time) error {
	v := strings.TrimSpace(value)
	switch key {
	case "lang":
		l, err := schedule.Languages(i18n.Languages()).ParseLang(v)
		if err != nil {
			return badSetting(key, value)
		}
		u.Lang = l
	case "dm":
		switch strings.ToLower(v) {
		case "on":
			u.DM = true
		case "off":
			u.DM = false
		default:
			return badSetting(key, value)
		}
	case "tz":
		loc, err := schedule.ParseZone(v)
		if err != nil {
			return badSetting(key, value)
		}
		u.TZ = loc.String()
	case "quiet":
		from, to, err := schedule.ParseQuiet(v)
		if err != nil {
			return badSetting(key, value)
		}
		u.QuietFrom, u.QuietTo = from, to
	case "vacation":
		until, err := schedule.ParseVacation(v, player(*u).Zone, now)
		if err != nil {
			return badSetting(key, value)
		}
		u.VacationUntil = until
	default:
		return unknownSetting(key)
	}
	return nil
}

// playerValue shows one player setting as it is typed.
func playerValue(u storage.User, key string, now time.Time) string {
	switch key {
	case "lang":
		return u.Lang
	case "dm":
		if u.DM {
			return "on"
		}
		return "off"
	case "tz":
		if u.TZ == "" {
			return "UTC"
		}
		return u.TZ
	case "quiet":
		if u.QuietFrom == u.QuietTo {
			return "off"
		}
		return fmt.Sprintf("%02d:%02d-%02d:%02d", u.QuietFrom/60, u.QuietFrom%60, u.QuietTo/60, u.QuietTo%60)
	case "vacation":
		if !u.VacationUntil.After(now) {
			return "off"
		}
		// The last day of the vacation, in the player's zone.
		return u.VacationUntil.In(zoneOf(u)).Add(-time.Minute).Format("2006-01-02")
	}
	return ""
}

func zoneOf(u storage.User) *time.Location {
	if z := player(u).Zone; z != nil {
		return z
	}
	return time.UTC
}
