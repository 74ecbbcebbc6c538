package faketg

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Telegram's limits, measured on the text after entity parsing.
const (
	maxText    = 4096
	maxCaption = 1024
	maxPhoto   = 10 << 20 // Bot API: photos up to 10 MB
	maxUpload  = 50 << 20 // other files (animations, documents) up to 50 MB
	maxData    = 64
)

func (s *Server) handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"getMe":                  s.getMe,
		"getUpdates":             s.getUpdates,
		"deleteWebhook":          s.deleteWebhook,
		"setWebhook":             s.setWebhook,
		"setMyCommands":          s.setMyCommands,
		"sendMessage":            s.send,
		"sendPhoto":              s.send,
		"sendAnimation":          s.send,
		"sendChatAction":         s.sendChatAction,
		"editMessageText":        s.edit,
		"editMessageCaption":     s.edit,
		"editMessageMedia":       s.edit,
		"editMessageReplyMarkup": s.edit,
		"answerCallbackQuery":    s.answerCallbackQuery,
		"getChatMember":          s.getChatMember,
		"setMyDescription":       s.setProfile("description"),
		"setMyShortDescription":  s.setProfile("short_description"),
	}
}

func ok(w http.ResponseWriter, result any) { writeJSON(w, 200, reply{OK: true, Result: result}) }

func (s *Server) getMe(w http.ResponseWriter, r *http.Request) { ok(w, s.Bot) }

func (s *Server) deleteWebhook(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hook = ""
	s.mu.Unlock()
	ok(w, true)
}

func (s *Server) setWebhook(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hook = r.FormValue("url")
	s.mu.Unlock()
	ok(w, true)
}

func (s *Server) setMyCommands(w http.ResponseWriter, r *http.Request) {
	var cmds []map[string]string
	if err := json.Unmarshal([]byte(r.FormValue("commands")), &cmds); err != nil {
		fail(w, 400, "Bad Request: can't parse commands JSON")
		return
	}
	for _, c := range cmds {
		name, desc := c["command"], c["description"]
		if name == "" || len(name) > 32 || strings.ToLower(name) != name || desc == "" || len(desc) > 256 {
			fail(w, 400, "Bad Request: BOT_COMMAND_INVALID")
			return
		}
	}
	scope := ""
	if raw := r.FormValue("scope"); raw != "" {
		var sc struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal([]byte(raw), &sc); err != nil || sc.Type == "" {
			fail(w, 400, "Bad Request: can't parse BotCommandScope JSON object")
			return
		}
		if sc.Type != "default" {
			scope = sc.Type + "/"
		}
	}
	s.mu.Lock()
	s.commands[scope+r.FormValue("language_code")] = cmds
	s.mu.Unlock()
	ok(w, true)
}

// setProfile stores a description (512 characters at most) or short
// description (120).
func (s *Server) setProfile(field string) http.HandlerFunc {
	limit := 512
	if field == "short_description" {
		limit = 120
	}
	return func(w http.ResponseWriter, r *http.Request) {
		text := r.FormValue(field)
		if utf16Len(text) > limit {
			fail(w, 400, "Bad Request: description is too long")
			return
		}
		s.mu.Lock()
		s.profile[field+"/"+r.FormValue("language_code")] = text
		s.mu.Unlock()
		ok(w, true)
	}
}

// chat resolves chat_id; private chats need a user who started the bot and
// did not block it. s.mu is held.
func (s *Server) chat(r *http.Request) (Chat, int, string) {
	id, err := strconv.ParseInt(r.FormValue("chat_id"), 10, 64)
	if err != nil {
		return Chat{}, 400, "Bad Request: chat not found"
	}
	if id > 0 {
		switch {
		case s.blocked[id]:
			return Chat{}, 403, "Forbidden: bot was blocked by the user"
		case !s.started[id]:
			return Chat{}, 403, "Forbidden: bot can't initiate conversation with a user"
		}
		return Chat{ID: id, Type: "private"}, 0, ""
	}
	if to, ok := s.migrated[id]; ok {
		return Chat{ID: to, Type: "migrated"}, 400, "Bad Request: group chat was upgraded to a supergroup chat"
	}
	if s.kicked[id] {
		return Chat{}, 403, "Forbidden: bot was kicked from the supergroup chat"
	}
	return Chat{ID: id, Type: "supergroup"}, 0, ""
}

