package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"formica/bot"
)

// Timings of the adapter's own deliveries (replies to the caller and
// notices), which do not go through the service's outbox.
const (
	replyAttempts = 4
	maxReplyWait  = 30 * time.Second
	askJoinEvery  = time.Minute      // a player retrying /join gets the link again
	askOpenEvery  = 30 * time.Minute // "open a private chat" for views, per player and game
	adminTTL      = 2 * time.Minute
)

// reply delivers the service's answers to the user who acted. After a
// button press the first short plain answer becomes the press's toast (only
// the presser sees it); the rest go by DM, never to the group.
//
// A press on a DM prompt (the next step of a move) is answered by editing
// that message in place, so a move built with buttons reads as one message;
// when the answer has no buttons the pressed prompt loses its own.
func (a *Adapter) reply(ctx context.Context, uid int64, query string, msgs []bot.Message) {
	a.replyTo(ctx, uid, query, nil, msgs)
}

func (a *Adapter) replyTo(ctx context.Context, uid int64, query string, pressed *tgbotapi.Message, msgs []bot.Message) {
	inDM := pressed != nil && pressed.Chat != nil && pressed.Chat.Type == "private"
	edited := false
	toast := ""
	var queue []bot.Message
	for _, m := range msgs {
		if m.Duplicate {
			// A redelivered update: the sender got the first answer.
			continue
		}
		if inDM && !edited && m.To == bot.Caller && len(m.Buttons) > 0 && m.Image == nil && pressed.Photo == nil {
			m.Platform = Platform
			if ps := a.parts(m, true); len(ps) == 1 {
				done, err := a.edit(ctx, place{Chat: pressed.Chat.ID}, sentRef{id: pressed.MessageID}, ps[0], "")
				if done && err == nil {
					edited = true
					continue
				}
			}
		}
		if query != "" && toast == "" && m.To == bot.Caller && m.Image == nil && len(m.Buttons) == 0 &&
			m.Text != "" && visibleLen(m.Text) <= maxCallback {
			toast = m.Text
			continue
		}
		if m.Platform == "" {
			m.Platform = Platform
		}
		if m.To == bot.Caller && m.User == "" {
			m.User = strconv.FormatInt(uid, 10)
		}
		queue = append(queue, m)
	}
	a.sendReplies(ctx, queue)
	if query != "" {
		a.answer(ctx, query, toast, "")
	}
	if inDM && !edited && pressed.ReplyMarkup != nil {
		a.dropKeyboard(ctx, pressed.Chat.ID, pressed.MessageID)
	}
}

// dropKeyboard removes the buttons of a DM prompt that was answered.
func (a *Adapter) dropKeyboard(ctx context.Context, chat int64, msg int) {
	params := tgbotapi.Params{}
	params.AddNonZero64("chat_id", chat)
	params.AddNonZero("message_id", msg)
	if _, err := a.client.call(ctx, "editMessageReplyMarkup", params); err != nil {
		a.log.DebugContext(ctx, "telegram: could not remove answered buttons", "err", err)
	}
}

// sendReplies delivers replies in order. A photo that fails goes out as
// text at once. When Telegram asks to wait (or a post fails and may work
// later), the rest is delivered in the background, so handling one update
// never holds the update loop for seconds; the background work ends with
// Run.
func (a *Adapter) sendReplies(ctx context.Context, msgs []bot.Message) {
	for i, m := range msgs {
		err := a.sendReply(ctx, m)
		if err == nil || errors.Is(err, bot.ErrPermanent) {
			continue
		}
		rest := msgs[i:]
		a.bg.Add(1)
		go func() {
			defer a.bg.Done()
			a.retryReplies(ctx, rest, err)
		}()
		return
	}
}

// sendReply makes one attempt at a reply; on a permanent failure of a
// private reply it asks the player in the group to open the private chat.
func (a *Adapter) sendReply(ctx context.Context, m bot.Message) error {
	to, err := target(m)
	if err != nil || m.Platform != Platform {
		a.log.ErrorContext(ctx, "telegram: reply has no valid target", "user", m.User, "err", err)
		return fmt.Errorf("%w: %w", bot.ErrPermanent, err)
	}
	err = a.send(ctx, to, m, replyPhotoAttempts)
	if errors.Is(err, bot.ErrPermanent) && m.To != bot.Channel {
		// Send logged it. A reply nobody queued: ask the player in the
		// group to open the private chat (throttled).
		if uid, perr := strconv.ParseInt(m.User, 10, 64); perr == nil && isForbidden(err) {
			if p, perr := parsePlace(m.Channel); perr == nil {
				a.askToOpen(ctx, p, uid, "", linkOpen)
			}
		}
	}
	return err
}

// retryReplies delivers msgs, the first of which failed with err; it gives
// up on a message (and logs) after a few attempts or on a long wait.
func (a *Adapter) retryReplies(ctx context.Context, msgs []bot.Message, err error) {
	for i, m := range msgs {
		if i > 0 {
			err = a.sendReply(ctx, m)
		}
		err = a.retry(ctx, err, func() error { return a.sendReply(ctx, m) })
		if ctx.Err() != nil {
			return
		}
		if err != nil && !errors.Is(err, bot.ErrPermanent) {
			a.log.ErrorContext(ctx, "telegram: reply not delivered", "user", m.User, "err", err)
		}
	}
}

