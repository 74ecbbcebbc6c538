package bot

import (
	"context"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"formica/bot/schedule"
	"formica/engine"
	"formica/engine/ai"
	"formica/storage"
)

// AI seats. A seat is played by an AI (package engine/ai) while
//   - its player is an AI filled in at new (ai=N) or by `join ai [level]`
//     (its user id starts with aiPrefix, which no platform's ids do);
//   - a deadline with ontimeout=ai handed it over (SeatClock.AI), until the
//     player takes it back with `join` or answers a prompt;
//   - its player is on vacation (to the end of their vacation).
//
// Only in games whose states implement engine.Determinizer (the AI must not
// read hidden state); elsewhere those seats keep the old behaviour. An AI's
// answer is due a short random time after the prompt opens (an entry of
// kind kindAI in the scheduler, on the service's clock), so how fast it
// answers says nothing about how hard it thought; it then goes through the
// same commit as a player's typed move: checked by the engine, narrated,
// posted.

// kindAI is the scheduler entry of an AI's answer.
const kindAI = "ai"

// aiPrefix starts the user id of an AI player: "ai:search:2".
const aiPrefix = "ai:"

// The AI's thinking delay is drawn between these.
const (
	aiDelayMin = 3 * time.Second
	aiDelayMax = 15 * time.Second
)

// aiUser is the user id of the nth AI player of a match at level lv.
func aiUser(lv ai.Level, n int) string { return aiPrefix + string(lv) + ":" + strconv.Itoa(n) }

// aiUserLevel reports whether id is an AI player's, and its level.
func aiUserLevel(id string) (ai.Level, bool) {
	rest, ok := strings.CutPrefix(id, aiPrefix)
	if !ok {
		return "", false
	}
	lv, _, _ := strings.Cut(rest, ":")
	return ai.ParseLevel(lv)
}

// isAIUser reports whether id is an AI player's: it gets no private
// messages and no mentions.
func isAIUser(id string) bool {
	_, ok := aiUserLevel(id)
	return ok
}

// aiName is an AI player's name on boards and in posts: "Bot (search)".
func (r *request) aiName(lv ai.Level) string {
	return r.ct("ai.name", map[string]string{"level": r.ct("ai.level."+string(lv), nil)})
}

// aiCapable reports whether the match's game can be played by an AI.
func (r *request) aiCapable() bool {
	if r.game == nil || r.match == nil {
		return false
	}
	su := r.match.Setup
	su.Seats, _ = r.game.Seats(su)
	m, err := engine.Start(r.game.Descriptor, su)
	if err != nil {
		return false
	}
	_, ok := m.State.(engine.Determinizer)
	return ok
}

// aiPlays reports whether an AI plays seat now, and at which level.
func (r *request) aiPlays(c SeatClock, user string, p schedule.Player, now time.Time) (ai.Level, bool) {
	lv, ok := aiUserLevel(user)
	switch {
	case ok:
	case c.AI != "":
		lv, ok = ai.ParseLevel(c.AI)
	case p.OnVacation(now):
		lv, ok = ai.Default, true
	}
	return lv, ok && r.aiCapable()
}

// aiEntry schedules the AI's answer to seat's open prompt.
func (r *request) aiEntry(seat engine.Seat, user string, c SeatClock, now time.Time) storage.Reminder {
	span := uint64((aiDelayMax - aiDelayMin) / time.Second)
	delay := aiDelayMin + time.Duration(r.s.seed()%(span+1))*time.Second
	return r.entry(kindAI, now.Add(delay), seat, user, c.OpenSeq, 0)
}

