package discord_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/discord"
	"formica/bot/discord/fakediscord"
)

// count returns how many visible channel messages contain part.
func count(msgs []fakediscord.Message, part string) int {
	n := 0
	for _, m := range msgs {
		if m.ChannelID == channel && !m.Ephemeral && !m.Deleted && strings.Contains(m.Content, part) {
			n++
		}
	}
	return n
}

// TestOutboxSurvivesFaults: the channel post of a join meets a 429 with
// retry_after, a 500, a 503 and a response so slow the client gives up
// after Discord already posted it. The post appears exactly once, after
// the 429's delay, and the next post keeps its order; then the board post
// of the start survives a 500 and a slow response with its PNG intact.
func TestOutboxSurvivesFaults(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.cfg.RequestTimeout = 400 * time.Millisecond
	e.start()
	e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && !m.Ephemeral && len(m.Buttons()) > 0
	}); err != nil {
		t.Fatal(err)
	}
	posts := "/channels/" + channel + "/messages"
	// The lobby post is the first; its request is logged just after the
	// message appears.
	if err := e.fake.WaitRequests(e.ctx(), "POST", posts, 1); err != nil {
		t.Fatal(err)
	}
	before := len(e.fake.Requests("POST", posts))
	e.fake.Inject("POST", posts,
		fakediscord.Fault{Status: http.StatusTooManyRequests, RetryAfter: 300 * time.Millisecond},
		fakediscord.Fault{Status: http.StatusInternalServerError},
		fakediscord.Fault{Status: http.StatusServiceUnavailable},
		fakediscord.Fault{Delay: time.Second, Commit: true},
	)
	e.reply(e.slash(bob, "join")) // committed: bob's post is queued before carol's
	e.slash(carol, "join")
	msgs, err := e.fake.WaitMessages(e.ctx(), func(ms []fakediscord.Message) bool {
		return count(ms, "carol joined") == 1
	})
	if err != nil {
		t.Fatalf("carol's join never posted: %v\n%s", err, e.log.String())
	}
	// The slow request is logged when its handler returns, after the retry.
	if err := e.fake.WaitRequests(e.ctx(), "POST", posts, before+6); err != nil {
		t.Fatal(err)
	}
	msgs = e.fake.Messages()
	if n := count(msgs, "bob joined"); n != 1 {
		t.Fatalf("bob's join posted %d times, want once", n)
	}
	bobAt, carolAt := -1, -1
	for i, m := range msgs {
		if strings.Contains(m.Content, "bob joined") {
			bobAt = i
		}
		if strings.Contains(m.Content, "carol joined") {
			carolAt = i
		}
	}
	if bobAt > carolAt {
		t.Fatalf("posts out of order: carol's join before bob's")
	}
	if n := e.fake.PendingFaults(); n != 0 {
		t.Fatalf("%d faults never served", n)
	}
	reqs := e.fake.Requests("POST", posts)[before:]
	// 429, 500, 503, slow (client gave up), the retry Discord answers from
	// the nonce, then carol's post.
	for _, r := range reqs {
		t.Logf("%s %s %d at %s", r.Method, r.Path, r.Status, r.At.Format("15:04:05.000"))
	}
	if len(reqs) != 6 {
		t.Fatalf("%d posts to the channel, want 6", len(reqs))
	}
	if reqs[0].Status != 429 || reqs[1].At.Sub(reqs[0].At) < 300*time.Millisecond {
		t.Fatalf("retry after a 429 came %s later, want >= 300ms", reqs[1].At.Sub(reqs[0].At))
	}

	// The board post: a 500, then a slow response; one post, PNG intact.
	e.fake.Inject("POST", posts,
		fakediscord.Fault{Status: http.StatusBadGateway},
		fakediscord.Fault{Delay: time.Second, Commit: true},
	)
	e.slash(alice, "start")
	board := e.waitBoards(1)
	e.checkBoard(board)
	e.settle() // a wrongful second post would be made before the outbox drains
	if n := len(e.boards()); n != 1 {
		t.Fatalf("board posted %d times, want once", n)
	}
	e.noDuplicates()
}

// TestInteractionFaults: a 429 on the acknowledgement is retried within
// Discord's 3 seconds, and a 500 on the follow-up is retried; the user sees
// one reply.
func TestInteractionFaults(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	e.fake.Inject("POST", "/interactions/", fakediscord.Fault{Status: 429, RetryAfter: 200 * time.Millisecond})
	e.fake.Inject("POST", "/webhooks/", fakediscord.Fault{Status: 500}, fakediscord.Fault{Status: 429, RetryAfter: 100 * time.Millisecond})
	ix := e.slash(alice, "rules")
	if d := ix.AckDelay(); d < 200*time.Millisecond {
		t.Fatalf("acknowledged after %s: the 429's retry_after was not honoured", d)
	}
	e.reply(ix)
	// The 500, the 429 and the follow-up that got through.
	if err := e.fake.WaitRequests(e.ctx(), "POST", "/webhooks/", 3); err != nil {
		t.Fatal(err)
	}
	if n := len(ix.Replies()); n != 1 {
		t.Fatalf("%d replies, want 1", n)
	}
	if e.fake.PendingFaults() != 0 {
		t.Fatal("faults not served")
	}
}

