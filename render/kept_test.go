package render_test

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"testing"

	"formica/render"
)

// TestKeptBoardsChanged checks KeptBoards on a board of two regions: a new
// board is drawn whole; the next turn's board, one region's inputs
// changed, gets that region back from the static layer (the other keeps
// its pixels) and Changed tells only the pixels the drawing changed (and
// puts them on the board): not a pixel drawn again as it was, but a
// change in the region's last row.
func TestKeptBoardsChanged(t *testing.T) {
	paper := color.RGBA{R: 250, G: 245, B: 235, A: 255}
	red := color.RGBA{R: 200, A: 255}
	blue := color.RGBA{B: 200, A: 255}
	base := image.NewRGBA(image.Rect(0, 0, 64, 64))
	draw.Draw(base, base.Rect, image.NewUniform(paper), image.Point{}, draw.Src)
	top, bottom := image.Rect(0, 0, 64, 32), image.Rect(0, 32, 64, 64)
	regions := func(a, b string) []render.Region {
		return []render.Region{{Rect: top, FP: []byte(a)}, {Rect: bottom, FP: []byte(b)}}
	}
	var ks render.KeptBoards[int]
	var e render.PNGEncoder
	k, redraw, dirty := ks.Take(1, base, regions("a", "b"))
	if fmt.Sprint(redraw) != "[true true]" || dirty != nil {
		t.Fatalf("a new board: redraw %v, dirty %v; want every region, dirty nil", redraw, dirty)
	}
	k.Img.SetRGBA(10, 5, red)
	k.Img.SetRGBA(40, 40, blue)
	ks.Put(k, &e)

	k, redraw, dirty = ks.Take(1, base, regions("a2", "b"))
	if fmt.Sprint(redraw) != "[true false]" || fmt.Sprint(dirty) != fmt.Sprint([]image.Rectangle{top}) {
		t.Fatalf("the next board: redraw %v, dirty %v; want the top region", redraw, dirty)
	}
	if got := k.Img.RGBAAt(10, 5); got != paper {
		t.Fatalf("the top region drawn again starts from %v, want the static layer's %v", got, paper)
	}
	k.Img.SetRGBA(10, 5, red) // as it was
	for x := 20; x < 31; x++ {
		k.Img.SetRGBA(x, 31, blue) // the region's last row
	}
	want := []image.Rectangle{image.Rect(20, 31, 31, 32)}
	if got := k.Changed(dirty); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("Changed = %v, want %v", got, want)
	}
	if got := k.Img.RGBAAt(40, 40); got != blue {
		t.Fatalf("the bottom region kept %v, want %v", got, blue)
	}
	if got := k.Img.RGBAAt(25, 31); got != blue {
		t.Fatalf("a pixel the drawing changed is %v on the board, want %v", got, blue)
	}
}
