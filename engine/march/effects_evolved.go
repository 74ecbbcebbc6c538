package march

import (
	"slices"

	"formica/engine"
)

// The Evolved edition's card and tile effects (§13 of the rules reference).
// The rulebook's text does not print the cards: an effect here does what
// the text states about its card (the MOAE-CL rule it names), and what the
// text leaves open, and every card it does not name, is our design (each
// entry says so; the data file's "amounts" give every number). Where an
// Evolved card does what a 1st edition card does, it shares that code.
// Passive Evolutions have only their rule ID: the core asks for them by id
// (activeEffect, top card only, MOAE-EVO-3).

// effectsEvolved is the Evolved table: every effect id of
// components_evolved.json.
func effectsEvolved() effects {
	es := effects{
		// --- Events (MOAE-EVENT-1) ---
		// Surprise Attack: a contested tile fights now, as in the Soldier
		// phase; a centipede fights until it is beaten or no ant is left,
		// then one ant battle; never in round 1 (MOAE-CL-1, AMB-35, AMB-46).
		"surpriseattack": {rule: "MOAE-CL-1", node: surpriseNode, answer: surpriseAnswer, playable: surprisePlayable},
		effSurpriseFight: {rule: "MOAE-CL-1", run: surpriseFightRun},
		// Into the Unknown: a wormhole on a tile without one (MOAE-CL-2;
		// what it places is our design).
		"intotheunknown": {rule: "MOAE-CL-2", node: burrowNode, answer: burrowAnswer},
		// Nuptial Flight: swap an ant of any player with one of another
		// player; Weaver Thorax protects its owner's tiles (MOAE-CL-3, -16).
		"nuptial": {rule: "MOAE-CL-3", node: evoNuptialNode, answer: nuptialAnswer},
		// Adaptive Radiation: only the net change of complete bodies
		// scores (MOAE-CL-4, MOAE-EVO-11).
		"radiation": {rule: "MOAE-CL-4", node: radiationNode, answer: radiationAnswer},
		// Sparrow Attack: cost 2, larvae only (data); every player on a tile
		// you occupy loses ants there (MOAE-CL-5; the effect is our design).
		"sparrow": {rule: "MOAE-CL-5", node: hexLossNode, answer: hexLossAnswer, playable: sparrowPlayable, amounts: []int{free}},
		// Hunting Centipedes: a centipede on a tile without one, and the
		// centipedes grow (MOAE-CL-6, MOAE-CENT-2; our design).
		"huntingcentipedes": {rule: "MOAE-CL-6", node: huntingNode, answer: huntingAnswer, amounts: []int{1}},
		// Our designs, sharing the 1st edition's code where they act alike.
		"frenzy":       {rule: "MOAE-EVENT-1", run: marchRun("frenzy"), amounts: []int{free}},
		"royalstroll":  {rule: "MOAE-EVENT-1", node: royalStrollNode, answer: royalStrollAnswer},
		"espionage":    {rule: "MOAE-EVENT-1", run: espionageRun, node: espionageNode, answer: espionageAnswer, amounts: []int{free}},
		"earlyharvest": {rule: "MOAE-EVENT-1", node: harvestNode, answer: harvestAnswer},
		"eggthief":     {rule: "MOAE-EVENT-1", run: eggThiefRun, amounts: []int{free}},
		"fungal":       {rule: "MOAE-EVENT-1", node: hexLossNode, answer: hexLossAnswer, amounts: []int{free}},
		"mobilize":     {rule: "MOAE-EVENT-1", run: mobilizeRun, amounts: []int{free}},
		"jelly":        {rule: "MOAE-EVENT-1", node: jellyNode, answer: jellyAnswer, amounts: []int{free, free, free}},
		"burrow":       {rule: "MOAE-EVENT-1", node: burrowNode, answer: burrowAnswer, amounts: []int{1}},
		"swarm":        {rule: "MOAE-EVENT-1", node: swarmNode, answer: swarmAnswer, amounts: []int{free}},
		"rainstorm":    {rule: "MOAE-EVENT-1", run: rainstormRun, amounts: []int{free}},
		"scentdance":   {rule: "MOAE-EVENT-1", run: gainRun(0, "larvae", "food"), amounts: []int{free, free}},
		"forage":       {rule: "MOAE-EVENT-1", run: gainRun(0, "cards"), amounts: []int{free}},
		"nightraid":    {rule: "MOAE-EVENT-1", node: nightRaidNode, answer: nightRaidAnswer, amounts: []int{free}},
		"newqueen":     {rule: "MOAE-EVENT-1", run: gainRun(0, "larvae"), amounts: []int{free}},
		"shelter":      {rule: "MOAE-EVENT-1", run: gainRun(0, "food"), amounts: []int{free}},

		// --- Head Evolutions (MOAE-EVO-1, -3) ---
		// Amazon Head: on winning an ant battle, the first loser clockwise
		// with a larva loses it and the owner gains one even if no loser had
		// one (MOAE-CL-7; which loser is our design).
		"amazon": {rule: "MOAE-CL-7", amounts: []int{free, free}},
		// Treacherous Head and Traitor Abdomen: instead of fighting the
		// centipede, lose 1 ant from the tile; the others still fight it
		// (MOAE-CL-8, MOAE-CENT-14, -16).
		"treacherous": {rule: "MOAE-CL-8", amounts: []int{1}},
		"traitor":     {rule: "MOAE-CL-8", amounts: []int{1}},
		effCentiDecline: {rule: "MOAE-CL-8",
			node: func(s *State, t *Task, seat int, path []string) engine.Step {
				if len(path) == 0 {
					return withPass(step("moa.step.centipede", false, "decline"))
				}
				return done("moa.step.centipede")
			},
			answer: func(s *State, t *Task, seat int, path []string) {
				f := s.top() // the centipede fight, which ends here
				f.Stage, f.Fight.Values = 3, []int{0}
				s.Hold = true
				s.emit("moa.centi_declined", "seat", seatArg(seat), "hex", hexCode(t.Hex))
				counts := make([]int, s.N)
				counts[seat] = 1
				s.pushLosses(t.Hex, counts, "centipede")
			}},
		// Fire Head: right after the ferocity card, a second one may be
		// added (MOAE-CL-9: decided at once; the second card is our design).
		"firehead": {rule: "MOAE-CL-9"},
		// Armored Head prevents 1 loss in an ant battle; the cap counts it,
		// and centipede losses are never prevented (MOAE-CL-10).
		"armor": {rule: "MOAE-CL-10", amounts: []int{free}},
		// Shooting Head: at the start of the Soldier phase, round 1 too,
		// remove at least shooting_head_min ants from a contested tile where
		// you have ants, your own if nobody else's are left; their owner
		// chooses which (MOAE-CL-11, AMB-39).
		"shooting": {rule: "MOAE-CL-11", node: shootingNode, answer: shootingAnswer, start: PhaseSoldier},
		// Military Head: at the start of a battle you fight, 1 larva or 1 ant
		// from an adjacent connected location joins it (MOAE-CL-12, AMB-26).
		"military": {rule: "MOAE-CL-12", node: militaryNode, answer: militaryAnswer},
		// Trap Head: trap_head_cp more in a tile battle in which its owner
		// played a ferocity card (MOAE-CL-13; winning is not required:
		// the text gives the card as the only reason).
		"traphead": {rule: "MOAE-CL-13"},
		// Our designs.
		"berserker": {rule: "MOAE-EVO-5", amounts: []int{free}}, // + strength in every battle
		"acrobat":   {rule: "MOAE-EVO-1", run: antsOnlyMarchRun, start: PhaseSoldier, amounts: []int{free}},
		"veteran":   {rule: "MOAE-SPOILS-1", amounts: []int{free}}, // + CP for each tile battle won

		// --- Thorax Evolutions ---
		// Winged Thorax: ant steps between adjacent locations need no
		// tunnel; larvae and explored tiles still do (MOAE-CL-14).
		"winged": {rule: "MOAE-CL-14"},
		// Rebel Thorax: after your March action, you may move a centipede
		// to an adjacent tile, never into the Great Tunnel or onto another
		// centipede (MOAE-CL-15).
		"rebel": {rule: "MOAE-CL-15", node: rebelNode, answer: rebelAnswer},
		// Weaver Thorax: opponents' actions and card effects move no ant off
		// a tile you control, swaps included; paying costs is allowed
		// (MOAE-CL-16). A hook of canLeave and Nuptial Flight.
		"weaver": {rule: "MOAE-CL-16"},
		// Digger Thorax: you occupy every wormhole tile, so larvae may move
		// onto them (MOAE-CL-17). A hook of larvaTargets.
		"digger": {rule: "MOAE-CL-17"},
		// Parasite Thorax: when you Forage, steal 1 larva from the opponent
		// with the most larvae, from each if tied (MOAE-CL-18).
		"parasite": {rule: "MOAE-CL-18", amounts: []int{1}},
		// Spinner Thorax: your other cards cost less, never below 1
		// (MOAE-CL-19, MOAE-PLAY-5, MOAE-EVO-9).
		"spinner": {rule: "MOAE-CL-19", amounts: []int{free}},
		// Wanderer Thorax: your March reaction is 2 ant steps, but not among
		// the thorax reactions (MOAE-CL-20, MOAE-WEND-4).
		"wanderer": {rule: "MOAE-CL-20", amounts: []int{2}},
		// Scout Thorax: Explore draws 2 tiles, you place one and the other
		// goes unseen under the stack (MOAE-CL-21, AMB-24).
		"scout": {rule: "MOAE-CL-21", amounts: []int{2}},
		// Gatherer and Pollinator Thorax trigger after you Explore
		// (MOAE-CL-22; what they give is our design).
		"gatherer":   {rule: "MOAE-CL-22", amounts: []int{free}},
		"pollinator": {rule: "MOAE-CL-22", amounts: []int{free}},
		"reaper":     {rule: "MOAE-EVO-1", amounts: []int{free}}, // our design

		// --- Abdomen Evolutions: our designs (Traitor above) ---
		"honeypot":   {rule: "MOAE-EVO-1", node: harvestNode, answer: harvestAnswer, start: PhaseQueen},
		"leafcutter": {rule: "MOAE-EVO-1", node: leafcutterNode, answer: leafcutterAnswer, start: PhaseQueen, amounts: []int{free, free}},
		"pharaoh":    {rule: "MOAE-QUEEN-2", amounts: []int{free}},
		"stinger":    {rule: "MOAE-EVO-1", node: stingerNode, answer: stingerAnswer, start: PhaseQueen, amounts: []int{1}},
		"thief":      {rule: "MOAE-QUEEN-4", amounts: []int{free, free}},
		"woodborer":  {rule: "MOAE-EVO-1", run: antsOnlyMarchRun, start: PhaseQueen, amounts: []int{free}},
		"phoenix":    {rule: "MOAE-LOSS-7", amounts: []int{1}},
		"storage":    {rule: "MOAE-EVO-1", run: gainRun(0, "food"), start: PhaseQueen, amounts: []int{free}},

		// --- Beyond-the-meadow tiles: Placement effects (MOAE-TILE-4) ---
		// Centipede Nest: a centipede on every adjacent tile without one
		// (MOAE-CL-26; no size change: our design).
		"centinest": {rule: "MOAE-CL-26", run: centipedeNestRun},
		// Antlion Pit: cards for occupied collection sites only (MOAE-CL-27).
		"antlion": {rule: "MOAE-CL-27", run: antlionRun, amounts: []int{free}},
		// Empty Spider Lair: cards revealed, the placer may play one free
		// or none (MOAE-CL-28).
		"spiderlair": {rule: "MOAE-CL-28", run: espionageRun, node: espionageNode, answer: espionageAnswer, amounts: []int{free}},
		"dew":        {rule: "MOAE-TILE-4", run: gainRun(0, "food"), amounts: []int{free}},
		"abandoned":  {rule: "MOAE-TILE-4", run: gainRun(0, "larvae"), amounts: []int{free}},
	}
	// --- Colony Goals: the immediate effect named by the card's bonus
	// (MOAE-GOAL-1); the tiers score in the Slumber phase (MOAE-GOAL-2).
	for _, id := range []string{"cleverinnovators", "sprawlingtunnel", "blindlords", "hugestores", "bigbrood",
		"advevo", "conquerors", "greatcolony", "pioneers", "stranger", "caringhive", "greedytribe", "linkpast", "tunnelguards"} {
		es[id] = effect{rule: "MOAE-GOAL-1", run: goalBonusRun, node: goalBonusNode, answer: goalBonusAnswer, amounts: []int{free}}
	}
	// Pioneers: the bonus, then how far its tiles are from the Great Tunnel
	es["pioneers"] = effect{rule: "MOAE-GOAL-1", run: goalBonusRun, node: goalBonusNode, answer: goalBonusAnswer, amounts: []int{1, free}}
	// Blind Lords places a wormhole, one per tile (MOAE-CL-25).
	es["blindlords"] = effect{rule: "MOAE-CL-25", run: goalBonusRun, node: goalBonusNode, answer: goalBonusAnswer, amounts: []int{1}}
	return es
}

