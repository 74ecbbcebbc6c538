package micropolis

import (
	"slices"
	"testing"

	"formica/engine"
)

// MIC-EOR-1, MIC-EOR-3, MIC-EOR-4, MIC-ROUND-2, MIC-AMB-9, MIC-GEN-3,
// MIC-GEN-4: with more tiles than players no refill and the same general;
// with fewer, the row slides (keeping soldiers), new tiles go after it in
// draw order, and a single contender takes the token and starts.
func TestRefillAndGeneral(t *testing.T) {
	s := newGame(t, 3, "tiles=11,32,39,49,8,12,60,1,21,23,26,27,41,45")
	for i := 0; i < 3; i++ {
		s.do(t, s.Current, "take 1 0")
	}
	if s.Round != 2 || s.Current != 0 || len(s.Row) != 4 || len(s.Stack) != 54 {
		t.Fatalf("round %d current %d row %d", s.Round, s.Current, len(s.Row))
	}
	s.do(t, 0, "take 1 1")
	s.do(t, 1, "take 1 1")
	s.hl(0, 0).Army = 5
	s.hl(2, 0).Army = 5
	ev := s.do(t, 2, "take 2 1") // pays 1 onto tile 12, P3 army 4
	if !hasKey(ev, "mic.refill") || !hasKey(ev, "mic.general") {
		t.Fatalf("events %v", ev)
	}
	if got := s.rowIDs(); !slices.Equal(got, []int{12, 1, 21, 23, 26, 27, 41}) || s.Row[0].Soldiers != 1 {
		t.Fatalf("refilled row %v %+v", got, s.Row[0])
	}
	if s.General != 1 || s.Current != 1 || s.Round != 3 {
		t.Fatalf("general %d current %d", s.General, s.Current)
	}
}

// MIC-GEN-3, MIC-AMB-8: several contenders at or above the general's army:
// the general chooses any of them (literal), or only the largest (switch).
func TestGeneralChoice(t *testing.T) {
	for _, rule := range []string{"literal", "largest"} {
		s := newGame(t, 4, "general="+rule, "tiles=11,32,39,49,8,12,60")
		s.do(t, 0, "take 1 0")
		s.do(t, 1, "take 1 0")
		s.do(t, 2, "take 1 0")
		s.hl(0, 0).Army, s.hl(1, 0).Army, s.hl(2, 0).Army, s.hl(3, 0).Army = 4, 6, 4, 3
		ev := s.do(t, 3, "take 1 0") // 3 tiles left < 4 players
		if !hasKey(ev, "mic.refill") {
			t.Fatal("no refill")
		}
		if rule == "largest" {
			if s.Phase != phaseTurn || s.General != 1 {
				t.Fatalf("largest: phase %s general %d", s.Phase, s.General)
			}
			continue
		}
		if s.Phase != phaseGeneral || s.Current != 0 {
			t.Fatalf("literal: phase %s", s.Phase)
		}
		if p := s.Pending(); len(p) != 1 || p[0].Seat != 0 || p[0].Kind != "general" {
			t.Fatalf("pending %+v", p)
		}
		st, _ := s.Choices(0, nil)
		if got := optCodes(st.Options); !slices.Equal(got, []string{"p2", "p3"}) {
			t.Fatalf("contenders %v", got)
		}
		s.reject(t, 0, "p1") // the general cannot keep it
		s.reject(t, 0, "p4")
		s.do(t, 0, "p3")
		if s.General != 2 || s.Current != 2 || s.Phase != phaseTurn {
			t.Fatalf("general %d current %d", s.General, s.Current)
		}
	}
	// No contender: the general keeps the token.
	s := newGame(t, 4, "tiles=11,32,39,49,8,12,60")
	for i := 0; i < 3; i++ {
		s.do(t, s.Current, "take 1 0")
	}
	s.hl(0, 0).Army = 9
	s.do(t, 3, "take 1 0")
	if s.General != 0 || s.Phase != phaseTurn {
		t.Fatal("general lost the token without a contender")
	}
}

// MIC-EOR-5, MIC-EOR-6, MIC-EOR-7, MIC-ROUND-3, MIC-EOR-2, MIC-AMB-22,
// MIC-END-1, MIC-END-2: each round starts with more tiles than players (never
// equal), the stack suffices, and after round 10 the game ends without a
// refill or a general change and is scored.
func TestFullGames(t *testing.T) {
	for n := 2; n <= 6; n++ {
		s := newGame(t, n)
		for s.Phase != phaseOver {
			if s.Phase == phaseTurn && s.Turns == 0 {
				if len(s.Row) <= n {
					t.Fatalf("%d players: round %d starts with %d tiles", n, s.Round, len(s.Row))
				}
			}
			if s.Phase == phaseGeneral {
				st, _ := s.Choices(engine.Seat(s.General), nil)
				s.do(t, s.General, st.Options[0].Code)
				continue
			}
			if s.Round == 10 && s.Turns == n-1 {
				stack, gen := len(s.Stack), s.General
				ev := s.do(t, s.Current, "take 1 "+optCodes(mustChoices(t, s, "take", "1").Options)[0]+autoRest(t, s, "take", "1", optCodes(mustChoices(t, s, "take", "1").Options)[0]))
				if len(s.Stack) != stack || s.General != gen || hasKey(ev, "mic.refill") || !hasKey(ev, "mic.game_over") {
					t.Fatalf("%d players: end of round 10 refilled or changed the general", n)
				}
				continue
			}
			s.auto(t)
		}
		for i := range s.Players {
			if !s.hl(i, 0).complete() {
				t.Fatal("game over with an incomplete anthill")
			}
		}
		if s.Round != 10 || s.Result() == nil || len(s.Final.Scores) != n {
			t.Fatalf("%d players: ended in round %d", n, s.Round)
		}
		if n == 6 && (len(s.Stack) != 0 || len(s.Row) != 1) {
			t.Fatalf("6 players: stack %d row %d, want 0 and 1", len(s.Stack), len(s.Row))
		}
	}
}

func mustChoices(t *testing.T, s *state, p ...string) engine.Step {
	t.Helper()
	st, err := s.Choices(engine.Seat(s.Current), p)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// autoRest completes a path with first options, returning the extra codes.
func autoRest(t *testing.T, s *state, p ...string) string {
	out := ""
	for {
		st := mustChoices(t, s, p...)
		if st.Done {
			return out
		}
		p = append(p, st.Options[0].Code)
		out += " " + st.Options[0].Code
	}
}
