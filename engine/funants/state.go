package funants

import (
	"encoding/json"
	"slices"
	"strconv"

	"formica/engine"
)

// Ant kinds as players type them.
const (
	Worker  = "w" // strength 1, cost 1, mines (FUN-HIRE-1, FUN-BATTLE-2)
	Soldier = "s" // strength 2, cost 2, never mines
)

// Hiring turn modes (FUN-MAIN-1).
const (
	modeNone = ""
	modeHire = "hire"
	modeMove = "move"
)

// Pieces per colour (FUN-SETUP-2, FUN-TUNNEL-1).
const (
	workersPerColour   = 5
	soldiersPerColour  = 3
	entrancesPerColour = 2
)

// levelCost is the price of the large, medium and small level (FUN-BUILD-1).
var levelCost = [3]int{5, 4, 3}

// Level is one anthill level token: its colour (owner seat) and size
// (0 large, 1 medium, 2 small).
type Level struct {
	Colour int `json:"colour"`
	Size   int `json:"size"`
}

type player struct {
	Anthill   int     `json:"anthill"`
	Team      int     `json:"team"`
	Tokens    int     `json:"tokens"`
	Hand      []int   `json:"hand"`
	Levels    []Level `json:"levels"`    // on the own anthill, bottom first
	Captured  []Level `json:"captured"`  // Pyramids captures
	Entrances []int   `json:"entrances"` // cells holding this player's tunnel entrances
}

type ant struct {
	ID    int    `json:"id"`
	Owner int    `json:"owner"`
	Kind  string `json:"kind"`
	Cell  int    `json:"cell"`
	Moved bool   `json:"moved"`
	Rage  int    `json:"rage"` // Ant Rage bonus in the current battle
}

// inPlay is a delayed card waiting for its condition (FUN-CARD-3).
type inPlay struct {
	Card  int `json:"card"`
	Owner int `json:"owner"`
	Cell  int `json:"cell"` // ambush cell, -1 otherwise
}

// battle is one fight between seat A's ants on CellA and seat B's on CellB
// (the same centre cell for a centre battle).
type battle struct {
	A     int `json:"a"`
	CellA int `json:"cell_a"`
	B     int `json:"b"`
	CellB int `json:"cell_b"`
}

type fight struct {
	battle
	Passed [2]bool `json:"passed"`
	// Turn is the side (0: A, the active player's) that plays or passes
	// next: sides alternate, the active player first (FUN-BATTLE-7).
	Turn int `json:"turn"`
}

type state struct {
	b        *board
	ev       []engine.Event
	Scenario string      `json:"scenario"`
	RNG      *engine.RNG `json:"rng"`
	Players  []player    `json:"players"`
	Ants     []ant       `json:"ants"`
	NextAnt  int         `json:"next_ant"`
	Token    []bool      `json:"token"` // board tokens still lying on cells
	Deck     []int       `json:"deck"`
	Discard  []int       `json:"discard"`
	InPlay   []inPlay    `json:"in_play"`
	Active   int         `json:"active"`
	Turn     int         `json:"turn"`
	Mode     string      `json:"mode"`
	SwapOK   bool        `json:"swap_ok"`
	Fight    *fight      `json:"fight"`
	Winners  []int       `json:"winners"`
	rng      engine.RNG  // RNG of a clone (Clone)
	// playersOwn: the list of Players is this state's own copy (their
	// slices shared, capped); antsOwn: Ants are. Clone shares both, and
	// Apply copies them before its first change (ownPlayers, ownAnts), so
	// neither copy ever writes the other's.
	playersOwn, antsOwn bool
	// ordering: the board calls for several battles and the active player
	// orders them (FUN-BATTLE-9). Only the ants, the fight and the end
	// change it, and only Apply changes those, so settle, which ends every
	// Apply, notes it (and decode): prompt, which Check, Choices and Apply
	// all ask, then reads it instead of searching the board for battles.
	ordering bool
}

func (g *state) Clone() engine.State {
	c := *g
	c.ev = nil
	// The generator in the copy itself: no allocation per answer.
	c.rng = *g.RNG
	c.RNG = &c.rng
	// Shared until Apply changes them (ownPlayers, ownAnts; applyBattle
	// copies the fight): a move changes no player, a card no ant. Slices
	// only appended to or cut from the front are clipped, so an append in
	// either copy reallocates.
	c.playersOwn, c.antsOwn = false, false
	c.Ants = slices.Clip(g.Ants)
	// Shared: the tokens and the cards in play are only ever replaced
	// whole (arrive, settle), never changed in place.
	c.Token = slices.Clip(g.Token)
	c.Deck = slices.Clip(g.Deck)
	c.Discard = slices.Clip(g.Discard)
	c.InPlay = slices.Clip(g.InPlay)
	c.Winners = slices.Clip(g.Winners)
	return &c
}