const (
	effCentiDecline  = "centidecline"
	effSurpriseFight = "surprisefight"
	effMilitary      = "military"
	effRebel         = "rebel"
)

// evolved reports the Evolved rule set (its data has reward tiles).
func (s *State) evolved() bool { return s.data.Rewards != nil }

// declinesCentipede: seat's top head or abdomen lets it decline a
// centipede fight (MOAE-CL-8).
func (s *State) declinesCentipede(seat int) bool {
	return s.activeEffect(seat, 0) == "treacherous" || s.activeEffect(seat, 2) == "traitor"
}

// evoPrevent is the losses each seat's abilities prevent in an Evolved ant
// battle (MOAE-LOSS-4, MOAE-CL-10).
func (s *State) evoPrevent(in []int) []int {
	prev := make([]int, s.N)
	for p := range prev {
		if in[p] > 0 && s.activeEffect(p, 0) == "armor" {
			prev[p] = s.amt("armor", 0)
		}
	}
	return prev
}

// evoStrength is what seat adds to its ants in an Evolved battle: every
// head Evolution (MOAE-EVO-5, MOAE-BATTLE-3) and Berserker Head's bonus.
func (s *State) evoStrength(seat int) int {
	n := s.heads(seat)
	if s.activeEffect(seat, 0) == "berserker" {
		n += s.amt("berserker", 0)
	}
	return n
}

