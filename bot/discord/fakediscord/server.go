package fakediscord

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"
)

// IDs the fake uses for the bot itself.
const (
	AppID   = "900000000000000001" // application id, also the bot user's id
	BotName = "formica"
	Guild   = "800000000000000001" // the one guild every interaction comes from
)

// APIVersion is the REST path version discordgo v0.29 speaks.
const APIVersion = "9"

// CallbackDeadline is how long Discord waits for an interaction's first
// response before the interaction is gone.
const CallbackDeadline = 3 * time.Second

// Server is a fake Discord. Create it with New, stop it with Close.
type Server struct {
	token string // the bot token without the "Bot " prefix
	http  *httptest.Server

	// HeartbeatInterval is sent in HELLO; set before the bot connects.
	HeartbeatInterval time.Duration

	mu           sync.Mutex
	everywhere   bool          // RouteEverywhere
	changed      chan struct{} // closed and replaced on every change
	nextID       int64
	messages     []*Message
	nonces       map[string]string // channel + "\x00" + nonce -> message id
	nonceWindow  time.Duration     // SetNonceWindow
	now          func() time.Time  // SetClock
	interactions map[string]*Interaction
	commands     map[string][]Command // "" for global, else guild id
	blockedDM    map[string]bool
	faults       []fault
	requests     []Request
	conns        map[*gwConn]bool
	identifies   int
	gwRejects    bool // the gateway refuses the token (close 4004) though REST accepts it
}

// DefaultNonceWindow is how long the fake drops a post repeating an
// earlier one's nonce (enforce_nonce). Discord checks "in the past few
// minutes", no longer: the fake gives no more than the shortest reading.
const DefaultNonceWindow = 2 * time.Minute

// SetNonceWindow sets how long a nonce drops a repeated post (0: forever).
func (s *Server) SetNonceWindow(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nonceWindow = d
}

// SetClock sets the time the fake stamps messages with and measures the
// nonce window by (default time.Now), so a test can let minutes pass.
func (s *Server) SetClock(now func() time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = now
}

// RejectOnGateway makes the gateway close every IDENTIFY with 4004
// "Authentication failed." while REST still accepts the token, as when a
// token is reset between the two.
func (s *Server) RejectOnGateway(yes bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gwRejects = yes
}

// RouteEverywhere makes the gateway send every event to every connection,
// ignoring shards: Discord's shard routing bypassed, as a test of the
// bot's own check that drops another shard's events.
func (s *Server) RouteEverywhere(yes bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.everywhere = yes
}

// Request is one REST request the fake received.
type Request struct {
	Method, Path string
	Status       int
	At           time.Time
}

// New starts a fake Discord that accepts token (with or without "Bot ").
func New(token string) *Server {
	s := &Server{
		token:             strings.TrimPrefix(token, "Bot "),
		HeartbeatInterval: 41250 * time.Millisecond,
		changed:           make(chan struct{}),
		nextID:            1000,
		nonces:            map[string]string{},
		nonceWindow:       DefaultNonceWindow,
		now:               time.Now,
		interactions:      map[string]*Interaction{},
		commands:          map[string][]Command{},
		blockedDM:         map[string]bool{},
		conns:             map[*gwConn]bool{},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/gateway", s.serveGateway)
	mux.HandleFunc("/gateway/", s.serveGateway) // discordgo adds a slash
	mux.HandleFunc("/api/v"+APIVersion+"/", s.serveREST)
	s.http = httptest.NewServer(mux)
	return s
}

// Close disconnects every bot and stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.close()
	}
	s.http.CloseClientConnections()
	s.http.Close()
}

// URL is the base URL to use instead of https://discord.com/ (with a
// trailing slash).
func (s *Server) URL() string { return s.http.URL + "/" }

// GatewayURL is the websocket URL GET /gateway returns.
func (s *Server) GatewayURL() string {
	return "ws" + strings.TrimPrefix(s.http.URL, "http") + "/gateway"
}

// BlockDMs makes posts to user's DM channel fail with error 50007, as when a
// user does not accept direct messages from server members.
func (s *Server) BlockDMs(user string, blocked bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.blockedDM[user] = blocked
}

// Commands returns the slash commands registered globally (guild "") or in
// a guild.
func (s *Server) Commands(guild string) []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Command(nil), s.commands[guild]...)
}

// Identifies counts gateway IDENTIFY packets accepted (one per bot start).
func (s *Server) Identifies() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.identifies
}

// Requests returns the REST requests received whose method matches (""
// for any) and whose path contains pathPart.
func (s *Server) Requests(method, pathPart string) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if (method == "" || r.Method == method) && strings.Contains(r.Path, pathPart) {
			out = append(out, r)
		}
	}
	return out
}

// Messages returns a copy of every message posted so far, in order,
// including ephemeral ones and deleted ones (Deleted set).
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, len(s.messages))
	for i, m := range s.messages {
		out[i] = m.copy()
	}
	return out
}

// ChannelMessages returns the visible (not deleted) non-ephemeral messages
// in channel, in order.
func (s *Server) ChannelMessages(channel string) []Message {
	// Copies only the channel's messages: load tests call this per move
	// with thousands of messages posted.
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if m.ChannelID == channel && !m.Ephemeral && !m.Deleted {
			out = append(out, m.copy())
		}
	}
	return out
}

// WaitMessage waits until some message satisfies ok and returns the first
// such message.
func (s *Server) WaitMessage(ctx context.Context, ok func(Message) bool) (Message, error) {
	var found Message
	err := s.wait(ctx, func() bool {
		for _, m := range s.messages {
			if c := m.copy(); ok(c) {
				found = c
				return true
			}
		}
		return false
	})
	return found, err
}

// wait blocks until cond (called with s.mu held) is true or ctx ends.
func (s *Server) wait(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		if cond() {
			s.mu.Unlock()
			return nil
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// notifyLocked wakes every waiter; s.mu must be held.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// newIDLocked returns a fresh snowflake-like id; s.mu must be held.
func (s *Server) newIDLocked() string {
	s.nextID++
	return strconv.FormatInt(s.nextID, 10)
}

// WaitRequests waits until at least n REST requests with method (""
// for any) and a path containing pathPart were answered.
func (s *Server) WaitRequests(ctx context.Context, method, pathPart string, n int) error {
	return s.wait(ctx, func() bool {
		c := 0
		for _, r := range s.requests {
			if (method == "" || r.Method == method) && strings.Contains(r.Path, pathPart) {
				c++
			}
		}
		return c >= n
	})
}

// WaitIdentifies waits until n bots have identified on the gateway.
func (s *Server) WaitIdentifies(ctx context.Context, n int) error {
	return s.wait(ctx, func() bool { return s.identifies >= n })
}

// WaitMessages waits until ok, given a copy of all messages so far,
// returns true, and returns that copy.
func (s *Server) WaitMessages(ctx context.Context, ok func([]Message) bool) ([]Message, error) {
	var snap []Message
	err := s.wait(ctx, func() bool {
		snap = make([]Message, len(s.messages))
		for i, m := range s.messages {
			snap[i] = m.copy()
		}
		return ok(snap)
	})
	return snap, err
}
