package render

import (
	"image"
	"image/color"
	"sort"
)

// Quantize converts an opaque board image to a paletted one with at most
// 256 colours chosen from the image itself.
//
// Boards are flat vector art: a few dozen fills cover almost every pixel
// and the rest are anti-aliased edges. Quantize buckets colours to 5 bits
// per channel, keeps the 256 most used buckets (each as the average of its
// pixels, so flat fills keep their exact colour) and maps every other
// bucket to its nearest kept colour. No dithering: dithered text looks
// fuzzy, and edge pixels only shift slightly. It runs in two passes over
// the pixels with table lookups, a few milliseconds for a 1400×1500 board.
func Quantize(m *image.RGBA) *image.Paletted {
	const buckets = 1 << 15
	type acc struct{ n, r, g, b uint32 }
	hist := make([]acc, buckets)
	b := m.Rect
	w := b.Dx()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := m.Pix[(y-b.Min.Y)*m.Stride:][:w*4]
		for i := 0; i < len(row); i += 4 {
			r, g, bl := row[i], row[i+1], row[i+2]
			a := &hist[key15(r, g, bl)]
			a.n++
			a.r += uint32(r)
			a.g += uint32(g)
			a.b += uint32(bl)
		}
	}
	used := make([]int, 0, 4096)
	for k := range hist {
		if hist[k].n > 0 {
			used = append(used, k)
		}
	}
	// Most used first; the key breaks ties so the palette is deterministic.
	sort.Slice(used, func(i, j int) bool {
		a, c := hist[used[i]].n, hist[used[j]].n
		if a != c {
			return a > c
		}
		return used[i] < used[j]
	})
	keep := min(len(used), 256)
	pal := make(color.Palette, keep)
	lut := make([]uint8, buckets)
	for i, k := range used[:keep] {
		a := hist[k]
		pal[i] = color.RGBA{R: uint8(a.r / a.n), G: uint8(a.g / a.n), B: uint8(a.b / a.n), A: 255}
		lut[k] = uint8(i)
	}
	for _, k := range used[keep:] {
		a := hist[k]
		lut[k] = nearest(pal, int(a.r/a.n), int(a.g/a.n), int(a.b/a.n))
	}
	out := image.NewPaletted(b, pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := m.Pix[(y-b.Min.Y)*m.Stride:][:w*4]
		dst := out.Pix[(y-b.Min.Y)*out.Stride:][:w]
		for x := range dst {
			i := x * 4
			dst[x] = lut[key15(row[i], row[i+1], row[i+2])]
		}
	}
	return out
}

func key15(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }

// nearest returns the palette index closest to (r, g, b), weighting green
// most as the eye does.
func nearest(pal color.Palette, r, g, b int) uint8 {
	best, bestD := 0, 1<<62
	for i, c := range pal {
		p := c.(color.RGBA)
		dr, dg, db := int(p.R)-r, int(p.G)-g, int(p.B)-b
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// opaque reports whether every pixel of m has full alpha.
func opaque(m *image.RGBA) bool {
	w := m.Rect.Dx() * 4
	for y := 0; y < m.Rect.Dy(); y++ {
		row := m.Pix[y*m.Stride:][:w]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 0xff {
				return false
			}
		}
	}
	return true
}
