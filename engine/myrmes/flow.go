package myrmes

import (
	"slices"

	"formica/engine"
)

// startYear rolls the season dice and sets every event cube to the spring
// die (MYR-STRUCT-3, MYR-SETUP-11, MYR-EOY-1).
func (g *state) startYear(dice []int) {
	g.Year++
	for i := range 3 {
		if dice != nil {
			g.Dice[i] = dice[i]
		} else {
			g.Dice[i] = 1 + g.RNG.IntN(len(g.b.faces))
		}
	}
	g.setEvents(g.b.faces[g.Dice[0]-1])
	g.emit("myr.year", map[string]string{"year": itoa(g.Year), "spring": g.b.Faces[g.Dice[0]-1], "summer": g.b.Faces[g.Dice[1]-1], "autumn": g.b.Faces[g.Dice[2]-1]})
	g.startSeason(0)
}

// setEvents puts every player's event cube on event e (a player whose
// cube is there already stays shared).
func (g *state) setEvents(e int) {
	for i, p := range g.Players {
		if p.Event != e {
			g.ownPlayer(i).Event = e
		}
	}
}

// startSeason opens phases 1 and 2: each player adjusts the event, then
// places nurses, sealed until all are in (MYR-EVT-2, MYR-EVT-6, MYR-BIRTH-6).
func (g *state) startSeason(season int) {
	g.Season = season
	g.Phase = PhaseBirths
	g.emit([3]string{"myr.season.spring", "myr.season.summer", "myr.season.autumn"}[season], map[string]string{"year": itoa(g.Year), "player": g.name(g.First), "face": itoa(g.Dice[season])})
	for i, p := range g.Players {
		var q []string
		if p.Larvae > 0 && !p.pref("keep-event") {
			q = append(make([]string, 0, 2), kEvent)
		}
		if p.Nurses > 0 {
			q = append(q, kBirths)
		}
		if q != nil || len(p.Queue) > 0 { // else the player stays shared
			g.ownPlayer(i).Queue = q
		}
	}
	if g.allAnswered() {
		g.resolve()
	}
}

func (g *state) afterBirths() {
	for _, p := range g.Players {
		if p.BornW+p.BornS > 0 {
			g.Phase = PhaseCap
			return
		}
	}
	g.startWorkers()
}

// startWorkers begins phase 3 with the first player who has a worker
// (MYR-WRK-1, MYR-WRK-3).
func (g *state) startWorkers() {
	g.Phase = PhaseWorkers
	g.Cur = (g.First + g.N - 1) % g.N
	g.nextWorker()
}

func (g *state) nextWorker() {
	for k := 1; k <= g.N; k++ {
		s := (g.Cur + k) % g.N
		if g.Players[s].Workers > 0 {
			g.Cur = s
			return
		}
	}
	g.startHarvest() // MYR-WRK-4
}

// startHarvest prompts the players who have a harvest choice; the others
// harvest when the phase is revealed (MYR-HARV-1).
func (g *state) startHarvest() {
	g.Phase = PhaseHarvest
	for i, p := range g.Players {
		switch {
		case g.needsHarvestPrompt(i):
			g.ownPlayer(i).Queue = []string{kHarvest}
		case len(p.Queue) > 0: // else the player stays shared
			g.ownPlayer(i).Queue = nil
		}
	}
	if g.allAnswered() {
		g.resolve()
	}
}

// startAtelier begins phase 5 (MYR-ATL-1, AMB-17).
func (g *state) startAtelier() {
	g.Phase = PhaseAtelier
	g.Cur = (g.First + g.N - 1) % g.N
	g.nextAtelier()
}

func (g *state) nextAtelier() {
	for k := 1; k <= g.N; k++ {
		s := (g.Cur + k) % g.N
		if g.Players[s].Atelier > 0 {
			g.Cur = s
			return
		}
	}
	g.startKeep()
}

