package funants

import (
	"fmt"
	"strings"

	"formica/engine/funants"
)

// HandText is a seat's hand in words, one card a line with the code played
// and the text its picture shows: what a player reads when the hand's
// image cannot be posted.
func (r *Renderer) HandText(lang string, v funants.View) (string, error) {
	if v.Seat < 0 || v.Seat >= len(v.Players) {
		return "", fmt.Errorf("render funants: a hand needs a player's view, not seat %d", v.Seat)
	}
	t := r.textsFor(lang)
	if len(v.Hand) == 0 {
		return t.get("no_cards"), nil
	}
	lines := make([]string, 0, len(v.Hand))
	for _, c := range v.Hand {
		lines = append(lines, "`"+c.Code+"` "+t.card(c.Code))
	}
	return strings.Join(lines, "\n"), nil
}
