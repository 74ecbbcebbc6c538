package micropolis

import (
	"slices"
	"strconv"
	"testing"

	"formica/engine"
)

// MIC-ADV-2, MIC-ADV-3, MIC-ADV-4: two bases of 5 soldiers each; the first
// player puts the general token at one of their anthills.
func TestTwoHillsSetup(t *testing.T) {
	s := newGame(t, 3, "variant=twohills", "first=2b")
	if s.Supply != 45-30 || s.General != 1 || s.GeneralHill != 1 || s.Current != 1 {
		t.Fatalf("supply %d general %d/%d", s.Supply, s.General, s.GeneralHill)
	}
	for i := range s.Players {
		if len(s.Players[i].Hills) != 2 || s.hl(i, 0).Army != 5 || s.hl(i, 1).Army != 5 {
			t.Fatal("armies")
		}
	}
	v := s.View(engine.NoSeat).(View)
	if !v.Players[1].Hills[1].General || v.Rounds != 20 {
		t.Fatal("view")
	}
}

// MIC-ADV-7, MIC-ADV-8, MIC-AMB-18, MIC-ADV-9, MIC-ADV-11, MIC-ADV-12: the
// target anthill pays and collects; architect tokens serve either anthill;
// each anthill's first tile goes anywhere; a nurse feeds its own anthill.
func TestTwoHillsChoose(t *testing.T) {
	s := newGame(t, 2, "variant=twohills", "tiles=11,32,53,49,9,12,60")
	s.hl(0, 0).Army = 1
	st, _ := s.Choices(0, engine.Path{"take", "3"})
	if got := optCodes(st.Options); !slices.Equal(got, []string{"b"}) {
		t.Fatalf("hills %v", got)
	}
	if r := s.ruleOf(t, 0, "take 3 a"); r != "MIC-ADV-7" {
		t.Fatalf("rule %q", r)
	}
	s.do(t, 0, "take 3 b 0") // nurse (3 eggs) in b: b pays 2, gains 3
	if s.hl(0, 0).Army != 1 || s.hl(0, 1).Army != 6 {
		t.Fatalf("armies a %d b %d", s.hl(0, 0).Army, s.hl(0, 1).Army)
	}
	s.Row[0].Soldiers = 3
	s.do(t, 1, "take 1 a 0") // collects into a
	if s.hl(1, 0).Army != 8 || s.hl(1, 1).Army != 5 {
		t.Fatal("collected into the wrong anthill")
	}
	// Round 2: row 32,49,9,12,60 ... P1 takes the architect (pos 3) into a's first slot: any slot.
	st, _ = s.Choices(0, engine.Path{"take", "1", "a"})
	if len(st.Options) != 10 {
		t.Fatalf("first tile of anthill a: %d slots", len(st.Options))
	}
	s.hl(0, 0).Army = 5
	s.do(t, 0, "take 3 a 5")
	s.do(t, 1, "take 1 a 1")
	// Refill after round 2; then the token serves anthill b.
	if s.Phase == phaseGeneral {
		st, _ := s.Choices(engine.Seat(s.General), nil)
		s.do(t, s.General, st.Options[0].Code+autoGeneral(s, st.Options[0].Code))
	}
	if s.Current != 0 {
		s.auto(t)
	}
	s.do(t, 0, "arch "+strconv.Itoa(len(s.Row))+" b 1")
	if s.Players[0].Arch != 0 || s.hl(0, 1).Count != 2 {
		t.Fatal("architect for anthill b")
	}
}

func autoGeneral(s *state, seat string) string {
	st, _ := s.Choices(engine.Seat(s.General), engine.Path{seat})
	if st.Done {
		return ""
	}
	return " " + st.Options[0].Code
}

// MIC-ADV-10, MIC-ADV-12, MIC-ADV-13: a complete anthill takes no more tiles
// (no anthill step); the recruiter's loss hits only the general's anthill;
// the centurion works only with its own anthill's barracks.
func TestTwoHillsEffects(t *testing.T) {
	s := newGame(t, 2, "variant=twohills", "first=1b", "tiles=5,11,19,32")
	for i := 0; i < 10; i++ {
		s.hl(1, 0).Slots[i] = int16(40 + i)
	}
	s.hl(1, 0).Count = 10
	s.do(t, 0, "take 1 a 0") // recruiter in P1's a: loss from P1's b (general)
	if s.hl(0, 1).Army != 4 || s.hl(0, 0).Army != 6 {
		t.Fatalf("recruiter: a %d b %d", s.hl(0, 0).Army, s.hl(0, 1).Army)
	}
	st, _ := s.Choices(1, engine.Path{"take", "1"})
	if st.Name != "mic.step.slot" {
		t.Fatalf("anthill asked although a is complete: %s", st.Name)
	}
	s.do(t, 1, "take 1 0")
	if s.hl(1, 1).Count != 1 {
		t.Fatal("tile did not go to b")
	}
	// Centurion in P1's b sees no barracks although a has one.
	s.hl(0, 0).Slots[5], s.hl(0, 0).Full[5] = 16, true
	st, _ = s.Choices(0, engine.Path{"take", "1", "b", "0"})
	if !st.Done || len(st.Options) != 0 {
		t.Fatalf("centurion offered another anthill's barracks: %+v", st)
	}
}

