package history

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deliberate-practice/katas/internal/journal"
)

// Packs: what git gc leaves of the loose objects kata writes. kata reads them (version 2
// indexes, packs of version 2 or 3, deltas on an offset or on a name) so that a history git
// has packed reads on; each object read is checked against its name all the same.

// A pack is one of the repository's packs, with its index read.
type pack struct {
	f     *os.File
	size  int64
	names []byte   // the objects' names, 20 bytes each, in order
	offs  []uint64 // where each object is in the pack
}

// maxIndex bounds what kata reads of a pack's index: a kata's runs make thousands of objects,
// not millions.
const maxIndex = 32 << 20

// maxDeltas is how many deltas an object may be made of: git's own default is 50.
const maxDeltas = 64

// findPacks opens the repository's packs: each pack with an index beside it.
func findPacks(repo string) ([]*pack, error) {
	dir, err := inRepo(repo, "objects/pack/x")
	if err != nil {
		return nil, err
	}
	dir = filepath.Dir(dir)
	if info, err := os.Lstat(dir); err != nil || !info.IsDir() {
		return nil, nil // no packs
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var packs []*pack
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), ".idx")
		if !ok {
			continue
		}
		p, err := openPack(filepath.Join(dir, base))
		if err != nil {
			for _, q := range packs {
				q.f.Close()
			}
			return nil, fmt.Errorf("%s: %w", filepath.Join(Dir, "objects", "pack", e.Name()), err)
		}
		packs = append(packs, p)
	}
	return packs, nil
}

// openPack opens the pack base.pack and reads its index, base.idx.
func openPack(base string) (*pack, error) {
	idx, err := journal.ReadPlain(base+".idx", maxIndex)
	if err != nil {
		return nil, err
	}
	if len(idx) < 8+256*4 || !bytes.Equal(idx[:4], []byte("\377tOc")) || binary.BigEndian.Uint32(idx[4:]) != 2 {
		return nil, errors.New("not a pack index of version 2, the only one kata reads")
	}
	n := int(binary.BigEndian.Uint32(idx[8+255*4:]))
	names := 8 + 256*4
	offs := names + n*20 + n*4 // after the names and their checksums
	if n < 0 || len(idx) < offs+n*4+40 {
		return nil, errors.New("a pack index cut short")
	}
	large := idx[offs+n*4 : len(idx)-40]
	p := &pack{names: idx[names : names+n*20], offs: make([]uint64, n)}
	for i := range n {
		o := binary.BigEndian.Uint32(idx[offs+i*4:])
		if o&0x80000000 == 0 {
			p.offs[i] = uint64(o)
			continue
		}
		j := int(o &^ 0x80000000)
		if j*8+8 > len(large) {
			return nil, errors.New("a pack index's offset points past its end")
		}
		p.offs[i] = binary.BigEndian.Uint64(large[j*8:])
	}
	if p.f, err = journal.OpenPlain(base+".pack", os.O_RDONLY, 0); err != nil {
		return nil, err
	}
	info, err := p.f.Stat()
	if err != nil {
		p.f.Close()
		return nil, err
	}
	p.size = info.Size()
	var head [12]byte
	if _, err := p.f.ReadAt(head[:], 0); err != nil || string(head[:4]) != "PACK" || binary.BigEndian.Uint32(head[4:]) < 2 || binary.BigEndian.Uint32(head[4:]) > 3 {
		p.f.Close()
		return nil, errors.New("not a pack of version 2 or 3, the only ones kata reads")
	}
	return p, nil
}

// find returns where the object called name (hex) is in the pack.
func (p *pack) find(name string) (uint64, bool) {
	raw, err := hex.DecodeString(name)
	if err != nil {
		return 0, false
	}
	n := len(p.offs)
	i := sort.Search(n, func(i int) bool { return bytes.Compare(p.names[i*20:i*20+20], raw) >= 0 })
	if i < n && bytes.Equal(p.names[i*20:i*20+20], raw) {
		return p.offs[i], true
	}
	return 0, false
}

// The kinds of a packed object.
const (
	packCommit   = 1
	packTree     = 2
	packBlob     = 3
	packTag      = 4
	packOfsDelta = 6
	packRefDelta = 7
)