// TestSlowAcknowledgement: an acknowledgement that reached Discord but
// whose answer came after the adapter's deadline (a busy process) does not
// drop the command: the user, who sees "thinking…", gets the reply.
func TestSlowAcknowledgement(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	e.fake.Inject("POST", "/interactions/", fakediscord.Fault{Delay: 3 * time.Second, Commit: true})
	ix := e.slash(alice, "rules")
	e.reply(ix)
	if n := len(ix.Replies()); n != 1 {
		t.Fatalf("%d replies, want 1", n)
	}
}

// TestSendErrors: Send maps Discord's answers to the Sender contract.
func TestSendErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	ad := e.proc.ad
	msg := bot.Message{To: bot.Channel, Platform: discord.Platform, Channel: channel, Text: "hello"}
	posts := "/channels/" + channel + "/messages"
	for _, tc := range []struct {
		fault     fakediscord.Fault
		retry     bool
		permanent bool
		delay     time.Duration
	}{
		{fault: fakediscord.Fault{Status: 429, RetryAfter: 1500 * time.Millisecond}, retry: true, delay: 1500 * time.Millisecond},
		{fault: fakediscord.Fault{Status: 500}, retry: true, delay: e.cfg.RetryDelay},
		{fault: fakediscord.Fault{Status: 403}, permanent: true},
		{fault: fakediscord.Fault{Status: 404}, permanent: true},
	} {
		e.fake.Inject("POST", posts, tc.fault)
		err := ad.Send(e.ctx(), msg)
		var ra *bot.RetryAfter
		switch {
		case tc.retry && (!errors.As(err, &ra) || ra.Delay != tc.delay):
			t.Errorf("status %d: Send = %v, want RetryAfter %s", tc.fault.Status, err, tc.delay)
		case tc.permanent && !errors.Is(err, bot.ErrPermanent):
			t.Errorf("status %d: Send = %v, want ErrPermanent", tc.fault.Status, err)
		}
	}
	if err := ad.Send(e.ctx(), msg); err != nil {
		t.Fatalf("Send after the faults: %v", err)
	}
	if n := count(e.fake.Messages(), "hello"); n != 1 {
		t.Fatalf("hello posted %d times, want 1", n)
	}
}

// TestBlockedDMs: a DM to a user who does not accept them (50007) fails
// permanently (the service then tells the channel) and is shown to the user
// as an ephemeral reply the next time they interact, never in the channel.
func TestBlockedDMs(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	e.fake.BlockDMs(bob.ID, true)
	secret := "your secret tile: 42"
	err := e.proc.ad.Send(e.ctx(), bot.Message{To: bot.Direct, Platform: discord.Platform, User: bob.ID, Channel: channel, Text: secret})
	if !errors.Is(err, bot.ErrPermanent) {
		t.Fatalf("Send to a user who blocks DMs = %v, want ErrPermanent", err)
	}
	ix := e.slash(bob, "rules")
	if _, err := ix.WaitReply(e.ctx(), func(m fakediscord.Message) bool { return m.Ephemeral && strings.Contains(m.Content, secret) }); err != nil {
		t.Fatalf("held DM not shown on bob's next interaction: %v", err)
	}
	for _, m := range e.fake.Messages() {
		if strings.Contains(m.Content, secret) && (!m.Ephemeral || m.Interaction != ix.ID) {
			t.Fatalf("the DM's content leaked: %+v", m)
		}
	}
	// Shown once only.
	ix2 := e.slash(bob, "rules")
	e.reply(ix2)
	for _, m := range ix2.Replies() {
		if strings.Contains(m.Content, secret) {
			t.Fatal("held DM shown twice")
		}
	}
	// A user who accepts DMs gets them in the DM channel.
	if err := e.proc.ad.Send(e.ctx(), bot.Message{To: bot.Direct, Platform: discord.Platform, User: carol.ID, Text: "hi carol"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == fakediscord.DMChannel(carol.ID) && m.Content == "hi carol"
	}); err != nil {
		t.Fatal(err)
	}
}

