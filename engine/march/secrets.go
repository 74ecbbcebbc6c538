package march

import (
	"slices"

	"formica/engine"
)

// Secrets implements enginetest.Secretive: the cards in seat's hand (a
// sealed ferocity pick is still in the hand until the reveal).
func (s *State) Secrets(seat engine.Seat) []string {
	if seat < 0 || int(seat) >= s.N {
		return nil
	}
	var out []string
	for _, id := range s.Players[seat].Hand {
		out = append(out, cardRef(id))
	}
	return out
}

// Hidden implements engine.Concealer (MOA1-ASYNC-2): every card in a hand
// is its owner's secret (a sealed ferocity pick stays in the hand until the
// reveal); the deck and the hex stack are nobody's.
func (s *State) Hidden() []engine.Secret {
	var out []engine.Secret
	for seat := range s.Players {
		for _, id := range s.Players[seat].Hand {
			out = append(out, s.cardSecret(engine.Seat(seat), "hand", id))
		}
	}
	for _, id := range s.Deck {
		out = append(out, s.cardSecret(engine.NoSeat, "deck", id))
	}
	// The centipede deck's order is listed at the end, with no forms
	// (orderSecrets): which cards it holds is public (MOA1-SOLO-2).
	// MOA1-CLAR-EVO-14: the Scout's two drawn hexes are its owner's until
	// one is placed; the other goes back unseen.
	for _, t := range s.Tasks {
		if t.K == kExplore && len(t.Explore.Hexes) > 1 {
			for _, n := range t.Explore.Hexes {
				out = append(out, s.hexSecret(engine.Seat(t.Seat), "scouted hex", n))
			}
		}
	}
	for _, n := range s.Stack {
		out = append(out, s.hexSecret(engine.NoSeat, "hex stack", n))
	}
	return append(out, s.orderSecrets()...)
}

func (s *State) hexSecret(owner engine.Seat, what string, n int) engine.Secret {
	var forms []string // hex numbers are plain numbers: only names identify
	if h := s.data.Hex(n); h != nil {
		forms = append(forms, h.Name, h.RU)
	}
	return engine.Secret{Owner: owner, What: what, Forms: forms}
}

func (s *State) cardSecret(owner engine.Seat, what string, id int) engine.Secret {
	forms := []string{cardCode(id), cardRef(id)}
	if c := s.data.Card(id); c != nil && s.data.sameName(c.Name) == 1 {
		// A name shared by two cards says nothing of which one is where:
		// only a unique name identifies a hidden card.
		forms = append(forms, c.Name, c.RU)
	}
	return engine.Secret{Owner: owner, What: what, Forms: forms}
}

// hiddenCard reports whether a card is in a hand or a deck: a step that
// offers it offers a secret.
func (s *State) hiddenCard(id int) bool {
	return s.inSomeHand(id) || slices.Contains(s.Deck, id)
}

// private reports whether step, offered to seat after path, must be shown
// to seat alone: it names a card from a hand, or it is the action list of a
// player holding cards, which offers Play a Card only when one is
// affordable (MOA1-ASYNC-4) and the Mutant's Genome only for an Evolution
// in hand (MOA1-SPEC-15).
//
// A step that picks from the hand is private even when no card qualifies:
// "pass" alone would tell that none does.
func (s *State) private(t *Task, seat int, path []string, st engine.Step) bool {
	for _, o := range st.Options {
		if id := parseCardCode(o.Code); id != 0 && s.hiddenCard(id) {
			return true
		}
	}
	if t != nil && t.K == kExplore && len(t.Explore.Hexes) > 1 && len(path) == 0 {
		return true // the Scout's pick between two hexes (MOA1-CLAR-EVO-14)
	}
	if t == nil || !s.isPrompted(t, seat) || len(s.Players[seat].Hand) == 0 {
		return false
	}
	switch st.Name {
	case "moa.step.card", "moa.step.ferocity", "moa.step.discard":
		return true
	}
	first := len(path) == 0
	return first && (t.K == kTurn || t.K == kReact && (t.React.Action == "play" || t.React.Action == "genome" || t.React.Action == actBrood || t.React.Action == actVision))
}

// Redeal implements engine.Redealer: seat's hand is shuffled with the deck
// and dealt back at the same size, so only what seat holds changes.
func (s *State) Redeal(seat engine.Seat, rng func(n int) int) engine.State {
	c := s.Clone().(*State)
	if seat < 0 || int(seat) >= c.N {
		return c
	}
	p := c.playerLists(int(seat)) // s shares the players
	p.Hand, c.Deck = engine.RedealCards(p.Hand, c.Deck, rng)
	return c
}
