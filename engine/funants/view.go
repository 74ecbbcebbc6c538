package funants

import (
	"slices"

	"formica/engine"
)

// View is what one seat may see. Other players' hands appear as counts only,
// the deck as a count (FUN-SETUP-6, §16.2).
type View struct {
	Seat     int           `json:"seat"` // -1: spectator
	Scenario string        `json:"scenario"`
	Active   int           `json:"active"`
	Turn     int           `json:"turn"`
	Mode     string        `json:"mode"`  // "", "hire" or "move" this turn
	Phase    string        `json:"phase"` // turn, battle, order, over
	Players  []PlayerView  `json:"players"`
	Cells    []CellView    `json:"cells"`
	Edges    []EdgeView    `json:"edges"`
	Anthills []AnthillView `json:"anthills"`
	Hand     []CardView    `json:"hand,omitempty"` // the viewer's own cards
	InPlay   []InPlayView  `json:"in_play,omitempty"`
	Discard  []string      `json:"discard"` // card codes, oldest first
	DeckSize int           `json:"deck_size"`
	Battle   *BattleView   `json:"battle,omitempty"`
	Winners  []int         `json:"winners,omitempty"`
}

// PlayerView is one player's public state.
type PlayerView struct {
	Seat      int      `json:"seat"`
	Anthill   string   `json:"anthill"`
	Team      int      `json:"team"`
	Tokens    int      `json:"tokens"` // cakes
	HandSize  int      `json:"hand_size"`
	Levels    []Level  `json:"levels"`
	Captured  []Level  `json:"captured"`
	Workers   int      `json:"workers"`  // off the board
	Soldiers  int      `json:"soldiers"` // off the board
	Entrances []string `json:"entrances"`
}

// CellView is one cell with what lies on it.
type CellView struct {
	ID        string    `json:"id"`
	X         int       `json:"x"`
	Y         int       `json:"y"`
	Kind      string    `json:"kind"`
	Anthill   string    `json:"anthill,omitempty"` // the anthill it touches
	Token     bool      `json:"token"`
	Ants      []AntView `json:"ants"`
	Entrances []int     `json:"entrances"` // owner seats
	Ambush    []int     `json:"ambush"`    // owner seats
}

// AntView is one ant.
type AntView struct {
	Owner int    `json:"owner"`
	Kind  string `json:"kind"`
	Moved bool   `json:"moved"`
	Rage  int    `json:"rage"`
}

// EdgeView joins two cells; Ring marks the movement-only links between the
// three cells of one anthill (FUN-BOARD-3).
type EdgeView struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Ring bool   `json:"ring"`
}

// AnthillView is one anthill picture with its owner (-1: unused).
type AnthillView struct {
	ID    string   `json:"id"`
	X     int      `json:"x"`
	Y     int      `json:"y"`
	Owner int      `json:"owner"`
	Cells []string `json:"cells"`
}

// CardView is a card in the viewer's hand; ID is its private token.
type CardView struct {
	ID   string `json:"id"`
	Code string `json:"code"`
}

// InPlayView is a delayed card lying face up.
type InPlayView struct {
	Code  string `json:"code"`
	Owner int    `json:"owner"`
	Cell  string `json:"cell,omitempty"`
}

// BattleView is the battle being fought.
type BattleView struct {
	A      int     `json:"a"`
	CellA  string  `json:"cell_a"`
	B      int     `json:"b"`
	CellB  string  `json:"cell_b"`
	Passed [2]bool `json:"passed"`
}

func (g *state) View(seat engine.Seat) any {
	v := View{Seat: int(seat), Scenario: g.Scenario, Active: g.Active, Turn: g.Turn, Mode: g.Mode,
		DeckSize: len(g.Deck), Winners: slices.Clone(g.Winners), Discard: []string{}}
	switch pend := g.Pending(); {
	case g.Winners != nil:
		v.Phase = "over"
	default:
		v.Phase = pend[0].Kind
	}
	for i, p := range g.Players {
		pv := PlayerView{Seat: i, Anthill: g.b.Anthills[p.Anthill].ID, Team: p.Team, Tokens: p.Tokens,
			HandSize: len(p.Hand), Levels: nonNil(p.Levels), Captured: nonNil(p.Captured),
			Workers: g.supply(i, Worker), Soldiers: g.supply(i, Soldier), Entrances: []string{}}
		for _, c := range p.Entrances {
			pv.Entrances = append(pv.Entrances, g.b.Cells[c].ID)
		}
		v.Players = append(v.Players, pv)
	}
	for c, cell := range g.b.Cells {
		cv := CellView{ID: cell.ID, X: cell.X, Y: cell.Y, Kind: cell.Kind, Token: g.Token[c],
			Ants: []AntView{}, Entrances: []int{}, Ambush: []int{}}
		if h := g.b.home[c]; h >= 0 {
			cv.Anthill = g.b.Anthills[h].ID
		}
		for _, a := range g.Ants {
			if a.Cell == c {
				cv.Ants = append(cv.Ants, AntView{Owner: a.Owner, Kind: a.Kind, Moved: a.Moved, Rage: a.Rage})
			}
		}
		for q, p := range g.Players {
			if slices.Contains(p.Entrances, c) {
				cv.Entrances = append(cv.Entrances, q)
			}
		}
		for _, ip := range g.InPlay {
			if ip.Cell == c {
				cv.Ambush = append(cv.Ambush, ip.Owner)
			}
		}
		v.Cells = append(v.Cells, cv)
	}
	for x, ys := range g.b.move {
		for _, y := range ys {
			if x < y {
				v.Edges = append(v.Edges, EdgeView{A: g.b.Cells[x].ID, B: g.b.Cells[y].ID,
					Ring: g.b.home[x] >= 0 && g.b.home[x] == g.b.home[y]})
			}
		}
	}
	for a, h := range g.b.Anthills {
		v.Anthills = append(v.Anthills, AnthillView{ID: h.ID, X: h.X, Y: h.Y, Owner: g.owner(a), Cells: h.Cells[:]})
	}
	if s := int(seat); s >= 0 && s < len(g.Players) {
		for _, id := range g.Players[s].Hand {
			v.Hand = append(v.Hand, CardView{ID: cardToken(id), Code: g.b.cards[id]})
		}
	}
	for _, ip := range g.InPlay {
		iv := InPlayView{Code: g.b.cards[ip.Card], Owner: ip.Owner}
		if ip.Cell >= 0 {
			iv.Cell = g.b.Cells[ip.Cell].ID
		}
		v.InPlay = append(v.InPlay, iv)
	}
	for _, id := range g.Discard {
		v.Discard = append(v.Discard, g.b.cards[id])
	}
	if f := g.Fight; f != nil {
		v.Battle = &BattleView{A: f.A, CellA: g.b.Cells[f.CellA].ID, B: f.B, CellB: g.b.Cells[f.CellB].ID, Passed: f.Passed}
	}
	return v
}

func nonNil(l []Level) []Level {
	if l == nil {
		return []Level{}
	}
	return slices.Clone(l)
}
