package fakediscord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// User is someone who interacts with the bot.
type User struct {
	ID, Name string
	// Admin gives the member the Manage Channels permission.
	Admin  bool
	Locale string // "en-US" if empty
}

// Opt is one slash command option as the user filled it in.
type Opt struct {
	Name, Value string
	Focused     bool // the option being autocompleted
}

// Interaction types and callback types the fake uses (Discord's numbers).
const (
	TypeCommand      = 2
	TypeComponent    = 3
	TypeAutocomplete = 4

	CallbackMessage        = 4
	CallbackDeferMessage   = 5
	CallbackDeferUpdate    = 6
	CallbackUpdate         = 7
	CallbackAutocomplete   = 8
	permManageChannels     = 1 << 4
	permissionsForEveryone = 1<<10 | 1<<11 // view channel, send messages
)

// Interaction is one interaction the fake dispatched, with what the bot
// answered.
type Interaction struct {
	ID, Token string
	Type      int
	User      User
	Channel   string
	sent      time.Time
	srv       *Server

	// guarded by srv.mu
	callbackType int
	callbackAt   time.Duration
	late         bool
	choices      []Choice
}

// Choice is one autocomplete entry the bot offered.
type Choice struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// NameLocalizations maps a Discord locale to the choice's name in it.
	NameLocalizations map[string]string `json:"name_localizations,omitempty"`
}

// Slash sends /name sub with options, as user in channel of the fake's
// one guild (a DM channel: no guild).
func (s *Server) Slash(user User, channel, name, sub string, opts ...Opt) (*Interaction, error) {
	return s.SlashIn(Guild, user, channel, name, sub, opts...)
}

// SlashIn is Slash in channel of another guild: its event goes to the
// gateway shard of that guild.
func (s *Server) SlashIn(guild string, user User, channel, name, sub string, opts ...Opt) (*Interaction, error) {
	var options []map[string]any
	for _, o := range opts {
		opt := map[string]any{"name": o.Name, "type": 3, "value": o.Value}
		if o.Focused {
			opt["focused"] = true
		}
		options = append(options, opt)
	}
	return s.dispatchIn(guild, TypeCommand, user, channel, commandData(name, sub, options), nil)
}

// Autocomplete asks for suggestions for the focused option of /name sub and
// waits for the bot's answer.
func (s *Server) Autocomplete(ctx context.Context, user User, channel, name, sub string, opts ...Opt) ([]Choice, error) {
	var options []map[string]any
	for _, o := range opts {
		opt := map[string]any{"name": o.Name, "type": 3, "value": o.Value}
		if o.Focused {
			opt["focused"] = true
		}
		options = append(options, opt)
	}
	ix, err := s.dispatch(TypeAutocomplete, user, channel, commandData(name, sub, options), nil)
	if err != nil {
		return nil, err
	}
	if _, err := ix.Ack(ctx); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Choice(nil), ix.choices...), nil
}

// Press presses a button with customID on message m, as user.
func (s *Server) Press(user User, m Message, customID string) (*Interaction, error) {
	data := map[string]any{"custom_id": customID, "component_type": 2}
	return s.dispatch(TypeComponent, user, m.ChannelID, data, &m)
}

// Select picks value in the select menu customID on message m, as user.
func (s *Server) Select(user User, m Message, customID, value string) (*Interaction, error) {
	data := map[string]any{"custom_id": customID, "component_type": 3, "values": []string{value}}
	return s.dispatch(TypeComponent, user, m.ChannelID, data, &m)
}

func (s *Server) dispatch(typ int, user User, channel string, data map[string]any, m *Message) (*Interaction, error) {
	return s.dispatchIn(Guild, typ, user, channel, data, m)
}

