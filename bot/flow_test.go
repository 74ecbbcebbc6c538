package bot_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/engine"
	"formica/storage"
	"formica/storage/storagetest"
)

// snapshot is what must not change when a command is refused.
func (tb *table) snapshot() string {
	tb.t.Helper()
	m, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch})
	if err != nil {
		return "none"
	}
	return fmt.Sprintf("%s/%d/%s/%d/%s", m.Status, m.Seq, m.Hash, len(m.Players), m.Creator)
}

// refused runs a command that must be refused with a reply containing
// want, and checks that nothing changed and nothing was posted.
func (tb *table) refused(user, text, want string) {
	tb.t.Helper()
	before, sent := tb.snapshot(), len(tb.out.Messages())
	c := bot.Command{Platform: "console", Channel: tb.ch, User: bot.User{Platform: "console", ID: strings.ToLower(user), Name: user}}
	if d, ok := strings.CutPrefix(text, "press:"); ok {
		c.Press = d
	} else {
		c.Text = text
	}
	msgs := tb.svc.Handle(context.Background(), c)
	if err := tb.svc.Flush(context.Background()); err != nil {
		tb.t.Fatal(err)
	}
	if len(msgs) != 1 || !msgs[0].Refused || !strings.Contains(msgs[0].Text, want) {
		tb.t.Fatalf("%s %q: replies %+v, want one refusal containing %q", user, text, msgs, want)
	}
	if after := tb.snapshot(); after != before {
		tb.t.Fatalf("%s %q was refused but changed the match: %s -> %s", user, text, before, after)
	}
	if n := len(tb.out.Messages()); n != sent {
		tb.t.Fatalf("%s %q was refused but posted %d messages", user, text, n-sent)
	}
}

func startPile(tb *table, opts string) {
	tb.t.Helper()
	tb.ok("Alice", "new pile "+opts)
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
}

// ok runs a command that must not be refused.
func (tb *table) ok(user, text string) {
	tb.t.Helper()
	c := bot.Command{Platform: "console", Channel: tb.ch, Text: text, User: bot.User{Platform: "console", ID: strings.ToLower(user), Name: user}}
	for _, m := range tb.svc.Handle(context.Background(), c) {
		if m.Refused {
			tb.t.Fatalf("%s %q refused: %s", user, text, m.Text)
		}
	}
	if err := tb.svc.Flush(context.Background()); err != nil {
		tb.t.Fatal(err)
	}
}

// Strangers, out-of-turn players, malformed moves, unknown games and
// commands, and stale buttons are refused and change nothing.
func TestRefusalsChangeNothing(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	tb.refused("Alice", "take 1", "Unknown command «take 1»")
	tb.refused("Alice", "status", "No game in this channel")
	tb.refused("Alice", "new chess", "don't know the game «chess»")
	tb.refused("Alice", "new pile players=9", "2 to 4 players")
	tb.refused("Alice", "new pile colour=red", "unknown option")
	// size is free text: New checks it when the lobby opens.
	tb.refused("Alice", "new pile size=x", "This setup does not work: size=x: size \"x\" is not a positive number.")
	tb.want("Alice", "new pile", "Lobby")
	tb.refused("Alice", "new pile", "already here")
	tb.refused("Bob", "start", "creator")
	tb.refused("Alice", "start", "needs 2 to 4 players, not 1")
	tb.refused("Bob", "take 1", "has not started")
	tb.want("Bob", "join", "seat")
	tb.want("Alice", "abort", "This ends the Pile game for everyone, and it cannot be resumed. To end it, send `abort yes`.")
	tb.want("Alice", "abort no", "send `abort yes`")
	tb.want("Alice", "abort yes", "aborted")
	startPile(tb, "size=6")
	tb.refused("Bob", "take 1", "not your turn: waiting for P1 Alice")
	tb.refused("Carol", "take 1", "not playing")
	tb.refused("Alice", "take 4", "Take 1 to 3. Choose from `1`, `2`, `3`.")
	tb.refused("Alice", "grab 1", "«grab» is neither a command nor a move you can make now. Moves now: `take`, `pass`.")
	tb.refused("Alice", "take", "«take» is not a whole move yet. Next comes “count”: choose from `1`, `2`, `3`.")
	tb.refused("Alice", "press:garbage", "not one of mine")
	tb.refused("Alice", "press:s99 take 1", "older board")
	tb.refused("Carol", "leave", "not playing")
	tb.refused("Carol", "join", "every seat is taken")
	tb.refused("Carol", "abort", "creator")
	tb.refused("Alice", "join", "already")
	tb.refused("Alice", "settings lang=xx", "lang")
	tb.refused("Alice", "settings chatlang=xx", "chatlang")
	tb.refused("Alice", "log x", "log [n]")
	tb.want("Alice", "take 1", "✓ take 1")
	tb.refused("Alice", "press:s0 take 1", "older board")
}

