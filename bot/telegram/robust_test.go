package telegram_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/schedule/scheduletest"
	"formica/bot/telegram"
	"formica/bot/telegram/faketg"
	"formica/storage"
)

// cpuTime is the CPU time this process used so far (user + system).
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Skipf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestEarlyAnsweredPollPauses: a server that answers getUpdates at once
// with nothing (instead of holding the long poll) gets a short pause after
// each empty answer, not a busy loop; the idle bot's CPU stays under 1%.
// Not parallel: it measures the process's CPU time.
func TestEarlyAnsweredPollPauses(t *testing.T) {
	e := newEnv(t)
	e.fake.AnswerEarly(true)
	// Wait for an early answer to have been served, then measure a window.
	n0 := e.fake.Requests("getUpdates")
	if !faketg.Wait(wait, func() bool { return e.fake.Requests("getUpdates") > n0+1 }) {
		t.Fatal("the bot stopped polling")
	}
	const window = 1500 * time.Millisecond
	polls, cpu, start := e.fake.Requests("getUpdates"), cpuTime(t), time.Now()
	<-time.After(window) // the measurement is of wall time passing idle
	polls = e.fake.Requests("getUpdates") - polls
	used, elapsed := cpuTime(t)-cpu, time.Since(start)
	share := float64(used) / float64(elapsed)
	t.Logf("idle with early answers: %d polls in %s, CPU %s (%.2f%%)", polls, elapsed.Round(time.Millisecond), used, 100*share)
	if polls > 3 {
		t.Errorf("%d getUpdates in %s: want a pause of 0.5-1 s after an early empty answer", polls, window)
	}
	if polls < 1 {
		t.Error("no polls: the pause is too long")
	}
	if share > 0.01 {
		t.Errorf("idle CPU %.2f%%, want under 1%%", 100*share)
	}
	// An update still arrives promptly.
	e.fake.StartedBot(alice, true)
	e.say(group, 0, alice, "/help")
	if len(e.fake.Messages(alice.ID, -1)) == 0 {
		t.Fatal("no answer to /help with early-answering polls")
	}
}

// TestPhotoKeepsFailing: a photo answered with 500 without a description,
// or with {"ok":false} and no error code, is retried a bounded number of
// times; then the post goes out as text that says the image is missing
// and carries the content, and the failure is logged with its HTTP status.
func TestPhotoKeepsFailing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, c := range []struct {
		name string
		f    faketg.Fault
		log  string
	}{
		{"no-description", faketg.Fault{Code: 500, NoDesc: true}, "sendPhoto: HTTP 500"},
		{"no-error-code", faketg.Fault{Code: 502, NoCode: true}, "sendPhoto: HTTP 502"},
	} {
		t.Run(c.name, func(t *testing.T) {
			chat := -int64(50 + len(c.name))
			f := c.f
			f.Method, f.ChatID, f.Times = "sendPhoto", chat, 1000
			e.fake.Fail(f)
			m := bot.Message{To: bot.Channel, Platform: "telegram", Channel: strconv.FormatInt(chat, 10),
				Text: "• Alice hires a worker\n▶ Bob: your turn", Image: e.boardPNG(), Alt: "▶ Bob: your turn",
				Buttons: [][]bot.Button{{{Label: "Take 1", Data: "s3 take 1"}}}}
			for i := 1; i < 3; i++ {
				err := e.ad.Send(context.Background(), m)
				var ra *bot.RetryAfter
				if err == nil || errors.Is(err, bot.ErrPermanent) || errors.As(err, &ra) {
					t.Fatalf("attempt %d: %v, want a transient error", i, err)
				}
			}
			if err := e.ad.Send(context.Background(), m); err != nil {
				t.Fatalf("third attempt: %v, want the text fallback posted", err)
			}
			ms := e.fake.Messages(chat, -1)
			if len(ms) != 1 || ms[0].Photo != nil {
				t.Fatalf("want one text post, got %+v", ms)
			}
			for _, want := range []string{"(the board image could not be posted)", "Alice hires a worker", "▶ Bob: your turn"} {
				if !strings.Contains(ms[0].Text, want) {
					t.Errorf("fallback %q lacks %q", ms[0].Text, want)
				}
			}
			if strings.Count(ms[0].Text, "your turn") != 1 {
				t.Errorf("the prompt is repeated: %q", ms[0].Text)
			}
			if _, ok := button(ms[0], "s3"); !ok {
				t.Error("the fallback lost the buttons")
			}
			if !strings.Contains(e.logs.String(), c.log) {
				t.Errorf("logs lack %q:\n%s", c.log, e.logs.String())
			}
		})
	}
}

