package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"formica/engine"
)

// Status is where a match is in its life.
type Status string

// Match statuses. Finished and aborted matches are moved out of the channel
// (to the finished bucket), so a new match can start there.
const (
	StatusLobby    Status = "lobby"
	StatusActive   Status = "active"
	StatusFinished Status = "finished"
	StatusAborted  Status = "aborted"
)

func (s Status) valid() bool {
	return s == StatusLobby || s == StatusActive || s == StatusFinished || s == StatusAborted
}

// Over reports whether the match has ended (finished or aborted).
func (s Status) Over() bool { return s == StatusFinished || s == StatusAborted }

// Player is a user seated in a match.
type Player struct {
	User string      `json:"user"` // platform user id
	Name string      `json:"name"` // display name when they joined
	Seat engine.Seat `json:"seat"`
}

// Match is the stored record of one match: its lobby, its setup and a cache
// of its current engine state. The answer log is stored separately (Log);
// it is the truth, Snapshot is a cache that replaying the log rebuilds.
type Match struct {
	Key       MatchKey     `json:"key"`
	ID        string       `json:"id"` // NewID; names the log and the finished record
	Setup     engine.Setup `json:"setup"`
	Creator   string       `json:"creator"` // user id of who opened the lobby
	Players   []Player     `json:"players,omitempty"`
	Status    Status       `json:"status"`
	CreatedAt time.Time    `json:"created_at"`
	UpdatedAt time.Time    `json:"updated_at"`
	// Settings are the bot's own match settings (deadline policy...), opaque
	// here; it must be valid JSON or empty.
	Settings json.RawMessage `json:"settings,omitempty"`
	// Seq is the number of answers in the log; a change must continue it.
	Seq      uint64 `json:"seq"`
	Snapshot []byte `json:"snapshot,omitempty"` // engine.State.MarshalBinary
	Hash     string `json:"hash,omitempty"`     // engine.Hash of Snapshot
}

func (m *Match) validate() error {
	if m == nil {
		return invalid("change has no match")
	}
	if err := m.Key.validate(); err != nil {
		return err
	}
	if m.ID == "" {
		return invalid("match %s has no id (use storage.NewID)", m.Key)
	}
	if !m.Status.valid() {
		return invalid("match %s has unknown status %q", m.Key, m.Status)
	}
	if len(m.Settings) > 0 && !json.Valid(m.Settings) {
		return invalid("match %s settings are not valid JSON", m.Key)
	}
	return nil
}

// LogEntry is one acknowledged answer.
type LogEntry struct {
	Seq  uint64      `json:"seq"` // 1, 2, 3... in the order applied
	Seat engine.Seat `json:"seat"`
	Path engine.Path `json:"path"`
	User string      `json:"user,omitempty"` // who typed it (a substitute may answer for a seat)
	At   time.Time   `json:"at"`
}

// Answer returns the entry as the engine replays it.
func (e LogEntry) Answer() engine.Answer { return engine.Answer{Seat: e.Seat, Path: e.Path} }

// Stats is the record kept of a finished game.
type Stats struct {
	MatchID    string       `json:"match_id"`
	Key        MatchKey     `json:"key"`
	Setup      engine.Setup `json:"setup"`
	Players    []Player     `json:"players"`
	Scores     []int        `json:"scores,omitempty"` // by seat
	Rank       []int        `json:"rank,omitempty"`   // by seat, 1 = winner, ties share
	Status     Status       `json:"status"`           // finished or aborted
	Answers    uint64       `json:"answers"`
	StartedAt  time.Time    `json:"started_at"`
	FinishedAt time.Time    `json:"finished_at"`
}

// Winners returns the players ranked first.
func (s Stats) Winners() []Player {
	var w []Player
	for _, p := range s.Players {
		if int(p.Seat) >= 0 && int(p.Seat) < len(s.Rank) && s.Rank[p.Seat] == 1 {
			w = append(w, p)
		}
	}
	return w
}

// Match returns the lobby or active match in a channel, or ErrNotFound.
func (db *DB) Match(ctx context.Context, key MatchKey) (*Match, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var m *Match
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		m, err = loadMatch(tx, key)
		return err
	})
	if err == nil && m == nil {
		return nil, fmt.Errorf("%w: no match in %s", ErrNotFound, key)
	}
	return m, err
}

// Matches returns every lobby and active match, for start-up. A record that
// fails to decode is reported in errs as a *RecordError and skipped; err is
// for failures of the whole read.
func (db *DB) Matches(ctx context.Context) (ms []*Match, errs []error, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	err = db.view(func(tx *bolt.Tx) error {
		ms, errs = nil, nil
		b, err := bucket(tx, bkMatches)
		if err != nil {
			return err
		}
		return b.ForEach(func(k, v []byte) error {
			m, err := decodeMatch(k, v)
			if err != nil {
				errs = append(errs, err)
				return nil
			}
			ms = append(ms, m)
			return nil
		})
	})
	return ms, errs, err
}

