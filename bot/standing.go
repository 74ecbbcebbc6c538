package bot

import (
	"cmp"
	"context"
	"math"
	"slices"

	"formica/bot/rating"
	"formica/render"
	"formica/storage"
)

// ratings rates the players of game on platform by its finished games, in
// the order they finished (rating.Table: our own multiplayer Elo).
func ratings(all []storage.Stats, platform, game string) *rating.Table {
	done := slices.Clone(all)
	slices.SortStableFunc(done, func(a, b storage.Stats) int { return a.FinishedAt.Compare(b.FinishedAt) })
	t := rating.New()
	for _, s := range done {
		if s.Key.Platform != platform || s.Setup.Game != game || s.Status != storage.StatusFinished || len(s.Rank) == 0 {
			continue
		}
		var users []string
		var ranks []int
		for _, p := range s.Players {
			if int(p.Seat) < len(s.Rank) {
				users, ranks = append(users, p.User), append(ranks, s.Rank[p.Seat])
			}
		}
		t.Game(users, ranks)
	}
	return t
}

// ratingText is a rating as players read it, rounded.
func ratingText(t *rating.Table, user string) string {
	r, _ := t.Rating(user)
	return itoa(int(math.Round(r)))
}

// reliability counts, over user's ended games of game on platform, the
// answers of their seat they gave themselves (own) among all answers of
// that seat (own and those the service took for it at a deadline or while
// they were away). It reads each game's log.
func (r *request) reliability(ctx context.Context, all []storage.Stats, platform, game, user string) (own, total int) {
	for _, s := range all {
		if s.Key.Platform != platform || s.Setup.Game != game {
			continue
		}
		i := slices.IndexFunc(s.Players, func(p storage.Player) bool { return p.User == user })
		if i < 0 {
			continue
		}
		log, err := r.s.store.Log(ctx, s.MatchID)
		if err != nil {
			continue
		}
		for _, e := range liveLog(log) {
			switch {
			case e.Seat != s.Players[i].Seat:
			case e.User == user:
				own, total = own+1, total+1
			case e.User == "":
				total++
			}
		}
	}
	return own, total
}

// tableImage draws rows as a table picture (render.ScoreTable) for a
// `stats` or `leaderboard` reply; nil when it cannot be drawn (the text
// says the same).
func (r *request) tableImage(title string, head [3]string, rows []render.ScoreRow) []byte {
	img, err := render.ScoreTable(title, head, rows)
	if err != nil {
		r.s.log.Warn("stats table not drawn; sending text only", "err", err)
		return nil
	}
	return img
}

// byRating orders rows by score, best first, ranking equal scores alike.
func byRating(rows []render.ScoreRow) {
	slices.SortStableFunc(rows, func(a, b render.ScoreRow) int { return cmp.Compare(b.Score, a.Score) })
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && rows[i].Score == rows[i-1].Score {
			rows[i].Rank = rows[i-1].Rank
		}
	}
}
