package telegram_test

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/telegram/faketg"
	"formica/engine"
)

// photos counts the photo messages in a chat.
func photos(ms []faketg.Message) []faketg.Message {
	var out []faketg.Message
	for _, m := range ms {
		if m.Photo != nil {
			out = append(out, m)
		}
	}
	return out
}

// startPayload extracts the start parameter of a t.me deep link.
func startPayload(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Host != "t.me" || u.Path != "/"+botName {
		t.Fatalf("not a start link of the bot: %q", link)
	}
	p := u.Query().Get("start")
	if p == "" || len(p) > 64 || strings.Trim(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") != "" {
		t.Fatalf("bad start payload %q", p)
	}
	return p
}

// userOf maps seats to fake users by the stored players.
func (e *env) userOf(channel string, seat engine.Seat) faketg.User {
	e.t.Helper()
	for _, p := range e.match(channel).Players {
		if p.Seat == seat {
			for _, u := range []faketg.User{alice, bob, carol} {
				if strconv.FormatInt(u.ID, 10) == p.User {
					return u
				}
			}
		}
	}
	e.t.Fatalf("no user at seat %d", seat)
	return faketg.User{}
}

// TestPlayMicropolisInGroup: three users open, join (one through the
// deep link, never having started the bot) and play several turns with
// inline buttons and typed commands; strangers, other players and stale
// presses are refused privately; a restart mid-game loses nothing.
func TestPlayMicropolisInGroup(t *testing.T) {
	t.Parallel()
	e := newEnvGames(t, nil, []bot.Game{bottest.Micropolis(t)}) // real boards: the one game on Telegram that posts them
	f := e.fake
	f.StartedBot(alice, true)
	f.StartedBot(bob, true)
	channel := strconv.FormatInt(group.ID, 10)

	// Commands are registered per scope, with localized descriptions: group
	// chats get every command, private chats only those that need no game.
	if !faketg.Wait(wait, func() bool { return f.Profile("description", "pl") != "" && f.Profile("short_description", "pl") != "" }) {
		t.Fatal("the commands and descriptions were not all set")
	}
	names := map[string]bool{}
	for _, c := range f.Commands("all_group_chats/") {
		names[c["command"]] = true
	}
	for _, want := range []string{"new", "join", "leave", "start", "abort", "status", "board", "hand", "log", "rules", "settings"} {
		if !names[want] {
			t.Errorf("command %q not registered for groups; got %v", want, f.Commands("all_group_chats/"))
		}
	}
	var private []string
	for _, c := range f.Commands("all_private_chats/") {
		private = append(private, c["command"])
	}
	slices.Sort(private)
	if strings.Join(private, " ") != "help lang rules settings" {
		t.Errorf("private chat commands: %v, want help, rules, settings and lang only", private)
	}
	if d := f.Profile("description", ""); !strings.Contains(d, "/new") || !strings.Contains(d, "/commands") {
		t.Errorf("bot description %q does not say how to start or that groups need /commands", d)
	}
	if d := f.Profile("short_description", "ru"); !strings.Contains(d, "муравь") {
		t.Errorf("ru short description %q", d)
	}
	for _, ci := range e.svc.Commands() {
		for _, c := range f.Commands("all_group_chats/ru") {
			if c["command"] == ci.Name && !strings.HasPrefix(c["description"], ci.Description["ru"]) {
				t.Errorf("ru description of %s is %q, want %q", ci.Name, c["description"], ci.Description["ru"])
			}
		}
	}

	// Alice opens a lobby, addressing the bot by name as in a group.
	e.say(group, 0, alice, "/new@"+botName+" micropolis")
	lobby := e.last(group.ID, -1)
	join, ok := button(lobby, "c0 join")
	if !ok {
		t.Fatalf("lobby message has no join button: %+v", lobby)
	}
	if dm := e.last(alice.ID, -1); dm.Text == "" {
		t.Fatal("alice got no private confirmation")
	}
	// A command for another bot is ignored.
	before := len(f.Calls())
	e.say(group, 0, bob, "/status@other_bot")
	if len(f.Calls()) != before {
		t.Fatalf("a command for another bot got an answer: %+v", f.Calls()[before:])
	}

	// Bob joins with the button: the answer is a toast only he sees.
	e.press(bob, lobby.ID, join.CallbackData)
	if a := f.Answers(); len(a) == 0 || a[len(a)-1].Text == "" {
		t.Fatalf("bob's press got no toast: %+v", a)
	}

	// Carol never started the bot: a typed /join is not forwarded; the
	// group is told she must open the chat, with a deep link.
	e.say(group, 0, carol, "/join")
	notice := e.last(group.ID, -1)
	link, ok := urlButton(notice)
	if !ok || !strings.Contains(notice.Text, "tg://user?id=13") {
		t.Fatalf("no deep-link notice mentioning carol: %+v", notice)
	}
	if n := len(e.match(channel).Players); n != 2 {
		t.Fatalf("carol was seated before opening the chat: %d players", n)
	}
	payload := startPayload(t, link.URL)

	// A stranger following carol's link is refused (MAC bound to carol).
	e.say(faketg.Chat{ID: stranger.ID, Type: "private"}, 0, stranger, "/start "+payload)
	if n := len(e.match(channel).Players); n != 2 {
		t.Fatalf("the stranger joined with carol's link")
	}
	if dm := e.last(stranger.ID, -1); !strings.Contains(dm.Text, "another player") {
		t.Fatalf("stranger got %q", dm.Text)
	}

	// Carol follows it: the private chat opens and she is seated.
	e.handled(f.Start(carol, payload))
	e.settle()
	if n := len(e.match(channel).Players); n != 3 {
		t.Fatalf("carol was not seated by the deep link: %d players", n)
	}
	if dms := f.Messages(carol.ID, -1); len(dms) == 0 || !strings.Contains(dms[0].Text, "private views") {
		t.Fatalf("carol's private chat: %+v", dms)
	}
	if _, ok := e.lastWith(group.ID, -1, "Carol"); !ok {
		t.Fatal("the group was not told carol joined")
	}

	// Alice starts: one photo with the board, caption, mention and buttons.
	lobby = e.last(group.ID, -1)
	start, ok := button(lobby, "c0 start")
	if !ok {
		t.Fatalf("no start button: %+v", lobby)
	}
	e.press(alice, lobby.ID, start.CallbackData)
	board := e.last(group.ID, -1)
	if board.Photo == nil {
		t.Fatalf("the start did not post a photo: %+v", board)
	}
	checkPNG(t, board.Photo)
	if !strings.Contains(board.Text, "Micropolis") || !strings.Contains(board.Text, "tg://user?id=") || board.Parse != "HTML" {
		t.Fatalf("caption: %q", board.Text)
	}

	turns := 0
	playButtons := func() {
		seat, _ := e.legalMove(channel)
		u := e.userOf(channel, seat)
		top := e.last(group.ID, -1)
		b, ok := button(top, "s")
		if !ok {
			t.Fatalf("the prompt has no step buttons: %+v", top)
		}
		nPhotos := len(photos(f.Messages(group.ID, -1)))
		e.press(u, top.ID, b.CallbackData)
		// Partial answers continue by DM, with buttons for the next step.
		for i := 0; len(photos(f.Messages(group.ID, -1))) == nPhotos; i++ {
			if i > 20 {
				t.Fatal("the answer by buttons did not finish")
			}
			dm := e.last(u.ID, -1)
			next, ok := button(dm, "a")
			if !ok {
				next, ok = button(dm, "s")
			}
			if !ok {
				t.Fatalf("no next-step buttons in %s's DM: %+v", u.FirstName, dm)
			}
			e.press(u, dm.ID, next.CallbackData)
		}
		turns++
	}
	playTyped := func() {
		seat, path := e.legalMove(channel)
		u := e.userOf(channel, seat)
		nPhotos := len(photos(f.Messages(group.ID, -1)))
		e.say(group, 0, u, "/"+path.String())
		if got := len(photos(f.Messages(group.ID, -1))); got != nPhotos+1 {
			t.Fatalf("typed move %q: %d new photos, want 1; logs:\n%s", path, got-nPhotos, e.logs.String())
		}
		turns++
	}

	playButtons()
	prompt := e.last(group.ID, -1)
	stale, _ := button(board, "s")

	// A stranger's press and a press by a player who is not prompted are
	// answered privately (toast) and change nothing.
	seat, _ := e.legalMove(channel)
	waiting := e.userOf(channel, (seat+1)%3)
	for _, u := range []faketg.User{stranger, waiting} {
		b, _ := button(prompt, "s")
		posts := len(f.Messages(group.ID, -1))
		seq := e.match(channel).Seq
		e.press(u, prompt.ID, b.CallbackData)
		if len(f.Messages(group.ID, -1)) != posts || e.match(channel).Seq != seq {
			t.Fatalf("%s's press changed the game", u.FirstName)
		}
		if a := f.Answers(); a[len(a)-1].Text == "" {
			t.Fatalf("%s's press got no notice", u.FirstName)
		}
	}
	// A press on an old board is stale: answered with a notice.
	current := e.userOf(channel, seat)
	seq := e.match(channel).Seq
	e.handled(f.PressRaw(current, board.ID, stale.CallbackData))
	e.settle()
	if e.match(channel).Seq != seq {
		t.Fatal("a stale press was applied")
	}
	if a := f.Answers(); a[len(a)-1].Text == "" {
		t.Fatal("the stale press got no notice")
	}

	playTyped()
	playButtons()

	// Restart mid-game: the game, its buttons and the update stream go on.
	e.restart()
	playButtons()
	playTyped()

	all := f.Messages(group.ID, -1)
	ph := photos(all)
	if len(ph) != turns+1 { // the start and one per turn
		t.Fatalf("%d photos for %d turns (+1 start)", len(ph), turns)
	}
	for _, p := range ph {
		checkPNG(t, p.Photo)
		if strings.Contains(p.Text, ">player<") {
			t.Errorf("a mention lost its name (after the restart?): %q", p.Text)
		}
	}
	if e.match(channel).Seq != uint64(turns) {
		t.Fatalf("log has %d answers, want %d", e.match(channel).Seq, turns)
	}
	// Nothing was posted twice: every post is a distinct call.
	seen := map[int64]bool{}
	for _, c := range f.Calls() {
		if c.Method == "sendPhoto" || c.Method == "sendMessage" {
			if seen[c.Message] {
				t.Fatalf("message %d posted twice", c.Message)
			}
			seen[c.Message] = true
		}
	}
}

