package main

import (
	"encoding/json"
	"slices"
	"testing"
)

// The full-game replays must end with the scores a player would compute
// from the final board, so these scorers read only the final public view
// (the logged position) and share no code with the engines.

type micSeg struct {
	Left    []int    `json:"left"`
	Right   []int    `json:"right"`
	Workers int      `json:"workers"`
	Master  string   `json:"master"`
	Fruits  []string `json:"fruits"`
}

type micView struct {
	Players []struct {
		Hills []struct {
			Army  int `json:"army"`
			Slots []struct {
				Tile *struct {
					Segments []micSeg `json:"segments"`
				} `json:"tile"`
				Barracks int `json:"barracks"`
				Garrison int `json:"garrison"`
			} `json:"slots"`
		} `json:"hills"`
	} `json:"players"`
}

// micropolisScores scores the base game's final view by the rulebook's
// table (MIC-SCORE-1..7): population, 5 for the largest tunnel, fruit kinds
// 2-5-10-15-20-25, a one-queen tunnel's tiles, 5 for the largest army,
// full barracks 2-4-7-10 for 1-4 soldiers.
func micropolisScores(t *testing.T, raw json.RawMessage) []int {
	var v micView
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	harvest := []int{0, 2, 5, 10, 15, 20, 25}
	barracks := []int{0, 2, 4, 7, 10}
	type tn struct {
		ants, queens, gifts int
		kinds               map[string]bool
		slots               map[int]bool
	}
	scores := make([]int, len(v.Players))
	largest := make([]int, len(v.Players))
	armies := make([]int, len(v.Players))
	for p, pl := range v.Players {
		h := pl.Hills[0]
		armies[p] = h.Army
		// Segments are nodes (slot, k); slot i's right port x joins slot
		// i+1's left port x, around the ring.
		type node struct{ slot, k int }
		seen := map[node]bool{}
		n := len(h.Slots)
		var walk func(a node, cur *tn)
		walk = func(a node, cur *tn) {
			seen[a] = true
			sg := h.Slots[a.slot].Tile.Segments[a.k]
			cur.ants += sg.Workers
			if sg.Master != "" {
				cur.ants++
			}
			if sg.Master == "queen" {
				cur.queens++
			}
			for _, f := range sg.Fruits {
				if f == "gift" {
					cur.gifts++
				} else {
					cur.kinds[f] = true
				}
			}
			cur.slots[a.slot] = true
			for _, d := range []int{1, n - 1} {
				j := (a.slot + d) % n
				if h.Slots[j].Tile == nil {
					continue
				}
				for k, o := range h.Slots[j].Tile.Segments {
					mine, theirs := sg.Right, o.Left
					if d != 1 {
						mine, theirs = sg.Left, o.Right
					}
					joined := false
					for _, x := range mine {
						joined = joined || slices.Contains(theirs, x)
					}
					if joined && !seen[node{j, k}] {
						walk(node{j, k}, cur)
					}
				}
			}
		}
		for i, sl := range h.Slots {
			if sl.Tile == nil {
				continue
			}
			if sl.Barracks > 0 && sl.Garrison == sl.Barracks {
				scores[p] += barracks[sl.Barracks]
			}
			for k := range sl.Tile.Segments {
				if seen[node{i, k}] {
					continue
				}
				cur := &tn{kinds: map[string]bool{}, slots: map[int]bool{}}
				walk(node{i, k}, cur)
				scores[p] += cur.ants + harvest[min(6, len(cur.kinds)+cur.gifts)]
				if cur.queens == 1 {
					scores[p] += len(cur.slots)
				}
				largest[p] = max(largest[p], cur.ants)
			}
		}
	}
	for p := range scores {
		if largest[p] == slices.Max(largest) {
			scores[p] += 5
		}
		if armies[p] == slices.Max(armies) {
			scores[p] += 5
		}
	}
	return scores
}

// funantsScores: in Classic a player wins (1) by building all three
// levels of the anthill; everyone else scores 0 (FUN-WIN-1).
func funantsScores(t *testing.T, raw json.RawMessage) []int {
	var v struct {
		Players []struct {
			Levels []json.RawMessage `json:"levels"`
		} `json:"players"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	out := make([]int, len(v.Players))
	for p, pl := range v.Players {
		if len(pl.Levels) == 3 {
			out[p] = 1
		}
	}
	return out
}

// marchTrackCP is the Colony-point track of testdata/march-full.txt before
// the end-of-game awards, worked out by hand from the game (it cannot be
// read off the final board). Regenerating that script invalidates it.
//
//   - Round 1: P3 explores Dandelion Field (13) onto the GT's south-west
//     edge with its ant on the control site; P1 explores Stump (5) and takes
//     a larva site (not its CP control site). Harvest: larvae only, no CP
//     site is held. No hex is contested: no battle. Slumber: P3 controls
//     hex 13, next to the GT: 1 CP (MOA1-SLUMBER-2); P1 controls nothing.
//   - Round 2: P3 pays Secret Burrow with its ant on hex 13, P2 pays Veteran
//     with its GT ant, P1's Sparrow Attack destroys its own ant on Stump:
//     the Anthill is empty from then on, so no harvest, battle or central
//     hex scores in rounds 2-4.
//   - No complete body: P1 has a head (Amazon), P2 a head (Veteran), P3 an
//     abdomen (Thief); P1's Conqueror goal (round 4) needs hexes it does not
//     control.
var marchTrackCP = []int{0, 0, 1}

// marchScores adds the end-of-game awards to marchTrackCP, read from the
// final view's Nests: 3 CP for the most larvae, food and cards each, 1 CP
// to each of several tied players (MOA1-END-2, -3), ties at zero included
// (MOA1-AMB-34, the default).
func marchScores(t *testing.T, raw json.RawMessage) []int {
	var v struct {
		Panels []struct {
			Larvae   int `json:"larvae"`
			Food     int `json:"food"`
			HandSize int `json:"hand_size"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Panels) != len(marchTrackCP) {
		t.Fatalf("%d Nests, the hand-worked track has %d", len(v.Panels), len(marchTrackCP))
	}
	scores := slices.Clone(marchTrackCP)
	for _, of := range []func(p int) int{
		func(p int) int { return v.Panels[p].Larvae },
		func(p int) int { return v.Panels[p].Food },
		func(p int) int { return v.Panels[p].HandSize },
	} {
		best, n := -1, 0
		for p := range v.Panels {
			switch x := of(p); {
			case x > best:
				best, n = x, 1
			case x == best:
				n++
			}
		}
		for p := range v.Panels {
			if of(p) == best {
				if n == 1 {
					scores[p] += 3
				} else {
					scores[p]++
				}
			}
		}
	}
	return scores
}
