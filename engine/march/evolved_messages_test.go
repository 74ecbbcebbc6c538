package march_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/locale"
	"formica/engine/march"
)

// evolvedGame is the descriptor that offers the Evolved rule set.
func evolvedGame() *engine.Descriptor { return march.Game }

// TestEvolvedMessagesComplete plays random Evolved games of 3 to 5 players
// and checks that every event key, prompt kind, step name and option label
// they emit has text in every language whose placeholders are the
// event's arguments.
func TestEvolvedMessagesComplete(t *testing.T) {
	seen := map[string]map[string]string{}
	note := func(key string, args map[string]string) {
		if _, ok := seen[key]; !ok {
			seen[key] = args
		}
	}
	n := 30
	if testing.Short() {
		n = 6
	}
	for g := 0; g < n; g++ {
		su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: 3 + g%3, Seed: uint64(700 + g)}
		if g%2 == 1 { // the Ancient Species and the draft (MOAE-ANC-1, MOAE-PSETUP-6)
			su.Options = map[string]string{"species": "on", "draft": "on"}
		}
		rng := rand.New(rand.NewPCG(su.Seed, 3))
		m, err := engine.Start(evolvedGame(), su)
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
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		args := seen[key]
		for _, lang := range msgs.Languages() {
			m, ok := msgs.Message(lang, key)
			if !ok {
				t.Errorf("%s: no %s text (args %v)", key, lang, args)
				continue
			}
			for _, name := range locale.Placeholders(m.Texts()...) {
				if _, ok := args[name]; !ok && !strings.Contains(key, "step") {
					t.Errorf("%s (%s): placeholder {%s} is not an argument", key, lang, name)
				}
			}
		}
	}
	if testing.Verbose() {
		for _, key := range keys {
			m, _ := msgs.Message("en", key)
			t.Logf("%s = %q", key, m.Texts())
		}
	}
	if len(seen) < 60 {
		t.Errorf("only %d keys seen; the walk is too short", len(seen))
	}
}
