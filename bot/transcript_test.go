package bot_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/i18n"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
	"formica/engine/locale"
	"formica/engine/march"
	"formica/engine/micropolis"
	"formica/engine/myrmes"
	"formica/internal/testscale"
	"formica/storage"
	"formica/storage/storagetest"
)

// A whole game played through the bot core in Russian, Ukrainian or
// Polish — every post, DM and reply a player reads — contains no English
// word of the game's or the service's catalogs. Codes players type (take,
// pass, c12, explore...) are notation and may appear; player names too.
// Under -short one game per language (each rulebook's own language first);
// otherwise every game in every language.
func TestTranscriptHasNoEnglish(t *testing.T) {
	type game struct {
		d    *engine.Descriptor
		msgs func() (*locale.Catalog, error)
	}
	games := map[string]game{
		"micropolis": {micropolis.Game, micropolis.Messages},
		"march":      {march.Game, march.Messages},
		"funants":    {funants.Game, funants.Messages},
		"myrmes":     {myrmes.Game, myrmes.Messages},
	}
	runs := [][2]string{{"ru", "micropolis"}, {"uk", "funants"}, {"pl", "march"}, {"ru", "myrmes"}}
	if !testing.Short() {
		runs = nil
		for _, lang := range []string{"ru", "uk", "pl"} {
			for _, id := range []string{"micropolis", "march", "funants", "myrmes"} {
				runs = append(runs, [2]string{lang, id})
			}
		}
	}
	service, err := i18n.Service()
	if err != nil {
		t.Fatal(err)
	}
	for _, run := range testscale.Pick(runs, 2) { // under -race Russian Micropolis and Myrmes
		lang, id := run[0], run[1]
		t.Run(lang+"/"+id, func(t *testing.T) {
			g := games[id]
			msgs, err := g.msgs()
			if err != nil {
				t.Fatal(err)
			}
			tb := newTable(t, storagetest.Open(t, nil), bot.Game{Descriptor: g.d, Messages: msgs})
			text, codes := playThrough(t, tb, g.d, lang)
			english := englishWords([]*locale.Catalog{service, msgs})
			for w := range codes {
				delete(english, w)
			}
			var found []string
			for _, c := range tb.svc.Commands() {
				delete(english, c.Name) // commands are typed as they are
			}
			for _, w := range []string{"skip", "remove", "wait"} { // typed after vote
				delete(english, w)
			}
			for _, w := range sameWords[lang] {
				delete(english, w)
			}
			// `...` spans are what to type: commands and moves in notation.
			for _, w := range wordRE.FindAllString(codeSpanRE.ReplaceAllString(text, " "), -1) {
				if english[strings.ToLower(w)] && !slices.Contains(found, w) {
					found = append(found, w)
				}
			}
			if len(found) > 0 {
				i := strings.Index(text, found[0])
				t.Errorf("%s transcript has English words %v; first in …%s…", lang, found, text[max(0, i-120):min(len(text), i+80)])
			}
		})
	}
}

var (
	wordRE     = regexp.MustCompile(`\pL{3,}`) // whole words: "nową" is not "now"
	codeSpanRE = regexp.MustCompile("`[^`]*`")
)

// englishWords are the Latin words of the catalogs' English texts.
func englishWords(cats []*locale.Catalog) map[string]bool {
	out := map[string]bool{}
	for _, c := range cats {
		for _, k := range c.Keys("en") {
			m, _ := c.Message("en", k)
			for _, s := range m.Texts() {
				for _, w := range wordRE.FindAllString(stripPlaceholders(s), -1) {
					out[strings.ToLower(w)] = true
				}
			}
		}
	}
	// players; the Fun Ants brand and March's Evolved edition (a title, like
	// the rule set typed in `new march evolved`); the bot
	for _, w := range []string{"alice", "bob", "fun", "ants", "evolved", "formica"} {
		delete(out, w)
	}
	return out
}

// sameWords are words the language spells as English does.
var sameWords = map[string][]string{"pl": {"lobby", "bank", "admin", "centurion"}}

var placeholderRE = regexp.MustCompile(`\{[^}]*\}`)

func stripPlaceholders(s string) string { return placeholderRE.ReplaceAllString(s, " ") }

// playThrough plays a random 2-player game of d in lang (both players and
// the channel) through the service, typing each answer as a player would,
// and returns everything the players read and every code they could type.
func playThrough(t *testing.T, tb *table, d *engine.Descriptor, lang string) (string, map[string]bool) {
	t.Helper()
	var read []string
	say := func(user, text string) { read = append(read, tb.cmd(user, text)) }
	say("Alice", "lang "+lang)
	say("Bob", "lang "+lang)
	say("Alice", "new "+d.ID+" lang="+lang)
	say("Bob", "join")
	say("Alice", "start")
	say("Bob", "status")
	say("Alice", "help")
	say("Alice", "rules "+d.ID)
	codes := map[string]bool{strings.ToLower(d.ID): true}
	for _, o := range d.Options { // typed as key=value
		for _, w := range wordRE.FindAllString(o.Name+" "+strings.Join(o.Values, " "), -1) {
			codes[strings.ToLower(w)] = true
		}
	}
	rng := rand.New(rand.NewPCG(uint64(len(lang)), 14))
	limit := 4000
	if testing.Short() {
		limit = 250
	}
	played := 0
	for ; played < limit; played++ {
		m, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch})
		if errors.Is(err, storage.ErrNotFound) && played > 0 {
			break // finished games leave the channel
		}
		if err != nil {
			t.Fatalf("%v; the players read:\n%s", err, strings.Join(read, "\n"))
		}
		st, err := d.Decode(m.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		pend := st.Pending()
		if len(pend) == 0 {
			t.Fatal("an active game with no prompt")
		}
		p := pend[rng.IntN(len(pend))]
		path, err := enginetest.RandomPath(st, p.Seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		noteCodes(st, p.Seat, path, codes)
		user := userOf(m, p.Seat)
		if played%40 == 0 {
			say(user, "options")
		}
		say(user, path.String())
	}
	t.Logf("%d answers played", played)
	say("Alice", "status")
	for _, m := range tb.out.Messages() {
		read = append(read, m.Text)
		for _, row := range m.Buttons {
			for _, b := range row {
				read = append(read, b.Label)
			}
		}
	}
	all := strings.Join(read, "\n")
	if played < limit && !strings.Contains(all, "🏁") {
		t.Fatalf("the game left the channel after %d answers without its end being announced", played)
	}
	return all, codes
}

// noteCodes records the codes offered at every step of path: what a player
// may type, shown as it is typed.
func noteCodes(st engine.State, seat engine.Seat, path engine.Path, codes map[string]bool) {
	for j := 0; j <= len(path); j++ {
		step, err := st.Choices(seat, path[:j])
		if err != nil {
			return
		}
		for _, o := range step.Options {
			for _, w := range wordRE.FindAllString(o.Code, -1) {
				codes[strings.ToLower(w)] = true
			}
		}
	}
}

func userOf(m *storage.Match, seat engine.Seat) string {
	for _, p := range m.Players {
		if p.Seat == seat {
			return strings.ToUpper(p.User[:1]) + p.User[1:]
		}
	}
	return ""
}
