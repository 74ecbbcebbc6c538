package bot

import (
	"context"

	"formica/engine"
	"formica/storage"
)

// Permission wrappers for routes: each checks one thing about the caller
// and refuses with a localized reason.
type runFunc = func(ctx context.Context, r *request) ([]Message, error)

// needMatch refuses when the channel has no match.
func needMatch(next runFunc) runFunc {
	return func(ctx context.Context, r *request) ([]Message, error) {
		if r.match == nil {
			return nil, r.noMatch()
		}
		return next(ctx, r)
	}
}

// needCreator lets only the match's creator or a channel admin through.
func needCreator(next runFunc) runFunc {
	return func(ctx context.Context, r *request) ([]Message, error) {
		if r.match.Creator != r.cmd.User.ID && !r.cmd.Admin {
			return nil, refuse("err.not_creator", map[string]string{"creator": r.playerName(r.match.Creator)})
		}
		return next(ctx, r)
	}
}

// needSeat lets only seated players of a started match through.
func needSeat(next runFunc) runFunc {
	return func(ctx context.Context, r *request) ([]Message, error) {
		if r.match.Status == storage.StatusLobby {
			return nil, refuse("err.not_started", nil)
		}
		if _, ok := r.seat(); !ok {
			return nil, refuse("err.not_player", nil)
		}
		return next(ctx, r)
	}
}

func (r *request) noMatch() error {
	if r.cmd.Channel == "" {
		return refuse("err.private_chat", nil)
	}
	return refuse("err.no_match", map[string]string{"games": r.s.gameIDs()})
}

// seat returns the caller's seat in the match.
func (r *request) seat() (engine.Seat, bool) {
	for _, p := range r.match.Players {
		if p.User == r.cmd.User.ID {
			return p.Seat, true
		}
	}
	return engine.NoSeat, false
}

// playerName names a user of the match for display.
func (r *request) playerName(user string) string {
	for _, p := range r.match.Players {
		if p.User == user {
			return p.Name
		}
	}
	return user
}
