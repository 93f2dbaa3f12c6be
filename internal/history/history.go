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

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/verdict"
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
	f, err := journal.OpenPlain(p, os.O_RDONLY, 0)
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

// A Snapshot is the code of a kata folder as a run found it: the files a run keeps, read
// whole at one moment, so that the code a run keeps is the code that ran — taken as the run
// starts, however the folder changes while it runs.
type Snapshot struct {
	files []file
	err   error // why there is no code to keep: ErrTooLarge, or the folder could not be read
}

// Take takes the code of the folder dir as it is now. A folder too large to keep, or one
// that cannot be read, gives a snapshot that keeps no code, and says why when it is kept.
func Take(dir string) Snapshot {
	fs, err := files(dir)
	if err != nil {
		return Snapshot{err: err}
	}
	return Snapshot{files: fs}
}

// Keep keeps a run: its code, as code holds it, as a commit (for an entry with a light, or
// one that saves the code before a checkout), then the entry, naming the commit, in the
// journal. It returns the entry as logged. The light is logged even where the code cannot be
// kept: the error then says "the light is logged, but …" and, for a folder too large to keep,
// is ErrTooLarge.
func Keep(dir string, code Snapshot, e journal.Entry) (journal.Entry, error) {
	if err := journal.Check(dir); err != nil {
		return e, fmt.Errorf("keeping the log of runs: %w", err)
	}
	var kept error
	if e.Light != verdict.NoLight || e.Saved {
		e.Commit, kept = code.record(dir, e.Message(), e.Time)
	}
	if err := journal.Append(dir, e); err != nil {
		return e, err
	}
	if kept != nil {
		return e, fmt.Errorf("the light is logged, but %w", kept)
	}
	return e, nil
}

// Record commits the kata folder's files as they are now as a run, with message, at a time,
// and returns the commit's name (its hash, in hex).
func Record(dir, message string, at time.Time) (string, error) {
	return Take(dir).record(dir, message, at)
}

// record commits the snapshot's files as a run, with message, at a time, and returns the
// commit's name. Its parent is the branch's commit as the branch is when record moves it,
// both under the branch's lock, so that runs recorded at once each keep the one before.
func (code Snapshot) record(dir, message string, at time.Time) (string, error) {
	fail := func(err error) (string, error) { return "", fmt.Errorf("keeping the run's code in %s: %w", Dir, err) }
	if errors.Is(code.err, ErrTooLarge) {
		return "", code.err
	}
	if code.err != nil {
		return fail(code.err)
	}
	fs := code.files
	repo, err := openRepo(dir, true)
	if err != nil {
		return fail(err)
	}
	o := &objects{repo: repo}
	tree, err := writeTree(o, fs)
	if err != nil {
		return fail(err)
	}
	lock, err := lockBranch(repo)
	if err != nil {
		return fail(err)
	}
	defer lock.undo()
	parent, err := lastCommit(repo)
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
	if err := lock.commit(commit); err != nil {
		return fail(err)
	}
	return commit, nil
}

// config is the repository's configuration: a bare repository in which git never packs the
// runs by itself (a kata folder's history is small, and its loose objects are kata's to read
// first).
const config = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n[gc]\n\tauto = 0\n"

// openRepo returns the folder's repository, making it, bare, if make is set and it is not
// there. A repository, or a folder on the way to it, that is a link or not a folder is
// refused: kata writes nothing through a link.
func openRepo(dir string, make bool) (string, error) {
	repo := filepath.Join(dir, Dir)
	for _, p := range []string{filepath.Join(dir, ".kata"), repo} {
		info, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist) && make:
			if err := os.Mkdir(p, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return "", err
			}
		case errors.Is(err, fs.ErrNotExist):
			return "", fmt.Errorf("%s is not there: no run has kept its code here yet", p)
		case err != nil:
			return "", err
		case !info.IsDir():
			return "", fmt.Errorf("%s is %s, not a folder: kata keeps the runs' code in a folder of its own there; move it away", p, journal.Kind(info.Mode()))
		}
	}
	if _, err := os.Lstat(filepath.Join(repo, "HEAD")); err == nil || !make {
		if make {
			return repo, noAutoGC(repo)
		}
		return repo, nil
	}
	for _, d := range []string{"objects/info", "objects/pack", "refs/heads", "refs/tags"} {
		if err := os.MkdirAll(filepath.Join(repo, d), 0o755); err != nil {
			return "", err
		}
	}
	if err := WriteFile(filepath.Join(repo, "config"), []byte(config), 0o644); err != nil {
		return "", err
	}
	return repo, WriteFile(filepath.Join(repo, "HEAD"), []byte("ref: "+branch+"\n"), 0o644)
}

