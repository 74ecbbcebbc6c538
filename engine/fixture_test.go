package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// bids is a test-only game that exercises what Micropolis lacks and March of
// the Ants and Myrmes need: every seat is prompted at once, answers in any
// order, and the answers are sealed until all are in. Each round every seat
// secretly bids 1-3; the highest unique bid scores its value. Three rounds.
type bids struct {
	Seats  int            `json:"seats"`
	Round  int            `json:"round"`
	Sealed []int          `json:"sealed"` // 0 = not yet bid
	Score  []int          `json:"score"`
	Last   []int          `json:"last,omitempty"` // revealed bids of the previous round
	Deck   []int          `json:"deck"`           // shuffled once: proves the RNG is in the state
	RNG    *engine.RNG    `json:"rng"`
	Done   *engine.Result `json:"done,omitempty"`
}

type bidsView struct {
	Round   int    `json:"round"`
	Mine    string `json:"mine,omitempty"` // "P3 bid 2": distinctive, so a leak is found verbatim
	Waiting []bool `json:"waiting"`
	Score   []int  `json:"score"`
	Last    []int  `json:"last,omitempty"`
}

var bidsGame = &engine.Descriptor{
	ID:    "bids",
	Name:  "Sealed Bids",
	Seats: func(engine.Setup) (int, int) { return 2, 4 },
	New: func(s engine.Setup) (engine.State, error) {
		g := &bids{Seats: s.Seats, Sealed: make([]int, s.Seats), Score: make([]int, s.Seats), RNG: engine.NewRNG(s.Seed)}
		g.Deck = []int{1, 2, 3, 4, 5}
		g.RNG.Shuffle(len(g.Deck), func(i, j int) { g.Deck[i], g.Deck[j] = g.Deck[j], g.Deck[i] })
		return g, nil
	},
	Decode: func(b []byte) (engine.State, error) {
		g := &bids{}
		if err := json.Unmarshal(b, g); err != nil {
			return nil, err
		}
		return g, nil
	},
}

func (g *bids) Pending() []engine.Prompt {
	if g.Done != nil {
		return nil
	}
	var ps []engine.Prompt
	for s, b := range g.Sealed {
		if b == 0 {
			ps = append(ps, engine.Prompt{Seat: engine.Seat(s), Kind: "bid", Secret: true, Default: engine.Path{"bid", "1"}})
		}
	}
	return ps
}

func (g *bids) Choices(seat engine.Seat, prefix engine.Path) (engine.Step, error) {
	switch len(prefix) {
	case 0:
		return engine.Step{Name: "action", Options: []engine.Option{{Code: "bid"}}}, nil
	case 1:
		return engine.Step{Name: "amount", Options: []engine.Option{{Code: "1"}, {Code: "2"}, {Code: "3"}}}, nil
	case 2:
		return engine.Step{Done: true}, nil
	}
	return engine.Step{}, engine.Illegal("BIDS-1", prefix, 2, "err.too_long", nil)
}

func (g *bids) Apply(a engine.Answer) ([]engine.Event, error) {
	n, _ := strconv.Atoi(a.Path[1])
	g.Sealed[a.Seat] = n
	ev := []engine.Event{engine.Public("bids.sealed", map[string]string{"seat": a.Seat.String()})}
	for _, b := range g.Sealed {
		if b == 0 {
			return ev, nil
		}
	}
	// All in: reveal together.
	g.Last = append([]int(nil), g.Sealed...)
	count := map[int]int{}
	for _, b := range g.Sealed {
		count[b]++
	}
	best := -1
	for s, b := range g.Sealed {
		if count[b] == 1 && (best < 0 || b > g.Sealed[best]) {
			best = s
		}
	}
	if best >= 0 {
		g.Score[best] += g.Sealed[best]
	}
	ev = append(ev, engine.Public("bids.revealed", map[string]string{"bids": fmt.Sprint(g.Last)}))
	g.Sealed = make([]int, g.Seats)
	if g.Round++; g.Round == 3 {
		g.Done = &engine.Result{Scores: g.Score, Rank: make([]int, g.Seats)}
	}
	return ev, nil
}

func (g *bids) View(seat engine.Seat) any {
	v := bidsView{Round: g.Round, Score: g.Score, Last: g.Last}
	for s, b := range g.Sealed {
		v.Waiting = append(v.Waiting, b == 0)
		if engine.Seat(s) == seat && b != 0 {
			v.Mine = mine(seat, b)
		}
	}
	return v
}

func mine(seat engine.Seat, bid int) string { return seat.String() + " bid " + strconv.Itoa(bid) }

// Secrets: a sealed bid is visible to its owner only.
func (g *bids) Secrets(seat engine.Seat) []string {
	if b := g.Sealed[seat]; b != 0 {
		return []string{mine(seat, b)}
	}
	return nil
}

func (g *bids) Result() *engine.Result { return g.Done }

func (g *bids) Clone() engine.State {
	c := *g
	c.Sealed = append([]int(nil), g.Sealed...)
	c.Score = append([]int(nil), g.Score...)
	c.Last = append([]int(nil), g.Last...)
	c.Deck = append([]int(nil), g.Deck...)
	c.RNG = g.RNG.Clone()
	if g.Done != nil {
		d := *g.Done
		c.Done = &d
	}
	return &c
}

func (g *bids) MarshalBinary() ([]byte, error) { return json.Marshal(g) }

func TestFixtureAcceptance(t *testing.T) {
	enginetest.Run(t, bidsGame, enginetest.Config{Setups: []engine.Setup{
		{Game: "bids", Seats: 2, Seed: 1}, {Game: "bids", Seats: 4, Seed: 2},
	}})
}

