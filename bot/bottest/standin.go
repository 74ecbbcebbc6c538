package bottest

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"

	"formica/bot"
)

// Stand-in boards are for tests of the service and its adapters that need
// a board to arrive — a real PNG that decodes and says which view it was
// drawn from — but not its picture. Under -race a real board costs a
// large share of a second of CPU and those tests post hundreds; the tests
// about boards keep the real renderer, and each platform keeps one
// end-to-end game with real boards (Discord's TestConversation,
// Telegram's TestPlayMicropolisInGroup). The leak oracle draws real boards
// and hands itself (leaktest's Pixels).

// standInSide is a stand-in's width and height: as large as the smallest
// board the adapters' tests accept (200 px), so their size checks hold.
const standInSide = 256

// standInCell is the side of one of the 8×8 cells spelling the hash.
const standInCell = standInSide / 8

var standInPalette = color.Palette{color.White, color.Black}

// StandIn returns g with its boards, hands and timelapse frames drawn as
// stand-ins (StandInPNG); the rules, words and piece pictures are g's.
func StandIn(g bot.Game) bot.Game {
	if g.Board != nil {
		g.Board = StandInPNG
	}
	if g.Private != nil {
		g.Private = StandInPNG
	}
	if g.BoardImage != nil {
		g.BoardImage = func(view any, lang string) (image.Image, error) {
			sum, err := StandInSum(view, lang)
			if err != nil {
				return nil, err
			}
			return standInImage(sum), nil
		}
	}
	return g
}

// StandInPNG draws view for lang as a 256-pixel square of 8×8 black or
// white cells spelling StandInSum(view, lang): one view in one language is
// always the same bytes, and two views are two images. Two colours at one
// bit a pixel keep encoding it nearly free.
func StandInPNG(view any, lang string) ([]byte, error) {
	sum, err := StandInSum(view, lang)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = png.Encode(&b, standInImage(sum))
	return b.Bytes(), err
}

// StandInSum is the 64-bit FNV-1a hash of the view's JSON and the
// language, which a stand-in spells.
func StandInSum(view any, lang string) (uint64, error) {
	js, err := json.Marshal(view)
	if err != nil {
		return 0, err
	}
	h := fnv.New64a()
	h.Write(js)
	h.Write([]byte{0})
	h.Write([]byte(lang))
	return h.Sum64(), nil
}

func standInImage(sum uint64) *image.Paletted {
	img := image.NewPaletted(image.Rect(0, 0, standInSide, standInSide), standInPalette)
	for y := range standInSide {
		for x := range standInSide {
			bit := y/standInCell*8 + x/standInCell
			img.Pix[y*img.Stride+x] = uint8(sum >> bit & 1)
		}
	}
	return img
}
