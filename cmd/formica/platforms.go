package main

import (
	"context"

	"formica/bot/discord"
	"formica/bot/telegram"
)

// platformAdapters is the hook where each chat adapter is wired: enabled
// when its token is configured, started with the service.
func platformAdapters() []adapter {
	return []adapter{
		{
			name:    discord.Platform,
			enabled: func(m *Main) bool { return m.cfg.Discord.Token.Set() },
			start: func(ctx context.Context, m *Main) (func(context.Context) error, connector, error) {
				d := m.cfg.Discord
				a, err := discord.New(discord.Config{
					Token: d.Token.Reveal(), GuildID: d.Guild, Command: d.Command,
					APIURL: d.APIURL, GatewayURL: d.GatewayURL,
					ShardID: d.ShardID, ShardCount: d.ShardCount,
				}, m.svc, m.log)
				if err != nil {
					return nil, nil, err
				}
				m.svc.Attach(discord.Platform, a)
				return a.Run, a, nil
			},
		},
		{
			name:    telegram.Platform,
			enabled: func(m *Main) bool { return m.cfg.Telegram.Token.Set() },
			start: func(ctx context.Context, m *Main) (func(context.Context) error, connector, error) {
				t := m.cfg.Telegram
				a, err := telegram.NewContext(ctx, telegram.Config{
					Token: t.Token.Reveal(), APIURL: t.APIURL, WebhookURL: t.WebhookURL,
					WebhookListen: t.WebhookListen, WebhookSecret: t.WebhookSecret.Reveal(),
					PollTimeout: t.PollTimeout,
				}, m.svc, m.log)
				if err != nil {
					return nil, nil, err
				}
				return a.Run, a, nil // NewContext attached its Sender
			},
		},
	}
}
