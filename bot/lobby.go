package bot

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"

	"formica/bot/i18n"
	"formica/engine"
	"formica/storage"
)

// cmdNew opens a lobby: new <game> [ruleset] [key=value...]. The creator
// takes the first seat. players=N starts the match when N have joined,
// seed=N fixes the shuffle, lang=xx sets the channel's language; other
// keys are game options.
func cmdNew(ctx context.Context, r *request) ([]Message, error) {
	if r.cmd.Channel == "" {
		return nil, refuse("err.private_chat", nil)
	}
	if r.match != nil {
		return nil, refuse("err.match_exists", map[string]string{"game": r.game.Name})
	}
	if len(r.args) == 0 {
		return nil, refuse("err.new_usage", map[string]string{"games": r.s.gameIDs()})
	}
	g := r.s.game(strings.ToLower(r.args[0]))
	if g == nil {
		return nil, refuse("err.unknown_game", map[string]string{"game": r.args[0], "games": r.s.gameIDs()})
	}
	r.game = g
	setup := engine.Setup{Game: g.ID, Options: map[string]string{}, Seed: r.s.seed()}
	ms := MatchSettings{Chat: r.cmd.Chat}
	aiCount, aiLevel := "", ""
	if l := i18n.Lang(r.cmd.User.Lang); l != "" && l != r.s.lang {
		ms.Lang = l
	}
	for _, a := range r.args[1:] {
		k, v, ok := strings.Cut(a, "=")
		k = strings.ToLower(k)
		switch {
		case !ok && slices.Contains(g.RuleSets, strings.ToLower(a)):
			setup.RuleSet = strings.ToLower(a)
		case !ok:
			return nil, refuse("err.bad_arg", map[string]string{"arg": a, "rulesets": strings.Join(g.RuleSets, ", ")})
		case k == "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return nil, refuse("err.bad_setting", map[string]string{"key": k, "value": v, "want": "0..18446744073709551615"})
			}
			setup.Seed = n
		case k == "ai":
			aiCount = v
		case k == "ailevel":
			aiLevel = v
		case k == "lang" || slices.Contains(gameKeys(), k):
			if err := ms.set(k, v); err != nil {
				return nil, err
			}
		default:
			setup.Options[k] = v
		}
	}
	// Validate rule set and options now, with the smallest seat count the
	// descriptor allows, so a typo fails here and not at start.
	probe := setup
	probe.Seats, _ = g.Seats(setup)
	norm, err := g.Normalize(probe)
	if err != nil {
		return nil, refuse("err.bad_setup", map[string]string{"why": strings.TrimPrefix(err.Error(), engine.ErrBadSetup.Error()+": ")})
	}
	if lo, hi := g.Seats(norm); ms.Players != 0 && (ms.Players < lo || ms.Players > hi) {
		return nil, refuse("err.player_count", map[string]string{"game": g.Name, "min": itoa(lo), "max": itoa(hi), "n": itoa(ms.Players)})
	}
	if err := checkFreeText(g.Descriptor, norm, setup, ms.Players); err != nil {
		return nil, err
	}
	now := r.s.clock()
	m := &storage.Match{
		Key: r.key, ID: storage.NewID(), Setup: setup, Creator: r.cmd.User.ID,
		Players:   []storage.Player{{User: r.cmd.User.ID, Name: displayName(r.cmd.User), Seat: 0}},
		Status:    storage.StatusLobby,
		CreatedAt: now, UpdatedAt: now,
		Settings: ms.encode(),
	}
	r.match = m
	lo, hi := g.Seats(norm)
	if aiCount != "" || aiLevel != "" {
		n, lv, err := r.newAIs(aiCount, aiLevel, hi)
		if err != nil {
			return nil, err
		}
		r.seatAIs(lv, n)
		if ms.Players > 0 && len(m.Players) == ms.Players {
			return r.start(ctx)
		}
	}
	opened := r.ct("lobby.opened", map[string]string{
		"user": displayName(r.cmd.User), "game": g.Name, "min": itoa(lo), "max": itoa(hi),
		"join": r.ref("join"), "start": r.ref("start"),
	})
	if rs := norm.RuleSet; rs != "" && rs != g.RuleSets[0] { // not the default: say which rules
		opened += "\n" + r.ct("lobby.ruleset", map[string]string{"title": r.ruleSetTitle(g, rs, r.channelLang()), "id": r.ref(rs)})
	}
	post := r.post(r.withNote(opened, r.channelLang()))
	post.Buttons = r.lobbyButtons()
	if err := r.save(ctx, storage.Change{Match: m, Outbox: r.queue(post)}); err != nil {
		return nil, err
	}
	return r.say("ok.opened", map[string]string{"game": g.Name}), nil
}

