package bottest

import (
	_ "embed"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// Position is a real game position reached by a list of answers: the
// lobby options that set it up (with players and seed) and the answers by
// seat, in the notation players type.
type Position struct {
	Options string
	Answers []engine.Answer
}

//go:embed testdata/march-hand-21.txt
var marchHand21 string

// MarchHand21 is a 2-player March of the Ants game in which, after 51
// answers, P1 may play any of 21 cards: a private step with more options
// than a grid of buttons holds.
func MarchHand21(t testing.TB) Position {
	t.Helper()
	p := Position{Options: "players=2 length=long seed=3"}
	for _, line := range strings.Split(marchHand21, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		seat, path, _ := strings.Cut(line, " ")
		s, err := enginetest.ParseSeat(seat)
		if err != nil {
			t.Fatalf("march-hand-21.txt: %q: %v", line, err)
		}
		p.Answers = append(p.Answers, engine.Answer{Seat: s, Path: engine.ParsePath(path)})
	}
	return p
}

// March is the game without its renderer (boards are not what these
// positions test, and drawing dozens under -race is slow).
func March(t testing.TB) bot.Game {
	t.Helper()
	msgs, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	return bot.Game{Descriptor: march.Game, Messages: msgs}
}