func (s *Server) send(w http.ResponseWriter, r *http.Request) {
	method := strings.TrimPrefix(r.URL.Path, "/bot"+s.Token+"/")
	s.mu.Lock()
	defer s.mu.Unlock()
	chat, code, desc := s.chat(r)
	if code != 0 {
		failChat(w, chat, code, desc)
		return
	}
	m := &Message{Chat: chat, From: s.Bot, Parse: r.FormValue("parse_mode"), Silent: r.FormValue("disable_notification") == "true"}
	m.Thread, _ = strconv.ParseInt(r.FormValue("message_thread_id"), 10, 64)
	limit := maxText
	if method == "sendPhoto" || method == "sendAnimation" {
		limit = maxCaption
		m.Text = r.FormValue("caption")
		field, most := "photo", maxPhoto
		if method == "sendAnimation" {
			field, most = "animation", maxUpload
		}
		photo, err := fileField(r, field)
		if err != nil {
			fail(w, 400, "Bad Request: there is no "+field+" in the request")
			return
		}
		if len(photo) > most {
			fail(w, 400, "Bad Request: file is too big")
			return
		}
		m.Photo, m.Animation = photo, method == "sendAnimation"
	} else {
		m.Text = r.FormValue("text")
		if m.Text == "" {
			fail(w, 400, "Bad Request: message text is empty")
			return
		}
	}
	if code, desc := checkText(m.Text, m.Parse, limit); code != 0 {
		fail(w, code, desc)
		return
	}
	kb, valid := formKeyboard(w, r)
	if !valid {
		return
	}
	m.Keyboard = kb
	s.msgID++
	m.ID = s.msgID
	s.messages[m.ID] = m
	s.calls = append(s.calls, Call{Method: method, ChatID: chat.ID, Thread: m.Thread, Message: m.ID})
	ok(w, s.wire(m))
}