// TestGroupMovesOnWhenPhotosFail: with every board photo of a group
// failing with 500, the turn still reaches the group as text after three
// attempts (the outbox retries after 1 s and 2 s), and the queue behind it
// moves on.
func TestGroupMovesOnWhenPhotosFail(t *testing.T) {
	t.Parallel()
	e := newEnvOnClock(t, nil)
	channel := startGame(t, e)
	e.fake.Fail(faketg.Fault{Method: "sendPhoto", ChatID: group.ID, Code: 500, NoDesc: true, Times: 1000})
	n, tries := len(e.fake.Messages(group.ID, -1)), e.fake.Requests("sendPhoto")
	start := e.waited
	e.typeMove(channel) // waits until the outbox drained, moving the clock
	// Three photo attempts, the outbox backing off 1 s and 2 s between them.
	if d := e.waited - start; d != 3*time.Second {
		t.Errorf("the group waited %s for its post, want 3s", d)
	}
	ms := e.fake.Messages(group.ID, -1)[n:]
	if len(ms) == 0 || ms[len(ms)-1].Photo != nil || !strings.Contains(ms[len(ms)-1].Text, "could not be posted") {
		t.Fatalf("no text fallback in the group: %+v", ms)
	}
	if got := e.fake.Requests("sendPhoto") - tries; got != 3 {
		t.Fatalf("%d photo attempts before the text fallback, want 3", got)
	}
	e.typeMove(channel)
	if e.match(channel).Seq != 2 {
		t.Fatal("the game did not go on after the fallback")
	}
}

// TestReplyPhotoFailsFallsBack: /board and /hand replies whose photo fails
// reach the user as text with the content, and the update loop is not held
// meanwhile.
func TestReplyPhotoFailsFallsBack(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	startGame(t, e)
	e.fake.Fail(faketg.Fault{Method: "sendPhoto", ChatID: alice.ID, Code: 500, Times: 1000})
	n, tries := len(e.fake.Messages(alice.ID, -1)), e.fake.Requests("sendPhoto")
	e.say(group, 0, alice, "/board")
	if got := e.fake.Requests("sendPhoto") - tries; got != 1 {
		t.Errorf("%d photo attempts for a reply, want 1 (then text at once)", got)
	}
	ms := e.fake.Messages(alice.ID, -1)[n:]
	if len(ms) != 1 || ms[0].Photo != nil {
		t.Fatalf("want one text reply, got %+v", ms)
	}
	for _, want := range []string{"could not be posted", "Micropolis, move 0", "Alice: your turn"} {
		if !strings.Contains(ms[0].Text, want) {
			t.Errorf("/board fallback %q lacks %q", ms[0].Text, want)
		}
	}
}

// TestRedeliveredUpdateIsSilent: a command handled before a crash and
// delivered again afterwards is applied once, and its sender is not told
// "Already done".
func TestRedeliveredUpdateIsSilent(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.fake.StartedBot(alice, true)
	e.fake.StartedBot(bob, true)
	e.say(group, 0, alice, "/new micropolis")
	join := e.fake.Say(group, 0, bob, "/join")
	e.handled(join)
	e.settle()
	e.stop()
	e.fake.Unconfirm(join)
	n := len(e.fake.Messages(bob.ID, -1))
	e.start()
	e.handled(join)
	e.settle()
	if d := e.fake.Delivered(join); d != 2 {
		t.Fatalf("update delivered %d times, want 2", d)
	}
	if got := e.fake.Messages(bob.ID, -1)[n:]; len(got) != 0 {
		t.Fatalf("bob was told again after the redelivery: %q", got[0].Text)
	}
	if p := len(e.match(strconv.FormatInt(group.ID, 10)).Players); p != 2 {
		t.Fatalf("%d players", p)
	}
}

