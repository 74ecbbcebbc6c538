package march

import (
	"fmt"

	"formica/engine"
)

// Ancient Species of the Evolved edition (MOAE-ANC-1..9). The species
// sheets are not in the rulebook's text: what it states is built as stated
// (the unique action once per Worker phase with global reactions, the
// reminder marker, Egg Keepers' reaction and ferocity loss, Expansion,
// the Visionary Queen's goals and extra cost, the Chaos Dancers' steps
// before the card); the rest of each sheet, and the fifth species, are our
// design, with every number in components_evolved.json ("species").

// Species is one nest sheet's Ancient Species side (§15.7).
type Species struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	PL     string `json:"pl"`
	Action string `json:"action"` // the unique action's code, as players type it
	Cost   Gain   `json:"cost"`   // paid before the action (MOAE-ANC-3, AMB-34)
	Gain   Gain   `json:"gain,omitzero"`
	// Horizon Explorers: tiles Expansion may place (MOAE-ANC-7)
	Tiles int `json:"tiles,omitempty"`
	// Handicaps (MOAE-ANC-5): March steps fewer, ants one food feeds fewer,
	// the Visionary Queen's extra Evolution cost (AMB-27), no Rest while
	// holding food or cards; Egg Keepers lose egg_keepers_cp per ferocity
	// card (a setting: the rulebook's missing icon, MOAE-ANC-6)
	MarchLess    int  `json:"march_less,omitempty"`
	FeedLess     int  `json:"feed_less,omitempty"`
	EvoExtra     int  `json:"evo_extra,omitempty"`
	RestHolding  bool `json:"no_rest_holding,omitempty"`
	FerocityLoss bool `json:"ferocity_loss,omitempty"`
	// Slumber scoring (MOAE-ANC-5): CP per tile beyond the meadow occupied;
	// CP per PantryFood food in the pantry, at most PantryMax
	BeyondCP   int `json:"beyond_cp,omitempty"`
	PantryFood int `json:"pantry_food,omitempty"`
	PantryCP   int `json:"pantry_cp,omitempty"`
	PantryMax  int `json:"pantry_max,omitempty"`
	// the global reaction's trade (Fungus Farmers): pay ReactCost, gain ReactGain
	ReactCost Gain `json:"react_cost,omitzero"`
	ReactGain Gain `json:"react_gain,omitzero"`
}

// The unique actions; each is also its reaction window's kind.
const (
	actBrood     = "brood"     // Egg Keepers
	actExpansion = "expansion" // Horizon Explorers (ekspansja)
	actVision    = "vision"    // Visionary Queen
	actChaos     = "chaos"     // Chaos Dancers
	actCultivate = "cultivate" // Fungus Farmers (our design)
)

func ancientAction(a string) bool {
	switch a {
	case actBrood, actExpansion, actVision, actChaos, actCultivate:
		return true
	}
	return false
}

// Explore tasks of an Expansion: the first tile, then the optional second.
const (
	subExpand1 = "x1"
	subExpand2 = "x2"
	// kAncient asks the Horizon Explorers whether to place the second tile.
	kAncient TaskKind = "expansion"
)

