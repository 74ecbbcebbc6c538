package bot

import (
	"context"
	"slices"
	"strings"

	"formica/bot/schedule"
	"formica/engine"
	"formica/storage"
)

// cmdSettings shows the caller's own settings and the channel's game
// settings (to the caller only), or changes them: settings key=value...
// Player keys (lang, dm, tz, quiet, vacation) change the caller's own
// settings anywhere, private chats included. Game keys need the game's
// channel and its creator or a channel admin; players only before the
// start, chatlang and the timing keys (remind, deadline, bank, ontimeout)
// at any time. Every value is checked before anything is written.
func cmdSettings(ctx context.Context, r *request) ([]Message, error) {
	if len(r.args) == 0 {
		return []Message{reply(r.cmd, r.settingsText())}, nil
	}
	now := r.s.clock()
	u := r.user
	u.Platform, u.ID = r.cmd.Platform, r.cmd.User.ID
	if u.Name == "" {
		u.Name = displayName(r.cmd.User)
	}
	var ms MatchSettings
	if r.match != nil {
		ms = decodeSettings(r.match.Settings)
	}
	var playerChanged, timingChanged, bankChanged bool
	var gameChanges []string
	for _, a := range r.args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return nil, refuse("err.settings_usage", map[string]string{"arg": a})
		}
		k = strings.ToLower(k)
		switch {
		case slices.Contains(playerKeys(), k):
			if err := setPlayer(&u, k, v, now); err != nil {
				return nil, err
			}
			playerChanged = true
		case slices.Contains(gameKeys(), k):
			if r.match == nil {
				return nil, refuse("err.game_setting_here", map[string]string{"key": k})
			}
			if r.match.Creator != r.cmd.User.ID && !r.cmd.Admin {
				return nil, refuse("err.not_creator", map[string]string{"creator": r.playerName(r.match.Creator)})
			}
			if k == "players" && r.match.Status != storage.StatusLobby {
				return nil, refuse("err.setting_started", map[string]string{"key": k})
			}
			if err := ms.set(k, v); err != nil {
				return nil, err
			}
			timingChanged = timingChanged || slices.Contains(timingKeys(), k)
			bankChanged = bankChanged || k == "bank"
			gameChanges = append(gameChanges, a)
		default:
			return nil, unknownSetting(k)
		}
	}
	if playerChanged {
		if err := r.s.store.PutUser(ctx, u); err != nil {
			return nil, err
		}
		r.user = u
		r.lang = r.callerLang()
	}
	if len(gameChanges) > 0 {
		change := storage.Change{Match: r.match}
		if timingChanged && r.match.Status == storage.StatusActive {
			st, err := r.state()
			if err != nil {
				return nil, err
			}
			change.CancelAll = true
			change.Remind = r.reschedule(ctx, &ms, st, bankChanged, now)
		}
		r.match.Settings = ms.encode()
		r.lang = r.callerLang()
		post := r.post(r.ct("settings.changed", map[string]string{"user": displayName(r.cmd.User), "changes": strings.Join(gameChanges, " ")}))
		change.Outbox = r.queue(post)
		if err := r.save(ctx, change); err != nil {
			return nil, err
		}
	}
	return r.say("ok.settings", nil), nil
}

// settingsText lists the caller's settings and, in a game's channel, the
// game's, with how to change them.
func (r *request) settingsText() string {
	now := r.s.clock()
	lines := []string{r.t("settings.player_title", nil)}
	for _, k := range playerKeys() {
		v := r.word(playerValue(r.user, k, now))
		if k == "lang" && v == "" {
			v = r.lang
		}
		lines = append(lines, k+" = "+v)
	}
	if r.match != nil {
		ms := decodeSettings(r.match.Settings)
		timing := r.timingWords(ms.Timing())
		lines = append(lines, r.t("settings.title", nil))
		for _, k := range gameKeys() {
			v := ms.get(k)
			if t, ok := timing[k]; ok {
				v = t
			}
			if v == "" {
				v = r.t("settings.default", nil)
			}
			lines = append(lines, k+" = "+v)
		}
		if ms.Timing().Policy == schedule.AI && !r.aiCapable() {
			lines = append(lines, r.t("settings.ai_note", nil))
		}
	}
	lines = append(lines, r.t("settings.help", map[string]string{"set": r.ref("settings key=value")}))
	return strings.Join(lines, "\n")
}

// cmdRemind turns reminders for this game off or on for the caller's
// seat (the deadline stays).
func cmdRemind(ctx context.Context, r *request) ([]Message, error) {
	if len(r.args) != 1 || (r.args[0] != "off" && r.args[0] != "on") {
		return nil, refuse("err.remind_usage", nil)
	}
	seat, _ := r.seat()
	ms := decodeSettings(r.match.Settings)
	c := ms.seat(seat)
	c.Muted = r.args[0] == "off"
	change := storage.Change{Match: r.match, Cancel: []engine.Seat{seat}}
	if r.match.Status == storage.StatusActive && !c.Opened.IsZero() {
		change.Remind = r.entries(ctx, ms.Timing(), seat, *c, r.s.clock())
	}
	r.match.Settings = ms.encode()
	if err := r.save(ctx, change); err != nil {
		return nil, err
	}
	return r.say("ok.remind_"+r.args[0], nil), nil
}

// cmdWatch subscribes the caller, who does not play in the match, to its
// channel posts by DM (`watch off` ends it): the public summary and board
// of every turn, never a hand.
func cmdWatch(ctx context.Context, r *request) ([]Message, error) {
	off := len(r.args) == 1 && r.args[0] == "off"
	if len(r.args) > 1 || len(r.args) == 1 && !off && r.args[0] != "on" {
		return nil, refuse("err.watch_usage", nil)
	}
	if _, seated := r.seat(); seated {
		return nil, refuse("err.watch_player", nil)
	}
	ms := decodeSettings(r.match.Settings)
	i := slices.Index(ms.Watchers, r.cmd.User.ID)
	switch {
	case off && i >= 0:
		ms.Watchers = slices.Delete(ms.Watchers, i, i+1)
	case !off && i < 0:
		ms.Watchers = append(ms.Watchers, r.cmd.User.ID)
	}
	r.match.Settings = ms.encode()
	if err := r.save(ctx, storage.Change{Match: r.match}); err != nil {
		return nil, err
	}
	if off {
		return r.say("ok.watch_off", nil), nil
	}
	return r.say("ok.watch", map[string]string{"game": r.game.Name, "off": r.s.styler(r.cmd.Platform).CommandRef("watch off")}), nil
}
