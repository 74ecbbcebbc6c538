package bot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine"
	"formica/engine/locale"
	"formica/storage/storagetest"
)

// A test-only game, "bids": seats P1 and P2 bid 1-3 in secret; then P3,
// who may set a standing preference at any time ("pref on"), closes the
// game with "ok". Each bid is sealed until both are in.

type bidState struct {
	Bids [2]int `json:"bids"` // 0: not yet
	Pref bool   `json:"pref"`
	Done bool   `json:"done"`
}

var bidGame = &engine.Descriptor{
	ID:    "bids",
	Name:  "Bids",
	Seats: func(engine.Setup) (int, int) { return 3, 3 },
	New:   func(engine.Setup) (engine.State, error) { return &bidState{}, nil },
	Decode: func(b []byte) (engine.State, error) {
		var s bidState
		return &s, json.Unmarshal(b, &s)
	},
}

func (s *bidState) over() bool { return s.Bids[0] > 0 && s.Bids[1] > 0 }

func (s *bidState) Pending() []engine.Prompt {
	var out []engine.Prompt
	for i, b := range s.Bids {
		if b == 0 {
			out = append(out, engine.Prompt{Seat: engine.Seat(i), Kind: "bid", Secret: true, Default: engine.Path{"1"}})
		}
	}
	if s.over() && !s.Done {
		return []engine.Prompt{{Seat: 2, Kind: "close"}}
	}
	return out
}

func (s *bidState) Anytime(seat engine.Seat, first string) bool { return first == "pref" }

func (s *bidState) Choices(seat engine.Seat, p engine.Path) (engine.Step, error) {
	if len(p) > 0 && p[0] == "pref" {
		if len(p) == 1 {
			return engine.Step{Name: "bids.step.pref", Options: []engine.Option{{Code: "on"}}}, nil
		}
		return engine.Step{Done: true}, nil
	}
	if s.over() && seat == 2 {
		if len(p) == 0 {
			return engine.Step{Name: "bids.step.close", Options: []engine.Option{{Code: "ok"}}}, nil
		}
		return engine.Step{Done: true}, nil
	}
	if int(seat) > 1 || s.Bids[seat] != 0 {
		if len(p) == 0 {
			return engine.Step{Name: "bids.step.pref", Options: []engine.Option{{Code: "pref"}}}, nil
		}
		return engine.Step{}, engine.ErrNotYourTurn
	}
	if len(p) == 0 {
		return engine.Step{Name: "bids.step.bid", Options: []engine.Option{{Code: "1"}, {Code: "2"}, {Code: "3"}}}, nil
	}
	if len(p) == 1 && p[0] >= "1" && p[0] <= "3" && len(p[0]) == 1 {
		return engine.Step{Done: true}, nil
	}
	return engine.Step{}, engine.Illegal("BIDS-1", p, 0, "bids.err", nil)
}

func (s *bidState) Apply(a engine.Answer) ([]engine.Event, error) {
	switch a.Path[0] {
	case "pref":
		s.Pref = true
		return nil, nil
	case "ok":
		s.Done = true
		return nil, nil
	}
	s.Bids[a.Seat] = int(a.Path[0][0] - '0')
	if s.over() {
		return []engine.Event{engine.Public("bids.revealed", map[string]string{"a": a.Path[0]})}, nil
	}
	return nil, nil
}

func (s *bidState) View(engine.Seat) any { return s.over() }

func (s *bidState) Result() *engine.Result {
	if !s.Done {
		return nil
	}
	return &engine.Result{Scores: []int{s.Bids[0], s.Bids[1], 0}, Rank: []int{1, 1, 3}}
}

func (s *bidState) Clone() engine.State            { c := *s; return &c }
func (s *bidState) MarshalBinary() ([]byte, error) { return json.Marshal(s) }

func bids() bot.Game {
	return bot.Game{Descriptor: bidGame, Messages: locale.FromTexts(map[string]map[string]string{
		"en": {"bids.prompt.bid": "bid in secret", "bids.step.bid": "bid", "bids.step.pref": "preference",
			"bids.revealed": "Bids are revealed.", "bids.err": "bid 1 to 3"},
	})}
}

// Secret and private options never reach the channel: the post says who
// chooses and offers one "My options" button, and each bidder gets its
// options by DM with buttons that stay good while the other bids
// (MOA1-ASYNC-2, MOA1-BATTLE-5's sealed ferocity picks follow the same path).
func TestSecretOptionsGoPrivately(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil), bids())
	tb.cmd("Ann", "new bids")
	tb.cmd("Ben", "join")
	tb.cmd("Cat", "join")
	tb.cmd("Ann", "start")

	var post bot.Message
	dms := map[string]bot.Message{}
	for _, m := range tb.out.Messages() {
		switch m.To {
		case bot.Channel:
			post = m
		case bot.Direct:
			dms[m.User] = m
		}
	}
	if !strings.Contains(post.Text, "(choices sent privately)") {
		t.Errorf("channel post %q does not say the choices went privately", post.Text)
	}
	for _, row := range post.Buttons {
		for _, b := range row {
			if b.Label != "My options" {
				t.Errorf("channel post offers %q: bids must not be buttons in public", b.Label)
			}
		}
	}
	for _, u := range []string{"ann", "ben"} {
		dm, ok := dms[u]
		if !ok || !strings.Contains(dm.Text, "`1` | `2` | `3`") || len(dm.Buttons) == 0 {
			t.Fatalf("%s got no DM with the bid options: %+v", u, dm)
		}
	}
	if _, ok := dms["cat"]; ok {
		t.Errorf("Cat, who does not bid, got a DM: %+v", dms["cat"])
	}

	tb.out.Reset()
	tb.cmd("Ann", "2")
	for _, m := range tb.out.Messages() {
		if m.To == bot.Channel && strings.Contains(m.Text, "2") && !strings.Contains(m.Text, "P2") {
			t.Errorf("channel post after Ann's bid shows it: %q", m.Text)
		}
	}
	// A standing preference between the two sealed bids keeps Ann's sealed.
	tb.cmd("Cat", "pref on")
	if log := tb.cmd("Dan", "log 10"); !strings.Contains(log, "P1 Ann: (secret choice)") {
		t.Errorf("log while Ben still bids shows Ann's bid:\n%s", log)
	}
	// Ben's DM button was sent when the bids opened; two answers later it
	// is still good, since his prompt is the same.
	press := dms["ben"].Buttons[0][2].Data
	if got := tb.press("Ben", press); strings.Contains(got, "stale") || !strings.Contains(got, "3") {
		t.Fatalf("Ben's private button 3 after others answered: %q", got)
	}
	if log := tb.cmd("Dan", "log 10"); !strings.Contains(log, "P1 Ann: 2") || !strings.Contains(log, "P2 Ben: 3") {
		t.Errorf("log after the reveal hides the bids:\n%s", log)
	}
}
