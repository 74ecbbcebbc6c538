package telegram

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"formica/bot"
)

// A bot.Message becomes one or more posts: a photo with the first part of
// the text as its caption (Telegram allows 1024 characters), then text
// messages for the rest, the buttons on the last post so they sit under
// everything. A message the service retries after a partial failure resumes
// where it stopped, so nothing is posted twice.

// part is one post.
type part struct {
	photo  []byte
	html   string // Telegram HTML
	markup any    // reply_markup; nil for none
}

// progress remembers how far a failed message got.
type progress struct {
	done        int  // parts posted
	photoFailed bool // the photo was refused for good: send as text only
	photoFails  int  // transient failures of the photo so far
	at          time.Time
}

// Bounds on a photo that keeps failing with 5xx, an answer without an
// error code or a broken connection: after this many attempts the post
// goes out as text (saying the image is missing and giving its content in
// words), so the posts queued behind it in the group move on. The outbox
// retries after 1 s and 2 s, so a group waits about 3 s. A reply (/board,
// /hand) falls back at once: someone is waiting for it.
const (
	postPhotoAttempts  = 3
	replyPhotoAttempts = 1
)

// progressTTL bounds how long a half-sent message is remembered.
const progressTTL = 24 * time.Hour

// Send implements bot.Sender: it posts m to its chat, topic or user. It
// returns a *bot.RetryAfter when Telegram (or our own pacing) says wait,
// an error wrapping bot.ErrPermanent when retrying cannot help, and any
// other error for a transient failure.
func (a *Adapter) Send(ctx context.Context, m bot.Message) error {
	if m.Platform != Platform {
		return fmt.Errorf("%w: telegram adapter got a message for platform %q", bot.ErrPermanent, m.Platform)
	}
	to, err := target(m)
	if err != nil {
		return fmt.Errorf("%w: %w", bot.ErrPermanent, err)
	}
	return a.send(ctx, to, m, postPhotoAttempts)
}

// send is Send to a resolved target, falling back to text after
// photoAttempts transient failures of the photo.
func (a *Adapter) send(ctx context.Context, to place, m bot.Message, photoAttempts int) error {
	to = a.current(to)
	if to.Chat < 0 && a.wasRemoved(to.Chat) {
		return fmt.Errorf("%w: telegram: the bot was removed from chat %d", bot.ErrPermanent, to.Chat)
	}
	if m.To == bot.Channel {
		a.learnNames(ctx, to.Chat, m.Mentions, m.MentionNames)
	}
	err := a.deliver(ctx, to, m, photoAttempts)
	var ae *APIError
	if errors.As(err, &ae) && ae.MigrateTo != 0 && to.Chat < 0 {
		// The group became a supergroup before its announcement reached us.
		a.mu.Lock()
		a.migrated[to.Chat] = ae.MigrateTo
		a.mu.Unlock()
		to = a.current(to)
		err = a.deliver(ctx, to, m, photoAttempts)
	}
	if err == nil {
		if to.Chat > 0 {
			a.setReachable(to.Chat, true)
		}
		return nil
	}
	out := deliveryError(err)
	if m.To != bot.Channel && isForbidden(err) {
		// The player never opened a private chat or blocked the bot. The
		// service tells the channel (note.dm_failed, mentioning them); the
		// next channel post mentioning them carries an "open chat" button.
		a.setReachable(to.Chat, false)
	}
	a.log.WarnContext(ctx, "telegram delivery failed", "to", to.String(), "audience", int(m.To), "err", err)
	return out
}

// target is where m goes: the channel's chat/topic, or the user's private
// chat (a private chat's id is the user's id).
func target(m bot.Message) (place, error) {
	if m.To == bot.Channel {
		return parsePlace(m.Channel)
	}
	id, err := strconv.ParseInt(m.User, 10, 64)
	if err != nil || id <= 0 {
		return place{}, fmt.Errorf("telegram: user %q is not a Telegram user id", m.User)
	}
	return place{Chat: id}, nil
}

