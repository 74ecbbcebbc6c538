package march

import "formica/engine"

// The Evolved edition's card effects (§13 of the rules reference). The
// rulebook's text does not print the cards; an effect here follows what
// the text states about the card, and what it leaves open is our design,
// noted at each entry. Passive Evolutions have only their rule ID: the
// Evolved battle code asks for them by id (activeEffect, top card only,
// MOAE-EVO-3).

// effectsEvolved is the Evolved table. It does not cover every effect id
// of the data yet (RuleSet.effectsPartial).
func effectsEvolved() effects {
	return effects{
		// Armored Head prevents 1 loss in an ant battle; the cap counts it,
		// and centipede losses are never prevented (MOAE-CL-10).
		"armor": {rule: "MOAE-CL-10"},
		// Trap Head: trap_head_cp more in a tile battle in which its owner
		// played a ferocity card (MOAE-CL-13; winning is not required:
		// the text gives the card as the only reason).
		"traphead": {rule: "MOAE-CL-13"},
		// Amazon Head: on winning an ant battle, the first loser clockwise
		// with a larva loses 1 and the owner gains 1, even if no loser had
		// one (MOAE-CL-7; which loser is our design).
		"amazon": {rule: "MOAE-CL-7"},
		// Treacherous Head and Traitor Abdomen: instead of fighting the
		// centipede, lose 1 ant from the tile; the others still fight it
		// (MOAE-CL-8, MOAE-CENT-14, -16). The cards' other rewards are not
		// written yet.
		"treacherous": {rule: "MOAE-CL-8"},
		"traitor":     {rule: "MOAE-CL-8"},
		// centidecline is the choice those two offer before a centipede
		// fight; "pass" fights.
		effCentiDecline: {rule: "MOAE-CL-8",
			node: func(s *State, t *Task, seat int, path []string) engine.Step {
				if len(path) == 0 {
					return withPass(step("centipede", false, "decline"))
				}
				return done("centipede")
			},
			answer: func(s *State, t *Task, seat int, path []string) {
				f := s.top() // the centipede fight, which ends here
				f.N, f.A = 3, []int{0}
				s.Hold = true
				s.emit("centi_declined", "seat", seatArg(seat), "hex", hexCode(t.Hex))
				counts := make([]int, s.N)
				counts[seat] = 1
				s.pushLosses(t.Hex, counts, "centipede")
			}},
	}
}

const effCentiDecline = "centidecline"

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
			prev[p] = 1
		}
	}
	return prev
}

// evoBattleWon applies the winner's head ability after an Evolved ant
// battle (MOAE-CL-7); ants[p] > 0 marks the participants.
func (s *State) evoBattleWon(w int, ants []int) {
	if s.activeEffect(w, 0) != "amazon" {
		return
	}
	for i := 1; i < s.N; i++ {
		if p := (w + i) % s.N; ants[p] > 0 && s.Players[p].Larvae > 0 {
			s.loseLarvae(p, 1)
			break
		}
	}
	s.gainLarvae(w, 1)
}
