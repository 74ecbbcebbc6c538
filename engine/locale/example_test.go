package locale_test

import (
	"fmt"
	"testing/fstest"

	"formica/engine/locale"
)

func ExampleCatalog_T() {
	files := fstest.MapFS{
		"locales/en.json": {Data: []byte(`{"lost": {"one": "{who} lost {n} ant.", "other": "{who} lost {n} ants."}}`)},
		"locales/pl.json": {Data: []byte(`{"lost": {"one": "{who} traci {n} mrówkę.", "few": "{who} traci {n} mrówki.", "many": "{who} traci {n} mrówek."}}`)},
	}
	c, err := locale.Load(files, "locales")
	if err != nil {
		panic(err)
	}
	for _, n := range []string{"1", "3", "5", "22"} {
		fmt.Println(c.T("pl", "lost", map[string]string{"who": "Ola", "n": n}))
	}
	fmt.Println(c.T("en", "lost", map[string]string{"who": "Al", "n": "1"}))
	// Output:
	// Ola traci 1 mrówkę.
	// Ola traci 3 mrówki.
	// Ola traci 5 mrówek.
	// Ola traci 22 mrówki.
	// Al lost 1 ant.
}
