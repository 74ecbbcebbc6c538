package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"hash/maphash"
	"image"
	"image/color"
	"image/png"
	"slices"
	"sync"

	"github.com/klauspost/compress/flate"
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
// and the deflate is klauspost/compress's level 1, band by band (see
// PNGEncoder).
//
// A paletted image is a quarter of the bytes to filter and deflate, and
// flat vector art loses nothing visible at 256 colours; past that, a
// stronger deflate level costs four times the time for 7% fewer bytes.
func EncodePNG(img image.Image) ([]byte, error) {
	var e PNGEncoder
	return e.Encode(img)
}

// PNGEncoder encodes boards as EncodePNG does, remembering what it can
// from one call to the next: a renderer keeps one. The zero value is ready
// to use and it is safe for concurrent use.
//
// Consecutive boards of a game differ in a few places, and Quantize's
// palette, chosen from the whole image, would change every index of the
// next board. So the encoder keeps, for each of the last few board sizes
// (frames), the palette it chose, the index every colour bucket was given
// and the board's bands of bandRows rows, each deflated on its own and
// named by a hash of its RGBA pixels. A board of a kept frame's size is
// encoded against it: a band seen before reuses its deflated bytes, a
// changed band is mapped through the same bucket indices and deflated
// again. A colour the frame never met gets the nearest palette colour, as
// Quantize maps its rarest buckets; when that is further than a colour
// bucket's width and the colour's first run covers promoteAt pixels, it
// takes a free slot (or one no pixel of the board uses any more): only
// there, since pixels mapped to the nearest colour before would draw the
// bucket in two colours; when none is free and it covers twice the
// pixels of the least used colour the palette was chosen with, the
// palette is chosen again from the whole board, keeping reserve slots
// free for the colours of later boards.
//
// A board with no frame of its size is encoded exactly as Quantize would
// (the same palette and indices). Later boards keep that palette, so a
// pixel's colour may differ from what Quantize alone would pick by a few
// levels (the bucket's average in an earlier board, or a palette colour
// within a bucket's width): invisible on flat vector art
// (TestPNGEncoderKeepsFrames bounds it).
type PNGEncoder struct {
	scratch Spare[*quantScratch]
	zbufs   bufferPool

	mu     sync.Mutex
	seed   maphash.Seed
	seeded bool
	frames []*frame // most recently used first; taken out while encoded
}

const (
	// bandRows is the height of a band: a band deflated on its own
	// costs a few bytes and its own Huffman tables, so the PNG is 1–3%
	// larger than one stream (7% at 16 rows), while a change re-encodes
	// little around it.
	bandRows = 32
	// frameKeep is how many boards' frames an encoder keeps: about the
	// games one renderer draws in turn.
	frameKeep = 4
	// reserve is how many palette slots a palette chosen again keeps
	// free for the colours of the boards that follow.
	reserve = 32
	// promoteAt is how many pixels of a colour far from the palette's,
	// in the run it is first met in, take a free slot: not every
	// anti-aliased blend deserves one.
	promoteAt = 8
	// minGrow is the fewest pixels of one colour far from the palette
	// that choose the palette again, however rare the palette's least
	// colour (the rare ones choose it again every few turns).
	minGrow = 64
)

// frame is what an encoder remembers of one board.
type frame struct {
	w, h int
	pal  [256]color.RGBA
	npal int
	// lut maps a colour bucket (key15) to lutSet|index, plus lutNear
	// when the index is a nearest colour given after the palette was
	// chosen; 0: the bucket was never met. An entry, once set, never
	// changes until the palette is chosen again: bands deflated earlier
	// rely on it.
	lut []uint16
	// near counts the pixels of each bucket marked lutNear in the bands
	// update maps on this board (those of unchanged bands were weighed
	// on an earlier board).
	near []uint32
	// limit is how many pixels of one colour far from the palette choose
	// the palette again: twice the least used palette colour's pixels
	// when it was chosen, at least minGrow.
	limit uint32
	// few marks a palette chosen from fewer colours than it could keep:
	// every colour of the board had its own, so a new one takes a free
	// slot at once.
	few bool
	// uses counts the pixels of the board at each palette index: a slot
	// no pixel uses may take another colour (bands deflated earlier do
	// not use it).
	uses  [256]uint32
	bands []frameBand
	// idx is the board as filtered rows of palette indices (a filter
	// byte, then w indices, each row): the bytes the bands deflate. An
	// unchanged band's rows stay as they were, so a board redrawn in part
	// re-maps only the pixels it redrew.
	idx []byte
	// full is set when no palette slot was free at promote's last look;
	// pixels mapped since only take slots, so it stays true until the
	// uses of old pixels are taken back.
	full bool
}

