package march

import (
	"slices"
	"strconv"
	"strings"
)

// Ant codes name one ant of the answering seat: "gt" (in the Great Tunnel),
// "5" (an ant on hex 5: one on the outskirts if any, else a non-control
// site), "5o" (outskirts) and "5s2" (site 2).

const posDefault = -2

func (s *State) defaultPos(t *Tile, seat int) int {
	if t.Num == 0 || t.Out[seat] > 0 {
		return -1
	}
	ctl := -1
	for i, o := range t.Sites {
		if o == seat {
			if s.sites(t)[i].Control {
				ctl = i
				continue
			}
			return i
		}
	}
	return ctl
}

// antOptions lists ant codes of seat on tiles accepted by filter.
func (s *State) antOptions(seat int, filter func(*Tile) bool) []string {
	var cs []string
	s.eachAnt(seat, filter, func(code string) bool {
		if cs == nil {
			cs = make([]string, 0, 8) // room for most colonies' ants at once
		}
		cs = append(cs, code)
		return true
	})
	return cs
}

// eachAnt calls fn with antOptions' codes in their order until fn returns
// false: a code can be looked for without the list.
func (s *State) eachAnt(seat int, filter func(*Tile) bool, fn func(code string) bool) {
	for num := 0; num <= s.rules.Tiles; num++ {
		t := s.tile(num)
		if t == nil || t.ants(seat) == 0 || (filter != nil && !filter(t)) {
			continue
		}
		if !fn(hexCode(num)) {
			return
		}
		if num == 0 {
			continue
		}
		kinds := t.onSites(seat)
		if t.Out[seat] > 0 {
			kinds++
		}
		if kinds > 1 {
			if t.Out[seat] > 0 && !fn(antCode(num, -1)) {
				return
			}
			for i, o := range t.Sites {
				if o == seat && !fn(antCode(num, i)) {
					return
				}
			}
		}
	}
}

// antCode names seat's ant on tile num's outskirts (pos -1, "5o") or
// site pos ("5s2").
func antCode(num, pos int) string {
	if num >= 0 && num < len(antCodes) && pos >= -1 && pos+1 < len(antCodes[num]) {
		return antCodes[num][pos+1] // every March and payment lists them
	}
	if pos < 0 {
		return hexCode(num) + "o"
	}
	return hexCode(num) + siteCode(pos)
}

// antCodes spelled out by tile and position (outskirts first), built once:
// a concatenation cost an allocation each. Never changed.
var antCodes = func() (cs [maxTiles + 1][1 + len(siteCodes)]string) {
	for num := range cs {
		cs[num][0] = hexCode(num) + "o"
		for i := range siteCodes {
			cs[num][i+1] = hexCode(num) + siteCodes[i]
		}
	}
	return cs
}()

// parseAnt resolves an ant code to its tile and position (-1 outskirts).
// offersAnt is slices.Contains(s.antOptions(seat, ok), code) without the
// list: a hex code for any of seat's ants there, and on a tile where they
// stand in more than one way, "<hex>o" for the outskirts and "<hex>s<n>"
// for a site.
func (s *State) offersAnt(seat int, code string, ok func(seat int, t *Tile) bool) bool {
	i := 0
	for i < len(code) && code[i] >= '0' && code[i] <= '9' {
		i++
	}
	num, rest := parseHexCode(code[:i]), code[i:]
	if code == "gt" {
		num, rest = 0, ""
	}
	if num < 0 || num > s.rules.Tiles {
		return false
	}
	t := s.tile(num)
	if t == nil || t.ants(seat) == 0 || !ok(seat, t) {
		return false
	}
	if rest == "" {
		return true
	}
	kinds := t.onSites(seat)
	if t.Out[seat] > 0 {
		kinds++
	}
	if num == 0 || kinds <= 1 {
		return false
	}
	if rest == "o" {
		return t.Out[seat] > 0
	}
	for k, o := range t.Sites {
		if o == seat && siteCode(k) == rest {
			return true
		}
	}
	return false
}

