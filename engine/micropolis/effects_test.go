package micropolis

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// MIC-NURSE-1, MIC-EFFECT-1, MIC-ARMY-2: a Nurse adds her eggs to the army at
// once, capped at 10. MIC-ARMY-4, MIC-AMB-2: an empty supply gives nothing.
func TestNurse(t *testing.T) {
	s := newGame(t, 2, "tiles=53,57,11,32,39,49,8") // 53: nurse with 3 eggs, 57: 2 eggs
	ev := s.do(t, 0, "take 1 0")
	if s.hl(0, 0).Army != 8 || s.Supply != 32 || !hasKey(ev, "mic.nurse") {
		t.Fatalf("army %d supply %d", s.hl(0, 0).Army, s.Supply)
	}
	s.hl(1, 0).Army = 9
	s.do(t, 1, "take 1 0")
	if s.hl(1, 0).Army != 10 || s.Supply != 31 {
		t.Fatalf("capped nurse: army %d supply %d", s.hl(1, 0).Army, s.Supply)
	}
	s2 := newGame(t, 2, "tiles=53")
	s2.Supply = 1
	s2.do(t, 0, "take 1 0")
	if s2.hl(0, 0).Army != 6 || s2.Supply != 0 {
		t.Fatalf("empty supply: army %d supply %d", s2.hl(0, 0).Army, s2.Supply)
	}
}

// MIC-ARCH-1, MIC-ARCH-2, MIC-ARCH-3, MIC-CHOOSE-8, MIC-AMB-5: an Architect
// gives a token usable from the next turn for any tile free; the token goes
// back to the supply; none left means no effect.
func TestArchitect(t *testing.T) {
	s := newGame(t, 2, "tiles=9,30,11,32,39,49,8,12,60,55") // 9, 30, 55: architects
	if r := s.ruleOf(t, 0, "arch 1"); r != "MIC-ARCH-2" {
		t.Fatalf("arch without token: %q", r)
	}
	s.do(t, 0, "take 1 0")
	if s.Players[0].Arch != 1 || s.ArchSupply != 1 {
		t.Fatal("no token")
	}
	s.do(t, 1, "take 1 0")
	if s.Players[1].Arch != 1 || s.ArchSupply != 0 {
		t.Fatal("second token")
	}
	// Round 2: row 11,32,39,49,8. P1 hands in the token for position 5, free.
	s.Row[4].Soldiers = 2
	ev := s.do(t, 0, "arch 5 1")
	if !hasKey(ev, "mic.took_arch") || s.hl(0, 0).Army != 7 || s.Players[0].Arch != 0 || s.ArchSupply != 1 {
		t.Fatalf("arch: army %d tokens %d supply %d", s.hl(0, 0).Army, s.Players[0].Arch, s.ArchSupply)
	}
	for _, r := range s.Row {
		if r.Soldiers != 0 {
			t.Fatal("architect paid soldiers")
		}
	}
	// Only one tile per turn: the path ends after the placement.
	s.reject(t, 1, "arch 1 1 arch")
	s.do(t, 1, "take 1 1")
	// A third architect with no token in the supply: nothing happens.
	s3 := newGame(t, 2, "tiles=55")
	s3.ArchSupply = 0
	ev = s3.do(t, 0, "take 1 0")
	if s3.Players[0].Arch != 0 || !hasKey(ev, "mic.architect_none") {
		t.Fatal("token from an empty supply")
	}
	// A player may hold both tokens.
	s4 := newGame(t, 2, "tiles=9,11,30")
	s4.do(t, 0, "take 1 0")
	s4.do(t, 1, "take 1 0")
	s4.do(t, 0, "take 1 1")
	if s4.Players[0].Arch != 2 {
		t.Fatal("cannot hold two tokens")
	}
}