// evoBattleWon applies the winner's head ability after an Evolved ant
// battle (MOAE-CL-7); ants[p] > 0 marks the participants.
func (s *State) evoBattleWon(w int, ants []int) {
	if s.activeEffect(w, 0) != "amazon" {
		return
	}
	for i := 1; i < s.N; i++ {
		if p := (w + i) % s.N; ants[p] > 0 && s.Players[p].Larvae > 0 {
			s.loseLarvae(p, s.amt("amazon", 0))
			break
		}
	}
	s.gainLarvae(w, s.amt("amazon", 1))
}

// secondFerocity: seat may add a second ferocity card (1st edition
// Berserker, MOA1-CLAR-EVO-7; Evolved Fire Head, MOAE-CL-9).
func (s *State) secondFerocity(seat int) bool {
	if s.evolved() {
		return s.activeEffect(seat, 0) == "firehead"
	}
	return s.activeEffect(seat, 0) == "berserker"
}

// cardCost is what seat pays for card id: Spinner Thorax lowers the cost
// of the owner's other cards, never below 1 (MOAE-CL-19, MOAE-PLAY-5,
// MOAE-EVO-9).
func (s *State) cardCost(seat, id int) int {
	c := s.data.Card(id).Cost
	if seat >= 0 && s.activeEffect(seat, 1) == "spinner" && s.data.Card(id).Effect != "spinner" {
		c = max(1, c-s.amt("spinner", 0))
	}
	return c + s.evoExtra(seat, id) // MOAE-ANC-8, AMB-27
}