// TestMenusPage: a prompt with more choices than Discord shows at once
// becomes select menus and a "More…" button that shows the rest privately.
func TestMenusPage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	var rows [][]bot.Button
	for r := range 8 {
		var row []bot.Button
		for c := range 3 {
			code := string(rune('a'+r)) + string(rune('a'+c))
			row = append(row, bot.Button{Label: code, Data: "s1 " + code})
		}
		rows = append(rows, row)
	}
	rows = append(rows, make([]bot.Button, 0), nil)
	var long []bot.Button
	for i := range 30 {
		long = append(long, bot.Button{Label: "opt " + string(rune('a'+i%26)), Data: "s1 x" + string(rune('a'+i%26))})
	}
	rows = append([][]bot.Button{long}, rows...)
	if err := e.proc.ad.Send(e.ctx(), bot.Message{To: bot.Channel, Platform: discord.Platform, Channel: channel, Text: "choose", Buttons: rows}); err != nil {
		t.Fatal(err)
	}
	m, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool { return m.Content == "choose" })
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rows) != 5 || len(m.Selects()) != 2 || len(m.Selects()[0].Options) != 25 || len(m.Selects()[1].Options) != 5 {
		t.Fatalf("layout %+v: want 2 select menus (25+5), 2 button rows and More", m.Rows)
	}
	more, ok := m.Button("More")
	if !ok {
		t.Fatalf("no More button in %+v", m.Rows)
	}
	page := e.reply(e.press(dave, m, more.CustomID))
	more2, ok := page.Button("More")
	if len(page.Buttons()) != 4*3+1 || !ok {
		t.Fatalf("page 2 has %d buttons, want 4 rows of 3 and More", len(page.Buttons()))
	}
	page = e.reply(e.press(dave, page, more2.CustomID))
	if len(page.Buttons()) != 2*3 {
		t.Fatalf("page 3 has %d buttons, want the last 2 rows of 3", len(page.Buttons()))
	}
	// After a restart the page is gone; the press says so.
	e.stop()
	e.start()
	r := e.reply(e.press(dave, m, more.CustomID))
	if !strings.Contains(r.Content, "/ants board") {
		t.Fatalf("expired menu reply %q does not say what to do", r.Content)
	}
}

// TestStartupErrors: a missing token fails in New, a wrong one in Run; the
// token is in neither message.
func TestStartupErrors(t *testing.T) {
	t.Parallel()
	if _, err := discord.New(discord.Config{}, nil, nil); err == nil {
		t.Fatal("New without a service succeeded")
	}
	e := newEnv(t)
	e.start() // for its service and fake server
	svc := e.proc.svc
	if _, err := discord.New(discord.Config{Token: "  "}, svc, nil); !errors.Is(err, discord.ErrNoToken) {
		t.Fatalf("New with a blank token = %v, want ErrNoToken", err)
	}
	if _, err := discord.New(discord.Config{Token: testToken, GuildID: "my-server"}, svc, nil); err == nil || !strings.Contains(err.Error(), "guild") {
		t.Fatalf("New with a bad guild id = %v", err)
	}
	wrong := "Bot NzkyNzE1NDU0MTk2MDg4ODQy.X-hvzA.Ovy4MCQywSkoMRRclStW4xAYK7I"
	ad, err := discord.New(discord.Config{Token: wrong, APIURL: e.fake.URL()}, svc, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = ad.Run(ctx)
	if err == nil || !strings.Contains(err.Error(), "401") || !strings.Contains(err.Error(), discord.EnvToken) {
		t.Fatalf("Run with a wrong token = %v, want a 401 naming %s", err, discord.EnvToken)
	}
	if strings.Contains(err.Error(), strings.TrimPrefix(wrong, "Bot ")) {
		t.Fatal("the error shows the token")
	}
	// Unreachable API: an error without the token, promptly.
	ad, err = discord.New(discord.Config{Token: wrong, APIURL: "http://127.0.0.1:1/", RequestTimeout: time.Second}, svc, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = ad.Run(ctx)
	if err == nil || strings.Contains(err.Error(), strings.TrimPrefix(wrong, "Bot ")) {
		t.Fatalf("Run against nothing = %v", err)
	}
}

// TestGlobalCommandsAndGatewayURL: without a guild the command is
// registered globally; a configured gateway URL is used without asking
// Discord; games in two channels (or threads) of one server are separate.
func TestGlobalCommandsAndGatewayURL(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.cfg.GuildID = ""
	e.cfg.GatewayURL = e.fake.GatewayURL()
	e.start()
	if cmds := e.fake.Commands(""); len(cmds) != 1 || len(e.fake.Commands(fakediscord.Guild)) != 0 {
		t.Fatalf("global commands %+v", cmds)
	}
	if n := len(e.fake.Requests("GET", "/gateway")); n != 0 {
		t.Fatalf("asked Discord for the gateway %d times despite GatewayURL", n)
	}
	thread := "700000000000000099"
	for _, ch := range []string{channel, thread} {
		ix, err := e.fake.Slash(alice, ch, "ants", "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
		if err != nil {
			t.Fatal(err)
		}
		e.reply(ix)
	}
	ix, err := e.fake.Slash(bob, thread, "ants", "join")
	if err != nil {
		t.Fatal(err)
	}
	e.reply(ix)
	_, err = e.fake.WaitMessages(e.ctx(), func(ms []fakediscord.Message) bool {
		lobbies := map[string]bool{}
		joined := false
		for _, m := range ms {
			if !m.Ephemeral && len(m.Buttons()) > 0 {
				lobbies[m.ChannelID] = true
			}
			joined = joined || m.ChannelID == thread && strings.Contains(m.Content, "bob joined")
		}
		return lobbies[channel] && lobbies[thread] && joined
	})
	if err != nil {
		t.Fatal(err)
	}
	e.settle()
	for _, m := range e.fake.Messages() {
		if strings.Contains(m.Content, "bob joined") && m.ChannelID != thread {
			t.Fatalf("bob's join in the thread was posted in %s", m.ChannelID)
		}
	}
}