func (s *Server) dispatchIn(guild string, typ int, user User, channel string, data map[string]any, m *Message) (*Interaction, error) {
	s.mu.Lock()
	ix := &Interaction{ID: s.newIDLocked(), Type: typ, User: user, Channel: channel, srv: s}
	ix.Token = "itok-" + ix.ID
	s.interactions[ix.ID] = ix
	s.mu.Unlock()
	locale := user.Locale
	if locale == "" {
		locale = "en-US"
	}
	perms := permissionsForEveryone
	if user.Admin {
		perms |= permManageChannels
	}
	d := map[string]any{
		"id": ix.ID, "application_id": AppID, "type": typ, "data": data,
		"guild_id": guild, "channel_id": channel, "token": ix.Token, "version": 1,
		"locale": locale, "app_permissions": "0",
		"member": map[string]any{
			"user":        map[string]any{"id": user.ID, "username": user.Name, "global_name": user.Name},
			"permissions": fmt.Sprint(perms), "roles": []string{},
		},
	}
	if strings.HasPrefix(channel, dmChannel("")) {
		// Like Discord, an interaction in a DM has no guild and no member,
		// only the user.
		delete(d, "guild_id")
		delete(d, "member")
		d["user"] = map[string]any{"id": user.ID, "username": user.Name, "global_name": user.Name}
	}
	if m != nil {
		d["message"] = messageJSON(m)
	}
	ix.sent = time.Now()
	if err := s.broadcast("INTERACTION_CREATE", d); err != nil {
		return nil, err
	}
	return ix, nil
}

// Ack waits for the interaction's callback and returns its type.
func (ix *Interaction) Ack(ctx context.Context) (int, error) {
	var typ int
	err := ix.srv.wait(ctx, func() bool {
		typ = ix.callbackType
		return typ != 0 || ix.late
	})
	if err != nil {
		return 0, fmt.Errorf("interaction %s never acknowledged: %w", ix.ID, err)
	}
	if ix.late {
		return 0, errors.New("interaction acknowledged after the 3-second deadline")
	}
	return typ, nil
}

// AckDelay is how long the bot took to acknowledge (0 before Ack).
func (ix *Interaction) AckDelay() time.Duration {
	ix.srv.mu.Lock()
	defer ix.srv.mu.Unlock()
	return ix.callbackAt
}