// MOAE-CL-1: a contested tile (ants or a centipede with ants), not in round 1.
func surprisePlayable(s *State, _ int) bool { return len(surpriseTiles(s)) > 0 }

func surpriseTiles(s *State) []string {
	if s.Round <= 1 {
		return nil
	}
	return s.hexCodes(func(t *Tile) bool {
		return t.Num != 0 && (t.antContested() || t.Centi && t.totalAnts() > 0)
	})
}

func surpriseNode(s *State, _ *Task, _ int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.hex", false, surpriseTiles(s)...))
	}
	return done("moa.step.effect")
}

func surpriseAnswer(s *State, t *Task, seat int, path []string) {
	s.push(Task{K: kEff, Seat: seat, Hex: parseHexCode(path[0]), Effect: EffectTask{ID: effSurpriseFight}})
}

// surpriseFightRun fights the tile's next fight until none is left: the
// centipede's foes, then the single ant battle (MOAE-CL-1, AMB-35).
func surpriseFightRun(s *State, t *Task) bool {
	if f, ok := s.nextTileFight(t.Hex); ok {
		s.FillFrom = s.Active
		s.push(f)
		return false
	}
	s.pop()
	return false
}

// MOAE-CL-3: any two ants of different players on collection sites; a
// tile another player controls with Weaver Thorax is out of reach.
func evoNuptialNode(s *State, t *Task, seat int, path []string) engine.Step {
	reach := func(tl *Tile, i int) bool { return tl.Sites[i] >= 0 && !s.woven(seat, tl) }
	if len(path) == 0 {
		owners := map[int]bool{}
		s.siteCodes(func(tl *Tile, i int) bool {
			if reach(tl, i) {
				owners[tl.Sites[i]] = true
			}
			return false
		})
		var cs []string
		if len(owners) >= 2 {
			cs = s.siteCodes(reach)
		}
		return withPass(step("moa.step.site", false, cs...))
	}
	if len(path) == 1 {
		a, ai := s.parseGlobalSite(path[0])
		owner := a.Sites[ai]
		return step("moa.step.site", false, s.siteCodes(func(tl *Tile, i int) bool { return reach(tl, i) && tl.Sites[i] != owner })...)
	}
	return done("moa.step.effect")
}