// MIC-RECR-1, MIC-RECR-2, MIC-RECR-3, MIC-RECR-4, MIC-GEN-2, MIC-AMB-6,
// MIC-BARR-5: the general loses one army soldier (never barracks), then the
// Recruiter's owner gains one.
func TestRecruiter(t *testing.T) {
	s := newGame(t, 2, "tiles=11,5,34,38,32,39,49") // 5, 34, 38 recruiters; P1 general
	s.do(t, 0, "take 1 0")
	ev := s.do(t, 1, "take 1 0")
	if s.hl(0, 0).Army != 4 || s.hl(1, 0).Army != 6 || !hasKey(ev, "mic.recruit_loss") || !hasKey(ev, "mic.recruit_gain") {
		t.Fatalf("armies %d %d", s.hl(0, 0).Army, s.hl(1, 0).Army)
	}
	// The general places a Recruiter: -1 then +1.
	s.do(t, 0, "take 1 1")
	if s.hl(0, 0).Army != 4 {
		t.Fatalf("general's own recruiter: army %d", s.hl(0, 0).Army)
	}
	// General with an empty army (barracks soldiers are safe): owner still gains.
	s.hl(0, 0).Army = 0
	s.hl(0, 0).Full[0] = true // pretend barracks: untouched
	s.do(t, 1, "take 1 1")
	if s.hl(0, 0).Army != 0 || s.hl(1, 0).Army != 7 || !s.hl(0, 0).Full[0] {
		t.Fatalf("empty general: %d, owner %d", s.hl(0, 0).Army, s.hl(1, 0).Army)
	}
	// An empty general placing a recruiter ends with 1.
	s2 := newGame(t, 2, "tiles=5")
	s2.hl(0, 0).Army = 0
	s2.do(t, 0, "take 1 0")
	if s2.hl(0, 0).Army != 1 {
		t.Fatalf("empty general's recruiter: %d", s2.hl(0, 0).Army)
	}
	// A general with one soldier loses it, then gains one: still 1.
	s3 := newGame(t, 2, "tiles=5")
	s3.hl(0, 0).Army = 1
	s3.Supply += 4
	s3.do(t, 0, "take 1 0")
	if s3.hl(0, 0).Army != 1 || s3.Supply != 39 {
		t.Fatalf("general with 1 soldier: army %d supply %d", s3.hl(0, 0).Army, s3.Supply)
	}
	// MIC-ARMY-4: with the supply empty and a general with nothing to lose,
	// the Recruiter's owner gains nothing (soldier totals are not kept here).
	s4 := newGame(t, 2, "tiles=11,5")
	s4.do(t, 0, "take 1 0")
	s4.Supply = 0
	s4.hl(0, 0).Army = 0
	s4.do(t, 1, "take 1 0")
	if s4.hl(1, 0).Army != 5 || s4.Supply != 0 {
		t.Fatalf("recruit from an empty supply: army %d supply %d", s4.hl(1, 0).Army, s4.Supply)
	}
}

// MIC-BARR-1, MIC-BARR-2, MIC-BARR-3, MIC-BARR-4, MIC-AMB-3, MIC-AMB-4: a new
// barracks may be filled at once, completely, from the army, or left empty;
// the fill step is not offered when the army is too small.
func TestBarracks(t *testing.T) {
	s := newGame(t, 2, "tiles=16,35,2,11,32,39,49") // 16: B4, 35: B3, 2: B1
	st, _ := s.Choices(0, engine.Path{"take", "1", "0"})
	if st.Done || len(st.Options) != 2 {
		t.Fatalf("barracks step %+v", st)
	}
	ev := s.do(t, 0, "take 1 0 fill")
	if s.hl(0, 0).Army != 1 || !s.hl(0, 0).Full[0] || !hasKey(ev, "mic.barracks") {
		t.Fatal("fill")
	}
	s.do(t, 1, "take 1 0 leave")
	if s.hl(1, 0).Army != 5 || s.hl(1, 0).Full[0] {
		t.Fatal("leave")
	}
	// P1 has 1 soldier; tile 2 (B1) can be filled, a B3 could not.
	s.hl(0, 0).Army = 0
	st, _ = s.Choices(0, engine.Path{"take", "1", "1"})
	if !st.Done || len(st.Options) != 0 {
		t.Fatalf("fill offered with an empty army: %+v", st)
	}
	s.reject(t, 0, "take 1 1 fill")
	s.do(t, 0, "take 1 1")
	// Part-filling is impossible: a barracks is empty or full (MIC-BARR-4).
	if s.hl(0, 0).Full[1] {
		t.Fatal("filled without soldiers")
	}
}

// MIC-CENT-1, MIC-CENT-2, MIC-CENT-3, MIC-AMB-7, MIC-AMB-17: the Centurion
// moves soldiers both ways so that each of the player's barracks ends empty
// or full; the army cap applies afterwards.
func TestCenturion(t *testing.T) {
	s := newGame(t, 2, "tiles=16,11,2,32,19,39,35,49") // 19: centurion
	s.do(t, 0, "take 1 0 fill")                        // B4 full, army 1
	s.do(t, 1, "take 1 0")
	s.do(t, 0, "take 1 1 leave") // B1 empty
	s.do(t, 1, "take 1 1")
	// Round 3 (no refill yet: 3 tiles left > 2)? Row now 19,39,35 -> refill after round 2.
	if s.Row[0].ID != 19 {
		t.Fatalf("row %v", s.rowIDs())
	}
	s.hl(0, 0).Army = 9
	st, _ := s.Choices(0, engine.Path{"take", "1", "2"})
	if !st.Done || len(optCodes(st.Options)) != 2 {
		t.Fatalf("centurion step %+v", st)
	}
	// Empty the B4 (slot 0) and fill the B1 (slot 1): 9+4-1 = 12 -> capped at 10.
	supply := s.Supply
	ev := s.do(t, 0, "take 1 2 0 1")
	h := s.hl(0, 0)
	if h.Full[0] || !h.Full[1] || h.Army != 10 || s.Supply != supply+2 || !hasKey(ev, "mic.centurion") {
		t.Fatalf("full %v army %d supply %d/%d", h.Full[:3], h.Army, s.Supply, supply)
	}
	// Filling beyond the army is never offered.
	s2 := newGame(t, 2, "tiles=16,11,19")
	s2.do(t, 0, "take 1 0 leave")
	s2.do(t, 1, "take 1 0")
	s2.hl(0, 0).Army = 3
	if r := s2.ruleOf(t, 0, "take 1 1 0"); r != "MIC-CENT-1" {
		t.Fatalf("overfilling: %q", r)
	}
	s2.do(t, 0, "take 1 1")
}