// TestRestartedUpdateIDs: after the server's update ids start over (a
// reset self-hosted server), a new command that reuses an old id is
// applied, not refused as a duplicate.
func TestRestartedUpdateIDs(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.fake.StartedBot(alice, true)
	e.fake.StartedBot(bob, true)
	channel := strconv.FormatInt(group.ID, 10)
	first := e.fake.Say(group, 0, alice, "/new micropolis")
	e.handled(first)
	e.settle()
	e.say(group, 0, bob, "/join")
	e.say(group, 0, bob, "/leave")
	e.stop()
	e.fake.RestartUpdateIDs()
	e.start()
	id := e.fake.Say(group, 0, bob, "/join")
	if id != first {
		t.Fatalf("update id %d, want the restarted id %d", id, first)
	}
	e.handled(id)
	e.settle()
	if p := len(e.match(channel).Players); p != 2 {
		t.Fatalf("the /join with a reused update id was refused: %d players; bob's DMs: %+v", p, e.fake.Messages(bob.ID, -1))
	}
}

// TestMentionUsesStoredName: after a restart, with getChatMember failing,
// the turn post mentions the player by the name stored with their seat.
func TestMentionUsesStoredName(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	channel := startGame(t, e)
	e.restart()
	e.fake.Fail(faketg.Fault{Method: "getChatMember", Code: 500, Times: 1000})
	e.typeMove(channel)
	seat, _ := e.legalMove(channel)
	next := e.userOf(channel, seat)
	board := e.last(group.ID, -1)
	if !strings.Contains(board.Text, mentionOf(next)) || strings.Contains(board.Text, ">player<") {
		t.Fatalf("turn post %q does not mention %s by name", board.Text, next.FirstName)
	}
}

// TestQuietPosts: posts nobody must act on (a join in the lobby) go out
// without a notification; the turn post that pings a player notifies.
func TestQuietPosts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	startGame(t, e)
	var joined, board *faketg.Message
	for _, m := range e.fake.Messages(group.ID, -1) {
		if strings.Contains(m.Text, "joined") && joined == nil {
			joined = &m
		}
		if m.Photo != nil {
			board = &m
		}
	}
	if joined == nil || board == nil {
		t.Fatal("no join post or no board")
	}
	if !joined.Silent {
		t.Error("the lobby join post notified everyone")
	}
	if board.Silent {
		t.Error("the turn post that pings a player was silent")
	}
}

// TestBotRemovedFromGroup: my_chat_member updates are read: after the bot
// is removed from a group its posts there are dropped at once (no request
// per post), the game stays stored and its reminders stop; after it is
// added back posts go out again.
func TestBotRemovedFromGroup(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	clock := scheduletest.NewClock(t0)
	e := newEnvClock(t, clock.Now)
	channel := startGame(t, e)
	if !strings.Contains(e.fake.AllowedUpdates(), "my_chat_member") {
		t.Fatalf("allowed_updates %s lacks my_chat_member", e.fake.AllowedUpdates())
	}
	e.handled(e.fake.MemberStatus(group, alice, "member", "kicked"))
	before := e.fake.Requests("sendMessage")
	err := e.ad.Send(context.Background(), bot.Message{To: bot.Channel, Platform: "telegram", Channel: channel, Text: "note"})
	if !errors.Is(err, bot.ErrPermanent) {
		t.Fatalf("post to a group the bot left: %v, want ErrPermanent", err)
	}
	if e.fake.Requests("sendMessage") != before {
		t.Error("the post was still attempted")
	}
	if e.match(channel).Status != "active" {
		t.Fatal("the game was not kept")
	}
	// The hour passes: the player to move is not reminded of a game in a
	// group the bot is no longer in.
	seat, _ := e.legalMove(channel)
	first := e.userOf(channel, seat)
	dms := len(e.fake.Messages(first.ID, -1))
	clock.Add(time.Hour)
	if n := e.tick(); n != 1 {
		t.Fatalf("%d entries fired, want the reminder's", n)
	}
	if got := e.fake.Messages(first.ID, -1)[dms:]; len(got) != 0 {
		t.Fatalf("%s was reminded of a game in a group the bot left: %q", first.FirstName, got[0].Text)
	}
	e.handled(e.fake.MemberStatus(group, alice, "kicked", "member"))
	if err := e.ad.Send(context.Background(), bot.Message{To: bot.Channel, Platform: "telegram", Channel: channel, Text: "back"}); err != nil {
		t.Fatalf("post after the bot was added back: %v", err)
	}
	if decodeAway(t, e.match(channel).Settings) {
		t.Fatal("the game is still paused after the bot was added back")
	}
}

