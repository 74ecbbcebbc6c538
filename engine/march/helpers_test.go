package march

import (
	"strings"
	"testing"

	"formica/engine"
)

// tg drives a real match of March in internal tests: positions are built
// by editing the state directly, then answers go through engine.Match so
// every answer is validated exactly as in play.
type tg struct {
	t *testing.T
	m *engine.Match
}

func newTG(t *testing.T, players int, opts ...string) *tg {
	t.Helper()
	o := map[string]string{"first": "1"}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	m, err := engine.Start(Game, engine.Setup{Game: "march", Seats: players, Seed: 42, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return &tg{t: t, m: m}
}

func (g *tg) s() *State { return g.m.State.(*State) }

// ans applies a command that must be legal.
func (g *tg) ans(seat int, cmd string) []engine.Event {
	g.t.Helper()
	ev, err := g.m.Answer(engine.Answer{Seat: engine.Seat(seat), Path: engine.ParsePath(cmd)})
	if err != nil {
		g.t.Fatalf("P%d %q: %v (pending %v)", seat+1, cmd, err, g.m.State.Pending())
	}
	g.check()
	return ev
}

// bad applies a command that must be refused.
func (g *tg) bad(seat int, cmd string) error {
	g.t.Helper()
	_, err := g.m.Answer(engine.Answer{Seat: engine.Seat(seat), Path: engine.ParsePath(cmd)})
	if err == nil {
		g.t.Fatalf("P%d %q was accepted", seat+1, cmd)
	}
	return err
}

func (g *tg) check() {
	g.t.Helper()
	if err := g.s().invariants(); err != nil {
		g.t.Fatal(err)
	}
}

// options lists the codes offered to seat after prefix.
func (g *tg) options(seat int, prefix string) []string {
	g.t.Helper()
	st, err := g.m.State.Choices(engine.Seat(seat), engine.ParsePath(prefix))
	if err != nil {
		g.t.Fatalf("choices %q: %v", prefix, err)
	}
	var cs []string
	for _, o := range st.Options {
		if o.Code != "pref" {
			cs = append(cs, o.Code)
		}
	}
	return cs
}

func (g *tg) has(seat int, prefix, code string) bool {
	for _, c := range g.options(seat, prefix) {
		if c == code {
			return true
		}
	}
	return false
}

func (g *tg) pending() string {
	var ps []string
	for _, p := range g.m.State.Pending() {
		ps = append(ps, p.Seat.String()+":"+p.Kind)
	}
	return strings.Join(ps, " ")
}

func (g *tg) wantPending(want string) {
	g.t.Helper()
	if got := g.pending(); got != want {
		g.t.Fatalf("pending %q, want %q", got, want)
	}
}

// reset empties the Anthill except the GT, returns every token to its
// supply, empties hands into the deck, and gives each player food and larvae.
func (g *tg) reset(food, larvae int) {
	s := g.s()
	s.Tiles = s.Tiles[:1]
	for i := range s.At {
		s.At[i] = -1
	}
	s.At[0] = 0
	s.Tiles[0].Out = make([]int, s.N)
	s.Tiles[0].Centi = false
	s.Counters, s.Boxed, s.CentiGT = s.rules.Counters, 0, 0
	for i := range s.Players {
		p := &s.Players[i]
		s.Deck = append(s.Deck, p.Hand...)
		s.Deck = append(s.Deck, p.Goals...)
		for sg := range p.Evo {
			s.Deck = append(s.Deck, p.Evo[sg]...)
			p.Evo[sg] = nil
		}
		p.Hand, p.Goals, p.Bodies = nil, nil, 0
		p.Supply = s.rules.Tokens - larvae
		p.Larvae = larvae
		p.RestLarva, p.RestFood = 0, 0
		p.CP = 0
		p.Food = food
	}
	s.Food = s.rules.FoodTokens - food*s.N
	// every hex back in the stack, in number order
	s.Stack = nil
	for n := 1; n <= s.rules.Tiles; n++ {
		s.Stack = append(s.Stack, n)
	}
	s.Spare = nil
	g.check()
}

// place puts hex num at (q, r) turned rot.
func (g *tg) place(num, q, r, rot int) *Tile {
	s := g.s()
	for i, n := range s.Stack {
		if n == num {
			s.Stack = append(s.Stack[:i:i], s.Stack[i+1:]...)
			break
		}
	}
	h := s.data.Hex(num)
	t := Tile{Num: num, Q: q, R: r, Rot: rot, Sites: make([]int, len(h.Sites)), Out: make([]int, s.N)}
	for i := range t.Sites {
		t.Sites[i] = -1
	}
	s.Tiles = append(s.Tiles, t)
	s.At[num] = len(s.Tiles) - 1
	return &s.Tiles[len(s.Tiles)-1]
}

// ant puts one ant of seat from its supply on hex num: site >= 0, or the
// outskirts (-1; the GT for num 0).
func (g *tg) ant(num, seat, site int) {
	s := g.s()
	t := s.tile(num)
	s.Players[seat].Supply--
	if site >= 0 {
		t.Sites[site] = seat
	} else {
		t.Out[seat]++
	}
}

// hand gives seat these cards, taken from the deck.
func (g *tg) hand(seat int, ids ...int) {
	s := g.s()
	for _, id := range ids {
		g.takeCard(id)
		s.Players[seat].Hand = append(s.Players[seat].Hand, id)
	}
}

func (g *tg) evo(seat int, ids ...int) {
	s := g.s()
	for _, id := range ids {
		g.takeCard(id)
		sg := s.data.Card(id).SegIndex()
		s.Players[seat].Evo[sg] = append(s.Players[seat].Evo[sg], id)
	}
	s.Players[seat].Bodies = min(len(s.Players[seat].Evo[0]), len(s.Players[seat].Evo[1]), len(s.Players[seat].Evo[2]))
}

func (g *tg) takeCard(id int) {
	s := g.s()
	for i, c := range s.Deck {
		if c == id {
			s.Deck = append(s.Deck[:i:i], s.Deck[i+1:]...)
			return
		}
	}
	for i, c := range s.Discard {
		if c == id {
			s.Discard = append(s.Discard[:i:i], s.Discard[i+1:]...)
			return
		}
	}
	g.t.Fatalf("card %d is not in the deck or discard", id)
}

// deckTop puts cards on top of the deck in this order.
func (g *tg) deckTop(ids ...int) {
	for _, id := range ids {
		g.takeCard(id)
	}
	s := g.s()
	s.Deck = append(append([]int(nil), ids...), s.Deck...)
}

// start replaces the task stack with tasks and runs until a prompt.
func (g *tg) start(ts ...Task) {
	s := g.s()
	s.Tasks = nil
	s.push(ts...)
	s.ev = nil
	s.advance()
	g.check()
}

func (g *tg) turn(seat int) {
	s := g.s()
	s.Phase = "worker"
	s.Active = seat
	s.FillFrom = seat
	g.start(Task{K: kTurn, Seat: seat, Hex: -1}, Task{K: kWorker, Seat: -1, Hex: -1, Worker: WorkerTask{Turns: 1}})
}

func hasEvent(ev []engine.Event, key string) bool {
	for _, e := range ev {
		if e.Key == "moa."+key {
			return true
		}
	}
	return false
}

func normalized(t *testing.T, players int, seed uint64) engine.Setup {
	t.Helper()
	su, err := Game.Normalize(engine.Setup{Game: "march", Seats: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return su
}
