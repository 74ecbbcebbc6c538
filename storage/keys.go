package storage

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
	"strings"
	"time"

	"formica/engine"
)

// MatchKey names the place a match is played: one match at a time per chat
// channel (Discord channel id, Telegram chat id).
type MatchKey struct {
	Platform string `json:"platform"` // "discord", "telegram", "console"
	Channel  string `json:"channel"`
}

// String returns "platform:channel", the form stored as the record key.
func (k MatchKey) String() string { return k.Platform + ":" + k.Channel }

// ParseMatchKey reads the form written by MatchKey.String.
func ParseMatchKey(s string) (MatchKey, error) {
	p, c, ok := strings.Cut(s, ":")
	k := MatchKey{Platform: p, Channel: c}
	if !ok {
		return k, invalid("match key %q has no platform prefix (want platform:channel)", s)
	}
	return k, k.validate()
}

func (k MatchKey) validate() error {
	if k.Platform == "" || k.Channel == "" || strings.Contains(k.Platform, ":") || len(k.Channel) > 512 {
		return invalid("match key %q needs a platform without ':' and a channel", k.String())
	}
	return nil
}

// UserKey names a user on one platform.
type UserKey struct {
	Platform string `json:"platform"`
	ID       string `json:"id"`
}

// String returns "platform:id", the form stored as the record key.
func (k UserKey) String() string { return k.Platform + ":" + k.ID }

func (k UserKey) validate() error {
	if k.Platform == "" || k.ID == "" || strings.Contains(k.Platform, ":") {
		return invalid("user key %q needs a platform without ':' and an id", k.String())
	}
	return nil
}

// NewID returns a short random match id (16 lowercase base32 characters, 80
// random bits), unique without coordination.
func NewID() string {
	var b [10]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on Linux (Go 1.24+ panics instead)
	return strings.ToLower(base32.StdEncoding.EncodeToString(b[:]))
}

// u64 encodes a sequence number so bbolt's byte order is numeric order.
func u64(n uint64) []byte {
	return binary.BigEndian.AppendUint64(nil, n)
}

// validTime rejects the zero time and years UnixNano cannot represent
// (it would wrap around and break the index order).
func validTime(t time.Time) bool {
	y := t.Year()
	return !t.IsZero() && y > 1677 && y < 2262
}

// timeKey orders by time, then by id. The sign bit is flipped so times before
// 1970 still sort first.
func timeKey(t time.Time, id uint64) []byte {
	k := make([]byte, 0, 16)
	k = binary.BigEndian.AppendUint64(k, uint64(t.UnixNano())^(1<<63))
	return binary.BigEndian.AppendUint64(k, id)
}

// matchSeatKey indexes reminders by match and seat: a length-prefixed match
// key (so "a:b" never prefixes "a:bc"), the seat, the reminder id.
func matchSeatKey(k MatchKey, seat engine.Seat, id uint64) []byte {
	b := matchPrefix(k)
	b = binary.BigEndian.AppendUint32(b, uint32(int32(seat))^(1<<31))
	return binary.BigEndian.AppendUint64(b, id)
}

func matchPrefix(k MatchKey) []byte {
	s := k.String()
	b := make([]byte, 0, 2+len(s)+12)
	b = binary.BigEndian.AppendUint16(b, uint16(len(s)))
	return append(b, s...)
}

func matchSeatPrefix(k MatchKey, seat engine.Seat) []byte {
	return binary.BigEndian.AppendUint32(matchPrefix(k), uint32(int32(seat))^(1<<31))
}
