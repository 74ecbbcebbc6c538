package march

import (
	"slices"

	"formica/engine"
)

func (s *State) startSoldier() {
	s.Phase = PhaseSoldier
	s.Fights = nil
	s.FillFrom = s.Active
	s.emit("moa.phase", "phase", string(PhaseSoldier), "round", itoa(s.Round))
	s.returnMarkers() // MOAE-ANC-4
	s.push(Task{K: kSoldier, Seat: -1, Hex: 1})
}

// mutate resolves every Mutant Ant's Mutation in player order: the hand is
// discarded and as many cards drawn (MOA1-SPEC-20).
func (s *State) mutate() {
	for _, p := range s.order(s.Active) {
		if s.Players[p].Species != "mutant" {
			continue
		}
		n := len(s.Players[p].Hand)
		for _, id := range slices.Clone(s.Players[p].Hand) {
			s.discardFromHand(p, id)
		}
		for i := 0; i < n; i++ {
			s.draw(p)
		}
		s.emit("moa.mutation", "seat", seatArg(p), "n", itoa(n))
	}
}

// runSoldier: start-of-phase abilities in player order (MOA1-SOLDIER-1,
// MOA1-SPEC-20), battles hex by hex in increasing number, centipedes first
// (MOA1-SOLDIER-3), then end-of-phase abilities (MOA1-SOLDIER-5). A Trap
// (Soldier.Trap) fights only its hex, at once (MOA1-CLAR-EV-13).
func (s *State) runSoldier(t *Task) bool {
	switch t.Stage {
	case 0:
		t.Stage = 1
		if s.Opt.MutationAfter {
			t.Stage = 3 // MOA1-AMB-26 alternative: Mutation after the head abilities
		} else {
			s.mutate() // MOA1-SPEC-20, MOA1-AMB-26: Mutation first
		}
		var heads []Task
		for _, p := range s.order(s.Active) {
			if s.Opt.PhaseDrawbacks && s.Players[p].Species == "nomad" {
				continue // MOA1-AMB-23 alternative reading of Peace Treaty
			}
			if e := s.startAbility(p, 0, PhaseSoldier); e != "" {
				heads = append(heads, Task{K: kHead, Seat: p, Hex: -1, Effect: EffectTask{ID: e}})
			}
		}
		s.push(heads...)
		return false
	case 1:
		if s.data.Rewards != nil && !t.Soldier.Trap && !t.Soldier.GreatTunnel {
			t.Soldier.GreatTunnel = true
			s.push(Task{K: kGTBattle, Seat: -1, Hex: 0}) // MOAE-SOLD-1: the Great Tunnel first
			return false
		}
		if s.data.Rewards != nil && s.Round == 1 {
			t.Stage = 2 // MOAE-SOLD-2: no tile battles in round 1
			return false
		}
		if s.data.Rewards != nil && !t.Soldier.Trap {
			// MOAE-SOLD-2: tile by tile in increasing number
			for num := t.Hex; num <= s.rules.Tiles; num++ {
				t.Hex = num
				if s.tile(num) == nil {
					continue
				}
				if f, ok := s.nextTileFight(num); ok {
					s.FillFrom = s.Active
					s.push(f)
					return false
				}
			}
			t.Stage = 2
			return false
		}
		last := s.rules.Tiles
		if t.Soldier.Trap {
			last = t.Hex
		}
		for num := t.Hex; num <= last; num++ {
			t.Hex = num
			if s.tile(num) == nil {
				continue
			}
			if p := s.nextCentipedeFoe(num, false); p >= 0 {
				s.FillFrom = s.Active
				s.push(Task{K: kCenti, Seat: p, Hex: num})
				return false
			}
			if d, inv, tied := s.nextAntBattle(num); d >= 0 {
				s.FillFrom = s.Active
				s.push(Task{K: kBattle, Seat: d, Hex: num, Fight: FightTask{Invader: inv, Values: tied}})
				return false
			}
		}
		t.Stage = 2
		return false
	case 3:
		t.Stage = 1
		s.mutate()
		return false
	}
	s.pop()
	if t.Soldier.Trap {
		return false
	}
	// MOA1-SOLDIER-5 in player order (MOA1-AMB-41). No option: Traitor and
	// Veteran only add CP and read nothing another one changes, so any
	// order (simultaneous, active player first) gives the same result.
	for _, p := range s.order(s.Active) {
		if s.evolved() {
			break // Evolved cards of these names do other things
		}
		switch s.activeEffect(p, 0) {
		case "traitor": // MOA1-CLAR-EVO-18
			n := s.CentiGT
			for i := range s.Tiles {
				if s.Tiles[i].Centi {
					n++
				}
			}
			s.addCP(p, n*s.amt("traitor", 0), "traitor")
		case "veteran": // MOA1-CLAR-EVO-19: 1 CP per hex fought on
			var hexes []int
			for _, f := range s.Fights {
				num, a, b := f/100, f%100/10, f%10
				if f%100 >= 90 {
					a, b = f%100-90, -1
				}
				if (a == p || b == p) && !slices.Contains(hexes, num) {
					hexes = append(hexes, num)
				}
			}
			s.addCP(p, len(hexes)*s.amt("veteran", 0), "veteran")
		}
	}
	s.startQueen()
	return false
}

