package micropolis_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
)

// TestMessages plays random games and checks that every event, step, option
// label, prompt kind and score category has English and Russian text whose
// placeholders exist in the arguments.
func TestMessages(t *testing.T) {
	keys := map[string]map[string]string{}
	add := func(k string, args map[string]string) {
		if k != "" {
			keys[k] = args
		}
	}
	for _, s := range []engine.Setup{
		{Game: "micropolis", Seats: 4, Seed: 1},
		{Game: "micropolis", Seats: 3, Seed: 2, Options: map[string]string{"variant": "twohills"}},
	} {
		rng := rand.New(rand.NewPCG(s.Seed, 9))
		m, err := enginetest.PlayRandom(micropolis.Game, s, rng, 5000, func(m *engine.Match) {
			for _, p := range m.State.Pending() {
				add("mic.prompt."+p.Kind, nil)
				var path engine.Path
				for {
					st, err := m.State.Choices(p.Seat, path)
					if err != nil {
						t.Fatal(err)
					}
					add(st.Name, nil)
					for _, o := range st.Options {
						add(o.Key, o.Args)
					}
					if len(st.Options) == 0 {
						break
					}
					path = append(path, st.Options[rng.IntN(len(st.Options))].Code)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range m.State.Result().Detail {
			add(d.Category, nil)
		}
		// Replay to collect events.
		r, _ := engine.Start(micropolis.Game, m.Setup)
		for _, a := range m.Log {
			ev, err := r.Answer(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				add(e.Key, e.Args)
			}
		}
	}
	ph := regexp.MustCompile(`\{(\w+)\}`)
	for k, args := range keys {
		for _, lang := range []string{"en", "ru"} {
			text, ok := micropolis.Messages[lang][k]
			if !ok {
				t.Errorf("%s: no %s text for %q", lang, lang, k)
				continue
			}
			for _, m := range ph.FindAllStringSubmatch(text, -1) {
				if _, ok := args[m[1]]; !ok && !strings.HasPrefix(k, "mic.err.") {
					t.Errorf("%s %q: placeholder {%s} not in args %v", lang, k, m[1], args)
				}
			}
		}
	}
	for k := range micropolis.Messages["en"] {
		if _, ok := micropolis.Messages["ru"][k]; !ok {
			t.Errorf("ru lacks %q", k)
		}
	}
	for k := range micropolis.Messages["ru"] {
		if _, ok := micropolis.Messages["en"][k]; !ok {
			t.Errorf("en lacks %q", k)
		}
	}
}