// deliver posts m's parts it has not posted yet.
func (a *Adapter) deliver(ctx context.Context, to place, m bot.Message, photoAttempts int) error {
	key := messageKey(to, m)
	a.mu.Lock()
	pr := a.progress[key]
	a.mu.Unlock()
	save := func(err error) error {
		a.mu.Lock()
		defer a.mu.Unlock()
		if err == nil {
			delete(a.progress, key)
			return nil
		}
		pr.at = a.cfg.Now()
		a.progress[key] = pr
		for k, p := range a.progress {
			if pr.at.Sub(p.at) > progressTTL {
				delete(a.progress, k)
			}
		}
		return err
	}
	parts := a.parts(m, pr.photoFailed)
	if len(parts) == 0 {
		return nil
	}
	if m.Replace != "" && len(parts) == 1 && pr.done == 0 {
		done, err := a.replace(ctx, to, m, parts[0])
		if done || err != nil {
			return save(err)
		}
	}
	for i := pr.done; i < len(parts); i++ {
		id, err := a.post(ctx, to, parts[i], imageName(m), silent(m))
		if err != nil && i == 0 && parts[0].photo != nil && !photoRefused(err) && photoTransient(err) {
			pr.photoFails++
		}
		if err != nil && i == 0 && parts[0].photo != nil && (photoRefused(err) || pr.photoFails >= photoAttempts) {
			// The game must not stall on an image Telegram will not take
			// or keeps failing on: the post goes out as text.
			a.log.WarnContext(ctx, "telegram: photo not posted; sending text", "to", to.String(), "attempts", pr.photoFails, "err", err)
			pr.photoFailed = true
			parts = a.parts(m, true)
			i = -1
			continue
		}
		if err != nil {
			return save(err)
		}
		pr.done = i + 1
		if parts[i].markup != nil && m.To != bot.Channel {
			if p, err := parsePlace(m.Channel); err == nil {
				a.rememberDMOrigin(dmMessage{to.Chat, id}, p) // presses here act on that game
			}
		}
		if m.Replace != "" && i == len(parts)-1 && len(parts) == 1 {
			a.setReplaced(to, m.Replace, sentRef{id: id, photo: parts[i].photo != nil})
		}
	}
	return save(nil)
}

// parts cuts m into posts.
func (a *Adapter) parts(m bot.Message, textOnly bool) []part {
	mention, mentionLen := a.mentions(m.Mentions, m.MentionNames)
	if mention != "" {
		mentionLen++ // the line break before it
	}
	photo := m.Image != nil && !textOnly
	text := m.Text
	if m.Image != nil && textOnly {
		// Say the image is missing and give its content in words.
		lines := []string{a.t(a.textLang(m), "tg.photo_dropped")}
		if t := strings.TrimSpace(text); t != "" {
			lines = append(lines, t)
		}
		if alt := strings.TrimSpace(m.Alt); alt != "" && !strings.Contains(text, alt) {
			lines = append(lines, alt)
		}
		text = strings.Join(lines, "\n")
	}
	first := maxText
	if photo {
		first = maxCaption
	}
	chunks := split(text, first-mentionLen, maxText)
	if len(chunks) == 0 {
		chunks = []string{""}
	}
	var out []part
	for i, c := range chunks {
		p := part{html: toHTML(c)}
		if i == 0 {
			if photo {
				p.photo = m.Image
			}
			if mention != "" {
				p.html = strings.TrimLeft(p.html+"\n"+mention, "\n")
			}
		}
		out = append(out, p)
	}
	if out[0].photo == nil && strings.TrimSpace(out[0].html) == "" && len(m.Buttons) == 0 && len(m.Mentions) == 0 {
		return nil // nothing to show
	}
	if strings.TrimSpace(out[0].html) == "" && out[0].photo == nil {
		out[0].html = "⬇" // Telegram refuses empty text; buttons need a message
	}
	rows := keyboard(m.Buttons)
	if m.To == bot.Channel {
		rows = append(rows, a.openButtons(m)...)
	}
	if len(rows) > 0 {
		out[len(out)-1].markup = map[string]any{"inline_keyboard": rows}
	}
	return out
}

func (a *Adapter) wasRemoved(chat int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.removed[chat]
}

