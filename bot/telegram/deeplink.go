package telegram

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
)

// A deep link t.me/<bot>?start=<payload> opens the bot's private chat; when
// the user presses Start, the bot receives "/start <payload>". The payload
// is at most 64 characters of [A-Za-z0-9_-]. Ours is stateless, so nothing
// needs storing and a restart breaks no link:
//
//	payload = action base64url(varint(chat) uvarint(thread) mac)
//	mac     = HMAC-SHA256(key, action chat thread user)[:6]
//	key     = SHA-256("formica/telegram/deeplink\x00" token)
//
// The MAC binds the link to the user it was posted for, so a forwarded or
// forged link cannot seat someone else or reach another chat. At most
// 1 + base64(10+10+6 bytes) = 36 characters.

// linkAction is what following a deep link does.
type linkAction byte

const (
	// linkJoin joins the game in the group (the user could not be written
	// to, so the join waited for them to open the private chat).
	linkJoin linkAction = 'j'
	// linkOpen only opens the private chat, then resends the user's private
	// view of the game in the group ("hand").
	linkOpen linkAction = 'o'
)

const macLen = 6

var errLink = errors.New("telegram: invalid or foreign start link")

type linker struct{ key []byte }

func newLinker(token string) linker {
	k := sha256.Sum256([]byte("formica/telegram/deeplink\x00" + token))
	return linker{key: k[:]}
}

func (l linker) mac(a linkAction, p place, user int64) []byte {
	m := hmac.New(sha256.New, l.key)
	var b [1 + 3*binary.MaxVarintLen64]byte
	b[0] = byte(a)
	n := 1
	n += binary.PutVarint(b[n:], p.Chat)
	n += binary.PutVarint(b[n:], p.Thread)
	n += binary.PutVarint(b[n:], user)
	m.Write(b[:n])
	return m.Sum(nil)[:macLen]
}

// encode makes the start payload for user to perform a in p.
func (l linker) encode(a linkAction, p place, user int64) string {
	b := binary.AppendVarint(nil, p.Chat)
	b = binary.AppendUvarint(b, uint64(p.Thread))
	b = append(b, l.mac(a, p, user)...)
	return string(a) + base64.RawURLEncoding.EncodeToString(b)
}

// decode checks a start payload sent by user and returns what it asks.
func (l linker) decode(payload string, user int64) (linkAction, place, error) {
	if len(payload) < 2 || len(payload) > 64 {
		return 0, place{}, errLink
	}
	a := linkAction(payload[0])
	if a != linkJoin && a != linkOpen {
		return 0, place{}, errLink
	}
	// The decoder skips CR and LF even in strict mode; a start parameter
	// has neither, so only the canonical alphabet is accepted.
	for _, c := range []byte(payload[1:]) {
		if !isLinkByte(c) {
			return 0, place{}, errLink
		}
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(payload[1:])
	if err != nil {
		return 0, place{}, errLink
	}
	var p place
	chat, n := binary.Varint(b)
	if n <= 0 {
		return 0, place{}, errLink
	}
	thread, m := binary.Uvarint(b[n:])
	if m <= 0 || thread > 1<<53 || len(b[n+m:]) != macLen {
		return 0, place{}, errLink
	}
	p.Chat, p.Thread = chat, int64(thread)
	if !hmac.Equal(b[n+m:], l.mac(a, p, user)) {
		return 0, place{}, fmt.Errorf("%w (made for another user)", errLink)
	}
	return a, p, nil
}

// isLinkByte reports whether c is in the base64url alphabet.
func isLinkByte(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_'
}
