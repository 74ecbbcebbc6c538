package bot_test

import (
	"testing"
	"time"

	"formica/bot/schedule/scheduletest"
	"formica/storage/storagetest"
)

// Durations, "off" and the timeout policy read in the player's language:
// "1 год 30 хв", not "1h30m"; "вимк.", not "off" (issue 14).
func TestStatusUnitsLocalized(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	startPile(tb, "size=20 bank=2h+1h/3h ontimeout=default remind=off")
	clock.Add(30 * time.Minute)
	tb.want("Bob", "lang uk", "")
	tb.want("Bob", "status", "P1 Alice: банк часу 1 год 30 хв, чекаємо 30 хв, термін через 1 год 30 хв")
	tb.want("Bob", "status", "Нагадування вимк.; термін вимк.; банк часу 2 год + 1 год / 3 год; після спливу терміну: відповідь за замовчуванням.")
	tb.want("Alice", "lang pl", "")
	tb.want("Alice", "settings", "dm = wł.")
	clock.Add(47 * time.Hour)
	tb.want("Alice", "status", "P1 Alice: bank czasu -1 dzień 21 godz. 30 min, czekamy 1 dzień 23 godz. 30 min")
}
