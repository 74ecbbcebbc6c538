package march

import (
	"math/rand/v2"
	"slices"
	"strings"

	"formica/engine"
)

// Determinize implements engine.Determinizer (MOA1-ASYNC-2): the other
// seats' hands and the deck are pooled, shuffled and dealt back at the same
// sizes (a card revealed earlier stays where it is); another seat's sealed ferocity pick is re-chosen at random from its
// new hand; the hex stack (with another seat's two scouted hexes), the
// centipede deck, the face-down rest tiles and rewards are reshuffled; the
// random stream is reseeded; other seats' standing preferences (told to
// their owner alone) are cleared. Seat's own hand and picks stay. Hidden
// parts are sorted before shuffling, so states that differ only in them
// give the same sample for the same r.
func (s *State) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	c := s.Clone().(*State)
	// the hands are dealt anew, the scouted hexes and picks chosen anew:
	// s shares them
	c.ownPlayers()
	c.ownTasks()
	me := int(seat)
	// A card revealed earlier (Shown) stays where it is: views show it
	// while it is out of every hand, so whether it is in one is public.
	shown := func(id int) bool { return slices.Contains(c.Shown, id) }
	var pool, deck []int
	for _, id := range c.Deck {
		if shown(id) {
			deck = append(deck, id)
		} else {
			pool = append(pool, id)
		}
	}
	for i := range c.Players {
		if i != me {
			pool = append(pool, slices.DeleteFunc(slices.Clone(c.Players[i].Hand), shown)...)
		}
	}
	slices.Sort(pool) // the same cards give the same sample, wherever they lay
	engine.Shuffle(r, pool)
	for i := range c.Players {
		if i == me {
			continue
		}
		hand := slices.DeleteFunc(slices.Clone(c.Players[i].Hand), func(id int) bool { return !shown(id) })
		n := len(c.Players[i].Hand) - len(hand)
		c.Players[i].Hand = append(hand, pool[:n]...)
		pool = pool[n:]
	}
	c.Deck = append(deck, pool...)
	slices.Sort(c.Deck)
	engine.Shuffle(r, c.Deck)

	// Another seat's scouted pair goes back into the stack before it is
	// shuffled, and a new pair is drawn from it (MOA1-CLAR-EVO-14).
	for i := range c.Tasks {
		t := &c.Tasks[i]
		if t.K != kExplore || len(t.Explore.Hexes) < 2 || t.Seat == me {
			continue
		}
		c.Stack = append(c.Stack, t.Explore.Hexes...)
		slices.Sort(c.Stack)
		engine.Shuffle(r, c.Stack)
		k := len(c.Stack) - len(t.Explore.Hexes)
		t.Explore.Hexes = slices.Clone(c.Stack[k:])
		c.Stack = c.Stack[:k:k]
	}
	c.Stack, c.CDeck = slices.Clone(c.Stack), slices.Clone(c.CDeck) // sorted in place: s shares them
	for _, xs := range [][]int{c.Stack, c.CDeck, c.Rewards} {
		slices.Sort(xs)
		engine.Shuffle(r, xs)
	}
	slices.Sort(c.RestStack)
	engine.Shuffle(r, c.RestStack)
	// Standing preferences are told to their owner alone: a sample
	// assumes none.
	for i := range c.Players {
		if i != me {
			c.Players[i].Prefs = nil
		}
	}

	c.redraft(me, r)
	for i := range c.Tasks {
		t := &c.Tasks[i]
		if t.K != kFero || t.Who == nil || !(t.Fight.Kind == "ant" || t.Fight.Kind == "gt" || t.Fight.Kind == "tile") {
			continue
		}
		for _, p := range t.Who {
			if p == me || t.Ans[p] == "" || len(c.Players[p].Hand) == 0 {
				continue
			}
			t.Ans[p] = strings.Join(c.randomFero(t, p, r), " ")
		}
	}
	c.RNG = engine.Reseed(r)
	return c
}

// randomFero walks a ferocity pick (none, a card, Berserker's second) at
// random from p's hand.
func (s *State) randomFero(t *Task, p int, r *rand.Rand) []string {
	var path []string
	for range 4 {
		st := s.feroNode(t, p, path)
		if st.Done && (len(st.Options) == 0 || r.IntN(2) == 0) || len(st.Options) == 0 {
			break
		}
		path = append(path, st.Options[r.IntN(len(st.Options))].Code)
	}
	return path
}
