package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
)

// EncodePNG encodes a board as PNG: an opaque *image.RGBA (what gg draws)
// is Quantized to 256 colours and written paletted at BestSpeed; anything
// else is written as is at BestSpeed.
//
// Chosen by BenchmarkEncode on the 1400×1463 six-player Micropolis golden
// (2 shared cores, go1.26, other jobs running):
//
//	RGBA, BestSpeed              94 ms  611 KB
//	RGBA, DefaultCompression     93 ms  592 KB
//	RGBA, BestCompression      1003 ms  583 KB
//	Plan9 palette + dithering  3692 ms  434 KB (and fuzzy text)
//	Quantize, DefaultCompression 85 ms  184 KB
//	Quantize, BestSpeed          19 ms  198 KB   <- chosen
//
// A paletted image is a quarter of the bytes to filter and deflate, and
// flat vector art loses nothing visible at 256 colours; past that, a
// stronger deflate level costs four times the time for 7% fewer bytes.
func EncodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(256 << 10) // typical boards are 100–250 KB
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	var src image.Image = img
	if m, ok := img.(*image.RGBA); ok && opaque(m) {
		src = Quantize(m)
	}
	if err := enc.Encode(&buf, src); err != nil {
		return nil, fmt.Errorf("render: encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}
