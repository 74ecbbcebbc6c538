package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"formica/engine"
	"formica/storage"
)

// Outbox kinds (storage.Message.Kind).
const (
	kindChannel = "channel"
	kindDirect  = "direct"
)

// save commits c and wakes the delivery loop. Only after it returns nil may
// the caller be told the command worked.
func (r *request) save(ctx context.Context, c storage.Change) error {
	c.Match.UpdatedAt = r.s.clock()
	if r.cmd.ID != "" {
		ms := decodeSettings(c.Match.Settings)
		ms.remember(r.cmd.ID)
		c.Match.Settings = ms.encode()
	}
	if _, err := r.s.store.Save(ctx, c); err != nil {
		return err
	}
	r.s.nudge()
	if len(c.Remind) > 0 {
		r.s.wakeScheduler()
	}
	return nil
}

// queue turns messages into outbox records. Direct messages are queued per
// recipient ("@user"), channel posts per channel: each queue is delivered
// in order.
func (r *request) queue(msgs ...Message) []storage.Message {
	out := make([]storage.Message, 0, len(msgs))
	for _, m := range msgs {
		if m.To == Direct && isAIUser(m.User) {
			continue // an AI reads no messages
		}
		if slices.ContainsFunc(m.Mentions, isAIUser) {
			m.Mentions = slices.DeleteFunc(slices.Clone(m.Mentions), isAIUser)
		}
		sm, err := outboxRecord(m, r.key, r.s.clock())
		if err != nil {
			r.s.log.Error("message dropped", "err", err)
			continue
		}
		out = append(out, sm)
	}
	return out
}

// queued is an outbox payload: the message and, for a turn post, what to
// draw on it when it is delivered.
type queued struct {
	Message
	Draw *drawing `json:"draw,omitempty"`
}

func outboxRecord(m Message, key storage.MatchKey, now time.Time) (storage.Message, error) {
	payload, err := json.Marshal(queued{Message: m, Draw: m.draw})
	if err != nil {
		return storage.Message{}, fmt.Errorf("bot: encoding message: %w", err)
	}
	sm := storage.Message{Platform: m.Platform, Match: key, Payload: payload, At: now}
	switch m.To {
	case Channel:
		sm.Kind, sm.To = kindChannel, m.Channel
	case Direct:
		sm.Kind, sm.To = kindDirect, "@"+m.User
	default:
		return storage.Message{}, fmt.Errorf("bot: message for audience %d cannot be queued", m.To)
	}
	return sm, nil
}

// post is a channel message in the channel's language (callers localize
// its text with ct).
func (r *request) post(text string) Message {
	return Message{To: Channel, Platform: r.cmd.Platform, Channel: r.cmd.Channel, Text: text}
}

// direct is a private message to user.
func (r *request) direct(user, text string) Message {
	return Message{To: Direct, Platform: r.cmd.Platform, Channel: r.cmd.Channel, User: user, Text: text}
}

// ct localizes key for the channel.
// ref is text as the caller's platform has it typed ("/join" on
// Telegram, "/ants join" on Discord).
func (r *request) ref(text string) string { return r.s.styler(r.cmd.Platform).CommandRef(text) }

// withNote adds the platform's note on how it reads commands to text.
func (r *request) withNote(text, lang string) string {
	if n := r.s.helpNote(r.cmd.Platform, lang); n != "" {
		return text + "\n" + n
	}
	return text
}

func (r *request) ct(key string, args map[string]string) string {
	return r.bundle().T(r.channelLang(), key, args)
}

// setSnapshot stores st as the match's cached state.
func setSnapshot(m *storage.Match, st engine.State) error {
	b, err := st.MarshalBinary()
	if err != nil {
		return fmt.Errorf("bot: encoding %s state: %w", m.Setup.Game, err)
	}
	h, err := engine.Hash(st)
	if err != nil {
		return err
	}
	m.Snapshot, m.Hash = b, h
	return nil
}

// stats is the record of an ended match; res is nil for an abort.
func (r *request) stats(res *engine.Result) *storage.Stats {
	m := r.match
	st := &storage.Stats{
		MatchID: m.ID, Key: m.Key, Setup: m.Setup, Players: m.Players, Status: m.Status,
		Answers: m.Seq, StartedAt: m.CreatedAt, FinishedAt: r.s.clock(),
	}
	if res != nil {
		st.Scores, st.Rank = res.Scores, res.Rank
	}
	return st
}
