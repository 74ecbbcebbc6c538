package bot_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"

	"formica/bot"
	"formica/engine/micropolis"
	"formica/storage/storagetest"
)

// A game's LoadComponents runs once, when a piece is first looked up (not
// when the service is built or a game is opened), and its pieces are found
// beside the listed Components.
func TestLoadComponentsOnFirstLookup(t *testing.T) {
	msgs, err := micropolis.Messages()
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	g := bot.Game{Descriptor: micropolis.Game, Messages: msgs,
		Components: []bot.Component{{Kind: "card", Code: "c1", Names: map[string]string{"en": "Listed"}, Lines: []bot.Line{{Key: "mic.tile.free"}}}},
		LoadComponents: func() ([]bot.Component, error) {
			calls.Add(1)
			return []bot.Component{{Kind: "card", Code: "c2", Names: map[string]string{"en": "Loaded"}, Lines: []bot.Line{{Key: "mic.tile.empty"}}}}, nil
		}}
	svc, err := bot.New(bot.Config{Store: storagetest.Open(t, nil), Games: []bot.Game{g}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	say := func(text string) string {
		t.Helper()
		var out []string
		for _, m := range svc.Handle(ctx, bot.Command{Platform: "console", Channel: "c", Text: text, User: bot.User{Platform: "console", ID: "ann"}}) {
			out = append(out, m.Text)
		}
		return strings.Join(out, "\n")
	}
	say("new micropolis")
	if n := calls.Load(); n != 0 {
		t.Fatalf("LoadComponents ran %d times before any lookup", n)
	}
	if got := say("card loaded"); !strings.Contains(got, "**Loaded** (`c2`)") {
		t.Fatalf("card loaded: %q", got)
	}
	if got := say("card listed"); !strings.Contains(got, "**Listed** (`c1`)") {
		t.Fatalf("card listed: %q", got)
	}
	if n := calls.Load(); n != 1 {
		t.Fatalf("LoadComponents ran %d times for two lookups, want once", n)
	}
}

// Pieces that cannot be listed are logged; the listed ones are still found.
func TestLoadComponentsErrorIsLogged(t *testing.T) {
	msgs, err := micropolis.Messages()
	if err != nil {
		t.Fatal(err)
	}
	g := bot.Game{Descriptor: micropolis.Game, Messages: msgs,
		Components:     []bot.Component{{Kind: "card", Code: "c1", Names: map[string]string{"en": "Listed"}, Lines: []bot.Line{{Key: "mic.tile.free"}}}},
		LoadComponents: func() ([]bot.Component, error) { return nil, errors.New("bad data file") }}
	var logs bytes.Buffer
	svc, err := bot.New(bot.Config{Store: storagetest.Open(t, nil), Games: []bot.Game{g}, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ms := svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: "c", Text: "card micropolis listed", User: bot.User{Platform: "console", ID: "ann"}})
	if len(ms) != 1 || !strings.Contains(ms[0].Text, "**Listed** (`c1`)") {
		t.Fatalf("card micropolis listed: %+v", ms)
	}
	if !strings.Contains(logs.String(), "game pieces not loaded") || !strings.Contains(logs.String(), "bad data file") {
		t.Fatalf("log lacks the error:\n%s", logs.String())
	}
}
