package ai

import (
	"math"

	"formica/engine/micropolis"
)

// Points of Micropolis's scoring categories (MIC-SCORE-1 to MIC-SCORE-6),
// as the score pad counts them.
var (
	micHarvestVP  = [7]float64{0, 2, 5, 10, 15, 20, 25} // MIC-SCORE-3
	micBarracksVP = [5]float64{0, 2, 4, 7, 10}          // MIC-SCORE-6
)

const micMajorityVP = 5 // MIC-SCORE-2 Colony, MIC-SCORE-5 Army

// micFeat is what one player's side of a Micropolis table promises: the
// categories its anthills score now, apart from the two majorities, and
// what can still grow.
type micFeat struct {
	fixed  float64 // Population, Harvest, Royal, Barracks as they stand
	colony float64 // ants in the largest tunnel (MIC-SCORE-2)
	army   float64 // soldiers on the bases: the Army majority and the money for tiles
	arch   float64 // architect tokens: one free tile each
	left   float64 // tiles still to place
	// Tunnels that reach an open end of an arc (a side edge with a port
	// and no tile next to it): the next tile may join them.
	openAnts    float64 // ants in the largest open tunnel
	openHarvest float64 // what one more fruit kind adds to the open tunnels' Harvest
	openRoyal   float64 // 1 for an open tunnel with exactly one queen (it scores per tile)
}

// micFeatures reads every player's micFeat from the public view.
func micFeatures(v micropolis.View) []micFeat {
	out := make([]micFeat, len(v.Players))
	for i, p := range v.Players {
		f := &out[i]
		f.arch = float64(p.Architects)
		for _, h := range p.Hills {
			f.army += float64(h.Army)
			f.left += float64(len(h.Slots) - h.Tiles)
			open := micOpenTunnels(h)
			for k, t := range h.Tunnels {
				f.fixed += float64(t.Ants) + micHarvestVP[min(t.Kinds, 6)]
				if t.Queens == 1 {
					f.fixed += float64(len(t.Slots))
				}
				f.colony = max(f.colony, float64(t.Ants))
				if open[k] {
					f.openAnts = max(f.openAnts, float64(t.Ants))
					f.openHarvest += micHarvestVP[min(t.Kinds+1, 6)] - micHarvestVP[min(t.Kinds, 6)]
					if t.Queens == 1 {
						f.openRoyal = 1
					}
				}
			}
			for _, sv := range h.Slots {
				if sv.Garrison > 0 {
					f.fixed += micBarracksVP[min(sv.Barracks, 4)]
				}
			}
		}
	}
	return out
}

// micOpenTunnels marks h's tunnels that reach an empty neighbour slot
// through a port on the shared edge (MIC-GEO-3, MIC-GEO-5).
func micOpenTunnels(h micropolis.HillView) []bool {
	open := make([]bool, len(h.Tunnels))
	n := len(h.Slots)
	for i, sv := range h.Slots {
		if sv.Tile == nil {
			continue
		}
		leftFree := h.Slots[(i+n-1)%n].Tile == nil
		rightFree := h.Slots[(i+1)%n].Tile == nil
		for k, sg := range sv.Tile.Segments {
			if k < len(sv.Tunnels) && (leftFree && len(sg.Left) > 0 || rightFree && len(sg.Right) > 0) {
				open[sv.Tunnels[k]] = true
			}
		}
	}
	return open
}

// Weights of micropolisValue, rounded from a least-squares fit
// (TestFitMicropolisValue) of the final scores outside the majorities of
// 400 greedy 6-player games (seeds 5000-5399), from the position at every
// turn: a soldier in the army is worth 0.5-0.9 points besides the Army
// majority (it buys the better tile, fills barracks), an architect token
// 1.3-2.5, a tile still to place 4.4-4.6, an open tunnel a little of what
// it may still grow to. Points as they stand count whole (fitted 0.8-1.0:
// the fit shrinks a noisy feature). The majorities' temperature is chosen,
// not fitted.
const (
	micSoldierVP   = 0.8
	micArchitectVP = 1.5
	micTileVP      = 4.5
	micOpenAntVP   = 0.2
	micOpenFruitVP = 0.2
	micOpenQueenVP = 0.5
)

// micropolisValue estimates seat's final margin in a running game of
// Micropolis from the public view: each player's categories as they stand
// (MIC-SCORE-1, -3, -4, -6), plus what their army, architect tokens, open
// tunnels and tiles still to place are worth by the end, plus the Colony
// and Army majorities (MIC-SCORE-2, MIC-SCORE-5) shared out by how likely
// each player is to hold them then: the fewer tiles left, the sharper.
func micropolisValue(v micropolis.View, seat int) float64 {
	fs := micFeatures(v)
	scores := make([]float64, len(fs))
	colony := make([]float64, len(fs))
	army := make([]float64, len(fs))
	left := 0.0
	for i, f := range fs {
		scores[i] = f.fixed + micTileVP*f.left + micOpenAntVP*f.openAnts + micOpenFruitVP*f.openHarvest + micOpenQueenVP*f.openRoyal
		if f.left > 0 {
			scores[i] += micSoldierVP*f.army + micArchitectVP*f.arch
		}
		colony[i], army[i] = f.colony, f.army
		left = max(left, f.left)
	}
	temp := 0.5 + 0.5*left
	for i, c := range softShare(colony, temp) {
		scores[i] += micMajorityVP * c
	}
	for i, c := range softShare(army, temp) {
		scores[i] += micMajorityVP * c
	}
	return marginF(scores, seat)
}

// softShare is each player's chance of holding a majority, a softmax of
// x at temperature temp scaled so the leader counts 1: equal leaders all
// score it, as the score pad does (MIC-AMB-11).
func softShare(x []float64, temp float64) []float64 {
	best := x[0]
	for _, v := range x {
		best = max(best, v)
	}
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = math.Exp((v - best) / temp)
	}
	return out
}