const (
	lutSet  = 1 << 8
	lutNear = 1 << 9
)

// frameBand is one band of a frame: the hash of its RGBA pixels, its
// filtered rows deflated (ending with a sync flush, so bands concatenate
// into one deflate stream), their Adler-32 and length.
type frameBand struct {
	hash  uint64
	z     []byte
	adler uint32
	n     int
	uses  *[256]uint32 // the band's pixels at each palette index
}

// Encode encodes img as EncodePNG does.
func (e *PNGEncoder) Encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer // writeFrame sizes it; png.Encode grows it
	if m, ok := img.(*image.RGBA); ok && m.Rect.Dx() > 0 && m.Rect.Dy() > 0 {
		s, _ := e.scratch.Get()
		if s == nil {
			s = &quantScratch{}
		}
		defer e.scratch.Put(s)
		if m.Rect.Dx() > 0xffff { // runs record their length in 16 bits
			if opaque(m) {
				if err := png.Encode(&buf, Quantize(m)); err != nil {
					return nil, fmt.Errorf("render: encode PNG: %w", err)
				}
				return buf.Bytes(), nil
			}
		} else {
			ok, err := e.banded(&buf, m, s)
			if err != nil {
				return nil, fmt.Errorf("render: encode PNG: %w", err)
			}
			if ok {
				return buf.Bytes(), nil
			}
			buf.Reset()
		}
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &e.zbufs}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("render: encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// banded writes m as an 8-bit paletted PNG (no filter, as image/png
// writes it) against the kept frame most like it, or a new one; false
// (nothing written) if m is not opaque.
func (e *PNGEncoder) banded(buf *bytes.Buffer, m *image.RGBA, s *quantScratch) (bool, error) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	hashes := e.hashBands(m, s)
	f := e.take(w, h, hashes)
	ok, err := s.encodeFrame(f, m, hashes)
	if !ok || err != nil {
		return false, err // f is dropped: it may be half re-chosen
	}
	e.keep(f)
	writeFrame(buf, f)
	return true, nil
}

// take removes from e and returns the kept frame of a w×h board with the
// most bands hashed as in hashes, or a new frame if none is that size.
// Even a frame with no band in common saves choosing a palette: boards of
// one size are drawn by one renderer in one set of colours.
func (e *PNGEncoder) take(w, h int, hashes []uint64) *frame {
	e.mu.Lock()
	defer e.mu.Unlock()
	best, most := -1, -1
	for i, f := range e.frames {
		if f.w != w || f.h != h {
			continue
		}
		n := 0
		for j, b := range f.bands {
			if b.hash == hashes[j] {
				n++
			}
		}
		if n > most {
			best, most = i, n
		}
	}
	if best < 0 {
		return &frame{w: w, h: h}
	}
	f := e.frames[best]
	e.frames = slices.Delete(e.frames, best, best+1)
	return f
}

// keep puts f back as the most recently used frame, forgetting the
// least recently used beyond frameKeep.
func (e *PNGEncoder) keep(f *frame) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.frames = slices.Insert(e.frames, 0, f)
	if len(e.frames) > frameKeep {
		clear(e.frames[frameKeep:])
		e.frames = e.frames[:frameKeep]
	}
}

// bandHash hashes the RGBA pixels of band i of m.
func bandHash(seed maphash.Seed, m *image.RGBA, i int) uint64 {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	y0, y1 := i*bandRows, min((i+1)*bandRows, h)
	if m.Stride == 4*w {
		return maphash.Bytes(seed, m.Pix[y0*m.Stride:y1*m.Stride])
	}
	var hh maphash.Hash
	hh.SetSeed(seed)
	for y := y0; y < y1; y++ {
		hh.Write(m.Pix[y*m.Stride:][:4*w])
	}
	return hh.Sum64()
}