// cmdJoin seats the caller in the lobby; a lobby with players=N starts
// when the Nth player joins.
func cmdJoin(ctx context.Context, r *request) ([]Message, error) {
	if len(r.args) > 0 && strings.EqualFold(r.args[0], "ai") {
		return r.addAI(ctx, r.args[1:])
	}
	if r.match.Status == storage.StatusActive {
		return r.takeSeat(ctx)
	}
	if r.match.Status != storage.StatusLobby {
		return nil, refuse("err.already_started", nil)
	}
	if _, ok := r.seat(); ok {
		return nil, refuse("err.already_joined", nil)
	}
	_, hi := r.seatRange()
	if len(r.match.Players) >= hi {
		return nil, refuse("err.lobby_full", map[string]string{"max": itoa(hi)})
	}
	m := r.match
	m.Players = append(m.Players, storage.Player{User: r.cmd.User.ID, Name: displayName(r.cmd.User), Seat: engine.Seat(len(m.Players))})
	if n := decodeSettings(m.Settings).Players; n > 0 && len(m.Players) == n {
		return r.start(ctx)
	}
	post := r.post(r.ct("lobby.joined", map[string]string{"user": displayName(r.cmd.User), "players": r.playerList()}))
	post.Buttons = r.lobbyButtons()
	if err := r.save(ctx, storage.Change{Match: m, Outbox: r.queue(post)}); err != nil {
		return nil, err
	}
	return r.say("ok.joined", nil), nil
}

// cmdLeave takes the caller out of the lobby; the last one out closes it.
func cmdLeave(ctx context.Context, r *request) ([]Message, error) {
	if r.match.Status == storage.StatusActive {
		return r.leaveGame(ctx)
	}
	if r.match.Status != storage.StatusLobby {
		return nil, refuse("err.leave_started", nil)
	}
	seat, ok := r.seat()
	if !ok {
		return nil, refuse("err.not_player", nil)
	}
	m := r.match
	m.Players = slices.Delete(m.Players, int(seat), int(seat)+1)
	for i := range m.Players {
		m.Players[i].Seat = engine.Seat(i)
	}
	if len(m.Players) == 0 {
		m.Status = storage.StatusAborted
		post := r.post(r.ct("lobby.closed", nil))
		if err := r.save(ctx, storage.Change{Match: m, Stats: r.stats(nil), Outbox: r.queue(post)}); err != nil {
			return nil, err
		}
		return r.say("ok.left", nil), nil
	}
	if m.Creator == r.cmd.User.ID {
		m.Creator = m.Players[0].User
	}
	post := r.post(r.ct("lobby.left", map[string]string{"user": displayName(r.cmd.User), "players": r.playerList()}))
	post.Buttons = r.lobbyButtons()
	if err := r.save(ctx, storage.Change{Match: m, Outbox: r.queue(post)}); err != nil {
		return nil, err
	}
	return r.say("ok.left", nil), nil
}

// cmdStart deals the game for the seated players (creator or admin only).
func cmdStart(ctx context.Context, r *request) ([]Message, error) {
	if r.match.Status != storage.StatusLobby {
		return nil, refuse("err.already_started", nil)
	}
	return r.start(ctx)
}

// start checks the seat count, starts the engine and posts the first board.
func (r *request) start(ctx context.Context) ([]Message, error) {
	m := r.match
	lo, hi := r.seatRange()
	if n := len(m.Players); n < lo || n > hi {
		return nil, refuse("err.player_count", map[string]string{"game": r.game.Name, "min": itoa(lo), "max": itoa(hi), "n": itoa(n)})
	}
	setup := m.Setup
	setup.Seats = len(m.Players)
	em, err := engine.Start(r.game.Descriptor, setup)
	if err != nil {
		return nil, refuse("err.bad_setup", map[string]string{"why": err.Error()})
	}
	m.Setup = em.Setup
	m.Status = storage.StatusActive
	if err := setSnapshot(m, em.State); err != nil {
		return nil, err
	}
	ms := decodeSettings(m.Settings)
	_, remind := r.track(ctx, &ms, nil, em.State, nil, r.s.clock())
	m.Settings = ms.encode()
	out := r.turnMessages(ctx, nil, em.State, engine.NoSeat, nil, r.ct("game.started", map[string]string{"game": r.game.Name, "players": r.playerList()}))
	if err := r.save(ctx, storage.Change{Match: m, Remind: remind, Outbox: r.queue(out...)}); err != nil {
		return nil, err
	}
	return r.say("ok.started", nil), nil
}

