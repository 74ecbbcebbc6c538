// Package faketg is a fake Telegram Bot API server on loopback for tests.
//
// It speaks the HTTP Bot API (https://core.telegram.org/bots/api) closely
// enough for the real github.com/go-telegram-bot-api/telegram-bot-api/v5
// client: getMe, getUpdates (long polling with offset confirmation),
// deleteWebhook, setMyCommands, sendMessage, sendPhoto and sendAnimation (multipart),
// sendChatAction, editMessageText, editMessageCaption, editMessageMedia,
// editMessageReplyMarkup, answerCallbackQuery and getChatMember. Tests drive
// it: they post user messages and button presses as updates, script faults
// (429 with retry_after, 500, 403) and inspect what the bot posted.
//
// Like Telegram, it refuses to write to a private chat whose user never
// started the bot or blocked it (403), keeps unconfirmed updates until a
// getUpdates call confirms them with a higher offset, and threads forum
// messages by message_thread_id.
package faketg

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"
)

// User is a Telegram user as the fake knows them.
type User struct {
	ID        int64  `json:"id"`
	IsBot     bool   `json:"is_bot"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name,omitempty"`
	UserName  string `json:"username,omitempty"`
	Lang      string `json:"language_code,omitempty"`
}

// Chat is a Telegram chat. Private chats have the user's id.
type Chat struct {
	ID      int64  `json:"id"`
	Type    string `json:"type"` // "private", "group", "supergroup"
	Title   string `json:"title,omitempty"`
	IsForum bool   `json:"is_forum,omitempty"`
}

// Button is one inline keyboard button.
type Button struct {
	Text         string `json:"text"`
	CallbackData string `json:"callback_data,omitempty"`
	URL          string `json:"url,omitempty"`
}

// Keyboard is an inline keyboard markup.
type Keyboard struct {
	Rows [][]Button `json:"inline_keyboard"`
}

// Message is a message in a chat, as the fake stores it (after edits).
type Message struct {
	ID     int64
	Chat   Chat
	Thread int64
	From   User
	Text   string // text, or the caption of a photo
	Parse  string // parse_mode
	Photo  []byte // uploaded photo bytes (or animation's, with Animation)
	// Animation: sent with sendAnimation (a GIF that plays), not as a photo.
	Animation bool
	Keyboard  *Keyboard
	Edits     int  // how many times the bot edited it
	Silent    bool // sent with disable_notification
}

// Call is one successful bot request that posted or changed something.
type Call struct {
	Method  string
	ChatID  int64
	Thread  int64
	Message int64 // the message posted or edited
}

// CallbackAnswer is an answerCallbackQuery the bot made.
type CallbackAnswer struct {
	QueryID   string
	UserID    int64
	Text      string
	URL       string // a t.me start link (or game URL) to open
	ShowAlert bool
}

// Fault makes matching requests fail. Zero fields match anything.
type Fault struct {
	Method     string // e.g. "sendPhoto"; "" = any method but getUpdates/getMe
	ChatID     int64
	Code       int    // HTTP status and error_code: 429, 500, 403, 400...
	RetryAfter int    // seconds, for 429
	Desc       string // description; a default per code when empty
	Times      int    // how many requests fail; 0 means 1
	HTML       bool   // answer with a non-JSON body (a proxy's error page)
	// NoDesc leaves the description out of the answer; NoCode leaves out
	// error_code too ({"ok":false}), as some proxies and self-hosted
	// servers answer.
	NoDesc, NoCode bool
	// Hang holds the request until the client gives up (a crash or
	// shutdown mid-request); Code is then ignored.
	Hang bool
}