// noAutoGC adds gc.auto = 0 to the configuration of a repository an earlier kata made
// without it.
func noAutoGC(repo string) error {
	p := filepath.Join(repo, "config")
	data, err := journal.ReadPlain(p, 64<<10)
	if err != nil || bytes.Contains(data, []byte("[gc]")) {
		return nil // not kata's to mend: git reads it as it is
	}
	return WriteFile(p, append(data, "[gc]\n\tauto = 0\n"...), 0o644)
}

// inRepo returns the path of rel, slashed, in the repository, if no folder on the way to it is
// a link or a file: a repository from anywhere is read and written only within itself.
func inRepo(repo, rel string) (string, error) {
	full := repo
	parts := strings.Split(rel, "/")
	for _, part := range parts[:len(parts)-1] {
		full = filepath.Join(full, part)
		info, err := os.Lstat(full)
		if err == nil && !info.IsDir() {
			return "", fmt.Errorf("%s is %s, not a folder of the repository's", full, journal.Kind(info.Mode()))
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	return filepath.Join(full, parts[len(parts)-1]), nil
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
	p, err := inRepo(repo, "objects/"+name[:2]+"/"+name[2:])
	if err != nil {
		return "", err
	}
	if info, err := os.Lstat(p); err == nil && info.Mode().IsRegular() {
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

// A lock is the branch's lock, git's own: refs/heads/main.lock, made only if it is not there.
// The branch is read and moved while it is held.
type lock struct {
	f    *os.File
	path string // the branch's file
	done bool
}

// lockBranch takes the branch's lock, waiting a second at most for a run that holds it.
func lockBranch(repo string) (*lock, error) {
	p, err := inRepo(repo, branch)
	if err != nil {
		return nil, err
	}
	for try := 0; ; try++ {
		f, err := os.OpenFile(p+".lock", os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		switch {
		case err == nil:
			return &lock{f: f, path: p}, nil
		case !errors.Is(err, fs.ErrExist) || try == 100:
			return nil, fmt.Errorf("%w (if no run is under way, remove %s.lock)", err, p)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// commit points the branch at the commit, as git does: the lock's file written, then renamed
// over the branch's.
func (l *lock) commit(name string) error {
	_, err := l.f.WriteString(name + "\n")
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(l.f.Name(), l.path)
	}
	l.done = err == nil
	return err
}

// undo gives the lock up, unless it moved the branch.
func (l *lock) undo() {
	if !l.done {
		l.f.Close()
		os.Remove(l.f.Name())
	}
}

// Last returns the last run's commit, "" before the first, or where the folder has no
// repository.
func Last(dir string) (string, error) {
	repo, err := openRepo(dir, false)
	if err != nil {
		if _, serr := os.Lstat(filepath.Join(dir, Dir)); errors.Is(serr, fs.ErrNotExist) {
			return "", nil
		}
		return "", err
	}
	return lastCommit(repo)
}

// lastCommit returns the commit the branch names — in its own file, or, once git has packed
// the refs, in packed-refs — and "" where it names none yet.
func lastCommit(repo string) (string, error) {
	p, err := inRepo(repo, branch)
	if err != nil {
		return "", err
	}
	data, err := journal.ReadPlain(p, 4<<10)
	if err == nil {
		name := strings.TrimSpace(string(data))
		if !isName(name) {
			return "", fmt.Errorf("%s names no commit: %s", filepath.Join(Dir, branch), brief.Quote(name))
		}
		return name, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	packed, err := journal.ReadPlain(filepath.Join(repo, "packed-refs"), maxPackedRefs)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(packed), "\n") {
		if name, ref, ok := strings.Cut(strings.TrimSpace(line), " "); ok && ref == branch && isName(name) {
			return name, nil
		}
	}
	return "", nil
}

// maxPackedRefs bounds what kata reads of packed-refs: a kata's repository has one branch.
const maxPackedRefs = 1 << 20

// isName reports whether s is an object's name: 40 hex digits.
func isName(s string) bool {
	if len(s) != 40 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}
