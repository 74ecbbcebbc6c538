package main

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// descriptors are the games this binary offers, rules only.
func descriptors(tb testing.TB) []*engine.Descriptor {
	tb.Helper()
	gs, err := games()
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]*engine.Descriptor, len(gs))
	for i, g := range gs {
		out[i] = g.Descriptor
	}
	return out
}

// FuzzMove types a line as some seat at a random point of a random game of
// every game: no panic; a refused move leaves the state byte-identical; an
// accepted one leaves the state it came from untouched, round-trips through
// its encoding and replays from the log to the same hash.
func FuzzMove(f *testing.F) {
	ds := descriptors(f)
	for i := range ds {
		g := uint8(i)
		for _, text := range []string{"", "pass", "take 4 7", "take 2 0 fill", "move nw 3", "pref take-forage on",
			"play 1", "hand", "\x00", "take 99999999999999999999", "ТАКЕ 1", "take   1  1", "a b c d e f g h i j k l m n o p q r"} {
			f.Add(g, uint64(1+i), uint16(len(text)*7), uint8(len(text)%5), text)
		}
	}
	f.Fuzz(func(t *testing.T, game uint8, seed uint64, steps uint16, who uint8, text string) {
		d := ds[int(game)%len(ds)]
		s := engine.Setup{Game: d.ID, Seed: seed}
		norm, err := d.Normalize(engine.Setup{Game: d.ID, Seats: 2})
		if err != nil {
			norm.Seats = 2
		}
		lo, hi := d.Seats(norm)
		s.Seats = lo + int(seed%uint64(hi-lo+1))
		rng := rand.New(rand.NewPCG(seed, uint64(steps)))
		m, err := engine.Start(d, s)
		if err != nil {
			t.Fatalf("%s with %d players does not start: %v", d.ID, s.Seats, err)
		}
		for range int(steps) % 120 {
			pend := m.State.Pending()
			if m.State.Result() != nil || len(pend) == 0 {
				break
			}
			p := pend[rng.IntN(len(pend))]
			path, err := enginetest.RandomPath(m.State, p.Seat, rng)
			if err != nil {
				t.Fatalf("%s seed %d: %v", d.ID, seed, err)
			}
			if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
				t.Fatalf("%s seed %d: offered %q refused: %v", d.ID, seed, path, err)
			}
		}
		// Seats beyond the table and the spectator seat are typed too.
		seat := engine.Seat(int(who)%(s.Seats+2)) - 1
		orig := m.State
		before, err := orig.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		_, err = m.Answer(engine.Answer{Seat: seat, Path: engine.ParsePath(text)})
		after, merr := orig.MarshalBinary()
		if merr != nil {
			t.Fatal(merr)
		}
		if !bytes.Equal(before, after) {
			t.Fatalf("%s: %s typing %q changed the state it was checked against (err %v)", d.ID, seat, text, err)
		}
		if err != nil {
			if m.State != orig {
				t.Fatalf("%s: refused %q but the match moved on", d.ID, text)
			}
			return
		}
		hash, err := engine.Hash(m.State)
		if err != nil {
			t.Fatal(err)
		}
		enc, _ := m.State.MarshalBinary()
		dec, err := d.Decode(enc)
		if err != nil {
			t.Fatalf("%s: accepted state does not decode: %v", d.ID, err)
		}
		if h, _ := engine.Hash(dec); h != hash {
			t.Fatalf("%s: accepted state does not round-trip", d.ID)
		}
		re, err := engine.Replay(d, m.Setup, m.Log)
		if err != nil {
			t.Fatalf("%s: log does not replay: %v", d.ID, err)
		}
		if h, _ := engine.Hash(re.State); h != hash {
			t.Fatalf("%s: replay hash %s, played %s", d.ID, h, hash)
		}
	})
}
