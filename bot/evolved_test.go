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

// evolvedMarch is March as the engine offers it, its Evolved rule set
// among its rule sets. No renderer: boards are not what they test.
func evolvedMarch(t *testing.T) bot.Game {
	t.Helper()
	msgs, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	return bot.Game{Descriptor: march.Game, Messages: msgs}
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
	t.Run("offered", func(t *testing.T) {
		tb := tb.sub(t)
		tb.ok("Alice", "lang en")
		tb.plain("Alice", "rules march", "Rule sets: `1e`, `evolved`", "`rules march evolved`")
		tb.plain("Alice", "rules march options", "`1e | evolved`", "`new march evolved`")
		tb.refused("Alice", "new march evolve", "rule sets: 1e, evolved")
		tb.want("Alice", "new march evolved", "Lobby for March of the Ants opened.")
		// the lobby's post says which rules, as the rule set's page names them
		var posts []string
		for _, m := range tb.out.Messages() {
			posts = append(posts, m.Text)
		}
		if all := strings.Join(posts, "\n"); !strings.Contains(all, "Rule set: Evolved edition (evolved).") {
			t.Errorf("the lobby post does not name the Evolved rules:\n%s", all)
		}
	})
}

// `card` and `tile` find the pieces of the match's rule set: in an
// Evolved match its cards, in a 1st edition match the 1st edition's;
// outside a match the rule set is named after the command or the game
// (`card evolved c1`, `card march evolved c1`); a refusal's nearest names
// are the rule set's.
func TestEvolvedLookups(t *testing.T) {
	g := evolvedMarch(t)
	piece := func(rs, kind, code, name, key string) bot.Component {
		return bot.Component{Kind: kind, RuleSet: rs, Code: code, Names: map[string]string{"en": name}, Lines: []bot.Line{{Key: key}}}
	}
	g.Components = []bot.Component{
		piece("", "card", "c1", "Royal Jelly", "moa.card.jelly"),
		piece("evolved", "card", "c1", "Surprise Attack", "moa.ecard.surpriseattack"),
		piece("evolved", "tile", "defender", "Great Defender", "moa.restfacts.defender"),
	}
	const jelly, attack = "**Royal Jelly** (`c1`)\n", "**Surprise Attack** (`c1`)\nChoose a contested tile (not in the first round)"
	const defender = "**Great Defender** (`defender`)\nIts holder defends in this round's Great Tunnel battle, even with no ant there."
	t.Run("outside a match", func(t *testing.T) {
		tb := newTable(t, storagetest.Open(t, nil), g)
		tb.want("Alice", "card march c1", jelly)
		tb.want("Alice", "card evolved c1", attack)
		tb.want("Alice", "card march evolved c1", attack)
		tb.want("Alice", "tile evolved great defender", defender)
		tb.refused("Alice", "tile evolved great defnder", "March of the Ants has no tile «great defnder». Closest: Great Defender.")
		tb.refused("Alice", "card evolved royal jelly", "March of the Ants has no card «royal jelly». Closest: Surprise Attack.")
	})
	t.Run("in an Evolved match", func(t *testing.T) {
		tb := newTable(t, storagetest.Open(t, nil), g)
		tb.ok("Alice", "new march evolved players=2")
		tb.ok("Bob", "join")
		tb.want("Alice", "card c1", attack)
		tb.want("Alice", "tile defender", defender)
		tb.want("Alice", "card 1e c1", jelly)
	})
	t.Run("in a 1st edition match", func(t *testing.T) {
		tb := newTable(t, storagetest.Open(t, nil), g)
		tb.ok("Alice", "new march players=2")
		tb.ok("Bob", "join")
		tb.want("Alice", "card c1", jelly)
		tb.want("Alice", "tile defender", "March of the Ants has no tiles to look up.")
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
