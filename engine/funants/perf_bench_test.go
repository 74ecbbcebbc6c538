package funants_test

import (
	"testing"

	"formica/engine/enginetest"
	"formica/engine/funants"
)

// BenchmarkGames is full random 4-player games per second on one core.
func BenchmarkGames(b *testing.B) { enginetest.BenchGames(b, funants.Game, 4, nil) }

// BenchmarkAnswers is the median answer of recorded 4-player games.
func BenchmarkAnswers(b *testing.B) { enginetest.BenchAnswer(b, funants.Game, 4, nil) }
