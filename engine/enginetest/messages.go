package enginetest

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/locale"
)

// CheckMessages plays random games of every setup and checks that each
// message key the game emits — events, prompt kinds, step names, option
// labels, score categories — has a text in every language of msgs whose
// {placeholders} are among the arguments given with it, and that every
// language has the same keys. A prompt kind k is found under any key ending
// in ".prompt.k". Catalog-wide checks (every key in every language, plural
// forms) are locale.Catalog.Check's.
func CheckMessages(t *testing.T, d *engine.Descriptor, msgs *locale.Catalog, setups []engine.Setup) {
	t.Helper()
	keys := map[string]map[string]string{} // key -> the args seen with it
	note := func(k string, args map[string]string) {
		if k == "" {
			return
		}
		if keys[k] == nil {
			keys[k] = map[string]string{}
		}
		maps.Copy(keys[k], args)
	}
	kinds := map[string]bool{}
	for _, s := range setups {
		rng := rand.New(rand.NewPCG(s.Seed, 11))
		m, err := PlayRandom(d, s, rng, 100000, func(m *engine.Match) {
			for _, p := range m.State.Pending() {
				kinds[p.Kind] = true
				var path engine.Path
				for depth := 0; depth < 64; depth++ {
					st, err := m.State.Choices(p.Seat, path)
					if err != nil {
						t.Fatalf("Choices(%s): %v", path, err)
					}
					note(st.Name, nil)
					for _, o := range st.Options {
						note(o.Key, o.Args)
					}
					if len(st.Options) == 0 {
						break
					}
					path = append(path, st.Options[rng.IntN(len(st.Options))].Code)
				}
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", d.ID, err)
		}
		if r := m.State.Result(); r != nil {
			for _, sc := range r.Detail {
				note(sc.Category, nil)
			}
		}
		// Replaying the log regenerates every event the game produced.
		r, err := engine.Start(d, m.Setup)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range m.Log {
			ev, err := r.Answer(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				note(e.Key, e.Args)
			}
		}
	}
	t.Logf("%s: %d message keys, %d prompt kinds checked", d.ID, len(keys), len(kinds))
	for _, lang := range msgs.Languages() {
		for k, args := range keys {
			m, ok := msgs.Message(lang, k)
			if !ok {
				t.Errorf("%s: no %s text for %q", d.ID, lang, k)
				continue
			}
			for _, name := range locale.Placeholders(m.Texts()...) {
				if _, ok := args[name]; !ok {
					t.Errorf("%s %s %q: placeholder {%s} is never given (args %v)", d.ID, lang, k, name, slices.Sorted(maps.Keys(args)))
				}
			}
		}
		for kind := range kinds {
			if !slices.ContainsFunc(msgs.Keys(lang), func(k string) bool { return strings.HasSuffix(k, ".prompt."+kind) }) {
				t.Errorf("%s: no %s text for prompt kind %q (a key ending in .prompt.%s)", d.ID, lang, kind, kind)
			}
		}
	}
}

// Languages are the languages every catalog must speak in full.
var languages = []string{"en", "ru", "uk", "pl"}

// CheckCatalog fails t for each problem locale.Catalog.Check finds in c for
// en, ru, uk and pl: a key missing or extra, placeholders that differ, a
// plural text without a form its language needs, or a uk/pl text equal to
// the English one whose key same does not allow (names, codes). Russian
// may equal English too where same allows it.
func CheckCatalog(t *testing.T, c *locale.Catalog, same func(key string) bool) {
	t.Helper()
	errs := c.Check(languages, same)
	for _, err := range errs {
		t.Error(err)
	}
	if len(c.Keys(locale.Fallback)) == 0 {
		t.Error("empty English catalog")
	}
}
