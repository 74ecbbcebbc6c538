package locale_test

import (
	"testing"

	"formica/engine/locale"
	"formica/engine/march"
)

// Looking up a text costs about what a map of texts did; a plural text adds
// the CLDR rule; a reference a second lookup. The anchor is the Go map
// lookup plus placeholder filling the bot did before (i18n.Format).
func BenchmarkT(b *testing.B) {
	c, err := march.Messages()
	if err != nil {
		b.Fatal(err)
	}
	args := map[string]string{"seat": "P1", "n": "3", "hex": "7", "name": "Amazon", "card": "c12"}
	old := map[string]map[string]string{"ru": {"moa.drew": "{seat} берёт карту."}}
	b.Run("anchor-map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = locale.Format(old["ru"]["moa.drew"], args)
		}
	})
	for name, key := range map[string]string{"text": "moa.drew", "plural": "moa.larvae_lost", "reference": "moa.played"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = c.T("ru", key, args)
			}
		})
	}
}