func (s *State) parseAnt(seat int, code string) (*Tile, int) {
	i := 0
	for i < len(code) && code[i] >= '0' && code[i] <= '9' {
		i++
	}
	num := parseHexCode(code[:i])
	if code == "gt" {
		num, i = 0, 2
	}
	t := s.tile(num)
	if t == nil || t.ants(seat) == 0 {
		return nil, 0
	}
	rest := code[i:]
	switch {
	case rest == "":
		return t, s.defaultPos(t, seat)
	case rest == "o" && t.Out[seat] > 0 && num != 0:
		return t, -1
	case strings.HasPrefix(rest, "s") && num != 0:
		k, err := strconv.Atoi(rest[1:])
		if err == nil && k >= 1 && k <= len(t.Sites) && t.Sites[k-1] == seat && siteCode(k-1) == rest {
			return t, k - 1
		}
	}
	return nil, 0
}

func (s *State) takeAnt(t *Tile, seat, pos int) {
	s.ownTiles()
	if pos == posDefault {
		pos = s.defaultPos(t, seat)
	}
	if pos < 0 {
		t.Out[seat]--
	} else {
		t.Sites[pos] = -1
	}
}

// arrive puts an ant of seat on t: on site if given and free, else on a free
// site (MOA1-HEX-12), else on the outskirts (MOA1-GLOSS-7).
func (s *State) arrive(t *Tile, seat, site int) {
	s.ownTiles()
	if t.Num == 0 {
		t.Out[seat]++
		return
	}
	if site < 0 || site >= len(t.Sites) || t.Sites[site] >= 0 {
		site = t.firstFree()
	}
	if site < 0 {
		t.Out[seat]++
		return
	}
	t.Sites[site] = seat
}

// arriveChoosing puts an arriving ant on the outskirts for the automatic
// site filling, which asks its owner when the free sites differ
// (MOA1-HEX-12, -16).
func (s *State) arriveChoosing(t *Tile, seat int) {
	s.ownTiles()
	t.Out[seat]++
}

// siteStep returns the options for choosing an arrival site on t, or nil
// when no choice exists (no free site, or all free sites alike).
func (s *State) siteStep(t *Tile) []string {
	if t == nil || t.Num == 0 || !s.freeChoice(t) {
		return nil
	}
	return s.freeSiteOptions(t)
}

func (s *State) moveAnt(seat int, from *Tile, pos int, to *Tile, site int) {
	if from == to && pos >= 0 { // MOAE-STEP-1 (3): site to site
		s.ownTiles()
		if site < 0 || to.Sites[site] >= 0 {
			site = to.firstFree()
		}
		from.Sites[pos], to.Sites[site] = -1, seat
		s.emit("moa.moved", "seat", seatArg(seat), "from", hexCode(from.Num), "to", hexCode(to.Num))
		return
	}
	s.takeAnt(from, seat, pos)
	s.arrive(to, seat, site)
	s.emit("moa.moved", "seat", seatArg(seat), "from", hexCode(from.Num), "to", hexCode(to.Num))
}

// destroyAnt returns an ant to its owner's supply (MOA1-TOK-4).
func (s *State) destroyAnt(t *Tile, seat, pos int) {
	s.takeAnt(t, seat, pos)
	s.player(seat).Supply++
}

// activeEffect returns the effect of seat's top card on segment seg, if
// the rule set has code for it: an Evolved card named like a 1st edition
// one must not trigger the 1st edition's hook.
func (s *State) activeEffect(seat, seg int) string {
	e := s.Players[seat].Evo[seg]
	if len(e) == 0 {
		return ""
	}
	id := s.data.Card(e[len(e)-1]).Effect
	if _, ok := s.rules.effects[id]; !ok {
		return ""
	}
	return id
}

func (s *State) hasActive(seat int, effect string) bool {
	for sg := 0; sg < 3; sg++ {
		if s.activeEffect(seat, sg) == effect {
			return true
		}
	}
	return false
}

