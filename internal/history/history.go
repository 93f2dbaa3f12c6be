// Package history keeps a kata folder's code at every light: each run records the folder's
// files as one commit of a git repository inside the folder's .kata, which any git client
// reads (git --git-dir .kata/git log). It writes and reads git's loose objects itself, with
// the standard library, so that the kit, which records its runs too, adds nothing to the
// modules of a practitioner who imports it.
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
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/journal"
)

// Dir is where the repository is, in the kata folder.
const Dir = ".kata/git"

// MaxFile is the size of the largest file a run records, 1 MiB: a larger one is data or a
// build's output, not a kata's code.
const MaxFile = 1 << 20

// MaxFiles and MaxTotal bound what a run records: a kata's folder holds a few files, and a
// folder of more (a home folder, a project's whole tree) is not copied run after run.
const (
	MaxFiles = 1000
	MaxTotal = 16 << 20
)

// ErrTooLarge is Record's error for a folder with more files, or more bytes, than a run
// records: its code is not kept, and the run goes on.
var ErrTooLarge = fmt.Errorf("the folder holds more than %d files or %d MiB a run would keep, so the runs here keep no code: run kata in the kata's own folder", MaxFiles, MaxTotal>>20)

// branch is the reference that names the last run.
const branch = "refs/heads/main"

// Recorded reports whether the file at path (relative to the kata folder, slashes) is one a
// run records and --watch watches, by its name and those of its folders: not version
// control's, an editor's or the log's (hidden, a swap or backup file), not a language's
// caches or dependencies (__pycache__, node_modules). Its size and content are Record's to
// judge.
func Recorded(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		if part == "__pycache__" || part == "node_modules" || strings.HasPrefix(part, ".") {
			return false
		}
	}
	name := path.Base(rel)
	return !strings.HasPrefix(name, "#") && !strings.HasSuffix(name, "~") &&
		!strings.HasSuffix(name, ".swp") && !strings.HasSuffix(name, ".swo") && !strings.HasSuffix(name, ".swx")
}

// A file is one file of a run: its path in the folder, with slashes, and its contents.
type file struct {
	path       string
	data       []byte
	executable bool
}

// files returns the folder's files that a run records: those Recorded names, plain files of
// at most MaxFile bytes that are text (no NUL byte, as git tells binary files: a compiled
// program, an archive).
func files(dir string) ([]file, error) {
	var out []file
	total := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // gone since it was listed, or unreadable: not the kata's code
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if p == dir {
			return nil
		}
		if !Recorded(rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil // a folder is walked; a link, a FIFO, a device is not code
		}
		info, err := d.Info()
		if err != nil || info.Size() > MaxFile {
			return nil
		}
		data, err := readAtMost(p, MaxFile)
		if err != nil || bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 {
			return nil
		}
		if total += len(data); len(out) == MaxFiles || total > MaxTotal {
			return ErrTooLarge // and no further look at a large tree
		}
		out = append(out, file{rel, data, info.Mode()&0o111 != 0})
		return nil
	})
	return out, err
}

// readAtMost reads a file of at most max bytes, or fails: a file that grew past it since it
// was listed is not read whole.
func readAtMost(p string, max int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		err = errors.New("too large")
	}
	return data, err
}

// Keep keeps a run: the folder's code as a commit (for an entry with a light, or one that saves
// the code before a checkout), then the entry, naming the commit, in the journal. It returns
// the entry as logged. The light is logged even where the code cannot be kept: the error then
// says "the light is logged, but …" and, for a folder too large to keep, is ErrTooLarge.
func Keep(dir string, e journal.Entry) (journal.Entry, error) {
	if err := journal.Check(dir); err != nil {
		return e, fmt.Errorf("keeping the log of runs: %w", err)
	}
	var kept error
	if e.Light != journal.NoLight || e.Saved {
		e.Commit, kept = Record(dir, e.Message(), e.Time)
	}
	if err := journal.Append(dir, e); err != nil {
		return e, err
	}
	if kept != nil {
		return e, fmt.Errorf("the light is logged, but %w", kept)
	}
	return e, nil
}

// Record commits the kata folder's files as a run, with message, at a time, and returns the
// commit's name (its hash, in hex).
func Record(dir, message string, at time.Time) (string, error) {
	fail := func(err error) (string, error) { return "", fmt.Errorf("keeping the run's code in %s: %w", Dir, err) }
	fs, err := files(dir)
	if errors.Is(err, ErrTooLarge) {
		return "", err
	}
	if err != nil {
		return fail(err)
	}
	repo := filepath.Join(dir, Dir)
	if err := initRepo(repo); err != nil {
		return fail(err)
	}
	o := &objects{repo: repo}
	tree, err := writeTree(o, fs)
	if err != nil {
		return fail(err)
	}
	parent, err := Last(dir)
	if err != nil {
		return fail(err)
	}
	var c bytes.Buffer
	fmt.Fprintf(&c, "tree %s\n", tree)
	if parent != "" {
		fmt.Fprintf(&c, "parent %s\n", parent)
	}
	who := fmt.Sprintf("kata <kata@localhost> %d %s", at.Unix(), at.Format("-0700"))
	fmt.Fprintf(&c, "author %s\ncommitter %s\n\n%s\n", who, who, strings.TrimRight(message, "\n"))
	commit, err := o.write("commit", c.Bytes())
	if err != nil {
		return fail(err)
	}
	if err := setRef(repo, commit); err != nil {
		return fail(err)
	}
	return commit, nil
}

