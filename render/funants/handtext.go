package funants

import (
	"fmt"
	"strings"

	"formica/engine/funants"
)

// HandText is a seat's hand in words, one card a line with the code played
// and the text its picture shows: what a player reads when the hand's
// image cannot be posted.
func HandText(lang string, v funants.View) (string, error) {
	if v.Seat < 0 || v.Seat >= len(v.Players) {
		return "", fmt.Errorf("render funants: a hand needs a player's view, not seat %d", v.Seat)
	}
	t := textsFor(lang)
	if len(v.Hand) == 0 {
		return t.get("no_cards"), nil
	}
	lines := make([]string, 0, len(v.Hand))
	for _, c := range v.Hand {
		// The game's catalog names the card before its text; the picture's
		// shorter text is the fallback.
		text := funants.Messages[t.lang]["fun.card."+c.Code]
		if text == "" {
			text = funants.Messages["en"]["fun.card."+c.Code]
		}
		if text == "" {
			text = t.card(c.Code)
		}
		lines = append(lines, "`"+c.Code+"` "+text)
	}
	return strings.Join(lines, "\n"), nil
}
