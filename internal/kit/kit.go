// Package kit is the go test front end of the engine: it runs a kata's scenarios as go test
// runs tests, against an implementation in the test's own process. The features package's
// RunMastermind and RunTicTacToe are this, for each kata.
package kit

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/kata"
)

// Run runs the kata's scenarios against the implementation that steps plays. Under go test
// -v, or a -run pattern that names scenarios, each scenario is a subtest of t that fails with
// its failure; otherwise the scenarios run within t, which fails with one screen that leads
// with the next scenario to work on. The kit's -kata.* flags (and godog's, where a test binds
// them) choose and report the scenarios. Tags that choose none of the kata's scenarios skip
// t, as go test -run does a test it does not name, where they choose some of a sibling's — a
// kata the same package may run — and fail it where they choose nothing anywhere (a typo).
func Run(t *testing.T, k kata.Kata, steps kata.Steps, siblings ...kata.Kata) {
	t.Helper()
	opts, err := options(flag.CommandLine)
	if err != nil {
		t.Fatalf("features: %v", err)
	}
	opts.Verbose = testing.Verbose() || namesSubtests(t.Name())
	each := func(_ engine.Scenario, do func(engine.Output)) { do(testOutput{t, false}) }
	if opts.Verbose {
		each = func(s engine.Scenario, do func(engine.Output)) {
			t.Run(s.Path(), func(t *testing.T) { do(testOutput{t, true}) })
		}
	}
	outcome, err := engine.Run(k, opts, engine.Frontend{
		Flag:  "-" + flagPrefix,
		Each:  each,
		Start: func(engine.Scenario, bool) engine.Instance { return engine.Instance{Steps: steps} },
		Log:   func(line string) { fmt.Fprintln(t.Output(), line) }, // the test's output, with no line of the kit's
		Rerun: func(s engine.Scenario) string {
			return fmt.Sprintf("go test -run '%s'", runPattern(t.Name(), s))
		},
		FeaturePath: featurePaths(),
	})
	if err == nil {
		entry := outcome.Entry(k, time.Now())
		if logAsked() {
			var lerr error
			entry, lerr = history.Keep(".", entry)
			if errors.Is(lerr, history.ErrTooLarge) {
				t.Logf("features: %v", lerr) // a folder too large to keep: said, and no failure
			} else if lerr != nil {
				t.Errorf("features: %v", lerr)
			}
		}
		sendToRoom(t, entry)
	}
	switch {
	case errors.Is(err, engine.ErrNoScenario) && opts.Tags != "" && !chooseAny(siblings, opts):
		t.Errorf("features: %v, nor of any other kata: check the tags", err)
	case errors.Is(err, engine.ErrNoScenario):
		// As go test -run with a pattern no test matches: the other kata has the tags.
		t.Skipf("features: %v", err)
	case err != nil:
		t.Errorf("features: %v", err)
	case outcome.Failed():
		t.Fail()
	}
}

// sendToRoom sends the run's light to the room that KATA_DOJO names, if it names one, as
// KATA_DOJO_NAME. A room away, or a name it refuses, costs the run nothing but a line on
// the standard error, which go test shows for a passing test too.
func sendToRoom(t *testing.T, entry journal.Entry) {
	addr := os.Getenv(dojo.EnvRoom)
	if addr == "" {
		return
	}
	p, err := dojo.NewParticipant(addr, os.Getenv(dojo.EnvName))
	if err == nil {
		err = p.Send(t.Context(), ".", entry)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "features: the light was not sent to the dojo: %v\n", err)
	}
}

// chooseAny reports whether the options choose a scenario of any of the katas.
func chooseAny(katas []kata.Kata, opts engine.Options) bool {
	for _, k := range katas {
		all, err := engine.Scenarios(k)
		if err != nil {
			continue
		}
		if chosen, _, err := engine.Select(k, all, opts); err == nil && len(chosen) > 0 {
			return true
		}
	}
	return false
}

// featurePaths returns where a report says a feature file is: its path in the module that
// runs the tests (this one's features/mastermind.feature, or a copy kata features wrote into a
// practitioner's module), so that a CI system can link to it; its bare name when the module
// holds no copy. It finds the module once.
func featurePaths() func(file string) string {
	bare := func(file string) string { return file }
	wd, err := os.Getwd()
	if err != nil {
		return bare
	}
	root := wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return bare
		}
		root = parent
	}
	var dirs []string
	if _, src, _, ok := runtime.Caller(0); ok {
		dirs = append(dirs, filepath.Join(filepath.Dir(src), "..", "..", "features")) // this module's own
	}
	return engine.FeaturePaths(root, append(dirs, wd, ".", "features")...)
}

// namesSubtests reports whether go test's -run pattern names tests below the test called
// parent: the scenarios.
func namesSubtests(parent string) bool {
	f := flag.Lookup("test.run")
	if f == nil {
		return false
	}
	depth, elements := 0, 1
	for _, r := range f.Value.String() {
		switch r {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case '/':
			if depth == 0 {
				elements++
			}
		}
	}
	return elements > strings.Count(parent, "/")+1
}

// testOutput shows a scenario in its own subtest, or within the test that runs the kata.
type testOutput struct {
	t       *testing.T
	subtest bool
}

func (o testOutput) Fail(text string) {
	o.t.Helper()
	if text != "" {
		o.t.Error("\n" + text)
	}
}

func (o testOutput) Pass(text string) { o.t.Helper(); o.t.Log("\n" + text) }

// Skip skips a scenario's subtest; within the kata's test a scenario not run is only counted.
func (o testOutput) Skip(reason string) {
	o.t.Helper()
	if o.subtest {
		o.t.Skip(reason)
	}
}

// runPattern is a go test -run pattern that selects s alone under the test named parent.
func runPattern(parent string, s engine.Scenario) string {
	parts := strings.Split(parent+"/"+s.Path(), "/")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(strings.ReplaceAll(p, " ", "_"))
	}
	return "^" + strings.Join(parts, "/") + "$"
}
