// Package kit is the go test front end of the engine: it runs a kata's scenarios as go test
// runs tests, against an implementation in the test's own process. The features package's
// RunMastermind and RunTicTacToe are this, for each kata.
package kit

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/record"
)

// Run runs the kata's scenarios against the implementation that steps plays. Under go test
// -v, or a -run pattern that names scenarios, each scenario is a subtest of t that fails with
// its failure; otherwise the scenarios run within t, which fails with one screen that leads
// with the next scenario to work on. The kit's -kata.* flags (and godog's, where a test binds
// them) choose and report the scenarios. Tags that choose none of the kata's scenarios skip
// t, as go test -run does a test it does not name, where they choose some scenario of another
// feature file beside the kata's (a kata the same package may run), and fail it where they
// choose nothing anywhere (a typo).
func Run(t *testing.T, k kata.Kata, steps kata.Steps) {
	t.Helper()
	opts, err := options(flag.CommandLine)
	if err != nil {
		t.Fatalf("features: %v", err)
	}
	opts.Verbose = testing.Verbose() || namesSubtests(t.Name())
	logged := logAsked()
	var code history.Snapshot
	if logged {
		code = history.Take(".") // the code that runs, kept with its light
	}
	root, dirs := featureDirs()
	run, err := engine.Start(t.Context(), k, opts, engine.Front{Out: t.Output(), Flag: "-" + flagPrefix, Root: root, FeatureDirs: dirs, Stdout: os.Stdout, Several: true})
	switch {
	case errors.Is(err, engine.ErrNoScenario) && opts.Tags != "" && !chooseAny(k.Features, opts.Tags):
		t.Fatalf("features: %v, nor of any other kata: check the tags", err)
	case errors.Is(err, engine.ErrNoScenario):
		t.Skipf("features: %v", err) // as go test -run with a pattern no test matches: another kata has the tags
	case err != nil:
		t.Fatalf("features: %v", err)
	}
	impl := InProcess(steps)
	for s, notRun := range run.Scenarios() {
		if !opts.Verbose {
			if notRun != "" {
				run.Skip(s)
			} else {
				run.Play(s, impl) // the screen at the end tells
			}
			continue
		}
		t.Run(s.Path(), func(t *testing.T) {
			if notRun != "" {
				run.Skip(s)
				t.Skip("not run: " + notRun)
			}
			// The scenario's own text, as the screen shows it, with no file of the kit's to
			// head it.
			res := run.Play(s, impl)
			if res.Text != "" {
				fmt.Fprintln(t.Output(), strings.TrimRight(res.Text, "\n"))
			}
			if !res.Passed() {
				t.Fail()
			}
		})
	}
	// The run's light and code are kept before anything is printed, and its light sent after.
	outcome := run.Outcome()
	rec, err := record.Keep(k, outcome, record.Run{Dir: ".", Code: code, At: time.Now(), Log: logged, Room: room(t)})
	if err != nil { // a folder too large to keep, or one that cannot hold the log
		notice(t, "the run was not logged: %v", err)
	}
	if err := run.Report(func(s engine.Scenario, options ...string) string {
		cmd := fmt.Sprintf("go test -run '%s'", strings.ReplaceAll(runPattern(t.Name(), s), "'", `'\''`))
		for _, o := range options {
			cmd += " " + o
		}
		return cmd
	}); err != nil {
		t.Errorf("features: %v", err) // a report that could not be written
	}
	if err := rec.Send(t.Context()); err != nil { // a room away costs the run nothing but a notice
		notice(t, "%v", err)
	}
	if outcome.Failed() {
		t.Fail()
	}
}

// InProcess is an implementation in the test's own process: the kata's steps, played against
// it, and no conversation to check or end.
type InProcess kata.Steps

func (steps InProcess) Steps(sc *godog.ScenarioContext) { steps(sc) }

// room is the participant that KATA_DOJO and KATA_DOJO_NAME name, where they name one; nil for
// none, or for one the room would refuse, which a notice says.
func room(t *testing.T) *dojo.Participant {
	t.Helper()
	addr := os.Getenv(dojo.EnvRoom)
	if addr == "" {
		return nil
	}
	p, err := dojo.NewParticipant(addr, os.Getenv(dojo.EnvName))
	if err != nil {
		notice(t, "the light was not sent to the dojo: %v", err)
		return nil
	}
	p.NoCode = os.Getenv(dojo.EnvNoCode) == "1"
	return &p
}

// notice tells the person running the tests what the kit could not do for them — log the run,
// send its light — and fails nothing: the log and the room are the practitioner's, not the
// tests'. It goes to t's log, which go test shows under -v, and otherwise to the terminal
// itself (/dev/tty), since go test shows nothing but "ok" of a package that passes; where
// there is no terminal, to standard error, which go test shows when the package fails.
func notice(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf("features: "+format, args...)
	t.Log(msg)
	if testing.Verbose() {
		return
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		fmt.Fprintln(tty, msg)
		return
	}
	fmt.Fprintln(os.Stderr, msg)
}

// chooseAny reports whether the tags choose a scenario of any feature file of fsys: the
// features package's embeds every kata's.
func chooseAny(fsys fs.FS, tags string) bool {
	files, err := fs.Glob(fsys, "*.feature")
	if err != nil || len(files) == 0 {
		return false
	}
	_, err = engine.Start(context.Background(), kata.Kata{Name: "any", Features: fsys, Files: files}, engine.Options{Tags: tags}, engine.Front{})
	return err == nil
}

// featureDirs returns where a report says a feature file is: its path in the module that runs
// the tests (this one's features/mastermind.feature, or a copy kata features wrote into a
// practitioner's module), so that a CI system can link to it; its bare name when the module
// holds no copy.
func featureDirs() (root string, dirs []string) {
	wd, err := os.Getwd()
	if err != nil {
		return "", nil
	}
	root = wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return "", nil
		}
		root = parent
	}
	if _, src, _, ok := runtime.Caller(0); ok {
		dirs = append(dirs, filepath.Join(filepath.Dir(src), "..", "..", "features")) // this module's own
	}
	return root, append(dirs, wd, ".", "features")
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

// runPattern is a go test -run pattern that selects s alone under the test named parent.
func runPattern(parent string, s engine.Scenario) string {
	parts := strings.Split(parent+"/"+s.Path(), "/")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(strings.ReplaceAll(p, " ", "_"))
	}
	return "^" + strings.Join(parts, "/") + "$"
}
