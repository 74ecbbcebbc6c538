package march

import (
	"fmt"
	"strings"

	"formica/engine/march"
)

// HandText is a seat's hand in words, one card a line with the same code,
// name and text its picture shows: what a player reads when the hand's
// image cannot be posted (the game is unplayable without it).
func (r *Renderer) HandText(lang string, v march.View) (string, error) {
	if v.Seat < 0 || v.Seat >= v.Players {
		return "", fmt.Errorf("render/march: a hand needs a player's view, got seat %d of %d players", v.Seat, v.Players)
	}
	tx := r.textsFor(lang)
	if len(v.Hand) == 0 {
		return tx.t("hand.none"), nil
	}
	lines := make([]string, 0, len(v.Hand))
	for _, c := range v.Hand {
		text := tx.msg(c.TextKey)
		if text == "" {
			text = c.Effect
		}
		lines = append(lines, "`"+c.Code+"` "+tx.cardName(&c)+" ("+tx.typeName(&c)+"): "+text)
	}
	return strings.Join(lines, "\n"), nil
}
