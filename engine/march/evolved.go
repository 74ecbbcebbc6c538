package march

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
)

//go:embed components_evolved.json
var componentsEvolved []byte

// Evolved is March of the Ants, Evolved Edition (rule IDs MOAE-...): its
// numbers, component layout and card effects (effects_evolved.go),
// offered to players as the rule set "evolved" (Game.RuleSets).
func Evolved() *RuleSet {
	return &RuleSet{
		ID: "evolved", Prefix: "MOAE", Data: componentsEvolved, CardText: "moa.ecard.",
		Rounds: 4, LongRounds: 5, // MOAE-OVR-2, MOAE-EPIC-1
		ActionFood: 1, // MOAE-EXPL-1, MOAE-FORAGE-1, MOAE-MARCH-1
		MarchSteps: 6, // MOAE-MARCH-2
		// MOAE-QUEEN-4; the Queen's Choice (MOAE-QUEEN-8) is chosen twice
		FeedPerFood: 4, EpicFeedPerFood: 3, DecreeFood: 1, DecreeLarvae: 3, DecreeTimes: 2, StarveDies: true,
		InnerAnyCount: true,                                           // MOAE-SLUMBER-1
		StartLarvae:   4, StartFood: 2, StartCards: 3, StartGTAnts: 2, // MOAE-PSETUP-2, -4, -5
		ForageDraw: 3, ForageDiscard: 1, // MOAE-FORAGE-2
		MarchReactLarva: true,                      // MOAE-MARCH-3
		LarvaeFirst:     false, ThoraxSteps: false, // MOAE-MARCH-2, MOAE-EVO-6
		MaxGoals:   2,                            // MOAE-GOAL-3
		FoodTokens: 30, Tokens: 36, Counters: 12, // §1.2, MOAE-TOK-4
		// MOAE-REST-6: the phase ends with the last rest tile, not a count of resters
		RestsToEnd:      func(int) int { return -1 },
		NeighboursReact: func(int) bool { return true }, // MOAE-REACT-1
		Beyond: func(n int) int { // MOAE-SETUP-4
			if n >= 4 {
				return 3
			}
			return 2
		},
		Tiles: 28, StartTiles: 10,
		TileKind: evolvedTileKind,
		Check:    checkEvolved,
		effects:  effectsEvolved(),
	}
}

// evolvedTileKind: starting tiles 1–10, standard 11–23, beyond the meadow
// 24–28 (§1.2, MOAE-SETUP-3, MOAE-SETUP-4).
func evolvedTileKind(num int, kind string) error {
	want := "std"
	switch {
	case num <= 10:
		want = "start"
	case num >= 24:
		want = "beyond"
	}
	if kind != want {
		return fmt.Errorf("tile %d must be a %s tile, not %q (MOAE-SETUP-3, MOAE-SETUP-4)", num, want, kind)
	}
	return nil
}

// Settings are the values the Evolved rulebook showed as icons that did not
// survive in its text (Appendix A of the rules reference). Each is a named
// setting of the data file, never a literal in rule code.
type Settings struct {
	BodyCP          int `json:"body_cp"`           // MOAE-EVO-10: CP per complete ant body
	TileBattleCP    int `json:"tile_battle_cp"`    // MOAE-SPOILS-1: the tile battle winner's CP
	TrapHeadCP      int `json:"trap_head_cp"`      // MOAE-CL-13: Trap Head's extra reward
	CentipedeIconCP int `json:"centipede_icon_cp"` // MOAE-CENT-12: CP per unknown icon of a size-track reward
	StarvationCP    int `json:"starvation_cp"`     // MOAE-QUEEN-6: flat loss when any ant goes unfed
	AwardCP         int `json:"award_cp"`          // MOAE-END-2: each end-game award
	AwardTieCP      int `json:"award_tie_cp"`      // MOAE-END-2: each player tied for an award
	EggKeepersCP    int `json:"egg_keepers_cp"`    // MOAE-ANC-6: per extra ferocity card
	InnerMeadowCP   int `json:"inner_meadow_cp"`   // MOAE-SLUMBER-1: per controlled inner-meadow tile
	ShootingHeadMin int `json:"shooting_head_min"` // MOAE-CL-11: ants Shooting Head must remove at least
	ZeroFerocity    int `json:"zero_ferocity"`     // AMB-19: 0-ferocity cards in the deck (0: none exist)
}

// Gain is what a rest tile, reward tile or size-track section gives.
type Gain struct {
	Food   int `json:"food,omitempty"`
	Larvae int `json:"larvae,omitempty"`
	Cards  int `json:"cards,omitempty"`
	CP     int `json:"cp,omitempty"`
}

func (g Gain) valid() bool { return g.Food >= 0 && g.Larvae >= 0 && g.Cards >= 0 && g.CP >= 0 }