// retry calls try again after err until it succeeds, fails for good, or
// replyAttempts or maxReplyWait run out, waiting out rate limits (and
// doubling the wait otherwise). It returns the last error.
func (a *Adapter) retry(ctx context.Context, err error, try func() error) error {
	wait := 500 * time.Millisecond
	for attempt := 1; err != nil && !errors.Is(err, bot.ErrPermanent); attempt++ {
		var ra *bot.RetryAfter
		if errors.As(err, &ra) {
			wait = ra.Delay
		}
		if attempt == replyAttempts || wait > maxReplyWait {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-a.cfg.After(wait):
		}
		wait *= 2
		err = try()
	}
	return err
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// answer answers a callback query: a toast, or a url to open (a start link).
func (a *Adapter) answer(ctx context.Context, query, text, url string) {
	params := tgbotapi.Params{"callback_query_id": query}
	params.AddNonEmpty("text", text)
	params.AddNonEmpty("url", url)
	params.AddBool("show_alert", visibleLen(text) > 60)
	if _, err := a.client.call(ctx, "answerCallbackQuery", params); err != nil {
		a.log.WarnContext(ctx, "telegram: answerCallbackQuery failed", "err", err)
	}
}

// canDM reports whether the bot may write to uid privately. Telegram only
// allows it once the user opened the private chat; a "typing" chat action
// finds out without posting anything.
func (a *Adapter) canDM(ctx context.Context, uid int64) bool {
	if ok, _ := a.reachability(uid); ok {
		return true
	}
	params := tgbotapi.Params{"action": tgbotapi.ChatTyping}
	params.AddNonZero64("chat_id", uid)
	_, err := a.client.call(ctx, "sendChatAction", params)
	if err == nil {
		a.setReachable(uid, true)
		return true
	}
	// Only a 403 says no; on other failures let the join go ahead.
	return !isForbidden(err)
}

// askToOpen tells the group, with a mention and a start-link button, that a
// player must open the private chat with the bot: to join (linkJoin) or to
// receive their private views (linkOpen). It says nothing about why beyond
// that, and repeats itself rarely.
func (a *Adapter) askToOpen(ctx context.Context, p place, uid int64, lang string, action linkAction) {
	every, key, button := askOpenEvery, "tg.open_for_dm", "tg.button_open"
	if action == linkJoin {
		every, key, button = askJoinEvery, "tg.open_to_join", "tg.button_join"
	}
	if lang == "" {
		lang = a.lang(uid)
	}
	now := a.cfg.Now()
	tag := p.String() + "/" + strconv.FormatInt(uid, 10) + "/" + string(action)
	a.mu.Lock()
	if last, ok := a.asked[tag]; ok && now.Sub(last) < every {
		a.mu.Unlock()
		return
	}
	a.asked[tag] = now
	a.mu.Unlock()

	text := a.tArgs(lang, key, map[string]string{"user": mentionHTML(uid, a.name(uid))})
	markup := map[string]any{"inline_keyboard": [][]map[string]string{{{
		"text": a.t(lang, button), "url": a.startURL(action, p, uid),
	}}}}
	post := func() error {
		_, err := a.post(ctx, p, part{html: text, markup: markup}, "", false)
		return deliveryError(err)
	}
	failed := func() {
		a.mu.Lock()
		delete(a.asked, tag) // not posted: ask again next time
		a.mu.Unlock()
		a.log.WarnContext(ctx, "telegram: could not ask a player to open a private chat", "place", p.String(), "user", uid)
	}
	err := post()
	switch {
	case err == nil:
		return
	case errors.Is(err, bot.ErrPermanent):
		failed()
		return
	}
	// Waiting out a rate limit must not hold the update loop.
	a.bg.Add(1)
	go func() {
		defer a.bg.Done()
		if a.retry(ctx, err, post) != nil {
			failed()
		}
	}()
}

// startURL is the deep link that opens the bot's private chat and, on
// Start, performs action for uid in p.
func (a *Adapter) startURL(action linkAction, p place, uid int64) string {
	return "https://t.me/" + a.botTag + "?start=" + a.links.encode(action, p, uid)
}

// learnNames looks up the names of mentioned users the adapter has not seen
// since it started and the service has no name for (getChatMember), so a
// mention reads as a name.
func (a *Adapter) learnNames(ctx context.Context, chat int64, ids []string, stored map[string]string) {
	for _, id := range ids {
		uid, err := strconv.ParseInt(id, 10, 64)
		if err != nil || uid <= 0 || a.knowsName(uid) || stored[id] != "" {
			continue
		}
		if m, err := a.member(ctx, chat, uid); err == nil && m.User != nil {
			a.user(m.User)
		}
	}
}

func (a *Adapter) member(ctx context.Context, chat, uid int64) (tgbotapi.ChatMember, error) {
	params := tgbotapi.Params{}
	params.AddNonZero64("chat_id", chat)
	params.AddNonZero64("user_id", uid)
	raw, err := a.client.call(ctx, "getChatMember", params)
	if err != nil {
		return tgbotapi.ChatMember{}, err
	}
	var m tgbotapi.ChatMember
	err = json.Unmarshal(raw, &m)
	return m, err
}

// isAdmin asks Telegram whether uid administers chat (cached briefly).
func (a *Adapter) isAdmin(ctx context.Context, chat, uid int64) bool {
	key := strconv.FormatInt(chat, 10) + "/" + strconv.FormatInt(uid, 10)
	now := a.cfg.Now()
	a.mu.Lock()
	st, ok := a.admins[key]
	a.mu.Unlock()
	if ok && now.Sub(st.at) < adminTTL {
		return st.admin
	}
	m, err := a.member(ctx, chat, uid)
	if err != nil {
		var ae *APIError
		if !errors.As(err, &ae) || ae.Code != http.StatusBadRequest {
			a.log.WarnContext(ctx, "telegram: getChatMember failed", "err", err)
		}
		return false
	}
	admin := m.IsCreator() || m.IsAdministrator()
	a.mu.Lock()
	a.admins[key] = adminStatus{admin: admin, at: now}
	a.mu.Unlock()
	return admin
}
