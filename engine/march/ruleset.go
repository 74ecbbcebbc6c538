package march

import (
	"fmt"
	"sync"
)

// RuleSet holds the numbers and switches in which the editions of March of
// the Ants differ. The shared core (Anthill, tunnels, occupation, battles,
// feeding) reads these instead of hard-coding one edition, so the Evolved
// edition becomes a second value plus the hooks it needs.
type RuleSet struct {
	ID          string
	Prefix      string // rule-ID prefix used in errors: "MOA1"
	Data        []byte // embedded component file
	CardText    string // message key prefix of card and tile texts, + effect id
	Rounds      int    // MOA1-OVR-2
	LongRounds  int    // MOA1-LONG-1
	ActionFood  int    // MOA1-WORKER-4
	MarchSteps  int    // MOA1-MARCH-1
	FeedPerFood int    // MOA1-QUEEN-6
	// EpicFeedPerFood: ants one food feeds in rounds 4 and 5 of the Epic
	// game (MOAE-EPIC-3)
	EpicFeedPerFood int
	DecreeFood      int  // MOA1-QUEEN-11
	DecreeLarvae    int  // MOA1-QUEEN-11
	DecreeTimes     int  // MOAE-QUEEN-8: the Queen's Choice is made twice (0 = once)
	SpecialLarvae   int  // MOA1-QUEEN-14
	StartLarvae     int  // MOA1-SETUP-4
	StartFood       int  // MOA1-SETUP-5
	StartCards      int  // MOA1-SETUP-6
	StartGTAnts     int  // MOA1-SETUP-4: ants in the GT at the start
	ForageDraw      int  // MOA1-FORAGE-1
	ForageDiscard   int  // MOAE-FORAGE-2: then discard this many from the whole hand
	LarvaeFirst     bool // MOA1-MARCH-3: larva steps before ant steps
	ThoraxSteps     bool // MOA1-CARD-12: +1 March step per thorax card
	// StarveDies: unfed ants die at once, no larva eats, and any unfed ant
	// costs the starvation penalty (MOAE-QUEEN-5, -6); the 1st edition
	// feeds hungry ants with larvae first (MOA1-QUEEN-8).
	StarveDies bool
	// InnerAnyCount: an inner-meadow tile scores by adjacency alone at every
	// player count (MOAE-SLUMBER-1), not by tunnel with 2 players (MOA1-2P-5).
	InnerAnyCount bool
	// MarchReactLarva: the March reaction may instead move a larva into
	// the Great Tunnel (MOAE-MARCH-3).
	MarchReactLarva bool
	MaxGoals        int // MOA1-CARD-20
	AwardCP         int // MOA1-END-2
	AwardTieCP      int // MOA1-END-3
	BodyCP          int // MOA1-CARD-15
	FoodTokens      int // MOA1-TOK-5
	Counters        int // centipede/wormhole markers, MOA1-DATA-8
	Tokens          int // per colour, MOA1-DATA-6
	// RestsToEnd returns how many distinct players must rest to end the
	// Worker phase (MOA1-REST-6, MOA1-5P-4); 0 means the 2-player final-turn
	// rule (MOA1-2P-4).
	RestsToEnd func(players int) int
	// NeighboursReact reports whether only the active player's two
	// neighbours may react (MOA1-5P-2; every count in the Evolved edition).
	NeighboursReact func(players int) bool

	// Beyond returns how many beyond-the-meadow tiles join the stack
	// (MOAE-SETUP-4); nil: the New Frontiers options (MOA1-NF-2).
	Beyond func(players int) int

	// Component layout of the data file.
	Tiles      int  // hexes / tiles, numbered 1..Tiles
	StartTiles int  // of which starting tiles
	ReverseGT  bool // the Great Tunnel has a 2-player reverse side (MOA1-2P-1)
	// TileKind checks the kind printed on tile num.
	TileKind func(num int, kind string) error
	// Check checks the rule set's own components after the shared ones.
	Check func(d *Data) error

	effects effects // the code behind every effect id the data may name
}

// Edition1 is March of the Ants, 1st edition (rule IDs MOA1-...).
func Edition1() *RuleSet {
	return &RuleSet{
		ID: "1e", Prefix: "MOA1", Data: components1e, CardText: "moa.card.",
		Rounds: 4, LongRounds: 5, ActionFood: 1, MarchSteps: 5, FeedPerFood: 4,
		DecreeFood: 2, DecreeLarvae: 5, SpecialLarvae: 4,
		StartLarvae: 5, StartFood: 2, StartCards: 2, StartGTAnts: 1, ForageDraw: 2, MaxGoals: 2,
		LarvaeFirst: true, ThoraxSteps: true,
		AwardCP: 3, AwardTieCP: 1, BodyCP: 3, FoodTokens: 30, Counters: 15, Tokens: 36,
		RestsToEnd: func(n int) int {
			switch {
			case n == 2:
				return 0
			case n >= 5:
				return 3
			}
			return 2
		},
		NeighboursReact: func(n int) bool { return n >= 5 },
		Tiles:           25, StartTiles: 8, ReverseGT: true,
		TileKind: func(num int, kind string) error {
			if (kind == "nf") != (num >= 21) {
				return fmt.Errorf("New Frontiers hexes are exactly 21-25 (MOA1-NF-1)")
			}
			return nil
		},
		effects: effects1e(),
	}
}

// ruleSet returns the rule set named id, built once: every new or decoded
// state binds one, and building its effect table cost a random game about
// 30 KB. States only read it.
func ruleSet(id string) *RuleSet {
	switch id {
	case "", "1e":
		return ruleSet1e()
	case "evolved":
		return ruleSetEvolved()
	}
	return nil
}

var (
	ruleSet1e      = sync.OnceValue(Edition1)
	ruleSetEvolved = sync.OnceValue(Evolved)
)