func (s *Server) edit(w http.ResponseWriter, r *http.Request) {
	method := strings.TrimPrefix(r.URL.Path, "/bot"+s.Token+"/")
	s.mu.Lock()
	defer s.mu.Unlock()
	chat, code, desc := s.chat(r)
	if code != 0 {
		failChat(w, chat, code, desc)
		return
	}
	id, _ := strconv.ParseInt(r.FormValue("message_id"), 10, 64)
	m, found := s.messages[id]
	if !found || m.Chat.ID != chat.ID {
		fail(w, 400, "Bad Request: message to edit not found")
		return
	}
	next := *m
	switch method {
	case "editMessageText":
		if m.Photo != nil {
			fail(w, 400, "Bad Request: there is no text in the message to edit")
			return
		}
		next.Text, next.Parse = r.FormValue("text"), r.FormValue("parse_mode")
		if code, desc := checkText(next.Text, next.Parse, maxText); code != 0 {
			fail(w, code, desc)
			return
		}
	case "editMessageCaption":
		if m.Photo == nil {
			fail(w, 400, "Bad Request: there is no caption in the message to edit")
			return
		}
		next.Text, next.Parse = r.FormValue("caption"), r.FormValue("parse_mode")
		if code, desc := checkText(next.Text, next.Parse, maxCaption); code != 0 {
			fail(w, code, desc)
			return
		}
	case "editMessageMedia":
		var media struct {
			Type, Media, Caption, ParseMode string
		}
		if err := json.Unmarshal([]byte(r.FormValue("media")), &media); err != nil || media.Type != "photo" {
			fail(w, 400, "Bad Request: can't parse InputMedia")
			return
		}
		field, isAttach := strings.CutPrefix(media.Media, "attach://")
		photo, err := fileField(r, field)
		if !isAttach || err != nil {
			fail(w, 400, "Bad Request: wrong file identifier/HTTP URL specified")
			return
		}
		next.Photo, next.Text, next.Parse = photo, media.Caption, media.ParseMode
		if code, desc := checkText(next.Text, next.Parse, maxCaption); code != 0 {
			fail(w, code, desc)
			return
		}
	}
	kb, valid := formKeyboard(w, r)
	if !valid {
		return
	}
	next.Keyboard = kb
	if method != "editMessageMedia" && next.Text == m.Text && sameKeyboard(next.Keyboard, m.Keyboard) {
		fail(w, 400, "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
		return
	}
	next.Edits++
	*m = next
	s.calls = append(s.calls, Call{Method: method, ChatID: chat.ID, Thread: m.Thread, Message: m.ID})
	ok(w, s.wire(m))
}

func (s *Server) sendChatAction(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if chat, code, desc := s.chat(r); code != 0 {
		failChat(w, chat, code, desc)
		return
	}
	ok(w, true)
}

func (s *Server) answerCallbackQuery(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	text := r.FormValue("text")
	if len([]rune(text)) > 200 {
		fail(w, 400, "Bad Request: MESSAGE_TOO_LONG")
		return
	}
	s.answers = append(s.answers, CallbackAnswer{
		QueryID:   r.FormValue("callback_query_id"),
		Text:      text,
		URL:       r.FormValue("url"),
		ShowAlert: r.FormValue("show_alert") == "true",
	})
	ok(w, true)
}

func (s *Server) getChatMember(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	chat, _ := strconv.ParseInt(r.FormValue("chat_id"), 10, 64)
	user, _ := strconv.ParseInt(r.FormValue("user_id"), 10, 64)
	status := "member"
	if s.admins[chat][user] {
		status = "administrator"
	}
	u, known := s.users[user]
	if !known {
		fail(w, 400, "Bad Request: user not found")
		return
	}
	ok(w, map[string]any{"user": u, "status": status})
}

// wire is the JSON form of a message the bot sent.
func (s *Server) wire(m *Message) map[string]any {
	out := map[string]any{
		"message_id": m.ID,
		"from":       s.Bot,
		"chat":       m.Chat,
		"date":       time.Now().Unix(),
	}
	if m.Thread != 0 {
		out["message_thread_id"] = m.Thread
	}
	if m.Photo != nil {
		out["photo"] = []map[string]any{{"file_id": fmt.Sprintf("photo%d", m.ID), "file_unique_id": "u", "width": 1, "height": 1}}
		out["caption"] = m.Text
	} else {
		out["text"] = m.Text
	}
	if m.Keyboard != nil {
		out["reply_markup"] = m.Keyboard
	}
	return out
}

func fileField(r *http.Request, name string) ([]byte, error) {
	if r.MultipartForm == nil {
		return nil, fmt.Errorf("no multipart form")
	}
	fh := r.MultipartForm.File[name]
	if len(fh) == 0 {
		return nil, fmt.Errorf("no file %q", name)
	}
	f, err := fh[0].Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// formKeyboard reads a request's reply_markup, answering 400 (ok false)
// when it is malformed.
func formKeyboard(w http.ResponseWriter, r *http.Request) (kb *Keyboard, ok bool) {
	kb, err := keyboard(r.FormValue("reply_markup"))
	if err != nil {
		fail(w, 400, "Bad Request: "+err.Error())
		return nil, false
	}
	return kb, true
}

func keyboard(raw string) (*Keyboard, error) {
	if raw == "" {
		return nil, nil
	}
	var kb Keyboard
	if err := json.Unmarshal([]byte(raw), &kb); err != nil {
		return nil, fmt.Errorf("can't parse reply keyboard markup JSON object")
	}
	for _, row := range kb.Rows {
		for _, b := range row {
			if len(b.CallbackData) > maxData || (b.CallbackData == "") == (b.URL == "") || b.Text == "" {
				return nil, fmt.Errorf("BUTTON_DATA_INVALID")
			}
		}
	}
	if len(kb.Rows) == 0 {
		return nil, nil
	}
	return &kb, nil
}

func sameKeyboard(a, b *Keyboard) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// checkText checks the length limit on the visible text and, for HTML, that
// the markup parses (only the tags Telegram allows, properly nested).
func checkText(text, parse string, limit int) (int, string) {
	visible := text
	if parse == "HTML" {
		var stack []string
		var b strings.Builder
		rest := text
		for rest != "" {
			i := strings.IndexByte(rest, '<')
			if i < 0 {
				b.WriteString(rest)
				break
			}
			b.WriteString(rest[:i])
			j := strings.IndexByte(rest[i:], '>')
			if j < 0 {
				return 400, "Bad Request: can't parse entities: unclosed start tag"
			}
			tag := rest[i+1 : i+j]
			rest = rest[i+j+1:]
			name, _, _ := strings.Cut(tag, " ")
			if closing, isClose := strings.CutPrefix(name, "/"); isClose {
				if len(stack) == 0 || stack[len(stack)-1] != closing {
					return 400, "Bad Request: can't parse entities: unmatched end tag"
				}
				stack = stack[:len(stack)-1]
				continue
			}
			switch name {
			case "b", "i", "u", "s", "code", "pre", "a":
				stack = append(stack, name)
			default:
				return 400, "Bad Request: can't parse entities: unsupported start tag \"" + name + "\""
			}
		}
		if len(stack) > 0 {
			return 400, "Bad Request: can't parse entities: can't find end tag"
		}
		visible = html.UnescapeString(b.String())
	}
	if utf16Len(strings.TrimSpace(visible)) > limit {
		if limit == maxCaption {
			return 400, "Bad Request: message caption is too long"
		}
		return 400, "Bad Request: message is too long"
	}
	return 0, ""
}

// failChat answers a refusal from Server.chat; for a migrated group the
// new id travels in parameters.migrate_to_chat_id.
func failChat(w http.ResponseWriter, chat Chat, code int, desc string) {
	if chat.Type == "migrated" {
		writeJSON(w, 400, reply{ErrorCode: 400, Description: desc, Parameters: map[string]int64{"migrate_to_chat_id": chat.ID}})
		return
	}
	fail(w, code, desc)
}