// MIC-EFFECT-1, MIC-EFFECT-2, MIC-EFFECT-3, MIC-EFFECT-4, MIC-AMB-10: a tile
// with a master and a barracks lets the player pick the order; queens and
// fruits do nothing at once; effects never trigger again.
func TestEffectOrder(t *testing.T) {
	// 43: nurse (1 egg) + B1. Army 0: barracks first cannot fill, master
	// first hatches one soldier that can then fill it.
	s := newGame(t, 2, "tiles=43,1,11")
	s.hl(0, 0).Army = 0
	st, _ := s.Choices(0, engine.Path{"take", "1", "0"})
	if got := optCodes(st.Options); len(got) != 2 || got[0] != "m" || got[1] != "b" {
		t.Fatalf("order options %v", got)
	}
	if st, _ := s.Choices(0, engine.Path{"take", "1", "0", "b"}); !st.Done || len(st.Options) != 0 {
		t.Fatal("barracks first should not be fillable")
	}
	s.do(t, 0, "take 1 0 m fill")
	if s.hl(0, 0).Army != 0 || !s.hl(0, 0).Full[0] {
		t.Fatal("nurse then fill")
	}
	army := s.hl(1, 0).Army
	ev := s.do(t, 1, "take 1 0") // queen: no immediate effect
	if len(ev) != 3 || ev[2].Key != "mic.round" || s.hl(1, 0).Army != army {
		t.Fatalf("queen had an effect: %v", ev)
	}
	s.do(t, 0, "take 1 1") // a later tile does not retrigger the nurse
	if s.hl(0, 0).Army != 0 {
		t.Fatal("effect retriggered")
	}
}

// MIC-CENT-1: a Centurion's moves may always be finished. Found by random
// play (6 players, seed 218, random stream PCG(218,7), 54th answer): army 1,
// empty barracks of 3 on slot 0, full barracks of 1 on slots 5 and 8. Filling
// slot 0 (army -2) is possible only by emptying both 5 and 8, so emptying 8
// alone must not be offered after it: it skipped 5 and left no way back to
// an army of 0 or more.
func TestCenturionNoDeadEnd(t *testing.T) {
	s := newGame(t, 2, "tiles=31,47,22,10")
	h := s.hl(0, 0)
	h.Army = 1
	for slot, id := range map[int]int{0: 47, 5: 22, 8: 10} {
		h.Slots[slot] = int16(id)
		h.Count++
		h.Order[slot] = int16(h.Count)
	}
	h.Full[5], h.Full[8] = true, true
	s.Supply -= 2
	s.Row = s.Row[:1] // the centurion tile 31, free
	if err := enginetest.DeadEnd(s, 0, 10000); err != nil {
		t.Fatal(err)
	}
	if r := s.ruleOf(t, 0, "take 1 9 0 8"); r != "MIC-CENT-1" {
		t.Fatalf("fill 0 then empty only 8: %q, want MIC-CENT-1", r)
	}
	s.do(t, 0, "take 1 9 0 5 8")
	if !h.Full[0] || h.Full[5] || h.Full[8] || h.Army != 0 {
		t.Fatalf("full %v army %d", h.Full, h.Army)
	}
	// The soldiers of the very next barracks count too: army 0, an empty
	// B1 on slot 0 and a full B1 on slot 1: fill 0, then empty 1.
	s2 := newGame(t, 2, "tiles=31,22,10")
	h2 := s2.hl(0, 0)
	h2.Army = 0
	h2.Slots[0], h2.Slots[1], h2.Order[0], h2.Order[1], h2.Count = 22, 10, 1, 2, 2
	h2.Full[1] = true
	s2.Supply += 4
	s2.Row = s2.Row[:1]
	s2.do(t, 0, "take 1 2 0 1")
	if !h2.Full[0] || h2.Full[1] || h2.Army != 0 {
		t.Fatalf("full %v army %d", h2.Full, h2.Army)
	}
}
