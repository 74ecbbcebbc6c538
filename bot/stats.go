package bot

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"

	"formica/render"
	"formica/storage"
)

// record is one player's finished games of one game.
type record struct {
	user, name string
	game       string
	played     int
	won        int
	points     int
}

func (r record) average() string {
	if r.played == 0 {
		return "0"
	}
	return strconv.FormatFloat(float64(r.points)/float64(r.played), 'f', 1, 64)
}

// records sums the finished games (aborted ones do not count) that keep
// returns true for, per player and game.
func records(all []storage.Stats, keep func(storage.Stats) bool) map[[2]string]*record {
	out := map[[2]string]*record{}
	for _, s := range all {
		if s.Status != storage.StatusFinished || len(s.Rank) == 0 || !keep(s) {
			continue
		}
		for _, p := range s.Players {
			k := [2]string{p.User, s.Setup.Game}
			rc := out[k]
			if rc == nil {
				rc = &record{user: p.User, game: s.Setup.Game}
				out[k] = rc
			}
			rc.name = p.Name
			rc.played++
			if int(p.Seat) < len(s.Rank) && s.Rank[p.Seat] == 1 {
				rc.won++
			}
			if int(p.Seat) < len(s.Scores) {
				rc.points += s.Scores[p.Seat]
			}
		}
	}
	return out
}

// cmdStats shows the caller their finished games on this platform, by
// game: played, won, average score.
func cmdStats(ctx context.Context, r *request) ([]Message, error) {
	all, _, err := r.s.store.AllStats(ctx)
	if err != nil {
		return nil, err
	}
	recs := records(all, func(s storage.Stats) bool { return s.Key.Platform == r.cmd.Platform })
	var lines []string
	var rows []render.ScoreRow
	for _, g := range r.s.games {
		if rc := recs[[2]string{r.cmd.User.ID, g.ID}]; rc != nil {
			lines = append(lines, r.t("stats.line", map[string]string{"game": g.Name, "played": itoa(rc.played), "won": itoa(rc.won), "average": rc.average()}))
			tbl := ratings(all, r.cmd.Platform, g.ID)
			own, total := r.reliability(ctx, all, r.cmd.Platform, g.ID, r.cmd.User.ID)
			lines = append(lines, r.t("stats.more", map[string]string{"rating": ratingText(tbl, r.cmd.User.ID), "own": itoa(own), "total": itoa(total)}))
			rt, _ := tbl.Rating(r.cmd.User.ID)
			rows = append(rows, render.ScoreRow{Player: r.t("stats.row", map[string]string{"game": g.Name, "played": itoa(rc.played), "won": itoa(rc.won)}), Score: int(math.Round(rt))})
		}
	}
	if len(lines) == 0 {
		return r.say("stats.none", nil), nil
	}
	title := r.t("stats.title", map[string]string{"player": displayName(r.cmd.User)})
	msg := reply(r.cmd, title+"\n"+strings.Join(lines, "\n"))
	byRating(rows)
	if img := r.tableImage(title, [3]string{"#", r.t("stats.head_game", nil), r.t("stats.head_rating", nil)}, rows); img != nil {
		msg.Image, msg.ImageName = img, "stats.png"
	}
	return []Message{msg}, nil
}

// maxLeaders is how many players a leaderboard lists.
const maxLeaders = 10

// cmdLeaderboard ranks the players of this channel's finished games of one
// game (the channel's current or last game when none is named): by wins,
// then win share, then average score.
func cmdLeaderboard(ctx context.Context, r *request) ([]Message, error) {
	all, _, err := r.s.store.AllStats(ctx)
	if err != nil {
		return nil, err
	}
	here := func(s storage.Stats) bool { return s.Key == r.key }
	game := ""
	switch {
	case len(r.args) > 0:
		g := r.s.game(strings.ToLower(r.args[0]))
		if g == nil {
			return nil, refuse("err.unknown_game", map[string]string{"game": r.args[0], "games": r.s.gameIDs()})
		}
		game = g.ID
	case r.match != nil:
		game = r.match.Setup.Game
	default:
		for _, s := range all {
			if here(s) && s.Status == storage.StatusFinished {
				game = s.Setup.Game
			}
		}
	}
	g := r.s.game(game)
	if g == nil {
		return r.say("leaderboard.none", nil), nil
	}
	var rows []*record
	for _, rc := range records(all, func(s storage.Stats) bool { return here(s) && s.Setup.Game == game }) {
		rows = append(rows, rc)
	}
	if len(rows) == 0 {
		return r.say("leaderboard.none", nil), nil
	}
	slices.SortFunc(rows, func(a, b *record) int {
		switch {
		case a.won != b.won:
			return b.won - a.won
		case a.won*b.played != b.won*a.played:
			return b.won*a.played - a.won*b.played
		case a.points*b.played != b.points*a.played:
			return b.points*a.played - a.points*b.played
		}
		return strings.Compare(a.name, b.name)
	})
	tbl := ratings(all, r.cmd.Platform, game)
	lines := []string{r.t("leaderboard.title", map[string]string{"game": g.Name})}
	var pic []render.ScoreRow
	for i, rc := range rows[:min(len(rows), maxLeaders)] {
		lines = append(lines, r.t("leaderboard.line", map[string]string{"rank": itoa(i + 1), "player": rc.name,
			"won": itoa(rc.won), "played": itoa(rc.played), "average": rc.average(), "rating": ratingText(tbl, rc.user)}))
		rt, _ := tbl.Rating(rc.user)
		pic = append(pic, render.ScoreRow{Player: rc.name, Score: int(math.Round(rt))})
	}
	msg := reply(r.cmd, strings.Join(lines, "\n"))
	byRating(pic)
	if img := r.tableImage(lines[0], [3]string{"#", r.t("stats.head_player", nil), r.t("stats.head_rating", nil)}, pic); img != nil {
		msg.Image, msg.ImageName = img, "leaderboard.png"
	}
	return []Message{msg}, nil
}