// textLang is the language of an adapter text added to m: its recipient's,
// or the default for a channel.
func (a *Adapter) textLang(m bot.Message) string {
	if m.To == bot.Channel {
		return ""
	}
	uid, err := strconv.ParseInt(m.User, 10, 64)
	if err != nil {
		return ""
	}
	return a.lang(uid)
}

// mentions renders user ids as pinging HTML links, and their visible length.
func (a *Adapter) mentions(ids []string, stored map[string]string) (string, int) {
	var b strings.Builder
	n := 0
	for i, id := range ids {
		uid, err := strconv.ParseInt(id, 10, 64)
		if err != nil || uid <= 0 {
			continue
		}
		if i > 0 && b.Len() > 0 {
			b.WriteString(", ")
			n += 2
		}
		name := a.nameOr(uid, stored[id])
		b.WriteString(mentionHTML(uid, name))
		n += visibleLen(name)
	}
	return b.String(), n
}

func mentionHTML(uid int64, name string) string {
	return `<a href="tg://user?id=` + strconv.FormatInt(uid, 10) + `">` + html.EscapeString(name) + `</a>`
}

// post sends one part as a new message and returns its id.
func (a *Adapter) post(ctx context.Context, to place, p part, imageName string, quiet bool) (int, error) {
	if d := a.pacer.Try(paceKey(to.Chat), a.cfg.Now()); d > 0 {
		return 0, &bot.RetryAfter{Delay: d}
	}
	params := tgbotapi.Params{}
	params.AddNonZero64("chat_id", to.Chat)
	params.AddNonZero64("message_thread_id", to.Thread) // tgbotapi v5.5.1 has no field for it
	params["parse_mode"] = tgbotapi.ModeHTML
	params.AddBool("disable_notification", quiet)
	if err := params.AddInterface("reply_markup", p.markup); err != nil {
		return 0, err
	}
	var raw json.RawMessage
	var err error
	if p.photo != nil {
		params.AddNonEmpty("caption", p.html)
		// A GIF (the game's timelapse) goes as an animation: sendPhoto
		// would post its first frame as a still, and takes only 10 MB.
		method, field := "sendPhoto", "photo"
		if strings.HasSuffix(imageName, ".gif") {
			method, field = "sendAnimation", "animation"
		}
		raw, err = a.client.call(ctx, method, params, tgbotapi.RequestFile{
			Name: field, Data: tgbotapi.FileBytes{Name: imageName, Bytes: p.photo},
		})
	} else {
		params["text"] = p.html
		params.AddBool("disable_web_page_preview", true)
		raw, err = a.client.call(ctx, "sendMessage", params)
	}
	if err != nil {
		a.noteLimit(to, err)
		return 0, err
	}
	var sent struct {
		ID int `json:"message_id"`
	}
	if err := json.Unmarshal(raw, &sent); err != nil {
		// It was posted; a retry would post it twice. Log and go on.
		a.log.WarnContext(ctx, "telegram: unreadable sent message", "method", "send", "err", err)
	}
	return sent.ID, nil
}

// replace edits the message posted earlier under m.Replace in this place.
// done=false means post anew (nothing to edit, or it cannot be edited).
func (a *Adapter) replace(ctx context.Context, to place, m bot.Message, p part) (bool, error) {
	ref, ok := a.replaced(to, m.Replace)
	if !ok {
		return false, nil
	}
	done, err := a.edit(ctx, to, ref, p, imageName(m))
	if !done && err == nil {
		a.forgetReplaced(to, m.Replace) // deleted, too old, or not ours: post anew
	}
	return done, err
}

// edit changes message ref to show p. done=false (with a nil error) means
// it cannot be edited into p.
func (a *Adapter) edit(ctx context.Context, to place, ref sentRef, p part, imageName string) (bool, error) {
	if ref.photo != (p.photo != nil) {
		return false, nil
	}
	params := tgbotapi.Params{}
	params.AddNonZero64("chat_id", to.Chat)
	params.AddNonZero("message_id", ref.id)
	if err := params.AddInterface("reply_markup", p.markup); err != nil {
		return false, err
	}
	var err error
	if p.photo != nil {
		media := map[string]string{"type": "photo", "media": "attach://board", "caption": p.html, "parse_mode": tgbotapi.ModeHTML}
		if err := params.AddInterface("media", media); err != nil {
			return false, err
		}
		_, err = a.client.call(ctx, "editMessageMedia", params, tgbotapi.RequestFile{
			Name: "board", Data: tgbotapi.FileBytes{Name: imageName, Bytes: p.photo},
		})
	} else {
		params["text"] = p.html
		params["parse_mode"] = tgbotapi.ModeHTML
		params.AddBool("disable_web_page_preview", true)
		_, err = a.client.call(ctx, "editMessageText", params)
	}
	var ae *APIError
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &ae) && ae.Code == http.StatusBadRequest && strings.Contains(ae.Description, "not modified"):
		return true, nil
	case errors.As(err, &ae) && ae.Code == http.StatusBadRequest:
		return false, nil
	default:
		a.noteLimit(to, err)
		return false, err
	}
}

