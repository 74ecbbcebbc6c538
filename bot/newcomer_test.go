package bot_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/storage/storagetest"
)

// The three games as a newcomer meets them: every game with its engine and
// catalog, no renderers (the words are under test here).
func newcomerTable(t *testing.T) *table {
	t.Helper()
	return newTable(t, storagetest.Open(t, nil), newcomerGames(t)...)
}

func newcomerGames(t *testing.T) []bot.Game {
	t.Helper()
	fun, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	moa, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	return []bot.Game{micropolisGame(t, false),
		{Descriptor: funants.Game, Messages: fun},
		{Descriptor: march.Game, Messages: moa}}
}

// codeLike is what must never reach a player outside `why`: rule IDs
// ("MIC-TURN-1", "MOA1-2P-2") and step numbers ("Step 2 «x»").
var codeLike = regexp.MustCompile(`\b[A-Z]{3,4}[0-9]?-[A-Z0-9]+-[0-9]+\b|Step [0-9]+ «|choose from\s*[.;]?$|choose from\s+\(`)

// sub is tb reporting to subtest t.
func (tb *table) sub(t *testing.T) *table {
	c := *tb
	c.t = t
	return &c
}

// exact runs text as user and requires the reply to be exactly want.
func (tb *table) exact(user, text, want string) {
	tb.t.Helper()
	if got := tb.cmd(user, text); got != want {
		tb.t.Fatalf("%s: %q replied\n%q\nwant\n%q", user, text, got, want)
	}
}

// plain runs text as user and requires the reply to hold every want and no
// rule ID, step number or empty choice list.
func (tb *table) plain(user, text string, want ...string) string {
	tb.t.Helper()
	got := tb.cmd(user, text)
	for _, w := range want {
		if !strings.Contains(got, w) {
			tb.t.Fatalf("%s: %q replied\n%q\nwant it to contain\n%q", user, text, got, w)
		}
	}
	if m := codeLike.FindString(got); m != "" {
		tb.t.Fatalf("%s: %q replied %q: a player reads the code %q", user, text, got, m)
	}
	return got
}

// Refusals in Micropolis say what is wrong and what is possible now, in
// words; `why` then shows the rule ID and its text.
func TestRefusalsInWordsMicropolis(t *testing.T) {
	tb := newcomerTable(t)
	tb.ok("Alice", "new micropolis seed=42")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	take := "`take` (take a tile, paying 1 soldier per earlier tile)"
	t.Run("unknown words are not moves", func(t *testing.T) {
		tb := tb.sub(t)
		tb.exact("Alice", "fly", "«fly» is neither a command nor a move you can make now. Moves now: "+take+". `help` lists the commands.")
		tb.plain("Alice", "clear", "«clear» is neither a command nor a move")
		tb.plain("Alice", "tak 4 7", "«tak» is neither a command nor a move you can make now. Did you mean `take 4 7`?")
		tb.exact("Alice", "stauts", "«stauts» is neither a command nor a move you can make now. Did you mean `status`? Moves now: "+take+". `help` lists the commands.")
		tb.exact("Bob", "opitons", "«opitons» is not a command. Did you mean `options`? `help` lists the commands.")
		tb.exact("Alice", "Dan: take 4 7", "Dan is not a player in this game (players: P1 Alice, P2 Bob), so that is not a move.")
	})
	t.Run("MIC-CHOOSE-1 a position that does not exist", func(t *testing.T) {
		tb := tb.sub(t)
		tb.plain("Alice", "take 99", "There is no tile at position 99: the row has positions 1 to 7. Choose from `1` (", "`6` (")
	})
	t.Run("MIC-GEO-1 a slot that does not exist", func(t *testing.T) {
		tb := tb.sub(t)
		tb.exact("Alice", "take 4 12", "There is no slot 12: the ring has slots 0 to 9. Choose from `0`, `1`, `2`, `3`, `4`, `5`, `6`, `7`, `8`, `9`. (`why` shows the rule.)")
		got := tb.cmd("Alice", "why")
		if !strings.HasPrefix(got, "«take 4 12» was refused by rule MIC-GEO-1:\nMIC-GEO-1 [P] The base is ten-sided.") {
			t.Fatalf("why: %q", got)
		}
	})
	t.Run("an extra word after a complete move", func(t *testing.T) {
		tb := tb.sub(t)
		tb.exact("Alice", "take 4 7 x", "«take 4 7» is already a complete move, so «x» is one word too many. Send `take 4 7` to play it.")
	})
	t.Run("an incomplete move", func(t *testing.T) {
		tb := tb.sub(t)
		tb.exact("Alice", "take 4", "«take 4» is not a whole move yet. Next comes “ring slot”: choose from `0`, `1`, `2`, `3`, `4`, `5`, `6`, `7`, `8`, `9`.")
	})
	tb.want("Alice", "take 4 7", "✓ take 4 7")
	t.Run("why without a refusal", func(t *testing.T) {
		tb := tb.sub(t)
		tb.exact("Bob", "why", "No move of yours was refused here lately. After a refusal, `why` shows the rule behind it.")
	})
}

