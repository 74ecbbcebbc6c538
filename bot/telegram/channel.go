package telegram

import (
	"fmt"
	"strconv"
	"strings"
)

// place is where a message goes: a chat and, in forum supergroups, a topic.
// Its text form is bot.Command.Channel: "chatid" or "chatid/threadid".
type place struct {
	Chat   int64
	Thread int64 // message_thread_id; 0 = the chat itself (or the General topic)
}

func (p place) String() string {
	if p.Thread == 0 {
		return strconv.FormatInt(p.Chat, 10)
	}
	return strconv.FormatInt(p.Chat, 10) + "/" + strconv.FormatInt(p.Thread, 10)
}

// parsePlace reads a Channel written by place.String.
func parsePlace(s string) (place, error) {
	chat, thread, hasThread := strings.Cut(s, "/")
	var p place
	var err error
	if p.Chat, err = strconv.ParseInt(chat, 10, 64); err != nil || p.Chat == 0 {
		return place{}, fmt.Errorf("telegram: channel %q is not a chat id or chat/topic", s)
	}
	if hasThread {
		if p.Thread, err = strconv.ParseInt(thread, 10, 64); err != nil || p.Thread <= 0 {
			return place{}, fmt.Errorf("telegram: channel %q has a bad topic id", s)
		}
	}
	return p, nil
}