func pairKey(num, a, b int) int {
	if a > b {
		a, b = b, a
	}
	return num*100 + a*10 + b
}

func centiKey(num, p int) int { return num*100 + 90 + p }

func (s *State) foughtOn(num, p int) bool {
	for _, f := range s.Fights {
		if f/100 != num || f%100 >= 90 {
			continue
		}
		if f%100/10 == p || f%10 == p {
			return true
		}
	}
	return false
}

// mostAnts returns the seats among cands with the most ants on t.
func mostAnts(t *Tile, cands []int) []int {
	best, out := -1, []int(nil)
	for _, p := range cands {
		switch n := t.ants(p); {
		case n > best:
			best, out = n, []int{p}
		case n == best:
			out = append(out, p)
		}
	}
	return out
}

// nextCentipedeFoe picks the centipede's next opponent on hex num
// (MOA1-CENTI-10..13, MOA1-AMB-15), or -1. The Traitor's owner is left
// alone (MOA1-CLAR-EVO-18).
func (s *State) nextCentipedeFoe(num int, attack bool) int {
	t := s.tile(num)
	if t == nil || !t.Centi || t.totalAnts() == 0 {
		return -1
	}
	var cands []int
	for _, p := range s.order(s.Active) {
		if t.ants(p) == 0 || s.activeEffect(p, 0) == "traitor" {
			continue
		}
		if !attack && slices.Contains(s.Fights, centiKey(num, p)) {
			continue
		}
		if attack && slices.Contains(s.Fights, -centiKey(num, p)) {
			continue
		}
		cands = append(cands, p)
	}
	if len(cands) == 0 {
		return -1
	}
	if c := s.control(t); slices.Contains(cands, c) {
		return c
	}
	return mostAnts(t, cands)[0] // ties: player order from the active player
}

// nextAntBattle picks defender and invader on hex num (MOA1-BATTLE-2,
// -14..-18, MOA1-AMB-12, -13). inv is -1 when the defender must choose among
// tied.
func (s *State) nextAntBattle(num int) (def, inv int, tied []int) {
	t := s.tile(num)
	if t == nil || !t.antContested() || !s.playerBattles() {
		return -1, -1, nil
	}
	d := s.control(t)
	if d < 0 {
		return -1, -1, nil
	}
	players := t.playersOn()
	var cands []int
	if !s.foughtOn(num, d) {
		for _, p := range players {
			if p != d && !slices.Contains(s.Fights, pairKey(num, d, p)) {
				cands = append(cands, p)
			}
		}
	} else {
		for _, p := range players {
			if p != d && !s.foughtOn(num, p) {
				cands = append(cands, p)
			}
		}
	}
	if len(cands) == 0 {
		return -1, -1, nil // MOA1-BATTLE-17
	}
	m := mostAnts(t, cands)
	if len(m) == 1 {
		return d, m[0], nil
	}
	return d, -1, m
}

