package discord_test

import (
	"context"
	"log/slog"
	"os"

	"formica/bot"
	"formica/bot/discord"
)

// The wiring cmd/formica serve uses: build the adapter, attach it as the
// service's Sender for Discord, then run both until ctx ends.
func ExampleNew() {
	var svc *bot.Service // from bot.New(bot.Config{Store: db, Games: games})
	cfg := discord.Config{}
	cfg.FromEnv(os.Getenv) // FORMICA_DISCORD_TOKEN, FORMICA_DISCORD_GUILD, ...
	a, err := discord.New(cfg, svc, slog.Default())
	if err != nil {
		slog.Error("discord", "err", err) // never contains the token
		return
	}
	svc.Attach(discord.Platform, a)
	ctx := context.Background()
	go func() { _ = svc.Run(ctx) }() // the outbox delivers through a.Send
	_ = a.Run(ctx)
}