// ownPlayers makes Players this state's own before a change to any
// player: a copy of the list whose hands, levels and entrances still
// share their arrays, each capped at its length so an append copies it
// out. Nothing writes into those arrays in place: a card or an entrance
// is taken out of a copy (takeCard, removeEntrance).
func (g *state) ownPlayers() {
	if g.playersOwn {
		return
	}
	g.playersOwn = true
	g.Players = slices.Clone(g.Players)
	for i := range g.Players {
		p := &g.Players[i]
		p.Hand = slices.Clip(p.Hand)
		p.Levels = slices.Clip(p.Levels)
		p.Captured = slices.Clip(p.Captured)
		p.Entrances = slices.Clip(p.Entrances)
	}
}

// pl returns seat s's player to change, owned first (ownPlayers).
func (g *state) pl(s int) *player {
	g.ownPlayers()
	return &g.Players[s]
}

// ownAnts makes Ants this state's own before an ant is changed in place
// or removed.
func (g *state) ownAnts() {
	if !g.antsOwn {
		g.Ants = slices.Clone(g.Ants)
		g.antsOwn = true
	}
}

func (g *state) MarshalBinary() ([]byte, error) { return json.Marshal(g) }

func (g *state) Result() *engine.Result {
	if g.Winners == nil {
		return nil
	}
	r := &engine.Result{Scores: make([]int, len(g.Players)), Rank: make([]int, len(g.Players))}
	for i := range g.Players {
		r.Rank[i] = 2
		if slices.Contains(g.Winners, i) {
			r.Scores[i], r.Rank[i] = 1, 1
		}
	}
	return r
}

func (g *state) Pending() []engine.Prompt {
	p, ok := g.prompt()
	switch {
	case !ok:
		return nil
	case p.Kind == "order":
		return onePrompt(p, "fight", "1")
	}
	return onePrompt(p, "pass")
}

// prompt is the one prompt Pending lists, but for its default answer:
// Choices and Apply ask for it on every call, so it allocates nothing.
func (g *state) prompt() (engine.Prompt, bool) {
	if g.Winners != nil {
		return engine.Prompt{}, false
	}
	if f := g.Fight; f != nil {
		// The sides play Ant Rage or pass in turn (FUN-BATTLE-7).
		seat := f.A
		if f.Turn == 1 {
			seat = f.B
		}
		return engine.Prompt{Seat: engine.Seat(seat), Kind: "battle", Rule: "FUN-BATTLE-7"}, true
	}
	if g.ordering {
		return engine.Prompt{Seat: engine.Seat(g.Active), Kind: "order", Rule: "FUN-BATTLE-9"}, true
	}
	return engine.Prompt{Seat: engine.Seat(g.Active), Kind: "turn", Rule: "FUN-TURN-1"}, true
}

// Prompted implements engine.Prompter, without Pending's allocation.
func (g *state) Prompted(seat engine.Seat) bool {
	_, ok := g.promptFor(seat)
	return ok
}

// promptFor is engine.PromptFor without the default answer.
func (g *state) promptFor(seat engine.Seat) (engine.Prompt, bool) {
	p, ok := g.prompt()
	return p, ok && p.Seat == seat
}

// onePrompt is []engine.Prompt{p} with the default answer def, in one
// allocation (Pending runs several times per answer).
func onePrompt(p engine.Prompt, def ...string) []engine.Prompt {
	b := &struct {
		p [1]engine.Prompt
		d [2]string
	}{}
	n := copy(b.d[:], def)
	p.Default = b.d[:n:n]
	b.p[0] = p
	return b.p[:]
}

// Secrets lists the cards in seat's hand (enginetest.Secretive).
func (g *state) Secrets(seat engine.Seat) []string {
	if int(seat) < 0 || int(seat) >= len(g.Players) {
		return nil
	}
	var out []string
	for _, id := range g.Players[seat].Hand {
		out = append(out, cardToken(id))
	}
	return out
}

// Continues implements engine.Turner: seat's turn prompt after its first
// answer of the turn (the swap window closes with any answer, FUN-DRAW-2).
func (g *state) Continues(seat engine.Seat) bool {
	return g.Winners == nil && g.Fight == nil && int(seat) == g.Active && !g.SwapOK
}