// encodeFrame brings f up to m: a new frame gets Quantize's palette and
// every band; a kept one re-encodes the bands whose hash changed, and is
// chosen again from the whole board when a colour outside its palette
// has grown too common. False if m is not opaque.
func (s *quantScratch) encodeFrame(f *frame, m *image.RGBA, hashes []uint64) (bool, error) {
	keep := 256
	if f.lut != nil {
		ok, err := s.update(f, m, hashes)
		if ok || err != nil {
			return ok, err
		}
		if !s.grown {
			return false, nil // not opaque
		}
		keep = 256 - reserve
	}
	return s.choose(f, m, hashes, keep)
}

// choose gives f the palette and indices of Quantize(m) and deflates
// every band.
func (s *quantScratch) choose(f *frame, m *image.RGBA, hashes []uint64, keep int) (bool, error) {
	p := s.quantizeTo(m, keep)
	if p == nil {
		return false, nil
	}
	if f.lut == nil {
		f.lut = make([]uint16, 1<<15)
		f.near = make([]uint32, 1<<15)
	} else {
		clear(f.lut)
		clear(f.near)
	}
	f.npal = copy(f.pal[:], rgbaOf(p.Palette))
	// Buckets left out of the palette are marked lutNear when their
	// nearest colour is far: on a later board they may grow common.
	for i, k := range s.used {
		f.lut[k] = lutSet | uint16(s.lut[k])
		if i >= f.npal {
			a, c := s.hist[k], f.pal[s.lut[k]]
			if dist3(int(c.R)-int(a.r/a.n), int(c.G)-int(a.g/a.n), int(c.B)-int(a.b/a.n)) > closeEnough {
				f.lut[k] |= lutNear
			}
		}
	}
	f.limit = minGrow
	f.few = len(s.used) < keep
	if len(s.used) > keep {
		f.limit = max(f.limit, 2*s.hist[s.used[keep-1]].n)
	}
	nb := (f.h + bandRows - 1) / bandRows
	if len(f.bands) != nb {
		f.bands = make([]frameBand, nb)
		for i := range f.bands {
			f.bands[i].uses = new([256]uint32)
		}
	}
	w := f.w
	// The pixels at each index, band by band, from quantize's runs (runs
	// never cross rows).
	f.uses = [256]uint32{}
	for i := range f.bands {
		clear(f.bands[i].uses[:])
	}
	row, left := 0, w
	for _, r := range s.runs {
		n := r & 0xffff
		idx := s.lut[r>>16]
		f.bands[row/bandRows].uses[idx] += n
		f.uses[idx] += n
		if left -= int(n); left == 0 {
			row, left = row+1, w
		}
	}
	f.full = false
	f.alloc()
	for y := range f.h {
		r := f.idx[y*(1+w):][:1+w]
		r[0] = 0 // filter: none
		copy(r[1:], p.Pix[y*p.Stride:][:w])
	}
	for i := range nb {
		if err := s.deflate(&f.bands[i], f.band(i), false); err != nil {
			return false, err
		}
		f.bands[i].hash = 0 // unknown: matches no board's band
		if hashes != nil {
			f.bands[i].hash = hashes[i]
		}
	}
	return true, nil
}

// alloc gives f its index rows.
func (f *frame) alloc() {
	if need := f.h * (1 + f.w); len(f.idx) != need {
		f.idx = make([]byte, need)
	}
}

// band returns band i's filtered index rows.
func (f *frame) band(i int) []byte {
	y0, y1 := i*bandRows, min((i+1)*bandRows, f.h)
	return f.idx[y0*(1+f.w) : y1*(1+f.w)]
}

// rgbaOf returns the colours of a palette Quantize made.
func rgbaOf(p color.Palette) []color.RGBA {
	out := make([]color.RGBA, len(p))
	for i, c := range p {
		out[i] = c.(color.RGBA)
	}
	return out
}