// runBattle resolves one ant battle in the five stages of MOA1-BATTLE-4..11.
// Task: Seat defender, Fight.Invader, Hex, Stage.
func (s *State) runBattle(t *Task) bool {
	num := t.Hex
	switch t.Stage {
	case 0:
		if t.Fight.Invader < 0 {
			s.push(Task{K: kInvader, Seat: t.Seat, Hex: num, Fight: FightTask{Values: t.Fight.Values}})
			return false
		}
		tl := s.tile(num)
		if !t.Fight.Raid && !tl.antContested() || tl.ants(t.Seat) == 0 || tl.ants(t.Fight.Invader) == 0 {
			s.pop() // MOA1-HEX-19: no longer contested, no battle
			return false
		}
		t.Stage = 1
		s.Fights = append(s.Fights, pairKey(num, t.Seat, t.Fight.Invader))
		for _, p := range []int{t.Seat, t.Fight.Invader} {
			if s.Players[p].Species == "mutant" {
				s.addCP(p, -1, "enlightened") // MOA1-SPEC-19
			}
		}
		s.emit("moa.battle", "hex", hexCode(num), "defender", seatArg(t.Seat), "invader", seatArg(t.Fight.Invader),
			"ds", itoa(s.strength(t.Seat, num)), "is", itoa(s.strength(t.Fight.Invader, num)))
		s.Shown = nil
		s.openFerocity(Task{K: kFero, Seat: t.Seat, Hex: num, Fight: FightTask{Invader: t.Fight.Invader, Kind: "ant"}}, []int{t.Fight.Invader, t.Seat})
		return false
	case 1:
		// stage 3 outcome, stage 4 losses (MOA1-BATTLE-6..10)
		def, inv := t.Seat, t.Fight.Invader
		sd, si := s.strength(def, num), s.strength(inv, num)
		fd, fi := t.Fight.Values[0], t.Fight.Values[1]
		w, l, sw, sl := def, inv, sd, si
		if si+fi > sd+fd {
			w, l, sw, sl = inv, def, si, sd
		}
		tl := s.tile(num)
		lossW, lossL := sl/2, sw
		lossW, lossL = s.armor(w, lossW), s.armor(l, lossL)
		lossL = min(lossL, tl.ants(l))
		lossW = min(lossW, tl.ants(w)-1) // MOA1-BATTLE-9 Lone Survivor
		lossW = max(lossW, 0)
		s.emit("moa.battle_won", "hex", hexCode(num), "winner", seatArg(w), "loser", seatArg(l),
			"wt", itoa(sw+fer(w == def, fd, fi)), "lt", itoa(sl+fer(l == def, fd, fi)),
			"wl", itoa(lossW), "ll", itoa(lossL))
		t.Fight.Values = []int{w, l}
		t.Stage = 2
		s.Hold = true // the winner repositions before anyone fills sites
		s.FillFrom = w
		counts := make([]int, s.N)
		counts[w], counts[l] = lossW, lossL
		s.pushLosses(num, counts, "battle")
		return false
	case 2:
		w, l := t.Fight.Values[0], t.Fight.Values[1]
		t.Stage = 3
		s.addCP(w, 1, "battle") // MOA1-BATTLE-11
		s.battleWon(w, l)
		s.FillFrom = w
		s.Hold = true
		s.push(Task{K: kSpoils, Seat: w, Hex: num})
		return false
	}
	s.Hold = false
	s.FillFrom = t.Fight.Values[0] // MOA1-HEX-16: Soldier phase, winner first
	task := t.clone()
	s.pop()
	if task.Fight.Raid {
		// MOA1-SPEC-23: only the opponent reacts, gaining 1 card
		opp := task.Seat
		s.push(Task{K: kReact, Seat: task.Fight.Invader, Hex: -1, React: ReactTask{Action: "raid", Raided: opp}})
	}
	return false
}

func fer(isDef bool, fd, fi int) int {
	if isDef {
		return fd
	}
	return fi
}

// armor: Armor reduces each battle loss by 1 (MOA1-CLAR-EVO-3).
func (s *State) armor(seat, n int) int {
	if seat >= 0 && s.activeEffect(seat, 0) == "armor" && n > 0 {
		return max(0, n-s.amt("armor", 0))
	}
	return n
}

// battleWon applies the winner's head abilities that trigger in every battle
// (MOA1-BATTLE-13): Amazon (MOA1-CLAR-EVO-2) and Proboscis (MOA1-CLAR-EVO-13).
func (s *State) battleWon(w, l int) {
	switch s.activeEffect(w, 0) {
	case "amazon":
		if l >= 0 {
			s.loseLarvae(l, s.amt("amazon", 0))
		}
		s.gainLarvae(w, s.amt("amazon", 1))
	case "proboscis":
		s.gainFood(w, s.amt("proboscis", 0))
	}
}

// openFerocity prompts the fighters for their ferocity cards at once; an
// ant battle's picks are secret until both are in (MOA1-BATTLE-5).
func (s *State) openFerocity(f Task, who []int) {
	f.Who, f.Ans = who, make([]string, s.N)
	for _, p := range who {
		if len(s.Players[p].Hand) == 0 {
			f.Ans[p] = "none"
		}
	}
	s.push(f)
	if !s.anyPrompted(s.top()) {
		s.resolveAll(s.top())
	}
}

