package main

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/history"
)

// fileState is what --watch compares of a file to see that it was saved.
type fileState struct {
	mod  time.Time
	size int64
}

// snapshot returns the state of each file under dir that a save can change: those a run
// records (history.Recorded) — not the log, not version control's or an editor's own files,
// not a language's caches.
func snapshot(dir string) map[string]fileState {
	files := map[string]fileState{}
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return nil // gone since it was listed, or unreadable: nothing to run for
		}
		if rel, rerr := filepath.Rel(dir, path); rerr == nil && !history.Recorded(filepath.ToSlash(rel)) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil {
			files[path] = fileState{info.ModTime(), info.Size()}
		}
		return nil
	})
	return files
}

// changed returns the files that differ between two snapshots, sorted — saved, made or
// removed — but those in skip.
func changed(a, b map[string]fileState, skip map[string]bool) []string {
	var out []string
	for path, s := range a {
		if t, ok := b[path]; (!ok || t != s) && !skip[path] {
			out = append(out, path)
		}
	}
	for path := range b {
		if _, ok := a[path]; !ok && !skip[path] {
			out = append(out, path)
		}
	}
	slices.Sort(out)
	return out
}

// savedNames names the saved files for a person, relative to the folder: the first three,
// and how many more.
func savedNames(dir string, paths []string) string {
	const shown = 3
	names := make([]string, 0, shown)
	for _, p := range paths[:min(len(paths), shown)] {
		if rel, err := filepath.Rel(dir, p); err == nil {
			p = rel
		}
		names = append(names, brief.Safe(p))
	}
	s := strings.Join(names, ", ")
	if len(paths) > shown {
		s += fmt.Sprintf(" and %d more", len(paths)-shown)
	}
	return s
}

// savedAt is when the files changed were saved, as their times say: the latest of them, but
// no earlier than the look before, which saw none of them (a file written with an old time,
// or removed, was saved since then).
func savedAt(now map[string]fileState, changes []string, before time.Time) time.Time {
	at := before
	for _, f := range changes {
		if s, ok := now[f]; ok && s.mod.After(at) {
			at = s.mod
		}
	}
	if at.IsZero() || at.After(time.Now()) {
		return time.Now()
	}
	return at
}