// Fun Ants refusals reach the same standard: the reason in words and the
// moves open now; a command of the game that is closed now says why.
func TestRefusalsInWordsFunAnts(t *testing.T) {
	tb := newcomerTable(t)
	tb.ok("Alice", "new funants seed=7")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	t.Run("FUN-CARD-1 no card to play", func(t *testing.T) {
		tb := tb.sub(t)
		tb.plain("Alice", "play", "You have no card you can play now. Choose from `hire`", "`pass`")
	})
	t.Run("FUN-HIRE-2 not a kind of ant", func(t *testing.T) {
		tb := tb.sub(t)
		tb.plain("Alice", "hire x", "«x» is not a choice for “ants to hire”: choose from `w`")
	})
	t.Run("unknown word", func(t *testing.T) {
		tb := tb.sub(t)
		tb.plain("Alice", "fly", "«fly» is neither a command nor a move you can make now. Moves now: `hire`")
	})
	t.Run("an extra word after a complete move", func(t *testing.T) {
		tb := tb.sub(t)
		tb.plain("Alice", "hire w b2 c3", "«hire w b2» is already a complete move, so «c3» is one word too many.")
	})
	t.Run("FUN-MAIN-1 move after hiring", func(t *testing.T) {
		tb := tb.sub(t)
		tb.want("Alice", "hire w b2", "✓")
		tb.plain("Alice", "move", "You hired this turn, so you cannot move: a turn is either hiring or moving, not both. Choose from ")
	})
}

// March refusals: the step in words and its choices, never "Step 1 «x»".
func TestRefusalsInWordsMarch(t *testing.T) {
	tb := newcomerTable(t)
	tb.ok("Alice", "new march seed=7")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	tb.plain("Bob", "explore", "«explore» is neither a command nor a move you can make now. Moves now: `9`, `5`")
	tb.plain("Bob", "9 x", "«x» is not a choice for “edge”: choose from `e`, `nw`, `sw`.")
	if got := tb.cmd("Bob", "why"); !strings.Contains(got, "MOA1-") {
		t.Fatalf("why after a March refusal: %q", got)
	}
}

// nested finds a parenthesis inside another: option labels must not nest.
var nested = regexp.MustCompile(`\([^()]*\(`)

// Names, not codes: ants and cards are named in choices and narration,
// and a card is played by its name in the player's language as well as by
// its code.
func TestNamesNotCodes(t *testing.T) {
	tb := newcomerTable(t)
	tb.ok("Alice", "new funants seed=7")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	t.Run("FUN-HIRE-1 kinds of ants in words", func(t *testing.T) {
		tb := tb.sub(t)
		got := tb.plain("Alice", "hire", "`w` (a worker for 1 cake), `s` (a soldier for 2 cakes), `ww` (2 workers for 2 cakes), `ss` (2 soldiers for 4 cakes), `ws` (a worker and a soldier for 3 cakes)")
		if nested.MatchString(got) {
			t.Fatalf("nested parentheses: %q", got)
		}
		tb.want("Alice", "hire w b2", "✓")
		tb.want("Alice", "pass", "✓") // the turn's post comes when the turn passes
		if post := lastPost(tb.out.Messages()); !strings.Contains(post.Text, "P1 Alice hires a worker on b2.") {
			t.Fatalf("narration %q", post.Text)
		}
	})
	t.Run("FUN-CARD-1 a card by its name", func(t *testing.T) {
		tb := tb.sub(t)
		tb.want("Bob", "lang ru", "")
		tb.want("Bob", "play Запасы", "✓ play supplies")
		tb.want("Bob", "log 1", "#3 P2 Bob разыгрывает карту «Запасы».")
	})
}

// Micropolis choices name no internal tile numbers and nest no brackets.
func TestMicropolisChoicesInWords(t *testing.T) {
	tb := newcomerTable(t)
	tb.ok("Alice", "new micropolis seed=42")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	got := tb.plain("Alice", "take 9", "`1` (the tile at position 1: cost 0, soldiers on it 0)")
	if strings.Contains(got, "tile 5") || nested.MatchString(got) {
		t.Fatalf("choices %q", got)
	}
}

// Discord takes at most 2000 characters a message, Telegram 4096.
const discordMax, telegramMax = 2000, 4096

