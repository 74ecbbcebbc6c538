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

// TestEvolvedGameOnDiscord plays a whole March of the Ants game of the
// Evolved rule set through the real discordgo client against the fake
// Discord: `/ants new game:march options:evolved …`, every answer typed
// with `/ants play`, every message read by the leak oracle, and the final
// scores the channel is told equal scores worked out here (MOAE-END-1..5).
// -short plays the first 60 answers on Discord, each read by the leak
// oracle: the whole game's final table is checked there by
// TestEvolvedGameToTheEnd (bot core, the same EvolvedRanking), and a game's
// end on Discord by TestKickAndEnd.
func TestEvolvedGameOnDiscord(t *testing.T) {
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
		// The fake never hangs: a request's bound only ends a broken test,
		// and a loaded -race run took over 2 s for some (a lost reply).
		RequestTimeout: 30 * time.Second, RetryDelay: 50 * time.Millisecond, PaceBurst: 50, PaceWindow: 100 * time.Millisecond}, svc, logger)
	if err != nil {
		t.Fatal(err)
	}
	svc.Attach(discord.Platform, ad)
	// A whole game's bound is the test binary's (-timeout): a loaded -race
	// run took over the 4 minutes this once allowed.
	dl, ok := t.Deadline()
	if !ok {
		dl = time.Now().Add(time.Hour)
	}
	ctx, cancel := context.WithDeadline(context.Background(), dl)
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
	asked := map[string]string{}
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
	const seed = 17
	slash(alice, "new", fakediscord.Opt{Name: "game", Value: "march"}, fakediscord.Opt{Name: "options", Value: "evolved players=3 seed=17"})
	slash(bob, "join")
	slash(carol, "join") // and the game starts
	m, err := engine.Start(march.Game, engine.Setup{Game: "march", RuleSet: "evolved", Seats: 3, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	readers := map[string]engine.Seat{}
	for i, u := range players {
		readers[u.ID] = engine.Seat(i)
		readers[fakediscord.DMChannel(u.ID)] = engine.Seat(i)
	}
	rng := rand.New(rand.NewPCG(seed, 5))
	for n := 0; m.State.Result() == nil; n++ {
		if testing.Short() && n == 60 {
			return
		}
		if n > 2000 {
			t.Fatal("no end after 2000 answers")
		}
		pend := m.State.Pending()
		p := pend[rng.IntN(len(pend))]
		path, err := enginetest.RandomPath(m.State, p.Seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		ix := slash(players[p.Seat], "play", fakediscord.Opt{Name: "move", Value: path.String()})
		if r := ix.Replies(); len(r) == 0 || !strings.Contains(r[0].Content, "✓") {
			t.Fatalf("answer %d: %s %q refused: %+v", n, p.Seat, path, r)
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatal(err)
		}
		all := fake.Messages()
		var surfaces []leaktest.Surface
		for _, fm := range all[seen:] {
			surfaces = append(surfaces, surfaceOf(fm, readers, asked))
		}
		seen = len(all)
		if err := leaktest.Check(m.State, 3, surfaces); err != nil {
			t.Fatalf("answer %d (seed %d, stream PCG(%d,5)): %v", n, seed, seed, err)
		}
	}
	// The channel's last words about the game: the award lines and the
	// final table.
	var post string
	for _, fm := range fake.Messages() {
		if !fm.Ephemeral && fm.ChannelID == channel && strings.Contains(fm.Content, "points") {
			post = fm.Content
		}
	}
	// The final table worked out apart from the engine's scorer.
	lines, before, want, err := bottest.EvolvedRanking(m.State.(*march.State), post, func(p int) string { return players[p].Name })
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range lines {
		if !strings.Contains(post, line) {
			t.Errorf("the channel's final scores lack %q:\n%s", line, post)
		}
	}
	t.Logf("independent scores %v (before the awards %v)", want, before)
}