func decodeAway(t *testing.T, raw []byte) bool {
	var s struct {
		Away bool `json:"away"`
	}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
	}
	return s.Away
}

// TestGroupMigratesToSupergroup: a group upgraded to a supergroup
// (migrate_to_chat_id) keeps its game under the new chat id: moves typed
// there apply, the board goes there, and a post still addressed to the
// old id reaches the new chat.
func TestGroupMigratesToSupergroup(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	old := faketg.Chat{ID: -4321, Type: "group", Title: "Ants"}
	super := faketg.Chat{ID: -1004321, Type: "supergroup", Title: "Ants"}
	for _, u := range []faketg.User{alice, bob} {
		e.fake.StartedBot(u, true)
	}
	e.say(old, 0, alice, "/new micropolis")
	e.say(old, 0, bob, "/join")
	e.say(old, 0, alice, "/start")
	oldCh, newCh := strconv.FormatInt(old.ID, 10), strconv.FormatInt(super.ID, 10)
	e.fake.Migrate(old, super)
	if !faketg.Wait(wait, func() bool {
		_, err := e.db.Match(context.Background(), matchKey(newCh))
		return err == nil
	}) {
		t.Fatalf("the game did not move to the supergroup; logs:\n%s", e.logs.String())
	}
	if _, err := e.db.Match(context.Background(), matchKey(oldCh)); err == nil {
		t.Fatal("the game is still under the old chat id")
	}
	seat, path := e.legalMove(newCh)
	u := e.userOf(newCh, seat)
	e.say(super, 0, u, "/"+path.String())
	if e.match(newCh).Seq != 1 {
		t.Fatal("a move typed in the supergroup was not applied")
	}
	if b := e.last(super.ID, -1); b.Photo == nil {
		t.Fatalf("no board in the supergroup: %+v", b)
	}
	// A post still addressed to the old id, after a restart (the adapter
	// forgot the announcement): Telegram's 400 names the new id.
	e.restart()
	if err := e.ad.Send(context.Background(), bot.Message{To: bot.Channel, Platform: "telegram", Channel: oldCh, Text: "late note"}); err != nil {
		t.Fatal(err)
	}
	if m := e.last(super.ID, -1); m.Text != "late note" {
		t.Fatalf("the late post did not follow the group: %+v", m)
	}
}

func matchKey(channel string) storage.MatchKey {
	return storage.MatchKey{Platform: telegram.Platform, Channel: channel}
}

// TestGroupTextsNameCommands: help and lobby texts on Telegram name the
// slash commands the bot reads in groups (never plain words like "join"
// that it ignores there) and say that it reads only commands and replies.
func TestGroupTextsNameCommands(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.fake.StartedBot(alice, true)
	e.say(group, 0, alice, "/new micropolis")
	lobby := e.last(group.ID, -1)
	note := "In groups I read only /commands and replies to my messages."
	for _, want := range []string{"send /join to take a seat", "starts with /start", note} {
		if !strings.Contains(lobby.Text, want) {
			t.Errorf("lobby text %q lacks %q", lobby.Text, want)
		}
	}
	e.say(group, 0, alice, "/help")
	help := e.last(alice.ID, -1).Text
	for _, want := range []string{"<code>/new ", "<code>/join</code>", "<code>/help</code> shows one that is legal now", note} {
		if !strings.Contains(help, want) {
			t.Errorf("help %q lacks %q", help, want)
		}
	}
	for _, plain := range []string{"<code>join</code>", "<code>take 3</code>", "Type join"} {
		if strings.Contains(lobby.Text+help, plain) {
			t.Errorf("a text tells players to type the plain word %q", plain)
		}
	}
	e.say(group, 0, alice, "/take 3")
	refusal := e.last(alice.ID, -1).Text
	if !strings.Contains(refusal, "/join, /leave, /start") {
		t.Errorf("refusal in the lobby %q does not name the commands as typed in a group", refusal)
	}
}

