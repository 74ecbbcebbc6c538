package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"formica/bot/i18n"

	"formica/engine"
	"formica/storage"
)

// ErrNoMatch: no match where a MatchRef points.
var ErrNoMatch = errors.New("bot: no such match")

// MatchRef points at a match: the one in a channel, or an ended one by id.
type MatchRef struct {
	Platform string
	Channel  string
	ID       string // when set, an ended match with this id is found too
}

// MatchInfo is a read-only summary of a match for adapters, tools and the
// reminder scheduler. It holds public information only.
type MatchInfo struct {
	ID       string           `json:"id"`
	Key      storage.MatchKey `json:"key"`
	Game     string           `json:"game"`
	Setup    engine.Setup     `json:"setup"`
	Status   storage.Status   `json:"status"`
	Creator  string           `json:"creator"`
	Players  []storage.Player `json:"players"`
	Version  int              `json:"version"` // answers applied (button payloads carry it)
	Settings MatchSettings    `json:"settings"`
	// Waiting are the prompts pending now, with the user at each seat.
	Waiting []Waiting `json:"waiting,omitempty"`
	// View is the spectator view (nil in the lobby).
	View   json.RawMessage `json:"view,omitempty"`
	Result *engine.Result  `json:"result,omitempty"`
}

// Waiting is one pending prompt and who must answer it.
type Waiting struct {
	engine.Prompt
	User string `json:"user"`
}

// Info summarizes the match ref points at.
func (s *Service) Info(ctx context.Context, ref MatchRef) (MatchInfo, error) {
	m, _, st, err := s.lookup(ctx, ref)
	if err != nil {
		return MatchInfo{}, err
	}
	info := MatchInfo{
		ID: m.ID, Key: m.Key, Game: m.Setup.Game, Setup: m.Setup, Status: m.Status, Creator: m.Creator,
		Players: m.Players, Version: int(m.Seq), Settings: decodeSettings(m.Settings),
	}
	if st == nil {
		return info, nil
	}
	for _, p := range st.Pending() {
		w := Waiting{Prompt: p}
		for _, pl := range m.Players {
			if pl.Seat == p.Seat {
				w.User = pl.User
			}
		}
		info.Waiting = append(info.Waiting, w)
	}
	if info.View, err = json.Marshal(st.View(engine.NoSeat)); err != nil {
		return MatchInfo{}, fmt.Errorf("bot: encoding view of %s: %w", m.ID, err)
	}
	info.Result = st.Result()
	return info, nil
}

// Board renders the spectator board of the match ref points at.
func (s *Service) Board(ctx context.Context, ref MatchRef) ([]byte, error) {
	m, g, st, err := s.lookup(ctx, ref)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return nil, fmt.Errorf("%w: match %s has not started", ErrNoMatch, m.ID)
	}
	if g.Board == nil {
		return nil, fmt.Errorf("bot: game %s has no board renderer", g.ID)
	}
	lang := i18n.Lang(decodeSettings(m.Settings).Lang)
	if lang == "" {
		lang = s.lang
	}
	return g.Board(st.View(engine.NoSeat), lang)
}

// lookup loads a match, its game and (once started) its state.
func (s *Service) lookup(ctx context.Context, ref MatchRef) (*storage.Match, *Game, engine.State, error) {
	var m *storage.Match
	var err error
	if ref.Platform != "" && ref.Channel != "" {
		m, err = s.store.Match(ctx, storage.MatchKey{Platform: ref.Platform, Channel: ref.Channel})
		if ref.ID != "" && err == nil && m.ID != ref.ID {
			m, err = nil, storage.ErrNotFound
		}
	}
	if (m == nil || err != nil) && ref.ID != "" {
		m, err = s.store.FinishedMatch(ctx, ref.ID)
	}
	if m == nil && err == nil {
		err = storage.ErrNotFound
	}
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil, nil, fmt.Errorf("%w: %+v", ErrNoMatch, ref)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	g := s.game(m.Setup.Game)
	if g == nil {
		return nil, nil, nil, fmt.Errorf("bot: match %s is a %q game, which this build does not offer", m.ID, m.Setup.Game)
	}
	if len(m.Snapshot) == 0 {
		return m, g, nil, nil
	}
	st, err := g.Decode(m.Snapshot)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("bot: decoding snapshot of %s: %w", m.ID, err)
	}
	return m, g, st, nil
}