// Replies returns the visible messages answering this interaction: the
// callback message and follow-ups, in order.
func (ix *Interaction) Replies() []Message {
	var out []Message
	for _, m := range ix.srv.Messages() {
		if m.Interaction == ix.ID && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// WaitReply waits for a visible reply to this interaction satisfying ok.
func (ix *Interaction) WaitReply(ctx context.Context, ok func(Message) bool) (Message, error) {
	return ix.srv.WaitMessage(ctx, func(m Message) bool {
		return m.Interaction == ix.ID && !m.Deleted && ok(m)
	})
}

func (s *Server) interactionByToken(token string) *Interaction {
	for _, ix := range s.interactions {
		if ix.Token == token {
			return ix
		}
	}
	return nil
}

// callback handles POST /interactions/{id}/{token}/callback.
func (s *Server) callback(r *http.Request, id, token string) (any, error) {
	var req struct {
		Type int     `json:"type"`
		Data payload `json:"data"`
	}
	files, err := readBody(r, &req)
	if err != nil {
		return nil, err
	}
	rows, err := req.Data.rows()
	if err != nil {
		return nil, errorf(400, 50035, "%v", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.interactions[id]
	if ix == nil || ix.Token != token {
		return nil, errorf(404, 10062, "Unknown interaction")
	}
	if ix.callbackType != 0 {
		return nil, errorf(400, 40060, "Interaction has already been acknowledged.")
	}
	if time.Since(ix.sent) > CallbackDeadline {
		ix.late = true
		s.notifyLocked()
		return nil, errorf(404, 10062, "Unknown interaction")
	}
	switch {
	case req.Type == CallbackAutocomplete && ix.Type == TypeAutocomplete:
		if len(req.Data.Choices) > 25 {
			return nil, errorf(400, 50035, "more than 25 choices")
		}
		for _, c := range req.Data.Choices {
			ix.choices = append(ix.choices, Choice{Name: c.Name, Value: fmt.Sprint(c.Value)})
		}
	case req.Type == CallbackMessage && ix.Type != TypeAutocomplete:
		m := &Message{ID: s.newIDLocked(), ChannelID: ix.Channel, Interaction: ix.ID, Created: s.now(),
			Ephemeral: req.Data.Flags&64 != 0, Rows: rows, Files: files}
		if req.Data.Content != nil {
			m.Content = *req.Data.Content
		}
		s.messages = append(s.messages, m)
	case req.Type == CallbackDeferMessage && ix.Type != TypeAutocomplete:
	case (req.Type == CallbackDeferUpdate || req.Type == CallbackUpdate) && ix.Type == TypeComponent:
	default:
		return nil, errorf(400, 50035, "callback type %d is not valid for interaction type %d", req.Type, ix.Type)
	}
	ix.callbackType = req.Type
	ix.callbackAt = time.Since(ix.sent)
	s.notifyLocked()
	return nil, nil
}

// followup handles POST /webhooks/{app}/{token}: a follow-up message.
func (s *Server) followup(r *http.Request, app, token string) (any, error) {
	p, rows, files, err := readMessage(r)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.interactionByToken(token)
	if app != AppID || ix == nil || ix.callbackType == 0 || time.Since(ix.sent) > 15*time.Minute {
		return nil, errorf(404, 10015, "Unknown Webhook")
	}
	m := &Message{ID: s.newIDLocked(), ChannelID: ix.Channel, Interaction: ix.ID, Created: s.now(),
		Ephemeral: p.Flags&64 != 0, Rows: rows, Files: files}
	if p.Content != nil {
		m.Content = *p.Content
	}
	if p.AllowedMentions != nil {
		m.Mentions = p.AllowedMentions.Users
	}
	if m.Content == "" && len(files) == 0 {
		return nil, errorf(400, 50006, "Cannot send an empty message")
	}
	s.messages = append(s.messages, m)
	s.notifyLocked()
	if r.URL.Query().Get("wait") != "true" {
		return nil, nil
	}
	return messageJSON(m), nil
}

// webhookMessage handles PATCH and DELETE of an interaction's messages
// ("@original" is the callback message).
func (s *Server) webhookMessage(r *http.Request, app, token, id string) (any, error) {
	p, rows, files, err := readMessage(r)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.interactionByToken(token)
	if app != AppID || ix == nil || ix.callbackType == 0 {
		return nil, errorf(404, 10015, "Unknown Webhook")
	}
	var target *Message
	for _, m := range s.messages {
		if m.Interaction == ix.ID && (m.ID == id || id == "@original") {
			target = m
			break
		}
	}
	if target == nil && id == "@original" && ix.callbackType == CallbackDeferMessage && r.Method == "PATCH" {
		// Editing a deferred response creates its message.
		target = &Message{ID: s.newIDLocked(), ChannelID: ix.Channel, Interaction: ix.ID, Created: s.now()}
		s.messages = append(s.messages, target)
	}
	if target == nil {
		if id == "@original" && r.Method == "DELETE" && ix.callbackType == CallbackDeferMessage {
			return nil, nil // deleting the "thinking…" placeholder
		}
		return nil, errorf(404, 10008, "Unknown Message")
	}
	switch r.Method {
	case "PATCH":
		applyEdit(target, &p, rows, files)
	case "DELETE":
		target.Deleted = true
	default:
		return nil, errorf(405, 0, "405: Method Not Allowed")
	}
	s.notifyLocked()
	if r.Method == "DELETE" {
		return nil, nil
	}
	return messageJSON(target), nil
}

// commandData is the data of /name sub with options; a sub of two words
// ("more undo") is a subcommand in a group.
func commandData(name, sub string, options []map[string]any) map[string]any {
	opt := map[string]any{"name": sub, "type": 1, "options": options}
	if group, inner, ok := strings.Cut(sub, " "); ok {
		opt = map[string]any{"name": group, "type": 2, "options": []map[string]any{{"name": inner, "type": 1, "options": options}}}
	}
	return map[string]any{"id": "1", "name": name, "type": 1, "options": []map[string]any{opt}}
}