// checkSpecies: 5 nest sheets (MOAE-ANC-1), one species each with one of
// the unique actions, a cost, and at least one handicap (MOAE-ANC-5).
func checkSpecies(d *Data) []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if d.Species == nil {
		return nil // a data file without the species: species=on is refused at setup
	}
	if len(d.Species) != 5 {
		bad("want 5 Ancient Species, one per nest sheet, got %d (MOAE-ANC-1)", len(d.Species))
	}
	seen := map[string]bool{}
	for _, sp := range d.Species {
		if seen[sp.ID] || seen[sp.Action] || !ancientAction(sp.Action) {
			bad("species %q: repeated, or unknown unique action %q (MOAE-ANC-3)", sp.ID, sp.Action)
		}
		seen[sp.ID], seen[sp.Action] = true, true
		if !sp.Cost.valid() || !sp.Gain.valid() || !sp.ReactCost.valid() || !sp.ReactGain.valid() || sp.Cost == (Gain{}) {
			bad("species %q: the unique action needs a cost, and no amount may be negative (MOAE-ANC-3)", sp.ID)
		}
		ferocity := sp.FerocityLoss && d.Settings != nil && d.Settings.EggKeepersCP > 0
		if sp.MarchLess <= 0 && sp.FeedLess <= 0 && sp.EvoExtra <= 0 && !sp.RestHolding && !ferocity {
			bad("species %q has no handicap (MOAE-ANC-5)", sp.ID)
		}
		if sp.Action == actExpansion && sp.Tiles != 2 {
			bad("species %q: Expansion places up to 2 tiles (MOAE-ANC-7)", sp.ID)
		}
		if sp.PantryCP > 0 && (sp.PantryFood <= 0 || sp.PantryMax <= 0) {
			bad("species %q: pantry scoring needs food per CP and a maximum", sp.ID)
		}
	}
	return errs
}

// ancient is seat's Ancient Species, or nil.
func (s *State) ancient(seat int) *Species {
	if !s.evolved() || seat < 0 || seat >= len(s.Players) || s.Players[seat].Species == "" {
		return nil
	}
	for i := range s.data.Species {
		if s.data.Species[i].ID == s.Players[seat].Species {
			return &s.data.Species[i]
		}
	}
	return nil
}

// dealSpecies deals each player a random nest sheet, played on its
// Ancient Species side (MOAE-ANC-1).
func (s *State) dealSpecies() {
	ids := make([]string, len(s.data.Species))
	for i, sp := range s.data.Species {
		ids[i] = sp.ID
	}
	s.RNG.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	for p := 0; p < s.N && p < len(ids); p++ {
		s.player(p).Species = ids[p]
		s.emit("moa.ancient", "seat", seatArg(p), "species", ids[p])
	}
}

// placeMarkers puts each species' strength marker on its unique action's
// circular space at the start of the Worker phase (MOAE-ANC-4).
func (s *State) placeMarkers() {
	for p := range s.Players {
		s.player(p).Marker = s.ancient(p) != nil
	}
}

// returnMarkers: at the start of the Soldier phase every marker goes back
// to the strength track (MOAE-ANC-4).
func (s *State) returnMarkers() {
	for p := range s.Players {
		s.player(p).Marker = false
	}
}

func (s *State) canPay(seat int, g Gain) bool {
	p := &s.Players[seat]
	return p.Food >= g.Food && p.Larvae >= g.Larvae && len(p.Hand) >= g.Cards && p.CP >= g.CP
}

// payGain pays food and larvae to the supply (cards and CP never appear as a cost).
func (s *State) payGain(seat int, g Gain) {
	s.spendFood(seat, g.Food)
	p := s.player(seat)
	p.Larvae -= g.Larvae
	p.Supply += g.Larvae
}

// ancientActions lists seat's unique action when its marker is on the
// circular space and the cost and the action are possible (MOAE-ANC-3, -4).
func (s *State) ancientActions(seat int) []string {
	sp := s.ancient(seat)
	if sp == nil || !s.Players[seat].Marker || !s.canPay(seat, sp.Cost) {
		return nil
	}
	ok := true
	switch sp.Action {
	case actExpansion:
		ok = s.canExplore(seat)
	case actVision:
		ok = len(s.visionGoals(seat, sp)) > 0
	case actChaos:
		ok = len(s.Deck)+len(s.Discard) > 0
	}
	if !ok {
		return nil
	}
	return []string{sp.Action}
}

// visionGoals: Colony Goals in hand the Visionary Queen can pay for after
// the action's own cost.
func (s *State) visionGoals(seat int, sp *Species) []int {
	var out []int
	p := &s.Players[seat]
	for _, id := range p.Hand {
		c := s.data.Card(id)
		if c.Type != TypeGoal || !s.cardPlayable(seat, id) {
			continue
		}
		have := 0
		if c.Pay != "ants" { // MOAE-PLAY-2
			have += p.Larvae - sp.Cost.Larvae
		}
		if c.Pay != "larvae" {
			have += s.antsInAnthill(seat)
		}
		if have >= s.cardCost(seat, id) {
			out = append(out, id)
		}
	}
	return out
}

