package march

import (
	"fmt"

	"formica/engine"
)

// CheckInvariants verifies component conservation after every answer: each
// colour's 36 tokens (MOA1-DATA-6), at most 30 food tokens in play
// (MOA1-DATA-7; only with food=limited, MOA1-AMB-31), 15 centipede/wormhole
// markers (MOA1-DATA-8), 66 cards, no negative counts. Tests call it from enginetest.Config.Check.
func CheckInvariants(st engine.State) error {
	s, ok := st.(*State)
	if !ok {
		return fmt.Errorf("march: not a March of the Ants state: %T", st)
	}
	return s.invariants()
}

func (s *State) invariants() error {
	food := s.Food
	for i := range s.Players {
		p := &s.Players[i]
		if p.Supply < 0 || p.Larvae < 0 || p.Food < 0 || p.RestFood < 0 || p.RestLarva < 0 {
			return fmt.Errorf("P%d has a negative count: %+v", i+1, *p)
		}
		if !s.Opt.NegativeCP && p.CP < 0 {
			return fmt.Errorf("P%d has negative CP", i+1)
		}
		n := p.Supply + p.Larvae + p.RestLarva + s.antsInAnthill(i)
		if n != s.rules.Tokens {
			return fmt.Errorf("P%d tokens: supply %d + larvae %d + rest %d + ants %d = %d, want %d",
				i+1, p.Supply, p.Larvae, p.RestLarva, s.antsInAnthill(i), n, s.rules.Tokens)
		}
		food += p.Food + p.RestFood
	}
	// MOA1-DATA-7: at most 30 food tokens in play; food=unlimited
	// (MOA1-AMB-31) lets the supply run below zero with substitutes.
	if s.Food < 0 && !s.Opt.FoodUnlimited {
		return fmt.Errorf("food supply %d: more than %d food tokens in play", s.Food, s.rules.FoodTokens)
	}
	if food != s.rules.FoodTokens {
		return fmt.Errorf("food tokens: %d, want %d", food, s.rules.FoodTokens)
	}
	markers := s.Counters + s.Boxed + s.CentiGT
	for i := range s.Tiles {
		t := &s.Tiles[i]
		if t.Centi {
			markers++
		}
		if t.Worm {
			markers++
		}
		for _, o := range t.Out {
			if o < 0 {
				return fmt.Errorf("hex %d: negative outskirts", t.Num)
			}
		}
	}
	if markers != s.rules.Counters {
		return fmt.Errorf("centipede/wormhole markers: %d, want %d", markers, s.rules.Counters)
	}
	cards := len(s.Deck) + len(s.Discard) + len(s.CDeck) + len(s.CUsed)
	for i := range s.Players {
		p := &s.Players[i]
		cards += len(p.Hand) + len(p.Goals) + len(p.Evo[0]) + len(p.Evo[1]) + len(p.Evo[2])
	}
	for i := range s.Tasks {
		if sub := s.Tasks[i].Effect.ID; s.Tasks[i].K == kEff && (sub == "espionage" || sub == "spiderlair") { // revealed, not yet played
			cards += len(s.Tasks[i].Effect.Drawn)
		}
	}
	if cards != 66 {
		return fmt.Errorf("cards: %d, want 66", cards)
	}
	return nil
}
