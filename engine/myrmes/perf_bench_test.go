package myrmes_test

import (
	"testing"

	"formica/engine/enginetest"
	"formica/engine/myrmes"
)

// BenchmarkGames is full random four-player games on one core (-cpu 1).
func BenchmarkGames(b *testing.B) { enginetest.BenchGames(b, myrmes.Game, 4, nil) }

// BenchmarkAnswers is the median answer of recorded four-player games.
func BenchmarkAnswers(b *testing.B) { enginetest.BenchAnswer(b, myrmes.Game, 4, nil) }
