package main

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/term"
)

// watchPoll is how often --watch looks for a saved file. A look at a kata's folder costs well
// under a millisecond (BenchmarkSnapshot), so looking five times a second takes a tiny part
// of a core, and a run starts within a fifth of a second of a save.
const watchPoll = 200 * time.Millisecond

// settle is how long --watch waits after a change for the rest of a save: an editor writes a
// file, and often a backup and a rename, in one go.
const settle = 100 * time.Millisecond

// watch is kata run --watch: it runs the scenarios, then again each time a file under the
// folder is saved, until the program is interrupted or terminated. On a terminal each run
// starts on a clear screen.
func (c cli) watch(r runFlags) int {
	poll := c.poll
	if poll == 0 {
		poll = watchPoll
	}
	start := r.session
	base := snapshot(c.dir)  // before the run: a save while it runs is a save to run again for
	own := map[string]bool{} // files the program itself writes each run: not watched
	var during []string      // what changed during the last run, when that run was for it
	for {
		if c.color {
			fmt.Fprint(c.stdout, term.ClearScreen)
		}
		if status := c.once(r, start); status == 2 {
			return status // a bad command line does not get better by watching
		}
		start = false
		if c.ctx.Err() != nil {
			return 0
		}
		// What changed while the program ran is run for — unless the same files changed during
		// the run that was for them: the program writes them itself, and they are watched no
		// more, so that it runs twice more, not for ever.
		now := snapshot(c.dir)
		saved := changed(base, now, own)
		base = now
		if len(saved) > 0 && slices.Equal(saved, during) {
			for _, f := range saved {
				own[f] = true
			}
			fmt.Fprintf(c.stdout, "%s changed during each run: the program's own, not watched.\n", savedNames(c.dir, saved))
			saved = nil
		}
		during = saved
		if len(saved) > 0 {
			fmt.Fprintf(c.stdout, "%s saved during the run: running again…\n", savedNames(c.dir, saved))
			time.Sleep(settle)
			base = snapshot(c.dir)
			continue
		}
		fmt.Fprintf(c.stdout, "\nWatching this folder: save a file to run again; Ctrl-C stops.\n")
		wait := poll
	wait:
		for {
			looked := time.Now()
			if saved := changed(base, snapshot(c.dir), own); len(saved) > 0 {
				fmt.Fprintf(c.stdout, "%s saved: running again…\n", savedNames(c.dir, saved))
				time.Sleep(settle)
				base = snapshot(c.dir)
				break wait
			}
			wait = nextLook(poll, time.Since(looked))
			select {
			case <-c.ctx.Done():
				fmt.Fprintln(c.stdout, "Stopped watching.")
				return 0
			case <-time.After(wait):
			}
		}
	}
}

// lookShare is at most the share of its time --watch spends looking at the folder: a folder
// that takes long to look at (a hundred thousand files) is looked at less often, so that idle
// watching costs little whatever the folder holds.
const lookShare = 20

// nextLook is how long to wait before the next look at the folder, after a look that took
// took: the poll, or longer for a large folder.
func nextLook(poll, took time.Duration) time.Duration {
	return max(poll, took*(lookShare-1))
}

// fileState is what --watch compares of a file to see that it was saved.
type fileState struct {
	mod  time.Time
	size int64
}

// snapshot returns the state of each file under dir that a save can change: not the log (in
// .kata, hidden), not version control's or an editor's own files, not a language's caches. A
// file named like one of those elsewhere, "log" or "4913", is a file of the practitioner's.
func snapshot(dir string) map[string]fileState {
	files := map[string]fileState{}
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // gone since it was listed, or unreadable: nothing to run for
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (strings.HasPrefix(name, ".") || name == "__pycache__" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if ignored(name) {
			return nil
		}
		if info, err := d.Info(); err == nil {
			files[path] = fileState{info.ModTime(), info.Size()}
		}
		return nil
	})
	return files
}

// ignored reports whether a file's name is an editor's swap or backup file, or a hidden one.
func ignored(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "#") || strings.HasSuffix(name, "~") ||
		strings.HasSuffix(name, ".swp") || strings.HasSuffix(name, ".swo") || strings.HasSuffix(name, ".swx")
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
		names = append(names, engine.Safe(p))
	}
	s := strings.Join(names, ", ")
	if len(paths) > shown {
		s += fmt.Sprintf(" and %d more", len(paths)-shown)
	}
	return s
}
