package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"formica/bot"
)

// update is a Bot API update with what tgbotapi v5.5.1 does not decode:
// forum topics (message_thread_id and is_topic_message).
type update struct {
	tgbotapi.Update
	thread   int64 // the topic of the message or of the pressed message
	replyBot bool  // the message replies to one of ours
}

// updateID is the service's idempotency key for u: an update redelivered
// after a crash (the offset had not moved past it) is applied only once.
// The update id alone is not enough: ids start over for a new bot token
// and after a self-hosted server's reset, and a legal command must not be
// refused for reusing an old id. So the key also names the bot and what
// the update carries, which a redelivery repeats exactly: the chat, message
// id and date of a message, the id of a callback query.
func (a *Adapter) updateID(u update) string {
	key := "telegram:" + strconv.FormatInt(a.botID, 10) + ":" + strconv.Itoa(u.UpdateID)
	switch {
	case u.Message != nil && u.Message.Chat != nil:
		key += fmt.Sprintf(":m%d/%d@%d", u.Message.Chat.ID, u.Message.MessageID, u.Message.Date)
	case u.CallbackQuery != nil:
		key += ":q" + u.CallbackQuery.ID
	}
	return key
}

// decodeUpdate reads one update.
func decodeUpdate(raw json.RawMessage) (update, error) {
	var u update
	if err := json.Unmarshal(raw, &u.Update); err != nil {
		return update{}, fmt.Errorf("telegram: unreadable update: %w", err)
	}
	type topic struct {
		Thread int64 `json:"message_thread_id"`
		Topic  bool  `json:"is_topic_message"`
	}
	var t struct {
		Message  *topic `json:"message"`
		Callback *struct {
			Message *topic `json:"message"`
		} `json:"callback_query"`
	}
	if err := json.Unmarshal(raw, &t); err != nil {
		return update{}, fmt.Errorf("telegram: unreadable update: %w", err)
	}
	// In ordinary supergroups a reply also carries message_thread_id (the
	// reply thread); only a forum topic message is a separate game place.
	switch {
	case t.Message != nil && t.Message.Topic:
		u.thread = t.Message.Thread
	case t.Callback != nil && t.Callback.Message != nil && t.Callback.Message.Topic:
		u.thread = t.Callback.Message.Thread
	}
	return u, nil
}

// orderKey groups updates that must be handled in order: those of one chat.
func (u update) orderKey() int64 {
	switch {
	case u.Message != nil && u.Message.Chat != nil:
		return u.Message.Chat.ID
	case u.CallbackQuery != nil && u.CallbackQuery.Message != nil && u.CallbackQuery.Message.Chat != nil:
		return u.CallbackQuery.Message.Chat.ID
	case u.MyChatMember != nil:
		return u.MyChatMember.Chat.ID
	}
	return 0
}

// handle translates one update into commands for the service and delivers
// the caller's replies. It returns once everything it did is done, so the
// update may then be confirmed.
func (a *Adapter) handle(ctx context.Context, u update) {
	switch {
	case u.Message != nil:
		a.handleMessage(ctx, u)
	case u.CallbackQuery != nil:
		a.handlePress(ctx, u)
	case u.MyChatMember != nil:
		a.handleMembership(ctx, u)
	}
}

// handleMembership notes the bot's own status changes: a user who blocked
// it (or unblocked it) in the private chat, whose reminders stop meanwhile;
// a group that removed it (or added it back), whose games are kept but
// remind nobody meanwhile. The games stay stored; posts to a group the bot left are
// dropped at once instead of failing one by one, until it is added back.
func (a *Adapter) handleMembership(ctx context.Context, u update) {
	c := u.MyChatMember
	gone := c.NewChatMember.Status == "kicked" || c.NewChatMember.Status == "left"
	if c.Chat.Type == "private" {
		a.setReachable(c.Chat.ID, !gone)
		a.log.InfoContext(ctx, "telegram: private chat status changed", "user", c.Chat.ID, "status", c.NewChatMember.Status)
		if bn, ok := a.svc.(blockNoter); ok {
			if err := bn.SetBlocked(ctx, Platform, strconv.FormatInt(c.Chat.ID, 10), gone); err != nil {
				a.log.ErrorContext(ctx, "telegram: could not record a blocked private chat", "user", c.Chat.ID, "err", err)
			}
		}
		return
	}
	a.mu.Lock()
	if gone {
		a.removed[c.Chat.ID] = true
	} else {
		delete(a.removed, c.Chat.ID)
	}
	a.mu.Unlock()
	a.log.InfoContext(ctx, "telegram: membership in a group changed", "chat", c.Chat.ID, "status", c.NewChatMember.Status)
	if an, ok := a.svc.(awayNoter); ok {
		if err := an.SetChannelAway(ctx, Platform, place{Chat: c.Chat.ID}.String(), gone); err != nil {
			a.log.ErrorContext(ctx, "telegram: could not pause the games of a group the bot left", "chat", c.Chat.ID, "err", err)
		}
	}
}

