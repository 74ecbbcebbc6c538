package bot

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"slices"

	"formica/engine"
	"formica/render"
	"formica/storage"
)

// The game-end pictures: an animated timelapse of the public board after
// every move, and the final score table. Both are drawings like boards,
// made when the outbox delivers them, so the answer that ended the game
// is acknowledged as soon as it is durable.
const (
	drawTimelapse = "timelapse"
	drawScores    = "scores"
)

// timelapse sizes a whole game's GIF for the chat platforms: at most
// maxFrames boards (sampled evenly through a long game), each at most
// 640 pixels on a side, and the file under 7 MB, below Discord's 8 MB
// for servers without boosts and Telegram's 10 MB (which sends a GIF as
// an animation, its documents allowing 50 MB).
const (
	maxFrames     = 60
	timelapseSide = 640
	timelapseMax  = 7 << 20
)

// scoreCard is the final table as the channel reads it, worded when the
// game ended (names, headings in the channel's language).
type scoreCard struct {
	Title string            `json:"title"`
	Head  [3]string         `json:"head"`
	Rows  []render.ScoreRow `json:"rows"`
}

// endMessages are the channel posts that follow a game's last board: the
// final table and the timelapse.
func (r *request) endMessages(lang string, res *engine.Result) []Message {
	b := r.bundle()
	card := &scoreCard{
		Title: b.T(lang, "game.scores_title", map[string]string{"game": r.game.Name}),
		Head: [3]string{b.T(lang, "game.scores_rank", nil), b.T(lang, "game.scores_player", nil),
			b.T(lang, "game.scores_points", nil)},
	}
	for _, s := range rankOrder(res) {
		card.Rows = append(card.Rows, render.ScoreRow{Rank: seatRank(res, s), Player: r.seatName(s), Score: res.Scores[s]})
	}
	table := r.post(card.Title)
	table.draw = &drawing{Match: r.match.ID, Game: r.game.ID, Seq: r.match.Seq, Seat: engine.NoSeat, Lang: lang,
		Kind: drawScores, Scores: card}
	out := []Message{table}
	if r.game.Board != nil && r.match.Seq > 0 {
		tl := r.post(b.T(lang, "game.timelapse", map[string]string{"game": r.game.Name, "moves": itoa(int(r.match.Seq))}))
		tl.draw = &drawing{Match: r.match.ID, Game: r.game.ID, Seq: r.match.Seq, Seat: engine.NoSeat, Lang: lang, Kind: drawTimelapse}
		out = append(out, tl)
	}
	return out
}

// rankOrder lists res's seats best first (seat order among ties).
func rankOrder(res *engine.Result) []engine.Seat {
	order := make([]engine.Seat, len(res.Scores))
	for i := range order {
		order[i] = engine.Seat(i)
	}
	slices.SortStableFunc(order, func(a, b engine.Seat) int { return seatRank(res, a) - seatRank(res, b) })
	return order
}

func seatRank(res *engine.Result, s engine.Seat) int {
	if int(s) < len(res.Rank) {
		return res.Rank[s]
	}
	return 0
}

// frameSeqs picks which boards a timelapse of moves answers shows: every
// one, or at most max sampled evenly, always the start and the end.
func frameSeqs(moves uint64, max int) []uint64 {
	if moves+1 <= uint64(max) {
		out := make([]uint64, moves+1)
		for i := range out {
			out[i] = uint64(i)
		}
		return out
	}
	out := make([]uint64, max)
	for k := range out {
		out[k] = (uint64(k)*moves + uint64(max-1)/2) / uint64(max-1)
	}
	return out
}

// drawTimelapseOf renders the public board after each sampled move of
// match d.Match up to d.Seq, replaying its log once, and animates them.
// Only public views (engine.NoSeat) are drawn: a timelapse is history as
// the channel saw it.
func (s *Service) drawTimelapseOf(ctx context.Context, key storage.MatchKey, d *drawing) ([]byte, error) {
	g := s.game(d.Game)
	if g == nil || g.Board == nil {
		return nil, fmt.Errorf("%s has no board renderer", d.Game)
	}
	m, err := s.matchByID(ctx, key, d.Match)
	if err != nil {
		return nil, err
	}
	log, err := s.store.Log(ctx, d.Match)
	if err != nil {
		return nil, err
	}
	if uint64(len(log)) < d.Seq {
		return nil, fmt.Errorf("match %s has %d answers, not %d", d.Match, len(log), d.Seq)
	}
	rm, err := engine.Start(g.Descriptor, m.Setup)
	if err != nil {
		return nil, err
	}
	log = liveLog(log[:d.Seq]) // taken-back answers are not history
	moves := uint64(len(log))
	var frames []image.Image
	tl := render.Timelapse{MaxSide: timelapseSide, Delay: 70, Hold: 400, Limit: timelapseMax}
	seqs := frameSeqs(moves, maxFrames)
	for n, next := uint64(0), 0; n <= moves; n++ {
		if next < len(seqs) && n == seqs[next] {
			img, err := g.boardImage(rm.State.View(engine.NoSeat), d.Lang)
			if err != nil {
				return nil, fmt.Errorf("board after move %d: %w", n, err)
			}
			frames = append(frames, tl.Shrink(img))
			next++
		}
		if n < moves {
			if _, err := rm.Answer(log[n].Answer()); err != nil {
				return nil, fmt.Errorf("%w: answer %d: %v", engine.ErrReplay, n+1, err)
			}
		}
	}
	return tl.Encode(frames)
}

// boardImage draws a public view as an image: by BoardImage when the game
// has it, else by decoding Board's PNG.
func (g *Game) boardImage(view any, lang string) (image.Image, error) {
	if g.BoardImage != nil {
		return g.BoardImage(view, lang)
	}
	b, err := g.Board(view, lang)
	if err != nil {
		return nil, err
	}
	return png.Decode(bytes.NewReader(b))
}
