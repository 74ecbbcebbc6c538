package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"slices"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// EncodePNG encodes a board as PNG: an opaque *image.RGBA (what gg draws)
// is Quantized to 256 colours and written paletted at BestSpeed; anything
// else is written as is at BestSpeed. It is a throwaway PNGEncoder's
// Encode: renderers that encode often should keep a PNGEncoder.
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
// and the deflate is klauspost/compress's level 1 (see PNGEncoder.paletted).
//
// A paletted image is a quarter of the bytes to filter and deflate, and
// flat vector art loses nothing visible at 256 colours; past that, a
// stronger deflate level costs four times the time for 7% fewer bytes.
func EncodePNG(img image.Image) ([]byte, error) {
	var e PNGEncoder
	return e.Encode(img)
}

// PNGEncoder encodes boards exactly as EncodePNG does, reusing its
// buffers (colour histogram, paletted pixels, deflate state) from one call
// to the next: a renderer keeps one. The zero value is ready to use and
// it is safe for concurrent use.
type PNGEncoder struct {
	scratch Spare[*quantScratch]
	zbufs   bufferPool
	zw      Spare[*zlib.Writer]
}

// Encode encodes img as EncodePNG does.
func (e *PNGEncoder) Encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(256 << 10) // typical boards are 100–250 KB
	if m, ok := img.(*image.RGBA); ok {
		s, _ := e.scratch.Get()
		if s == nil {
			s = &quantScratch{}
		}
		defer e.scratch.Put(s)
		if p := s.quantize(m); p != nil {
			if err := e.paletted(&buf, p); err != nil {
				return nil, fmt.Errorf("render: encode PNG: %w", err)
			}
			return buf.Bytes(), nil
		}
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &e.zbufs}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("render: encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// paletted writes p as an 8-bit paletted PNG (opaque, no filter, as
// image/png writes it) with one IDAT chunk deflated by klauspost/compress
// at level 1: the same pixels as png.Encoder at BestSpeed in about half
// the time, and a few percent fewer bytes.
func (e *PNGEncoder) paletted(buf *bytes.Buffer, p *image.Paletted) error {
	w, h := p.Rect.Dx(), p.Rect.Dy()
	if len(p.Palette) == 0 || len(p.Palette) > 256 || w <= 0 || h <= 0 {
		return fmt.Errorf("paletted image %v with %d colours", p.Rect, len(p.Palette))
	}
	buf.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3 (paletted)
	writeChunk(buf, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(p.Palette))
	for _, c := range p.Palette {
		r, g, b, _ := c.RGBA() // opaque: quantize returns nil otherwise
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	writeChunk(buf, "PLTE", plte)
	// IDAT: the chunk's length goes in once the data is written.
	start := buf.Len()
	buf.Write([]byte{0, 0, 0, 0, 'I', 'D', 'A', 'T'})
	zw, _ := e.zw.Get()
	if zw == nil {
		var err error
		if zw, err = zlib.NewWriterLevel(buf, zlib.BestSpeed); err != nil {
			return err
		}
	} else {
		zw.Reset(buf)
	}
	defer e.zw.Put(zw)
	row := make([]byte, 1+w) // filter byte 0 (none), then the row
	for y := range h {
		copy(row[1:], p.Pix[y*p.Stride:y*p.Stride+w])
		if _, err := zw.Write(row); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	data := buf.Bytes()[start:]
	binary.BigEndian.PutUint32(data, uint32(len(data)-8))
	var crc [4]byte
	binary.BigEndian.PutUint32(crc[:], crc32.ChecksumIEEE(data[4:]))
	buf.Write(crc[:])
	writeChunk(buf, "IEND", nil)
	return nil
}

// writeChunk writes one PNG chunk: length, type, data, CRC of type+data.
func writeChunk(buf *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	buf.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	buf.WriteString(typ)
	buf.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	buf.Write(n[:])
}

// bufferPool is a png.EncoderBufferPool over a sync.Pool.
type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	eb, _ := b.p.Get().(*png.EncoderBuffer)
	return eb
}

func (b *bufferPool) Put(eb *png.EncoderBuffer) { b.p.Put(eb) }

// quantScratch holds Quantize's working memory for reuse. The image it
// returns borrows pix, so it is valid only until the next quantize.
type quantScratch struct {
	hist []quantAcc
	lut  []uint8
	used []int
	runs []uint32 // key<<16 | length
	pix  []uint8
}

type quantAcc struct{ n, r, g, b uint32 }

// quantize returns exactly what Quantize(m) returns, or nil if m is not
// opaque. Boards are long runs of one colour (fills, paper), so both
// passes work run by run: a pixel equal to the one before it costs one
// 32-bit compare instead of a bucket update or lookup. The opacity check
// rides along: a run has one alpha.
func (s *quantScratch) quantize(m *image.RGBA) *image.Paletted {
	const buckets = 1 << 15
	if m.Rect.Dx() > 0xffff {
		if !opaque(m) { // runs record their length in 16 bits
			return nil
		}
		return Quantize(m)
	}
	if s.hist == nil {
		s.hist = make([]quantAcc, buckets)
		s.lut = make([]uint8, buckets)
	} else {
		clear(s.hist)
	}
	hist := s.hist
	b := m.Rect
	w, h := b.Dx(), b.Dy()
	// Pass 1 reads the pixels once, adding each run to the histogram and
	// recording it as key<<16 | length for pass 2.
	runs := s.runs[:0]
	for y := range h {
		row := m.Pix[y*m.Stride:][:w*4]
		for len(row) >= 4 {
			p := binary.LittleEndian.Uint32(row)
			rest := row[4:]
			for p2 := uint64(p) * 0x1_0000_0001; len(rest) >= 8 && binary.LittleEndian.Uint64(rest) == p2; {
				rest = rest[8:]
			}
			if len(rest) >= 4 && binary.LittleEndian.Uint32(rest) == p {
				rest = rest[4:]
			}
			if p>>24 != 0xff {
				s.runs = runs
				return nil
			}
			n := uint32(len(row)-len(rest)) / 4
			row = rest
			r, g, bl := uint8(p), uint8(p>>8), uint8(p>>16)
			k := key15(r, g, bl)
			a := &hist[k]
			a.n += n
			a.r += n * uint32(r)
			a.g += n * uint32(g)
			a.b += n * uint32(bl)
			runs = append(runs, uint32(k)<<16|n)
		}
	}
	s.runs = runs
	used := s.used[:0]
	for k := range hist {
		if hist[k].n > 0 {
			used = append(used, k)
		}
	}
	s.used = used
	// Most used first; the key breaks ties so the palette is deterministic
	// (the same order as Quantize's).
	slices.SortFunc(used, func(i, j int) int {
		if a, c := hist[i].n, hist[j].n; a != c {
			if a > c {
				return -1
			}
			return 1
		}
		return i - j
	})
	keep := min(len(used), 256)
	pal := make(color.Palette, keep)
	lut := s.lut
	for i, k := range used[:keep] {
		a := hist[k]
		pal[i] = color.RGBA{R: uint8(a.r / a.n), G: uint8(a.g / a.n), B: uint8(a.b / a.n), A: 255}
		lut[k] = uint8(i)
	}
	for _, k := range used[keep:] {
		a := hist[k]
		lut[k] = nearest(pal, int(a.r/a.n), int(a.g/a.n), int(a.b/a.n))
	}
	if cap(s.pix) < w*h {
		s.pix = make([]uint8, w*h)
	}
	out := &image.Paletted{Pix: s.pix[:w*h], Stride: w, Rect: b, Palette: pal}
	// Runs never cross rows and rows are contiguous in out.Pix.
	dst := out.Pix
	for _, r := range runs {
		n := int(r & 0xffff)
		idx := lut[r>>16]
		// Eight bytes at a time, possibly past the run's end: the runs
		// that follow overwrite that.
		v := uint64(idx) * 0x0101_0101_0101_0101
		i := 0
		for ; i < n && len(dst)-i >= 8; i += 8 {
			binary.LittleEndian.PutUint64(dst[i:], v)
		}
		for ; i < n; i++ {
			dst[i] = idx
		}
		dst = dst[n:]
	}
	return out
}
