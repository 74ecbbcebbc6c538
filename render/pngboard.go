package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"image"
	"slices"
)

// PNGBoard is what a PNGEncoder remembers of one board that a renderer
// keeps and redraws in part (see EncodeBoard): a frame of its own,
// palette, index rows and deflated bands. The zero value is a board not
// encoded yet. A PNGBoard is used by one goroutine at a time: the
// renderer that keeps the board.
type PNGBoard struct {
	f *frame
}

// Release hands the frame b kept back to e, for boards of its size that
// have none yet; b is then a board not encoded yet.
func (e *PNGEncoder) Release(b *PNGBoard) {
	if b.f != nil {
		e.keep(b.f) // its bands re-encoded since it was hashed have hash 0: none matches
		b.f = nil
	}
}

// span is a run of columns [x0, x1) of one row.
type span struct{ x0, x1 int }

// EncodeBoard encodes m as Encode does, remembering it in b. When b last
// encoded an image of m's size and m differs from that image only within
// dirty, only the bands dirty crosses are deflated again and only dirty's
// pixels are mapped to palette indices (the rest of the band keeps the
// indices it had); otherwise m is encoded whole, against a kept frame of
// its size as Encode does, and b keeps that frame. The caller answers for
// dirty: a pixel changed outside it keeps its old colour in the PNG.
func (e *PNGEncoder) EncodeBoard(m *image.RGBA, b *PNGBoard, dirty []image.Rectangle) ([]byte, error) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if w <= 0 || h <= 0 || w > 0xffff { // runs record their length in 16 bits
		b.f = nil
		return e.Encode(m)
	}
	s, _ := e.scratch.Get()
	if s == nil {
		s = &quantScratch{}
	}
	defer e.scratch.Put(s)
	f := b.f
	b.f = nil // until f is whole again: an update may stop half way
	ok := false
	var err error
	if f != nil && f.w == w && f.h == h {
		ok, err = s.updateDirty(f, m, dirty)
		if !ok && err == nil && s.grown {
			ok, err = s.choose(f, m, nil, 256-reserve)
		}
	} else {
		hashes := e.hashBands(m, s)
		f = e.take(w, h, hashes)
		ok, err = s.encodeFrame(f, m, hashes)
	}
	if err != nil {
		return nil, fmt.Errorf("render: encode PNG: %w", err)
	}
	if !ok { // not opaque: written as is, not remembered
		return e.Encode(m)
	}
	b.f = f
	var buf bytes.Buffer
	writeFrame(&buf, f)
	return buf.Bytes(), nil
}

// updateDirty maps the pixels of m within dirty through f's indices and
// deflates the bands they cross again, as update does for changed bands.
// dirty may hold many small rectangles (the runs KeptBoard.Changed
// finds): they are swept top to bottom, each row meeting only those
// that cross it.
func (s *quantScratch) updateDirty(f *frame, m *image.RGBA, dirty []image.Rectangle) (bool, error) {
	s.grown = false
	clear(f.near)
	rs := s.rects[:0]
	for _, r := range dirty {
		if r = r.Intersect(m.Rect).Sub(m.Rect.Min); !r.Empty() {
			rs = append(rs, r)
		}
	}
	s.rects = rs
	slices.SortFunc(rs, func(a, b image.Rectangle) int {
		if a.Min.Y != b.Min.Y {
			return a.Min.Y - b.Min.Y
		}
		return a.Min.X - b.Min.X
	})
	active := s.active[:0] // the rectangles crossing the row, by left edge
	defer func() { s.active = active[:0] }()
	next := 0
	for i := range f.bands {
		y0, y1 := i*bandRows, min((i+1)*bandRows, f.h)
		active = slices.DeleteFunc(active, func(r image.Rectangle) bool { return r.Max.Y <= y0 })
		if len(active) == 0 && (next == len(rs) || rs[next].Min.Y >= y1) {
			continue // no change crosses the band
		}
		band := &f.bands[i]
		// As in update, the old pixels count until the new ones are
		// mapped: a slot is free only when no pixel, old or new, uses it.
		var old [256]uint32
		// The band's Adler-32 follows its changed bytes: their sums as
		// they were and as they are.
		var was, now bandSums
		n := (y1 - y0) * (1 + f.w)
		st := mapDone
		for y := y0; y < y1 && st == mapDone; y++ {
			active = slices.DeleteFunc(active, func(r image.Rectangle) bool { return r.Max.Y <= y })
			if next < len(rs) && rs[next].Min.Y <= y {
				for ; next < len(rs) && rs[next].Min.Y <= y; next++ {
					active = append(active, rs[next])
				}
				slices.SortFunc(active, func(a, b image.Rectangle) int { return a.Min.X - b.Min.X })
			}
			s.spans = rowSpans(s.spans[:0], active, y)
			sp := bandSpan{uses: band.uses, old: &old, was: &was, now: &now, l: n}
			for _, c := range s.spans {
				sp.p = (y-y0)*(1+f.w) + 1 + c.x0
				if st = f.mapSpan(m, y, c.x0, c.x1, &sp); st != mapDone {
					break
				}
			}
		}
		for j, n := range old {
			band.uses[j] -= n
		}
		band.adler = adlerUpdate(band.adler, was, now)
		if ok, err := s.closeBand(f, i, &old, st, true); !ok {
			return false, err
		}
		band.hash = 0 // bands of a board's own frame are never matched by hash
	}
	return true, nil
}