// casteBonus is the number of Evolutions on segment seg that count for the
// caste bonus (MOA1-CARD-11); special species lose one bonus each
// (MOA1-SPEC-8, -13, -26).
func (s *State) casteBonus(seat, seg int) int {
	switch s.Players[seat].Species {
	case "nomad":
		if seg == 0 {
			return 0
		}
	case "rabid":
		if seg == 1 {
			return 0
		}
	case "marauder":
		if seg == 2 {
			return 0
		}
	}
	return len(s.Players[seat].Evo[seg])
}

// strength is MOA1-BATTLE-4: ants on the hex plus head Evolutions, in
// every battle (MOA1-AMB-8) or, with head-bonus=soldier, only in battles of
// the Soldier phase (the caste text's "in the Soldier phase").
func (s *State) strength(seat, num int) int {
	t := s.tile(num)
	if t == nil {
		return 0
	}
	if s.Opt.HeadSoldierOnly && s.Phase != PhaseSoldier {
		return t.ants(seat)
	}
	return t.ants(seat) + s.casteBonus(seat, 0)
}

func (s *State) antsInAnthill(seat int) int {
	n := 0
	for i := range s.Tiles {
		n += s.Tiles[i].ants(seat)
	}
	return n
}

// canLeave implements Weaver (MOA1-CLAR-EVO-21): other players' ants cannot
// leave a hex its owner occupies; the GT is not affected.
func (s *State) canLeave(seat int, t *Tile) bool {
	if t.Num == 0 {
		return true
	}
	if s.evolved() {
		return !s.woven(seat, t) // MOAE-CL-16
	}
	for p := 0; p < s.N; p++ {
		if p != seat && t.occupies(p) && s.activeEffect(p, 1) == "weaver" {
			return false
		}
	}
	return true
}

