package render

import (
	"image"
	"sync"
)

// Spare keeps up to a few values for reuse: big buffers (canvases, PNG
// scratch) that a sync.Pool would drop at every garbage collection, which
// with boards of 10 MB comes every few renders. The zero value keeps up to
// four; it is safe for concurrent use.
type Spare[T any] struct {
	mu    sync.Mutex
	items []T
	// Max bounds the values kept (0 means 4): about the renders that run
	// at once.
	Max int
}

// Get returns a kept value, or ok false when there is none.
func (s *Spare[T]) Get() (v T, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.items); n > 0 {
		v = s.items[n-1]
		var zero T
		s.items[n-1] = zero
		s.items = s.items[:n-1]
		return v, true
	}
	return v, false
}

// Put keeps v for a later Get, unless Max values are kept already.
func (s *Spare[T]) Put(v T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	limit := s.Max
	if limit <= 0 {
		limit = 4
	}
	if len(s.items) < limit {
		s.items = append(s.items, v)
	}
}

// ReuseRGBA returns an image of bounds r on old's pixel memory when it is
// big enough (its pixels are left as they were: callers paint every one),
// else a new image.
func ReuseRGBA(old *image.RGBA, r image.Rectangle) *image.RGBA {
	n := 4 * r.Dx() * r.Dy()
	if old == nil || cap(old.Pix) < n {
		return image.NewRGBA(r)
	}
	return &image.RGBA{Pix: old.Pix[:n], Stride: 4 * r.Dx(), Rect: r}
}
