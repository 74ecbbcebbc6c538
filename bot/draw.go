package bot

import (
	"context"
	"fmt"

	"formica/engine"
	"formica/render"
	"formica/storage"
)

// drawing names an image to render when a queued message is delivered:
// the board (Seat NoSeat) or one seat's private view, as the match stood
// after answer Seq. Turns are committed first and drawn afterwards, so an
// answer is acknowledged as soon as it is durable and the outbox holds no
// images.
type drawing struct {
	Match string      `json:"match"` // match id
	Game  string      `json:"game"`
	Seq   uint64      `json:"seq"`
	Seat  engine.Seat `json:"seat"`
	Lang  string      `json:"lang"` // of the channel, or of the seat's player
	// Kind is "" for a board or hand, drawTimelapse for the game's public
	// boards animated, drawScores for the final table (Scores).
	Kind   string     `json:"kind,omitempty"`
	Scores *scoreCard `json:"scores,omitempty"`
}

// drawing is the image of the current match after this request's commit,
// with its words in lang.
func (r *request) drawing(seat engine.Seat, lang string) *drawing {
	return &drawing{Match: r.match.ID, Game: r.game.ID, Seq: r.match.Seq, Seat: seat, Lang: lang}
}

// render draws d onto m. A failure is logged and the message goes out as
// text: a turn never stalls on a renderer.
func (s *Service) render(ctx context.Context, key storage.MatchKey, d *drawing, m *Message) {
	if d.Seat != engine.NoSeat {
		s.describe(ctx, key, d, m)
	}
	var img []byte
	var err error
	switch d.Kind {
	case drawTimelapse:
		img, err = s.drawTimelapseOf(ctx, key, d)
	case drawScores:
		if d.Scores == nil {
			err = fmt.Errorf("a score table without scores")
		} else {
			img, err = render.ScoreTable(d.Scores.Title, d.Scores.Head, d.Scores.Rows)
		}
	default:
		img, err = s.draw(ctx, key, d)
	}
	if err != nil {
		s.renderFailed(d, err)
		return
	}
	m.Image = img
	m.ImageName = d.imageName()
}

// drawLogged draws a board or hand (s.draw), logging a failure.
func (s *Service) drawLogged(ctx context.Context, key storage.MatchKey, d *drawing) ([]byte, error) {
	img, err := s.draw(ctx, key, d)
	if err != nil {
		s.renderFailed(d, err)
	}
	return img, err
}

func (s *Service) renderFailed(d *drawing, err error) {
	s.log.Error("render failed; sending text only", "match", d.Match, "seq", d.Seq, "seat", d.Seat, "err", err)
}

// imageName is the file name of d's image.
func (d *drawing) imageName() string {
	switch {
	case d.Kind == drawTimelapse:
		return d.Game + "-timelapse.gif"
	case d.Kind == drawScores:
		return d.Game + "-scores.png"
	case d.Seat == engine.NoSeat:
		return fmt.Sprintf("%s-%d.png", d.Game, d.Seq)
	}
	return d.Game + "-" + d.Seat.String() + ".png"
}

// describe sets m.Alt to a seat's private view in words, for adapters that
// cannot post its image.
func (s *Service) describe(ctx context.Context, key storage.MatchKey, d *drawing, m *Message) {
	g := s.game(d.Game)
	if g == nil || g.PrivateText == nil {
		return
	}
	st, err := s.stateAt(ctx, key, d.Match, d.Seq)
	if err == nil {
		m.Alt, err = g.PrivateText(st.View(d.Seat), d.Lang)
	}
	if err != nil {
		s.log.Warn("private view in words failed", "match", d.Match, "seat", d.Seat, "err", err)
	}
}

func (s *Service) draw(ctx context.Context, key storage.MatchKey, d *drawing) ([]byte, error) {
	g := s.game(d.Game)
	if g == nil {
		return nil, fmt.Errorf("unknown game %q", d.Game)
	}
	st, err := s.stateAt(ctx, key, d.Match, d.Seq)
	if err != nil {
		return nil, err
	}
	if d.Seat == engine.NoSeat {
		if g.Board == nil {
			return nil, fmt.Errorf("%s has no board renderer", g.ID)
		}
		return g.Board(st.View(engine.NoSeat), d.Lang)
	}
	if g.Private == nil {
		return nil, fmt.Errorf("%s has no private renderer", g.ID)
	}
	return g.Private(st.View(d.Seat), d.Lang)
}

// stateAt returns match id's state after answer seq: the stored snapshot
// when the match has not moved on, else a replay of its log (the engine is
// deterministic, so the replay is the state that was committed).
func (s *Service) stateAt(ctx context.Context, key storage.MatchKey, id string, seq uint64) (engine.State, error) {
	m, err := s.matchByID(ctx, key, id)
	if err != nil {
		return nil, err
	}
	g := s.game(m.Setup.Game)
	if g == nil {
		return nil, fmt.Errorf("unknown game %q", m.Setup.Game)
	}
	if m.Seq == seq && len(m.Snapshot) > 0 {
		return g.Decode(m.Snapshot)
	}
	log, err := s.store.Log(ctx, id)
	if err != nil {
		return nil, err
	}
	if uint64(len(log)) < seq {
		return nil, fmt.Errorf("match %s has %d answers, not %d", id, len(log), seq)
	}
	rm, err := engine.Replay(g.Descriptor, m.Setup, answersOf(liveLog(log[:seq])))
	if err != nil {
		return nil, err
	}
	return rm.State, nil
}

// matchByID returns match id: the one in key's channel while it is there,
// else the ended record.
func (s *Service) matchByID(ctx context.Context, key storage.MatchKey, id string) (*storage.Match, error) {
	m, err := s.store.Match(ctx, key)
	if err == nil && m.ID == id {
		return m, nil
	}
	return s.store.FinishedMatch(ctx, id)
}