// update re-encodes the bands of m whose hash differs from f's through
// f's indices. False with s.grown set when a colour outside the palette
// has grown past f.limit (f must then be chosen again), false alone when
// m is not opaque.
func (s *quantScratch) update(f *frame, m *image.RGBA, hashes []uint64) (bool, error) {
	s.grown = false
	clear(f.near)
	f.alloc()
	for i, b := range f.bands {
		if b.hash == hashes[i] {
			continue
		}
		y0, y1 := i*bandRows, min((i+1)*bandRows, f.h)
		// The band's old pixels count until it is mapped anew: a slot is
		// free for another colour only when no pixel, old or new, uses it.
		old := *b.uses
		clear(b.uses[:])
		st := mapDone
		for y := y0; y < y1 && st == mapDone; y++ {
			st = f.mapRow(m, y, 0, f.w, b.uses)
		}
		if ok, err := s.closeBand(f, i, &old, st, false); !ok {
			return false, err
		}
		f.bands[i].hash = hashes[i]
	}
	return true, nil
}

// closeBand ends the mapping of band i (whose pixels were counted in old
// before it, st how it ended): the old pixels' slots are taken back, and
// a band mapped whole is deflated again (its Adler-32 computed again
// unless sumKnown). false: the frame must be chosen anew (a pixel not
// opaque, or the palette grew), or err.
func (s *quantScratch) closeBand(f *frame, i int, old *[256]uint32, st int, sumKnown bool) (bool, error) {
	f.takeBack(old)
	switch st {
	case mapNotOpaque:
		return false, nil
	case mapGrew:
		s.grown = true
		return false, nil
	}
	if err := s.deflate(&f.bands[i], f.band(i), sumKnown); err != nil {
		return false, err
	}
	return true, nil
}

// takeBack takes the uses of old pixels off f's counts: their slots may
// be free again.
func (f *frame) takeBack(old *[256]uint32) {
	for j, n := range old {
		f.uses[j] -= n
	}
	f.full = false
}

// Outcomes of mapBand.
const (
	mapDone = iota
	mapNotOpaque
	mapGrew // a colour outside the palette grew past the frame's limit
)

// give gives palette slot j, which no pixel uses, to bucket k in colour
// c. Buckets that had slot j (their own, or as their nearest) meet the
// palette again when they come back.
func (f *frame) give(j, k int, c color.RGBA) {
	for key, v := range f.lut {
		if v != 0 && uint8(v) == uint8(j) {
			f.lut[key], f.near[key] = 0, 0
		}
	}
	f.pal[j] = c
	f.lut[k], f.near[k] = lutSet|uint16(j), 0
}

// mapRow writes pixels x0..x1 of row y of m as f's indices into f.idx,
// counting them in uses (their band's) and f.uses.
func (f *frame) mapRow(m *image.RGBA, y, x0, x1 int, uses *[256]uint32) int {
	out := f.idx[y*(1+f.w)+1:][x0:x1] // fillRun writes nothing past it
	f.idx[y*(1+f.w)] = 0              // filter: none
	row := m.Pix[y*m.Stride:][4*x0 : 4*x1]
	for len(row) >= 4 {
		p, rest := pixelRun(row)
		n := (len(row) - len(rest)) / 4
		row = rest
		idx, st := f.index(p, n)
		if st != mapDone {
			return st
		}
		uses[idx] += uint32(n)
		f.uses[idx] += uint32(n)
		fillRun(out, idx, n)
		out = out[n:]
	}
	return mapDone
}

// index is the palette index of n pixels of colour p (RGBA, little
// endian), meeting, counting and promoting its bucket as mapRow does.
func (f *frame) index(p uint32, n int) (uint8, int) {
	if p>>24 != 0xff {
		return 0, mapNotOpaque
	}
	r, g, b := uint8(p), uint8(p>>8), uint8(p>>16)
	k := key15(r, g, b)
	v := f.lut[k]
	// A bucket takes a slot of its own only where it is met first: once
	// a pixel of it has the nearest colour (in a band deflated already,
	// or one left as it was), another in its own colour would draw the
	// bucket in two colours.
	first := v == 0
	if first {
		v = f.meet(k, r, g, b)
	}
	if v&lutNear != 0 {
		f.near[k] += uint32(n)
		if first && (f.few || f.near[k] > promoteAt) && f.promote(k, color.RGBA{R: r, G: g, B: b, A: 255}) {
			v = f.lut[k]
		} else if f.near[k] > f.limit {
			return 0, mapGrew
		}
	}
	return uint8(v), mapDone
}