// Hidden implements engine.Concealer: the cards in each hand are their
// owner's secret (FUN-SETUP-6), the deck nobody's.
func (g *state) Hidden() []engine.Secret {
	var out []engine.Secret
	for seat := range g.Players {
		for _, id := range g.Players[seat].Hand {
			out = append(out, engine.Secret{Owner: engine.Seat(seat), What: "hand", Forms: []string{cardToken(id)}})
		}
	}
	for _, id := range g.Deck {
		out = append(out, engine.Secret{Owner: engine.NoSeat, What: "deck", Forms: []string{cardToken(id)}})
	}
	return out
}

// Redeal implements engine.Redealer: seat's hand is shuffled with the deck
// and dealt back at the same size.
func (g *state) Redeal(seat engine.Seat, rng func(n int) int) engine.State {
	c := g.Clone().(*state)
	if int(seat) < 0 || int(seat) >= len(c.Players) {
		return c
	}
	c.ownPlayers()
	c.Players[seat].Hand, c.Deck = engine.RedealCards(c.Players[seat].Hand, c.Deck, rng)
	return c
}

func cardToken(id int) string {
	s := strconv.Itoa(id)
	if id < 10 {
		s = "0" + s
	}
	return "card:" + s
}

// --- small queries ---

func (g *state) opponents(a, b int) bool { return a != b && g.Players[a].Team != g.Players[b].Team }

func (g *state) antsOn(cell int) []int {
	var out []int
	for i, a := range g.Ants {
		if a.Cell == cell {
			out = append(out, i)
		}
	}
	return out
}

func (g *state) mineOn(seat, cell int) []int {
	var out []int
	for i, a := range g.Ants {
		if a.Cell == cell && a.Owner == seat {
			out = append(out, i)
		}
	}
	return out
}

// mineCount is len(mineOn(seat, cell)) without the slice.
func (g *state) mineCount(seat, cell int) int {
	n := 0
	for _, a := range g.Ants {
		if a.Cell == cell && a.Owner == seat {
			n++
		}
	}
	return n
}

func (g *state) opponentOn(seat, cell int) bool {
	for _, a := range g.Ants {
		if a.Cell == cell && g.opponents(seat, a.Owner) {
			return true
		}
	}
	return false
}

func (g *state) onBoard(seat int) int {
	n := 0
	for _, a := range g.Ants {
		if a.Owner == seat {
			n++
		}
	}
	return n
}

// supply counts seat's ants of kind off the board (FUN-HIRE-2, FUN-BATTLE-6).
func (g *state) supply(seat int, kind string) int {
	n := workersPerColour
	if kind == Soldier {
		n = soldiersPerColour
	}
	for _, a := range g.Ants {
		if a.Owner == seat && a.Kind == kind {
			n--
		}
	}
	return n
}

// canEnter reports whether n of seat's ants may arrive on cell together
// (FUN-CELL-1..4, FUN-MOVE-7, FUN-CENTRE-2/3).
func (g *state) canEnter(seat, cell, n int) bool {
	all, mine, opp := 0, 0, false
	for _, a := range g.Ants {
		if a.Cell != cell {
			continue
		}
		all++
		if a.Owner == seat {
			mine++
		} else if g.opponents(seat, a.Owner) {
			opp = true
		}
	}
	if mine+n > 2 {
		return false
	}
	switch g.b.Cells[cell].Kind {
	case KindCake:
		return all+n <= 1
	case KindCentre:
		return all+n <= 2 && (!opp || n == 1)
	default:
		return !opp
	}
}

// moveAdj is seat's movement adjacency: paths, anthill rings and the own
// tunnel (FUN-MOVE-2, FUN-TUNNEL-5/6).
func (g *state) moveAdj(seat, cell int) []int {
	out := g.b.move[cell]
	e := g.Players[seat].Entrances
	if len(e) == 2 && e[0] != e[1] {
		for k, c := range e {
			if c == cell && !slices.Contains(out, e[1-k]) {
				out = append(slices.Clone(out), e[1-k])
			}
		}
	}
	return out
}

// homeCells are the three cells next to seat's anthill (FUN-BOARD-2).
func (g *state) homeCells(seat int) []int {
	return g.b.anthillAt[g.Players[seat].Anthill] // shared: callers only read it
}

// owner returns the seat owning anthill a, or -1 when unused (FUN-SETUP-11).
func (g *state) owner(anthill int) int {
	for i, p := range g.Players {
		if p.Anthill == anthill {
			return i
		}
	}
	return -1
}

