package discord_test

import (
	"strings"
	"testing"

	"formica/bot/discord/fakediscord"
)

// Kick and end through Discord: only the game's creator removes a player;
// the channel is told, and ending with the scores as they stand posts the
// ranking, the score table and the timelapse.
func TestKickAndEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	// Each lobby command's reply before the next: discordgo handles each
	// interaction in its own goroutine, so unawaited, start could come
	// before a join (and the game never start).
	e.reply(e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"}))
	e.reply(e.slash(bob, "join"))
	e.reply(e.slash(carol, "join"))
	e.reply(e.slash(alice, "start"))
	board := e.waitBoards(1)
	e.playByTyping(e.current(board), 1)

	if r := e.reply(e.slash(bob, "more kick", fakediscord.Opt{Name: "player", Value: "Carol"})); !strings.Contains(r.Content, "creator") {
		t.Fatalf("bob's kick got %q, want a refusal: only the creator", r.Content)
	}
	if r := e.reply(e.slash(alice, "more kick", fakediscord.Opt{Name: "player", Value: "Carol"})); r.Content != "P3 carol is removed from the game." {
		t.Fatalf("alice's kick got %q", r.Content)
	}
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && strings.Contains(m.Content, "alice removed P3 carol from the game")
	}); err != nil {
		t.Fatalf("no kick notice in the channel: %v", err)
	}
	e.reply(e.slash(alice, "more end", fakediscord.Opt{Name: "value", Value: "yes"}))
	ranking, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && strings.Contains(m.Content, "alice ended the game; the scores as they stand are final.")
	})
	if err != nil || !strings.Contains(ranking.Content, "1. ") {
		t.Fatalf("no ranking in the channel (%v): %q", err, ranking.Content)
	}
	for _, want := range []string{"Micropolis: final scores", "move by move"} {
		if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
			return m.ChannelID == channel && strings.Contains(m.Content, want) && len(m.Files) > 0
		}); err != nil {
			t.Fatalf("no %q picture in the channel: %v", want, err)
		}
	}
}

// Watching, a player's games and the stats through Discord: a spectator's
// `watch` brings each turn to their DMs; `mygames` lists the game waiting
// for its player; once the game ends, `stats` and `leaderboard` count it,
// with the table as a picture.
func TestWatchMyGamesAndStats(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	e.reply(e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})) // in order, as in TestKickAndEnd
	e.reply(e.slash(bob, "join"))
	e.reply(e.slash(alice, "start"))
	board := e.waitBoards(1)
	if r := e.reply(e.slash(dave, "watch")); !strings.HasPrefix(r.Content, "You now get every turn of Micropolis by DM") {
		t.Fatalf("dave's watch got %q", r.Content)
	}
	mover := e.current(board)
	if r := e.reply(e.slash(mover, "mygames")); !strings.Contains(r.Content, "Your games (1 waiting for you):") ||
		!strings.Contains(r.Content, "▶ Micropolis in") {
		t.Fatalf("%s's mygames got %q", mover.Name, r.Content)
	}
	e.playByTyping(mover, 1)
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == fakediscord.DMChannel(dave.ID) && strings.HasPrefix(m.Content, "👁 Micropolis in") && len(m.Files) > 0
	}); err != nil {
		t.Fatalf("no turn digest with the board in dave's DMs: %v", err)
	}
	e.reply(e.slash(alice, "more end", fakediscord.Opt{Name: "value", Value: "yes"}))
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && strings.Contains(m.Content, "the scores as they stand are final.")
	}); err != nil {
		t.Fatal(err)
	}
	if r := e.reply(e.slash(alice, "stats")); !strings.Contains(r.Content, "• Micropolis: 1 played") {
		t.Fatalf("alice's stats got %q", r.Content)
	}
	r := e.reply(e.slash(bob, "leaderboard"))
	if !strings.Contains(r.Content, "Micropolis in this channel — wins, games, average score, rating:") ||
		!strings.Contains(r.Content, "1. ") || len(r.Files) == 0 {
		t.Fatalf("leaderboard got %q with %d files, want the ranking and its table picture", r.Content, len(r.Files))
	}
}
