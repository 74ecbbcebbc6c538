package micropolis_test

import (
	"testing"

	"formica/engine/enginetest"
	"formica/engine/micropolis"
)

// BenchmarkGames is full random 6-player games per second on one core.
func BenchmarkGames(b *testing.B) { enginetest.BenchGames(b, micropolis.Game, 6, nil) }

// BenchmarkAnswers is the median answer of recorded 6-player games.
func BenchmarkAnswers(b *testing.B) { enginetest.BenchAnswer(b, micropolis.Game, 6, nil) }
