// Package record keeps what a run leaves behind, the same for both front ends: from a finished
// outcome, its light and its entry in the journal, the commit of the code that ran, and its
// post to a room. Keep keeps them all in the folder before the front prints the run's screen;
// Send sends the post after, so that an output closed early, or a run killed as it prints,
// loses nothing, and a room that is away costs the run nothing but a line.
package record

import (
	"bytes"
	"context"
	"time"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// Light is a run's light: Amber when the implementation did not get going (a Setup failure, or
// every scenario crashed), Red when a scenario failed or none ran, Green otherwise.
func Light(o engine.Outcome) verdict.Light {
	crashed := 0
	for _, r := range o.Results {
		if r.Crashed() {
			crashed++
		}
	}
	switch {
	case o.Fatal != "" || len(o.Results) > 0 && crashed == len(o.Results):
		return verdict.Amber
	case o.Failed() || len(o.Results) == 0:
		return verdict.Red
	}
	return verdict.Green
}

// Entry returns the journal's entry of a run of the kata at a time: its light and counts, the
// scenarios it chose where it chose some, the next to work on, and its mark on the kata's
// scale, where the run graded the implementation and the scale says one can reach it.
func Entry(k kata.Kata, o engine.Outcome, at time.Time) journal.Entry {
	e := journal.Entry{Time: at, Kata: k.Name, Light: Light(o), Passed: o.Passed(), Total: len(o.Results) + len(o.NotRun), Partial: o.Partial}
	if o.Partial {
		e.Selected = o.Selected
	}
	if failing := o.Failing(k); len(failing) > 0 {
		e.Next = failing[0].Path()
	}
	if g, ok := o.Grade(k); ok && !o.Replay && !g.Unmarked && k.Scale != nil {
		// A replay's seed was given, where the program under test could read it too: its
		// grade is shown, and kept as no mark. Nor is a mark the kata's scale refuses, which
		// a play that stopped part of the way may be by luck, and a room would refuse.
		if m := (verdict.Mark{Total: g.Total, Worst: g.Worst, Games: g.Games}); k.Scale.Check(m) == nil {
			e.Mark = &m
		}
	}
	return e
}

// A Run is what a front knows of a run besides its outcome: where it ran, the code that ran,
// and where its light goes.
type Run struct {
	Dir  string           // the kata's folder
	Code history.Snapshot // the code as the run began, kept with its light
	At   time.Time        // when the run was
	Log  bool             // keep the run in the folder's log, and its code; the kit's may not
	// Room is the participant in the room the light goes to; nil for none.
	Room *dojo.Participant
	// What the kata command adds to the entry: the run begins a session, the light the
	// participant predicted, the time from the save that started the run.
	Start     bool
	Predicted verdict.Light
	Lag       time.Duration
}

// A Record is a run kept: its entry as the log holds it, and its light on its way to the room.
type Record struct {
	Entry journal.Entry
	room  *dojo.Delivery
}

// Keep keeps the run of the kata: its entry and code in the folder's log, where r.Log asks,
// and its light in the folder for the room, where there is one. It prints nothing. The error
// says what of the log could not be kept (history.ErrTooLarge for a folder too large to keep
// its code); the light goes to the room all the same.
func Keep(k kata.Kata, o engine.Outcome, r Run) (Record, error) {
	e := Entry(k, o, r.At)
	e.Start, e.Predicted, e.Lag = r.Start, r.Predicted, r.Lag
	var err error
	if r.Log {
		e, err = history.Keep(r.Dir, r.Code, e)
	}
	rec := Record{Entry: e}
	if r.Room != nil {
		d := r.Room.Keep(r.Dir, post(r.Dir, e, r.Room.Name), e.Commit, codeOf(r.Dir))
		rec.room = &d
	}
	return rec, err
}

// Send sends the run's light, with those that waited for the room, and returns an error that
// says what became of it; nil where there is no room, or it took every light.
func (rec Record) Send(ctx context.Context) error {
	if rec.room == nil {
		return nil
	}
	return rec.room.Send(ctx)
}

// post is the light of a run the log of the folder dir has just kept, as the participant name
// sends it: its counts and prediction, its mark, and the lines its code changed since the run
// before (none where the run kept no code).
func post(dir string, e journal.Entry, name string) dojo.Post {
	p := dojo.Post{Name: name, Kata: e.Kata, Light: e.Light, Passed: e.Passed, Total: e.Total, Predicted: e.Predicted, Mark: e.Mark}
	if !e.Time.IsZero() {
		p.At = e.Time.UnixMilli()
	}
	if e.Commit == "" {
		return p
	}
	c, err := history.Read(dir, e.Commit)
	if err != nil {
		return p
	}
	changes, err := history.Changes(dir, c.Parent, e.Commit)
	if err != nil {
		return p
	}
	for _, ch := range changes {
		p.Added, p.Removed = p.Added+ch.Added, p.Removed+ch.Removed
	}
	return p
}

// codeOf returns the code of the runs the log of the folder dir keeps, for a room's review:
// the files that changed since the run before alone, which the room has from that run's
// light, or whole.
func codeOf(dir string) dojo.CodeOf {
	return func(commit string, whole bool) (*dojo.Code, error) {
		files, err := history.Files(dir, commit)
		if err != nil {
			return nil, err
		}
		texts := make(map[string][]byte, len(files))
		for p, f := range files {
			texts[p] = f.Data
		}
		var before map[string]history.File
		if !whole {
			if c, err := history.Read(dir, commit); err == nil && c.Parent != "" {
				before, _ = history.Files(dir, c.Parent)
			}
		}
		return dojo.NewCode(texts, func(p string, text []byte) bool {
			f, ok := before[p]
			return ok && bytes.Equal(f.Data, text)
		}), nil
	}
}
