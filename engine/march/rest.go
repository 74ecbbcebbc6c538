package march

import (
	"slices"
	"strings"
)

// Rest tiles of the Evolved edition (MOAE-REST, MOAE-SETUP-6, MOAE-PREP-1,
// -2). A rule set whose data has no rest tiles uses the 1st edition's Rest
// zones (doRest).

const defenderTile = "defender"

func (s *State) restTiles() bool { return len(s.data.Rest) > 0 }

func (s *State) restTile(id string) *RestTile {
	for i := range s.data.Rest {
		if s.data.Rest[i].ID == id {
			return &s.data.Rest[i]
		}
	}
	return nil
}

// setupRest shuffles the 12 rest tiles other than the Great Defender into
// the rest stack (MOAE-SETUP-6).
func (s *State) setupRest() {
	for _, r := range s.data.Rest {
		if !r.Defender {
			s.RestStack = append(s.RestStack, r.ID)
		}
	}
	s.RNG.Shuffle(len(s.RestStack), func(i, j int) { s.RestStack[i], s.RestStack[j] = s.RestStack[j], s.RestStack[i] })
}

// dealRest lays out the round's rest tiles: the Great Defender and N-1 from
// the stack, so N face up for N players (MOAE-SETUP-6, MOAE-PREP-1, -2,
// AMB-5). Taken and leftover tiles go to the discard pile, which is
// shuffled into a new stack when the stack runs out.
func (s *State) dealRest() {
	for _, id := range s.RestUp {
		if id != defenderTile {
			s.RestUsed = append(s.RestUsed, id)
		}
	}
	for i := range s.Players {
		for _, id := range s.Players[i].Rests {
			if id != defenderTile {
				s.RestUsed = append(s.RestUsed, id)
			}
		}
		s.player(i).Rests = nil
	}
	s.RestUp = []string{defenderTile}
	for len(s.RestUp) < max(s.N, 3) { // MOAE-2P-4: 3 with 2 players
		if len(s.RestStack) == 0 {
			if len(s.RestUsed) == 0 {
				break
			}
			s.RestStack, s.RestUsed = s.RestUsed, nil
			s.RNG.Shuffle(len(s.RestStack), func(i, j int) { s.RestStack[i], s.RestStack[j] = s.RestStack[j], s.RestStack[i] })
		}
		s.RestUp = append(s.RestUp, s.RestStack[0])
		s.RestStack = s.RestStack[1:]
	}
	var names []string
	for _, id := range s.RestUp {
		names = append(names, s.restTile(id).Name+" ("+id+")")
	}
	s.emit("moa.rest_tiles", "tiles", strings.Join(names, ", "))
}

// takeRest is the Evolved Rest action: take one face-up rest tile and gain
// what it shows now (MOAE-REST-3); rested players rest on every later turn
// (MOAE-REST-4); the last tile ends the Worker phase (MOAE-REST-6).
func (s *State) takeRest(seat int, id string) {
	p := s.player(seat)
	i := slices.Index(s.RestUp, id)
	if i < 0 {
		return
	}
	s.RestUp = slices.Delete(s.RestUp, i, i+1)
	p.Rests = append(p.Rests, id)
	p.Rested = true
	s.emit("moa.rest_taken", "seat", seatArg(seat), "tile", id, "name", s.restTile(id).Name)
	if r := s.restTile(id); r != nil && r.When == "now" {
		if p.Food >= r.Cost.Food {
			s.spendFood(seat, r.Cost.Food)
			s.gain(seat, r.Gain, "rest")
		}
	}
	if len(s.RestUp) == 0 || s.riseRestEnd() { // RISE-12
		s.Over = true
	}
}

// gain gives seat what a tile shows.
func (s *State) gain(seat int, g Gain, why string) {
	s.gainFood(seat, g.Food)
	s.gainLarvae(seat, g.Larvae)
	for i := 0; i < g.Cards; i++ {
		s.draw(seat)
	}
	if g.CP > 0 {
		s.addCP(seat, g.CP, why)
	}
}

// defender is the holder of the Great Defender rest tile, -1 if nobody
// (MOAE-REST-8, MOAE-GT-10).
func (s *State) defender() int {
	for p := range s.Players {
		if slices.Contains(s.Players[p].Rests, defenderTile) {
			return p
		}
	}
	return -1
}
