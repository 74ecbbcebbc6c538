package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// piecePicture finds, in console output, the reply that starts with head
// and the image the console wrote for it, and decodes that PNG.
func piecePicture(t *testing.T, out, head string) image.Image {
	t.Helper()
	i := strings.Index(out, head)
	if i < 0 {
		t.Fatalf("output lacks %q:\n%s", head, out)
	}
	m := regexp.MustCompile(`\[image: ([^\]]+)\]`).FindStringSubmatchIndex(out[i:])
	if m == nil {
		t.Fatalf("the reply %q carries no image:\n%s", head, out[i:])
	}
	if next := strings.Index(out[i+len(head):], "**"); next >= 0 && i+len(head)+next < i+m[0] {
		t.Fatalf("the reply %q carries no image of its own:\n%s", head, out[i:])
	}
	b, err := os.ReadFile(out[i+m[2] : i+m[3]])
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", head, err)
	}
	return img
}

// rgb is the colour at (x, y) as 0xRRGGBB.
func rgb(img image.Image, x, y int) uint32 {
	r, g, b, _ := color.NRGBAModel.Convert(img.At(x, y)).RGBA()
	return r>>8<<16 | g>>8<<8 | b>>8
}

// near reports that a and b differ by at most 3 in every channel: the
// PNG encoder's 256-colour quantizer may move a colour by a step or two.
func near(a, b uint32) bool {
	for sh := 0; sh <= 16; sh += 8 {
		d := int(a>>sh&0xFF) - int(b>>sh&0xFF)
		if d < -3 || d > 3 {
			return false
		}
	}
	return true
}

// colours counts the distinct colours of img: a blank or one-colour
// picture has one or two.
func colours(img image.Image) int {
	seen := map[uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			seen[rgb(img, x, y)] = true
		}
	}
	return len(seen)
}

// share is the fraction of img's pixels of colour c.
func share(img image.Image, c uint32) float64 {
	n, all := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			all++
			if near(rgb(img, x, y), c) {
				n++
			}
		}
	}
	return float64(n) / float64(all)
}

// The palette's colours the pictures must show (render and render/march).
const (
	paper     = 0xF6F1E7
	panel     = 0xFFFDF8
	soil      = 0xC9A27A
	meadow    = 0xDDE7C7
	hexEarth  = 0xEAD9B8
	passage   = 0x5C4330
	eventBand = 0xA8742A
	danger    = 0xB3261E
)

// `card`, `hex` and `tile` answer with the piece's text and a picture of
// it alone, drawn by the code that draws it on the board and in a hand;
// the console writes the picture as a file. An unknown name is refused in
// words with the nearest names.
func TestPiecePictures(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": filepath.Join(dir, "boards")}
	in := "card royal jelly\ncard sparrow attack\nhex pond\nhex 22\nhex pont\ncard funants ant rage\ntile 1\nlang ru\nhex пруд\nquit\n"
	out, stderr, err := runGames(t, games, in, env, "play", "march", "--players", "2", "--seed", "42")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}

	t.Run("MOA1-CARD-5 card face", func(t *testing.T) {
		img := piecePicture(t, out, "**Royal Jelly** (`c18`)\nEvent. Cost 2")
		if b := img.Bounds(); b.Dx() != 403 || b.Dy() != 382 {
			t.Errorf("card picture is %v, want 403×382 (one hand card and a margin)", b)
		}
		if n := colours(img); n < 20 {
			t.Errorf("card picture has %d colours: blank", n)
		}
		if c := rgb(img, 4, 4); !near(c, paper) {
			t.Errorf("margin is %06X, want paper %06X", c, paper)
		}
		if c := rgb(img, 40, 30); !near(c, eventBand) {
			t.Errorf("name band is %06X, want the Event band %06X", c, eventBand)
		}
		if s := share(img, danger); s < 0.002 {
			t.Errorf("no ferocity badge: %.4f of the pixels are its red", s)
		}
	})
	t.Run("larvae only", func(t *testing.T) {
		if !strings.Contains(out, "**Sparrow Attack** (`c21`)\nEvent. Cost 2, paid in larvae only; ferocity 3.") {
			t.Errorf("card sparrow attack does not say it is paid in larvae only:\n%s", out)
		}
	})
	t.Run("MOA1-HEX hex as printed", func(t *testing.T) {
		// Pond: food (control), food, colony point; openings e, nw, w.
		if !strings.Contains(out, "**Pond** (`2`)\nStandard hex. Sites: s1 food (control site), s2 food, s3 1 colony point. Tunnels open to the e, nw, w edges (unrotated).") {
			t.Fatalf("hex pond text:\n%s", out)
		}
		img := piecePicture(t, out, "**Pond** (`2`)")
		b := img.Bounds()
		if b.Dx() != 440 || b.Dy() != 480 {
			t.Errorf("hex picture is %v, want 440×480", b)
		}
		if c := rgb(img, 3, 3); !near(c, meadow) {
			t.Errorf("corner is %06X, want meadow %06X", c, meadow)
		}
		cx, cy := b.Dx()/2, b.Dy()/2
		if c := rgb(img, cx, cy+110); !near(c, hexEarth) {
			t.Errorf("hex body under the sites is %06X, want earth %06X", c, hexEarth)
		}
		// Tunnel openings: a passage across the east edge (open), none
		// across the north-east one (closed).
		edge := 150 * math.Sqrt(3) / 2
		if c := rgb(img, cx+int(edge)-12, cy); !near(c, passage) {
			t.Errorf("east edge is %06X, want a tunnel %06X", c, passage)
		}
		ne := -math.Pi / 3
		if c := rgb(img, cx+int((edge-12)*math.Cos(ne)), cy+int((edge-12)*math.Sin(ne))); near(c, passage) {
			t.Errorf("north-east edge shows a tunnel; Pond has none there")
		}
	})
	t.Run("MOA1-NF hex effect", func(t *testing.T) {
		if !strings.Contains(out, "**Antlion Den** (`22`)\nNew Frontiers hex.") ||
			!strings.Contains(out, "New Frontiers: each player discards 1 card per site they occupy here.") {
			t.Errorf("hex 22 lacks its kind or effect:\n%s", out)
		}
		piecePicture(t, out, "**Antlion Den** (`22`)")
	})
	t.Run("unknown hex", func(t *testing.T) {
		if !strings.Contains(out, "March of the Ants has no hex «pont». Closest: Pond,") {
			t.Errorf("hex pont not refused with Pond nearest:\n%s", out)
		}
	})
	t.Run("FUN-CARD card row", func(t *testing.T) {
		img := piecePicture(t, out, "**Ant Rage** (`rage`)")
		if n := colours(img); n < 10 {
			t.Errorf("card picture has %d colours: blank", n)
		}
		if c := rgb(img, img.Bounds().Dx()/2, 20); !near(c, panel) {
			t.Errorf("card body is %06X, want panel %06X", c, panel)
		}
	})
	t.Run("tile outside Micropolis", func(t *testing.T) {
		if !strings.Contains(out, "March of the Ants has no tiles to look up.") {
			t.Errorf("tile in March:\n%s", out)
		}
	})
	t.Run("Russian", func(t *testing.T) {
		if !strings.Contains(out, "**Пруд** (`2`)\nОбычный гекс. Точки: s1 еда (точка контроля), s2 еда, s3 1 очко колонии.") {
			t.Errorf("hex пруд in Russian:\n%s", out)
		}
		piecePicture(t, out, "**Пруд** (`2`)")
	})
}

