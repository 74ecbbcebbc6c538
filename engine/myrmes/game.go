package myrmes

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"formica/engine"
)

var errBadState = errors.New("myrmes: bad state")

// Game is the Myrmes descriptor.
var Game = &engine.Descriptor{
	ID:   "myrmes",
	Name: "Myrmes",
	Options: []engine.OptionSpec{
		{Name: "upgrade", Values: []string{"or", "and"}, Rule: "MYR-UPG-1"},             // AMB-1
		{Name: "trade", Values: []string{"sets", "partial"}, Rule: "MYR-TRADE-1"},       // AMB-3
		{Name: "mix", Values: []string{"any", "half"}, Rule: "MYR-OBJDEF-1"},            // AMB-13
		{Name: "supply", Values: []string{"limited", "unlimited"}, Rule: "MYR-SETUP-2"}, // AMB-21
		// Free-text options that fix a starting position (scenario scripts).
		{Name: "dice", Rule: "MYR-SETUP-4"},       // "5,3,2": year-1 season dice
		{Name: "first", Rule: "MYR-SETUP-13"},     // "2": first player
		{Name: "objectives", Rule: "MYR-SETUP-6"}, // "prey2,food3,...": the six objectives
		{Name: "prey", Rule: "MYR-SETUP-5"},       // "d2:termite,b2:spider" or "none"
		{Name: "give"},                            // "P1:soldiers=1,level=1;P2:food=3"
		{Name: "pher"},                            // "P1:c4-d4;P2:h5-h6-i6": pheromones already placed
		{Name: "starts", Rule: "MYR-SETUP-9"},     // "c3,j7": each player's start space
		{Name: "year", Rule: "MYR-STRUCT-1"},      // "2": start in a later year
	},
	Seats:  func(engine.Setup) (int, int) { return 2, 4 },
	New:    newGame,
	Decode: decode,
}

func newGame(s engine.Setup) (engine.State, error) {
	b, err := defaultBoard()
	if err != nil {
		return nil, err
	}
	o := s.Options
	g := &state{N: s.Seats, b: b, RNG: engine.NewRNG(s.Seed)}
	g.Opt = options{UpgradeAnd: o["upgrade"] == "and", Partial: o["trade"] == "partial", Half: o["mix"] == "half", Unlimited: o["supply"] == "unlimited"}
	g.Supply = [4]int{30, 30, 15, 15} // MYR-SETUP-2, AMB-21
	g.Pools = [2]int{b.Pools["farm"], b.Pools["subcolony"]}
	g.Cells = make([]cell, len(b.cells))
	for i := range g.Cells {
		g.Cells[i] = cell{Tile: -1, Prey: -1, Tunnel: -1}
	}
	for range g.N {
		p := player{Score: 10, Nurses: 3, Workers: 2, Cubes: 4} // MYR-SETUP-8, MYR-SETUP-10, AMB-11
		p.Larvae = g.take(0, 1)
		for _, sh := range b.Pheromones {
			p.Pher = append(p.Pher, sh.Count)
		}
		g.Players = append(g.Players, &p)
	}
	// First player and start spaces at random (AMB-25, AMB-26).
	g.First = g.RNG.IntN(g.N)
	if v := o["first"]; v != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(v), "P"))
		if err != nil || n < 1 || n > g.N {
			return nil, fmt.Errorf("first=%q: want a player number 1-%d", v, g.N)
		}
		g.First = n - 1
	}
	starts := slices.Clone(b.starts[g.N])
	g.RNG.Shuffle(len(starts), func(i, j int) { starts[i], starts[j] = starts[j], starts[i] })
	if v := o["starts"]; v != "" {
		starts = starts[:0]
		for _, l := range strings.Split(v, ",") {
			c, ok := b.byLabel[strings.TrimSpace(l)]
			if !ok || !g.used(c) || b.cells[c].Terrain == Water || b.cells[c].Terrain == Prey || slices.Contains(starts, c) {
				return nil, fmt.Errorf("starts=%q: %q is not a free garden space", v, l)
			}
			starts = append(starts, c)
		}
		if len(starts) != g.N {
			return nil, fmt.Errorf("starts=%q: want one space per player", v)
		}
	}
	for seat, c := range starts {
		g.Cells[c].Tunnel = int8(seat) // MYR-SETUP-9
	}
	if err := g.placePrey(o["prey"]); err != nil {
		return nil, err
	}
	if err := g.drawObjectives(o["objectives"]); err != nil {
		return nil, err
	}
	if err := g.give(o["give"]); err != nil {
		return nil, err
	}
	if err := g.prePlace(o["pher"]); err != nil {
		return nil, err
	}
	var dice []int
	if v := o["dice"]; v != "" {
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > len(b.faces) {
				return nil, fmt.Errorf("dice=%q: want three faces 1-%d", v, len(b.faces))
			}
			dice = append(dice, n)
		}
		if len(dice) != 3 {
			return nil, fmt.Errorf("dice=%q: want three faces", v)
		}
	}
	if v := o["year"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 3 {
			return nil, fmt.Errorf("year=%q: want 1, 2 or 3", v)
		}
		g.Year = n - 1
	}
	g.startYear(dice)
	return g, nil
}

