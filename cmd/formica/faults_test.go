package main

import (
	"context"
	"flag"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot/discord/fakediscord"
	"formica/bot/telegram/faketg"
)

var faultsFor = flag.Duration("faults.for", 0, "how long TestPlatformFaults plays under faults (default 60s)")

// proxy forwards TCP connections to one fake server and can drop them:
// the binary sees a connection reset mid-request, mid-poll or mid-gateway.
type proxy struct {
	l      net.Listener
	target string

	mu    sync.Mutex
	conns map[net.Conn]bool
}

func newProxy(t testing.TB, targetURL string) *proxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{l: l, target: hostOf(targetURL), conns: map[net.Conn]bool{}}
	t.Cleanup(func() { l.Close(); p.drop(1) })
	go p.serve()
	return p
}

func hostOf(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	host, _, _ := strings.Cut(rest, "/")
	return host
}

// rewrite points a URL of the target at the proxy.
func (p *proxy) rewrite(u string) string {
	return strings.Replace(u, p.target, p.l.Addr().String(), 1)
}

func (p *proxy) serve() {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		go p.pipe(c)
	}
}

func (p *proxy) pipe(c net.Conn) {
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns[c], p.conns[up] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(up, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, up); done <- struct{}{} }()
	<-done
	c.Close()
	up.Close()
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, up)
	p.mu.Unlock()
}

// drop closes each live connection with probability share and reports how
// many it closed.
func (p *proxy) drop(share float64) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for c := range p.conns {
		if share >= 1 || rand.Float64() < share {
			c.Close()
			n++
		}
	}
	return n
}

// faultCounts tallies the faults a run injected.
type faultCounts struct {
	tg429, tg5xx, tg403, dc429, dc5xx, dcSlow, dc403, drops int
}

func (f faultCounts) total() int {
	return f.tg429 + f.tg5xx + f.tg403 + f.dc429 + f.dc5xx + f.dcSlow + f.dc403 + f.drops
}

// TestPlatformFaults plays several games on the fake platforms through the
// real binary while faults hit at random: Telegram 429s with retry_after,
// 500s and proxy error pages, 403s from users who blocked the bot;
// Discord 429s, 5xx, slow answers that complete after the client gave up
// waiting, blocked DMs; and connections dropped under both adapters
// (REST, long polls, the gateway). Every game keeps moving, every answer
// acknowledged is in the log and replays to its hash, and every board is
// posted once (a Telegram photo whose answer was lost with a dropped
// connection may be sent again: Telegram has no nonce; those are counted).
func TestPlatformFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("a long game under faults: go test -run TestPlatformFaults ./cmd/formica")
	}
	play, ngames := 60*time.Second, 6
	if *faultsFor > 0 {
		play = *faultsFor
	}
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("platform faults: %v of play, %d games, -crash.seed=%d", play, ngames, seed)
	h := newHarness(t, ngames, seed, true)
	h.start()
	for _, g := range h.games {
		h.open(g)
	}

	ctx, cancel := context.WithTimeout(context.Background(), play)
	defer cancel()
	var wg sync.WaitGroup
	for _, g := range h.games {
		wg.Add(1)
		go func() { defer wg.Done(); h.play(ctx, g) }()
	}
	var fc faultCounts
	rng := rand.New(rand.NewPCG(seed, 23))
	starts := h.starts
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(40+rng.IntN(160)) * time.Millisecond):
		}
		g := h.games[rng.IntN(len(h.games))]
		switch k := rng.IntN(9); {
		case g.platform == "telegram" && k < 2:
			h.tg.Fail(faketg.Fault{Method: []string{"sendPhoto", "sendMessage"}[k], ChatID: g.tgChat.ID, Code: 429, RetryAfter: 1})
			fc.tg429++
		case g.platform == "telegram" && k < 4:
			h.tg.Fail(faketg.Fault{Method: "sendPhoto", ChatID: g.tgChat.ID, Code: 500 + 2*(k-2), HTML: k == 3})
			fc.tg5xx++
		case g.platform == "telegram" && k < 5:
			u := g.tgUsers[rng.IntN(len(g.tgUsers))]
			h.tg.Block(u, true)
			time.AfterFunc(300*time.Millisecond, func() { h.tg.Block(u, false) })
			fc.tg403++
		case g.platform == "discord" && k < 2:
			h.dc.Inject(http.MethodPost, "/channels/"+g.channel+"/messages", fakediscord.Fault{Status: 429, RetryAfter: 200 * time.Millisecond})
			fc.dc429++
		case g.platform == "discord" && k < 4:
			h.dc.Inject(http.MethodPost, "/channels/"+g.channel+"/messages", fakediscord.Fault{Status: []int{500, 502, 503}[rng.IntN(3)]})
			fc.dc5xx++
		case g.platform == "discord" && k < 5:
			h.dc.Inject(http.MethodPost, "/channels/"+g.channel+"/messages", fakediscord.Fault{Delay: 300 * time.Millisecond, Commit: true})
			fc.dcSlow++
		case g.platform == "discord" && k < 6:
			u := g.dcUsers[rng.IntN(len(g.dcUsers))]
			h.dc.BlockDMs(u.ID, true)
			time.AfterFunc(300*time.Millisecond, func() { h.dc.BlockDMs(u.ID, false) })
			fc.dc403++
		default:
			fc.drops += h.dcProxy.drop(0.3) + h.tgProxy.drop(0.3)
		}
	}
	wg.Wait()
	// Whatever was in flight lands once the faults stop.
	for _, g := range h.games {
		g.mu.Lock()
		if g.pending != nil {
			faketg.Wait(10*time.Second, func() bool { return h.boards(g)-1 > len(g.acked) })
		}
		g.mu.Unlock()
	}
	if !h.resolve() {
		t.Fatal("the platforms disagree with what was acknowledged")
	}
	if h.starts != starts {
		t.Fatal("the binary was restarted")
	}
	// No game stalled: each takes two more moves once the faults stop.
	after, cancelAfter := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelAfter()
	for _, g := range h.games {
		g.stopAt = len(g.acked) + 2
		wg.Add(1)
		go func() { defer wg.Done(); h.play(after, g) }()
	}
	wg.Wait()
	answers, repeats := 0, 0
	for _, g := range h.games {
		answers += len(g.acked)
		repeats += h.repeats(g)
		if len(g.acked) < g.stopAt && g.replica.State.Result() == nil {
			t.Errorf("%s %s stalled: %d answers, no move since the faults stopped", g.platform, g.channel, len(g.acked))
		}
	}
	if !h.resolve() {
		t.Fatal("the platforms disagree with what was acknowledged")
	}
	h.terminate()
	h.verify()
	if h.cmd != nil || t.Failed() {
		return
	}
	t.Logf("platform faults: %d faults injected (Telegram 429 %d, 5xx %d, blocked %d; Discord 429 %d, 5xx %d, slow %d, blocked DMs %d; connections dropped %d); %d answers over %d games, none lost, %d Telegram boards re-sent after a dropped connection",
		fc.total(), fc.tg429, fc.tg5xx, fc.tg403, fc.dc429, fc.dc5xx, fc.dcSlow, fc.dc403, fc.drops, answers, len(h.games), repeats)
	if repeats > fc.drops {
		t.Errorf("%d Telegram boards repeated, more than the %d dropped connections explain", repeats, fc.drops)
	}
}