// woven: another player than seat controls tile tl with Weaver Thorax on
// top (MOAE-CL-16).
func (s *State) woven(seat int, tl *Tile) bool {
	if tl.Num == 0 {
		return false
	}
	c := s.control(tl)
	return c >= 0 && c != seat && s.activeEffect(c, 1) == "weaver"
}

// MOAE-CL-6: a tile without a centipede (not the Great Tunnel).
func huntingNode(s *State, _ *Task, _ int, path []string) engine.Step {
	if len(path) == 0 {
		var cs []string
		if s.Counters > 0 {
			cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && !t.Centi })
		}
		return withPass(step("moa.step.hex", false, cs...))
	}
	return done("moa.step.effect")
}

func huntingAnswer(s *State, t *Task, _ int, path []string) {
	if s.putCentipede(s.tile(parseHexCode(path[0]))) {
		for i := 0; i < s.amt(t.Effect.ID, 0); i++ {
			s.growCentipedes()
		}
	}
}

// marchRun: a March of the effect's amount of steps.
func marchRun(sub string) func(s *State, t *Task) bool {
	return func(s *State, t *Task) bool {
		seat, n := t.Seat, s.amt(t.Effect.ID, 0)
		s.pop()
		s.push(Task{K: kMarch, Seat: seat, Hex: -1, Move: MoveTask{Steps: n, Mode: sub}})
		return false
	}
}

// Rainstorm: every other player discards cards of their choice.
func rainstormRun(s *State, t *Task) bool {
	seat, n := t.Seat, s.amt(t.Effect.ID, 0)
	s.pop()
	var ds []Task
	for _, p := range s.order(seat)[1:] {
		if len(s.Players[p].Hand) > 0 {
			ds = append(ds, Task{K: kDiscard, Seat: p, Hex: -1, Discard: DiscardTask{Count: n}})
		}
	}
	s.push(ds...)
	return false
}