// cmdAbort ends the match without a result (creator or admin only).
func cmdAbort(ctx context.Context, r *request) ([]Message, error) {
	if len(r.args) == 0 || !strings.EqualFold(r.args[0], "yes") {
		// Ending a game is final for everyone: ask first.
		return r.say("abort.confirm", map[string]string{"game": r.game.Name, "confirm": r.s.styler(r.cmd.Platform).CommandRef("abort yes")}), nil
	}
	m := r.match
	m.Status = storage.StatusAborted
	post := r.post(r.ct("game.aborted", map[string]string{"game": r.game.Name, "user": displayName(r.cmd.User)}))
	if err := r.save(ctx, storage.Change{Match: m, Stats: r.stats(nil), Outbox: r.queue(post)}); err != nil {
		return nil, err
	}
	return r.say("ok.aborted", nil), nil
}

// cmdLang sets the caller's own language (replies and private messages).
func cmdLang(ctx context.Context, r *request) ([]Message, error) {
	if len(r.args) != 1 || i18n.Lang(r.args[0]) == "" {
		return nil, refuse("err.lang_usage", map[string]string{"langs": strings.Join(i18n.Languages(), ", ")})
	}
	u := r.user
	u.Platform, u.ID = r.cmd.Platform, r.cmd.User.ID
	if u.Name == "" {
		u.Name = displayName(r.cmd.User)
	}
	u.Lang = i18n.Lang(r.args[0])
	if err := r.s.store.PutUser(ctx, u); err != nil {
		return nil, err
	}
	r.user, r.lang = u, u.Lang
	return r.say("ok.lang", nil), nil
}

// seatRange is the allowed player count of the match's setup.
func (r *request) seatRange() (int, int) {
	return r.game.Seats(r.match.Setup)
}

func (r *request) lobbyButtons() [][]Button {
	var row []Button
	for _, c := range []struct{ word, label string }{{"join", "button.join"}, {"start", "button.start"}} {
		data, err := EncodePress(Press{Kind: PressCommand, Path: engine.Path{c.word}})
		if err == nil {
			row = append(row, Button{Label: r.ct(c.label, nil), Data: data})
		}
	}
	return [][]Button{row}
}

// playerList is "P1 Alice, P2 Bob".
func (r *request) playerList() string {
	parts := make([]string, len(r.match.Players))
	for i, p := range r.match.Players {
		parts[i] = p.Seat.String() + " " + p.Name
	}
	return strings.Join(parts, ", ")
}

func displayName(u User) string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

func itoa(n int) string { return strconv.Itoa(n) }

// checkFreeText starts the game once per player count the lobby may reach
// (only players=N when given), so that a free-text option the game cannot
// start with (a deck=, tokens=, ants= position) is refused now, naming
// the option and its value, instead of when the last player joins.
func checkFreeText(d *engine.Descriptor, norm, given engine.Setup, players int) error {
	startsWith := func(s engine.Setup) error {
		lo, hi := d.Seats(s)
		if players != 0 {
			lo, hi = players, players
		}
		var first error
		for n := lo; n <= hi; n++ {
			s.Seats = n
			if _, err := engine.Start(d, s); err == nil {
				return nil
			} else if first == nil {
				first = err
			}
		}
		return first
	}
	err := startsWith(norm)
	if err == nil {
		return nil
	}
	why := strings.TrimPrefix(err.Error(), engine.ErrBadSetup.Error()+": ")
	// Name the first free-text option that fails on its own.
	for _, spec := range d.Options {
		v, ok := given.Options[spec.Name]
		if !ok || len(spec.Values) > 0 {
			continue
		}
		alone := norm
		alone.Options = maps.Clone(norm.Options)
		for _, o := range d.Options {
			if _, set := given.Options[o.Name]; set && len(o.Values) == 0 && o.Name != spec.Name {
				alone.Options[o.Name] = o.Default
			}
		}
		if err := startsWith(alone); err != nil {
			why = strings.TrimPrefix(err.Error(), engine.ErrBadSetup.Error()+": ")
			return refuse("err.bad_setup", map[string]string{"why": clip(spec.Name+"="+v, maxEcho) + ": " + why})
		}
	}
	return refuse("err.bad_setup", map[string]string{"why": why})
}