// meet gives bucket k, first met in colour (r, g, b), its index: the
// nearest palette colour, marked lutNear when it is further than a colour
// bucket's width (mapBand then gives the bucket a slot of its own once it
// covers promote pixels, if one is free).
func (f *frame) meet(k int, r, g, b uint8) uint16 {
	if f.npal == 0 {
		f.give(0, k, color.RGBA{R: r, G: g, B: b, A: 255})
		f.npal = 1
		return f.lut[k]
	}
	i, d := nearestRGBA(f.pal[:f.npal], int(r), int(g), int(b))
	f.lut[k] = lutSet | uint16(i)
	if d > closeEnough {
		f.lut[k] |= lutNear
	}
	return f.lut[k]
}

// promote gives bucket k in colour c a slot of its own: a free one, else
// one no pixel uses. False if there is none.
func (f *frame) promote(k int, c color.RGBA) bool {
	j := f.npal
	if j < 256 {
		f.npal++
	} else if f.full {
		return false
	} else if j = slices.Index(f.uses[:], 0); j < 0 {
		f.full = true
		return false
	}
	f.give(j, k, c)
	return true
}

// closeEnough is nearest's distance of colours 8 levels apart in every
// channel: a colour bucket's width, as far as Quantize moves a colour
// that has a slot of its own.
const closeEnough = (3 + 4 + 2) * 8 * 8

// nearestRGBA is nearest over colours, with the distance.
func nearestRGBA(pal []color.RGBA, r, g, b int) (uint8, int) {
	best, bestD := 0, 1<<62
	for i, p := range pal {
		if d := dist3(int(p.R)-r, int(p.G)-g, int(p.B)-b); d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best), bestD
}

// dist3 is nearest's distance of colours dr, dg, db apart, weighting
// green most as the eye does.
func dist3(dr, dg, db int) int { return 3*dr*dr + 4*dg*dg + 2*db*db }

// deflate stores rows in b deflated by klauspost/compress at level 1 on
// their own (no match reaches into another band), ending with a sync
// flush on a byte boundary, and their Adler-32 unless sumKnown (b has it
// already: see adlerUpdate).
func (s *quantScratch) deflate(b *frameBand, rows []byte, sumKnown bool) error {
	s.z.Reset()
	if s.zw == nil {
		zw, err := flate.NewWriter(&s.z, flate.BestSpeed)
		if err != nil {
			return err
		}
		s.zw = zw
	} else {
		s.zw.Reset(&s.z)
	}
	if _, err := s.zw.Write(rows); err != nil {
		return err
	}
	if err := s.zw.Flush(); err != nil {
		return err
	}
	b.z = append(b.z[:0], s.z.Bytes()...)
	if !sumKnown {
		b.adler = adler32.Checksum(rows)
	}
	b.n = len(rows)
	return nil
}