// feroNode: "none" or a card; Berserker may add a second (MOA1-CLAR-EVO-7).
func (s *State) feroNode(t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return stepLead("moa.step.ferocity", s.handOptions(seat), "none")
	}
	if path[0] == "none" || len(path) == 2 || !s.secondFerocity(seat) {
		return done("moa.step.ferocity")
	}
	var cs []string
	for _, c := range s.handOptions(seat) {
		if c != path[0] {
			cs = append(cs, c)
		}
	}
	return step("moa.step.ferocity", true, cs...)
}

// resolveFerocity reveals the picks together and discards them
// (MOA1-BATTLE-5, -12) and hands the values to the battle below.
func (s *State) resolveFerocity(t *Task) {
	vals := make([]int, s.N)
	for _, p := range t.Who {
		cards := 0
		for _, c := range splitAns(t.Ans[p]) {
			if c == "none" {
				continue
			}
			cards++
			id := parseCardCode(c)
			s.discardFromHand(p, id)
			s.Shown = append(s.Shown, id)
			vals[p] += s.data.Card(id).Fer
			s.emit("moa.ferocity", "seat", seatArg(p), "card", c, "name", s.data.Card(id).Name, "n", itoa(s.data.Card(id).Fer))
		}
		s.ferocityLoss(t, p, cards) // MOAE-ANC-6
	}
	b := s.top()
	if t.Fight.Kind == "gt" || t.Fight.Kind == "tile" {
		b.Fight.Values = vals
		return
	}
	if t.Fight.Kind == "ant" {
		b.Fight.Values = []int{vals[t.Seat], vals[t.Fight.Invader]}
	} else {
		b.Fight.Values = []int{vals[t.Seat]}
	}
}

// pushLosses asks each player with losses which ants die (MOA1-BATTLE-10,
// MOA1-GLOSS-11); where there is no real choice it is automatic. hex -1
// means anywhere in the Anthill (starvation, MOA1-QUEEN-9).
func (s *State) pushLosses(hex int, counts []int, sub string) {
	t := Task{K: kLoss, Seat: -1, Hex: hex, Loss: LossTask{Cause: sub, Counts: counts}, Ans: make([]string, s.N), Who: []int{}}
	for p, k := range counts {
		if k <= 0 {
			continue
		}
		t.Who = append(t.Who, p)
		if !s.lossChoice(p, hex, k) {
			t.Ans[p] = "auto"
		}
	}
	if len(t.Who) == 0 {
		return
	}
	s.push(t)
	if !s.anyPrompted(s.top()) {
		s.resolveAll(s.top())
	}
}

func (s *State) lossChoice(seat, hex, k int) bool {
	if hex < 0 {
		return k < s.antsInAnthill(seat)
	}
	t := s.tile(hex)
	if k >= t.ants(seat) {
		return false
	}
	cls := map[string]bool{}
	if t.Out[seat] > 0 {
		cls["o"] = true
	}
	for i, o := range t.Sites {
		if o == seat {
			cls[s.siteClass(t, i)] = true
		}
	}
	return len(cls) > 1
}

// lossNode: k codes, each an own ant: on a battle hex "o" or "sK"; anywhere,
// a hex code with "o"/"sK" ("gt" for the Great Tunnel).
func (s *State) lossNode(t *Task, seat int, path []string) engine.Step {
	k := t.Loss.Counts[seat]
	if len(path) >= k {
		return done("moa.step.casualty")
	}
	used := map[string]int{}
	for _, p := range path {
		used[p]++
	}
	var cs []string
	add := func(tl *Tile, prefix string) {
		if tl.Num == 0 {
			if tl.Out[seat]-used["gt"] > 0 {
				cs = append(cs, "gt")
			}
			return
		}
		if tl.Out[seat]-used[prefix+"o"] > 0 {
			cs = append(cs, prefix+"o")
		}
		for i, o := range tl.Sites {
			if o == seat && used[prefix+siteCode(i)] == 0 {
				cs = append(cs, prefix+siteCode(i))
			}
		}
	}
	if t.Hex >= 0 {
		add(s.tile(t.Hex), "")
	} else {
		for num := 0; num <= s.rules.Tiles; num++ {
			if tl := s.tile(num); tl != nil {
				add(tl, hexCode(num))
			}
		}
	}
	return step("moa.step.casualty", false, cs...)
}