// fireAI answers seat's prompt as its AI, through the normal commit. If
// the AI no longer plays the seat (the player is back from vacation), the
// player's reminders and deadline are scheduled instead.
func (r *request) fireAI(ctx context.Context, st engine.State, ms *MatchSettings, prompt engine.Prompt) error {
	seat := prompt.Seat
	c := ms.seat(seat)
	now := r.s.clock()
	lv, ok := r.aiPlays(*c, r.seatUser(seat), player(r.user), now)
	if !ok {
		return r.save(ctx, storage.Change{Match: r.match, Remind: r.entries(ctx, ms.Timing(), seat, *c, now)})
	}
	path, err := ai.Decide(st, seat, r.aiConfig(lv), r.aiSeed(seat))
	if err != nil {
		if len(prompt.Default) == 0 {
			r.s.log.ErrorContext(ctx, "AI could not answer", "seat", seat, "err", err)
			return nil
		}
		r.s.log.ErrorContext(ctx, "AI could not answer; taking the default", "seat", seat, "err", err)
		path = prompt.Default
	}
	return r.commit(ctx, st, moveFor(seat, path), "")
}

// aiThink caps an AI's thinking in wall time: its budget takes well under
// a second on an idle machine (cmd/aibench), this keeps a loaded one from
// holding the match lock long. It measures the machine, not the game, so
// it reads the real time, not the service's clock.
const aiThink = 900 * time.Millisecond

func (r *request) aiConfig(lv ai.Level) ai.Config {
	start := time.Now()
	return ai.Config{Level: lv, Playouts: r.s.aiPlayouts, Stop: func() bool { return time.Since(start) > aiThink }}
}

// aiSeed makes an AI's decision repeatable from the match, its answer
// count and the seat.
func (r *request) aiSeed(seat engine.Seat) uint64 {
	h := fnv.New64a()
	h.Write([]byte(r.match.ID))
	h.Write([]byte{byte(seat), byte(r.match.Seq), byte(r.match.Seq >> 8), byte(r.match.Seq >> 16)})
	return h.Sum64()
}

// handToAI is the deadline policy ai: the AI takes the seat until its
// player comes back, and answers the prompt now. ok is false when the game
// has no AI (the caller then takes the default answer).
func (r *request) handToAI(ctx context.Context, st engine.State, ms *MatchSettings, prompt engine.Prompt, args map[string]string) (bool, error) {
	if !r.aiCapable() {
		return false, nil
	}
	path, err := ai.Decide(st, prompt.Seat, r.aiConfig(ai.Default), r.aiSeed(prompt.Seat))
	if err != nil {
		r.s.log.ErrorContext(ctx, "AI could not answer at a deadline", "seat", prompt.Seat, "err", err)
		return false, nil
	}
	ms.seat(prompt.Seat).AI = string(ai.Default)
	args["bot"] = r.aiName(ai.Default)
	args["join"] = r.ref("join")
	r.match.Settings = ms.encode()
	return true, r.commit(ctx, st, moveFor(prompt.Seat, path), r.ct("timeout.ai_seat", args))
}

// addAI seats an AI player in the lobby: `join ai [level]`.
func (r *request) addAI(ctx context.Context, args []string) ([]Message, error) {
	lv, err := aiLevelArg(args)
	if err != nil {
		return nil, err
	}
	if !r.aiCapable() {
		return nil, refuse("err.ai_unsupported", map[string]string{"game": r.game.Name})
	}
	if r.match.Status == storage.StatusActive {
		return r.aiTakeSeat(ctx, lv)
	}
	if r.match.Status != storage.StatusLobby {
		return nil, refuse("err.already_started", nil)
	}
	if _, ok := r.seat(); !ok && r.match.Creator != r.cmd.User.ID {
		return nil, refuse("err.not_player", nil)
	}
	_, hi := r.seatRange()
	if len(r.match.Players) >= hi {
		return nil, refuse("err.lobby_full", map[string]string{"max": itoa(hi)})
	}
	r.seatAIs(lv, 1)
	m := r.match
	if n := decodeSettings(m.Settings).Players; n > 0 && len(m.Players) == n {
		return r.start(ctx)
	}
	name := m.Players[len(m.Players)-1].Name
	post := r.post(r.ct("lobby.joined", map[string]string{"user": name, "players": r.playerList()}))
	post.Buttons = r.lobbyButtons()
	if err := r.save(ctx, storage.Change{Match: m, Outbox: r.queue(post)}); err != nil {
		return nil, err
	}
	return r.say("ok.ai_joined", map[string]string{"bot": name}), nil
}