// bandSpan is what mapSpan counts a span's pixels in: the band's uses,
// its old pixels' indices, the sums of its old and new bytes (see
// bandSums) and where the span starts (p) in the band of l bytes.
type bandSpan struct {
	uses, old *[256]uint32
	was, now  *bandSums
	p, l      int
}

// mapSpan is mapRow for the pixels x0..x1 of row y of a kept board's
// changed rectangles: a run of pixels whose indices are those it maps to
// already (pixels unchanged among the changed ones) is left as it was;
// the others count their old indices in sp.old and sp.was and their new
// ones in sp.uses and sp.now. The old pixels still count in f.uses, so
// a slot stays taken while an old or new pixel uses it, as in update.
func (f *frame) mapSpan(m *image.RGBA, y, x0, x1 int, sp *bandSpan) int {
	out := f.idx[y*(1+f.w)+1:][x0:x1]
	row := m.Pix[y*m.Stride:][4*x0 : 4*x1]
	q := sp.p
	for len(row) >= 4 {
		p, rest := pixelRun(row)
		n := (len(row) - len(rest)) / 4
		row = rest
		idx, st := f.index(p, n)
		if st != mapDone {
			return st
		}
		if !allIdx(out[:n], idx) {
			countIdx(sp.old, sp.was, out[:n], q, sp.l)
			sp.uses[idx] += uint32(n)
			f.uses[idx] += uint32(n)
			fillRun(out[:n], idx, n) // not past n: the next run may be left as it was
			sp.now.add(idx, q, n, sp.l)
		}
		out = out[n:]
		q += n
	}
	return mapDone
}

// allIdx reports whether every byte of b is v, eight compared at a time.
func allIdx(b []byte, v uint8) bool {
	v8 := uint64(v) * 0x0101_0101_0101_0101
	for ; len(b) >= 8; b = b[8:] {
		if binary.LittleEndian.Uint64(b) != v8 {
			return false
		}
	}
	for _, c := range b {
		if c != v {
			return false
		}
	}
	return true
}

// rowSpans appends to out the columns of row y that rects (sorted by
// left edge) cover, overlapping ones merged.
func rowSpans(out []span, rects []image.Rectangle, y int) []span {
	for _, r := range rects {
		if y < r.Min.Y || y >= r.Max.Y {
			continue
		}
		if n := len(out); n > 0 && r.Min.X <= out[n-1].x1 {
			out[n-1].x1 = max(out[n-1].x1, r.Max.X)
			continue
		}
		out = append(out, span{r.Min.X, r.Max.X})
	}
	return out
}

// countIdx adds the pixels of row at each palette index to n (unless
// nil) and the row's bytes, from offset p of a band of l bytes, to sums,
// run by run (eight equal bytes compared at a time: rows are long runs
// of a fill).
func countIdx(n *[256]uint32, sums *bandSums, row []byte, p, l int) {
	for len(row) > 0 {
		v := row[0]
		rest := row[1:]
		for v8 := uint64(v) * 0x0101_0101_0101_0101; len(rest) >= 8 && binary.LittleEndian.Uint64(rest) == v8; {
			rest = rest[8:]
		}
		for len(rest) > 0 && rest[0] == v {
			rest = rest[1:]
		}
		k := len(row) - len(rest)
		if n != nil {
			n[v] += uint32(k)
		}
		sums.add(v, p, k, l)
		p += k
		row = rest
	}
}

// bandSums weighs bytes of a band as its Adler-32 does: s sums them, w
// sums each times the count of bytes from it to the band's end. Of a
// band D of l bytes, Adler-32 = (l + Σ (l-i)·D[i]) mod 65521 << 16 |
// (1 + Σ D[i]) mod 65521, so a change of some bytes changes it by the
// change of their sums alone.
type bandSums struct{ s, w uint64 }

// add adds k bytes v from offset p of a band of l bytes.
func (a *bandSums) add(v byte, p, k, l int) {
	a.s += uint64(v) * uint64(k)
	// Σ (l-i) for i in p..p+k-1.
	a.w += uint64(v) * uint64(k*l-k*p-k*(k-1)/2)
}

// adlerUpdate is the Adler-32 sum of a band whose bytes summing to was
// (bandSums) now sum to now.
func adlerUpdate(sum uint32, was, now bandSums) uint32 {
	const mod = 65521
	s1 := (uint64(sum&0xffff) + now.s%mod + mod - was.s%mod) % mod
	s2 := (uint64(sum>>16) + now.w%mod + mod - was.w%mod) % mod
	return uint32(s2<<16 | s1)
}

// hashBands returns the hashes of m's bands, in s.
func (e *PNGEncoder) hashBands(m *image.RGBA, s *quantScratch) []uint64 {
	nb := (m.Rect.Dy() + bandRows - 1) / bandRows
	e.mu.Lock()
	if !e.seeded {
		e.seed, e.seeded = maphash.MakeSeed(), true
	}
	seed := e.seed
	e.mu.Unlock()
	hashes := slices.Grow(s.hashes[:0], nb)[:nb]
	s.hashes = hashes
	for i := range hashes {
		hashes[i] = bandHash(seed, m, i)
	}
	return hashes
}
