package history

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/journal"
)

// A Restoration is a run's code, ready to be brought back into the folder: checked first, so
// that bringing it back writes only what a run keeps, never touches a file a run does not keep,
// and is one step — every file or none.
type Restoration struct {
	dir     string
	write   []string // the paths to write, slashed, in order
	remove  []string // the paths to remove: files the code has now that the run did not
	want    map[string]File
	clear   []string // the folders in the way of a file to write, emptied by the removals
	staging string   // where the new files are put, and the old ones kept, while it applies
}

// Plan checks that the run's files (want) can be brought back into the folder dir, whose code
// is now as now holds it: every path one a run keeps, none through a link or outside the
// folder, and no file in the way that a run does not keep (one larger than a run keeps, a
// binary, a link, a folder with such files), which bringing the run back would lose. Files a
// run does not keep that are not in the way stay as they are.
func Plan(dir string, want map[string]File, now Snapshot) (*Restoration, error) {
	if now.err != nil {
		return nil, fmt.Errorf("the code as it is now cannot be kept, so it is not replaced: %w", now.err)
	}
	have := map[string]File{}
	for _, f := range now.files {
		have[f.path] = File{f.data, f.executable}
	}
	r := &Restoration{dir: dir, want: want}
	for _, p := range slices.Sorted(maps.Keys(want)) {
		data := want[p].Data
		if !Recorded(p) || !filepath.IsLocal(filepath.FromSlash(p)) || len(data) > MaxFile || bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 {
			return nil, fmt.Errorf("the run holds %s, a file no run keeps: its history is not one kata wrote", brief.Quote(p))
		}
		if old, ok := have[p]; ok && bytes.Equal(old.Data, want[p].Data) && old.Executable == want[p].Executable {
			continue
		}
		r.write = append(r.write, p)
	}
	for _, p := range slices.Sorted(maps.Keys(have)) {
		if _, ok := want[p]; !ok {
			r.remove = append(r.remove, p)
		}
	}
	gone := map[string]bool{}
	for _, p := range r.remove {
		gone[p] = true
	}
	for _, p := range r.write {
		if err := r.check(p, have, gone); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// check says why the file p cannot be written, if it cannot: a link or a file of no run's on
// the way to it, or a file in its place that a run does not keep; a folder in its place is
// fine when the removals empty it.
func (r *Restoration) check(p string, have map[string]File, gone map[string]bool) error {
	full := r.dir
	parts := strings.Split(p, "/")
	for i, part := range parts {
		full = filepath.Join(full, part)
		info, err := os.Lstat(full)
		if errors.Is(err, fs.ErrNotExist) {
			return nil // nothing in the way from here on
		}
		if err != nil {
			return err
		}
		rel := strings.Join(parts[:i+1], "/")
		last := i == len(parts)-1
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s is a link: kata checkout writes no file through one, nor over one", brief.Quote(rel))
		case info.IsDir() && !last:
			continue
		case info.IsDir():
			// A folder where the run has a file: the removals must empty it.
			var kept error
			_ = filepath.WalkDir(full, func(q string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				in, _ := filepath.Rel(r.dir, q)
				if !gone[filepath.ToSlash(in)] {
					kept = fmt.Errorf("%s is a folder, where the run has a file, and it holds %s, which kata checkout would lose: move it away first", brief.Quote(rel), brief.Quote(filepath.ToSlash(in)))
					return filepath.SkipAll
				}
				return nil
			})
			if kept != nil {
				return kept
			}
			r.clear = append(r.clear, rel)
			return nil
		case !last:
			// A file where the run has a folder: it must be one of those removed.
			if !gone[rel] {
				return fmt.Errorf("%s is a file no run keeps, where the run has a folder: move it away first", brief.Quote(rel))
			}
			return nil
		}
		// A file where the run has one: it must be one a run keeps, so that it is kept now.
		if _, ok := have[rel]; !ok {
			return fmt.Errorf("%s is %s, which no run keeps: kata checkout would lose it; move it away first", brief.Quote(rel), notKept(full, info))
		}
	}
	return nil
}

// notKept says why a file is not one a run keeps.
func notKept(full string, info fs.FileInfo) string {
	switch {
	case !info.Mode().IsRegular():
		return journal.Kind(info.Mode())
	case info.Size() > MaxFile:
		return fmt.Sprintf("a file of %d bytes, more than the %d MiB a run keeps of one", info.Size(), MaxFile>>20)
	}
	return "a binary file"
}

// Apply brings the run's code back: it writes every new file beside the folder's files first,
// keeps every file it replaces or removes, and then moves them all into place; should a step
// fail, it moves every file back as it was. It returns how many files it wrote and removed.
func (r *Restoration) Apply() (written, removed int, err error) {
	if len(r.write) == 0 && len(r.remove) == 0 {
		return 0, 0, nil
	}
	if err := os.MkdirAll(filepath.Join(r.dir, ".kata"), 0o755); err != nil {
		return 0, 0, err
	}
	r.staging, err = os.MkdirTemp(filepath.Join(r.dir, ".kata"), "checkout-")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(r.staging)
	// The new files, whole, beside the folder's.
	for i, p := range r.write {
		f := r.want[p]
		mode := os.FileMode(0o644)
		if f.Executable {
			mode = 0o755
		}
		if err := WriteFile(r.staged("new", i), f.Data, mode); err != nil {
			return 0, 0, err
		}
	}
	var undo []func() error // what puts the folder back, the last step first
	rollback := func(cause error) (int, int, error) {
		for i := len(undo) - 1; i >= 0; i-- {
			if err := undo[i](); err != nil {
				return 0, 0, fmt.Errorf("%w; and putting the folder back failed too: %v", cause, err)
			}
		}
		return 0, 0, cause
	}
	move := func(from, to string) error {
		if err := os.Rename(from, to); err != nil {
			return err
		}
		undo = append(undo, func() error { return os.Rename(to, from) })
		return nil
	}
	// The files removed, and those replaced, kept in the staging folder.
	for i, p := range r.remove {
		if err := move(r.full(p), r.staged("old", i)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return rollback(err)
		}
	}
	for i, p := range r.write {
		info, err := os.Lstat(r.full(p))
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return rollback(err)
		case info.IsDir() && slices.Contains(r.clear, p):
			// a folder the removals have emptied: it goes below
		case !info.Mode().IsRegular():
			return rollback(fmt.Errorf("%s changed as kata checkout ran: it is %s now", brief.Quote(p), journal.Kind(info.Mode())))
		default:
			if err := move(r.full(p), r.staged("replaced", i)); err != nil {
				return rollback(err)
			}
		}
	}
	// Folders the removals emptied, where the run has a file, go; so do folders left empty.
	for _, d := range r.clear {
		full := r.full(d)
		if err := os.RemoveAll(full); err != nil {
			return rollback(err)
		}
		undo = append(undo, func() error { return os.MkdirAll(full, 0o755) })
	}
	for i, p := range r.write {
		dir := filepath.Dir(r.full(p))
		made, err := mkdirs(r.dir, dir)
		if err != nil {
			return rollback(err)
		}
		for _, m := range made {
			undo = append(undo, func() error { return os.Remove(m) })
		}
		if err := move(r.staged("new", i), r.full(p)); err != nil {
			return rollback(err)
		}
	}
	r.tidy()
	return len(r.write), len(r.remove), nil
}

// full is where the run's path p is in the folder.
func (r *Restoration) full(p string) string { return filepath.Join(r.dir, filepath.FromSlash(p)) }

// staged is the staging folder's file of the i'th path of a kind.
func (r *Restoration) staged(kind string, i int) string {
	return filepath.Join(r.staging, fmt.Sprintf("%s-%d", kind, i))
}

// tidy removes the folders the removals left empty, but the folder itself.
func (r *Restoration) tidy() {
	for _, p := range slices.Backward(r.remove) {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			info, err := os.Lstat(r.full(d))
			if err != nil || !info.IsDir() || os.Remove(r.full(d)) != nil {
				break // not a folder now, or not empty: it stays, and the folders above it
			}
		}
	}
}

// mkdirs makes the folder dir, within root, and those above it that are missing, and returns
// those it made, the innermost last.
func mkdirs(root, dir string) ([]string, error) {
	var missing []string
	for d := dir; d != root && d != filepath.Dir(d); d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append(missing, d)
	}
	slices.Reverse(missing)
	for _, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, err
		}
	}
	return missing, nil
}