// Simultaneous prompts: every seat is asked at once and may answer in any
// order; a seat that has answered is no longer prompted.
func TestSimultaneousPrompts(t *testing.T) {
	m, err := engine.Start(bidsGame, engine.Setup{Game: "bids", Seats: 3, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.State.Pending()); n != 3 {
		t.Fatalf("pending = %d prompts, want 3", n)
	}
	if _, err := m.Answer(engine.Answer{Seat: 2, Path: engine.Path{"bid", "3"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Answer(engine.Answer{Seat: 2, Path: engine.Path{"bid", "2"}}); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("second answer by the same seat: %v, want ErrNotYourTurn", err)
	}
	// Sealed: the others see that P3 has bid, not what.
	for _, viewer := range []engine.Seat{engine.NoSeat, 0, 1} {
		if v := m.State.View(viewer).(bidsView); v.Mine != "" || !v.Waiting[0] || v.Waiting[2] {
			t.Fatalf("view of %s = %+v: leaks or misreports the sealed bid", viewer, v)
		}
	}
	if v := m.State.View(2).(bidsView); v.Mine != "P3 bid 3" {
		t.Fatalf("owner's view = %+v, want own bid 3", v)
	}
	m.Answer(engine.Answer{Seat: 0, Path: engine.Path{"bid", "3"}})
	ev, err := m.Answer(engine.Answer{Seat: 1, Path: engine.Path{"bid", "1"}})
	if err != nil {
		t.Fatal(err)
	}
	if ev[len(ev)-1].Key != "bids.revealed" {
		t.Fatalf("last answer should reveal all bids, got %v", ev)
	}
	if v := m.State.View(engine.NoSeat).(bidsView); v.Score[1] != 1 || len(v.Last) != 3 {
		t.Fatalf("after reveal: %+v, want P2 (the only unique bid) to score 1", v)
	}
}

// A typed answer is checked step by step: the error names the failing step
// and keeps the match unchanged.
func TestCheckNamesFailingStep(t *testing.T) {
	m, _ := engine.Start(bidsGame, engine.Setup{Game: "bids", Seats: 2, Seed: 1})
	before, _ := engine.Hash(m.State)
	cases := []struct {
		path engine.Path
		step int
		key  string
	}{
		{engine.Path{"bet"}, 0, "err.not_an_option"},
		{engine.Path{"bid", "7"}, 1, "err.not_an_option"},
		{engine.Path{"bid"}, 1, "err.incomplete"},
	}
	for _, c := range cases {
		_, err := m.Answer(engine.Answer{Seat: 0, Path: c.path})
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Step != c.step || re.Key != c.key {
			t.Errorf("%q: got %v, want step %d %s", c.path, err, c.step+1, c.key)
		}
	}
	if after, _ := engine.Hash(m.State); after != before || m.Version() != 0 {
		t.Fatal("rejected answers changed the match")
	}
}

func TestSetupValidation(t *testing.T) {
	for _, s := range []engine.Setup{
		{Game: "bids", Seats: 1},
		{Game: "bids", Seats: 5},
		{Game: "bids", Seats: 2, RuleSet: "2e"},
		{Game: "bids", Seats: 2, Options: map[string]string{"nope": "1"}},
		{Game: "other", Seats: 2},
	} {
		if _, err := engine.Start(bidsGame, s); !errors.Is(err, engine.ErrBadSetup) {
			t.Errorf("%+v: got %v, want ErrBadSetup", s, err)
		}
	}
	if _, err := (engine.Games{bidsGame}).Find("chess"); !errors.Is(err, engine.ErrUnknownGame) {
		t.Errorf("Find(chess) = %v", err)
	}
}

func TestPathRoundTrip(t *testing.T) {
	for _, s := range []string{"take 3", "place 5 r", "pass"} {
		if got := engine.ParsePath("  " + strings.ToUpper(s) + " ").String(); got != s {
			t.Errorf("ParsePath(%q).String() = %q", s, got)
		}
	}
	if engine.ParsePath("   ") != nil {
		t.Error("blank text should parse to no path")
	}
}

func FuzzParsePath(f *testing.F) {
	f.Add("take 3")
	f.Add("place  5\tr")
	f.Fuzz(func(t *testing.T, s string) {
		p := engine.ParsePath(s)
		if q := engine.ParsePath(p.String()); q.String() != p.String() {
			t.Fatalf("not canonical: %q -> %q -> %q", s, p, q)
		}
	})
}

// The RNG lives in the state: replaying the same log gives the same deck.
func TestRNGReplay(t *testing.T) {
	a, _ := engine.Start(bidsGame, engine.Setup{Game: "bids", Seats: 2, Seed: 42})
	b, _ := engine.Start(bidsGame, engine.Setup{Game: "bids", Seats: 2, Seed: 42})
	ha, _ := engine.Hash(a.State)
	hb, _ := engine.Hash(b.State)
	if ha != hb {
		t.Fatal("same seed, different states")
	}
	g := a.State.(*bids)
	c := g.RNG.Clone()
	if g.RNG.IntN(1000) != c.IntN(1000) {
		t.Fatal("cloned RNG diverged")
	}
	raw, _ := json.Marshal(g.RNG)
	var back engine.RNG
	if err := json.Unmarshal(raw, &back); err != nil || back.IntN(1000) != c.IntN(1000) {
		t.Fatalf("RNG did not round-trip: %v", err)
	}
}

func TestScenarioRunner(t *testing.T) {
	enginetest.RunScripts(t, bidsGame, "testdata/*.txt")
}