// startKeep asks the players over the storeroom limit what to keep (MYR-EOS-3).
func (g *state) startKeep() {
	g.Phase = PhaseKeep
	for i, p := range g.Players {
		l := g.storeLimit(i)
		over := p.Store[0]+p.Store[1]+p.Store[2] > l
		if !over && len(p.Queue) == 0 {
			continue // the player stays shared
		}
		p = g.ownPlayer(i)
		p.Queue = nil
		if over {
			if p.pref("keep-food") { // food first, then stone, then earth
				f := min(p.Store[cFood], l)
				st := min(p.Store[cStone], l-f)
				p.Sealed = append(p.Sealed, engine.Path{kKeep, keepCode([3]int{f, l - f - st, st})})
				continue
			}
			p.Queue = []string{kKeep}
		}
	}
	if g.allAnswered() {
		g.resolve()
	}
}

// endSeason carries out MYR-EOS-2 and MYR-EOS-4..8.
func (g *state) endSeason() {
	for i, p := range g.Players {
		if p.Spent == 0 && p.Rooms == [4]bool{} && p.Tracks == [3]int{} && p.Atelier == 0 && p.Board == 0 && p.Areas == [4]bool{} {
			continue // nothing to take back: the player stays shared
		}
		p = g.ownPlayer(i)
		g.putBack(0, p.Spent) // MYR-EOS-2
		p.Spent = 0
		for l, r := range p.Rooms { // MYR-EOS-4
			if r {
				p.Workers++
				p.Rooms[l] = false
			}
		}
		p.Nurses += p.Tracks[0] + p.Tracks[1] + p.Tracks[2] + p.Atelier + p.Board // MYR-EOS-5
		p.Tracks, p.Atelier, p.Board, p.Areas = [3]int{}, 0, 0, [4]bool{}
	}
	g.Dice[g.Season] = 0          // MYR-EOS-6
	g.First = (g.First + 1) % g.N // MYR-EOS-7
	if g.Season < 2 {             // MYR-EOS-8
		g.setEvents(g.b.faces[g.Dice[g.Season+1]-1])
		g.startSeason(g.Season + 1)
		return
	}
	g.startWinter()
}

// startWinter asks the players who could trade larvae for missing food
// (MYR-WIN-4, AMB-24); everyone pays when all are in.
func (g *state) startWinter() {
	g.Season = 3
	g.Phase = PhaseWinter
	g.emit("myr.season.winter", map[string]string{"year": itoa(g.Year), "food": itoa(3 + g.Year)})
	for i, p := range g.Players {
		owed := max(0, 3+g.Year-p.Soldiers)
		switch {
		case owed > p.Store[cFood] && g.maxTrades(i) > 0 && !p.pref("no-trade"):
			g.ownPlayer(i).Queue = []string{kWinter}
		case len(p.Queue) > 0: // else the player stays shared
			g.ownPlayer(i).Queue = nil
		}
	}
	if g.allAnswered() {
		g.resolve()
	}
}

func (g *state) endYear() {
	if g.Year < 3 {
		g.startYear(nil)
		return
	}
	g.finish() // MYR-END-1
}

// finish ranks the players; ties share the win (MYR-END-2).
func (g *state) finish() {
	g.Phase = PhaseOver
	r := &engine.Result{}
	for _, p := range g.Players {
		r.Scores = append(r.Scores, p.Score)
	}
	best := slices.Max(r.Scores)
	var winners []string
	for s, sc := range r.Scores {
		rank := 1
		for _, o := range r.Scores {
			if o > sc {
				rank++
			}
		}
		r.Rank = append(r.Rank, rank)
		if sc == best {
			winners = append(winners, g.name(s))
		}
		r.Detail = append(r.Detail, engine.Score{Seat: engine.Seat(s), Category: "myr.score.total", Points: sc})
	}
	g.Res = r
	g.emit("myr.end", map[string]string{"winners": joinNames(winners), "score": itoa(best)})
}

func joinNames(ns []string) string {
	out := ""
	for i, n := range ns {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
