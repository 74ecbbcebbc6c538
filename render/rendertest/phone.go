package rendertest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"formica/render"
)

// PhoneWidth is the width a chat app shows a board at on a phone held
// upright (Discord and Telegram fit the image to the message column).
const PhoneWidth = render.PhoneWidth

// PhoneMinPx is the em height every text a player reads must have there.
const PhoneMinPx = render.PhoneMinPx

// Width is the pixel width of a PNG board.
func Width(t testing.TB, board []byte) int {
	t.Helper()
	c, err := png.DecodeConfig(bytes.NewReader(board))
	if err != nil {
		t.Fatal(err)
	}
	return c.Width
}

// Phone scales a board PNG down to PhoneWidth as a phone shows it
// (Catmull-Rom, as browsers' high-quality scaling), for golden files that
// let a reviewer see what a player sees.
func Phone(board []byte) ([]byte, error) {
	src, err := png.Decode(bytes.NewReader(board))
	if err != nil {
		return nil, err
	}
	b := src.Bounds()
	h := (b.Dy()*PhoneWidth + b.Dx()/2) / b.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, PhoneWidth, h))
	draw.CatmullRom.Scale(dst, dst.Rect, src, b, draw.Src, nil)
	var out bytes.Buffer
	if err := png.Encode(&out, dst); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Text is one text a renderer drew and its em height in pixels.
type Text struct {
	Lang, S string
	Px      float64
}

// Texts collects what a renderer's text observer reports.
type Texts []Text

// Add is a text observer (SetSeen's signature).
func (ts *Texts) Add(lang, s string, px float64) { *ts = append(*ts, Text{lang, s, px}) }

// Legible checks that every text drawn matching one of classes (class
// name to regular expression; the expressions must not overlap) is at
// least minPx high (em) once the board of boardWidth is scaled to
// PhoneWidth, and that each class matched at least one text, so a key text
// missing from the board fails too.
func (ts Texts) Legible(t testing.TB, boardWidth int, minPx float64, classes map[string]string) {
	t.Helper()
	scale := float64(PhoneWidth) / float64(boardWidth)
	found := map[string]bool{}
	var small []string
	for name, pat := range classes {
		re := regexp.MustCompile(pat)
		for _, x := range ts {
			if !re.MatchString(x.S) {
				continue
			}
			found[name] = true
			if px := x.Px * scale; px < minPx {
				small = append(small, fmt.Sprintf("%s %q (%s): %.1f px", name, x.S, x.Lang, px))
			}
		}
		if !found[name] {
			t.Errorf("no %s text drawn (none matches %s)", name, pat)
		}
	}
	slices.Sort(small)
	small = slices.Compact(small)
	if len(small) > 0 {
		t.Errorf("%d texts are under %.1f px at %d px wide:\n%s", len(small), minPx, PhoneWidth, strings.Join(small, "\n"))
	}
}

// AllLegible checks that every text drawn, except those matching exempt
// (a regular expression; "" exempts none), is at least minPx high (em)
// once the board of boardWidth is scaled to PhoneWidth: a new text cannot
// slip in small, in any language the texts were collected in.
func (ts Texts) AllLegible(t testing.TB, boardWidth int, minPx float64, exempt string) {
	t.Helper()
	if len(ts) == 0 {
		t.Fatal("no text drawn")
	}
	var re *regexp.Regexp
	if exempt != "" {
		re = regexp.MustCompile(exempt)
	}
	scale := float64(PhoneWidth) / float64(boardWidth)
	var small []string
	for _, x := range ts {
		if re != nil && re.MatchString(x.S) {
			continue
		}
		if px := x.Px * scale; px < minPx {
			small = append(small, fmt.Sprintf("%q (%s): %.1f px", x.S, x.Lang, px))
		}
	}
	slices.Sort(small)
	small = slices.Compact(small)
	if len(small) > 0 {
		t.Errorf("%d texts are under %.1f px at %d px wide:\n%s", len(small), minPx, PhoneWidth, strings.Join(small, "\n"))
	}
}

// Report lists every text drawn with its em height at phone width, smallest
// first, one line each (for a reviewer; tests use Legible).
func (ts Texts) Report(boardWidth int) string {
	scale := float64(PhoneWidth) / float64(boardWidth)
	var lines []string
	for _, x := range ts {
		lines = append(lines, fmt.Sprintf("%5.1f %s %q", x.Px*scale, x.Lang, x.S))
	}
	slices.Sort(lines)
	return strings.Join(slices.Compact(lines), "\n")
}