// RestTile is one of the 13 rest tiles (MOAE-REST-3, §15.3).
type RestTile struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	PL       string `json:"pl"`
	Defender bool   `json:"defender,omitempty"` // the Great Defender (MOAE-REST-8)
	// When it acts: "now" (immediate effect) or the phase of this round in
	// which its other effect applies.
	When     Phase  `json:"when"`
	Gain     Gain   `json:"gain,omitzero"`
	Cost     Gain   `json:"cost,omitzero"`      // paid on taking it (none if unaffordable: no gain)
	Strength int    `json:"strength,omitempty"` // + strength in every battle of the round
	Prevent  int    `json:"prevent,omitempty"`  // losses prevented in the round
	Feed     int    `json:"feed,omitempty"`     // ants fed without food in the Queen phase
	CPPer    string `json:"cp_per,omitempty"`   // Slumber: 1 CP per counted thing...
	Max      int    `json:"max,omitempty"`      // ...up to Max
}

// RewardTile gives the spoils of a Great Tunnel battle (MOAE-GT-9, §15.5).
type RewardTile struct {
	ID     int     `json:"id"`
	Level  string  `json:"level"`  // "I-II" (rounds 1-2) or "III+" (rounds 3-5)
	Places [3]Gain `json:"places"` // 1st, 2nd and 3rd place
}

// CentiTrack is the centipede size track (MOAE-CENT-1..3, -17, §15.4).
type CentiTrack struct {
	Spaces []struct {
		Strength int   `json:"strength"`        // base strength of every centipede
		Section  int   `json:"section"`         // index into Sections
		Start    []int `json:"start,omitempty"` // player counts starting here
	} `json:"spaces"`
	Sections []Gain `json:"sections"` // reward for defeating a centipede
	Bottom   string `json:"bottom"`   // at the last space: "stay" (the rules give none)
}

// Start is the space the size marker starts on with n players.
func (c *CentiTrack) Start(n int) int {
	for i, sp := range c.Spaces {
		if slices.Contains(sp.Start, n) {
			return i
		}
	}
	return -1
}

// knownMeasure reports whether a Colony Goal's tiers may count m.
func knownMeasure(m string) bool {
	switch m {
	case "card_sites", "tunnel_path", "wormhole_tiles", "food", "larvae", "evolutions", "controlled_tiles",
		"meadow_ants", "far_tiles", "outer_tiles", "larva_sites", "food_sites", "gt_ants", "inner_tiles":
		return true
	}
	return false
}