// TestJoinButtonOpensPrivateChat: a user who never started the bot presses
// the lobby's Join button; the press is answered with the start link, which
// Telegram opens as the bot's private chat; Start seats them.
func TestJoinButtonOpensPrivateChat(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.fake.StartedBot(alice, true)
	e.say(group, 0, alice, "/new micropolis")
	lobby := e.last(group.ID, -1)
	join, _ := button(lobby, "c0 join")
	e.press(carol, lobby.ID, join.CallbackData)
	ans := e.fake.Answers()
	last := ans[len(ans)-1]
	if last.URL == "" {
		t.Fatalf("the press was not answered with a start link: %+v", last)
	}
	channel := strconv.FormatInt(group.ID, 10)
	if n := len(e.match(channel).Players); n != 1 {
		t.Fatalf("carol seated before opening the chat: %d players", n)
	}
	e.handled(e.fake.Start(carol, startPayload(t, last.URL)))
	e.settle()
	if n := len(e.match(channel).Players); n != 2 {
		t.Fatalf("carol not seated by Start: %d players", n)
	}
	// Pressing Join again now works directly (the chat is open): a toast.
	e.press(carol, lobby.ID, join.CallbackData)
	if a := e.fake.Answers(); a[len(a)-1].URL != "" || a[len(a)-1].Text == "" {
		t.Fatalf("second press: %+v", a[len(a)-1])
	}
}
