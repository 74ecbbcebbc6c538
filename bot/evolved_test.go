package bot_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/locale"
	"formica/engine/march"
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

var _ = enginetest.RandomPath
var _ = rand.New
var _ engine.Seat