// ancientNode walks the unique action's answer after its code: the
// Visionary Queen names a Colony Goal and its payment; the others need
// nothing more.
func (s *State) ancientNode(seat int, path []string) (engine.Step, string) {
	sp := s.ancient(seat)
	if sp == nil || sp.Action != actVision {
		return done("moa.step.action"), "MOAE-ANC-3"
	}
	if len(path) == 0 {
		var cs []string
		for _, id := range s.visionGoals(seat, sp) {
			cs = append(cs, cardCode(id))
		}
		return step("moa.step.card", false, cs...), "MOAE-ANC-8"
	}
	id := parseCardCode(path[0])
	if len(path)-1 < s.cardCost(seat, id) {
		return s.payNode(seat, id, path[1:], ""), "MOAE-ANC-8"
	}
	return done("moa.step.pay"), "MOAE-ANC-8" // no goal is replaced (MOAE-ANC-8)
}

// ancientAnswer pays the cost, returns the marker and resolves the unique
// action; its global reaction runs after the action (MOAE-ANC-3).
func (s *State) ancientAnswer(seat int, path []string) {
	sp := s.ancient(seat)
	s.payGain(seat, sp.Cost)
	s.player(seat).Marker = false // MOAE-ANC-4
	switch sp.Action {
	case actBrood:
		s.afterAction(seat, actBrood)
		s.gain(seat, sp.Gain, "species")
	case actExpansion:
		s.afterAction(seat, actExpansion)
		s.startExplore(seat, subExpand1, -1)
	case actVision:
		id := parseCardCode(path[1])
		s.payCost(seat, id, path[2:])
		s.emit("moa.played", "seat", seatArg(seat), "card", cardCode(id), "name", s.data.Card(id).Name)
		s.afterAction(seat, actVision)
		s.playCard(seat, id, nil) // beside the goals already in play (MOAE-ANC-8)
	case actChaos:
		s.afterAction(seat, actChaos)
		s.danceEvent(seat, true) // steps first, then the card (MOAE-ANC-9)
	case actCultivate:
		s.afterAction(seat, actCultivate)
		s.gain(seat, sp.Gain, "species")
	}
}

// globalReaction: a unique action's reaction is open to all other players,
// clockwise from the active player (MOAE-ANC-3).
func globalReaction(sub string) bool { return ancientAction(sub) }

// ancientReactNode is the global reaction to each unique action. Those of
// Expansion, the Visionary Queen and the Chaos Dancers are the reactions of
// the actions they are made of (Explore, Play a Card, the 1st edition's
// Dance); Egg Keepers' is stated (MOAE-ANC-6); the Farmers' is ours.
func (s *State) ancientReactNode(t *Task, seat int, path []string) engine.Step {
	switch t.React.Action {
	case actBrood: // each plays an Evolution, paying its cost (MOAE-ANC-6)
		return s.evolutionReactionNode(seat, path)
	case actCultivate:
		if len(path) == 0 {
			if sp := s.ancient(t.Seat); sp != nil && s.canPay(seat, sp.ReactCost) {
				return step("moa.step.reaction", false, "pass", "take")
			}
			return step("moa.step.reaction", false, "pass")
		}
		return done("moa.step.reaction")
	}
	return done("moa.step.reaction")
}

// ancientReact resolves one global reaction (not Expansion's, Vision's or
// Chaos's, which reuse their actions' reactions).
func (s *State) ancientReact(t *Task, seat int, path []string) {
	switch t.React.Action {
	case actBrood:
		id := parseCardCode(path[0])
		// the Egg Keepers choose one of the played Evolutions: the dearest,
		// as more larvae never hurt them (MOAE-ANC-6)
		t.React.Larvae = max(t.React.Larvae, s.cardCost(seat, id))
		s.payCost(seat, id, path[1:])
		s.placeEvolution(seat, id, true)
	case actCultivate:
		sp := s.ancient(t.Seat)
		s.payGain(seat, sp.ReactCost)
		s.gain(seat, sp.ReactGain, "species")
	}
}