// Log returns a match's answers in order (by match id, so it also reads
// finished matches).
func (db *DB) Log(ctx context.Context, matchID string) ([]LogEntry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var log []LogEntry
	err := db.view(func(tx *bolt.Tx) error {
		logs, err := bucket(tx, bkLogs)
		if err != nil {
			return err
		}
		b := logs.Bucket([]byte(matchID))
		if b == nil {
			return fmt.Errorf("%w: no log for match %q", ErrNotFound, matchID)
		}
		return b.ForEach(func(k, v []byte) error {
			var e LogEntry
			if err := decodeJSON(v, &e); err != nil {
				// The log is the truth: no skipping, but name the entry.
				return &RecordError{Bucket: bkLogs, Key: matchID + "/" + formatID(k), Err: err}
			}
			log = append(log, e)
			return nil
		})
	})
	return log, err
}

// FinishedMatch returns a finished or aborted match by id.
func (db *DB) FinishedMatch(ctx context.Context, id string) (*Match, error) {
	var m Match
	err := db.get(ctx, bkFinished, []byte(id), &m)
	return &m, err
}

// MatchStats returns the stats of one finished match.
func (db *DB) MatchStats(ctx context.Context, id string) (Stats, error) {
	var s Stats
	err := db.get(ctx, bkStats, []byte(id), &s)
	return s, err
}

// AllStats returns the stats of every finished match; undecodable records
// are reported in errs and skipped.
func (db *DB) AllStats(ctx context.Context) (all []Stats, errs []error, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	err = db.view(func(tx *bolt.Tx) error {
		all, errs = nil, nil
		b, err := bucket(tx, bkStats)
		if err != nil {
			return err
		}
		return b.ForEach(func(k, v []byte) error {
			var s Stats
			if err := json.Unmarshal(v, &s); err != nil {
				errs = append(errs, &RecordError{Bucket: bkStats, Key: string(k), Err: err})
				return nil
			}
			all = append(all, s)
			return nil
		})
	})
	return all, errs, err
}

// get decodes one record or returns ErrNotFound.
func (db *DB) get(ctx context.Context, bk string, key []byte, into any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return db.view(func(tx *bolt.Tx) error {
		b, err := bucket(tx, bk)
		if err != nil {
			return err
		}
		v := b.Get(key)
		if v == nil {
			return fmt.Errorf("%w: %s %q", ErrNotFound, bk, key)
		}
		if err := json.Unmarshal(v, into); err != nil {
			return &RecordError{Bucket: bk, Key: string(key), Err: err}
		}
		return nil
	})
}

// loadMatch returns nil, nil when the channel has no match.
func loadMatch(tx *bolt.Tx, key MatchKey) (*Match, error) {
	if err := key.validate(); err != nil {
		return nil, err
	}
	b, err := bucket(tx, bkMatches)
	if err != nil {
		return nil, err
	}
	v := b.Get([]byte(key.String()))
	if v == nil {
		return nil, nil
	}
	return decodeMatch([]byte(key.String()), v)
}

// decodeMatch decodes the match record under key k. A record that decodes
// but is not a match of that channel ("{}", another channel's) is as
// undecodable as broken JSON: the bot would act on an empty match.
func decodeMatch(k, v []byte) (*Match, error) {
	var m Match
	err := json.Unmarshal(v, &m)
	if err == nil {
		if err = m.validate(); err == nil && m.Key.String() != string(k) {
			err = fmt.Errorf("the record is for %s", m.Key)
		}
	}
	if err != nil {
		return nil, &RecordError{Bucket: bkMatches, Key: string(k), Err: err}
	}
	return &m, nil
}

// putJSON encodes v (encoding/json: struct fields in order, map keys sorted,
// so equal values give equal bytes).
func putJSON(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return invalid("encoding %T: %v", v, err)
	}
	return b.Put(key, data)
}

// Move moves the lobby or active match of channel from to channel to, with
// its reminders, in one transaction: a Telegram group upgraded to a
// supergroup gets a new chat id and keeps its game. The log and finished
// records are keyed by match id and stay. It returns an error wrapping
// ErrNotFound when from holds no match and ErrConflict when to holds one.
func (db *DB) Move(ctx context.Context, from, to MatchKey) error {
	if err := from.validate(); err != nil {
		return err
	}
	if err := to.validate(); err != nil {
		return err
	}
	err := db.write(ctx, func(tx *bolt.Tx) error {
		m, err := loadMatch(tx, from)
		if err != nil {
			return err
		}
		if m == nil {
			return ErrNotFound
		}
		if other, err := loadMatch(tx, to); err != nil || other != nil {
			if err != nil {
				return err
			}
			return fmt.Errorf("%w: channel %s already holds match %s", ErrConflict, to, other.ID)
		}
		act, err := bucket(tx, bkMatches)
		if err != nil {
			return err
		}
		if err := act.Delete([]byte(from.String())); err != nil {
			return err
		}
		m.Key = to
		if err := putJSON(act, []byte(to.String()), m); err != nil {
			return err
		}
		return moveReminders(tx, from, to)
	})
	if err != nil {
		return fmt.Errorf("storage: move %s to %s: %w", from, to, err)
	}
	return nil
}
