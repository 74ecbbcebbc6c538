package bot

import (
	"context"
	"slices"

	"formica/engine"
	"formica/storage"
)

// leaveGame is `leave` in a running game: the caller's seat takes its
// prompts' default answers from now on, as if voted absent, and anyone not
// playing may `join` to take it over. With too few players left the game
// is aborted.
func (r *request) leaveGame(ctx context.Context) ([]Message, error) {
	seat, ok := r.seat()
	if !ok {
		return nil, refuse("err.not_player", nil)
	}
	ms := decodeSettings(r.match.Settings)
	if ms.seat(seat).Absent {
		return nil, refuse("err.already_left", map[string]string{"join": r.s.styler(r.cmd.Platform).CommandRef("join")})
	}
	args := map[string]string{"player": r.seatName(seat), "join": r.s.styler(r.cmd.Platform).CommandRef("join")}
	return done(r.say("ok.left_game", args), r.vacate(ctx, &ms, seat, "leave", args))
}

// vacate marks seat absent (it takes default answers from now on, and a
// newcomer may `join` it) and posts why, with the channel text under key
// ("<key>.active"); too few players left aborts the game instead
// ("<key>.abort").
func (r *request) vacate(ctx context.Context, ms *MatchSettings, seat engine.Seat, key string, args map[string]string) error {
	ms.seat(seat).Absent = true
	if ms.Vote != nil && ms.Vote.Seat == seat {
		ms.Vote = nil
	}
	lo, _ := r.seatRange()
	if r.tooFew(ms, lo) {
		r.match.Status = storage.StatusAborted
		r.match.Settings = ms.encode()
		args["min"] = itoa(lo)
		post := r.post(r.ct(key+".abort", args))
		return r.save(ctx, storage.Change{Match: r.match, Stats: r.stats(nil), Outbox: r.queue(post)})
	}
	r.match.Settings = ms.encode()
	st, err := r.state()
	if err != nil {
		return err
	}
	header := r.ct(key+".active", args)
	if p, ok := absentPrompt(ms, st); ok {
		// The seat (or another absent one) owes an answer now: the default
		// is taken in the same commit, and the post says why.
		return r.commit(ctx, st, moveFor(p.Seat, p.Default), header)
	}
	post := r.post(header)
	return r.save(ctx, storage.Change{Match: r.match, Cancel: []engine.Seat{seat}, Outbox: r.queue(post)})
}

// takeSeat is `join` in a running game: a player who left comes back to
// their seat; anyone else takes over the first seat whose player left (or
// was voted absent), under their own name.
func (r *request) takeSeat(ctx context.Context) ([]Message, error) {
	ms := decodeSettings(r.match.Settings)
	seat, seated := r.seat()
	if seated && !ms.seat(seat).Absent && ms.seat(seat).AI == "" {
		return nil, refuse("err.already_joined", nil)
	}
	if !seated {
		i := slices.IndexFunc(r.match.Players, func(p storage.Player) bool { return ms.seat(p.Seat).Absent })
		if i < 0 {
			return nil, refuse("err.no_free_seat", map[string]string{"watch": r.s.styler(r.cmd.Platform).CommandRef("watch")})
		}
		seat = r.match.Players[i].Seat
	}
	args := map[string]string{"user": displayName(r.cmd.User), "player": r.seatName(seat)}
	i := slices.IndexFunc(r.match.Players, func(p storage.Player) bool { return p.Seat == seat })
	r.match.Players[i].User, r.match.Players[i].Name = r.cmd.User.ID, displayName(r.cmd.User)
	ms.seat(seat).Absent = false
	ms.seat(seat).Muted = false
	ms.seat(seat).AI = "" // back from the AI that kept the seat
	if w := slices.Index(ms.Watchers, r.cmd.User.ID); w >= 0 {
		ms.Watchers = slices.Delete(ms.Watchers, w, w+1) // a player gets the turns anyway
	}
	r.match.Settings = ms.encode()
	args["seat"] = r.seatName(seat)
	post := r.post(r.ct("join.takeover", args))
	// Reminders of the seat go to its new player from now on.
	change := storage.Change{Match: r.match, Cancel: []engine.Seat{seat}, Outbox: r.queue(post)}
	if c := ms.seat(seat); !c.Opened.IsZero() {
		change.Remind = r.entries(ctx, ms.Timing(), seat, *c, r.s.clock())
	}
	if err := r.save(ctx, change); err != nil {
		return nil, err
	}
	return r.say("ok.took_seat", args), nil
}