// initRepo makes the repository, bare, unless it is there.
func initRepo(repo string) error {
	if _, err := os.Stat(filepath.Join(repo, "HEAD")); err == nil {
		return nil
	}
	for _, d := range []string{"objects/info", "objects/pack", "refs/heads", "refs/tags"} {
		if err := os.MkdirAll(filepath.Join(repo, d), 0o755); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "config"), []byte("[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(repo, "HEAD"), []byte("ref: "+branch+"\n"), 0o644)
}

// writeTree writes the trees of the files, a folder a tree, and returns the top one's name.
func writeTree(o *objects, files []file) (string, error) {
	type entry struct {
		mode, name, hash string
		dir              bool
	}
	var entries []entry
	sub := map[string][]file{}
	for _, f := range files {
		if first, rest, ok := strings.Cut(f.path, "/"); ok {
			sub[first] = append(sub[first], file{rest, f.data, f.executable})
			continue
		}
		hash, err := o.write("blob", f.data)
		if err != nil {
			return "", err
		}
		mode := "100644"
		if f.executable {
			mode = "100755"
		}
		entries = append(entries, entry{mode, f.path, hash, false})
	}
	for name, fs := range sub {
		hash, err := writeTree(o, fs)
		if err != nil {
			return "", err
		}
		entries = append(entries, entry{"40000", name, hash, true})
	}
	// git orders a tree's entries by name, a folder's as if it ended in "/".
	key := func(e entry) string {
		if e.dir {
			return e.name + "/"
		}
		return e.name
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(key(a), key(b)) })
	var t bytes.Buffer
	for _, e := range entries {
		raw, _ := hex.DecodeString(e.hash)
		fmt.Fprintf(&t, "%s %s\x00", e.mode, e.name)
		t.Write(raw)
	}
	return o.write("tree", t.Bytes())
}

// objects writes loose objects into a repository, with one compressor for them all.
type objects struct {
	repo string
	z    *zlib.Writer
	buf  bytes.Buffer
}

// write writes a loose object, unless it is there, and returns its name.
func (o *objects) write(kind string, data []byte) (string, error) {
	repo := o.repo
	header := kind + " " + strconv.Itoa(len(data)) + "\x00"
	sum := sha1.New()
	sum.Write([]byte(header))
	sum.Write(data)
	name := hex.EncodeToString(sum.Sum(nil))
	p := objectPath(repo, name)
	if _, err := os.Stat(p); err == nil {
		return name, nil
	}
	o.buf.Reset()
	if o.z == nil {
		o.z = zlib.NewWriter(&o.buf)
	} else {
		o.z.Reset(&o.buf)
	}
	o.z.Write([]byte(header))
	o.z.Write(data)
	if err := o.z.Close(); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	return name, WriteFile(p, o.buf.Bytes(), 0o444)
}

// objectPath is where a loose object is kept.
func objectPath(repo, name string) string {
	return filepath.Join(repo, "objects", name[:2], name[2:])
}

// WriteFile writes a file whole or not at all: a temporary file beside it, renamed over it.
func WriteFile(p string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(p), ".kata-tmp-")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), perm)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// setRef points the branch at the commit, as git does: under a lock file, so that two runs
// that end at once do not write it together.
func setRef(repo, commit string) error {
	p := filepath.Join(repo, filepath.FromSlash(branch))
	lock := p + ".lock"
	var f *os.File
	var err error
	for try := 0; try < 100; try++ {
		if f, err = os.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); !errors.Is(err, fs.ErrExist) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("%w (if no run is under way, remove %s)", err, lock)
	}
	_, err = f.WriteString(commit + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(lock, p)
	}
	if err != nil {
		os.Remove(lock)
	}
	return err
}

// Last returns the last run's commit, "" before the first.
func Last(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, Dir, filepath.FromSlash(branch)))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	name := strings.TrimSpace(string(data))
	if !isName(name) {
		return "", fmt.Errorf("%s names no commit: %q", filepath.Join(Dir, branch), name)
	}
	return name, nil
}

// isName reports whether s is an object's name: 40 hex digits.
func isName(s string) bool {
	if len(s) != 40 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}