// TestHandPhotoFailsGivesCards: a hand sent by DM whose image keeps
// failing arrives as text listing the cards with their texts (a hidden-hand
// game is unplayable otherwise).
func TestHandPhotoFailsGivesCards(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.fake.StartedBot(alice, true)
	e.fake.Fail(faketg.Fault{Method: "sendPhoto", ChatID: alice.ID, Code: 503, Times: 1000})
	cards := "`c7` Amazon (Event): Take a tile.\n`c9` Scout (Event): Look at a tile."
	m := bot.Message{To: bot.Direct, Platform: "telegram", Channel: strconv.FormatInt(group.ID, 10), User: "11",
		Text: "Your hand in March of the Ants", Image: e.boardPNG(), Alt: cards}
	var err error
	for range 3 {
		if err = e.ad.Send(context.Background(), m); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("the hand was not delivered as text after three attempts: %v", err)
	}
	got := e.last(alice.ID, -1)
	for _, want := range []string{"could not be posted", "Your hand in March of the Ants", "<code>c7</code> Amazon (Event): Take a tile.", "<code>c9</code> Scout"} {
		if !strings.Contains(got.Text, want) {
			t.Errorf("hand fallback %q lacks %q", got.Text, want)
		}
	}
}

// TestRateLimitedReplyDoesNotHoldUpdates: a reply that meets a 429 is
// retried in the background after retry_after; the update is confirmed at
// once and the next command in the chat is handled meanwhile.
func TestRateLimitedReplyDoesNotHoldUpdates(t *testing.T) {
	t.Parallel()
	e := newEnvOnClock(t, nil)
	clock := e.retries
	e.fake.StartedBot(alice, true)
	e.fake.StartedBot(bob, true)
	e.fake.Fail(faketg.Fault{Method: "sendMessage", ChatID: alice.ID, Code: 429, RetryAfter: 5})
	e.handled(e.fake.Say(group, 0, alice, "/help"))
	e.say(group, 0, bob, "/help")
	if len(e.fake.Messages(bob.ID, -1)) != 1 {
		t.Fatal("bob's reply did not arrive")
	}
	// Bob's update was handled while alice's reply waits out its 5 s on
	// the adapter's clock, which has not moved.
	if !faketg.Wait(wait, func() bool { return clock.Waiting() == 1 }) {
		t.Fatal("alice's reply is not waiting for its retry")
	}
	if n := len(e.fake.Messages(alice.ID, -1)); n != 0 {
		t.Fatal("bob's update waited for alice's rate-limited reply")
	}
	clock.Add(5*time.Second - time.Millisecond)
	if clock.Waiting() != 1 {
		t.Fatal("alice's reply was retried before retry_after")
	}
	clock.Add(time.Millisecond)
	if !faketg.Wait(wait, func() bool { return len(e.fake.Messages(alice.ID, -1)) == 1 }) {
		t.Fatal("alice's reply was not delivered after the 429")
	}
}

// TestLogLinesNameTheRequest: every log line of one update, the adapter's
// and the service's, names the platform, the match and the command id.
func TestLogLinesNameTheRequest(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	startGame(t, e)
	e.fake.Fail(faketg.Fault{Method: "sendPhoto", ChatID: alice.ID, Code: 500, Times: 1000})
	id := e.fake.Say(group, 0, alice, "/board")
	e.handled(id)
	e.settle()
	var lines []string
	for _, l := range strings.Split(e.logs.String(), "\n") {
		if strings.Contains(l, ":"+strconv.FormatInt(id, 10)+":m") {
			lines = append(lines, l)
		}
	}
	adapter, service := false, false
	for _, l := range lines {
		adapter = adapter || strings.Contains(l, "photo not posted")
		service = service || strings.Contains(l, "msg=command")
		for _, want := range []string{"platform=telegram", "match=telegram:" + strconv.FormatInt(group.ID, 10), "command=telegram:1000:"} {
			if !strings.Contains(l, want) {
				t.Errorf("log line lacks %q: %s", want, l)
			}
		}
		if strings.Count(l, "platform=") != 1 {
			t.Errorf("platform repeated: %s", l)
		}
	}
	if !adapter || !service {
		t.Fatalf("the adapter's (%v) and the service's (%v) lines of /board are not both tagged:\n%s", adapter, service, strings.Join(lines, "\n"))
	}
}
