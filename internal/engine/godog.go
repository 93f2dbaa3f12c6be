package engine

import (
	"context"
	"fmt"
	"io"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/kata"
)

// A line is godog's run of the scenario at one line of a feature file: the file as it is
// written, the scenario chosen by godog's own line filter (godog.Options.Paths, "file:line").
// godog's filter matches a scenario's line, never an outline row's, so that a run of an
// outline's line meets every row, in order; the run goes on in a goroutine of its own, a pickle
// at a time, and Play hands it each: the next row to play with its implementation, or a row to
// skip (godog.ErrSkip, from a Before hook). An outline's rows played in turn, as a run in the
// files' order plays them, cost godog one parse and one run; a row the run does not play, or
// one met out of turn (a random order), costs a pickle skipped.
type line struct {
	file  string
	at    int
	next  int           // the number of the pickle godog waits to be told about, from 1
	turns chan turn     // what the pickle godog waits on plays; closed: skip it, and those after
	over  chan struct{} // a pickle is over
	ended chan struct{} // closed once godog's run has returned
}

// A turn is what one pickle plays: a scenario against its implementation, writing how it
// went into res; or nothing, skipped (res nil).
type turn struct {
	s    Scenario
	impl Implementation
	res  *Result
}

// startLine starts godog's run of the scenario at line at of the kata's file.
func startLine(k kata.Kata, file string, at int) *line {
	l := &line{file: file, at: at, next: 1, turns: make(chan turn), over: make(chan struct{}), ended: make(chan struct{})}
	met := 0
	suite := godog.TestSuite{
		Name: file,
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			if met++; met > 1 {
				l.over <- struct{}{} // the pickle before is over
			}
			t, ok := <-l.turns
			if !ok || t.res == nil {
				sc.Before(func(ctx context.Context, _ *godog.Scenario) (context.Context, error) { return ctx, godog.ErrSkip })
				return
			}
			steps(sc, t.s, t.impl, t.res)
		},
		Options: &godog.Options{
			Format: "progress", Output: io.Discard, Strict: true, NoColors: true,
			FS: k.Features, Paths: []string{fmt.Sprintf("%s:%d", file, at)},
		},
	}
	go func() {
		defer close(l.ended)
		suite.Run()
		if met > 0 {
			l.over <- struct{}{} // the last pickle is over
		}
	}()
	return l
}

// play plays scenario s — the row s.Row of the line's outline, or its scenario — against impl,
// writing how it went into res, after skipping the rows before it.
func (l *line) play(s Scenario, impl Implementation, res *Result) {
	for l.next < s.Row && l.give(turn{}) {
	}
	l.give(turn{s, impl, res})
}

// give hands godog what its next pickle plays, and waits until the pickle is over; false when
// godog's run has no more pickles.
func (l *line) give(t turn) bool {
	select {
	case l.turns <- t:
	case <-l.ended:
		return false
	}
	<-l.over
	l.next++
	return true
}

// release ends the run: the pickles left are skipped, and godog's run returns before release
// does.
func (l *line) release() {
	close(l.turns)
	for {
		select {
		case <-l.over:
		case <-l.ended:
			return
		}
	}
}