// Buttons: a non-final option brings the next step's buttons to the
// caller; a final one applies the move; an old version is stale.
func TestPressFlow(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	startPile(tb, "size=6")
	post := lastPost(tb.out.Messages())
	if len(post.Buttons) == 0 || len(post.Mentions) != 1 || post.Mentions[0] != "alice" {
		t.Fatalf("turn post %+v lacks buttons or the mention", post)
	}
	take := post.Buttons[0][0]
	if take.Label != "Take" {
		t.Fatalf("first button %+v", take)
	}
	c := bot.Command{Platform: "console", Channel: tb.ch, User: bot.User{Platform: "console", ID: "alice", Name: "Alice"}, Press: take.Data}
	msgs := tb.svc.Handle(context.Background(), c)
	if len(msgs) != 1 || msgs[0].To != bot.Caller || len(msgs[0].Buttons) == 0 {
		t.Fatalf("step press replied %+v", msgs)
	}
	if tb.match().Seq != 0 {
		t.Fatal("a partial press applied a move")
	}
	two := msgs[0].Buttons[0][1]
	p, err := bot.DecodePress(two.Data)
	if err != nil || p.Path.String() != "take 2" || p.Version != 0 {
		t.Fatalf("second-step button %+v (%v)", p, err)
	}
	tb.refused("Bob", "press:"+two.Data, "not your turn")
	if got := tb.press("Alice", two.Data); !strings.Contains(got, "✓ take 2") {
		t.Fatalf("final press replied %q", got)
	}
	if m := tb.match(); m.Seq != 1 {
		t.Fatalf("seq %d after the press", m.Seq)
	}
	tb.refused("Bob", "press:"+two.Data, "older board")
}

// Private events and hands go only to their seat, by Direct message.
func TestPrivateMessagesGoToTheirSeat(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	startPile(tb, "size=6")
	tb.out.Reset()
	tb.want("Alice", "take 1", "✓")
	var dms []bot.Message
	for _, m := range tb.out.Messages() {
		switch m.To {
		case bot.Direct:
			dms = append(dms, m)
		case bot.Channel:
			if strings.Contains(m.Text, "drew") {
				t.Fatalf("private event in the channel: %q", m.Text)
			}
		}
	}
	if len(dms) != 1 || dms[0].User != "alice" || !strings.Contains(dms[0].Text, "You drew card") || len(dms[0].Image) == 0 {
		t.Fatalf("direct messages %+v, want Alice's card and hand", dms)
	}
	if got := tb.cmd("Alice", "hand"); !strings.Contains(got, "Your hand") {
		t.Fatalf("hand replied %q", got)
	}
}

// A panic inside the game becomes a localized internal-error reply; the
// match is unchanged and play goes on.
func TestPanicRecovery(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	startPile(tb, "size=6 boom=on")
	tb.refused("Alice", "boom", "something went wrong")
	tb.cmd("Alice", "lang ru")
	tb.refused("Alice", "boom", "что-то сломалось")
	tb.want("Alice", "take 1", "✓")
}

// A restart (close the database, open it again, build a new service)
// continues the game where it was.
func TestRestartContinues(t *testing.T) {
	path := t.TempDir() + "/f.db"
	db, err := storage.Open(path, &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(t, db)
	startPile(tb, "size=5")
	tb.want("Alice", "take 2", "✓")
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	tb2 := newTable(t, storagetest.OpenAt(t, path, nil))
	tb2.refused("Alice", "take 1", "not your turn")
	tb2.want("Bob", "take 3", "✓")
	if post := lastPost(tb2.out.Messages()); !strings.Contains(post.Text, "over") {
		t.Fatalf("last post %q", post.Text)
	}
}

// Games in different channels run in parallel (run with -race); each one's
// answers are serialized, so concurrent presses by one player apply once.
func TestConcurrentGames(t *testing.T) {
	db := storagetest.Open(t, nil)
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{pile()}})
	if err != nil {
		t.Fatal(err)
	}
	rec := &bottest.Recorder{}
	svc.Attach("console", rec)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runDone := make(chan error, 1)
	go func() { runDone <- svc.Run(ctx) }()
	games := 8
	if testing.Short() {
		games = 4
	}
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ch := fmt.Sprintf("room%d", g)
			do := func(user, text string) []bot.Message {
				return svc.Handle(ctx, bot.Command{Platform: "console", Channel: ch, Text: text, User: bot.User{Platform: "console", ID: user, Name: user}})
			}
			do("a", "new pile size=12")
			do("b", "join")
			do("a", "start")
			users := []string{"a", "b"}
			for turn := 0; turn < 12; turn++ {
				// The player in turn sends the move twice at once (a
				// double click); it must apply exactly once.
				u := users[turn%2]
				var inner sync.WaitGroup
				ok := make(chan bool, 2)
				for range 2 {
					inner.Add(1)
					go func() {
						defer inner.Done()
						r := do(u, "take 1")
						ok <- len(r) == 1 && !r[0].Refused
					}()
				}
				inner.Wait()
				close(ok)
				n := 0
				for v := range ok {
					if v {
						n++
					}
				}
				if n != 1 {
					errs <- fmt.Errorf("%s turn %d: %d moves applied", ch, turn, n)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// Every game ended: 12 answers each, all archived.
	for g := range games {
		if _, err := db.Match(ctx, storage.MatchKey{Platform: "console", Channel: fmt.Sprintf("room%d", g)}); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("room%d still has a match (%v)", g, err)
		}
	}
	waitFor(t, func() bool { p, _ := db.Pending(ctx, 0); return len(p) == 0 })
	cancel()
	<-runDone
}