// `rules <game>` is a table of contents; every topic and every page of the
// options fits one Discord message in every language, names no rule IDs,
// and every setup switch is explained in a sentence.
func TestRulesPages(t *testing.T) {
	tb := newcomerTable(t)
	games := map[string][]string{
		"micropolis": {"goal", "setup", "turn", "actions", "battles", "scoring", "end", "options"},
		"funants":    {"goal", "setup", "turn", "actions", "battles", "end", "options"},
		"march":      {"goal", "setup", "turn", "actions", "battles", "scoring", "end", "options"},
	}
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		tb.ok("Alice", "lang "+lang)
		for id, topics := range games {
			t.Run(lang+"/"+id, func(t *testing.T) {
				tb := tb.sub(t)
				contents := tb.plain("Alice", "rules "+id)
				for _, topic := range topics {
					if !strings.Contains(contents, "`rules "+id+" "+topic+"`") {
						t.Fatalf("contents lack %s:\n%s", topic, contents)
					}
					pages := []string{tb.plain("Alice", "rules "+id+" "+topic)}
					if topic == "options" {
						for n := 2; strings.Contains(pages[len(pages)-1], "`rules "+id+" options "); n++ {
							pages = append(pages, tb.plain("Alice", "rules "+id+" options "+itoa(n)))
						}
					}
					for _, p := range pages {
						if n := len([]rune(p)); n > discordMax || n < 40 {
							t.Fatalf("rules %s %s: %d characters:\n%s", id, topic, n, p)
						}
					}
				}
			})
		}
	}
	tb.ok("Alice", "lang en")
	t.Run("options explained", func(t *testing.T) {
		tb := tb.sub(t)
		for _, g := range newcomerGames(t) {
			for _, lang := range []string{"en", "ru"} {
				for _, o := range g.Options {
					if m, ok := g.Messages.Message(lang, g.ID+".option."+o.Name); !ok || len(m.Texts()) == 0 || m.Texts()[0] == "" {
						t.Errorf("%s: option %s has no %s sentence", g.ID, o.Name, lang)
					}
				}
			}
		}
		tb.plain("Alice", "rules micropolis options", "`variant=` classic | twohills — classic is the base game")
	})
	tb.plain("Alice", "rules micropolis turn", "**Micropolis: a turn and its phases**", "`take <position> <slot>`")
	tb.exact("Alice", "rules micropolis foo", "micropolis has no rules page «foo». Pages: goal, setup, turn, actions, battles, scoring, end, options.")
}

func itoa(n int) string { return strconv.Itoa(n) }

// exampleRe finds the example move `help` gives.
var exampleRe = regexp.MustCompile("For example: `([^`]+)` \\(legal now\\)")

// `help` during a game tells the player on turn how to type a move, with
// an example that the game then accepts; others learn whom we wait for.
func TestHelpGivesALegalExample(t *testing.T) {
	for _, id := range []string{"micropolis", "funants", "march"} {
		t.Run(id, func(t *testing.T) {
			tb := newcomerTable(t)
			tb.ok("Alice", "new "+id+" seed=42")
			tb.ok("Bob", "join")
			tb.ok("Alice", "start")
			for range 3 { // three turns in a row, each by the example
				m := tb.match()
				var onTurn string
				for _, user := range []string{"Alice", "Bob"} {
					got := tb.plain(user, "help")
					if ex := exampleRe.FindStringSubmatch(got); ex != nil {
						onTurn = user
						if !strings.Contains(got, "Type your move word by word, starting with “") {
							t.Fatalf("%s help: %q", user, got)
						}
						tb.want(user, ex[1], "✓ ")
						break
					}
					if !strings.Contains(got, "Waiting for P") {
						t.Fatalf("%s help without example or waiting: %q", user, got)
					}
				}
				if onTurn == "" || tb.match().Seq == m.Seq {
					t.Fatalf("no one was shown a legal example")
				}
			}
		})
	}
}

// `log` narrates the events in the reader's language, not move codes.
func TestLogNarrates(t *testing.T) {
	tb := newcomerTable(t)
	tb.ok("Alice", "new funants seed=7")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	tb.want("Alice", "hire w b2", "✓")
	tb.want("Alice", "pass", "✓")
	tb.exact("Bob", "log", "Last moves (2):\n#1 P1 Alice hires a worker on b2.\n#2 P1 Alice ends the turn. P2 Bob's turn.")
	tb.ok("Bob", "lang ru")
	tb.exact("Bob", "log 1", "Последние ходы (1):\n#2 P1 Alice заканчивает ход. Ход игрока P2 Bob.")
}

// `status` says the round and phase, the scores (or what they would be if
// the game ended now) and whose turn it is.
func TestStatusStanding(t *testing.T) {
	tb := newcomerTable(t)
	tb.ok("Alice", "new march seed=42")
	tb.ok("Bob", "join")
	tb.ok("Carol", "join")
	tb.ok("Alice", "start")
	// MOA1-SETUP-4: every colony starts at 0 CP.
	tb.plain("Carol", "status", "Round 1 of 4, Worker phase.\nScores: P1 Alice 0, P2 Bob 0, P3 Carol 0.\n▶ P2 Bob: ")

	tb = newcomerTable(t)
	tb.ok("Alice", "new micropolis seed=42")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	tb.want("Alice", "take 1 0", "✓")
	// MIC-SCORE-5: Bob has no tile yet; his army ties Alice's, worth 5.
	tb.plain("Bob", "status", "Round 1 of 10.\nScores if the game ended now: P1 Alice ", ", P2 Bob 5.\n▶ P2 Bob: your turn")
}
