package ai

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"formica/engine"
	"formica/engine/micropolis"
)

type fitRow struct {
	x    []float64
	left int
	seat int
}

// TestFitMicropolisValue prints the least-squares weights behind
// micropolisValue: from the position at every turn of 400 greedy games,
// each player's final score outside the two majorities against their
// micFeat, for each count of tiles still to place. It is a tool, not a
// test: MICFIT=6 go test -run TestFitMicropolisValue -v ./engine/ai (6:
// the player count).
func TestFitMicropolisValue(t *testing.T) {
	if os.Getenv("MICFIT") == "" {
		t.Skip("set MICFIT to the player count to fit micropolisValue's weights")
	}
	seats := 6
	fmt.Sscan(os.Getenv("MICFIT"), &seats)
	var rows []fitRow
	var ys []float64
	for g := 0; g < 400; g++ {
		m, err := engine.Start(micropolis.Game, engine.Setup{Game: "micropolis", Seats: seats, Seed: uint64(5000 + g)})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(g), 7))
		var grow []fitRow
		for m.State.Result() == nil {
			p := m.State.Pending()[0]
			if p.Kind == "turn" {
				fs := micFeatures(m.State.View(p.Seat).(micropolis.View))
				for i, f := range fs {
					grow = append(grow, fitRow{x: []float64{1, f.fixed, f.army, f.arch, f.openAnts, f.openHarvest, f.openRoyal}, left: int(f.left), seat: i})
				}
			}
			path, err := Decide(m.State, p.Seat, Config{Level: Greedy}, rng.Uint64())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
				t.Fatal(err)
			}
		}
		fin := m.State.View(0).(micropolis.View).Final
		for _, r := range grow {
			c := fin.Scores[r.seat].Total
			rows = append(rows, r)
			ys = append(ys, float64(c.Sum-c.Colony-c.Army))
		}
	}
	for left := 1; left <= 10; left++ {
		var X [][]float64
		var Y []float64
		for i, r := range rows {
			if r.left == left {
				X = append(X, r.x)
				Y = append(Y, ys[i])
			}
		}
		if len(X) < 20 {
			continue
		}
		b := lsq(X, Y)
		ss := 0.0
		for i := range X {
			p := 0.0
			for j := range b {
				p += b[j] * X[i][j]
			}
			ss += (Y[i] - p) * (Y[i] - p)
		}
		fmt.Printf("left %2d n %5d b %6.2f fixed %5.2f army %5.2f arch %5.2f openAnts %5.2f openHarv %5.2f openRoyal %5.2f  sd %.2f\n", left, len(X), b[0], b[1], b[2], b[3], b[4], b[5], b[6], math.Sqrt(ss/float64(len(X))))
	}
}

// lsq solves the normal equations of X b = Y by Gauss-Jordan elimination.
func lsq(X [][]float64, Y []float64) []float64 {
	k := len(X[0])
	A := make([][]float64, k)
	for i := range A {
		A[i] = make([]float64, k+1)
	}
	for r := range X {
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				A[i][j] += X[r][i] * X[r][j]
			}
			A[i][k] += X[r][i] * Y[r]
		}
	}
	for i := 0; i < k; i++ {
		A[i][i] += 1e-6
	}
	for c := 0; c < k; c++ {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(A[r][c]) > math.Abs(A[p][c]) {
				p = r
			}
		}
		A[c], A[p] = A[p], A[c]
		for r := 0; r < k; r++ {
			if r == c || A[c][c] == 0 {
				continue
			}
			f := A[r][c] / A[c][c]
			for j := c; j <= k; j++ {
				A[r][j] -= f * A[c][j]
			}
		}
	}
	b := make([]float64, k)
	for i := range b {
		if A[i][i] != 0 {
			b[i] = A[i][k] / A[i][i]
		}
	}
	return b
}