// checkEvolved checks the Evolved components against every constraint the
// rules imply (§15 of the rules reference).
func checkEvolved(d *Data) error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if d.Settings == nil {
		return errors.New("no settings for the missing icon values (Appendix A)")
	}
	st := d.Settings
	errs = append(errs, checkSpecies(d)...) // MOAE-ANC-1, -3, -5
	for name, v := range map[string]int{"body_cp": st.BodyCP, "tile_battle_cp": st.TileBattleCP, "trap_head_cp": st.TrapHeadCP,
		"centipede_icon_cp": st.CentipedeIconCP, "starvation_cp": st.StarvationCP, "award_cp": st.AwardCP,
		"award_tie_cp": st.AwardTieCP, "egg_keepers_cp": st.EggKeepersCP, "inner_meadow_cp": st.InnerMeadowCP,
		"shooting_head_min": st.ShootingHeadMin} {
		if v < 1 {
			bad("setting %s must be at least 1, got %d", name, v)
		}
	}
	// §15.1: tiles
	centi, kinds := 0, map[string]bool{}
	for i := range d.Hexes {
		h := &d.Hexes[i]
		if (h.Kind == "beyond") != (h.Effect != "") {
			bad("tile %d: exactly the beyond-the-meadow tiles have a printed effect (MOAE-CL-26)", h.Num)
		}
		if h.Worm && h.Centi {
			bad("tile %d: at most 1 wormhole and 1 centipede feature (MOAE-CL-2)", h.Num)
		}
		if h.Centi {
			centi++
		}
		for _, s := range h.Sites {
			kinds[s.Res] = true
		}
	}
	if !kinds[ResCard] || !kinds[ResCP] {
		bad("tiles with card sites and with CP sites must exist (MOAE-QUEEN-2, MOAE-CL-23)")
	}
	// §15.6: cards
	ferOne := false
	for i := range d.Cards {
		c := &d.Cards[i]
		switch c.Pay {
		case "any", "ants", "larvae": // MOAE-PLAY-2
		default:
			bad("card %d: cost type %q, want any, ants or larvae (MOAE-PLAY-2)", c.ID, c.Pay)
		}
		if c.Cost < 1 { // MOAE-PLAY-5
			bad("card %d: cost %d, printed costs are at least 1 (MOAE-PLAY-5)", c.ID, c.Cost)
		}
		if c.Fer < 0 || (c.Fer == 0 && st.ZeroFerocity == 0) {
			bad("card %d: ferocity %d (AMB-19: zero_ferocity is 0)", c.ID, c.Fer)
		}
		ferOne = ferOne || c.Fer == 1
		if c.Type == TypeGoal {
			if !knownMeasure(c.Counts) {
				bad("goal %d: unknown measure %q", c.ID, c.Counts)
			}
			switch c.Bonus {
			case "food", "larvae", "cards", "larva_gt":
			case "step", "wormhole": // the code moves one ant, places one wormhole
				if a := d.Amounts[c.Effect]; len(a) < 1 || a[0] != 1 {
					bad("goal %d: a %s bonus has the amount 1, got %v", c.ID, c.Bonus, a)
				}
			default:
				bad("goal %d: unknown bonus %q (MOAE-GOAL-1)", c.ID, c.Bonus)
			}
			if len(c.Tiers) != 3 || c.Tiers[0] < 1 || c.Tiers[0] >= c.Tiers[1] || c.Tiers[1] >= c.Tiers[2] {
				bad("goal %d: tiers %v, want 3 rising thresholds for 1, 2 and 3 CP (MOAE-GOAL-2)", c.ID, c.Tiers)
			}
		}
	}
	if !ferOne {
		bad("no card with ferocity 1: the Unpredictable Enemy could never trigger (MOAE-CENT-9)")
	}
	// §15.3: rest tiles
	if len(d.Rest) != 13 {
		bad("want 13 rest tiles, got %d (§1.2)", len(d.Rest))
	}
	defenders := 0
	for _, r := range d.Rest {
		if r.Defender {
			defenders++
		}
		switch r.When {
		case "now", PhaseSoldier, PhaseQueen, PhaseSlumber:
		default:
			bad("rest tile %s: acts %q", r.ID, r.When)
		}
		if !r.Gain.valid() || !r.Cost.valid() {
			bad("rest tile %s: negative amounts", r.ID)
		}
	}
	if defenders != 1 {
		bad("want exactly 1 Great Defender rest tile, got %d (MOAE-REST-8)", defenders)
	}
	// §15.5: reward tiles
	levels := map[string]int{}
	for _, w := range d.Rewards {
		levels[w.Level]++
		for _, g := range w.Places {
			if !g.valid() { // MOAE-SPOILS-2: payable to a player with no ants left
				bad("reward tile %d: negative spoils", w.ID)
			}
		}
	}
	// MOAE-SETUP-7 needs 2 "I-II" and 2 "III+"; the Epic game one more "III+" (MOAE-EPIC-2)
	if len(d.Rewards) != 6 || levels["I-II"] < 2 || levels["III+"] < 3 || levels["I-II"]+levels["III+"] != 6 {
		bad("want 6 reward tiles, at least 2 \"I-II\" and 3 \"III+\", got %v (MOAE-SETUP-7, MOAE-EPIC-2)", levels)
	}
	// §15.4: centipede size track
	tr := d.Centipede
	if tr == nil || len(tr.Spaces) == 0 {
		bad("no centipede size track (MOAE-CENT-1)")
		return errors.Join(errs...)
	}
	for i, sp := range tr.Spaces {
		if sp.Section < 0 || sp.Section >= len(tr.Sections) {
			bad("size track space %d: no section %d", i, sp.Section)
			continue
		}
		if i > 0 { // MOAE-CENT-3: lower spaces, bigger centipedes and better rewards
			prev := tr.Spaces[i-1]
			if sp.Strength < prev.Strength || sp.Section < prev.Section || sp.Section > prev.Section+1 {
				bad("size track space %d: strength and sections must grow down the track (MOAE-CENT-3)", i)
			}
		}
	}
	for n := 2; n <= 5; n++ { // MOAE-CENT-17
		at := tr.Start(n)
		if at < 0 {
			bad("no size track start for %d players (MOAE-CENT-17)", n)
			continue
		}
		// every centipede tile may be placed (MOAE-CENT-2) and then one more effect
		if len(tr.Spaces)-1-at < centi+1 {
			bad("size track too short for %d players: %d spaces below the start, %d centipede tiles (§15.4)", n, len(tr.Spaces)-1-at, centi)
		}
	}
	for i, g := range tr.Sections {
		if !g.valid() || g == (Gain{}) {
			bad("size track section %d: no reward (MOAE-CENT-3)", i)
		}
	}
	if tr.Bottom != "stay" {
		bad("size track bottom rule %q, want stay", tr.Bottom)
	}
	errs = append(errs, checkRise(d))
	return errors.Join(errs...)
}
