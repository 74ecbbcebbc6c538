package funants

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

//go:embed data/board.json
var boardJSON []byte

//go:embed data/cards.json
var cardsJSON []byte

// Cell kinds.
const (
	KindPath   = "path"
	KindCake   = "cake"
	KindCentre = "centre"
)

// Cell is one board cell as the data file gives it.
type Cell struct {
	ID   string `json:"id"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Kind string `json:"kind"`
}

// Anthill is one anthill picture: not a cell, with its three cells.
type Anthill struct {
	ID    string    `json:"id"`
	X     int       `json:"x"`
	Y     int       `json:"y"`
	Cells [3]string `json:"cells"`
}

// CardKind is one card design with its number of copies.
type CardKind struct {
	Code      string `json:"code"`
	Copies    int    `json:"copies"`
	Timing    string `json:"timing"`
	Target    string `json:"target"`
	Duration  string `json:"duration"`
	Overrides string `json:"overrides"`
}

// board is the immutable graph derived from board.json, shared by clones.
type board struct {
	Cells    []Cell
	Anthills []Anthill
	index    map[string]int
	move     [][]int // movement adjacency (paths + anthill rings), no tunnels
	fight    [][]bool
	// battleWith[c] lists the cells whose opposing ants fight those on c:
	// its fight neighbours, and c itself for a centre cell.
	battleWith [][]int
	anthillAt  [][]int // anthillAt[a]: the cell indices of anthill a
	home       []int   // home[cell] = anthill index the cell touches, or -1
	dist       [][]int // dist[anthill][cell], anthill cells = 1 (FUN-AMB-11)
	cards      []string
	kinds      []CardKind
}

// sharedBoard is the embedded board and cards, parsed once: a board is
// never changed once loaded and is shared by every state (as in micropolis
// and myrmes), so a new game does not parse the data files again.
var sharedBoard = sync.OnceValues(loadBoard)

func loadBoard() (*board, error) {
	var raw struct {
		Anthills []Anthill   `json:"anthills"`
		Cells    []Cell      `json:"cells"`
		Edges    [][2]string `json:"edges"`
	}
	if err := json.Unmarshal(boardJSON, &raw); err != nil {
		return nil, fmt.Errorf("funants: board data: %w", err)
	}
	b := &board{Cells: raw.Cells, Anthills: raw.Anthills, index: map[string]int{}}
	n := len(b.Cells)
	for i, c := range b.Cells {
		b.index[c.ID] = i
	}
	b.move = make([][]int, n)
	b.fight = make([][]bool, n)
	for i := range b.fight {
		b.fight[i] = make([]bool, n)
	}
	link := func(x, y string, battle bool) error {
		i, ok1 := b.index[x]
		j, ok2 := b.index[y]
		if !ok1 || !ok2 {
			return fmt.Errorf("funants: board edge %s-%s names an unknown cell", x, y)
		}
		b.move[i] = append(b.move[i], j)
		b.move[j] = append(b.move[j], i)
		// Centre cells never fight across an edge (FUN-CENTRE-1, FUN-AMB-10).
		if battle && b.Cells[i].Kind != KindCentre && b.Cells[j].Kind != KindCentre {
			b.fight[i][j], b.fight[j][i] = true, true
		}
		return nil
	}
	for _, e := range raw.Edges {
		if err := link(e[0], e[1], true); err != nil {
			return nil, err
		}
	}
	for _, a := range b.Anthills {
		var cells []int
		for _, c := range a.Cells {
			i, ok := b.index[c]
			if !ok {
				return nil, fmt.Errorf("funants: anthill %s names an unknown cell %s", a.ID, c)
			}
			cells = append(cells, i)
		}
		b.anthillAt = append(b.anthillAt, cells)
	}
	b.battleWith = make([][]int, n)
	for i := range b.fight {
		for j, f := range b.fight[i] {
			if f || (i == j && b.Cells[i].Kind == KindCentre) {
				b.battleWith[i] = append(b.battleWith[i], j)
			}
		}
	}
	b.home = make([]int, n)
	for i := range b.home {
		b.home[i] = -1
	}
	for a, h := range b.Anthills {
		for k, c := range h.Cells {
			i, ok := b.index[c]
			if !ok {
				return nil, fmt.Errorf("funants: anthill %s names unknown cell %s", h.ID, c)
			}
			b.home[i] = a
			// The three anthill cells are adjacent for movement only (FUN-BOARD-3).
			for _, d := range h.Cells[k+1:] {
				if err := link(c, d, false); err != nil {
					return nil, err
				}
			}
		}
	}
	for i := range b.move {
		slices.Sort(b.move[i])
	}
	b.dist = make([][]int, len(b.Anthills))
	for a, h := range b.Anthills {
		d := make([]int, n)
		for i := range d {
			d[i] = -1
		}
		var queue []int
		for _, c := range h.Cells {
			d[b.index[c]] = 1
			queue = append(queue, b.index[c])
		}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range b.move[x] {
				if d[y] < 0 {
					d[y] = d[x] + 1
					queue = append(queue, y)
				}
			}
		}
		b.dist[a] = d
	}
	var cards struct {
		Cards []CardKind `json:"cards"`
	}
	if err := json.Unmarshal(cardsJSON, &cards); err != nil {
		return nil, fmt.Errorf("funants: card data: %w", err)
	}
	b.kinds = cards.Cards
	b.cards = []string{""} // card ids start at 1
	for _, k := range cards.Cards {
		for range k.Copies {
			b.cards = append(b.cards, k.Code)
		}
	}
	if len(b.cards) != 41 {
		return nil, fmt.Errorf("funants: card data has %d cards, want 40", len(b.cards)-1)
	}
	return b, nil
}

func (b *board) cellIndex(id string) (int, bool) {
	i, ok := b.index[id]
	return i, ok
}

func (b *board) anthillIndex(id string) int {
	for i, h := range b.Anthills {
		if h.ID == id {
			return i
		}
	}
	return -1
}

// resource reports a cake or centre cell (FUN-AMB-12).
func (b *board) resource(c int) bool {
	k := b.Cells[c].Kind
	return k == KindCake || k == KindCentre
}

// forward lists the neighbours of an anthill cell farther from that anthill
// (the hiring push, FUN-HIRE-5, FUN-AMB-2).
func (b *board) forward(anthill, c int) []int {
	var out []int
	for _, y := range b.move[c] {
		if b.dist[anthill][y] > b.dist[anthill][c] {
			out = append(out, y)
		}
	}
	return out
}
