package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/record"
	"github.com/deliberate-practice/katas/internal/term"
	"github.com/deliberate-practice/katas/internal/verdict"
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
// watchRows is how many rows --watch adds to a run's screen: the line that says what runs,
// and a blank line, the line that says it waits and the keys' help (two rows at 80 columns).
const watchRows = 5

func (c cli) watch(r runFlags) int {
	// The screen of each run leaves rows for what watching adds — what runs, and below the
	// screen where it waits and its keys — so that the count and Next: stay in view.
	if c.height == 0 {
		c.height = engine.DefaultHeight
	}
	c.height = max(c.height-watchRows, 8)
	poll := c.poll
	if poll == 0 {
		poll = watchPoll
	}
	keys, restore := c.watchKeys()
	defer restore()
	w := watching{predict: r.predict}
	start := r.session
	base := snapshot(c.dir)  // before the run: a save while it runs is a save to run again for
	own := map[string]bool{} // files the program itself writes each run: not watched
	var during []string      // what changed during the last run, when that run was for it
	var stoppedBy []string   // the files whose save stopped the last run, if one did
	var saved time.Time      // when the save that starts the next run was made
	var light verdict.Light  // the last run's
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
		// A save during the run stops it, unless the files saved are those that stopped the run
		// before: a program that writes files of its own as it runs, or an editor that writes
		// a file twice, stops one run, not every run.
		skip := maps.Clone(own)
		for _, f := range stoppedBy {
			skip[f] = true
		}
		status, outcome, savedDuring := c.onceWatched(run, start, saved, base, skip, poll)
		if status == 2 {
			return status // a bad command line does not get better by watching
		}
		if savedDuring != nil && c.ctx.Err() == nil {
			// Run again at once, for the save. Which files are the program's own only runs
			// that end tell: a run stopped counts for nothing there.
			stoppedBy = savedDuring
			announce("%s saved during the run: stopped it, running again…\n", savedNames(c.dir, savedDuring))
			saved = savedAt(snapshot(c.dir), savedDuring, time.Time{})
			start = false
			time.Sleep(settle)
			base = snapshot(c.dir)
			continue
		}
		stoppedBy = nil
		// A verdict stays in view: a run that starts at once after the one it judged — saved
		// during it — shows it again under its own screen.
		if run.predict != verdict.NoLight {
			w.verdict = prediction(run.predict, record.Light(outcome))
		} else if w.verdict != "" {
			fmt.Fprintln(c.stdout, "Your last prediction: "+w.verdict)
			w.verdict = ""
		}
		start, saved = false, time.Time{}
		if c.ctx.Err() != nil {
			fmt.Fprintln(c.stdout, "Stopped watching.")
			return 0
		}
		light = c.ringOnChange(light, record.Light(outcome))
		if w.after(r.kata, outcome) {
			announce("\nThose pass now: running every scenario…\n")
			continue
		}
		now, changes := c.changedDuring(base, own, during)
		during = changes
		if len(changes) > 0 {
			announce("%s saved during the run: running again…\n", savedNames(c.dir, changes))
			saved = savedAt(now, changes, time.Time{})
			time.Sleep(settle)
			base = snapshot(c.dir)
			continue
		}
		base = now
		w.verdict = "" // on the screen, where it stays
		var stop bool
		if base, saved, stop = c.waitForSave(&w, base, own, &keys, poll, announce); stop {
			fmt.Fprintln(c.stdout, "Stopped watching.")
			return 0
		}
	}
}

// changedDuring returns the folder now and the files saved since base, while the program ran,
// to run for — but for those that changed during the run before as well, which was for them:
// the program writes them itself, and they join own, watched no more, so that it runs twice
// more for them, not for ever.
func (c cli) changedDuring(base map[string]fileState, own map[string]bool, before []string) (map[string]fileState, []string) {
	now := snapshot(c.dir)
	changes := changed(base, now, own)
	if len(changes) > 0 && slices.Equal(changes, before) {
		for _, f := range changes {
			own[f] = true
		}
		fmt.Fprintf(c.stdout, "%s changed during each run: the program's own, not watched.\n", savedNames(c.dir, changes))
		changes = nil
	}
	return now, changes
}

