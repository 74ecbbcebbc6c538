package main

import (
	"bytes"
	"context"
	"image/png"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/storage/storagetest"
)

// Every game the binary offers starts through the service with two
// players, and its first board (when it has a renderer) decodes.
func TestEveryGameStarts(t *testing.T) {
	gs, err := games()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := bot.New(bot.Config{Store: storagetest.Open(t, nil), Games: gs, Seed: func() uint64 { return 1 }})
	if err != nil {
		t.Fatal(err)
	}
	rec := &bottest.Recorder{}
	svc.Attach("console", rec)
	ctx := context.Background()
	for _, g := range gs {
		t.Run(g.ID, func(t *testing.T) {
			do := func(user, text string) {
				t.Helper()
				for _, m := range svc.Handle(ctx, bot.Command{Platform: "console", Channel: g.ID, Text: text, User: bot.User{Platform: "console", ID: user}}) {
					if m.Refused {
						t.Fatalf("%s %q: %s", user, text, m.Text)
					}
				}
				if err := svc.Flush(ctx); err != nil {
					t.Fatal(err)
				}
			}
			do("a", "new "+g.ID)
			do("b", "join")
			rec.Reset()
			do("a", "start")
			msgs := rec.Messages()
			if len(msgs) == 0 || msgs[0].To != bot.Channel || len(msgs[0].Mentions) == 0 {
				t.Fatalf("start posted %+v", msgs)
			}
			if g.Board != nil {
				if _, err := png.Decode(bytes.NewReader(msgs[0].Image)); err != nil {
					t.Fatalf("first board: %v", err)
				}
			}
		})
	}
}