// Server is the fake Bot API. Create it with New; it closes with the test.
type Server struct {
	Token string
	Bot   User

	http *httptest.Server

	mu        sync.Mutex
	wake      chan struct{} // closed and replaced whenever an update is queued
	updates   []queued
	nextID    int64 // next update_id
	confirmed int64 // highest update_id confirmed by an offset
	delivered map[int64]int
	sent      map[int64]map[string]any // every update ever queued, by id
	polls     int                      // getUpdates requests in progress
	msgID     int64
	messages  map[int64]*Message // by message id (ids are global in the fake)
	calls     []Call
	answers   []CallbackAnswer
	commands  map[string][]map[string]string // language -> commands
	started   map[int64]bool                 // users who opened a private chat with the bot
	blocked   map[int64]bool
	admins    map[int64]map[int64]bool // chat -> admin users
	faults    []*Fault
	queryID   int64
	requests  map[string]int
	hook      string            // webhook url, if set
	users     map[int64]User    // everyone who wrote or pressed
	allowed   string            // allowed_updates of the last poll
	early     bool              // getUpdates answers at once instead of holding the poll
	migrated  map[int64]int64   // group chat -> the supergroup it became
	kicked    map[int64]bool    // groups the bot was removed from
	profile   map[string]string // setMyDescription etc.: method/language -> text
}

type queued struct {
	id   int64
	body map[string]any
}

// New starts a fake server for a bot with the given token and username.
func New(token, botName string) *Server {
	s := &Server{
		Token:     token,
		Bot:       User{ID: 1000, IsBot: true, FirstName: "Formica", UserName: botName},
		wake:      make(chan struct{}),
		nextID:    100,
		delivered: map[int64]int{},
		sent:      map[int64]map[string]any{},
		messages:  map[int64]*Message{},
		commands:  map[string][]map[string]string{},
		started:   map[int64]bool{},
		blocked:   map[int64]bool{},
		admins:    map[int64]map[int64]bool{},
		requests:  map[string]int{},
		msgID:     500,
		users:     map[int64]User{},
		migrated:  map[int64]int64{},
		kicked:    map[int64]bool{},
		profile:   map[string]string{},
	}
	s.http = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Close stops the server.
func (s *Server) Close() {
	s.http.CloseClientConnections()
	s.http.Close()
}

// URL is the server's base URL (what Config.APIURL takes).
func (s *Server) URL() string { return s.http.URL }

// Endpoint is the format string tgbotapi.NewBotAPIWithAPIEndpoint takes.
func (s *Server) Endpoint() string { return s.http.URL + "/bot%s/%s" }

// Fail scripts a fault.
func (s *Server) Fail(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f.Times == 0 {
		f.Times = 1
	}
	s.faults = append(s.faults, &f)
}

// Faults reports how many scripted faults have not fired yet.
func (s *Server) Faults() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, f := range s.faults {
		n += f.Times
	}
	return n
}

// StartedBot marks that u opened a private chat with the bot (or not).
func (s *Server) StartedBot(u User, yes bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.started[u.ID] = yes
}

// Block makes u block the bot (or unblock it).
func (s *Server) Block(u User, yes bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.blocked[u.ID] = yes
}

// MakeAdmin makes u an administrator of chat.
func (s *Server) MakeAdmin(chat Chat, u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.admins[chat.ID] == nil {
		s.admins[chat.ID] = map[int64]bool{}
	}
	s.admins[chat.ID][u.ID] = true
}

// Say queues a text message from u in chat (thread 0 = none) and returns its
// update id. A leading "/word" is marked as a bot_command entity, as Telegram
// does.
func (s *Server) Say(chat Chat, thread int64, u User, text string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if chat.Type == "private" {
		s.started[u.ID] = true
	}
	s.users[u.ID] = u
	s.msgID++
	m := map[string]any{
		"message_id": s.msgID,
		"from":       u,
		"chat":       chat,
		"date":       time.Now().Unix(),
		"text":       text,
	}
	if thread != 0 {
		m["message_thread_id"] = thread
		m["is_topic_message"] = true
	}
	if strings.HasPrefix(text, "/") {
		word, _, _ := strings.Cut(text, " ")
		m["entities"] = []map[string]any{{"type": "bot_command", "offset": 0, "length": utf16Len(word)}}
	}
	return s.queue(map[string]any{"message": m})
}

