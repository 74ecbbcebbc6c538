package telegram_test

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/leaktest"
	"formica/bot/telegram"
	"formica/bot/telegram/faketg"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
	"formica/storage/storagetest"
)

// TestNoLeaksOnTelegram plays random March of the Ants turns through the
// real telegram-bot-api client against the fake Bot API and reads every
// message the group and each private chat received, with captions, inline
// keyboards and callback data. Nothing in the group names a card in a hand
// or the deck; nothing a player reads names another's (MOA1-ASYNC-2).
func TestNoLeaksOnTelegram(t *testing.T) {
	// Telegram allows a group 20 posts a minute and the adapter keeps to
	// it: a few more turns than that would make the test wait on pacing.
	turns := 30
	if testing.Short() {
		turns = 14
	}
	fake := faketg.New(token, botName)
	t.Cleanup(fake.Close)
	logs := &bottest.Buffer{}
	logger := slog.New(slog.NewTextHandler(logs, nil))
	msgs, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	game := bot.Game{Descriptor: march.Game, Messages: msgs}
	db := storagetest.Open(t, nil)
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{game}, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	ad, err := telegram.New(telegram.Config{Token: token, APIURL: fake.URL(), PollTimeout: time.Second}, svc, logger)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 2)
	go func() { done <- svc.Run(ctx) }()
	go func() { done <- ad.Run(ctx) }()
	defer func() {
		cancel()
		<-done
		<-done
	}()

	players := []faketg.User{alice, bob, carol}
	for _, u := range append(players, stranger) {
		fake.StartedBot(u, true)
	}
	say := func(u faketg.User, text string) {
		t.Helper()
		id := fake.Say(group, 0, u, text)
		if !faketg.Wait(wait, func() bool { return fake.Confirmed() >= id }) {
			t.Fatalf("%s %q was not handled:\n%s", u.FirstName, text, logs.String())
		}
		drained := func() bool {
			p, err := db.Pending(context.Background(), 1)
			return err == nil && len(p) == 0
		}
		if !faketg.Wait(2*time.Minute, drained) {
			t.Fatalf("%s %q: the outbox did not drain:\n%s", u.FirstName, text, logs.String())
		}
	}
	const seed = 13
	say(alice, "/new march players=3 seed=13")
	say(bob, "/join")
	say(carol, "/join")
	m, err := engine.Start(march.Game, engine.Setup{Game: "march", Seats: 3, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	chats := map[int64]engine.Seat{group.ID: engine.NoSeat, stranger.ID: engine.NoSeat}
	for i, u := range players {
		chats[u.ID] = engine.Seat(i)
	}
	seen := map[int64]int{}
	rng := rand.New(rand.NewPCG(seed, 5))
	for n := 0; n < turns && m.State.Result() == nil; n++ {
		pend := m.State.Pending()
		p := pend[rng.IntN(len(pend))]
		path, err := enginetest.RandomPath(m.State, p.Seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		say(players[p.Seat], "/"+path.String())
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatal(err)
		}
		if n%9 == 0 {
			for _, c := range []string{"/status", "/log", "/board"} {
				say(stranger, c)
			}
		}
		var surfaces []leaktest.Surface
		for chat, reader := range chats {
			msgs := fake.Messages(chat, -1)
			for _, fm := range msgs[seen[chat]:] {
				surfaces = append(surfaces, surfaceOf(fm, reader))
			}
			seen[chat] = len(msgs)
		}
		if err := leaktest.Check(m.State, 3, surfaces); err != nil {
			t.Fatalf("turn %d (seed %d, stream PCG(%d,5)): %v", n, seed, seed, err)
		}
	}
}

// surfaceOf is everything a fake Telegram message shows.
func surfaceOf(m faketg.Message, reader engine.Seat) leaktest.Surface {
	where := "group message"
	if m.Chat.ID != group.ID {
		where = "private chat"
	}
	parts := []string{m.Text}
	if m.Keyboard != nil {
		for _, row := range m.Keyboard.Rows {
			for _, b := range row {
				parts = append(parts, b.Text, leaktest.PressText(b.CallbackData), b.URL)
			}
		}
	}
	return leaktest.Surface{Where: where, Reader: reader, Text: strings.Join(parts, " | ")}
}
