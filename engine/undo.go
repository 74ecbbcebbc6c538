package engine

// Undo (a player taking back their own answers) is allowed only while
// nothing happened that the answer cannot take back: a random draw, or a
// reveal of something hidden. The engine says which, so the bot never
// guesses from events or words.

// Drawer is implemented by games that keep a generator in their state
// (every game here): Rand returns it, so an answer that drew at random
// (the generator moved) can be told from one that did not.
type Drawer interface {
	Rand() *RNG
}

// Same reports whether g and o are in the same state: no draw separates
// them.
func (g *RNG) Same(o *RNG) bool {
	if g == nil || o == nil {
		return g == o
	}
	a, err1 := g.pcg.MarshalBinary()
	b, err2 := o.pcg.MarshalBinary()
	return err1 == nil && err2 == nil && string(a) == string(b)
}

// Drew reports whether going from before to after drew at random.
func Drew(before, after State) bool {
	a, ok1 := before.(Drawer)
	b, ok2 := after.(Drawer)
	return ok1 && ok2 && !a.Rand().Same(b.Rand())
}

// Revealed reports whether going from before to after showed some reader
// (one of seats players, or a spectator) a thing before hid from them:
// fewer secrets are hidden from the reader (a card played face up, the top
// of a stack drawn: a secret no word names counts too), or the reader now
// holds a secret it could not see before (a card passed to it from
// another hand: its words left that hand for the reader's). A secret that
// only changes its words (a second sealed pick added to the first), or
// words that another seat's secret still has (two equal picks), reveal
// nothing. A Concealer must therefore list every
// hidden thing a later answer may show, even with no Forms. A game that is
// not a Concealer hides nothing.
func Revealed(before, after State, seats int) bool {
	a, ok1 := before.(Concealer)
	b, ok2 := after.(Concealer)
	if !ok1 || !ok2 {
		return false
	}
	ha, hb := a.Hidden(), b.Hidden()
	for reader := NoSeat; int(reader) < seats; reader++ {
		if hiddenFrom(hb, reader) < hiddenFrom(ha, reader) {
			return true
		}
		if reader == NoSeat {
			continue
		}
		had := formsOf(ha, func(o Seat) bool { return o == reader })
		others := func(o Seat) bool { return o != reader }
		unseen, still := formsOf(ha, others), formsOf(hb, others)
		for f := range formsOf(hb, func(o Seat) bool { return o == reader }) {
			if unseen[f] > still[f] && had[f] == 0 {
				return true // it left another's secret for the reader's
			}
		}
	}
	return false
}

// hiddenFrom counts the secrets reader may not see.
func hiddenFrom(hidden []Secret, reader Seat) int {
	n := 0
	for _, s := range hidden {
		if reader == NoSeat || s.Owner != reader {
			n++
		}
	}
	return n
}

// formsOf counts the forms of the secrets whose owner passes keep.
func formsOf(hidden []Secret, keep func(Seat) bool) map[string]int {
	out := map[string]int{}
	for _, s := range hidden {
		if keep(s.Owner) {
			for _, f := range s.Forms {
				out[f]++
			}
		}
	}
	return out
}

// Settled reports whether the answer that took before to after can no
// longer be taken back by its player alone: it drew at random or revealed
// something hidden.
func Settled(before, after State, seats int) bool {
	return Drew(before, after) || Revealed(before, after, seats)
}

// Reseed puts g in the state NewRNG(seed) starts in. Tests use it to prove
// that an answer did not depend on a draw.
func (g *RNG) Reseed(seed uint64) { *g = *NewRNG(seed) }