// Night Raid: on a tile where you have ants, every other player loses ants.
func nightRaidNode(s *State, _ *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.hex", false, s.hexCodes(func(t *Tile) bool {
			return t.Num != 0 && t.ants(seat) > 0 && t.totalAnts() > t.ants(seat)
		})...))
	}
	return done("moa.step.effect")
}

func nightRaidAnswer(s *State, t *Task, seat int, path []string) {
	tl := s.tile(parseHexCode(path[0]))
	counts := make([]int, s.N)
	for p := range counts {
		if p != seat {
			counts[p] = min(s.amt(t.Effect.ID, 0), tl.ants(p))
		}
	}
	s.pushLosses(tl.Num, counts, "card")
}

// MOAE-CL-11: a contested tile where the owner has ants, then whose ants
// go, one pick per ant: other players' while they have some there.
func shootingNode(s *State, _ *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.hex", false, s.hexCodes(func(t *Tile) bool {
			return t.Num != 0 && t.ants(seat) > 0 && (t.antContested() || t.Centi)
		})...))
	}
	need := s.data.Settings.ShootingHeadMin
	tl := s.tile(parseHexCode(path[0]))
	if len(path)-1 < need && len(path)-1 < tl.totalAnts() {
		used := make([]int, s.N)
		for _, c := range path[1:] {
			used[parseSeatCode(c, s.N)]++
		}
		var cs []string
		for p := 0; p < s.N; p++ {
			if p != seat && tl.ants(p)-used[p] > 0 {
				cs = append(cs, seatCode(p))
			}
		}
		if len(cs) == 0 && tl.ants(seat)-used[seat] > 0 { // even your own (MOAE-CL-11)
			cs = []string{seatCode(seat)}
		}
		return step("moa.step.victim", false, cs...)
	}
	return done("moa.step.effect")
}

func shootingAnswer(s *State, _ *Task, _ int, path []string) {
	counts := make([]int, s.N)
	for _, c := range path[1:] {
		counts[parseSeatCode(c, s.N)]++
	}
	s.emit("moa.shooting", "hex", path[0])
	s.pushLosses(parseHexCode(path[0]), counts, "card")
}

// militaryTasks: Military Head owners among the fighters may reinforce
// the battle before strength is set (MOAE-CL-12).
func (s *State) militaryTasks(num int, who []int) []Task {
	var ts []Task
	for _, p := range who {
		if s.activeEffect(p, 0) == "military" && len(militaryOptions(s, p, num)) > 0 {
			ts = append(ts, Task{K: kEff, Seat: p, Hex: num, Effect: EffectTask{ID: effMilitary}})
		}
	}
	return ts
}

// militaryOptions: "larva", or an adjacent location joined by a tunnel
// where seat has an ant that may leave (AMB-26).
func militaryOptions(s *State, seat, num int) []string {
	var cs []string
	if s.Players[seat].Larvae > 0 {
		cs = append(cs, "larva")
	}
	at := s.tile(num)
	for e := 0; e < 6; e++ {
		if n := s.neighbor(at, e); n != nil && s.connected(at, e) && n.ants(seat) > 0 && s.canLeave(seat, n) {
			cs = append(cs, hexCode(n.Num))
		}
	}
	return cs
}

func militaryNode(s *State, t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.reinforce", false, militaryOptions(s, seat, t.Hex)...))
	}
	return done("moa.step.effect")
}

func militaryAnswer(s *State, t *Task, seat int, path []string) {
	to := s.tile(t.Hex)
	if path[0] == "larva" {
		s.player(seat).Larvae--
		s.emit("moa.reinforced_larva", "seat", seatArg(seat), "hex", hexCode(t.Hex))
	} else {
		from := s.tile(parseHexCode(path[0]))
		s.takeAnt(from, seat, s.defaultPos(from, seat))
		s.emit("moa.reinforced", "seat", seatArg(seat), "hex", hexCode(t.Hex), "from", path[0])
	}
	s.arriveChoosing(to, seat)
}

