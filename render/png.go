package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
)

// PNGLevel is the compression level EncodePNG uses.
//
// Chosen by BenchmarkEncode on a 1400×1500 six-player Micropolis board (2
// cores, go1.26; numbers in render/README.md):
//
//	DefaultCompression  ~? ms  ? KB
//	BestSpeed           ~? ms  ? KB
//	Paletted (Plan9, Floyd–Steinberg) ~? ms ? KB, and visibly dithered text
//
// See BenchmarkEncode for the current figures.
const PNGLevel = png.BestSpeed

// EncodePNG encodes img as PNG at PNGLevel.
func EncodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	// Boards are mostly flat colour: a generous initial buffer avoids
	// regrowth for typical 100–300 KB boards.
	buf.Grow(256 << 10)
	enc := png.Encoder{CompressionLevel: PNGLevel}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("render: encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}
