package micropolis

// View is what one seat sees. Micropolis has no private information except
// the order of the face-down stack (MIC-SETUP-4), which no view carries, so
// every seat and spectators get the same view. Renderers type-assert
// State.View's result to View.
//
// Labels match what players type: row positions 1..7, ring slots 0..9,
// anthills "a" and "b" (only "a" in the classic game), seats "p1".."p6".
type View struct {
	Variant     string `json:"variant"`      // "classic" or "twohills"
	Round       int    `json:"round"`        // current round, from 1
	Rounds      int    `json:"rounds"`       // rounds in the game: 10 (classic) or 20 (twohills)
	Phase       string `json:"phase"`        // "turn", "general" (the general picks a successor) or "over"
	Current     int    `json:"current"`      // seat that must answer now; -1 when the game is over
	General     int    `json:"general"`      // seat holding the general token
	GeneralHill int    `json:"general_hill"` // index of the anthill the token sits at (always 0 in classic)

	Row             []RowTile `json:"row"`              // the face-up row, position 1 first
	Stack           int       `json:"stack"`            // tiles left in the face-down stack (count only)
	Supply          int       `json:"supply"`           // soldiers in the supply
	ArchitectSupply int       `json:"architect_supply"` // architect tokens in the supply (0..2)

	Players []PlayerView `json:"players"` // indexed by seat

	// Contenders lists who may receive the general token while the general
	// chooses (phase "general").
	Contenders []Candidate `json:"contenders,omitempty"`
	// Last describes the turn just played, for highlighting.
	Last *LastTurn `json:"last,omitempty"`
	// Final holds the scores once the game is over.
	Final *Final `json:"final,omitempty"`
}

// RowTile is one face-up tile in the row with the soldiers lying on it.
type RowTile struct {
	Pos      int  `json:"pos"`      // 1..7; position 1 is free to take
	Cost     int  `json:"cost"`     // soldiers to pay to take it: Pos-1
	Soldiers int  `json:"soldiers"` // soldiers lying on it, collected by whoever takes it
	Tile     Tile `json:"tile"`
}

// PlayerView is one player's side of the table.
type PlayerView struct {
	Seat       int        `json:"seat"`
	Architects int        `json:"architects"` // architect tokens held
	Army       int        `json:"army"`       // soldiers on all the player's bases
	General    bool       `json:"general"`    // holds the general token
	Hills      []HillView `json:"hills"`      // one anthill (classic) or two (twohills)
}

// HillView is one anthill: a base with its army and a ring of 10 slots.
type HillView struct {
	Label    string       `json:"label"`    // "a" or "b"
	Army     int          `json:"army"`     // soldiers on this base (0..10)
	General  bool         `json:"general"`  // the general token sits at this anthill
	Tiles    int          `json:"tiles"`    // tiles placed (0..10)
	Complete bool         `json:"complete"` // all 10 slots filled
	Open     []int        `json:"open"`     // slots where the next tile may go
	Garrison int          `json:"garrison"` // soldiers in all its barracks
	Slots    []SlotView   `json:"slots"`    // always 10, index = slot number; slot i touches i-1 and i+1 (mod 10)
	Tunnels  []TunnelView `json:"tunnels"`  // tunnels as they stand now
}

// SlotView is one ring slot. Slot i's right edge meets slot i+1's left edge.
type SlotView struct {
	Slot     int   `json:"slot"`
	Tile     *Tile `json:"tile,omitempty"`     // nil while empty
	Order    int   `json:"order,omitempty"`    // 1 for the first tile placed in this anthill, ...
	Barracks int   `json:"barracks,omitempty"` // barracks size on the tile (0 none)
	Garrison int   `json:"garrison,omitempty"` // soldiers in that barracks: 0 or Barracks
	// Tunnels gives, for each segment of Tile (same index), the index of the
	// tunnel in HillView.Tunnels it belongs to.
	Tunnels []int `json:"tunnels,omitempty"`
}

// TunnelView is a maximal set of joined gallery segments (MIC-SCORE-0).
type TunnelView struct {
	Ants   int      `json:"ants"`   // workers + masters
	Queens int      `json:"queens"` // queens in it
	Fruits []string `json:"fruits"` // distinct real fruit kinds
	Gifts  int      `json:"gifts"`
	Kinds  int      `json:"kinds"` // min(6, distinct fruits + gifts), scored by Harvest
	Slots  []int    `json:"slots"` // slots of the tiles it occupies
}

// Candidate is an anthill that may receive the general token.
type Candidate struct {
	Seat int    `json:"seat"`
	Hill string `json:"hill"` // "a" or "b"
	Army int    `json:"army"`
}

// LastTurn is the turn just played.
type LastTurn struct {
	Seat      int  `json:"seat"`
	Tile      int  `json:"tile"`      // tile id
	Pos       int  `json:"pos"`       // row position it was taken from
	Hill      int  `json:"hill"`      // anthill index
	Slot      int  `json:"slot"`      // ring slot
	Paid      int  `json:"paid"`      // soldiers put on earlier tiles
	Collected int  `json:"collected"` // soldiers picked up from the tile (before the cap)
	Architect bool `json:"architect"` // an architect token was used
}

// Final is the end-of-game score pad.
type Final struct {
	Scores []FinalScore `json:"scores"` // indexed by seat
}

// FinalScore is one player's score pad column.
type FinalScore struct {
	Seat   int          `json:"seat"`
	Rank   int          `json:"rank"`   // 1 = winner; tied players share a rank
	Winner bool         `json:"winner"` // rank 1
	Total  Categories   `json:"total"`  // the player's sum over anthills
	Hills  []Categories `json:"hills"`  // each anthill scored separately
	// Armies are the player's anthill armies, largest first: the tie-break.
	Armies []int `json:"armies"`
}

// Categories is one score pad column: the six categories and their sum.
type Categories struct {
	Population int `json:"population"`
	Colony     int `json:"colony"`
	Harvest    int `json:"harvest"`
	Royal      int `json:"royal"`
	Army       int `json:"army"`
	Barracks   int `json:"barracks"`
	Sum        int `json:"sum"`
}
