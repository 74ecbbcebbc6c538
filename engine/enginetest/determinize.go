package enginetest

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
)

// CheckDeterminizer plays random games of each setup and, at every fourth
// position, determinizes the state for each prompted seat. It checks that
// the copy shows that seat (and a spectator) exactly what the original
// shows, offers the seat the same first step, keeps the seat's own secrets,
// and can be played on to the end. It returns how many determinizations
// changed something the seat cannot see (Hidden of other owners), so a
// game's test can require that hidden parts actually vary.
func CheckDeterminizer(t *testing.T, d *engine.Descriptor, setups []engine.Setup, games int) (varied, total int) {
	t.Helper()
	for _, setup := range setups {
		for _, g := range RandomGames(setup.Seed, games) {
			su := setup
			su.Seed = g.Seed
			rng := g.Rand()
			played := 0
			_, err := PlayRandom(d, su, rng, 20000, func(m *engine.Match) {
				played++
				if played%4 != 1 {
					return
				}
				det, ok := m.State.(engine.Determinizer)
				if !ok {
					t.Fatalf("%s does not implement engine.Determinizer", d.ID)
				}
				for _, p := range m.State.Pending() {
					before, _ := engine.Hash(m.State)
					c := det.Determinize(p.Seat, rand.New(rand.NewPCG(rng.Uint64(), 1)))
					where := func() string { return d.ID + " " + g.String() + " seat " + p.Seat.String() }
					// The copy may share parts with the original (Clone):
					// re-sampling must leave the original as it was.
					if after, _ := engine.Hash(m.State); after != before {
						t.Fatalf("%s after %d answers: determinizing changed the original state", where(), len(m.Log))
					}
					for _, viewer := range []engine.Seat{p.Seat, engine.NoSeat} {
						if a, b := viewJSON(t, m.State, viewer), viewJSON(t, c, viewer); a != b {
							t.Fatalf("%s after %d answers: view of %s changed by determinizing:\n%s\n%s", where(), len(m.Log), viewer, a, b)
						}
					}
					want, _ := engine.PromptFor(m.State, p.Seat)
					got, ok := engine.PromptFor(c, p.Seat)
					if !ok || got.Kind != want.Kind || got.Secret != want.Secret || !slices.Equal(got.Default, want.Default) {
						t.Fatalf("%s after %d answers: prompt %+v became %+v", where(), len(m.Log), want, got)
					}
					s1, err1 := m.State.Choices(p.Seat, nil)
					s2, err2 := c.Choices(p.Seat, nil)
					if (err1 == nil) != (err2 == nil) || stepCodes(s1) != stepCodes(s2) {
						t.Fatalf("%s after %d answers: first step %s became %s", where(), len(m.Log), stepCodes(s1), stepCodes(s2))
					}
					own, others := hiddenBy(m.State, p.Seat)
					own2, others2 := hiddenBy(c, p.Seat)
					if own != own2 {
						t.Fatalf("%s: the seat's own secrets changed:\n%s\n%s", where(), own, own2)
					}
					total++
					if others != others2 {
						varied++
					}
					if played%16 == 1 {
						// A sample must be a game that goes on by the rules.
						if err := playOut(c, rng, 20000); err != nil {
							t.Fatalf("%s after %d answers: the determinized game: %v", where(), len(m.Log), err)
						}
					}
				}
			})
			if err != nil {
				t.Fatalf("%s %s: %v", d.ID, g, err)
			}
		}
	}
	return varied, total
}

func viewJSON(t *testing.T, s engine.State, seat engine.Seat) string {
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func stepCodes(st engine.Step) string {
	b, _ := json.Marshal(struct {
		C    []string
		Done bool
		Name string
	}{codesOf(st.Options), st.Done, st.Name})
	return string(b)
}

func codesOf(opts []engine.Option) []string {
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = o.Code
	}
	return out
}

// hiddenBy encodes the secrets seat owns and, separately, the ones it
// cannot see, each as a sorted list.
func hiddenBy(s engine.State, seat engine.Seat) (own, others string) {
	c, ok := s.(engine.Concealer)
	if !ok {
		return "", ""
	}
	var a, b []string
	for _, sec := range c.Hidden() {
		k, _ := json.Marshal(sec)
		if sec.Owner == seat {
			a = append(a, string(k))
		} else {
			b = append(b, string(k))
		}
	}
	slices.Sort(a)
	// Order matters for decks: keep b as listed.
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja), string(jb)
}

// playOut plays s to its end with random legal answers, each checked.
func playOut(s engine.State, rng *rand.Rand, max int) error {
	m := &engine.Match{State: s.Clone()}
	for n := 0; m.State.Result() == nil; n++ {
		if n >= max {
			return errString("did not end within the answer limit")
		}
		pend := m.State.Pending()
		if len(pend) == 0 {
			return errString("stuck: no prompt and no result")
		}
		p := pend[rng.IntN(len(pend))]
		path, err := RandomPath(m.State, p.Seat, rng)
		if err != nil {
			return err
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			return errString("offered path " + path.String() + " was rejected: " + err.Error())
		}
	}
	return nil
}

type errString string

func (e errString) Error() string { return string(e) }