// waitFor checks cond until it holds. The bound only ends a broken test:
// as in the adapters' tests it is generous, since a loaded 2-core -race run
// outlasted 10 s (TestConcurrentGames failed on an outbox still draining).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The delivery loop retries a message the platform rate-limits, after the
// delay it asks for, delivers it once, and keeps each channel in order.
func TestDeliveryRetriesInOrder(t *testing.T) {
	db := storagetest.Open(t, nil)
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{pile()}})
	if err != nil {
		t.Fatal(err)
	}
	rec := &bottest.Recorder{Fail: func(m bot.Message, attempt int) error {
		if m.To == bot.Channel && attempt == 1 {
			return &bot.RetryAfter{Delay: 20 * time.Millisecond}
		}
		return nil
	}}
	svc.Attach("console", rec)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- svc.Run(ctx) }()
	do := func(user, text string) {
		r := svc.Handle(ctx, bot.Command{Platform: "console", Channel: "c", Text: text, User: bot.User{Platform: "console", ID: user, Name: user}})
		if len(r) != 1 || r[0].Refused {
			t.Fatalf("%s %q: %+v", user, text, r)
		}
	}
	do("a", "new pile size=3")
	do("b", "join")
	do("a", "start")
	do("a", "take 1")
	do("b", "take 1")
	do("a", "take 1")
	waitFor(t, func() bool { p, _ := db.Pending(ctx, 0); return len(p) == 0 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Run returned %v", err)
	}
	var posts []string
	for _, m := range rec.Messages() {
		if m.To == bot.Channel {
			posts = append(posts, m.Text)
		}
	}
	want := []string{"opened", "joined", "begins", "took 1; 2 left", "took 1; 1 left", "over", "final scores", "move by move"}
	if len(posts) != len(want) {
		t.Fatalf("posts %q, want %d", posts, len(want))
	}
	for i, w := range want {
		if !strings.Contains(posts[i], w) {
			t.Fatalf("post %d is %q, want %q (order: %q)", i, posts[i], w, posts)
		}
	}
}

// A private message that can never be delivered is dropped, and the
// channel gets a note asking the player to open a chat with the bot.
func TestPermanentFailureFallsBack(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	tb.out.Fail = func(m bot.Message, _ int) error {
		if m.To == bot.Direct {
			return fmt.Errorf("blocked: %w", bot.ErrPermanent)
		}
		return nil
	}
	startPile(tb, "size=4")
	var notes int
	for _, m := range tb.out.Messages() {
		if m.To == bot.Direct {
			t.Fatalf("direct message delivered: %+v", m)
		}
		if strings.Contains(m.Text, "private chat") {
			notes++
		}
	}
	if notes != 2 {
		t.Fatalf("%d fallback notes, want one per undelivered hand (2)", notes)
	}
	if p, _ := tb.db.Pending(context.Background(), 0); len(p) != 0 {
		t.Fatalf("%d messages left in the outbox", len(p))
	}
}

// Channel posts follow the channel's language; replies follow the user's.
func TestLanguages(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	startPile(tb, "size=6 lang=ru")
	tb.want("Alice", "take 1", "✓")
	if post := lastPost(tb.out.Messages()); !strings.Contains(post.Text, "взял 1") || !strings.Contains(post.Text, "бери или пасуй") {
		t.Fatalf("channel post not in Russian: %q", post.Text)
	}
	tb.want("Bob", "lang pl", "po polsku")
	tb.want("Bob", "take 9", "Take 1 to 3. Wybierz z `1`, `2`, `3`.")
	tb.want("Alice", "settings", "chatlang = ru")
	tb.refused("Bob", "settings chatlang=en", "")
	tb.want("Alice", "settings chatlang=en", "Settings saved")
}

