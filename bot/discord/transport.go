package discord

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// discordBase is the prefix of every REST URL discordgo builds.
const discordBase = "https://discord.com/"

// rewriteTransport points discordgo's REST calls at another base URL and
// optionally answers GET /gateway itself.
//
// discordgo builds URLs from package-level variables computed at start-up
// (discordgo.EndpointAPI and the functions derived from it); changing them
// would be global mutable state shared by every session in the process.
// Rewriting at the transport keeps the override inside this adapter's
// http.Client: nothing package-level is touched, and the gateway URL follows
// from GET /gateway, which this transport can answer with Config.GatewayURL.
type rewriteTransport struct {
	base    string // replaces discordBase; empty keeps it
	gateway string // answered for GET .../gateway; empty asks the server
	next    http.RoundTripper
}

func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	u := req.URL.String()
	if t.gateway != "" && req.Method == http.MethodGet &&
		(strings.HasSuffix(req.URL.Path, "/gateway") || strings.HasSuffix(req.URL.Path, "/gateway/bot")) {
		body, _ := json.Marshal(map[string]any{"url": t.gateway, "shards": 1})
		return &http.Response{
			StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header:  http.Header{"Content-Type": {"application/json"}},
			Body:    io.NopCloser(bytes.NewReader(body)),
			Request: req, ContentLength: int64(len(body)),
		}, nil
	}
	if t.base != "" && strings.HasPrefix(u, discordBase) {
		r2 := req.Clone(req.Context())
		nu, err := req.URL.Parse(t.base + strings.TrimPrefix(u, discordBase))
		if err != nil {
			return nil, err
		}
		r2.URL = nu
		r2.Host = nu.Host
		req = r2
	}
	return t.next.RoundTrip(req)
}

// newSession builds a discordgo session for cfg without connecting.
func newSession(cfg Config) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Timeout: cfg.RequestTimeout}
	if cfg.HTTPClient != nil {
		c := *cfg.HTTPClient
		client = &c
	}
	next := client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	client.Transport = &rewriteTransport{base: cfg.APIURL, gateway: cfg.GatewayURL, next: next}
	s.Client = client
	// Rate limits and 5xx come back to us as errors, so a delivery is
	// delayed through the service's outbox instead of blocking a handler
	// goroutine inside discordgo (which sleeps without a context). The
	// per-bucket limiter still paces requests from the response headers.
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 0
	s.StateEnabled = false
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	// Handlers run on the gateway's reader, in the order events came
	// (discordgo otherwise starts a goroutine per event, and a "start"
	// could overtake the "join" before it); onInteraction only queues.
	s.SyncEvents = true
	// Plain-text gateway frames keep the loopback fake simple; the volume is
	// small (interactions only).
	s.Compress = false
	s.Identify.Compress = false
	return s, nil
}
