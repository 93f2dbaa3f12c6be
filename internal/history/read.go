package history

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/journal"
)

// maxObject bounds what reading an object takes in: a tree or a commit of a kata folder is
// small, and a blob is at most MaxFile bytes.
const maxObject = 4 * MaxFile

// A reader reads a repository's objects, loose or packed, each checked against its name, and
// within a budget: a repository from anywhere may hold anything.
type reader struct {
	repo   string
	packs  []*pack // read once, when an object is not loose
	found  bool    // packs looked for
	nfiles int     // of the budget a read of a run's trees has spent: the files
	nbytes int     // and their bytes
}

// newReader returns a reader of the folder's repository.
func newReader(dir string) (*reader, error) {
	repo, err := openRepo(dir, false)
	if err != nil {
		return nil, err
	}
	return &reader{repo: repo}, nil
}

// object reads the object called name, which must be of the kind wanted.
func (r *reader) object(name, want string) ([]byte, error) {
	if !isName(name) {
		return nil, fmt.Errorf("%q names no object", name)
	}
	kind, data, err := r.raw(name, 0)
	if err != nil {
		return nil, err
	}
	if kind != want {
		return nil, fmt.Errorf("object %s is a %s, not a %s", name, kind, want)
	}
	if sum := objectName(kind, data); sum != name {
		return nil, fmt.Errorf("object %s holds what is named %s: the repository is damaged", name, sum)
	}
	return data, nil
}

// objectName is the name git gives an object of a kind and its data.
func objectName(kind string, data []byte) string {
	h := sha1.New()
	h.Write([]byte(kind + " " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// raw reads the object called name, loose or packed, as it is: its kind and data, depth
// deltas down.
func (r *reader) raw(name string, depth int) (string, []byte, error) {
	kind, data, err := r.loose(name)
	if errors.Is(err, fs.ErrNotExist) {
		return r.packed(name, depth)
	}
	return kind, data, err
}

// close closes the packs the reader opened.
func (r *reader) close() {
	for _, p := range r.packs {
		p.f.Close()
	}
}

// loose reads a loose object: its kind and data.
func (r *reader) loose(name string) (string, []byte, error) {
	p, err := inRepo(r.repo, "objects/"+name[:2]+"/"+name[2:])
	if err != nil {
		return "", nil, err
	}
	f, err := journal.OpenPlain(p, os.O_RDONLY, 0)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	z, err := zlib.NewReader(io.LimitReader(f, 2*maxObject))
	if err != nil {
		return "", nil, fmt.Errorf("object %s: %w", name, err)
	}
	raw, err := io.ReadAll(io.LimitReader(z, maxObject+64))
	if err != nil {
		return "", nil, fmt.Errorf("object %s: %w", name, err)
	}
	header, data, ok := bytes.Cut(raw, []byte{0})
	kind, size, _ := strings.Cut(string(header), " ")
	if n, err := strconv.Atoi(size); !ok || err != nil || n != len(data) {
		return "", nil, fmt.Errorf("object %s is not whole, or larger than the %d bytes kata reads of one", name, maxObject)
	}
	return kind, data, nil
}

// A Commit is a run's commit as Read reads it.
type Commit struct {
	Name, Tree, Parent string // Parent is "" for the first run
	Message            string
}

// Read reads the commit named name.
func Read(dir, name string) (Commit, error) {
	r, err := newReader(dir)
	if err != nil {
		return Commit{}, err
	}
	defer r.close()
	return r.commit(name)
}

// commit reads the commit named name.
func (r *reader) commit(name string) (Commit, error) {
	data, err := r.object(name, "commit")
	if err != nil {
		return Commit{}, err
	}
	c := Commit{Name: name}
	head, msg, _ := strings.Cut(string(data), "\n\n")
	c.Message = strings.TrimRight(msg, "\n")
	for _, line := range strings.Split(head, "\n") {
		key, value, _ := strings.Cut(line, " ")
		switch key {
		case "tree":
			c.Tree = value
		case "parent":
			if c.Parent == "" {
				c.Parent = value
			}
		}
	}
	if !isName(c.Tree) {
		return Commit{}, fmt.Errorf("commit %s has no tree", name)
	}
	return c, nil
}

// A File is a file of a run: its contents, and whether it is executable.
type File struct {
	Data       []byte
	Executable bool
}

// Files returns the files of the run whose commit is named name, by their paths (slashes).
func Files(dir, name string) (map[string]File, error) {
	r, err := newReader(dir)
	if err != nil {
		return nil, err
	}
	defer r.close()
	return r.runFiles(name)
}

// runFiles returns the files of the run whose commit is named name, within the budget of a
// run: at most MaxFiles files and MaxTotal bytes, as Record keeps.
func (r *reader) runFiles(name string) (map[string]File, error) {
	c, err := r.commit(name)
	if err != nil {
		return nil, err
	}
	r.nfiles, r.nbytes = 0, 0
	out := map[string]File{}
	return out, r.tree(c.Tree, "", 0, out)
}

// maxDepth is how deep a run's folders go, at most.
const maxDepth = 64

// tree reads a tree's files into out, their paths under prefix, depth folders down.
func (r *reader) tree(name, prefix string, depth int, out map[string]File) error {
	if depth > maxDepth {
		return fmt.Errorf("tree %s is more than %d folders deep: not one kata wrote", name, maxDepth)
	}
	data, err := r.object(name, "tree")
	if err != nil {
		return err
	}
	for len(data) > 0 {
		head, rest, ok := bytes.Cut(data, []byte{0})
		mode, entry, _ := strings.Cut(string(head), " ")
		if !ok || len(rest) < 20 || entry == "" || strings.Contains(entry, "/") || entry == "." || entry == ".." {
			return fmt.Errorf("tree %s is not one kata wrote", name)
		}
		hash := hex.EncodeToString(rest[:20])
		data = rest[20:]
		p := prefix + entry
		switch mode {
		case "40000":
			if err := r.tree(hash, p+"/", depth+1, out); err != nil {
				return err
			}
		case "100644", "100755":
			if r.nfiles++; r.nfiles > MaxFiles {
				return fmt.Errorf("the run holds more than the %d files a run keeps: not one kata wrote", MaxFiles)
			}
			blob, err := r.object(hash, "blob")
			if err != nil {
				return err
			}
			if r.nbytes += len(blob); r.nbytes > MaxTotal {
				return fmt.Errorf("the run holds more than the %d MiB a run keeps: not one kata wrote", MaxTotal>>20)
			}
			out[p] = File{blob, mode == "100755"}
		default:
			return fmt.Errorf("tree %s holds %s, a %s: not a file kata records", name, p, mode)
		}
	}
	return nil
}

// packed reads a packed object: its kind and data, depth deltas down. The packs are found at
// the first object not loose.
func (r *reader) packed(name string, depth int) (string, []byte, error) {
	if !r.found {
		r.found = true
		var err error
		if r.packs, err = findPacks(r.repo); err != nil {
			return "", nil, err
		}
	}
	for _, p := range r.packs {
		if off, ok := p.find(name); ok {
			return p.read(r, off, depth)
		}
	}
	return "", nil, fmt.Errorf("object %s is not in %s", name, filepath.Join(Dir, "objects"))
}
