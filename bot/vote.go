package bot

import (
	"context"
	"slices"

	"formica/engine"
	"formica/storage"
)

// Votes on an absent player (deadline policy "vote"). When the deadline
// passes, the other seated players (not absent themselves) vote:
//
//   - skip: the absent seat takes the prompt's default answer this once;
//   - remove: the seat takes default answers for the rest of the game; if
//     fewer players than the game's minimum would remain, the game is
//     aborted instead;
//   - wait: the deadline moves one turn time later.
//
// A choice wins with a strict majority of the voters; when all have voted
// without one, the game waits. The vote ends unused if the player answers.

var voteChoices = []string{"skip", "remove", "wait"}

// cmdVote casts the caller's ballot and applies the outcome once decided.
func cmdVote(ctx context.Context, r *request) ([]Message, error) {
	if len(r.args) != 1 || !slices.Contains(voteChoices, r.args[0]) {
		return nil, refuse("err.vote_usage", nil)
	}
	choice := r.args[0]
	ms := decodeSettings(r.match.Settings)
	v := ms.Vote
	if v == nil || r.match.Status != storage.StatusActive {
		return nil, refuse("err.no_vote", nil)
	}
	st, err := r.state()
	if err != nil {
		return nil, err
	}
	prompt, open := engine.PromptFor(st, v.Seat)
	if !open || ms.seat(v.Seat).OpenSeq != v.Seq {
		return nil, refuse("err.no_vote", nil)
	}
	seat, _ := r.seat()
	if seat == v.Seat {
		return nil, refuse("err.vote_self", nil)
	}
	voters := r.voters(&ms, v.Seat)
	if !slices.Contains(voters, r.cmd.User.ID) {
		return nil, refuse("err.not_player", nil)
	}
	if v.Ballots == nil {
		v.Ballots = map[string]string{}
	}
	v.Ballots[r.cmd.User.ID] = choice
	name := r.seatName(v.Seat)
	need := len(voters)/2 + 1
	decided := ""
	counts := map[string]int{}
	for _, u := range voters {
		if b, ok := v.Ballots[u]; ok {
			counts[b]++
		}
	}
	for _, c := range voteChoices {
		if counts[c] >= need {
			decided = c
		}
	}
	if decided == "" && len(v.Ballots) >= len(voters) {
		decided = "wait" // everyone voted, no majority
	}
	args := map[string]string{"player": name, "voter": displayName(r.cmd.User), "choice": choice,
		"n": itoa(counts[choice]), "need": itoa(need), "move": prompt.Default.String()}
	ok := r.say("ok.vote", args)
	switch decided {
	case "":
		r.match.Settings = ms.encode()
		post := r.post(r.ct("vote.cast", args))
		post.Buttons = r.voteButtons()
		return done(ok, r.save(ctx, storage.Change{Match: r.match, Outbox: r.queue(post)}))
	case "skip":
		ms.Vote = nil
		r.match.Settings = ms.encode()
		return done(ok, r.commit(ctx, st, moveFor(v.Seat, prompt.Default), r.ct("vote.skip", args)))
	case "remove":
		ms.Vote = nil
		ms.seat(v.Seat).Absent = true
		lo, _ := r.seatRange()
		if r.tooFew(&ms, lo) {
			r.match.Status = storage.StatusAborted
			r.match.Settings = ms.encode()
			args["min"] = itoa(lo)
			post := r.post(r.ct("vote.abort", args))
			return done(ok, r.save(ctx, storage.Change{Match: r.match, Stats: r.stats(nil), Outbox: r.queue(post)}))
		}
		r.match.Settings = ms.encode()
		return done(ok, r.commit(ctx, st, moveFor(v.Seat, prompt.Default), r.ct("vote.remove", args)))
	}
	// wait: one more turn time from now, not spent from the bank.
	ms.Vote = nil
	g := ms.Timing()
	c := ms.seat(v.Seat)
	now := r.s.clock()
	u, err := r.s.prefs(ctx, r.cmd.Platform, r.seatUser(v.Seat))
	if err != nil {
		return nil, err
	}
	p := player(u)
	at := now.Add(turnTime(g))
	c.Grace += max(at.Sub(deadlineAt(g, *c, p)), 0)
	c.TimedOut = false
	r.match.Settings = ms.encode()
	args["time"] = since(r.bundle(), r.channelLang(), turnTime(g))
	post := r.post(r.ct("vote.wait", args))
	return done(ok, r.save(ctx, storage.Change{Match: r.match, Outbox: r.queue(post),
		Remind: []storage.Reminder{r.entry(kindDeadline, at, v.Seat, r.seatUser(v.Seat), c.OpenSeq, 0)}}))
}

// voters are the users of seats other than except that are not absent
// (AI players do not vote).
func (r *request) voters(ms *MatchSettings, except engine.Seat) []string {
	var out []string
	for _, p := range r.match.Players {
		if p.Seat != except && !ms.seat(p.Seat).Absent && !isAIUser(p.User) && !slices.Contains(out, p.User) {
			out = append(out, p.User)
		}
	}
	return out
}

// voteButtons offer the three ballots.
func (r *request) voteButtons() [][]Button {
	var row []Button
	for _, c := range voteChoices {
		data, err := EncodePress(Press{Kind: PressCommand, Path: engine.Path{"vote", c}})
		if err == nil {
			row = append(row, Button{Label: r.ct("button.vote_"+c, nil), Data: data})
		}
	}
	return [][]Button{row}
}

// done returns ok unless err: a refused or failed command replies with the
// error only.
func done(ok []Message, err error) ([]Message, error) {
	if err != nil {
		return nil, err
	}
	return ok, nil
}