func TestStatusLogHelpRules(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	tb.want("Alice", "help", "new <game>")
	tb.want("Alice", "rules pile", "Pile (`pile`), 2–4 players")
	tb.want("Alice", "rules pile take", "Taking: 1 to 3 tokens a turn.")
	tb.want("Alice", "rules pile nosuchtopic", "has no rules page «nosuchtopic»")
	tb.want("Alice", "new pile size=6", "Lobby")
	tb.want("Alice", "status", "P1 Alice")
	tb.want("Bob", "join", "seat")
	tb.want("Alice", "start", "started")
	tb.want("Alice", "take 2", "✓")
	tb.want("Bob", "pass", "✓")
	tb.want("Carol", "log", "Last moves (2):\n#1 P1 Alice took 2; 4 left.\n#2 P2 Bob passed.")
	tb.want("Carol", "log 1", "Last moves (1):\n#2 P2 Bob passed.")
	tb.want("Carol", "status", "▶ P1 Alice: take or pass")
	tb.want("Carol", "board", "move 2")
	if cmds := tb.svc.Commands(); len(cmds) < 10 || cmds[0].Description["ru"] == "" {
		t.Fatalf("commands %+v", cmds)
	}
}

func TestComplete(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	complete := func(user, text string) []string {
		var out []string
		for _, s := range tb.svc.Complete(context.Background(), bot.Command{Platform: "console", Channel: tb.ch, Text: text, User: bot.User{Platform: "console", ID: user}}) {
			out = append(out, s.Text)
		}
		return out
	}
	if got := complete("alice", "jo"); len(got) != 1 || got[0] != "join" {
		t.Fatalf("jo -> %q", got)
	}
	if got := complete("alice", "new "); len(got) != 1 || got[0] != "new pile" {
		t.Fatalf("new -> %q", got)
	}
	startPile(tb, "size=6")
	if got := strings.Join(complete("alice", "take "), ","); got != "take 1,take 2,take 3" {
		t.Fatalf("take -> %q", got)
	}
	if got := strings.Join(complete("alice", "p"), ","); !strings.Contains(got, "pass") {
		t.Fatalf("p -> %q", got)
	}
	if got := complete("bob", "take "); len(got) != 0 {
		t.Fatalf("out of turn completions %q", got)
	}
}

var _ = engine.NoSeat

// Boards are drawn after the commit, at delivery: posts that waited in the
// outbox while the game moved on still show the board as it stood after
// their own turn (rebuilt from the log), not the latest one.
func TestBoardsDrawnAtDeliveryShowTheirTurn(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	startPile(tb, "size=10")
	tb.out.Reset()
	for _, mv := range []struct{ user, text string }{{"alice", "take 2"}, {"bob", "take 3"}} {
		c := bot.Command{Platform: "console", Channel: tb.ch, Text: mv.text, User: bot.User{Platform: "console", ID: mv.user}}
		for _, m := range tb.svc.Handle(context.Background(), c) {
			if m.Refused || m.Image != nil {
				t.Fatalf("%s: reply %+v (refused, or drawn before the commit)", mv.text, m)
			}
		}
	}
	if err := tb.svc.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var widths []int
	for _, m := range tb.out.Messages() {
		if m.To != bot.Channel {
			continue
		}
		img, err := png.Decode(bytes.NewReader(m.Image))
		if err != nil {
			t.Fatalf("post %q: %v", m.Text, err)
		}
		widths = append(widths, img.Bounds().Dx()-1) // pileBoard draws size+1 pixels
	}
	if fmt.Sprint(widths) != "[8 5]" {
		t.Fatalf("boards show pile sizes %v, want [8 5] (after each turn)", widths)
	}
}

// Images are drawn in their reader's language: the board in the channel's,
// a hand in its player's own.
func TestImagesInTheReadersLanguage(t *testing.T) {
	var mu sync.Mutex
	drawn := map[string]string{}
	g := pile()
	g.Board = func(v any, lang string) ([]byte, error) {
		mu.Lock()
		drawn["board"] = lang
		mu.Unlock()
		return pileBoard(v, lang)
	}
	g.Private = func(v any, lang string) ([]byte, error) {
		mu.Lock()
		drawn["hand"] = lang
		mu.Unlock()
		return pileBoard(v, lang)
	}
	tb := newTable(t, storagetest.Open(t, nil), g)
	tb.ok("Alice", "settings lang=pl")
	startPile(tb, "size=6 chatlang=ru")
	tb.want("Alice", "take 1", "✓")
	mu.Lock()
	defer mu.Unlock()
	if drawn["board"] != "ru" || drawn["hand"] != "pl" {
		t.Fatalf("drawn in %v, want the board in ru (channel) and Alice's hand in pl (hers)", drawn)
	}
}
