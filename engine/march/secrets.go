package march

import "formica/engine"

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