// Start is u pressing Start in the bot's private chat after following
// t.me/<bot>?start=<payload>: Telegram sends "/start <payload>".
func (s *Server) Start(u User, payload string) int64 {
	text := "/start"
	if payload != "" {
		text += " " + payload
	}
	return s.Say(Chat{ID: u.ID, Type: "private", Title: ""}, 0, u, text)
}

// Press queues u pressing the button with callback data in message msg. Like
// Telegram, it refuses data that is not on the message's current keyboard.
func (s *Server) Press(u User, msg int64, data string) (int64, error) {
	s.mu.Lock()
	m, ok := s.messages[msg]
	found := false
	if ok && m.Keyboard != nil {
		for _, row := range m.Keyboard.Rows {
			for _, b := range row {
				found = found || b.CallbackData == data && data != ""
			}
		}
	}
	s.mu.Unlock()
	if !found {
		return 0, fmt.Errorf("faketg: message %d has no button %q", msg, data)
	}
	return s.PressRaw(u, msg, data), nil
}

// PressRaw queues a callback query with any data (a forged or old client).
func (s *Server) PressRaw(u User, msg int64, data string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queryID++
	s.users[u.ID] = u
	q := map[string]any{
		"id":            "q" + strconv.FormatInt(s.queryID, 10),
		"from":          u,
		"chat_instance": "ci",
		"data":          data,
	}
	if m, ok := s.messages[msg]; ok {
		mm := s.wire(m)
		if m.Thread != 0 {
			mm["is_topic_message"] = true
		}
		q["message"] = mm
	}
	return s.queue(map[string]any{"callback_query": q})
}

func (s *Server) queue(body map[string]any) int64 {
	id := s.nextID
	s.nextID++
	body["update_id"] = id
	s.updates = append(s.updates, queued{id: id, body: body})
	s.sent[id] = body
	close(s.wake)
	s.wake = make(chan struct{})
	return id
}

// Unconfirm puts update id back in the queue, as Telegram does when the
// bot's confirming poll never arrived: the bot handled the update, then
// crashed before moving its offset on. A restarted bot gets it again. Call
// it with the bot stopped: it first waits for the stopped bot's last poll to
// end, so that poll cannot confirm the update again.
func (s *Server) Unconfirm(id int64) {
	Wait(2*time.Second, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.polls == 0
	})
	s.mu.Lock()
	defer s.mu.Unlock()
	body, ok := s.sent[id]
	if !ok {
		return
	}
	for _, u := range s.updates {
		if u.id == id {
			return
		}
	}
	s.updates = append([]queued{{id: id, body: body}}, s.updates...)
	s.confirmed = min(s.confirmed, id-1)
	close(s.wake)
	s.wake = make(chan struct{})
}

// Confirmed is the highest update id the bot confirmed by polling with a
// higher offset.
func (s *Server) Confirmed() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.confirmed
}

// Delivered reports how many times update id was handed to the bot.
func (s *Server) Delivered(id int64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.delivered[id]
}

// Messages returns copies of the messages in a chat (thread -1 = all
// threads), oldest first.
func (s *Server) Messages(chat int64, thread int64) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for id := int64(0); id <= s.msgID; id++ {
		m, ok := s.messages[id]
		if !ok || m.Chat.ID != chat || thread >= 0 && m.Thread != thread {
			continue
		}
		c := *m
		out = append(out, c)
	}
	return out
}

// Message returns a copy of one message.
func (s *Server) Message(id int64) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return *m, true
}

// Calls returns the successful posting and editing requests, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// Answers returns the callback query answers, in order.
func (s *Server) Answers() []CallbackAnswer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]CallbackAnswer(nil), s.answers...)
}

// Commands returns the commands registered for a language ("" = default).
func (s *Server) Commands(lang string) []map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.commands[lang]
}

// Requests reports how many requests reached a method (faults included).
func (s *Server) Requests(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[method]
}

