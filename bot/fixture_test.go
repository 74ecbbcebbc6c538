package bot_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"

	"formica/bot"
	"formica/engine"
	"formica/engine/locale"
)

// A tiny test-only game, "pile": seats take turns taking 1-3 tokens from a
// pile of Size ("take 2", two steps) or passing; the game ends when the pile
// is empty and the score is the tokens taken. Each take deals the taker a
// secret card (a private event and hand), so private delivery is exercised.
// Option boom=on offers "boom", whose Apply panics (panic recovery test);
// most=N lets a take be up to N tokens (a step with many options).

type pileState struct {
	Size  int         `json:"size"`
	Turn  int         `json:"turn"`
	N     int         `json:"n"`
	Taken []int       `json:"taken"`
	Cards [][]int     `json:"cards"`
	Boom  bool        `json:"boom"`
	Most  int         `json:"most,omitempty"`
	RNG   *engine.RNG `json:"rng"`
}

type pileView struct {
	Size  int   `json:"size"`
	Turn  int   `json:"turn"`
	Taken []int `json:"taken"`
	Hand  []int `json:"hand,omitempty"`
}

var pileGame = &engine.Descriptor{
	ID:      "pile",
	Name:    "Pile",
	Options: []engine.OptionSpec{{Name: "size", Default: "10"}, {Name: "boom", Values: []string{"off", "on"}}, {Name: "most", Default: "3"}},
	Seats:   func(engine.Setup) (int, int) { return 2, 4 },
	New: func(s engine.Setup) (engine.State, error) {
		n, err := strconv.Atoi(s.Options["size"])
		if err != nil || n < 1 {
			return nil, fmt.Errorf("size %q is not a positive number", s.Options["size"])
		}
		most, err := strconv.Atoi(s.Options["most"])
		if err != nil || most < 1 {
			return nil, fmt.Errorf("most %q is not a positive number", s.Options["most"])
		}
		return &pileState{Size: n, N: s.Seats, Taken: make([]int, s.Seats), Cards: make([][]int, s.Seats),
			Boom: s.Options["boom"] == "on", Most: most, RNG: engine.NewRNG(s.Seed)}, nil
	},
	Decode: func(b []byte) (engine.State, error) {
		var s pileState
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, err
		}
		return &s, nil
	},
}

func (s *pileState) Pending() []engine.Prompt {
	if s.Size == 0 {
		return nil
	}
	return []engine.Prompt{{Seat: engine.Seat(s.Turn), Kind: "turn", Default: engine.Path{"pass"}}}
}

func (s *pileState) Choices(seat engine.Seat, p engine.Path) (engine.Step, error) {
	switch {
	case len(p) == 0:
		opts := []engine.Option{{Code: "take", Key: "pile.opt.take"}, {Code: "pass"}}
		if s.Boom {
			opts = append(opts, engine.Option{Code: "boom"})
		}
		return engine.Step{Name: "pile.step.action", Options: opts}, nil
	case p[0] == "take" && len(p) == 1:
		var opts []engine.Option
		for i := 1; i <= min(s.most(), s.Size); i++ {
			opts = append(opts, engine.Option{Code: strconv.Itoa(i)})
		}
		return engine.Step{Name: "pile.step.count", Options: opts}, nil
	case p[0] == "take" && len(p) == 2:
		n, err := strconv.Atoi(p[1])
		if err != nil || n < 1 || n > min(s.most(), s.Size) {
			return engine.Step{}, engine.Illegal("PILE-TAKE-1", p, 1, "pile.err.count", map[string]string{"max": strconv.Itoa(min(s.most(), s.Size))})
		}
		return engine.Step{Done: true}, nil
	case (p[0] == "pass" || p[0] == "boom") && len(p) == 1:
		return engine.Step{Done: true}, nil
	}
	return engine.Step{}, engine.Illegal("PILE-1", p, len(p)-1, engine.KeyNotAnOption, map[string]string{"step": "pile.step.action"})
}

// most is the largest take (3 unless the most option says otherwise).
func (s *pileState) most() int {
	if s.Most == 0 {
		return 3
	}
	return s.Most
}

func (s *pileState) Apply(a engine.Answer) ([]engine.Event, error) {
	var ev []engine.Event
	switch a.Path[0] {
	case "boom":
		panic("pile: boom")
	case "take":
		n, _ := strconv.Atoi(a.Path[1])
		s.Size -= n
		s.Taken[a.Seat] += n
		card := s.RNG.IntN(100)
		s.Cards[a.Seat] = append(s.Cards[a.Seat], card)
		ev = append(ev, engine.Public("pile.took", map[string]string{"seat": a.Seat.String(), "n": a.Path[1], "left": strconv.Itoa(s.Size)}),
			engine.Event{Key: "pile.drew", Args: map[string]string{"card": strconv.Itoa(card)}, To: a.Seat})
	case "pass":
		ev = append(ev, engine.Public("pile.passed", map[string]string{"seat": a.Seat.String()}))
	}
	s.Turn = (s.Turn + 1) % s.N
	return ev, nil
}

func (s *pileState) View(seat engine.Seat) any {
	v := pileView{Size: s.Size, Turn: s.Turn, Taken: append([]int(nil), s.Taken...)}
	if seat >= 0 {
		v.Hand = append([]int(nil), s.Cards[seat]...)
	}
	return v
}

func (s *pileState) Result() *engine.Result {
	if s.Size > 0 {
		return nil
	}
	rank := make([]int, s.N)
	for i := range rank {
		rank[i] = 1
		for j := range rank {
			if s.Taken[j] > s.Taken[i] {
				rank[i]++
			}
		}
	}
	return &engine.Result{Scores: append([]int(nil), s.Taken...), Rank: rank}
}

func (s *pileState) Clone() engine.State {
	b, _ := s.MarshalBinary()
	c, _ := pileGame.Decode(b)
	return c
}

func (s *pileState) MarshalBinary() ([]byte, error) { return json.Marshal(s) }

// pileBoard draws a one-pixel-per-token strip: enough to check that a PNG
// arrives and decodes.
func pileBoard(view any, _ string) ([]byte, error) {
	v := view.(pileView)
	img := image.NewRGBA(image.Rect(0, 0, v.Size+1, 1))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

func pile() bot.Game {
	return bot.Game{
		Descriptor: pileGame,
		Messages: locale.FromTexts(map[string]map[string]string{
			"en": {
				"pile.took": "{player} took {n}; {left} left.", "pile.passed": "{player} passed.",
				"pile.drew": "You drew card {card}.", "pile.prompt.turn": "take or pass",
				"pile.step.action": "action", "pile.step.count": "count", "pile.opt.take": "Take",
				"pile.err.count": "Take 1 to {max}.", "pile.err.what": "Unknown action.",
				"pile.topic.take": "Taking: 1 to 3 tokens a turn.",
			},
			"ru": {"pile.took": "{player} взял {n}; осталось {left}.", "pile.prompt.turn": "бери или пасуй"},
		}),
		Board:   pileBoard,
		Private: pileBoard,
	}
}
