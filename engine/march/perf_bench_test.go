package march_test

import (
	"testing"

	"formica/engine/enginetest"
	"formica/engine/march"
)

// BenchmarkGames is full random 5-player games per second on one core.
func BenchmarkGames(b *testing.B) { enginetest.BenchGames(b, march.Game, 5, nil) }

// BenchmarkAnswers is the median answer of recorded 5-player games.
func BenchmarkAnswers(b *testing.B) { enginetest.BenchAnswer(b, march.Game, 5, nil) }
