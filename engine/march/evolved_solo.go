package march

import (
	"errors"
	"fmt"
	"slices"
)

// Rise of the Centipedes (Powstanie skolopendr), the solo and co-operative
// mode of the Evolved edition. Its sheet is not in our sources
// (MOAE-SOLO-1), so the mode is our design (RISE-1..15 in DESIGN.md),
// built on the 1st edition's Centipede Uprising (uprising.go), which it
// reuses where the rules are the same. This file holds the differences:
// the Evolved setup and rest, the Attack as Evolved centipede fights, the
// centipede's cards from its own deck and the Horde's numbers from the data.

// Players of Rise of the Centipedes (RISE-1): one colony alone, or up to
// four together. Five would leave 50 player cards for five hands and put
// five actions, so five centipede cards, between two turns of one player.
const (
	riseMinSeats = 1
	riseMaxSeats = 4
)

// kRiseAttack drives one tile's centipede fights in an Attack (RISE-8).
// Task: Hex, A the seats that fought this centipede already.
const kRiseAttack TaskKind = "riseattack"

// Rise is the data of Rise of the Centipedes: every number of the mode is
// named here so a community can tune the Horde without touching code.
type Rise struct {
	SoloSizeStart  int                  `json:"solo_size_start"` // RISE-13: size-track space of the solo game
	GTCP           int                  `json:"gt_cp"`           // RISE-7: Horde CP per centipede entering the GT
	WinCP          int                  `json:"win_cp"`          // RISE-11: Horde CP per centipede fight won
	SlumberCP      int                  `json:"slumber_cp"`      // RISE-11: Horde CP per centipede in each Slumber
	AttackStrength int                  `json:"attack_strength"` // RISE-8: extra centipede strength in an Attack
	ExploreChain   int                  `json:"explore_chain"`   // RISE-6: extra cards in a row from centipede tiles
	Difficulty     map[string]RiseLevel `json:"difficulty"`      // RISE-14
}

// RiseLevel is one difficulty level, relative to the standard setup.
type RiseLevel struct {
	ExtraLarvae int `json:"extra_larvae,omitempty"` // larvae added to the Larvae Chamber
	FewerCards  int `json:"fewer_cards,omitempty"`  // starting cards taken away
	SizeDown    int `json:"size_down,omitempty"`    // size-marker spaces below its start
}

// riseLevels are the difficulty option's values; the data must define each.
var riseLevels = [...]string{"easy", "normal", "hard"}

// checkRise checks the Rise data of a component file (RISE-1..14).
func checkRise(d *Data) error {
	r := d.Rise
	if r == nil {
		return nil // a community set without the mode
	}
	var errs []error
	for name, v := range map[string]int{"gt_cp": r.GTCP, "win_cp": r.WinCP, "slumber_cp": r.SlumberCP,
		"attack_strength": r.AttackStrength, "explore_chain": r.ExploreChain} {
		if v < 0 {
			errs = append(errs, fmt.Errorf("rise: %s must not be negative, got %d", name, v))
		}
	}
	if tr := d.Centipede; tr == nil || r.SoloSizeStart < 0 || r.SoloSizeStart >= len(tr.Spaces) {
		errs = append(errs, fmt.Errorf("rise: solo_size_start %d is not a space of the size track", r.SoloSizeStart))
	}
	for _, lv := range riseLevels {
		l, ok := r.Difficulty[lv]
		if !ok {
			errs = append(errs, fmt.Errorf("rise: no difficulty level %q", lv))
		}
		if l.ExtraLarvae < 0 || l.FewerCards < 0 || l.SizeDown < 0 {
			errs = append(errs, fmt.Errorf("rise: difficulty %q: negative amounts", lv))
		}
	}
	solo, types := 0, map[string]bool{}
	for i := range d.Cards {
		if c := &d.Cards[i]; c.Solo {
			solo++
			types[c.Type] = true
		}
	}
	// MOAE-SOLO-2: the centipede deck; each type is one Horde action
	if !types[TypeEvent] || !types[TypeEvo] || !types[TypeGoal] {
		errs = append(errs, errors.New("rise: the solo-symbol cards must include an Event, an Evolution and a Colony Goal (MOAE-SOLO-2)"))
	}
	return errors.Join(errs...)
}

// rise reports whether this match is Rise of the Centipedes.
func (s *State) rise() bool { return s.Opt.Uprising && s.data.Rise != nil }

// hordeNums are the Horde's numbers: the data's in Rise of the Centipedes,
// else the 1st edition's: CP equal to the number of players for a
// centipede entering the GT (MOA1-SOLO-5) and the recommended 1 CP
// (MOA1-SOLO-11, MOA1-AMB-36).
func (s *State) hordeNums() Rise {
	if s.rise() {
		return *s.data.Rise
	}
	return Rise{GTCP: s.N, WinCP: 1, SlumberCP: 1, AttackStrength: 1, ExploreChain: 3}
}

// hordeWins reports whether the Horde beat the colonies: in the 1st
// edition when it has more CP than any one player (MOA1-SOLO-12); in Rise
// when it has more than all the colonies together (RISE-12).
func (s *State) hordeWins() bool {
	total := 0
	for i := range s.Players {
		if !s.rise() && s.Horde > s.Players[i].CP {
			return true
		}
		total += s.Players[i].CP
	}
	return s.rise() && s.Horde > total
}

