package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/kata"
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
// starts on a clear screen, and the bell rings when the light changes. Where it reads keys
// (c.keys), they choose what runs: keysHelp.
func (c cli) watch(r runFlags) int {
	poll := c.poll
	if poll == 0 {
		poll = watchPoll
	}
	var keys <-chan byte
	if c.keys != nil {
		raw := c.rawKeys
		if f, ok := c.keys.(*os.File); ok && term.IsTerminal(f) {
			if restore, err := term.Cbreak(f); err == nil {
				defer func() { _ = restore() }() // the terminal as it was
				raw = true
			}
		}
		keys = readKeys(c.keys, raw)
	}
	w := watching{predict: r.predict}
	start := r.session
	base := snapshot(c.dir)  // before the run: a save while it runs is a save to run again for
	own := map[string]bool{} // files the program itself writes each run: not watched
	var during []string      // what changed during the last run, when that run was for it
	var saved time.Time      // when the save that starts the next run was made
	var light journal.Light  // the last run's
	// announce says a run starts, and why, at once: on a terminal, on a clear screen.
	cleared := false
	announce := func(format string, args ...any) {
		if c.color && !cleared {
			fmt.Fprint(c.stdout, term.ClearScreen)
			cleared = true
		}
		fmt.Fprintf(c.stdout, format, args...)
	}
	for {
		run, what := w.selection(r)
		if c.color && !cleared {
			fmt.Fprint(c.stdout, term.ClearScreen)
		}
		cleared = false
		if what != "" {
			fmt.Fprintln(c.stdout, what)
		}
		status, outcome := c.once(run, start, saved)
		if status == 2 {
			return status // a bad command line does not get better by watching
		}
		start, saved = false, time.Time{}
		if c.ctx.Err() != nil {
			fmt.Fprintln(c.stdout, "Stopped watching.")
			return 0
		}
		if l := outcome.Light(); l != light {
			if c.terminal && light != journal.NoLight {
				fmt.Fprint(c.stdout, term.Bell)
			}
			light = l
		}
		if w.after(r.kata, outcome) {
			announce("\nThose pass now: running every scenario…\n")
			continue
		}
		// What changed while the program ran is run for — unless the same files changed during
		// the run that was for them: the program writes them itself, and they are watched no
		// more, so that it runs twice more, not for ever.
		now := snapshot(c.dir)
		changes := changed(base, now, own)
		if len(changes) > 0 && slices.Equal(changes, during) {
			for _, f := range changes {
				own[f] = true
			}
			fmt.Fprintf(c.stdout, "%s changed during each run: the program's own, not watched.\n", savedNames(c.dir, changes))
			changes = nil
		}
		during = changes
		if len(changes) > 0 {
			announce("%s saved during the run: running again…\n", savedNames(c.dir, changes))
			saved = savedAt(now, changes, time.Time{})
			time.Sleep(settle)
			base = snapshot(c.dir)
			continue
		}
		base = now
		fmt.Fprintf(c.stdout, "\nWatching this folder: save a file to run again; Ctrl-C stops.\n")
		if keys != nil {
			fmt.Fprintf(c.stdout, "Keys: %s\n", keysHelp)
		}
		wait := poll
		lastLook := time.Now()
	wait:
		for {
			looked := time.Now()
			now := snapshot(c.dir)
			if changes := changed(base, now, own); len(changes) > 0 {
				announce("%s saved: running again…\n", savedNames(c.dir, changes))
				saved = savedAt(now, changes, lastLook)
				time.Sleep(settle)
				base = snapshot(c.dir)
				break wait
			}
			lastLook = looked
			wait = nextLook(poll, time.Since(looked))
			select {
			case <-c.ctx.Done():
				fmt.Fprintln(c.stdout, "Stopped watching.")
				return 0
			case k, ok := <-keys:
				if !ok {
					keys = nil // the keys have ended: saves alone from now on
					continue
				}
				if k == keyQuit {
					fmt.Fprintln(c.stdout, "Stopped watching.")
					return 0
				}
				run, said := w.press(k)
				if run {
					base = snapshot(c.dir)
					break wait
				}
				if said == "" {
					said = "Keys: " + keysHelp
				}
				fmt.Fprintln(c.stdout, said)
			case <-time.After(wait):
			}
		}
	}
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

// watchMode is what --watch runs: every scenario the command line chose, those that failed
// last, or the next to work on.
type watchMode int

const (
	watchAll watchMode = iota
	watchFailing
	watchNext
)

// watching is what --watch keeps from run to run to choose the next: the mode its keys set,
// and the scenarios that failed.
type watching struct {
	mode       watchMode
	predicting bool              // p was pressed: the next key is a light
	predict    journal.Light     // the light said for the next run
	failing    []engine.Scenario // in the files' order: the first is the next to work on
	full       bool              // the next run is of every scenario, whatever the mode
	ranAll     bool              // the last run was of every scenario
}

// press takes a key, and reports whether it asks for a run, and what to say if it does not.
func (w *watching) press(k byte) (bool, string) {
	if w.predicting {
		w.predicting = false
		l, err := journal.ParseLight(string(k))
		if err != nil {
			return false, "No prediction: p, then g for green, r for red or a for amber."
		}
		w.predict = l
		return false, fmt.Sprintf("You predict %s for the next run: save, or press Enter.", l)
	}
	switch k {
	case keyEnter:
	case keyFailing:
		w.mode = watchFailing
	case keyNext:
		w.mode = watchNext
	case keyAll:
		w.mode = watchAll
	case keyPredict:
		w.predicting = true
		return false, "The next run's light? g green, r red, a amber."
	default:
		return false, ""
	}
	return true, ""
}

// selection returns the command line for the next run — every scenario it chose, or those of
// the mode — and a line that says what runs, "" for every scenario.
func (w *watching) selection(r runFlags) (runFlags, string) {
	r.predict, w.predict = w.predict, journal.NoLight // a prediction is for one run
	if w.full || w.mode == watchAll || len(w.failing) == 0 {
		w.full, w.ranAll = false, true
		return r, ""
	}
	w.ranAll = false
	if w.mode == watchNext {
		r.opts = r.opts.Only(w.failing[:1])
		return r, fmt.Sprintf("The next scenario, until it passes (a runs all): %s", w.failing[0])
	}
	r.opts = r.opts.Only(w.failing)
	return r, fmt.Sprintf("The %s that failed (a runs all):", brief.Count(len(w.failing), "scenario", "scenarios"))
}

// after takes a run's outcome, and reports whether every scenario runs at once: those the
// mode ran pass now, and the kata's light is to be seen.
func (w *watching) after(k kata.Kata, o engine.Outcome) bool {
	failing := o.Failing(k)
	switch {
	case w.ranAll:
		w.failing = failing
	case len(failing) == 0:
		w.full = true
		return true
	case w.mode == watchFailing:
		w.failing = failing
	}
	return false
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
