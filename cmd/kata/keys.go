package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// The keys --watch takes while it waits, as jest's and vitest's watch modes have them.
const (
	keyEnter   = '\n' // run again, as the last run chose
	keyFailing = 'f'  // only the scenarios that failed last
	keyNext    = 'n'  // only the next scenario until it passes, then everything
	keyAll     = 'a'  // every scenario
	keyQuit    = 'q'  // stop watching
	keyPredict = 'p'  // then g, r or a: the light the next run will have
)

// keysHelp is the line that names the keys.
const keysHelp = "Enter runs again, f the failing, n the next until it passes, a all, p predicts, q quits."

// readKeys sends the keys read from r, until r ends, then closes the channel. On a terminal in
// cbreak mode (raw) each byte is a key, Enter being "\r" or "\n"; otherwise keys come a line
// at a time, each line's first letter its key and an empty line Enter, so that "f" then Enter
// is one key, f.
func readKeys(r io.Reader, raw bool) <-chan byte {
	keys := make(chan byte, 16)
	go func() {
		defer close(keys)
		in := bufio.NewReader(r)
		for {
			if raw {
				b, err := in.ReadByte()
				if err != nil {
					return
				}
				if b == '\r' {
					b = keyEnter
				}
				keys <- b
				continue
			}
			line, err := in.ReadString('\n')
			if line = strings.TrimSpace(line); line != "" {
				keys <- strings.ToLower(line)[0]
			} else if err == nil {
				keys <- keyEnter
			}
			if err != nil {
				return
			}
		}
	}()
	return keys
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
	predict    verdict.Light     // the light said for the next run of every scenario
	verdict    string            // the last prediction's verdict, until a screen has shown it in full
	failing    []engine.Scenario // in the files' order: the first is the next to work on
	full       bool              // the next run is of every scenario, whatever the mode
	ranAll     bool              // the last run was of every scenario
}

// press takes a key, and reports whether it asks for a run, and what to say if it does not.
func (w *watching) press(k byte) (bool, string) {
	if w.predicting {
		w.predicting = false
		l, err := verdict.ParseLight(string(k))
		if err != nil {
			return false, "No prediction: p, then g for green, r for red or a for amber."
		}
		w.predict = l
		return false, fmt.Sprintf("You predict %s for the next run of every scenario: save, or press Enter.", l)
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
	if w.full || w.mode == watchAll || len(w.failing) == 0 {
		// A prediction is of the kata's light: for one run, the next of every scenario — the
		// one n or f hands over to, once those they run pass.
		r.predict, w.predict = w.predict, verdict.NoLight
		w.full, w.ranAll = false, true
		return r, ""
	}
	r.predict = verdict.NoLight
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