// Webhook is the webhook URL the bot set, if any.
func (s *Server) Webhook() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hook
}

// Wait polls cond every few milliseconds until it holds or the timeout
// passes, and reports whether it held.
func Wait(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// reply is the Bot API response envelope.
type reply struct {
	OK          bool             `json:"ok"`
	Result      any              `json:"result,omitempty"`
	ErrorCode   int              `json:"error_code,omitempty"`
	Description string           `json:"description,omitempty"`
	Parameters  map[string]int64 `json:"parameters,omitempty"`
}

func writeJSON(w http.ResponseWriter, code int, r reply) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(r)
}

func fail(w http.ResponseWriter, code int, desc string) {
	writeJSON(w, code, reply{ErrorCode: code, Description: desc})
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	// Path: /bot<token>/<method>
	rest, ok := strings.CutPrefix(r.URL.Path, "/bot")
	token, method, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 {
		fail(w, http.StatusNotFound, "Not Found")
		return
	}
	if token != s.Token {
		fail(w, http.StatusUnauthorized, "Unauthorized")
		return
	}
	if err := parseForm(r); err != nil {
		fail(w, http.StatusBadRequest, "Bad Request: "+err.Error())
		return
	}
	s.mu.Lock()
	s.requests[method]++
	if f := s.fault(method, r.FormValue("chat_id")); f != nil {
		s.mu.Unlock()
		s.writeFault(w, r, f)
		return
	}
	s.mu.Unlock()
	h, ok := s.handlers()[method]
	if !ok {
		fail(w, http.StatusNotFound, "Not Found: method not found")
		return
	}
	h(w, r)
}

func parseForm(r *http.Request) error {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		return r.ParseMultipartForm(32 << 20)
	}
	return r.ParseForm()
}

// fault finds and consumes a scripted fault; s.mu is held.
func (s *Server) fault(method, chat string) *Fault {
	if method == "getUpdates" || method == "getMe" {
		return nil
	}
	for i, f := range s.faults {
		if f.Method != "" && f.Method != method {
			continue
		}
		if f.ChatID != 0 && strconv.FormatInt(f.ChatID, 10) != chat {
			continue
		}
		f.Times--
		if f.Times <= 0 {
			s.faults = append(s.faults[:i], s.faults[i+1:]...)
		}
		c := *f
		return &c
	}
	return nil
}

func (s *Server) writeFault(w http.ResponseWriter, r *http.Request, f *Fault) {
	if f.Hang {
		<-r.Context().Done()
		return
	}
	if f.HTML {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(f.Code)
		_, _ = io.WriteString(w, "<html><body><h1>502 Bad Gateway</h1></body></html>")
		return
	}
	desc := f.Desc
	if desc == "" {
		switch f.Code {
		case 429:
			desc = fmt.Sprintf("Too Many Requests: retry after %d", f.RetryAfter)
		case 403:
			desc = "Forbidden: bot was blocked by the user"
		case 400:
			desc = "Bad Request: IMAGE_PROCESS_FAILED"
		default:
			desc = "Internal Server Error"
		}
	}
	rep := reply{ErrorCode: f.Code, Description: desc}
	if f.NoDesc || f.NoCode {
		rep.Description = ""
	}
	if f.NoCode {
		rep.ErrorCode = 0
	}
	if f.RetryAfter > 0 {
		rep.Parameters = map[string]int64{"retry_after": int64(f.RetryAfter)}
	}
	writeJSON(w, f.Code, rep)
}

