package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Fault is what the fake does to one matching request instead of (or
// around) answering it normally.
type Fault struct {
	// Status, when non-zero, answers with this status and does nothing:
	// 429 (with RetryAfter) or a 5xx.
	Status     int
	RetryAfter time.Duration
	Global     bool
	// Delay holds the answer back. With Commit the request's work is done
	// first, so a client that gives up still finds its message posted: the
	// case a retry must not duplicate.
	Delay  time.Duration
	Commit bool
}

type fault struct {
	method, pathPart string
	Fault
}

// Inject queues faults for the next requests with method whose path contains
// pathPart, one fault per request, in order.
func (s *Server) Inject(method, pathPart string, faults ...Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range faults {
		s.faults = append(s.faults, fault{method, pathPart, f})
	}
}

// PendingFaults counts injected faults not yet served.
func (s *Server) PendingFaults() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.faults)
}

func (s *Server) takeFault(r *http.Request) (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, f := range s.faults {
		if f.method == r.Method && strings.Contains(r.URL.Path, f.pathPart) {
			s.faults = append(s.faults[:i], s.faults[i+1:]...)
			return f.Fault, true
		}
	}
	return Fault{}, false
}

// statusWriter remembers the status for the request log.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// apiError is Discord's JSON error body.
type apiError struct {
	status  int
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %d: %s", e.status, e.Code, e.Message) }

func errorf(status, code int, format string, args ...any) *apiError {
	return &apiError{status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

func (s *Server) serveREST(rw http.ResponseWriter, r *http.Request) {
	w := &statusWriter{ResponseWriter: rw, status: 200}
	defer func() {
		s.mu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Status: w.status, At: time.Now()})
		s.notifyLocked()
		s.mu.Unlock()
	}()
	f, faulty := s.takeFault(r)
	if faulty && f.Status != 0 {
		if f.Delay > 0 {
			time.Sleep(f.Delay)
		}
		writeFault(w, f)
		return
	}
	if faulty && !f.Commit {
		time.Sleep(f.Delay)
	}
	path := strings.TrimPrefix(r.URL.Path, "/api/v"+APIVersion+"/")
	parts := strings.Split(path, "/")
	var (
		body any
		err  error
	)
	// Interaction callbacks and webhooks authenticate by their token in
	// the path; everything else needs the bot token.
	if parts[0] != "interactions" && parts[0] != "webhooks" && r.Header.Get("Authorization") != "Bot "+s.token {
		err = errorf(401, 0, "401: Unauthorized")
	} else {
		body, err = s.route(r, parts)
	}
	if faulty && f.Commit {
		time.Sleep(f.Delay)
	}
	if err != nil {
		e, ok := err.(*apiError)
		if !ok {
			e = errorf(400, 50035, "Invalid Form Body: %v", err)
		}
		writeJSON(w, e.status, e)
		return
	}
	if body == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, 200, body)
}

