package bot

import (
	"context"
	"errors"

	"formica/storage"
)

// MoveChannel moves the game of channel from to channel to on platform,
// with its reminders: a Telegram group upgraded to a supergroup gets a new
// chat id and keeps its game. A channel without a game is not an error.
// Both channels are locked, in a fixed order, so no answer races the move.
func (s *Service) MoveChannel(ctx context.Context, platform, from, to string) error {
	first, second := platform+":"+from, platform+":"+to
	if second < first {
		first, second = second, first
	}
	unlock1, err := s.locks.Lock(ctx, first)
	if err != nil {
		return err
	}
	defer unlock1()
	unlock2, err := s.locks.Lock(ctx, second)
	if err != nil {
		return err
	}
	defer unlock2()
	err = s.store.Move(ctx, storage.MatchKey{Platform: platform, Channel: from}, storage.MatchKey{Platform: platform, Channel: to})
	if errors.Is(err, storage.ErrNotFound) {
		return nil
	}
	if err == nil {
		s.log.Info("game moved to a new channel", "platform", platform, "from", from, "to", to)
	}
	return err
}