// openButtons are start-link buttons for the mentioned players the bot
// could not write to privately: one press opens the chat and resends their
// private view.
func (a *Adapter) openButtons(m bot.Message) [][]map[string]string {
	p, err := parsePlace(m.Channel)
	if err != nil {
		return nil
	}
	var rows [][]map[string]string
	for _, id := range m.Mentions {
		uid, err := strconv.ParseInt(id, 10, 64)
		if ok, known := a.reachability(uid); err != nil || !known || ok {
			continue
		}
		label := a.tArgs(a.lang(uid), "tg.button_open_for", map[string]string{"name": a.name(uid)})
		rows = append(rows, []map[string]string{{"text": label, "url": a.startURL(linkOpen, p, uid)}})
	}
	return rows
}

func imageName(m bot.Message) string {
	if m.ImageName != "" {
		return m.ImageName
	}
	return "board.png"
}

// messageKey identifies a message for resuming it: the same content to the
// same place. A retried outbox entry (m.Delivery) is drawn again, maybe
// to other bytes (bot.Message.Delivery): its words and its entry identify
// it, not its image.
func messageKey(to place, m bot.Message) [32]byte {
	if m.Delivery != "" {
		m.Image = nil
	}
	b, _ := json.Marshal(m)
	return sha256.Sum256(append([]byte(to.String()+"\x00"+m.Delivery+"\x00"), b...))
}

// noteLimit makes the pacer honour a 429's retry_after for the chat.
func (a *Adapter) noteLimit(to place, err error) {
	var ae *APIError
	if errors.As(err, &ae) && ae.Code == http.StatusTooManyRequests {
		a.pacer.Hold(paceKey(to.Chat), a.cfg.Now(), ae.RetryAfter)
	}
}

// deliveryError maps an API failure to the service's retry contract.
func deliveryError(err error) error {
	var ra *bot.RetryAfter
	if errors.As(err, &ra) {
		return ra
	}
	var ae *APIError
	if !errors.As(err, &ae) {
		return err
	}
	switch {
	case ae.Code == http.StatusTooManyRequests:
		return &bot.RetryAfter{Delay: ae.RetryAfter}
	case ae.Code == http.StatusForbidden, ae.Code == http.StatusBadRequest, ae.Code == http.StatusRequestEntityTooLarge:
		return fmt.Errorf("%w: %w", bot.ErrPermanent, err)
	}
	return err // 5xx, network: retry
}

func isForbidden(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Code == http.StatusForbidden
}

// silent reports a post nobody needs to act on: a channel post that
// mentions nobody (a join, a setting, a note) or a reply to someone who
// just acted. It goes out without a notification sound; turn posts that
// ping a player, reminders and private views notify.
func silent(m bot.Message) bool {
	return m.To == bot.Caller || m.To == bot.Channel && len(m.Mentions) == 0
}

// photoTransient reports a failure that may pass (5xx, an answer without
// an error code, a broken connection), as opposed to a 429, which says
// when to come back, or a refusal of the chat.
func photoTransient(err error) bool {
	var ae *APIError
	if !errors.As(err, &ae) {
		return true
	}
	return ae.Code == 0 || ae.Code >= 500
}

// photoRefused reports a permanent refusal of the photo itself (bad
// dimensions, too large, processing failed), not of the chat.
func photoRefused(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && (ae.Code == http.StatusBadRequest || ae.Code == http.StatusRequestEntityTooLarge)
}