// waitUpdates implements long polling: it confirms everything below offset
// and returns what is pending, waiting up to timeout for something new.
func (s *Server) getUpdates(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.polls++
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.polls--
		s.mu.Unlock()
	}()
	s.mu.Lock()
	if a := r.FormValue("allowed_updates"); a != "" {
		s.allowed = a
	}
	s.mu.Unlock()
	offset, _ := strconv.ParseInt(r.FormValue("offset"), 10, 64)
	limit, _ := strconv.Atoi(r.FormValue("limit"))
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	timeout, _ := strconv.Atoi(r.FormValue("timeout"))
	deadline := time.Now().Add(time.Duration(timeout) * time.Second)
	s.mu.Lock()
	if s.early {
		deadline = time.Now() // a server that does not hold the long poll
	}
	s.mu.Unlock()
	for {
		s.mu.Lock()
		if s.hook != "" {
			s.mu.Unlock()
			fail(w, http.StatusConflict, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first")
			return
		}
		if offset > 0 {
			keep := s.updates[:0]
			for _, u := range s.updates {
				if u.id >= offset {
					keep = append(keep, u)
				} else if u.id > s.confirmed {
					s.confirmed = u.id
				}
			}
			s.updates = keep
		}
		var out []map[string]any
		for _, u := range s.updates {
			if len(out) == limit {
				break
			}
			out = append(out, u.body)
			s.delivered[u.id]++
		}
		wake := s.wake
		s.mu.Unlock()
		if len(out) > 0 || !time.Now().Before(deadline) {
			if out == nil {
				out = []map[string]any{}
			}
			writeJSON(w, 200, reply{OK: true, Result: out})
			return
		}
		ctx, cancel := context.WithDeadline(r.Context(), deadline)
		select {
		case <-wake:
		case <-ctx.Done():
		}
		cancel()
		if r.Context().Err() != nil {
			return
		}
	}
}

// AnswerEarly makes getUpdates answer at once, with an empty batch when
// nothing is pending, instead of holding the long poll (a test server, a
// proxy that cuts long requests, some self-hosted servers).
func (s *Server) AnswerEarly(yes bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.early = yes
}

// RestartUpdateIDs makes the next update ids start again from the first
// one, as after a self-hosted server's reset or a new bot token. Call it
// once the bot confirmed everything queued.
func (s *Server) RestartUpdateIDs() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID = 100
	s.confirmed = 0
}

// Migrate upgrades group from to the supergroup to, as Telegram does: a
// service message with migrate_to_chat_id in the old chat, one with
// migrate_from_chat_id in the new one, and from then on posts to the old
// chat fail with 400 and parameters.migrate_to_chat_id.
func (s *Server) Migrate(from, to Chat) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.migrated[from.ID] = to.ID
	s.msgID++
	s.queue(map[string]any{"message": map[string]any{
		"message_id": s.msgID, "chat": from, "date": time.Now().Unix(),
		"from": User{ID: 1, FirstName: "Group"}, "migrate_to_chat_id": to.ID,
	}})
	s.msgID++
	s.queue(map[string]any{"message": map[string]any{
		"message_id": s.msgID, "chat": to, "date": time.Now().Unix(),
		"from": User{ID: 1087968824, IsBot: true, FirstName: "Group"}, "migrate_from_chat_id": from.ID,
	}})
}

// MemberStatus queues a my_chat_member update: by changes the bot's status
// in chat to status ("member", "left", "kicked"). In a private chat "kicked"
// is the user blocking the bot; in a group it is the bot being removed, and
// posts to that group then fail with 403.
func (s *Server) MemberStatus(chat Chat, by User, old, status string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if chat.Type == "private" {
		s.blocked[chat.ID] = status == "kicked"
	} else {
		s.kicked[chat.ID] = status == "kicked" || status == "left"
	}
	return s.queue(map[string]any{"my_chat_member": map[string]any{
		"chat": chat, "from": by, "date": time.Now().Unix(),
		"old_chat_member": map[string]any{"user": s.Bot, "status": old},
		"new_chat_member": map[string]any{"user": s.Bot, "status": status},
	}})
}

// Profile returns what the bot set with setMyDescription ("description"),
// setMyShortDescription ("short_description") for a language ("" default).
func (s *Server) Profile(field, lang string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.profile[field+"/"+lang]
}

// AllowedUpdates is the allowed_updates of the bot's last getUpdates.
func (s *Server) AllowedUpdates() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.allowed
}