// `tile <position>` in Micropolis shows the row's tile at that position
// with its cost, contents and picture; a position not in the row is
// refused with the positions there are.
func TestTileOfTheRow(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": filepath.Join(dir, "boards")}
	out, stderr, err := runGames(t, games, "tile 1\ntile 4\ntile 9\nquit\n", env, "play", "micropolis", "--players", "2", "--seed", "42")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	t.Run("MIC-CHOOSE-3 position 1 is free", func(t *testing.T) {
		if !strings.Contains(out, "**Row position 1** (`1`)\nFree to take.\nTunnel: ") {
			t.Errorf("tile 1:\n%s", out)
		}
		img := piecePicture(t, out, "**Row position 1** (`1`)")
		if b := img.Bounds(); b.Dx() != 300 || b.Dy() < 200 {
			t.Errorf("tile picture is %v, want 300 wide", b)
		}
		if s := share(img, soil); s < 0.05 {
			t.Errorf("tile picture is %.3f soil: no tile drawn", s)
		}
		if n := colours(img); n < 20 {
			t.Errorf("tile picture has %d colours: blank", n)
		}
	})
	t.Run("MIC-CHOOSE-3 position 4 costs 3", func(t *testing.T) {
		if !strings.Contains(out, "**Row position 4** (`4`)\nCosts 3 soldiers from your army.") {
			t.Errorf("tile 4:\n%s", out)
		}
		piecePicture(t, out, "**Row position 4** (`4`)")
	})
	t.Run("no such position", func(t *testing.T) {
		if !strings.Contains(out, "Micropolis has no tile «9». Closest: ") {
			t.Errorf("tile 9:\n%s", out)
		}
	})
}

// `tile <id>` in Myrmes shows a pheromone or special tile by the id
// players type, with its numbers from the components file and its picture.
func TestMyrmesTiles(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": filepath.Join(dir, "boards")}
	out, stderr, err := runGames(t, games, "tile line3\ntile subcolony\ntile fram\nquit\n", env, "play", "myrmes", "--players", "2", "--seed", "1")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	t.Run("MYR-PHER pheromone", func(t *testing.T) {
		head := "**Pheromone line3** (`line3`)\nPheromone tile of 3 spaces: 2 VP when laid. Copies per player: 2."
		img := piecePicture(t, out, head)
		b := img.Bounds()
		if b.Dx() <= b.Dy() {
			t.Errorf("a line of 3 hexes is drawn %v: not wider than high", b)
		}
		if s := share(img, paper); s > 0.7 || s < 0.1 {
			t.Errorf("%.2f of the picture is paper: the tile is missing or fills it all", s)
		}
		if c := rgb(img, b.Dx()/2, b.Dy()/2); near(c, paper) {
			t.Errorf("the middle hex is paper %06X", c)
		}
	})
	t.Run("MYR-SPEC special tile", func(t *testing.T) {
		piecePicture(t, out, "**Sub-colony** (`subcolony`)\nSpecial tile from colony level 3. Cost: 0 food, 0 earth, 2 stone. 2 VP when placed. In the box: 8.")
	})
	t.Run("unknown tile", func(t *testing.T) {
		if !strings.Contains(out, "Myrmes has no tile «fram». Closest: Aphid farm,") {
			t.Errorf("tile fram:\n%s", out)
		}
	})
}
