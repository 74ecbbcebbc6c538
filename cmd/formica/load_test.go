package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	loadGames = flag.Int("load.games", 20, "concurrent games in BenchmarkLoad (half on Discord, half on Telegram)")
	loadMoves = flag.Int("load.moves", 8, "moves per game in BenchmarkLoad")
)

// limiter is a reverse proxy in front of a fake platform that enforces the
// platform's published rate limits, answering 429 with retry_after as the
// platform does when a client goes over.
type limiter struct {
	srv      *httptest.Server
	telegram bool

	mu       sync.Mutex
	sent     map[string][]time.Time // bucket -> recent requests
	limited  int                    // 429s answered
	requests int
}

// A bucket allows n requests per window.
type bucket struct {
	n      int
	window time.Duration
}

// Telegram: 1 message a second in one chat (short bursts tolerated), 20 a
// minute in one group, 30 a second overall. Discord: 5 messages per 5
// seconds per channel, 50 requests a second overall.
var (
	tgChatSecond = bucket{3, time.Second}
	tgGroup      = bucket{20, time.Minute}
	tgGlobal     = bucket{30, time.Second}
	dcChannel    = bucket{5, 5 * time.Second}
	dcGlobal     = bucket{50, time.Second}
)

func newLimiter(tb testing.TB, target string, telegram bool) *limiter {
	u, err := url.Parse(target)
	if err != nil {
		tb.Fatal(err)
	}
	l := &limiter{telegram: telegram, sent: map[string][]time.Time{}}
	rp := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
	l.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if wait, ok := l.admit(r); !ok {
			l.refuse(w, wait)
			return
		}
		rp.ServeHTTP(w, r)
	}))
	tb.Cleanup(l.srv.Close)
	return l
}

// admit counts r against its buckets; a request over a limit is refused
// with how long to wait.
func (l *limiter) admit(r *http.Request) (time.Duration, bool) {
	var keys []string
	var limits []bucket
	if l.telegram {
		method := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		if !strings.HasPrefix(method, "send") && !strings.HasPrefix(method, "edit") {
			return 0, true
		}
		chat := chatOf(r)
		keys = []string{"global", "chat-s:" + chat}
		limits = []bucket{tgGlobal, tgChatSecond}
		if strings.HasPrefix(chat, "-") {
			keys, limits = append(keys, "group:"+chat), append(limits, tgGroup)
		}
	} else {
		if r.Header.Get("Upgrade") != "" {
			return 0, true // the gateway
		}
		keys, limits = []string{"global"}, []bucket{dcGlobal}
		if r.Method == http.MethodPost && strings.Contains(r.URL.Path, "/channels/") && strings.HasSuffix(r.URL.Path, "/messages") {
			keys, limits = append(keys, "channel:"+r.URL.Path), append(limits, dcChannel)
		}
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.requests++
	var wait time.Duration
	for i, k := range keys {
		b := limits[i]
		ts := l.sent[k]
		for len(ts) > 0 && now.Sub(ts[0]) >= b.window {
			ts = ts[1:]
		}
		l.sent[k] = ts
		if len(ts) >= b.n {
			wait = max(wait, b.window-now.Sub(ts[0]))
		}
	}
	if wait > 0 {
		l.limited++
		return wait, false
	}
	for _, k := range keys {
		l.sent[k] = append(l.sent[k], now)
	}
	return 0, true
}

// chatOf reads chat_id from a Bot API request, leaving its body intact.
func chatOf(r *http.Request) string {
	if c := r.URL.Query().Get("chat_id"); c != "" {
		return c
	}
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	cp := r.Clone(r.Context())
	cp.Body = io.NopCloser(bytes.NewReader(body))
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		if err := cp.ParseMultipartForm(32 << 20); err == nil {
			return cp.FormValue("chat_id")
		}
		return ""
	}
	if err := cp.ParseForm(); err == nil {
		return cp.PostForm.Get("chat_id")
	}
	return ""
}

func (l *limiter) refuse(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Content-Type", "application/json")
	if l.telegram {
		secs := int(wait/time.Second) + 1
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprintf(w, `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after %d","parameters":{"retry_after":%d}}`, secs, secs)
		return
	}
	w.Header().Set("Retry-After", fmt.Sprintf("%.3f", wait.Seconds()))
	w.Header().Set("X-RateLimit-Scope", "user")
	w.WriteHeader(http.StatusTooManyRequests)
	fmt.Fprintf(w, `{"message":"You are being rate limited.","retry_after":%.3f,"global":false}`, wait.Seconds())
}

func (l *limiter) counts() (requests, limited int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.requests, l.limited
}

// BenchmarkLoad plays -load.games Micropolis games at once (half on each
// platform) through the real binary, behind proxies enforcing Discord's
// and Telegram's rate limits, and reports the command-to-board latency
// players see (p50, p99), the 429s the binary met and absorbed, and
// checks that no move failed and no board was lost or doubled. It is a
// load command, not a CI test:
//
//	go test -run '^$' -bench BenchmarkLoad -benchtime 1x ./cmd/formica -load.games 40
func BenchmarkLoad(b *testing.B) {
	for range b.N {
		h := newHarness(b, *loadGames, 7, false)
		dl, tl := newLimiter(b, h.dc.URL(), false), newLimiter(b, h.tg.URL(), true)
		h.dcURL = dl.srv.URL + "/"
		h.dcGateway = strings.Replace(h.dcGateway, hostOf(h.dc.URL()), hostOf(dl.srv.URL), 1)
		h.tgURL = tl.srv.URL
		var mu sync.Mutex
		var lat []time.Duration
		h.onAck = func(d time.Duration) { mu.Lock(); lat = append(lat, d); mu.Unlock() }
		h.start()
		for _, g := range h.games {
			h.open(g)
		}
		b.ResetTimer()
		var wg sync.WaitGroup
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		for _, g := range h.games {
			g.stopAt = *loadMoves
			wg.Add(1)
			go func() { defer wg.Done(); h.play(ctx, g) }()
		}
		wg.Wait()
		cancel()
		b.StopTimer()
		if !h.resolve() {
			b.Fatal("boards lost or doubled under load")
		}
		h.terminate()
		h.verify()
		slices.Sort(lat)
		if len(lat) == 0 {
			b.Fatal("no move was acknowledged")
		}
		pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
		dreq, d429 := dl.counts()
		treq, t429 := tl.counts()
		b.ReportMetric(float64(pct(0.5).Milliseconds()), "p50-ms")
		b.ReportMetric(float64(pct(0.99).Milliseconds()), "p99-ms")
		b.ReportMetric(float64(len(lat)), "moves")
		b.ReportMetric(float64(d429+t429), "429s")
		b.Logf("load: %d games, %d moves acknowledged, command-to-board p50 %v p99 %v max %v; Discord %d requests (%d answered 429), Telegram %d requests (%d answered 429); no move failed, no board lost or doubled",
			len(h.games), len(lat), pct(0.5), pct(0.99), lat[len(lat)-1], dreq, d429, treq, t429)
		if len(lat) != len(h.games)**loadMoves {
			b.Errorf("%d moves acknowledged, want %d", len(lat), len(h.games)**loadMoves)
		}
	}
}
