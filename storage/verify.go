package storage

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// bbolt's on-disk format (go.etcd.io/bbolt/internal/common), in the host's
// byte order: a 16-byte page header (id u64, flags u16, count u16, overflow
// u32), then 16-byte elements whose key/value offsets are relative to the
// element itself.
const (
	pageHeader   = 16
	elemSize     = 16
	flagBranch   = 0x01
	flagLeaf     = 0x02
	flagMeta     = 0x04
	flagFreelist = 0x10
	bucketLeaf   = 0x01
	boltMagic    = 0xED0CDAED
	boltVersion  = 2
	noFreelist   = 1<<64 - 1
)

var ne = binary.NativeEndian

// verifyFile walks the page tree bbolt will use, reading the file with
// ReadAt (no memory map, so nothing here can fault), and checks that every
// page is in range, typed as expected, referenced once, and that every key
// and value lies inside its page. bbolt trusts these bounds when it reads
// the memory map, and a bad one is a memory fault, not a panic, in
// goroutines we cannot guard (tx.Check, Batch commits). After verifyFile,
// such reads stay inside the file.
func verifyFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	v := &verifier{f: f, size: info.Size(), seen: map[uint64]bool{0: true, 1: true}}
	if err := v.meta(); err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if err := v.tree(); err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return nil
}

type verifier struct {
	f                   *os.File
	size                int64
	pageSize            uint64
	root, freelist, hwm uint64
	seen                map[uint64]bool
}

// meta picks the meta page bbolt picks: the valid one with the higher txid.
func (v *verifier) meta() error {
	type meta struct{ pageSize, root, freelist, hwm, txid uint64 }
	read := func(off int64) (meta, bool) {
		buf := make([]byte, pageHeader+64)
		if _, err := v.f.ReadAt(buf, off); err != nil {
			return meta{}, false
		}
		m := buf[pageHeader:]
		h := fnv.New64a()
		h.Write(m[:56])
		if ne.Uint32(m[0:]) != boltMagic || ne.Uint32(m[4:]) != boltVersion || ne.Uint64(m[56:]) != h.Sum64() {
			return meta{}, false
		}
		return meta{pageSize: uint64(ne.Uint32(m[8:])), root: ne.Uint64(m[16:]), freelist: ne.Uint64(m[32:]), hwm: ne.Uint64(m[40:]), txid: ne.Uint64(m[48:])}, true
	}
	m0, ok0 := read(0)
	if !ok0 {
		// The first meta is damaged: find the second as bbolt does, trying page sizes.
		for ps := int64(1024); ps <= 1<<24 && ps < v.size; ps *= 2 {
			if m1, ok := read(ps); ok && m1.pageSize == uint64(ps) {
				m0, ok0 = m1, true
				break
			}
		}
	} else if m1, ok1 := read(int64(m0.pageSize)); ok1 && m1.txid > m0.txid {
		m0 = m1
	}
	if !ok0 {
		return fmt.Errorf("no valid meta page")
	}
	if m0.pageSize < 1024 || m0.pageSize > 1<<24 {
		return fmt.Errorf("page size %d out of range", m0.pageSize)
	}
	v.pageSize, v.root, v.freelist, v.hwm = m0.pageSize, m0.root, m0.freelist, m0.hwm
	if int64(v.hwm*v.pageSize) > v.size || v.hwm < 2 {
		return fmt.Errorf("file is %d bytes but its pages need %d (truncated)", v.size, v.hwm*v.pageSize)
	}
	return nil
}

// page reads page id with its overflow pages and checks its header.
func (v *verifier) page(id uint64, want uint16) ([]byte, error) {
	if id < 2 || id >= v.hwm {
		return nil, fmt.Errorf("page %d out of range [2,%d)", id, v.hwm)
	}
	if v.seen[id] {
		return nil, fmt.Errorf("page %d referenced twice", id)
	}
	head := make([]byte, pageHeader)
	if _, err := v.f.ReadAt(head, int64(id*v.pageSize)); err != nil {
		return nil, fmt.Errorf("page %d: %v", id, err)
	}
	if got := ne.Uint64(head); got != id {
		return nil, fmt.Errorf("page %d has id %d", id, got)
	}
	if flags := ne.Uint16(head[8:]); flags&want == 0 || flags&^(flagBranch|flagLeaf|flagFreelist|flagMeta) != 0 {
		return nil, fmt.Errorf("page %d has flags %#x", id, flags)
	}
	span := uint64(ne.Uint32(head[12:])) + 1
	if id+span > v.hwm {
		return nil, fmt.Errorf("page %d overflows %d pages past the end", id, span)
	}
	for i := range span {
		v.seen[id+i] = true
	}
	buf := make([]byte, span*v.pageSize)
	if _, err := v.f.ReadAt(buf, int64(id*v.pageSize)); err != nil && err != io.EOF {
		return nil, fmt.Errorf("page %d: %v", id, err)
	}
	return buf, nil
}