func writeFault(w http.ResponseWriter, f Fault) {
	if f.Status != http.StatusTooManyRequests {
		writeJSON(w, f.Status, errorf(f.Status, 0, "%d: injected failure", f.Status))
		return
	}
	secs := f.RetryAfter.Seconds()
	w.Header().Set("Retry-After", fmt.Sprintf("%.3f", secs))
	if f.Global {
		w.Header().Set("X-RateLimit-Global", "true")
	}
	w.Header().Set("X-RateLimit-Scope", "user")
	writeJSON(w, 429, map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": f.Global})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) route(r *http.Request, p []string) (any, error) {
	m := r.Method
	switch {
	case m == "GET" && len(p) == 1 && p[0] == "gateway":
		return map[string]any{"url": s.GatewayURL()}, nil
	case m == "GET" && len(p) == 2 && p[0] == "gateway" && p[1] == "bot":
		return map[string]any{"url": s.GatewayURL(), "shards": 1}, nil
	case m == "GET" && len(p) == 2 && p[0] == "users" && p[1] == "@me":
		return map[string]any{"id": AppID, "username": BotName, "bot": true}, nil
	case m == "POST" && len(p) == 3 && p[0] == "users" && p[2] == "channels":
		return s.createDM(r)
	case m == "PUT" && len(p) == 3 && p[0] == "applications" && p[2] == "commands":
		return s.putCommands(r, p[1], "")
	case m == "PUT" && len(p) == 5 && p[0] == "applications" && p[2] == "guilds" && p[4] == "commands":
		return s.putCommands(r, p[1], p[3])
	case m == "POST" && len(p) == 4 && p[0] == "interactions" && p[3] == "callback":
		return s.callback(r, p[1], p[2])
	case m == "POST" && len(p) == 3 && p[0] == "webhooks":
		return s.followup(r, p[1], p[2])
	case len(p) == 5 && p[0] == "webhooks" && p[3] == "messages":
		return s.webhookMessage(r, p[1], p[2], p[4])
	case m == "POST" && len(p) == 3 && p[0] == "channels" && p[2] == "messages":
		return s.postMessage(r, p[1])
	case m == "GET" && len(p) == 3 && p[0] == "channels" && p[2] == "messages":
		return s.channelMessages(r, p[1])
	case m == "PATCH" && len(p) == 4 && p[0] == "channels" && p[2] == "messages":
		return s.editMessage(r, p[1], p[3])
	}
	return nil, errorf(404, 0, "404: Not Found (%s %s)", m, strings.Join(p, "/"))
}

func (s *Server) createDM(r *http.Request) (any, error) {
	var req struct {
		RecipientID string `json:"recipient_id"`
	}
	if _, err := readBody(r, &req); err != nil {
		return nil, err
	}
	if req.RecipientID == "" {
		return nil, errorf(400, 50035, "recipient_id is required")
	}
	return map[string]any{"id": dmChannel(req.RecipientID), "type": 1,
		"recipients": []map[string]any{{"id": req.RecipientID}}}, nil
}

// dmChannel is the id of the DM channel with user.
func dmChannel(user string) string { return "dm-" + user }

// DMChannel is the channel id DMs to user are posted in.
func DMChannel(user string) string { return dmChannel(user) }

// Command is a registered slash command, as sent by the bot.
type Command struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Options     []CommandOption `json:"options"`
	// DescriptionLocalizations maps a Discord locale ("ru", "uk", "pl") to
	// the description in it.
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	// Contexts are where the command may be used (0 guild, 1 bot DM, 2
	// private channel); nil means Discord's default (guild and bot DM).
	Contexts *[]int `json:"contexts"`
	// DefaultMemberPermissions is the permission bit set a member needs
	// (a decimal string); "" means everyone.
	DefaultMemberPermissions string `json:"default_member_permissions"`
}

// CommandOption is a subcommand or an option of one.
type CommandOption struct {
	Type         int             `json:"type"`
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	Required     bool            `json:"required"`
	Autocomplete bool            `json:"autocomplete"`
	Options      []CommandOption `json:"options"`
	// DescriptionLocalizations as in Command.
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Choices                  []Choice          `json:"choices"`
}

func (s *Server) putCommands(r *http.Request, app, guild string) (any, error) {
	if app != AppID {
		return nil, errorf(403, 50001, "Missing Access")
	}
	var cmds []Command
	if _, err := readBody(r, &cmds); err != nil {
		return nil, err
	}
	if err := validateCommands(cmds); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range cmds {
		cmds[i].ID = s.newIDLocked()
	}
	s.commands[guild] = cmds
	s.notifyLocked()
	return cmds, nil
}

// validateCommands applies Discord's limits that a bot can trip over.
func validateCommands(cmds []Command) error {
	var check func(o []CommandOption, depth int, group bool) error
	check = func(opts []CommandOption, depth int, group bool) error {
		if len(opts) > 25 {
			return errorf(400, 50035, "more than 25 options")
		}
		names := map[string]bool{}
		for _, o := range opts {
			if names[o.Name] {
				return errorf(400, 50035, "option names must be unique: %q", o.Name)
			}
			names[o.Name] = true
			if len(o.Choices) > 25 {
				return errorf(400, 50035, "option %q has more than 25 choices", o.Name)
			}
			for _, c := range o.Choices {
				if n := len([]rune(c.Name)); n == 0 || n > 100 || !validLocalizations(c.NameLocalizations) {
					return errorf(400, 50035, "option %q: bad choice name %q", o.Name, c.Name)
				}
			}
			if len(o.Choices) > 0 && o.Autocomplete {
				return errorf(400, 50035, "option %q has both choices and autocomplete", o.Name)
			}
			if !validName(o.Name) || len(o.Description) == 0 || len([]rune(o.Description)) > 100 || !validLocalizations(o.DescriptionLocalizations) {
				return errorf(400, 50035, "bad option %q (description %q)", o.Name, o.Description)
			}
			// A subcommand sits at the top or in a group; a group only at
			// the top, holding subcommands only.
			if o.Type == 1 && depth > 0 && !group || o.Type == 2 && depth > 0 || group && o.Type != 1 {
				return errorf(400, 50035, "subcommand nested too deep")
			}
			if err := check(o.Options, depth+1, o.Type == 2); err != nil {
				return err
			}
		}
		return nil
	}
	for _, c := range cmds {
		if !validName(c.Name) || len(c.Description) == 0 || len([]rune(c.Description)) > 100 || !validLocalizations(c.DescriptionLocalizations) {
			return errorf(400, 50035, "bad command %q", c.Name)
		}
		if err := check(c.Options, 0, false); err != nil {
			return err
		}
	}
	return nil
}