// tunnelCellOK checks the placement limits of FUN-TUNNEL-3/4/9.
func (g *state) tunnelCellOK(seat, cell int) bool {
	if g.b.resource(cell) || slices.Contains(g.Players[seat].Entrances, cell) || !g.workerOn(seat, cell) {
		return false
	}
	for q := range g.Players {
		if g.opponents(seat, q) && g.b.dist[g.Players[q].Anthill][cell] < 3 {
			return false
		}
	}
	return true
}

// workerOn reports whether one of seat's workers stands on cell.
func (g *state) workerOn(seat, cell int) bool {
	for _, a := range g.Ants {
		if a.Cell == cell && a.Owner == seat && a.Kind == Worker {
			return true
		}
	}
	return false
}

func (g *state) tunnelCells(seat int) []int {
	var out []int
	if len(g.Players[seat].Entrances) >= entrancesPerColour {
		return nil
	}
	for c := range g.b.Cells {
		if g.tunnelCellOK(seat, c) {
			out = append(out, c)
		}
	}
	return out
}

// battles lists every fight the board calls for now: opposing ants on
// battle-adjacent cells, or together on a centre cell (FUN-BATTLE-1,
// FUN-CENTRE-1). The active player's side comes first.
// anyBattle reports whether battles() is not empty: prompt asks it on
// every Choices, Check and Apply, and mostly there is none. A byte of
// seats per cell and a mask of each seat's opponents answer it without
// building, deduplicating or sorting the list.
func (g *state) anyBattle() bool {
	var small [128]uint8
	if len(g.b.Cells) > len(small) || len(g.Players) > 8 {
		return len(g.battles()) > 0
	}
	var opp [8]uint8 // opp[a]: the seats a fights
	for a := range g.Players {
		for o := range g.Players {
			if g.opponents(a, o) {
				opp[a] |= 1 << o
			}
		}
	}
	occ := small[:len(g.b.Cells)]
	for i := range g.Ants {
		occ[g.Ants[i].Cell] |= 1 << g.Ants[i].Owner
	}
	for i := range g.Ants {
		c := g.Ants[i].Cell
		foes := opp[g.Ants[i].Owner]
		for _, d := range g.b.battleWith[c] {
			if occ[d]&foes != 0 {
				return true
			}
		}
	}
	return false
}

func (g *state) battles() []battle {
	var out []battle
	// Pending asks this several times per answer: no map, no allocation
	// while there is no battle (a handful at most when there are; the
	// sort below fixes the order whatever the order found). The pairs of
	// opposing ants are found as pairs of (owner, cell): which seats have
	// ants on each cell, then the cells each cell fights.
	var small [128]uint64 // a bit per seat
	occ := small[:]
	if n := len(g.b.Cells); n > len(small) {
		occ = make([]uint64, n)
	}
	for i := range g.Ants {
		occ[g.Ants[i].Cell] |= 1 << g.Ants[i].Owner
	}
	// Only the cells of ants can fight: ask of those, not of the board (a
	// cell with several ants comes up again, its battles found again and
	// dropped by the Contains below).
	for i := range g.Ants {
		c := g.Ants[i].Cell
		mc := occ[c]
		for _, d := range g.b.battleWith[c] {
			md := occ[d]
			if md == 0 {
				continue
			}
			for a := 0; mc>>a != 0; a++ {
				if mc>>a&1 == 0 {
					continue
				}
				for o := 0; md>>o != 0; o++ {
					if md>>o&1 == 0 || !g.opponents(a, o) {
						continue
					}
					bt := battle{A: a, CellA: c, B: o, CellB: d}
					if bt.B == g.Active || (bt.A != g.Active && bt.B < bt.A) {
						bt = battle{A: o, CellA: d, B: a, CellB: c}
					}
					if !slices.Contains(out, bt) {
						out = append(out, bt)
					}
				}
			}
		}
	}
	slices.SortFunc(out, func(p, q battle) int {
		if p.CellA != q.CellA {
			return p.CellA - q.CellA
		}
		if p.CellB != q.CellB {
			return p.CellB - q.CellB
		}
		if p.A != q.A {
			return p.A - q.A
		}
		return p.B - q.B
	})
	return out
}

func (g *state) emit(key string, args map[string]string) {
	g.ev = append(g.ev, engine.Public(key, args))
}

func (g *state) emitTo(seat int, key string, args map[string]string) {
	g.ev = append(g.ev, engine.Event{Key: key, Args: args, To: engine.Seat(seat)})
}

func seatName(s int) string { return engine.Seat(s).String() }