// resolveLosses destroys the chosen ants. Phoenix saves one battle loss to
// the Larvae Chamber (MOA1-CLAR-EVO-16).
func (s *State) resolveLosses(t *Task) {
	for _, p := range t.Who {
		k := t.Loss.Counts[p]
		var taken []struct {
			tl  *Tile
			pos int
		}
		codes := splitAns(t.Ans[p])
		if len(codes) == 1 && codes[0] == "auto" {
			codes = nil
		}
		for _, c := range codes {
			tl, pos := s.lossTarget(t.Hex, p, c)
			if tl != nil {
				taken = append(taken, struct {
					tl  *Tile
					pos int
				}{tl, pos})
			}
		}
		n := 0
		for _, x := range taken {
			s.destroyAnt(x.tl, p, x.pos)
			n++
		}
		for n < k {
			tl := s.anyAnt(t.Hex, p)
			if tl == nil {
				break
			}
			s.destroyAnt(tl, p, s.defaultPos(tl, p))
			n++
		}
		if n > 0 && t.Loss.Cause == "battle" && s.hasActive(p, "phoenix") { // MOA1-CLAR-EVO-16; Evolved: an abdomen
			s.player(p).Supply--
			s.player(p).Larvae++
			s.emit("moa.phoenix", "seat", seatArg(p))
		}
		if n > 0 {
			s.emit("moa.ants_lost", "seat", seatArg(p), "n", itoa(n), "hex", hexCode(max(t.Hex, 0)))
		}
	}
}

func (s *State) lossTarget(hex, seat int, code string) (*Tile, int) {
	if hex >= 0 {
		tl := s.tile(hex)
		if code == "o" {
			return tl, -1
		}
		return tl, parseSite(code, tl)
	}
	tl, pos := s.parseAnt(seat, code)
	if code == "gt" {
		return tl, -1
	}
	return tl, pos
}

func (s *State) anyAnt(hex, seat int) *Tile {
	if hex >= 0 {
		if tl := s.tile(hex); tl.ants(seat) > 0 {
			return tl
		}
		return nil
	}
	for num := s.rules.Tiles; num >= 0; num-- {
		if tl := s.tile(num); tl != nil && tl.ants(seat) > 0 {
			return tl
		}
	}
	return nil
}

// runSpoils: the winner may move ants already on the hex onto free sites
// (MOA1-BATTLE-11, MOA1-AMB-32). Without a real choice it is automatic.
func (s *State) runSpoils(t *Task) bool {
	tl := s.tile(t.Hex)
	w := t.Seat
	if tl.freeSites() == 0 || tl.ants(w) == 0 {
		s.pop()
		return false
	}
	if len(s.spoilMoves(tl, w, t.Fight.Values)) == 0 {
		for tl.Out[w] > 0 && tl.freeSites() > 0 {
			s.fillSite(tl, w, tl.firstFree())
		}
		s.pop()
		return false
	}
	return true
}

// spoilMoves lists real choices: a site ant moving to the free control
// site, or outskirts ants choosing between different free sites. An ant
// moved in these spoils (its site is in moved) does not move again: it
// could have gone straight to where it would end, and moving ants back
// and forth would never end the step.
func (s *State) spoilMoves(tl *Tile, w int, moved []int) []string {
	var cs []string
	ctl := s.data.Hex(tl.Num).Control
	if tl.Sites[ctl] < 0 {
		for i, o := range tl.Sites {
			if o == w && !slices.Contains(moved, i) {
				cs = append(cs, siteCode(i))
			}
		}
	}
	if tl.Out[w] > 0 && (s.freeChoice(tl) || len(cs) > 0) {
		cs = append([]string{"o"}, cs...)
	}
	return cs
}

func (s *State) spoilsNode(t *Task, seat int, path []string) engine.Step {
	tl := s.tile(t.Hex)
	if len(path) == 0 {
		return stepLead("moa.step.spoils", s.spoilMoves(tl, seat, t.Fight.Values), "done")
	}
	if path[0] == "done" || len(path) == 2 {
		return done("moa.step.spoils")
	}
	return step("moa.step.site", false, s.freeSiteOptions(tl)...)
}