// stepTargets lists where one ant of seat may go from t in one step
// (MOA1-MARCH-2 b, c): tunnel-connected neighbours (Digger: any neighbour,
// MOA1-CLAR-EVO-20) and, from a wormhole, every other wormhole hex.
func (s *State) stepTargets(seat int, t *Tile) []*Tile {
	if !s.canLeave(seat, t) {
		return nil
	}
	// Evolved: Winged Thorax (MOAE-CL-14); its Digger does something else
	dig := s.activeEffect(seat, 1) == "digger" && !s.evolved() || s.activeEffect(seat, 1) == "winged"
	out := make([]*Tile, 0, 8) // six neighbours, the tile itself, a wormhole: no regrowth
	for e := 0; e < 6; e++ {
		n := s.neighbor(t, e)
		if n != nil && (dig || s.connected(t, e)) {
			out = append(out, n)
		}
	}
	// MOAE-STEP-1 (3): from a collection site to an empty one of the same tile
	if s.evolved() && t.Num != 0 && t.onSites(seat) > 0 && t.freeSites() > 0 {
		out = append(out, t)
	}
	if s.hasWorm(t) {
		for i := range s.Tiles {
			o := &s.Tiles[i]
			if o.Num != t.Num && s.hasWorm(o) && !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	slices.SortFunc(out, func(a, b *Tile) int { return a.Num - b.Num })
	return out
}

// canStep is len(s.stepTargets(seat, t)) > 0 without the list: movable
// and canMove ask it of every tile on every action root.
func (s *State) canStep(seat int, t *Tile) bool {
	if !s.canLeave(seat, t) {
		return false
	}
	dig := s.activeEffect(seat, 1) == "digger" && !s.evolved() || s.activeEffect(seat, 1) == "winged"
	for e := 0; e < 6; e++ {
		if n := s.neighbor(t, e); n != nil && (dig || s.connected(t, e)) {
			return true
		}
	}
	if s.evolved() && t.Num != 0 && t.onSites(seat) > 0 && t.freeSites() > 0 {
		return true
	}
	if s.hasWorm(t) {
		for i := range s.Tiles {
			if o := &s.Tiles[i]; o.Num != t.Num && s.hasWorm(o) {
				return true
			}
		}
	}
	return false
}

// movable lists the ant codes of seat that have somewhere to step.
func (s *State) movable(seat int) []string {
	return s.antOptions(seat, func(t *Tile) bool { return s.canStep(seat, t) })
}

// canMove is len(s.movable(seat)) > 0 without the ants' codes: every
// action root asks it.
func (s *State) canMove(seat int) bool {
	for num := 0; num <= s.rules.Tiles; num++ {
		if t := s.tile(num); t != nil && t.ants(seat) > 0 && s.canStep(seat, t) {
			return true
		}
	}
	return false
}

func (s *State) stepCodes(seat int, from *Tile) []string {
	ts := s.stepTargets(seat, from)
	if len(ts) == 0 {
		return nil
	}
	cs := make([]string, len(ts))
	for i, t := range ts {
		cs[i] = hexCode(t.Num)
	}
	return cs
}

// offersStep is slices.Contains(s.antStepCodes(seat, ant), code) without
// the list: one of stepTargets, never the ant's own tile from its
// outskirts.
func (s *State) offersStep(seat int, ant, code string) bool {
	from, pos := s.parseAnt(seat, ant)
	to := s.tile(parseHexCode(code))
	if from == nil || to == nil || pos < 0 && to == from || !s.canLeave(seat, from) {
		return false
	}
	dig := s.activeEffect(seat, 1) == "digger" && !s.evolved() || s.activeEffect(seat, 1) == "winged"
	for e := 0; e < 6; e++ {
		if s.neighbor(from, e) == to && (dig || s.connected(from, e)) {
			return true
		}
	}
	if to == from {
		return s.evolved() && from.Num != 0 && from.onSites(seat) > 0 && from.freeSites() > 0
	}
	return s.hasWorm(from) && s.hasWorm(to)
}

// antStepCodes are the step targets of the ant named by code: an ant on
// the outskirts never steps onto a site of its own tile (MOAE-STEP-4).
func (s *State) antStepCodes(seat int, code string) []string {
	from, pos := s.parseAnt(seat, code)
	if from == nil {
		return nil
	}
	cs := s.stepCodes(seat, from)
	if pos < 0 {
		cs = slices.DeleteFunc(cs, func(c string) bool { return c == hexCode(from.Num) })
	}
	return cs
}

// digsTo: Digger Thorax occupies every wormhole tile (MOAE-CL-17).
func (s *State) digsTo(seat int, t *Tile) bool {
	return s.evolved() && s.hasWorm(t) && s.activeEffect(seat, 1) == "digger"
}

// larvaTargets: hexes seat occupies, and the GT (MOA1-HEX-2, -11).
func (s *State) larvaTargets(seat int) []string {
	if s.Players[seat].Larvae == 0 {
		return nil
	}
	cs := append(make([]string, 0, 8), "gt") // room for most colonies' hexes: no regrowth
	for num := 1; num <= s.rules.Tiles; num++ {
		if t := s.tile(num); t != nil && (t.occupies(seat) || s.digsTo(seat, t)) {
			cs = append(cs, hexCode(num))
		}
	}
	return cs
}

func (s *State) placeLarva(seat int, t *Tile, site int) {
	s.player(seat).Larvae--
	s.arrive(t, seat, site)
	s.emit("moa.larva_placed", "seat", seatArg(seat), "hex", hexCode(t.Num))
}

// gainLarvae moves up to n tokens from supply to the Larvae Chamber
// (MOA1-TOK-2) and returns how many moved.
func (s *State) gainLarvae(seat, n int) int {
	p := s.player(seat)
	n = max(0, min(n, p.Supply))
	p.Supply -= n
	p.Larvae += n
	if n > 0 {
		s.emit("moa.larvae_gained", "seat", seatArg(seat), "n", itoa(n))
	}
	return n
}

// loseLarvae returns up to n larvae to the supply.
func (s *State) loseLarvae(seat, n int) int {
	p := s.player(seat)
	n = max(0, min(n, p.Larvae))
	p.Larvae -= n
	p.Supply += n
	if n > 0 {
		s.emit("moa.larvae_lost", "seat", seatArg(seat), "n", itoa(n))
	}
	return n
}

// gainFood takes food from the general supply of 30 tokens (MOA1-TOK-5).
// With food=unlimited (MOA1-AMB-31) the supply may go below zero: the
// missing tokens are substitutes, and the books still balance.
func (s *State) gainFood(seat, n int) int {
	n = max(0, n)
	if !s.Opt.FoodUnlimited {
		n = min(n, max(s.Food, 0))
	}
	s.Food -= n
	s.player(seat).Food += n
	if n > 0 {
		s.emit("moa.food_gained", "seat", seatArg(seat), "n", itoa(n))
	}
	return n
}

func (s *State) spendFood(seat, n int) {
	n = min(n, s.Players[seat].Food)
	s.player(seat).Food -= n
	s.Food += n
}

// addCP moves the score marker; a score stops at 0 unless the negative-cp
// option is on (MOA1-END-7, MOA1-AMB-18).
func (s *State) addCP(seat, n int, why string) {
	p := s.player(seat)
	p.CP += n
	if p.CP < 0 && !s.Opt.NegativeCP {
		p.CP = 0
	}
	if n != 0 {
		s.emit("moa.cp", "seat", seatArg(seat), "n", itoa(n), "why", why)
	}
}

// draw gives seat the top card, reshuffling the discard pile into a new deck
// when the deck is empty (MOA1-FORAGE-3).
func (s *State) draw(seat int) bool {
	id := s.reveal()
	if id == 0 {
		return false
	}
	p := s.player(seat)
	p.Hand = append(p.Hand, id)
	s.emitTo(seat, "moa.drew_card", "card", cardCode(id), "name", s.data.Card(id).Name)
	s.emit("moa.drew", "seat", seatArg(seat))
	return true
}

// reveal takes the top card of the deck (0 if deck and discard are empty).
// An Event being resolved stays on the discard pile (State.resolving).
func (s *State) reveal() int {
	if len(s.Deck) == 0 {
		deck := slices.Clone(s.Discard) // shuffled in place: a clone may share the discard pile
		var kept []int
		if i := slices.Index(deck, s.resolving); i >= 0 { // 0, none resolving, is no card
			deck, kept = slices.Delete(deck, i, i+1), []int{s.resolving}
		}
		if len(deck) == 0 {
			return 0
		}
		s.Deck, s.Discard = deck, kept
		s.RNG.Shuffle(len(s.Deck), func(i, j int) { s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i] })
		s.emit("moa.reshuffled")
	}
	id := s.Deck[0]
	s.Deck = s.Deck[1:]
	return id
}

func (s *State) discardFromHand(seat, id int) {
	p := s.playerLists(seat)
	if i := slices.Index(p.Hand, id); i >= 0 {
		p.Hand = slices.Delete(p.Hand, i, i+1)
		s.Discard = append(s.Discard, id)
	}
}

func (s *State) handOptions(seat int) []string {
	var cs []string
	if n := len(s.Players[seat].Hand); n > 0 {
		cs = make([]string, 0, n) // one allocation, not one per doubling
	}
	for _, id := range s.Players[seat].Hand {
		cs = append(cs, cardCode(id))
	}
	return cs
}

// checkBodies scores or removes 3 CP per complete ant body (MOA1-CARD-15,
// MOA1-CARD-16).
func (s *State) checkBodies(seat int) {
	p := s.player(seat)
	b := min(len(p.Evo[0]), len(p.Evo[1]), len(p.Evo[2]))
	if d := b - p.Bodies; d != 0 {
		per := s.rules.BodyCP
		if st := s.data.Settings; st != nil {
			per = st.BodyCP // MOAE-EVO-10, -11: a missing icon, a setting
		}
		s.addCP(seat, d*per, "body")
		p.Bodies = b
	}
}
