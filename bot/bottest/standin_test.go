package bottest

import (
	"bytes"
	"image/png"
	"testing"
)

// A stand-in is a real PNG of the size the adapters accept; one view in one
// language is one image, and another view or language another.
func TestStandIn(t *testing.T) {
	type view struct{ Turn int }
	a, err := StandInPNG(view{1}, "en")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 256 || b.Dy() != 256 {
		t.Errorf("stand-in is %v, want 256×256", b)
	}
	again, _ := StandInPNG(view{1}, "en")
	if !bytes.Equal(a, again) {
		t.Error("the same view drew two different stand-ins")
	}
	for _, other := range [][]byte{must(StandInPNG(view{2}, "en")), must(StandInPNG(view{1}, "pl"))} {
		if bytes.Equal(a, other) {
			t.Error("two views or languages drew the same stand-in")
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