func (s *State) spoilsAnswer(t *Task, seat int, path []string) {
	tl := s.tile(t.Hex)
	if path[0] == "done" {
		s.pop()
		return
	}
	to := parseSite(path[1], tl)
	s.ownTiles()
	if path[0] == "o" {
		tl.Out[seat]--
	} else {
		tl.Sites[parseSite(path[0], tl)] = -1
	}
	tl.Sites[to] = seat
	t.Fight.Values = append(t.Fight.Values, to)
	s.emit("moa.spoils_moved", "seat", seatArg(seat), "hex", hexCode(t.Hex), "site", path[1])
}

// runCenti resolves one centipede battle (MOA1-CENTI-2..9). Task: Seat the
// player, Hex, Fight.Base the centipede's base strength, Fight.Kind "attack" for a Horde
// Attack (+1, MOA1-SOLO-6).
func (s *State) runCenti(t *Task) bool {
	num := t.Hex
	tl := s.tile(num)
	switch t.Stage {
	case 0:
		// hunt=any (MOA1-AMB-41): a March battle may be fought without ants
		// on the hex, on head cards and ferocity alone
		if !tl.Centi || (tl.ants(t.Seat) == 0 && !(t.Fight.Kind == "hunt" && s.Opt.HuntAny)) {
			s.pop()
			return false
		}
		if t.Fight.Kind == "attack" {
			s.Fights = append(s.Fights, -centiKey(num, t.Seat))
		} else {
			s.Fights = append(s.Fights, centiKey(num, t.Seat))
		}
		if s.Players[t.Seat].Species == "mutant" {
			s.addCP(t.Seat, -1, "enlightened")
		}
		s.Shown = nil
		id := s.centiCard(false)
		t.Fight.Base, t.Fight.Card = 0, id
		if id != 0 {
			t.Fight.Base = s.data.Card(id).Fer
			s.Shown = append(s.Shown, id)
		}
		s.emit("moa.centipede_battle", "hex", hexCode(num), "seat", seatArg(t.Seat), "base", itoa(t.Fight.Base))
		t.Stage = 1
		s.openFerocity(Task{K: kFero, Seat: t.Seat, Hex: num, Fight: FightTask{Kind: "centi"}}, []int{t.Seat})
		return false
	case 1:
		id := s.centiCard(true)
		total := t.Fight.Base
		if id != 0 {
			total += s.data.Card(id).Fer
			s.Shown = append(s.Shown, id)
		}
		if t.Fight.Kind == "attack" {
			total++
		}
		mine := s.strength(t.Seat, num) + t.Fight.Values[0]
		win := mine >= total // MOA1-CENTI-5 / MOA1-AMB-14
		if s.Opt.CentiTie == "centipede" {
			win = mine > total
		}
		loss := total // MOA1-CENTI-7
		if win {
			loss = total / 2 // MOA1-CENTI-6
		}
		loss = min(s.armor(t.Seat, loss), tl.ants(t.Seat))
		if win {
			loss = min(loss, tl.ants(t.Seat)-1) // MOA1-CENTI-8
		}
		winFlag := 0
		if win {
			winFlag = 1
		}
		t.Fight.Values = []int{winFlag}
		t.Stage = 2
		s.emit("moa.centipede_result", "hex", hexCode(num), "seat", seatArg(t.Seat), "mine", itoa(mine),
			"total", itoa(total), "won", itoa(winFlag), "loss", itoa(loss))
		counts := make([]int, s.N)
		counts[t.Seat] = max(loss, 0)
		s.pushLosses(num, counts, "battle")
		return false
	}
	if t.Fight.Values[0] == 1 {
		tl.Centi = false
		s.Boxed++ // MOA1-HEX-23: a destroyed centipede leaves the game
		s.gainFood(t.Seat, 1)
		s.addCP(t.Seat, 1, "centipede")
		s.battleWon(t.Seat, -1)
	} else if s.Opt.Uprising {
		s.Horde++ // MOA1-SOLO-11
	}
	s.FillFrom = s.Active
	s.pop()
	return false
}

// centiCard reveals a centipede strength card: from the centipede deck in
// the Uprising (MOA1-SOLO-9), else from the deck (MOA1-CENTI-3, -9). With
// centipede-strength=one (MOA1-AMB-41) only the first card comes from the
// centipede deck and the second from the players' deck.
func (s *State) centiCard(second bool) int {
	if s.Opt.Uprising && !(second && s.Opt.CentiOneShared) {
		id := s.drawCenti()
		if id != 0 {
			s.CUsed = append(s.CUsed, id)
		}
		return id
	}
	id := s.reveal()
	if id != 0 {
		s.Discard = append(s.Discard, id)
	}
	return id
}
