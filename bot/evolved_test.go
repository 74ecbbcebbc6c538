package bot_test

import (
	"context"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/locale"
	"formica/engine/march"
	"formica/storage"
	"formica/storage/storagetest"
)

// evolvedMarch is March with its Evolved rule set offered. The engine
// does not offer it yet (engine/march TestEvolvedNotOffered): these tests
// use a copy of the descriptor that lists it, so the chat side is ready
// the moment the gate opens. No renderer: boards are not what they test.
func evolvedMarch(t *testing.T) bot.Game {
	t.Helper()
	msgs, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	d := *march.Game
	d.RuleSets = []string{"1e", "evolved"}
	return bot.Game{Descriptor: &d, Messages: msgs}
}

// `rules march evolved` teaches the Evolved edition in chat-sized pages
// with a table of contents listing every page, in every language; the
// rule set is named in `rules march` and explained in `rules march
// options`; while the rule set is not offered, none of it is shown.
func TestEvolvedRules(t *testing.T) {
	g := evolvedMarch(t)
	tb := newTable(t, storagetest.Open(t, nil), g)
	var pages []string
	for _, k := range g.Messages.Keys(locale.Fallback) {
		if p, ok := strings.CutPrefix(k, "march.evolved."); ok {
			pages = append(pages, p)
		}
	}
	if len(pages) < 8 {
		t.Fatalf("only %d Evolved pages: %v", len(pages), pages)
	}
	listed := regexp.MustCompile("(?m)^`rules march evolved ([a-z]+)`")
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		t.Run(lang, func(t *testing.T) {
			tb := tb.sub(t)
			tb.ok("Alice", "lang "+lang)
			tb.plain("Alice", "rules march", "`rules march evolved`")
			tb.plain("Alice", "rules march options", "`1e | evolved`", "`new march evolved`")
			toc := tb.plain("Alice", "rules march evolved", "`new march evolved`")
			var got []string
			for _, m := range listed.FindAllStringSubmatch(toc, -1) {
				got = append(got, m[1])
			}
			if !slices.Equal(got, pages) {
				t.Errorf("contents list %v, the catalog has %v:\n%s", got, pages, toc)
			}
			for _, p := range pages {
				page := tb.plain("Alice", "rules march evolved "+p)
				if n := len([]rune(page)); n > 1800 {
					t.Errorf("page %s is %d characters, more than a chat message holds", p, n)
				}
				if strings.Contains(page, "MOAE") || strings.Contains(page, "march.evolved") {
					t.Errorf("page %s shows a code: %s", p, page)
				}
			}
			tb.refused("Alice", "rules march evolved nope", "differences")
		})
	}
	t.Run("closed", func(t *testing.T) {
		msgs, err := march.Messages()
		if err != nil {
			t.Fatal(err)
		}
		tb := newTable(t, storagetest.Open(t, nil), bot.Game{Descriptor: march.Game, Messages: msgs})
		if s := tb.cmd("Alice", "rules march"); strings.Contains(s, "evolved") {
			t.Errorf("rules march offers the Evolved edition before it can be played:\n%s", s)
		}
		if s := tb.cmd("Alice", "rules march options"); strings.Contains(s, "evolved") {
			t.Errorf("rules march options names the Evolved edition before it can be played:\n%s", s)
		}
		tb.refused("Alice", "rules march evolved", "evolved")
		tb.refused("Alice", "new march evolved", "evolved")
	})
}

// A whole Evolved game through the bot core: three players open it with
// `new march evolved`, every answer is typed in chat as the players would,
// and the final scores the bot announces equal scores computed here from
// the game's own record: each colony's points before the end-game awards,
// plus the awards worked out from the final larvae, food and cards
// (MOAE-END-1..5).
func TestEvolvedGameToTheEnd(t *testing.T) {
	g := evolvedMarch(t)
	tb := newTable(t, storagetest.Open(t, nil), g)
	tb.ok("Alice", "new march evolved players=3 seed=11")
	tb.ok("Bob", "join")
	tb.ok("Carol", "join") // the third seat of players=3 starts the game
	rng := rand.New(rand.NewPCG(11, 3))
	var last engine.State
	var lastAnswer engine.Answer
	names := map[engine.Seat]string{}
	display := map[string]string{"alice": "Alice", "bob": "Bob", "carol": "Carol"}
	for n := 0; ; n++ {
		if n > 3000 {
			t.Fatal("no end after 3000 answers")
		}
		m, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch})
		if err != nil {
			break // the finished match left the channel
		}
		st, err := g.Decode(m.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat := st.Pending()[0].Seat
		path, err := enginetest.RandomPath(st, seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		names[seat] = display[userAt(m, seat)]
		last, lastAnswer = st, engine.Answer{Seat: seat, Path: path}
		tb.ok(names[seat], path.String())
	}
	if last == nil {
		t.Fatal("the game never started")
	}
	// The final position, and what the bot told the channel about it.
	final := last.Clone()
	if _, err := final.Apply(lastAnswer); err != nil {
		t.Fatal(err)
	}
	s := final.(*march.State)
	post := lastPost(tb.out.Messages()).Text
	// The final table worked out apart from the engine's scorer.
	lines, before, want, err := bottest.EvolvedRanking(s, post, func(p int) string { return names[engine.Seat(p)] })
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range lines {
		if !strings.Contains(post, line) {
			t.Errorf("the bot's final scores lack %q:\n%s", line, post)
		}
	}
	t.Logf("independent scores %v (before the awards %v)", want, before)
}
