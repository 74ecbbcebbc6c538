package bot

import (
	"context"
	"errors"
	"strings"

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

// SetChannelAway records that the bot was removed from channel (away) or
// added back, for the games in it and, on platforms where a channel holds
// topics ("chat/topic"), in its topics. The games are kept; while away
// their reminders and deadlines do nothing.
func (s *Service) SetChannelAway(ctx context.Context, platform, channel string, away bool) error {
	all, _, err := s.store.Matches(ctx)
	if err != nil {
		return err
	}
	for _, m := range all {
		if m.Key.Platform != platform || m.Key.Channel != channel && !strings.HasPrefix(m.Key.Channel, channel+"/") {
			continue
		}
		if err := s.setAway(ctx, m.Key, away); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) setAway(ctx context.Context, key storage.MatchKey, away bool) error {
	unlock, err := s.locks.Lock(ctx, key.Platform+":"+key.Channel)
	if err != nil {
		return err
	}
	defer unlock()
	m, err := s.store.Match(ctx, key)
	if err != nil {
		return err
	}
	ms := decodeSettings(m.Settings)
	if ms.Away == away {
		return nil
	}
	ms.Away = away
	m.Settings = ms.encode()
	m.UpdatedAt = s.clock()
	_, err = s.store.Save(ctx, storage.Change{Match: m})
	if err == nil {
		s.log.InfoContext(ctx, "bot's presence in the channel changed", "platform", key.Platform, "match", key.String(), "away", away)
	}
	return err
}
