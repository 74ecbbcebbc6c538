package march_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/locale"
	"formica/engine/march"
)

// TestMessagesComplete plays random games of every variant and checks that
// every event key, prompt kind, step name and option label the engine emits
// has English and Russian text whose placeholders are the event's arguments.
func TestMessagesComplete(t *testing.T) {
	seen := map[string]map[string]string{}
	note := func(key string, args map[string]string) {
		if _, ok := seen[key]; !ok {
			seen[key] = args
		}
	}
	n := 40
	if testing.Short() {
		n = 6
	}
	ss := setups()
	for g := 0; g < n; g++ {
		su := ss[g%len(ss)]
		su.Seed = uint64(500 + g)
		rng := rand.New(rand.NewPCG(su.Seed, 3))
		m, err := engine.Start(march.Game, su)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; m.State.Result() == nil && i < 20000; i++ {
			pend := m.State.Pending()
			p := pend[rng.IntN(len(pend))]
			note("moa.prompt."+p.Kind, nil)
			path, err := enginetest.RandomPath(m.State, p.Seat, rng)
			if err != nil {
				t.Fatal(err)
			}
			for j := 0; j <= len(path); j++ {
				st, _ := m.State.Choices(p.Seat, path[:j])
				note(st.Name, nil)
				for _, o := range st.Options {
					if o.Key != "" {
						note(o.Key, o.Args)
					}
				}
			}
			ev, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				note(e.Key, e.Args)
			}
		}
		if r := m.State.Result(); r != nil {
			for _, d := range r.Detail {
				note(d.Category, nil)
			}
		}
	}
	msgs, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	for key, args := range seen {
		for _, lang := range msgs.Languages() {
			m, ok := msgs.Message(lang, key)
			if !ok {
				t.Errorf("%s: no %s text", key, lang)
				continue
			}
			for _, name := range locale.Placeholders(m.Texts()...) {
				if _, ok := args[name]; !ok && !strings.Contains(key, "step") {
					t.Errorf("%s (%s): placeholder {%s} is not an argument", key, lang, name)
				}
			}
		}
	}
	if len(seen) < 60 {
		t.Errorf("only %d keys seen; the walk is too short", len(seen))
	}
}

// Every key in en, ru, uk and pl with the same placeholders and the plural
// forms each language needs; uk and pl never fall back to English words
// except words that read the same.
func TestCatalog(t *testing.T) {
	msgs, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	same := map[string]bool{"moa.step.segment": true} // Polish "segment"
	enginetest.CheckCatalog(t, msgs, func(key string) bool { return same[key] })
}