// writeFrame writes f as a PNG into buf, which must be empty: its
// palette, then one IDAT chunk holding one zlib stream, the bands'
// deflated bytes one after another. buf gets the PNG's exact size first:
// a board is hundreds of KB, and growing by doubling would allocate twice
// that.
func writeFrame(buf *bytes.Buffer, f *frame) {
	*buf = *bytes.NewBuffer(make([]byte, 0, frameSize(f)))
	buf.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(f.w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(f.h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3 (paletted)
	writeChunk(buf, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*f.npal)
	for _, c := range f.pal[:f.npal] {
		plte = append(plte, c.R, c.G, c.B)
	}
	writeChunk(buf, "PLTE", plte)
	// IDAT: the chunk's length goes in once the data is written.
	start := buf.Len()
	buf.Write([]byte{0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x78, 0x01}) // zlib: deflate, 32K window, fastest
	var adler uint32 = 1
	for _, b := range f.bands {
		buf.Write(b.z)
		adler = adler32Combine(adler, b.adler, b.n)
	}
	buf.Write([]byte{0x03, 0x00}) // an empty final block (fixed Huffman)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], adler)
	buf.Write(sum[:])
	data := buf.Bytes()[start:]
	binary.BigEndian.PutUint32(data, uint32(len(data)-8))
	binary.BigEndian.PutUint32(sum[:], crc32.ChecksumIEEE(data[4:]))
	buf.Write(sum[:])
	writeChunk(buf, "IEND", nil)
}

// frameSize is the length of the PNG writeFrame writes for f: the
// signature, IHDR, PLTE, IDAT (zlib header, bands, final block, Adler-32)
// and IEND, each chunk 12 bytes around its data.
func frameSize(f *frame) int {
	n := 8 + 12 + 13 + 12 + 3*f.npal + 12 + 2 + 2 + 4 + 12
	for _, b := range f.bands {
		n += len(b.z)
	}
	return n
}

// adler32Combine returns the Adler-32 of a stream whose first part sums
// to a and whose second part, n bytes long, sums to b (zlib's
// adler32_combine).
func adler32Combine(a, b uint32, n int) uint32 {
	const base = 65521
	rem := uint32(n % base)
	s1 := a & 0xffff
	s2 := rem * s1 % base
	s1 += (b & 0xffff) + base - 1
	s2 += (a >> 16) + (b >> 16) + base - rem
	if s1 >= base {
		s1 -= base
	}
	if s1 >= base {
		s1 -= base
	}
	if s2 >= 2*base {
		s2 -= 2 * base
	}
	if s2 >= base {
		s2 -= base
	}
	return s2<<16 | s1
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

	// For PNGEncoder: the bands' hashes and their deflate.
	hashes []uint64
	spans  []span
	rects  []image.Rectangle // updateDirty's, and those crossing a row
	active []image.Rectangle
	z      bytes.Buffer
	zw     *flate.Writer
	grown  bool // update stopped: the palette must be chosen again
}

type quantAcc struct{ n, r, g, b uint32 }

// quantize returns exactly what Quantize(m) returns, or nil if m is not
// opaque. Boards are long runs of one colour (fills, paper), so both
// passes work run by run: a pixel equal to the one before it costs one
// 32-bit compare instead of a bucket update or lookup. The opacity check
// rides along: a run has one alpha.
func (s *quantScratch) quantize(m *image.RGBA) *image.Paletted {
	return s.quantizeTo(m, 256)
}

// quantizeTo is quantize keeping at most colours colours.
func (s *quantScratch) quantizeTo(m *image.RGBA, colours int) *image.Paletted {
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
			p, rest := pixelRun(row)
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
	keep := min(len(used), colours)
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
		fillRun(dst, lut[r>>16], n) // the runs that follow overwrite what it writes past n
		dst = dst[n:]
	}
	return out
}

// fillRun sets dst[:n] to idx eight bytes at a time, so it may write up to
// seven bytes past n while dst has room: callers overwrite those next.
func fillRun(dst []byte, idx uint8, n int) {
	v := uint64(idx) * 0x0101_0101_0101_0101
	i := 0
	for ; i < n && len(dst)-i >= 8; i += 8 {
		binary.LittleEndian.PutUint64(dst[i:], v)
	}
	for ; i < n; i++ {
		dst[i] = idx
	}
}

// pixelRun reads the run of pixels equal to row's first (RGBA bytes, two
// pixels compared at a time) and returns that pixel and the row after it.
func pixelRun(row []byte) (p uint32, rest []byte) {
	p = binary.LittleEndian.Uint32(row)
	rest = row[4:]
	for p2 := uint64(p) * 0x1_0000_0001; len(rest) >= 8 && binary.LittleEndian.Uint64(rest) == p2; {
		rest = rest[8:]
	}
	if len(rest) >= 4 && binary.LittleEndian.Uint32(rest) == p {
		rest = rest[4:]
	}
	return p, rest
}