// validLocalizations: Discord locale codes (a few of them here) and
// descriptions of 1 to 100 characters.
func validLocalizations(m map[string]string) bool {
	for loc, d := range m {
		switch loc {
		case "ru", "uk", "pl", "de", "fr", "en-US", "en-GB":
		default:
			return false
		}
		if n := len([]rune(d)); n == 0 || n > 100 {
			return false
		}
	}
	return true
}

func validName(n string) bool {
	if n == "" || len([]rune(n)) > 32 || strings.ToLower(n) != n {
		return false
	}
	return !strings.ContainsAny(n, " \t")
}

func (s *Server) postMessage(r *http.Request, channel string) (any, error) {
	p, rows, files, err := readMessage(r)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if u, ok := strings.CutPrefix(channel, "dm-"); ok && s.blockedDM[u] {
		return nil, errorf(403, 50007, "Cannot send messages to this user")
	}
	nonce := p.nonce()
	now := s.now()
	if nonce != "" && p.EnforceNonce {
		if id, ok := s.nonces[channel+"\x00"+nonce]; ok {
			for _, m := range s.messages {
				if m.ID == id && (s.nonceWindow == 0 || now.Sub(m.Created) < s.nonceWindow) {
					return messageJSON(m), nil
				}
			}
		}
	}
	m := &Message{ID: s.newIDLocked(), ChannelID: channel, Rows: rows, Files: files, Nonce: nonce, Created: now}
	if p.Content != nil {
		m.Content = *p.Content
	}
	if p.AllowedMentions != nil {
		m.Mentions = p.AllowedMentions.Users
	}
	if m.Content == "" && len(files) == 0 {
		return nil, errorf(400, 50006, "Cannot send an empty message")
	}
	if nonce != "" {
		s.nonces[channel+"\x00"+nonce] = m.ID
	}
	s.messages = append(s.messages, m)
	s.notifyLocked()
	return messageJSON(m), nil
}

// channelMessages lists a channel's latest messages, newest first, as
// Discord does: at most limit (default 50, at most 100). Ephemeral and
// deleted ones are not in a channel's history.
func (s *Server) channelMessages(r *http.Request, channel string) (any, error) {
	limit := 50
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return nil, errorf(400, 50035, "Invalid Form Body: limit")
		}
		limit = n
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []any{}
	for i := len(s.messages) - 1; i >= 0 && len(out) < limit; i-- {
		if m := s.messages[i]; m.ChannelID == channel && !m.Ephemeral && !m.Deleted {
			out = append(out, messageJSON(m))
		}
	}
	return out, nil
}

func (s *Server) editMessage(r *http.Request, channel, id string) (any, error) {
	p, rows, files, err := readMessage(r)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.messages {
		if m.ID == id && m.ChannelID == channel && !m.Deleted {
			applyEdit(m, &p, rows, files)
			s.notifyLocked()
			return messageJSON(m), nil
		}
	}
	return nil, errorf(404, 10008, "Unknown Message")
}

func applyEdit(m *Message, p *payload, rows [][]Component, files []File) {
	if p.Content != nil {
		m.Content = *p.Content
	}
	if p.Components != nil {
		m.Rows = rows
	}
	if files != nil {
		m.Files = files
	}
	m.Edits++
}
