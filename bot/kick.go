package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"formica/engine"
	"formica/storage"
)

// cmdKick is `kick <player>` (the creator or a channel admin): the player
// leaves their seat as if they had typed `leave`; the seat takes default
// answers until someone types `join` to take it over.
func cmdKick(ctx context.Context, r *request) ([]Message, error) {
	if r.match.Status != storage.StatusActive {
		return nil, refuse("err.not_started", nil)
	}
	if len(r.args) == 0 {
		return nil, refuse("err.kick_usage", map[string]string{"players": r.playerList()})
	}
	seat, ok := r.findSeat(strings.Join(r.args, " "))
	if !ok {
		return nil, refuse("err.kick_usage", map[string]string{"players": r.playerList()})
	}
	if r.seatUser(seat) == r.cmd.User.ID {
		return nil, refuse("err.kick_self", map[string]string{"leave": r.ref("leave")})
	}
	ms := decodeSettings(r.match.Settings)
	args := map[string]string{"player": r.seatName(seat), "by": displayName(r.cmd.User), "join": r.ref("join")}
	if ms.seat(seat).Absent {
		return nil, refuse("err.kick_gone", args)
	}
	return done(r.say("ok.kicked", args), r.vacate(ctx, &ms, seat, "kick", args))
}

// findSeat reads a player as typed: "P2", "2", their name or their user id
// (a Discord mention "<@id>").
func (r *request) findSeat(who string) (engine.Seat, bool) {
	w := strings.TrimSpace(who)
	id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(w, "<@"), "!"), "@"), ">")
	if n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(w), "P")); err == nil {
		if i := slices.IndexFunc(r.match.Players, func(p storage.Player) bool { return int(p.Seat) == n-1 }); i >= 0 {
			return r.match.Players[i].Seat, true
		}
	}
	for _, p := range r.match.Players {
		if strings.EqualFold(p.Name, w) || p.User == id {
			return p.Seat, true
		}
	}
	return engine.NoSeat, false
}

// cmdEnd is `end` (the creator or a channel admin): the game ends now with
// the scores as they stand (engine.Progress), ranked, recorded in the stats
// and announced with the score table and the timelapse, as a finished
// game is. `end yes` confirms.
func cmdEnd(ctx context.Context, r *request) ([]Message, error) {
	if r.match.Status != storage.StatusActive {
		return nil, refuse("err.not_started", nil)
	}
	st, err := r.state()
	if err != nil {
		return nil, err
	}
	pr, ok := st.(engine.Progress)
	var scores []int
	if ok {
		scores = pr.Standing().Scores
	}
	if len(scores) != len(r.match.Players) || len(scores) == 0 {
		return nil, refuse("err.end_no_scores", map[string]string{"game": r.game.Name, "abort": r.ref("abort")})
	}
	if len(r.args) == 0 || !strings.EqualFold(r.args[0], "yes") {
		return r.say("end.confirm", map[string]string{"game": r.game.Name, "confirm": r.ref("end yes")}), nil
	}
	res := &engine.Result{Scores: scores, Rank: ranks(scores)}
	m := r.match
	m.Status = storage.StatusFinished
	lang := r.channelLang()
	lines := append([]string{r.ct("end.done", map[string]string{"user": displayName(r.cmd.User)})}, r.resultLines(lang, res)...)
	post := r.post(strings.Join(lines, "\n"))
	if r.game.Board != nil {
		post.draw = r.drawing(engine.NoSeat, lang)
	}
	ms := decodeSettings(m.Settings)
	msgs := append([]Message{post}, r.watcherCopies(ctx, lines, ms.Watchers)...)
	msgs = append(msgs, r.endMessages(lang, res)...)
	msgs = append(msgs, r.watcherEnd(ctx, res, ms.Watchers)...)
	return done(r.say("ok.ended", nil), r.save(ctx, storage.Change{Match: m, Stats: r.stats(res), Outbox: r.queue(msgs...)}))
}

// ranks ranks scores, highest first; equal scores share a rank.
func ranks(scores []int) []int {
	out := make([]int, len(scores))
	for i, s := range scores {
		out[i] = 1
		for _, o := range scores {
			if o > s {
				out[i]++
			}
		}
	}
	return out
}

// watcherEnd sends each watcher (`watch`) the end pictures, the score
// table and the timelapse, by DM in their language: both are drawn from
// public views only.
func (r *request) watcherEnd(ctx context.Context, res *engine.Result, watchers []string) []Message {
	var out []Message
	for _, w := range watchers {
		for _, m := range r.endMessages(r.userLang(ctx, w), res) {
			dm := r.direct(w, m.Text)
			dm.draw = m.draw
			out = append(out, dm)
		}
	}
	return out
}
