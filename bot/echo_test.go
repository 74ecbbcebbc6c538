package bot_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"formica/bot"
	"formica/engine/funants"
	"formica/storage/storagetest"
)

// TestEchoCapped: a huge typed line is echoed back at most once and cut to
// a few dozen characters, in every refusal that quotes what was typed.
func TestEchoCapped(t *testing.T) {
	// -short types 8 KiB, more than any platform lets a player send
	// (Telegram 4,096 characters, a Discord option 6,000): the refusals
	// spell-check the typed word against every option, so under -race the
	// long run's 900 KiB line took 126 s of a loaded run (8 KiB: 3 CPU-s).
	n := 900 << 10
	if testing.Short() {
		n = 8 << 10
	}
	huge := "zq" + strings.Repeat("x", n)
	msgs, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	fun := bot.Game{Descriptor: funants.Game, Messages: msgs}
	tb := newTable(t, storagetest.Open(t, nil), fun)
	check := func(name, reply string) {
		t.Helper()
		if n := strings.Count(reply, "zq"); n != 1 {
			t.Errorf("%s: the input is echoed %d times in %q", name, n, clipForLog(reply))
		}
		if n := utf8.RuneCountInString(reply); n > 400 {
			t.Errorf("%s: reply is %d characters: %q", name, n, clipForLog(reply))
		}
		if !strings.Contains(reply, "zq"+strings.Repeat("x", 50)) {
			t.Errorf("%s: the echo is cut too short: %q", name, reply)
		}
	}
	check("no match", tb.cmd("Alice", huge))
	check("unknown game", tb.cmd("Alice", "new "+huge))
	check("bad arg", tb.cmd("Alice", "new funants "+huge))
	tb.want("Alice", "new funants", "")
	check("lobby", tb.cmd("Alice", huge))
	tb.cmd("Bob", "join")
	tb.cmd("Alice", "start")
	if m := tb.match(); m.Status != "active" {
		t.Fatalf("match is %q", m.Status)
	}
	// Whoever is to move gets the rule error; the other "not your turn".
	for _, u := range []string{"Alice", "Bob"} {
		if r := tb.cmd(u, huge); !strings.Contains(r, "turn") {
			check("move by "+u, r)
		}
	}
	check("settings", tb.cmd("Alice", "settings "+huge))
}

func clipForLog(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