// user converts a Telegram user and remembers their name and language.
func (a *Adapter) user(f *tgbotapi.User) bot.User {
	name := strings.TrimSpace(f.FirstName + " " + f.LastName)
	if name == "" {
		name = f.UserName
	}
	a.remember(f.ID, name, f.LanguageCode)
	return bot.User{Platform: Platform, ID: strconv.FormatInt(f.ID, 10), Name: name, Lang: f.LanguageCode}
}

func (a *Adapter) handleMessage(ctx context.Context, u update) {
	m := u.Message
	if m.Chat != nil && m.MigrateToChatID != 0 {
		a.migrate(ctx, m.Chat.ID, m.MigrateToChatID)
		return
	}
	if m.Chat != nil && m.MigrateFromChatID != 0 {
		a.migrate(ctx, m.MigrateFromChatID, m.Chat.ID)
		return
	}
	if m.From == nil || m.From.IsBot || m.Chat == nil || m.Text == "" {
		return
	}
	usr := a.user(m.From)
	private := m.Chat.Type == "private"
	if !private && m.Chat.Title != "" {
		a.mu.Lock()
		a.titles[m.Chat.ID] = m.Chat.Title
		a.mu.Unlock()
	}
	if private {
		a.setReachable(m.From.ID, true)
	}
	text, ok := a.commandText(m.Text)
	if !ok {
		// In a group only commands (and replies to the bot) are for us;
		// privacy mode delivers little else anyway.
		if !private && (m.ReplyToMessage == nil || m.ReplyToMessage.From == nil || m.ReplyToMessage.From.ID != a.botID) {
			return
		}
		text = strings.TrimSpace(m.Text)
	}
	if text == "" {
		return
	}
	if private {
		word, payload, _ := strings.Cut(text, " ")
		if strings.EqualFold(word, "start") {
			a.handleStart(ctx, a.updateID(u), m.From.ID, usr, strings.TrimSpace(payload))
			return
		}
	}
	cmd := bot.Command{ID: a.updateID(u), Platform: Platform, User: usr, Text: text}
	p := place{Chat: m.Chat.ID, Thread: u.thread}
	if !private {
		cmd.Channel, cmd.Chat = p.String(), strconv.FormatInt(p.Chat, 10)
		word, _, _ := strings.Cut(text, " ")
		word = strings.ToLower(word)
		if word == "join" && !a.canDM(ctx, m.From.ID) {
			a.askToOpen(ctx, p, m.From.ID, usr.Lang, linkJoin)
			return
		}
		if needsAdmin(word) {
			cmd.Admin = a.isAdmin(ctx, m.Chat.ID, m.From.ID)
		}
	}
	if ctx.Err() != nil {
		return // shutting down: unconfirmed, the update comes again
	}
	a.reply(ctx, m.From.ID, "", a.svc.Handle(ctx, cmd))
}

// needsAdmin reports commands whose permission check reads Command.Admin
// (the creator or a chat admin may use them); asking Telegram costs a
// request, so other commands skip it.
func needsAdmin(word string) bool {
	switch word {
	case "abort", "settings", "start":
		return true
	}
	return false
}

// commandText strips "/" and "@thisbot" from a command; ok is false for
// plain text and for commands addressed to another bot.
func (a *Adapter) commandText(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "/") {
		return "", false
	}
	head, rest, _ := strings.Cut(s[1:], " ")
	name, at, addressed := strings.Cut(head, "@")
	if addressed && !strings.EqualFold(at, a.botTag) {
		return "", false
	}
	return strings.TrimSpace(strings.ToLower(name) + " " + strings.TrimSpace(rest)), true
}