// ringOnChange rings the terminal's bell when a run's light is not the light of the run
// before, and returns the light to compare the next with.
func (c cli) ringOnChange(before, now verdict.Light) verdict.Light {
	if now != before && c.terminal && before != verdict.NoLight {
		fmt.Fprint(c.stdout, term.Bell)
	}
	return now
}

// watchKeys returns the keys pressed while watching, a byte each — from a terminal, without
// waiting for Enter — and what restores the terminal as it was; no keys where there is no
// input to read them from.
func (c cli) watchKeys() (<-chan byte, func()) {
	if c.keys == nil {
		return nil, func() {}
	}
	raw, restore := c.rawKeys, func() {}
	if f, ok := c.keys.(*os.File); ok && term.IsTerminal(f) {
		if undo, err := term.Cbreak(f); err == nil {
			raw, restore = true, func() { _ = undo() }
		}
	}
	return readKeys(c.keys, raw), restore
}

// waitForSave says the folder is watched, and waits for a save — a file changed since base,
// but for the program's own — or a key that asks for a run, and returns the folder as the
// next run begins and when the save was made (zero for a key's run); stop when watching is
// to end (Ctrl-C, or the quit key). A key that says something says it, and it waits on.
func (c cli) waitForSave(w *watching, base map[string]fileState, own map[string]bool, keys *<-chan byte, poll time.Duration, announce func(string, ...any)) (next map[string]fileState, saved time.Time, stop bool) {
	fmt.Fprintf(c.stdout, "\nWatching this folder: save a file to run again; Ctrl-C stops.\n")
	if *keys != nil {
		fmt.Fprintf(c.stdout, "Keys: %s\n", keysHelp)
	}
	wait := poll
	lastLook := time.Now()
	for {
		looked := time.Now()
		now := snapshot(c.dir)
		if changes := changed(base, now, own); len(changes) > 0 {
			announce("%s saved: running again…\n", savedNames(c.dir, changes))
			saved = savedAt(now, changes, lastLook)
			time.Sleep(settle)
			return snapshot(c.dir), saved, false
		}
		lastLook = looked
		wait = nextLook(poll, time.Since(looked))
		select {
		case <-c.ctx.Done():
			return base, time.Time{}, true
		case k, ok := <-*keys:
			if !ok {
				*keys = nil // the keys have ended: saves alone from now on
				continue
			}
			if k == keyQuit {
				return base, time.Time{}, true
			}
			run, said := w.press(k)
			if run {
				return snapshot(c.dir), time.Time{}, false
			}
			if said == "" {
				said = "Keys: " + keysHelp
			}
			fmt.Fprintln(c.stdout, said)
		case <-time.After(wait):
		}
	}
}

// errSaved is why --watch stops a run: a file was saved during it, and the next run is for it.
var errSaved = errors.New("a file was saved during the run")

// onceWatched is once, stopped by a save during the run: it returns, besides once's status and
// outcome, the files saved that stopped it, since base, but those in own; nil where none did.
func (c cli) onceWatched(r runFlags, startSession bool, saved time.Time, base map[string]fileState, own map[string]bool, poll time.Duration) (int, engine.Outcome, []string) {
	ctx, stop := context.WithCancelCause(c.ctx)
	defer stop(nil)
	var savedDuring []string
	looked := make(chan struct{})
	go func() {
		defer close(looked)
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(poll):
			}
			if changes := changed(base, snapshot(c.dir), own); len(changes) > 0 {
				savedDuring = changes
				stop(errSaved)
				return
			}
		}
	}()
	c.ctx = ctx
	status, outcome := c.once(r, startSession, saved)
	stop(nil)
	<-looked
	if context.Cause(ctx) != errSaved {
		savedDuring = nil
	}
	return status, outcome, savedDuring
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