// expansionNode asks for Expansion's second tile (MOAE-ANC-7).
func (s *State) expansionNode(t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return step("moa.step.expansion", false, "tile", "done")
	}
	return done("moa.step.expansion")
}

func (s *State) expansionAnswer(t *Task, seat int, path []string) {
	from := t.Hex
	s.pop()
	if path[0] == "tile" {
		s.startExplore(seat, subExpand2, from)
	}
}

// offerSecondTile queues the question of Expansion's second tile, asked
// once the first tile and its effects are settled (runExpansion).
func (s *State) offerSecondTile(seat, from int) {
	s.push(Task{K: kAncient, Seat: seat, Hex: from})
}

// runExpansion: Expansion may place a second tile, joined to the same tile
// as the first, with at least 1 ant moved onto it (MOAE-ANC-7). We offer it
// while the player still has an ant on that tile and the tile an open side
// on empty space; it reports whether the question waits for the player.
func (s *State) runExpansion(t *Task) bool {
	from := s.tile(t.Hex)
	if from == nil || len(s.Stack) == 0 || from.ants(t.Seat) == 0 || !s.canLeave(t.Seat, from) || s.openEmpty(from) == 0 {
		s.pop()
		return false
	}
	return true
}

// afterExploreOnce: abilities after exploring work on one tile only
// (MOAE-ANC-7): the first of an Expansion.
func afterExploreOnce(sub string) bool { return sub != subExpand2 }

// ferocityLoss: the Egg Keepers lose CP for every card they play for
// ferocity, not in Great Tunnel battles (MOAE-ANC-6).
func (s *State) ferocityLoss(t *Task, seat, cards int) {
	sp := s.ancient(seat)
	if sp == nil || !sp.FerocityLoss || t.Fight.Kind == "gt" || cards == 0 {
		return
	}
	s.addCP(seat, -cards*s.data.Settings.EggKeepersCP, "species")
}

// restBarred: the Chaos Dancers (like the 1st edition's Rabid Ant) may not
// Rest while holding food or cards (MOAE-ANC-5, our design).
func (s *State) restBarred(seat int) bool {
	p := &s.Players[seat]
	barred := p.Species == "rabid"
	if sp := s.ancient(seat); sp != nil {
		barred = sp.RestHolding
	}
	return barred && (p.Food > 0 || len(p.Hand) > 0)
}

// marchLess, feedLess and evoExtra are the species' handicaps on March
// steps, ants fed per food and the cost of a further Evolution in a segment
// (MOAE-ANC-5, MOAE-ANC-8, AMB-27).
func (s *State) marchLess(seat int) int {
	if sp := s.ancient(seat); sp != nil {
		return sp.MarchLess
	}
	return 0
}

func (s *State) feedLess(seat int) int {
	if sp := s.ancient(seat); sp != nil {
		return sp.FeedLess
	}
	return 0
}

func (s *State) evoExtra(seat, id int) int {
	sp := s.ancient(seat)
	if sp == nil || sp.EvoExtra == 0 {
		return 0
	}
	c := s.data.Card(id)
	if c.Type != TypeEvo || len(s.Players[seat].Evo[c.SegIndex()]) == 0 {
		return 0
	}
	return sp.EvoExtra
}

// speciesCP is what the species' Slumber conditions score seat now
// (MOAE-ANC-5).
func (s *State) speciesCP(seat int) int {
	sp := s.ancient(seat)
	if sp == nil {
		return 0
	}
	n := 0
	if sp.BeyondCP > 0 {
		for i := range s.Tiles {
			t := &s.Tiles[i]
			if t.Num != 0 && t.occupies(seat) && s.data.Hex(t.Num).Kind == "beyond" {
				n += sp.BeyondCP
			}
		}
	}
	if sp.PantryCP > 0 {
		n += min(s.Players[seat].Food/sp.PantryFood, sp.PantryMax) * sp.PantryCP
	}
	return n
}