// read reads the object at offset off of the pack: its kind and data, a delta's applied to its
// base, depth deltas down.
func (p *pack) read(r *reader, off uint64, depth int) (string, []byte, error) {
	if depth > maxDeltas {
		return "", nil, fmt.Errorf("an object of more than %d deltas: not a pack git writes", maxDeltas)
	}
	if off < 12 || off >= uint64(p.size) {
		return "", nil, errors.New("an object's offset is outside its pack")
	}
	var head [32]byte
	n, err := p.f.ReadAt(head[:], int64(off))
	if err != nil && !errors.Is(err, io.EOF) {
		return "", nil, err
	}
	h := head[:n]
	if len(h) == 0 {
		return "", nil, errors.New("an object cut short")
	}
	kind := int(h[0] >> 4 & 7)
	size := uint64(h[0] & 15)
	i := 1
	for shift := 4; h[i-1]&0x80 != 0; shift += 7 {
		if i == len(h) || shift > 56 {
			return "", nil, errors.New("an object's size that does not end")
		}
		size |= uint64(h[i]&0x7f) << shift
		i++
	}
	if size > maxObject {
		return "", nil, fmt.Errorf("an object of %d bytes, more than the %d kata reads of one", size, maxObject)
	}
	var base []byte
	var baseKind string
	switch kind {
	case packCommit, packTree, packBlob, packTag:
	case packOfsDelta:
		if i == len(h) {
			return "", nil, errors.New("a delta cut short")
		}
		back := uint64(h[i] & 0x7f)
		for h[i]&0x80 != 0 {
			if i++; i == len(h) {
				return "", nil, errors.New("a delta's offset that does not end")
			}
			back = (back+1)<<7 | uint64(h[i]&0x7f)
		}
		i++
		if back == 0 || back > off {
			return "", nil, errors.New("a delta whose base is not before it")
		}
		if baseKind, base, err = p.read(r, off-back, depth+1); err != nil {
			return "", nil, err
		}
	case packRefDelta:
		if i+20 > len(h) {
			return "", nil, errors.New("a delta cut short")
		}
		if baseKind, base, err = r.raw(hex.EncodeToString(h[i:i+20]), depth+1); err != nil {
			return "", nil, err
		}
		i += 20
	default:
		return "", nil, fmt.Errorf("an object of kind %d, which git does not write", kind)
	}
	start := int64(off) + int64(i)
	z, err := zlib.NewReader(io.NewSectionReader(p.f, start, p.size-start))
	if err != nil {
		return "", nil, err
	}
	data, err := io.ReadAll(io.LimitReader(z, int64(size)+1))
	if err != nil {
		return "", nil, err
	}
	if uint64(len(data)) != size {
		return "", nil, errors.New("an object whose size is not what its pack says")
	}
	if kind != packOfsDelta && kind != packRefDelta {
		return [...]string{packCommit: "commit", packTree: "tree", packBlob: "blob", packTag: "tag"}[kind], data, nil
	}
	out, err := applyDelta(base, data)
	return baseKind, out, err
}

// applyDelta applies a git delta to its base.
func applyDelta(base, delta []byte) ([]byte, error) {
	bad := errors.New("a delta that does not fit its base")
	size := func() (uint64, bool) {
		var n uint64
		for shift := 0; len(delta) > 0 && shift < 64; shift += 7 {
			b := delta[0]
			delta = delta[1:]
			n |= uint64(b&0x7f) << shift
			if b&0x80 == 0 {
				return n, true
			}
		}
		return 0, false
	}
	src, ok1 := size()
	dst, ok2 := size()
	if !ok1 || !ok2 || src != uint64(len(base)) || dst > maxObject {
		return nil, bad
	}
	out := make([]byte, 0, dst)
	for len(delta) > 0 {
		op := delta[0]
		delta = delta[1:]
		switch {
		case op&0x80 != 0:
			var off, n uint64
			for i := range 4 {
				if op&(1<<i) != 0 {
					if len(delta) == 0 {
						return nil, bad
					}
					off |= uint64(delta[0]) << (8 * i)
					delta = delta[1:]
				}
			}
			for i := range 3 {
				if op&(0x10<<i) != 0 {
					if len(delta) == 0 {
						return nil, bad
					}
					n |= uint64(delta[0]) << (8 * i)
					delta = delta[1:]
				}
			}
			if n == 0 {
				n = 0x10000
			}
			if off+n > uint64(len(base)) || uint64(len(out))+n > dst {
				return nil, bad
			}
			out = append(out, base[off:off+n]...)
		case op != 0:
			n := int(op)
			if n > len(delta) || uint64(len(out)+n) > dst {
				return nil, bad
			}
			out = append(out, delta[:n]...)
			delta = delta[n:]
		default:
			return nil, bad
		}
	}
	if uint64(len(out)) != dst {
		return nil, bad
	}
	return out, nil
}
