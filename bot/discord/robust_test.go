package discord_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/discord"
	"formica/bot/discord/fakediscord"
	"formica/engine"
	"formica/engine/micropolis"
	"formica/storage"
)

// TestGatewayRejectsToken: a token the REST API accepts but the gateway
// refuses (close 4004) gives the same friendly message as a 401, naming
// the setting, without the token; the adapter never logs that it started.
func TestGatewayRejectsToken(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.fake.RejectOnGateway(true)
	db, svc := e.service()
	defer db.Close()
	ad, err := discord.New(e.cfg, svc, e.logger())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = ad.Run(ctx)
	if err == nil || !strings.Contains(err.Error(), "rejected the bot token (gateway close 4004") || !strings.Contains(err.Error(), discord.EnvToken) {
		t.Fatalf("Run with a token the gateway refuses = %v", err)
	}
	if strings.Contains(e.log.String(), "started") {
		t.Fatalf("the adapter logged that it started:\n%s", e.log.String())
	}
}

// TestServerErrorsAreNotRateLimits: a 5xx is retried through the outbox
// and logged with its status, never as "rate limited", and no error
// message repeats its prefix.
func TestServerErrorsAreNotRateLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	posts := "/channels/" + channel + "/messages"
	e.fake.Inject("POST", posts, fakediscord.Fault{Status: http.StatusServiceUnavailable})
	err := e.proc.ad.Send(e.ctx(), bot.Message{To: bot.Channel, Platform: discord.Platform, Channel: channel, Text: "hello"})
	var ra *bot.RetryAfter
	if !errors.As(err, &ra) || ra.Delay != e.cfg.RetryDelay {
		t.Fatalf("Send after a 503 = %v, want a retry after %s", err, e.cfg.RetryDelay)
	}
	if got := err.Error(); got != "discord: 503 Service Unavailable" {
		t.Errorf("the 503 reads %q", got)
	}
	// Through the service: the lobby post meets a 500, then goes out.
	e.fake.Inject("POST", posts, fakediscord.Fault{Status: http.StatusInternalServerError})
	e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && !m.Ephemeral && len(m.Buttons()) > 0
	}); err != nil {
		t.Fatal(err)
	}
	log := e.log.String()
	if !strings.Contains(log, "500 Internal Server Error") {
		t.Errorf("the 500 was not logged with its status:\n%s", log)
	}
	if strings.Contains(log, "rate limited") {
		t.Errorf("a server error was logged as a rate limit:\n%s", log)
	}
	for _, twice := range []string{"discord: discord:", "bot: bot:"} {
		if strings.Contains(log, twice) {
			t.Errorf("doubled prefix %q in the log:\n%s", twice, log)
		}
	}
}

// TestCommandConventions: the slash command says where it works (server
// channels and the bot's DMs) and who may use it by default (members who
// may send messages).
func TestCommandConventions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	cmds := e.fake.Commands(fakediscord.Guild)
	if len(cmds) != 1 {
		t.Fatalf("registered %d commands", len(cmds))
	}
	c := cmds[0]
	if c.Contexts == nil || !slices.Equal(*c.Contexts, []int{0, 1}) {
		t.Errorf("contexts %v, want guild and bot DM [0 1]", c.Contexts)
	}
	if c.DefaultMemberPermissions != "2048" {
		t.Errorf("default_member_permissions %q, want 2048 (send messages)", c.DefaultMemberPermissions)
	}
}

// TestMemberPermissions: start, abort and settings of a game are for its
// creator or a channel admin. A seated player and a bystander without
// Manage Channels are refused privately and nothing changes; a member with
// the permission may abort.
func TestMemberPermissions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	e.reply(e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"}))
	lobby, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && !m.Ephemeral && len(m.Buttons()) > 0
	})
	if err != nil {
		t.Fatal(err)
	}
	// The lobby text is written for Discord: slash commands and buttons.
	for _, want := range []string{"Press Join or send /ants join", "starts with /ants start", "I do not read chat messages: use /ants and the buttons."} {
		if !strings.Contains(lobby.Content, want) {
			t.Errorf("lobby text %q lacks %q", lobby.Content, want)
		}
	}
	e.reply(e.slash(bob, "join"))
	for _, tc := range []struct {
		user fakediscord.User
		sub  string
		opts []fakediscord.Opt
	}{
		{bob, "start", nil},
		{dave, "abort", nil},
		{bob, "settings", []fakediscord.Opt{{Name: "options", Value: "deadline=2h"}}},
		{dave, "settings", []fakediscord.Opt{{Name: "options", Value: "remind=2h"}}},
	} {
		r := e.reply(e.slash(tc.user, tc.sub, tc.opts...))
		if !strings.Contains(r.Content, "Only the game's creator (alice) or a channel admin can do that.") {
			t.Errorf("%s /%s by a non-admin: %q", tc.user.Name, tc.sub, r.Content)
		}
	}
	admin := fakediscord.User{ID: "100000000000000009", Name: "mod", Admin: true}
	r := e.reply(e.slash(admin, "abort", fakediscord.Opt{Name: "value", Value: "yes"}))
	if strings.Contains(r.Content, "Only the game's creator") {
		t.Fatalf("an admin's abort was refused: %q", r.Content)
	}
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && !m.Ephemeral && strings.Contains(m.Content, "mod")
	}); err != nil {
		t.Fatalf("the admin's abort was not announced: %v", err)
	}
}

// TestAutocompleteOffersLegalMoves: type-4 interactions for /ants play get
// exactly the engine's legal options for the player to move, narrowed by
// what they typed; a member who is not seated gets none.
func TestAutocompleteOffersLegalMoves(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
	e.slash(bob, "join")
	e.slash(carol, "join")
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && strings.Contains(m.Content, "carol joined")
	}); err != nil {
		t.Fatal(err)
	}
	e.slash(alice, "start")
	u := e.current(e.waitBoards(1))
	m, err := e.proc.db.Match(context.Background(), storage.MatchKey{Platform: discord.Platform, Channel: channel})
	if err != nil {
		t.Fatal(err)
	}
	st, err := micropolis.Game.Decode(m.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	seat := engine.NoSeat
	for _, p := range m.Players {
		if p.User == u.ID {
			seat = p.Seat
		}
	}
	step, err := st.Choices(seat, nil)
	if err != nil {
		t.Fatal(err)
	}
	var legal []string
	for _, o := range step.Options {
		legal = append(legal, o.Code)
	}
	values := func(who fakediscord.User, typed string) []string {
		choices, err := e.fake.Autocomplete(e.ctx(), who, channel, "ants", "play", fakediscord.Opt{Name: "move", Value: typed, Focused: true})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range choices {
			out = append(out, c.Value)
		}
		return out
	}
	if got, want := values(u, ""), legal[:min(len(legal), 25)]; !slices.Equal(got, want) {
		t.Errorf("suggestions %v, want the legal options %v", got, want)
	}
	first := legal[0][:1]
	var narrowed []string
	for _, c := range legal {
		if strings.HasPrefix(c, first) {
			narrowed = append(narrowed, c)
		}
	}
	if got := values(u, first); !slices.Equal(got, narrowed[:min(len(narrowed), 25)]) {
		t.Errorf("suggestions for %q: %v, want %v", first, got, narrowed)
	}
	if got := values(dave, ""); len(got) != 0 {
		t.Errorf("a member without a seat got move suggestions %v", got)
	}
}