// placePrey puts the 18 prey tokens at random on the prey spaces in use;
// tokens for unused spaces stay in the box (MYR-SETUP-5, AMB-35).
func (g *state) placePrey(spec string) error {
	if spec == "none" {
		return nil
	}
	if spec != "" {
		for _, f := range strings.Split(spec, ",") {
			at, kind, ok := strings.Cut(strings.TrimSpace(f), ":")
			c, okc := g.b.byLabel[at]
			k := slices.IndexFunc(g.b.Prey, func(p preyData) bool { return p.ID == kind })
			if !ok || !okc || k < 0 || !g.used(c) || g.b.cells[c].Terrain != Prey {
				return fmt.Errorf("prey=%q: want space:kind on prey spaces, e.g. b2:termite", f)
			}
			g.Cells[c].Prey = int8(k)
		}
		return nil
	}
	var tokens []int
	for k, p := range g.b.Prey {
		for range p.Count {
			tokens = append(tokens, k)
		}
	}
	g.RNG.Shuffle(len(tokens), func(i, j int) { tokens[i], tokens[j] = tokens[j], tokens[i] })
	for i, c := range g.b.cells {
		if c.Terrain == Prey && g.used(i) && len(tokens) > 0 {
			g.Cells[i].Prey, tokens = int8(tokens[0]), tokens[1:]
		}
	}
	return nil
}

// drawObjectives draws two objectives of each level with different
// requirements (MYR-SETUP-6).
func (g *state) drawObjectives(spec string) error {
	if spec != "" {
		for _, id := range strings.Split(spec, ",") {
			i := slices.IndexFunc(g.b.Objectives, func(o objectiveData) bool { return o.ID == strings.TrimSpace(id) })
			if i < 0 {
				return fmt.Errorf("objectives: unknown objective %q", id)
			}
			g.Objs = append(g.Objs, objective{Def: i})
		}
		return nil
	}
	for lvl := 1; lvl <= 3; lvl++ {
		var pool []int
		for i, o := range g.b.Objectives {
			if o.Level == lvl {
				pool = append(pool, i)
			}
		}
		g.RNG.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		first := pool[0]
		second := slices.IndexFunc(pool[1:], func(i int) bool { return g.b.req(i) != g.b.req(first) })
		g.Objs = append(g.Objs, objective{Def: first}, objective{Def: pool[1+second]})
	}
	return nil
}

// req names an objective's requirement (copies share it).
func (b *board) req(i int) string {
	if s := b.Objectives[i].Same; s != "" {
		return s
	}
	return b.Objectives[i].ID
}

// give applies "P1:soldiers=1,food=2;P2:level=1" to the starting pieces.
func (g *state) give(spec string) error {
	if spec == "" {
		return nil
	}
	for _, part := range strings.Split(spec, ";") {
		who, kvs, ok := strings.Cut(strings.TrimSpace(part), ":")
		n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(who), "P"))
		if !ok || err != nil || n < 1 || n > g.N {
			return fmt.Errorf("give=%q: want P1:key=value,...", part)
		}
		p := g.ownPlayer(n - 1)
		for _, kv := range strings.Split(kvs, ",") {
			k, v, _ := strings.Cut(kv, "=")
			x, err := strconv.Atoi(v)
			if err != nil || x < 0 {
				return fmt.Errorf("give %q: want a number", kv)
			}
			field := map[string]*int{
				"larvae": &p.Larvae, "workers": &p.Workers, "soldiers": &p.Soldiers, "nurses": &p.Nurses,
				"food": &p.Store[cFood], "earth": &p.Store[cEarth], "stone": &p.Store[cStone],
				"level": &p.Level, "score": &p.Score, "ladybug": &p.Prey[0], "termite": &p.Prey[1], "spider": &p.Prey[2],
				"maxobj": &p.MaxObj,
			}[k]
			if field == nil {
				return fmt.Errorf("give: unknown piece %q", k)
			}
			*field = x
		}
		if p.Workers+p.Soldiers > maxFigures || p.Nurses > 8 || p.Level > topLevel {
			return fmt.Errorf("give %q: more than the box holds", part)
		}
	}
	return nil
}

// prePlace lays pheromones given as "P1:c4-d4;P2:h5-h6-i6" with their cubes.
func (g *state) prePlace(spec string) error {
	if spec == "" {
		return nil
	}
	for _, part := range strings.Split(spec, ";") {
		who, cells, ok := strings.Cut(strings.TrimSpace(part), ":")
		n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(who), "P"))
		if !ok || err != nil || n < 1 || n > g.N {
			return fmt.Errorf("pher=%q: want P1:c4-d4", part)
		}
		done := false
		for sh := range g.b.Pheromones {
			for _, pl := range g.placementsAnywhere(sh) {
				if g.placementCode(pl) == cells {
					g.layPheromone(n-1, sh, pl)
					done = true
					break
				}
			}
			if done {
				break
			}
		}
		if !done {
			return fmt.Errorf("pher=%q: no pheromone fits there", part)
		}
	}
	return nil
}
