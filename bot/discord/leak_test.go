package discord_test

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/discord"
	"formica/bot/discord/fakediscord"
	"formica/bot/leaktest"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
	"formica/storage/storagetest"
)

// TestNoLeaksOnDiscord plays random March of the Ants turns through the
// real discordgo client against the fake Discord and reads everything the
// fake received: channel posts with their buttons, select menus and files,
// DMs, and the ephemeral replies. Nothing in the channel names a card in a
// hand or the deck; nothing a player reads names another's (MOA1-ASYNC-2).
func TestNoLeaksOnDiscord(t *testing.T) {
	turns := 120
	if testing.Short() {
		turns = 40
	}
	fake := fakediscord.New(testToken)
	t.Cleanup(fake.Close)
	logs := &bottest.Buffer{}
	logger := slog.New(slog.NewTextHandler(logs, nil))
	msgs, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	game := bot.Game{Descriptor: march.Game, Messages: msgs}
	svc, err := bot.New(bot.Config{Store: storagetest.Open(t, nil), Games: []bot.Game{game}, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	ad, err := discord.New(discord.Config{Token: testToken, APIURL: fake.URL(), GuildID: fakediscord.Guild,
		RequestTimeout: 2 * time.Second, RetryDelay: 50 * time.Millisecond, PaceBurst: 50, PaceWindow: 100 * time.Millisecond}, svc, logger)
	if err != nil {
		t.Fatal(err)
	}
	svc.Attach(discord.Platform, ad)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	done := make(chan error, 2)
	go func() { done <- svc.Run(ctx) }()
	go func() { done <- ad.Run(ctx) }()
	defer func() {
		cancel()
		<-done
		<-done
	}()
	if err := fake.WaitIdentifies(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := fake.WaitRequests(ctx, "PUT", "/commands", 1); err != nil {
		t.Fatal(err)
	}

	players := []fakediscord.User{alice, bob, carol}
	seen := 0
	asked := map[string]string{} // interaction id -> user
	// slash runs /ants sub, waits for its reply and delivers what it queued.
	slash := func(u fakediscord.User, sub string, opts ...fakediscord.Opt) *fakediscord.Interaction {
		t.Helper()
		ix, err := fake.Slash(u, channel, "ants", sub, opts...)
		if err != nil {
			t.Fatal(err)
		}
		asked[ix.ID] = u.ID
		if _, err := ix.Ack(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := ix.WaitReply(ctx, func(fakediscord.Message) bool { return true }); err != nil {
			t.Fatalf("%s /ants %s: no reply: %v\n%s", u.Name, sub, err, logs.String())
		}
		if err := svc.Flush(ctx); err != nil {
			t.Fatalf("%s /ants %s: delivering: %v", u.Name, sub, err)
		}
		return ix
	}
	const seed = 11
	slash(alice, "new", fakediscord.Opt{Name: "game", Value: "march"}, fakediscord.Opt{Name: "options", Value: "players=3 seed=11"})
	slash(bob, "join")
	slash(carol, "join") // and the game starts
	m, err := engine.Start(march.Game, engine.Setup{Game: "march", Seats: 3, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	readers := map[string]engine.Seat{}
	for i, u := range players {
		readers[u.ID] = engine.Seat(i)
		readers[fakediscord.DMChannel(u.ID)] = engine.Seat(i)
	}
	rng := rand.New(rand.NewPCG(seed, 5))
	for n := 0; n < turns && m.State.Result() == nil; n++ {
		pend := m.State.Pending()
		p := pend[rng.IntN(len(pend))]
		path, err := enginetest.RandomPath(m.State, p.Seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		ix := slash(players[p.Seat], "play", fakediscord.Opt{Name: "move", Value: path.String()})
		if r := ix.Replies(); len(r) == 0 || !strings.Contains(r[0].Content, "✓") {
			t.Fatalf("turn %d: %s %q refused: %+v", n, p.Seat, path, r)
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatal(err)
		}
		if n%9 == 0 {
			for _, sub := range []string{"status", "log", "board"} {
				slash(dave, sub)
			}
		}
		msgs := fake.Messages()
		var surfaces []leaktest.Surface
		for _, fm := range msgs[seen:] {
			surfaces = append(surfaces, surfaceOf(fm, readers, asked))
		}
		seen = len(msgs)
		if err := leaktest.Check(m.State, 3, surfaces); err != nil {
			t.Fatalf("turn %d (seed %d, stream PCG(%d,5)): %v", n, seed, seed, err)
		}
	}
}

// surfaceOf is everything a fake Discord message shows, and who sees it.
func surfaceOf(m fakediscord.Message, readers map[string]engine.Seat, asked map[string]string) leaktest.Surface {
	s := leaktest.Surface{Where: "channel post", Reader: engine.NoSeat}
	switch {
	case m.Ephemeral:
		s.Where, s.Reader = "ephemeral reply", engine.NoSeat
		if seat, ok := readers[asked[m.Interaction]]; ok {
			s.Reader = seat
		}
	case m.ChannelID != channel:
		s.Where = "DM"
		if seat, ok := readers[m.ChannelID]; ok {
			s.Reader = seat
		}
	}
	parts := []string{m.Content}
	for _, row := range m.Rows {
		for _, c := range row {
			parts = append(parts, c.Label, leaktest.PressText(c.CustomID))
			for _, o := range c.Options {
				parts = append(parts, o.Label, leaktest.PressText(o.Value))
			}
		}
	}
	for _, f := range m.Files {
		parts = append(parts, f.Name)
	}
	s.Text = strings.Join(parts, " | ")
	return s
}
