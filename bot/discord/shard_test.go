package discord_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/discord"
	"formica/bot/discord/fakediscord"
	"formica/storage"
)

// Guilds on shard 0 and shard 1 of 2: Discord's rule is
// (guild_id >> 22) % shards.
const (
	guildShard0 = "8388608"  // 2 << 22
	guildShard1 = "12582912" // 3 << 22
)

// shardProc is one process running one gateway shard.
type shardProc struct {
	db  *storage.DB
	svc *bot.Service
}

func startShard(t *testing.T, e *env, id, count int) *shardProc {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "formica.db"), &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := bot.New(bot.Config{Store: db, Games: games(t), Logger: e.logger(), Seed: func() uint64 { return 42 }})
	if err != nil {
		t.Fatal(err)
	}
	cfg := e.cfg
	cfg.GuildID = ""
	cfg.ShardID, cfg.ShardCount = id, count
	ad, err := discord.New(cfg, svc, e.logger())
	if err != nil {
		t.Fatal(err)
	}
	svc.Attach(discord.Platform, ad)
	ctx, cancel := context.WithCancel(context.Background())
	errs := make(chan error, 2)
	go func() { errs <- svc.Run(ctx) }()
	go func() { errs <- ad.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		for range 2 {
			if err := <-errs; err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("shard %d: %v", id, err)
			}
		}
		_ = db.Close()
	})
	return &shardProc{db: db, svc: svc}
}

// Two processes each run one shard of two: a guild's commands reach only
// the process of its shard, direct messages only shard 0, and only shard 0
// registers the slash command.
func TestShardsSplitGuilds(t *testing.T) {
	e := newEnv(t)
	s0 := startShard(t, e, 0, 2)
	s1 := startShard(t, e, 1, 2)
	ctx := e.ctx()
	if err := e.fake.WaitIdentifies(ctx, 2); err != nil {
		t.Fatal(err)
	}
	if err := e.fake.WaitRequests(ctx, "PUT", "/commands", 1); err != nil {
		t.Fatal(err)
	}
	shards := e.fake.Shards()
	slices.SortFunc(shards, func(a, b [2]int) int { return a[0] - b[0] })
	if !slices.Equal(shards, [][2]int{{0, 2}, {1, 2}}) {
		t.Errorf("the gateway saw shards %v, want [0 2] and [1 2]", shards)
	}
	chans := map[string]string{guildShard0: "700000000000000010", guildShard1: "700000000000000011"}
	for guild, ch := range chans {
		ix, err := e.fake.SlashIn(guild, alice, ch, "ants", "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ix.Ack(ctx); err != nil {
			t.Fatalf("guild %s: %v", guild, err)
		}
		if _, err := ix.WaitReply(ctx, func(m fakediscord.Message) bool { return strings.Contains(m.Content, "obby") }); err != nil {
			t.Fatalf("guild %s: no lobby reply: %v", guild, err)
		}
	}
	for guild, want := range map[string]*shardProc{guildShard0: s0, guildShard1: s1} {
		key := storage.MatchKey{Platform: discord.Platform, Channel: chans[guild]}
		for _, p := range []*shardProc{s0, s1} {
			_, err := p.db.Match(ctx, key)
			switch {
			case p == want && err != nil:
				t.Errorf("guild %s: its shard's process has no lobby: %v", guild, err)
			case p != want && !errors.Is(err, storage.ErrNotFound):
				t.Errorf("guild %s: the other shard's process handled it too (%v)", guild, err)
			}
		}
	}
	// A direct message comes on shard 0.
	ix, err := e.fake.Slash(bob, fakediscord.DMChannel(bob.ID), "ants", "help")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.Ack(ctx); err != nil {
		t.Fatalf("DM: %v", err)
	}
	if n := len(e.fake.Requests("PUT", "/commands")); n != 1 {
		t.Errorf("the command was registered %d times, want once (by shard 0)", n)
	}
	if _, err := ix.WaitReply(ctx, func(fakediscord.Message) bool { return true }); err != nil {
		t.Errorf("DM on shard 0 got no reply: %v", err)
	}
}

// A shard id out of range is a configuration error naming it.
func TestShardConfigChecked(t *testing.T) {
	for _, c := range [][2]int{{2, 2}, {-1, 2}, {1, 0}} {
		_, err := discord.New(discord.Config{Token: testToken, ShardID: c[0], ShardCount: c[1]}, nopService{}, nil)
		if err == nil || !strings.Contains(err.Error(), "shard") {
			t.Errorf("shard %d of %d: err = %v, want one naming the shard", c[0], c[1], err)
		}
	}
	if got := discord.Shard(guildShard1, 2); got != 1 {
		t.Errorf("Shard(%s, 2) = %d, want 1", guildShard1, got)
	}
	if got := discord.Shard("", 4); got != 0 {
		t.Errorf("a DM's shard = %d, want 0", got)
	}
}

type nopService struct{}

func (nopService) Handle(context.Context, bot.Command) []bot.Message      { return nil }
func (nopService) Complete(context.Context, bot.Command) []bot.Suggestion { return nil }
func (nopService) Commands() []bot.CommandInfo                            { return nil }
