package bot_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine/locale"
	"formica/engine/myrmes"
	"formica/storage/storagetest"
)

// `rules <game>` lists every topic that `rules <game> <topic>` answers
// (a game's own topics too: Myrmes' births, winter…), in every language,
// and every topic it lists answers with its page.
func TestRulesContentsListEveryTopic(t *testing.T) {
	myr, err := myrmes.Messages()
	if err != nil {
		t.Fatal(err)
	}
	games := append(newcomerGames(t), bot.Game{Descriptor: myrmes.Game, Messages: myr})
	tb := newTable(t, storagetest.Open(t, nil), games...)
	shared := []string{"goal", "setup", "turn", "actions", "battles", "scoring", "end"}
	listed := regexp.MustCompile("`rules ([a-z]+) ([a-z]+)`")
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		tb.ok("Alice", "lang "+lang)
		for _, g := range games {
			t.Run(lang+"/"+g.ID, func(t *testing.T) {
				tb := tb.sub(t)
				// What the game's catalog answers.
				answers := []string{"options"}
				for _, k := range g.Messages.Keys(locale.Fallback) {
					if s, ok := strings.CutPrefix(k, g.ID+".rules."); ok && slices.Contains(shared, s) {
						answers = append(answers, s)
					}
					if s, ok := strings.CutPrefix(k, g.ID+".topic."); ok {
						answers = append(answers, s)
					}
				}
				contents := tb.plain("Alice", "rules "+g.ID)
				var toc []string
				for _, m := range listed.FindAllStringSubmatch(contents, -1) {
					if m[1] == g.ID {
						toc = append(toc, m[2])
					}
				}
				for _, a := range answers {
					if !slices.Contains(toc, a) {
						t.Errorf("rules %s answers %q but its contents do not list it:\n%s", g.ID, a, contents)
					}
				}
				for _, topic := range toc {
					page := tb.plain("Alice", "rules "+g.ID+" "+topic)
					if strings.Contains(page, "«"+topic+"»") {
						t.Errorf("rules %s lists %q, which is refused: %s", g.ID, topic, page)
					}
				}
			})
		}
	}
	tb.ok("Alice", "lang en")
	tb.plain("Alice", "rules myrmes", "`rules myrmes births` — births", "`rules myrmes winter` — winter")
	// A rule set is a name: its capital stays in the contents line.
	tb.plain("Alice", "rules march", "`rules march evolved` — Evolved edition")
}