// handleStart is "/start [payload]" in the private chat: a deep link back
// to a group's game, or a greeting.
func (a *Adapter) handleStart(ctx context.Context, id string, uid int64, usr bot.User, payload string) {
	if payload == "" {
		a.reply(ctx, uid, "", []bot.Message{a.note(usr, a.t(usr.Lang, "tg.welcome"))})
		return
	}
	action, p, err := a.links.decode(payload, uid)
	if err != nil {
		a.reply(ctx, uid, "", []bot.Message{a.note(usr, a.t(usr.Lang, "tg.link_foreign"))})
		return
	}
	cmd := bot.Command{ID: id, Platform: Platform, Channel: p.String(), Chat: strconv.FormatInt(p.Chat, 10), User: usr}
	intro := "tg.opened_here"
	switch action {
	case linkJoin:
		cmd.Text, intro = "join", "tg.joined_here"
	case linkOpen:
		cmd.Text = "hand"
	}
	if ctx.Err() != nil {
		return
	}
	out := append([]bot.Message{a.note(usr, a.t(usr.Lang, intro))}, a.svc.Handle(ctx, cmd)...)
	a.reply(ctx, uid, "", out)
}

// note is an adapter text for the caller.
func (a *Adapter) note(u bot.User, text string) bot.Message {
	return bot.Message{To: bot.Caller, Platform: Platform, User: u.ID, Text: text}
}

func (a *Adapter) handlePress(ctx context.Context, u update) {
	q := u.CallbackQuery
	if q.From == nil {
		return
	}
	usr := a.user(q.From)
	if q.Message == nil || q.Message.Chat == nil || q.Data == "" {
		a.answer(ctx, q.ID, a.t(usr.Lang, "tg.stale_button"), "")
		return
	}
	p := place{Chat: q.Message.Chat.ID, Thread: u.thread}
	if q.Message.Chat.Type == "private" {
		a.setReachable(q.From.ID, true)
		origin, ok := a.dmOriginOf(dmMessage{q.Message.Chat.ID, q.Message.MessageID})
		if !ok {
			a.answer(ctx, q.ID, a.t(usr.Lang, "tg.stale_button"), "")
			return
		}
		p = origin
	}
	cmd := bot.Command{ID: a.updateID(u), Platform: Platform, Channel: p.String(), Chat: strconv.FormatInt(p.Chat, 10), User: usr, Press: q.Data}
	if pr, err := bot.DecodePress(q.Data); err == nil && pr.Kind == bot.PressCommand && len(pr.Path) > 0 {
		word := pr.Path[0]
		if word == "join" && !a.canDM(ctx, q.From.ID) {
			// Telegram opens a t.me/<bot>?start= link given as the answer's
			// url: the player lands in the private chat, presses Start and
			// is seated in one step.
			a.answer(ctx, q.ID, "", a.startURL(linkJoin, p, q.From.ID))
			return
		}
		if needsAdmin(word) && p.Chat < 0 {
			cmd.Admin = a.isAdmin(ctx, p.Chat, q.From.ID)
		}
	}
	if ctx.Err() != nil {
		return // shutting down: unconfirmed, the press comes again
	}
	if page, list, ok := parsePage(q.Data); ok {
		cmd.Press = list
		a.turnPage(ctx, cmd, q, page)
		return
	}
	a.replyTo(ctx, q.From.ID, q.ID, q.Message, a.svc.Handle(ctx, cmd))
}

// migrate follows a group upgraded to a supergroup (a new chat id): its
// game moves along and posts still queued for the old id go to the new
// one. Telegram announces it in both chats; the second move finds nothing.
func (a *Adapter) migrate(ctx context.Context, from, to int64) {
	a.mu.Lock()
	a.migrated[from] = to
	a.mu.Unlock()
	mv, ok := a.svc.(channelMover)
	if !ok {
		return
	}
	if err := mv.MoveChannel(ctx, Platform, place{Chat: from}.String(), place{Chat: to}.String()); err != nil {
		a.log.ErrorContext(ctx, "telegram: could not move the game of a migrated group", "from", from, "to", to, "err", err)
	}
}

// current is where a post for p goes now: the supergroup a group became.
func (a *Adapter) current(p place) place {
	a.mu.Lock()
	defer a.mu.Unlock()
	if to, ok := a.migrated[p.Chat]; ok {
		p.Chat = to
	}
	return p
}