func (s *State) riseLevel() RiseLevel {
	lv := s.Opt.Difficulty
	if lv == "" {
		lv = "normal"
	}
	return s.data.Rise.Difficulty[lv]
}

// sizeStart is the size marker's first space (MOAE-CENT-17); Rise starts
// the solo game on its own space and moves it down for the difficulty
// (RISE-13, RISE-14). -1: the track has no start for this count.
func (s *State) sizeStart() int {
	tr := s.data.Centipede
	at := tr.Start(s.N)
	if !s.rise() {
		return at
	}
	if s.N == 1 {
		at = s.data.Rise.SoloSizeStart
	}
	if at < 0 {
		return at
	}
	return min(at+s.riseLevel().SizeDown, len(tr.Spaces)-1)
}

// riseStart deals one colony's Rise setup: the standard Evolved one with
// the difficulty's larvae and cards (RISE-13, RISE-14). The solo colony
// also places a starting tile as in the 2-player game (setup.go).
func (s *State) riseStart(p int) (larvae, cards int) {
	r, lv := s.rules, s.riseLevel()
	s.player(p).Supply -= r.StartGTAnts
	s.ownTiles()
	s.Tiles[0].Out[p] = r.StartGTAnts
	return r.StartLarvae + lv.ExtraLarvae, max(r.StartCards-lv.FewerCards, 0)
}

// riseRestEnd: in Rise the Worker phase ends once every colony has taken
// a rest tile (RISE-12).
func (s *State) riseRestEnd() bool {
	if !s.rise() {
		return false
	}
	for i := range s.Players {
		if !s.Players[i].Rested {
			return false
		}
	}
	return true
}

// risePass is the turn of a colony that has rested while others still
// work: it takes no tile and gains nothing, and the Horde still acts after
// it (RISE-12, RISE-3).
func (s *State) risePass(seat int) {
	s.emit("moa.rise_pass", "seat", seatArg(seat))
	s.afterAction(seat, "")
}

// riseAttacks: an Attack fights on every tile with a centipede and ants,
// in tile order (RISE-8).
func (s *State) riseAttacks() []Task {
	var ts []Task
	for num := 1; num <= s.rules.Tiles; num++ { // push runs the first task first
		if t := s.tile(num); t != nil && t.Centi && t.totalAnts() > 0 {
			ts = append(ts, Task{K: kRiseAttack, Seat: -1, Hex: num})
		}
	}
	if len(ts) == 0 {
		s.emit("moa.rise_attack_none")
	}
	return ts
}

// runRiseAttack sends the centipede of one tile against its colonies one
// at a time, most ants first (MOAE-CENT-5), each at most once, until it is
// beaten or no colony is left there (RISE-8). No ant battle follows: that
// is the Soldier phase's (MOAE-CENT-13).
func (s *State) runRiseAttack(t *Task) bool {
	tl := s.tile(t.Hex)
	if !tl.Centi || tl.totalAnts() == 0 {
		s.pop()
		return false
	}
	ants, skip := make([]int, s.N), make([]bool, s.N)
	for p := range ants {
		ants[p] = tl.ants(p)
		skip[p] = slices.Contains(t.Horde.Fought, p)
	}
	p := centipedeFoe(ants, s.control(tl), s.Active, skip)
	if p < 0 {
		s.pop()
		return false
	}
	if len(t.Horde.Fought) == 0 {
		s.emit("moa.rise_attack", "hex", hexCode(t.Hex), "n", itoa(s.centiStrength()+s.hordeNums().AttackStrength))
	}
	t.Horde.Fought = append(t.Horde.Fought, p)
	s.push(Task{K: kCentiFight, Seat: p, Hex: t.Hex, Fight: FightTask{Kind: "attack"}})
	return false
}

// attackStrength is the centipede's extra strength in this fight.
func (s *State) attackStrength(t *Task) int {
	if t.Fight.Kind == "attack" {
		return s.hordeNums().AttackStrength // RISE-8
	}
	return 0
}

// centipedeCards draws the centipede's ferocity cards (MOAE-CENT-8, -9):
// from the ant deck to the discard pile, or in Rise from the centipede
// deck to the Horde board (RISE-10).
func (s *State) centipedeCards() (int, []int) {
	fer := func(id int) int { return s.data.Card(id).Fer }
	if !s.rise() {
		add, drawn := centipedeFerocity(s.reveal, fer)
		s.Discard = append(s.Discard, drawn...)
		return add, drawn
	}
	add, drawn := centipedeFerocity(func() int {
		id := s.drawCenti()
		if id != 0 {
			s.CUsed = append(s.CUsed, id)
			s.emit("moa.horde_strength", "card", cardCode(id), "name", s.data.Card(id).Name, "n", itoa(fer(id)))
		}
		return id
	}, fer)
	return add, drawn
}

// hordeWon: the Horde scores a centipede's victory (RISE-11).
func (s *State) hordeWon(num int) {
	if !s.rise() {
		return
	}
	n := s.hordeNums().WinCP
	s.Horde += n
	s.emit("moa.horde_won", "hex", hexCode(num), "n", itoa(n))
}

// riseHunt: the hunt after a March is an Evolved centipede fight (RISE-9).
func (s *State) riseHunt(seat, num int) {
	s.push(Task{K: kCentiFight, Seat: seat, Hex: num})
}
