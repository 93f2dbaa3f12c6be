// Package tally is a kata of the tests' own, whole in this one package: a feature of two
// scenarios, its steps, its seam in process and over the protocol. Tests register it through
// kata.Kata, as a real kata is, and run it through both front ends — the kit under go test and
// kata run against a small program — touching no other package.
package tally

import (
	"embed"
	"errors"
	"fmt"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/protocol"
	"github.com/deliberate-practice/katas/internal/step"
)

//go:embed tally.feature
var features embed.FS

// Tally is the implementation under test: a running total.
type Tally interface {
	Add(n int) error
	Total() int
}

// Kata is the tally kata.
func Kata() kata.Kata {
	return kata.Kata{
		Name:     "tally",
		Summary:  "a running total, the tests' own kata",
		Features: features,
		Files:    []string{"tally.feature"},
		Remote:   func(sc *godog.ScenarioContext, conn *protocol.Conn) { Initialize(sc, remoteTally(conn)) },
		Protocol: `
Tally requests

    {"id": 1, "op": "new"}             reply {"id": 1}: a new tally, of 0
    {"id": 2, "op": "add", "n": 2}     reply {"id": 2, "total": 2}
    {"id": 3, "op": "total"}           reply {"id": 3, "total": 2}
`,
		OneRow: "Tally/Adding up$",
	}
}

// Initialize registers the tally steps, played against the tallies newTally makes.
func Initialize(sc *godog.ScenarioContext, newTally func() (Tally, error)) {
	InitializeWithin(sc, newTally, 0)
}

// InitializeWithin is Initialize with a time limit for each call into the implementation.
func InitializeWithin(sc *godog.ScenarioContext, newTally func() (Tally, error), limit time.Duration) {
	var t Tally
	sc.Step(`^a new tally$`, func() (err error) {
		t, err = newTally()
		return err
	})
	sc.Step(`^I add (\d+)$`, func(n int) error {
		var err error
		if gerr := step.Guard(limit, "Add", func() { err = t.Add(n) }); gerr != nil {
			return gerr
		}
		return err
	})
	sc.Step(`^the tally should be (\d+)$`, func(want int) error {
		var got int
		if gerr := step.Guard(limit, "Total", func() { got = t.Total() }); gerr != nil {
			return gerr
		}
		if got != want {
			return step.Fail("the tally", "%d, want %d", got, want)
		}
		return nil
	})
}

// remoteTally makes a tally in the program under test: each scenario begins with "new", as the
// protocol asks of a kata, so that one program can play scenario after scenario.
func remoteTally(conn *protocol.Conn) func() (Tally, error) {
	return func() (Tally, error) {
		rep, err := conn.Call("new", nil)
		if err != nil {
			return nil, err
		}
		if msg, ok := rep.Refusal(); ok {
			return nil, errors.New(msg)
		}
		return remote{conn}, nil
	}
}

// remote is a tally in the program under test.
type remote struct{ conn *protocol.Conn }

func (r remote) Add(n int) error {
	rep, err := r.conn.Call("add", map[string]any{"n": n})
	if err != nil {
		return err
	}
	if msg, ok := rep.Refusal(); ok {
		return errors.New(msg)
	}
	return nil
}

func (r remote) Total() int {
	rep, err := r.conn.Call("total", nil)
	if err != nil {
		return -1
	}
	n, ok := rep.Int("total")
	if !ok {
		_ = r.conn.Broken("the program replied to total without %q: request %s", "total", rep.Request)
		return -1
	}
	return n
}

// Counter is a right tally, in process.
type Counter struct{ n int }

func (c *Counter) Add(n int) error { c.n += n; return nil }
func (c *Counter) Total() int      { return c.n }

// String shows the counter, for messages.
func (c *Counter) String() string { return fmt.Sprint(c.n) }