// MOAE-CL-15: a centipede to an adjacent tile without one.
func rebelNode(s *State, _ *Task, _ int, path []string) engine.Step {
	free := func(from *Tile) []string {
		var cs []string
		for e := 0; e < 6; e++ {
			if n := s.neighbor(from, e); n != nil && n.Num != 0 && !n.Centi {
				cs = append(cs, hexCode(n.Num))
			}
		}
		slices.Sort(cs)
		return cs
	}
	switch len(path) {
	case 0:
		return withPass(step("moa.step.centipede", false, s.hexCodes(func(t *Tile) bool { return t.Centi && len(free(t)) > 0 })...))
	case 1:
		return step("moa.step.hex", false, free(s.tile(parseHexCode(path[0])))...)
	}
	return done("moa.step.effect")
}

func rebelAnswer(s *State, _ *Task, _ int, path []string) {
	s.tile(parseHexCode(path[0])).Centi = false
	s.tile(parseHexCode(path[1])).Centi = true
	s.emit("moa.centipede_moved", "from", path[0], "to", path[1])
}

// rebelAfterMarch offers Rebel Thorax after its owner's March action.
func (s *State) rebelAfterMarch(seat int) {
	if s.activeEffect(seat, 1) != "rebel" {
		return
	}
	if st := rebelNode(s, nil, seat, nil); len(st.Options) > 1 {
		s.push(Task{K: kEff, Seat: seat, Hex: -1, Effect: EffectTask{ID: effRebel}})
	}
}

// evoParasite: the opponents with the most larvae lose one each to seat
// (MOAE-CL-18).
func (s *State) evoParasite(seat int) {
	most := 0
	for p := range s.Players {
		if p != seat {
			most = max(most, s.Players[p].Larvae)
		}
	}
	if most == 0 {
		return
	}
	for _, p := range s.order(seat)[1:] {
		if s.Players[p].Larvae == most {
			s.gainLarvae(seat, s.loseLarvae(p, s.amt("parasite", 0)))
		}
	}
}

// afterExplore applies the thorax abilities that trigger after exploring
// (MOAE-CL-22).
func (s *State) afterExplore(seat int) {
	switch s.activeEffect(seat, 1) {
	case "gatherer":
		s.gainFood(seat, s.amt("gatherer", 0))
	case "pollinator":
		for i := 0; i < s.amt("pollinator", 0); i++ {
			s.draw(seat)
		}
	}
}

// Colony Goal bonuses (MOAE-GOAL-1): the card's "bonus" names the kind,
// its amount is in the data (checkEvolved: 1 for a step or a wormhole).
func goalBonusRun(s *State, t *Task) bool {
	switch bonus := s.data.Card(t.Effect.Card).Bonus; bonus {
	case "food", "larvae", "cards":
		seat, n := t.Seat, s.amt(t.Effect.ID, 0)
		s.pop()
		s.gainKind(seat, bonus, n)
		return false
	case "larva_gt":
		seat, n := t.Seat, s.amt(t.Effect.ID, 0)
		s.pop()
		for i := 0; i < n && s.Players[seat].Larvae > 0; i++ {
			s.placeLarva(seat, &s.Tiles[0], -1)
		}
		return false
	}
	if st := goalBonusNode(s, t, t.Seat, nil); len(st.Options) <= 1 {
		s.pop()
		return false
	}
	return true
}

// goalBonusNode: one step of one ant ("step"), or a wormhole ("wormhole").
func goalBonusNode(s *State, t *Task, seat int, path []string) engine.Step {
	if s.data.Card(t.Effect.Card).Bonus == "wormhole" {
		return burrowNode(s, t, seat, path)
	}
	return oneStepEffectNode(s, t, seat, path)
}

func goalBonusAnswer(s *State, t *Task, seat int, path []string) {
	if s.data.Card(t.Effect.Card).Bonus == "wormhole" {
		burrowAnswer(s, t, seat, path)
		return
	}
	oneStepEffectAnswer(s, t, seat, path)
}