func (v *verifier) tree() error {
	if v.freelist != noFreelist {
		p, err := v.page(v.freelist, flagFreelist)
		if err != nil {
			return fmt.Errorf("freelist: %v", err)
		}
		n, start := uint64(ne.Uint16(p[10:])), uint64(pageHeader)
		if n == 0xFFFF { // the real count is the first element
			if len(p) < pageHeader+8 {
				return fmt.Errorf("freelist page %d is short", v.freelist)
			}
			n, start = ne.Uint64(p[pageHeader:]), pageHeader+8
		}
		if start+n*8 > uint64(len(p)) {
			return fmt.Errorf("freelist page %d holds %d ids, more than fit", v.freelist, n)
		}
		for i := range n {
			if id := ne.Uint64(p[start+8*i:]); id < 2 || id >= v.hwm {
				return fmt.Errorf("freelist names page %d, out of range", id)
			}
		}
	}
	return v.bucket(v.root, nil, 0)
}

// bucket checks the tree rooted at page id, or at the inline page when id
// is 0.
func (v *verifier) bucket(id uint64, inline []byte, depth int) error {
	if depth > 64 {
		return fmt.Errorf("buckets nested deeper than 64")
	}
	if id == 0 {
		if len(inline) < pageHeader {
			return fmt.Errorf("inline bucket too short")
		}
		return v.elements(inline, 0, depth)
	}
	return v.node(id, depth, 0)
}

func (v *verifier) node(id uint64, depth, level int) error {
	if level > 64 {
		return fmt.Errorf("page %d: tree deeper than 64", id)
	}
	p, err := v.page(id, flagBranch|flagLeaf)
	if err != nil {
		return err
	}
	if ne.Uint16(p[8:]) == flagBranch {
		n := int(ne.Uint16(p[10:]))
		if pageHeader+n*elemSize > len(p) {
			return fmt.Errorf("page %d: %d elements do not fit", id, n)
		}
		for i := range n {
			e := pageHeader + i*elemSize
			pos, ksize := int(ne.Uint32(p[e:])), int(ne.Uint32(p[e+4:]))
			if e+pos+ksize > len(p) {
				return fmt.Errorf("page %d: branch key %d lies outside the page", id, i)
			}
			if err := v.node(ne.Uint64(p[e+8:]), depth, level+1); err != nil {
				return err
			}
		}
		return nil
	}
	return v.elements(p, id, depth)
}

// elements checks a leaf page (id 0: inline) and the buckets it holds.
func (v *verifier) elements(p []byte, id uint64, depth int) error {
	if flags := ne.Uint16(p[8:]); flags != flagLeaf {
		return fmt.Errorf("page %d: leaf expected, flags %#x", id, flags)
	}
	n := int(ne.Uint16(p[10:]))
	if pageHeader+n*elemSize > len(p) {
		return fmt.Errorf("page %d: %d elements do not fit", id, n)
	}
	for i := range n {
		e := pageHeader + i*elemSize
		flags, pos := ne.Uint32(p[e:]), int(ne.Uint32(p[e+4:]))
		ksize, vsize := int(ne.Uint32(p[e+8:])), int(ne.Uint32(p[e+12:]))
		end := e + pos + ksize + vsize
		if pos < 0 || ksize < 0 || vsize < 0 || end > len(p) || end < e {
			return fmt.Errorf("page %d: element %d lies outside the page", id, i)
		}
		if flags&bucketLeaf == 0 {
			continue
		}
		val := p[e+pos+ksize : end]
		if len(val) < 16 {
			return fmt.Errorf("page %d: bucket header %d too short", id, i)
		}
		if err := v.bucket(ne.Uint64(val), val[16:], depth+1); err != nil {
			return err
		}
	}
	return nil
}