// seatAIs appends n AI players at level lv to the lobby.
func (r *request) seatAIs(lv ai.Level, n int) {
	m := r.match
	k := 0
	for _, p := range m.Players {
		if isAIUser(p.User) {
			k++
		}
	}
	for range n {
		k++
		m.Players = append(m.Players, storage.Player{User: aiUser(lv, k), Name: r.aiName(lv), Seat: engine.Seat(len(m.Players))})
	}
}

// aiTakeSeat is `join ai` in a running game: an AI player takes over the
// first seat whose player left or was voted absent.
func (r *request) aiTakeSeat(ctx context.Context, lv ai.Level) ([]Message, error) {
	ms := decodeSettings(r.match.Settings)
	seat := engine.NoSeat
	for _, p := range r.match.Players {
		if ms.seat(p.Seat).Absent {
			seat = p.Seat
			break
		}
	}
	if seat == engine.NoSeat {
		return nil, refuse("err.no_free_seat", map[string]string{"watch": r.ref("watch")})
	}
	c := ms.seat(seat)
	c.Absent, c.Muted = false, false
	args := map[string]string{"bot": r.aiName(lv), "player": r.seatName(seat)}
	// The seat is the AI's now, under its name, as when a person takes
	// over a left seat.
	k := 1
	for _, p := range r.match.Players {
		if isAIUser(p.User) {
			k++
		}
	}
	i := slices.IndexFunc(r.match.Players, func(p storage.Player) bool { return p.Seat == seat })
	r.match.Players[i].User, r.match.Players[i].Name = aiUser(lv, k), r.aiName(lv)
	r.match.Settings = ms.encode()
	change := storage.Change{Match: r.match, Cancel: []engine.Seat{seat}, Outbox: r.queue(r.post(r.ct("ai.takeover", args)))}
	if !c.Opened.IsZero() {
		change.Remind = []storage.Reminder{r.aiEntry(seat, r.seatUser(seat), *c, r.s.clock())}
	}
	if err := r.save(ctx, change); err != nil {
		return nil, err
	}
	return r.say("ok.ai_joined", args), nil
}

// aiLevelArg reads the optional level after `join ai`.
func aiLevelArg(args []string) (ai.Level, error) {
	if len(args) == 0 {
		return ai.Default, nil
	}
	lv, ok := ai.ParseLevel(args[0])
	if !ok || len(args) > 1 {
		return "", refuse("err.ai_level", map[string]string{"level": clip(strings.Join(args, " "), maxEcho), "levels": aiLevels()})
	}
	return lv, nil
}

func aiLevels() string {
	s := make([]string, len(ai.Levels))
	for i, l := range ai.Levels {
		s[i] = string(l)
	}
	return strings.Join(s, ", ")
}

// parseAICount reads ai=N (N AI players) at new.
func parseAICount(v string, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n >= hi {
		return 0, refuse("err.bad_setting", map[string]string{"key": "ai", "value": clip(v, maxEcho), "want": "1.." + itoa(hi-1)})
	}
	return n, nil
}

// newAIs reads ai=N and ailevel= at new.
func (r *request) newAIs(count, level string, hi int) (int, ai.Level, error) {
	if !r.aiCapable() {
		return 0, "", refuse("err.ai_unsupported", map[string]string{"game": r.game.Name})
	}
	n := 1
	if count != "" {
		var err error
		if n, err = parseAICount(count, hi); err != nil {
			return 0, "", err
		}
	}
	lv := ai.Default
	if level != "" {
		var err error
		if lv, err = aiLevelArg([]string{level}); err != nil {
			return 0, "", err
		}
	}
	return n, lv, nil
}

// tooFew reports whether the game cannot go on: no player is left at the
// table, or fewer than lo seats are played by players and AI players.
func (r *request) tooFew(ms *MatchSettings, lo int) bool {
	humans := len(r.voters(ms, engine.NoSeat))
	bots := 0
	for _, p := range r.match.Players {
		if isAIUser(p.User) {
			bots++
		}
	}
	return humans == 0 || humans+bots < lo
}