// MIC-ADV-5, MIC-ADV-6, MIC-ADV-14, MIC-ADV-17: two rounds, then a refill,
// whatever the row holds; 20 rounds; with 3 players all 61 tiles are drawn.
func TestTwoHillsRounds(t *testing.T) {
	s := newGame(t, 3, "variant=twohills")
	refills := 0
	for s.Phase != phaseOver {
		if s.Phase == phaseGeneral {
			st, _ := s.Choices(engine.Seat(s.General), nil)
			s.do(t, s.General, st.Options[0].Code+autoGeneral(s, st.Options[0].Code))
			continue
		}
		round := s.Round
		stack := len(s.Stack)
		s.auto(t)
		if len(s.Stack) != stack {
			refills++
			if round%2 != 0 {
				t.Fatalf("refill after round %d", round)
			}
		}
	}
	if refills != 9 || s.Round != 20 || len(s.Stack) != 0 || len(s.Row) != 1 {
		t.Fatalf("refills %d rounds %d stack %d row %d", refills, s.Round, len(s.Stack), len(s.Row))
	}
}

// MIC-ADV-15, MIC-ADV-16, MIC-AMB-21: the largest army anywhere takes the
// token; a tie with another player forces it away; other ties: the general
// chooses (also which anthill).
func TestTwoHillsGeneral(t *testing.T) {
	s := newGame(t, 3, "variant=twohills")
	set := func(a ...int) {
		for i, v := range a {
			s.hl(i/2, i%2).Army = v
		}
	}
	set(5, 3, 4, 5, 2, 2) // tie between the general's a and P2's b: forced to P2 b
	if c := s.contenders(); len(c) != 1 || c[0] != (cand{1, 1}) {
		t.Fatalf("forced %v", c)
	}
	set(5, 5, 4, 4, 2, 2) // the general's own anthills tie: the general chooses
	if c := s.contenders(); len(c) != 2 || c[0].Seat != 0 || c[1].Seat != 0 {
		t.Fatalf("own tie %v", c)
	}
	set(5, 3, 4, 4, 2, 2) // the general's anthill alone is largest: keep
	if c := s.contenders(); len(c) != 0 {
		t.Fatalf("keep %v", c)
	}
	set(5, 6, 4, 4, 2, 2) // own anthill b is strictly larger: token moves to b
	if c := s.contenders(); len(c) != 1 || c[0] != (cand{0, 1}) {
		t.Fatalf("own b %v", c)
	}
	set(3, 3, 7, 7, 7, 1) // several other anthills tie: the general chooses, player then anthill
	if c := s.contenders(); len(c) != 3 {
		t.Fatalf("three-way %v", c)
	}
	s.Phase, s.Cands = phaseGeneral, s.contenders()
	st, _ := s.Choices(0, nil)
	if got := optCodes(st.Options); !slices.Equal(got, []string{"p2", "p3"}) {
		t.Fatalf("seats %v", got)
	}
	st, _ = s.Choices(0, engine.Path{"p2"})
	if got := optCodes(st.Options); !slices.Equal(got, []string{"a", "b"}) || st.Done {
		t.Fatalf("hills %v", got)
	}
	s.do(t, 0, "p2 b")
	if s.General != 1 || s.GeneralHill != 1 {
		t.Fatal("token not at P2 b")
	}
}

// MIC-ADV-18, MIC-AMB-19, MIC-ADV-19, MIC-AMB-20: each anthill is scored on
// its own and competes alone for Colony and Army; the tie-break is the larger
// single army.
func TestTwoHillsScoring(t *testing.T) {
	s := newGame(t, 2, "variant=twohills")
	place(s, 0, 0, map[int]int{0: 32}) // 2 ants
	place(s, 0, 1, map[int]int{0: 39}) // 2 ants
	place(s, 1, 0, map[int]int{0: 11}) // 2 ants, cherry x2
	s.hl(0, 0).Army, s.hl(0, 1).Army, s.hl(1, 0).Army, s.hl(1, 1).Army = 9, 1, 9, 0
	s.finish()
	f := s.Final.Scores
	if f[0].Hills[0].Colony != 5 || f[0].Hills[1].Colony != 5 || f[1].Hills[0].Colony != 5 || f[1].Hills[1].Colony != 0 {
		t.Fatalf("colony %+v %+v", f[0].Hills, f[1].Hills)
	}
	if f[0].Hills[0].Army != 5 || f[1].Hills[0].Army != 5 || f[0].Total.Army != 5 {
		t.Fatal("army per anthill")
	}
	// P1: 2+5+2+5 (a) + 2+5+2 (b) = 23; P2: 2+5+2+5 = 14.
	if f[0].Total.Sum != 23 || f[1].Total.Sum != 14 {
		t.Fatalf("totals %d %d", f[0].Total.Sum, f[1].Total.Sum)
	}
	// Tie-break on the largest single army, then the next.
	s2 := newGame(t, 2, "variant=twohills")
	s2.hl(0, 0).Army, s2.hl(0, 1).Army, s2.hl(1, 0).Army, s2.hl(1, 1).Army = 6, 0, 6, 5
	s2.finish()
	r := s2.Result()
	if r.Scores[0] != r.Scores[1] || r.Rank[0] != 2 || r.Rank[1] != 1 {
		t.Fatalf("tie-break %+v", r)
	}
}
