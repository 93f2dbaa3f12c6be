package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/kata/mastermind"
	"github.com/deliberate-practice/katas/internal/kata/tictactoe"
	"github.com/deliberate-practice/katas/internal/step"
)

// The project's feature files, as the features package embeds them, and its katas.
var featureFiles = os.DirFS("../../features")

func theKatas() []kata.Kata {
	return []kata.Kata{mastermind.Kata(featureFiles), tictactoe.Kata(featureFiles)}
}

// A small kata of the tests' own: steps that count, and an outline whose rows 2 and 4 fail.
const countingFeature = `@counting
Feature: Counting
  A description the runs leave out.

  Scenario: Nothing to count
    Given the number 0
    Then it should be even

  @outline
  Scenario Outline: Parity
    Given the number <n>
    Then it should be even
    Examples:
      | n |
      | 2 |
      | 3 |
    @more
    Examples: More
      | n |
      | 4 |
      | 5 |

  Scenario: A table and a doc string
    Given the numbers
      | 2 |
      | 4 |
    And the note
      """
      Scenario: not a scenario
      """
    Then it should be even
`

var countingFS = fstest.MapFS{"counting.feature": {Data: []byte(countingFeature)}}
var counting = kata.Kata{Name: "counting", Features: countingFS, Files: []string{"counting.feature"}}

// countingSteps registers the counting kata's steps.
func countingSteps(sc *godog.ScenarioContext) {
	n := 0
	sc.Step(`^the number (\d+)$`, func(v int) { n = v })
	sc.Step(`^the numbers$`, func(t *godog.Table) { n = len(t.Rows) * 2 })
	sc.Step(`^the note$`, func(*godog.DocString) {})
	sc.Step(`^it should be even$`, func() error {
		if n%2 != 0 {
			return fmt.Errorf("%d is odd", n)
		}
		return nil
	})
}

func theScenarios(t *testing.T, k kata.Kata, fsys fstest.MapFS) []Scenario {
	t.Helper()
	k.Features = fsys
	s, _, err := scenarios(k, "")
	require.NoError(t, err)
	return s
}

// playOne plays one scenario of k on a run of its own.
func playOne(k kata.Kata, s Scenario, impl Implementation) Result {
	r := &Run{kata: k}
	defer r.release()
	return r.play(s, impl)
}

// inProcess is an implementation in the test's own process: steps, and nothing to check.
type inProcess func(*godog.ScenarioContext)

func (steps inProcess) Steps(sc *godog.ScenarioContext) { steps(sc) }

// checked is an implementation whose check is check.
type checked struct {
	inProcess
	check func() error
}

func (c checked) Check() error { return c.check() }

func TestScenariosFromPickles(t *testing.T) {
	all := theScenarios(t, counting, countingFS)
	var paths []string
	for _, s := range all {
		paths = append(paths, s.Path())
	}
	assert.Equal(t, []string{"Counting/Nothing to count", "Counting/Parity/row 1", "Counting/Parity/row 2",
		"Counting/Parity/row 3", "Counting/Parity/row 4", "Counting/A table and a doc string"}, paths)
	row4 := all[4]
	assert.Equal(t, 4, row4.Row)
	assert.Equal(t, []string{"5"}, row4.Example)
	assert.Equal(t, 21, row4.Line, "the row's line")
	assert.Equal(t, []string{"@counting", "@outline", "@more"}, row4.Tags)
	assert.Equal(t, []Step{{Keyword: "Given", Text: "the number 5", Template: "the number <n>", Line: 11}, {Keyword: "Then", Text: "it should be even", Template: "it should be even", Line: 12}}, row4.Steps)
	assert.Equal(t, "Parity, row 4 (counting.feature:21)", row4.String())
	assert.Equal(t, []string{"@counting", "@outline"}, all[1].Tags)
}

// TestPlayRunsOneScenarioAlone: a scenario plays alone, its steps reported with the file's
// lines; an outline row plays its own row only.
func TestPlayRunsOneScenarioAlone(t *testing.T) {
	all := theScenarios(t, counting, countingFS)
	var failed []string
	for _, s := range all {
		r := playOne(counting, s, inProcess(countingSteps))
		assert.Len(t, r.Steps, len(s.Steps), s.Path())
		if !r.Passed() {
			failed = append(failed, s.Path())
		}
	}
	assert.Equal(t, []string{"Counting/Parity/row 2", "Counting/Parity/row 4"}, failed)
	r := playOne(counting, all[4], inProcess(countingSteps))
	f, ok := r.Failure()
	require.True(t, ok)
	assert.Equal(t, StepResult{Step: "Then it should be even", Line: 12, Status: godog.StepFailed, Err: "5 is odd", Cause: "5 is odd", Template: "Then it should be even", Duration: f.Duration}, f)
	assert.Equal(t, "Parity, row 4 (counting.feature:21): | 5 |\n  failed: Then it should be even (counting.feature:12)\n  5 is odd", failureText(r))
}

// TestScenariosMatchGodog: run one by one, the scenarios of every feature file are exactly
// what godog runs from the whole file: the same scenarios, in the same order, with the same
// steps.
func TestScenariosMatchGodog(t *testing.T) {
	record := func(got *[]string) func(*godog.ScenarioContext) {
		return func(sc *godog.ScenarioContext) {
			sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
				*got = append(*got, "Scenario: "+p.Name)
				for _, st := range p.Steps {
					*got = append(*got, "  "+st.Text)
				}
				return ctx, nil
			})
		}
	}
	katas := append(theKatas(), counting)
	fsys := fstest.MapFS{"counting.feature": countingFS["counting.feature"]}
	for _, k := range theKatas() {
		for _, f := range k.Files {
			data, err := os.ReadFile(filepath.Join("../../features", f))
			require.NoError(t, err)
			fsys[f] = &fstest.MapFile{Data: data}
		}
	}
	for _, k := range katas {
		for _, file := range k.Files {
			var oneByOne, whole []string
			k := kata.Kata{Files: []string{file}, Features: fsys}
			for _, s := range theScenarios(t, k, fsys) {
				playOne(k, s, inProcess(record(&oneByOne)))
			}
			godog.TestSuite{ScenarioInitializer: record(&whole), Options: &godog.Options{Format: "progress", Output: io.Discard,
				FeatureContents: []godog.Feature{{Name: file, Contents: fsys[file].Data}}}}.Run()
			require.NotEmpty(t, whole, file)
			assert.Equal(t, whole, oneByOne, file)
		}
	}
}

func TestTheKatasScenarios(t *testing.T) {
	count := map[string]int{}
	for _, k := range theKatas() {
		all, every, err := scenarios(k, "")
		require.NoError(t, err)
		assert.True(t, every)
		for _, s := range all {
			count[k.Name+": "+s.Feature]++
		}
	}
	assert.Equal(t, map[string]int{"mastermind: Playing mastermind": 19, "mastermind: Configurable mastermind": 42,
		"tictactoe: State of tic-tac-toe": 34}, count)
}

// TestBackgroundAndRuleAsGodogRunsThem: a background's steps come first in each scenario, and
// the scenarios of a rule play, as godog plays the file; a feature godog cannot parse is an
// error.
func TestBackgroundAndRuleAsGodogRunsThem(t *testing.T) {
	text := `Feature: f
  Background:
    Given the number 2

  Scenario: even
    Then it should be even

  Rule: r
    Background:
      Given the number 3

    Scenario Outline: in a rule
      Then it should be even
      Examples:
        | n |
        | 1 |
`
	k := kata.Kata{Name: "f", Files: []string{"f.feature"}, Features: fstest.MapFS{"f.feature": {Data: []byte(text)}}}
	all := theScenarios(t, k, k.Features.(fstest.MapFS))
	require.Len(t, all, 2)
	assert.Equal(t, []Step{{Keyword: "Given", Text: "the number 2", Template: "the number 2", Line: 3}, {Keyword: "Then", Text: "it should be even", Template: "it should be even", Line: 6}}, all[0].Steps)
	assert.Len(t, all[1].Steps, 3, "the feature's background, the rule's, the scenario's step")
	assert.True(t, playOne(k, all[0], inProcess(countingSteps)).Passed())
	r := playOne(k, all[1], inProcess(countingSteps))
	f, failed := r.Failure()
	require.True(t, failed)
	assert.Equal(t, "3 is odd", f.Err, "the rule's background ran after the feature's")
	_, _, err := scenarios(kata.Kata{Files: []string{"f.feature"}, Features: fstest.MapFS{"f.feature": {Data: []byte("Feature: f\n  Scenario: s\n    Given x\n      | a |\n      | b | c |\n")}}}, "")
	assert.Error(t, err)
}

// TestAnUndefinedStepFails: runs are strict; a step no definition matches fails its scenario
// rather than passing as pending.
func TestAnUndefinedStepFails(t *testing.T) {
	fsys := fstest.MapFS{"u.feature": {Data: []byte("Feature: u\n  Scenario: s\n    Given the number 2\n    When I do something no step defines\n")}}
	k := kata.Kata{Files: []string{"u.feature"}, Features: fsys}
	s := theScenarios(t, k, fsys)
	r := playOne(k, s[0], inProcess(countingSteps))
	f, ok := r.Failure()
	require.True(t, ok)
	assert.Equal(t, godog.StepUndefined, f.Status)
	assert.Equal(t, "no step definition matches this step", f.Err)
}

// TestCheckFailsAStepThatPassed: a check's error fails the step it follows, even a step that
// passed, and the steps after it are skipped.
func TestCheckFailsAStepThatPassed(t *testing.T) {
	s := theScenarios(t, counting, countingFS)[5]
	calls := 0
	r := playOne(counting, s, checked{countingSteps, func() error {
		if calls++; calls == 2 {
			return errors.New("the program crashed")
		}
		return nil
	}})
	require.False(t, r.Passed())
	f, _ := r.Failure()
	assert.Equal(t, StepResult{Step: "And the note", Line: 27, Status: godog.StepFailed, Err: "the program crashed", Cause: "the program crashed", Template: "And the note", Duration: f.Duration}, f)
	assert.Equal(t, godog.StepSkipped, r.Steps[2].Status)
}

func TestSelect(t *testing.T) {
	all := theScenarios(t, counting, countingFS)
	choose := func(o Options) ([]Scenario, int64) {
		t.Helper()
		r, err := Start(t.Context(), counting, o, Front{})
		require.NoError(t, err, "%+v", o)
		var got []Scenario
		for s := range r.Scenarios() {
			got = append(got, s)
		}
		return got, r.out.Order
	}
	dealt := func(o Options) int64 {
		t.Helper()
		r, err := Start(t.Context(), counting, o, Front{})
		require.NoError(t, err, "%+v", o)
		return r.out.Seed
	}
	got, seed := choose(Options{})
	assert.Equal(t, all, got, "the files' order by default")
	assert.Zero(t, seed)
	d := dealt(Options{})
	assert.Positive(t, d, "every run has a seed, for what its scenarios deal")
	assert.NotEqual(t, d, dealt(Options{}), "drawn anew for each run")
	got, seed = choose(Options{Seed: 3})
	assert.Equal(t, all, got, "a seed alone deals, and leaves the files' order")
	assert.Zero(t, seed)
	assert.Equal(t, int64(3), dealt(Options{Seed: 3}))
	assert.Equal(t, int64(7), dealt(Options{Random: true, Seed: 7}), "a seed given is the order's and the deal's: a replay")
	var front fakeFront
	r, err := Start(t.Context(), counting, Options{Random: true}, Front{Out: &front})
	require.NoError(t, err)
	assert.NotContains(t, strings.Join(front.shown, "\n"), fmt.Sprint(r.out.Seed), "a random order's seed, printed as the run starts, is not the one it deals from")

	a, seed := choose(Options{Random: true, Seed: 7})
	assert.Equal(t, int64(7), seed)
	b, _ := choose(Options{Random: true, Seed: 7})
	assert.Equal(t, a, b, "a seed replays its order")
	assert.NotEqual(t, all, a, "a random order")
	assert.ElementsMatch(t, all, a)
	_, seed = choose(Options{Random: true})
	assert.Positive(t, seed, "a new seed is chosen, to be printed")

	one, _ := choose(Options{Run: "Parity/row_3$"})
	require.Len(t, one, 1)
	assert.Equal(t, "Counting/Parity/row 3", one[0].Path())
	same, _ := choose(Options{Run: "Parity/row 3$"})
	assert.Equal(t, one, same, "spaces as spaces or underscores")
	more, _ := choose(Options{Tags: "@more && ~@nothing"})
	assert.Len(t, more, 2)
	either, _ := choose(Options{Tags: "@more,@outline"})
	assert.Len(t, either, 4)
	only, _ := choose(Options{}.Only(either[1:3]))
	assert.Equal(t, either[1:3], only, "Only chooses exactly those given")

	cwd, err := os.Getwd() // a report's file is relative to it, as os.Create takes it
	require.NoError(t, err)

	for _, bad := range []Options{{Format: "html"}, {Format: "junit"}, {Format: "junit:r.xml,cucumber:./r.xml"}, {Format: "junit:r.xml,junit:r.xml"}, {Format: "junit:r.xml,cucumber:" + filepath.Join(cwd, "r.xml")}, {Format: "junit:out/../r.xml,cucumber:" + filepath.Join(cwd, "r.xml")}, {Tags: "@more,"}, {Run: "("}, {Seed: -3}, {Random: true, Seed: -1}} {
		_, err := Start(t.Context(), counting, bad, Front{})
		var usage *UsageError
		assert.ErrorAs(t, err, &usage, "%+v", bad)
	}
}

// TestTagsAsGodogSelectsThem holds the scenarios a tag expression selects to those godog itself
// runs for it over the same feature files: precedence ("," is looser than "&&"), negation,
// bare words, spaces.
func TestTagsAsGodogSelectsThem(t *testing.T) {
	exprs := []string{
		"@scoring", "scoring", "~@scoring", "@scoring&&@turns,@board", "@board,@scoring&&@turns",
		"@refusals && ~@board", " @refusals ,  @board ", "@turns&&~@refusals,~@scoring", "~@a,~@b",
		"@duplicates", "@nothing", "@scoring,@turns&&@refusals",
	}
	for _, k := range theKatas() {
		for _, expr := range exprs {
			// godog's own selection: the scenarios and rows it runs, by file and line.
			var want []string
			suite := godog.TestSuite{
				ScenarioInitializer: func(sc *godog.ScenarioContext) {
					sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
						want = append(want, fmt.Sprintf("%s %s", p.Uri, p.Name))
						return ctx, nil
					})
					sc.Step(`.*`, func() {})
				},
				Options: &godog.Options{Format: "progress", Output: io.Discard, FS: k.Features, Paths: k.Files, Tags: expr},
			}
			suite.Run()
			got, _, err := scenarios(k, expr)
			require.NoError(t, err, expr)
			var names []string
			for _, s := range got {
				names = append(names, fmt.Sprintf("%s %s", s.File, s.Name))
			}
			assert.Equal(t, want, names, "%s: %q", k.Name, expr)
		}
	}
	_, _, err := scenarios(counting, "@a,")
	assert.ErrorContains(t, err, "godog cannot read it", "an expression on which godog panics is an error")
}

// TestSeeds: one rule for seeds, whichever flag gives them.
func TestSeeds(t *testing.T) {
	for _, tt := range []struct {
		in     string
		random bool
		seed   int64
	}{{"", true, 0}, {"true", true, 0}, {"false", false, 0}, {"1", true, 1}, {"9223372036854775807", true, 9223372036854775807}} {
		random, seed, err := parseSeed(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.random, random, tt.in)
		assert.Equal(t, tt.seed, seed, tt.in)
	}
	for _, bad := range []string{"0", "-1", "-7", "9223372036854775808", "soon", "1.5", strings.Repeat("9", 100000)} {
		_, _, err := parseSeed(bad)
		assert.ErrorContains(t, err, "is no seed", "%.20s", bad)
		assert.Less(t, len(err.Error()), 200)
	}
}

// TestFlags: the options as flags, parsed as a command line parses them.
func TestFlags(t *testing.T) {
	parse := func(withRun bool, args ...string) (Options, error) {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		Flags(fs, "p.", withRun)
		if err := fs.Parse(args); err != nil {
			return Options{}, err
		}
		return FromFlags(fs, "p.")
	}
	o, err := parse(false)
	require.NoError(t, err)
	assert.Equal(t, Options{}, o, "by default: every scenario, the files' order, a summary only")

	o, err = parse(true, "-p.format=junit:r.xml,pretty", "-p.tags=@refusals && ~@board", "-p.random=57", "-p.stop-on-failure", "-p.run=row 1$")
	require.NoError(t, err)
	assert.Equal(t, Options{Format: "junit:r.xml,pretty", Tags: "@refusals && ~@board", Random: true, Seed: 57, StopOnFailure: true, Run: "row 1$"}, o)
	assert.True(t, o.pretty())
	assert.False(t, Options{Format: "junit:pretty"}.pretty(), "a report's file is not a format")
	assert.False(t, Options{Format: "pretty:steps.txt"}.pretty(), "every step to a file, not the screen")

	o, err = parse(false, "-p.random")
	require.NoError(t, err)
	assert.Equal(t, Options{Random: true}, o, "alone, a new seed")
	o, err = parse(false, "-p.seed=41")
	require.NoError(t, err)
	assert.Equal(t, Options{Seed: 41}, o, "a seed alone: what the run deals, in the files' order")
	o, err = parse(false, "-p.random", "-p.seed=41")
	require.NoError(t, err)
	assert.Equal(t, Options{Random: true, Seed: 41}, o, "a random order of the seed given")
	o, err = parse(false, "-p.random=41", "-p.seed=41")
	require.NoError(t, err)
	assert.Equal(t, Options{Random: true, Seed: 41}, o, "the same seed twice is one seed")

	for _, bad := range [][]string{{"-p.random=soon"}, {"-p.random=0"}, {"-p.random=-1"}, {"-p.format=html"}, {"-p.format=cucumber:"}, {"-p.format=junit,cucumber"}, {"-p.run=x"},
		{"-p.seed"}, {"-p.seed=0"}, {"-p.seed=x"}, {"-p.random=40", "-p.seed=41"}} {
		_, err := parse(false, bad...)
		assert.Error(t, err, "%q", bad)
	}
	var o2 Options
	assert.Error(t, o2.Set("colour", "red"))
	assert.Error(t, o2.Set(OptStopOnFailure, "maybe"))
	assert.Equal(t, Options{}, o2, "a refused value changes nothing")
}

// fakeFront drives runs as a front end does, and records what they show.
type fakeFront struct {
	shown []string
	leave map[string]bool  // scenarios the front end leaves out, as go test -run does
	ctx   context.Context  // the run's; t.Context() when nil
	each  func(s Scenario) // called before each scenario plays, when not nil
	end   error            // what the implementation's end says
	out   io.Writer        // the front's Stdout, for reports without a file; nil for none
	many  bool             // the front's Several: it may run several katas into one folder
}

// Write takes a line the run writes of its own: the seed, a report, the screen.
func (f *fakeFront) Write(p []byte) (int, error) {
	f.shown = append(f.shown, strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// run drives a run of k with opts to its end, as the front ends' loops do.
func (f *fakeFront) run(t *testing.T, k kata.Kata, opts Options) (Outcome, error) {
	t.Helper()
	ctx := f.ctx
	if ctx == nil {
		ctx = t.Context()
	}
	r, err := Start(ctx, k, opts, Front{Out: f, Flag: "--", Stdout: f.out, Several: f.many})
	if err != nil {
		return Outcome{}, err
	}
	for s, notRun := range r.Scenarios() {
		switch {
		case f.leave[s.Path()]:
		case notRun != "":
			r.Skip(s)
			f.shown = append(f.shown, "SKIP not run: "+notRun)
		default:
			if f.each != nil {
				f.each(s)
			}
			f.show(r.Play(s, inProcess(countingSteps)))
		}
	}
	if res, failed := r.End(f.end); failed {
		f.show(res)
	}
	o := r.Outcome()
	return o, r.Report(func(s Scenario, options ...string) string { return "rerun " + s.Path() })
}

// show shows a scenario's result in its frame.
func (f *fakeFront) show(res Result) {
	switch {
	case !res.Passed():
		f.shown = append(f.shown, "FAIL "+res.Text)
	case res.Text != "":
		f.shown = append(f.shown, "ok "+res.Text)
	}
}

func TestRunLoop(t *testing.T) {
	f := &fakeFront{}
	o, err := f.run(t, counting, Options{Verbose: true})
	require.NoError(t, err)
	assert.True(t, o.Failed())
	assert.Len(t, o.Results, 6)
	assert.Equal(t, `counting: 4 of 6 scenarios passed, 2 failed:
  Parity, row 2 (counting.feature:16): Then it should be even
  Parity, row 4 (counting.feature:21): Then it should be even
To run one again: rerun Counting/Parity/row 2`, f.shown[len(f.shown)-1])
	assert.Equal(t, 2, strings.Count(strings.Join(f.shown, "\n"), "FAIL "))

	// Stopping at the first failure says how many did not run; those the front end leaves
	// out are not counted.
	f = &fakeFront{leave: map[string]bool{"Counting/A table and a doc string": true}}
	o, err = f.run(t, counting, Options{StopOnFailure: true, Verbose: true})
	require.NoError(t, err)
	assert.Len(t, o.Results, 3)
	assert.Len(t, o.NotRun, 2)
	assert.Contains(t, f.shown, "SKIP not run: a scenario before it failed, and --stop-on-failure is set")
	assert.True(t, strings.HasSuffix(f.shown[len(f.shown)-1], "\nStopped at the first failure; 2 scenarios did not run."), f.shown)

	// A failure in the last scenario stops nothing.
	f = &fakeFront{}
	_, err = f.run(t, counting, Options{StopOnFailure: true, Run: "row 4", Verbose: true})
	require.NoError(t, err)
	assert.NotContains(t, strings.Join(f.shown, "\n"), "Stopped")

	// A seed is printed with the flag that replays it; pretty shows passes too.
	f = &fakeFront{}
	_, err = f.run(t, counting, Options{Random: true, Seed: 11, Format: "pretty", Run: "Nothing"})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"counting: scenarios in random order, seed 11; --random=11 runs them in this order again",
		"ok Nothing to count (counting.feature:5)\n  ✓ Given the number 0\n  ✓ Then it should be even",
		"counting: 1 scenario, passed",
	}, f.shown)

	// Options that choose nothing, or do not parse, are the command line's fault.
	for _, bad := range []Options{{Tags: "@nothing"}, {Run: "no such scenario"}, {Tags: "@x&&"}} {
		_, err = (&fakeFront{}).run(t, counting, bad)
		var usage *UsageError
		assert.ErrorAs(t, err, &usage, "%+v", bad)
	}
}

// TestScreen: without -v a run ends on one screen: how far along it is, the next scenario to
// work on in full with how to run it alone, and the other failures grouped by cause.
func TestScreen(t *testing.T) {
	f := &fakeFront{}
	o, err := f.run(t, counting, Options{Random: true, Seed: 3})
	require.NoError(t, err)
	assert.True(t, o.Failed())
	assert.Equal(t, 4, o.Passed())
	assert.Equal(t, `counting: 4 of 6 scenarios passed, 2 failed

Next: Parity, row 2 (counting.feature:16): | 3 |
  ✓ Given the number 3
  ✗ Then it should be even
      3 is odd
Run it alone: rerun Counting/Parity/row 2

1 more failed:
  1 at Then it should be even: row 4: 5 is odd`, f.shown[len(f.shown)-1], "the first failure in the files' order, whatever order the run took")
	assert.NotContains(t, strings.Join(f.shown, "\n"), "FAIL Parity", "no failure shown on its own")

	// Failures of one cause are one line, the largest group first; a run that passes is a
	// line; on a terminal a bar shows how far along it is.
	failures := []Result{
		{Scenario: Scenario{Name: "a", File: "x", Line: 1}, Steps: []StepResult{{Step: "When I join", Status: godog.StepFailed, Cause: "new is not implemented yet"}}},
		{Scenario: Scenario{Name: "b", File: "x", Line: 2}, Steps: []StepResult{{Step: "When I join", Status: godog.StepFailed, Cause: "score broke"}}},
		{Scenario: Scenario{Name: "c", File: "x", Line: 3}, Steps: []StepResult{{Step: "When I join", Status: godog.StepFailed, Cause: "new is not implemented yet"}}},
		{Scenario: Scenario{Name: "d", File: "x", Line: 4}, Steps: []StepResult{{Step: "When I guess", Status: godog.StepFailed, Cause: "new is not implemented yet"}}},
	}
	screen := screenText(kata.Kata{Name: "k", Files: []string{"x"}}, Outcome{Results: failures}, nil, true, 0, 0)
	assert.Contains(t, screen, "k: 0 of 4 scenarios passed, 4 failed\n\x1b[32m\x1b[0m\x1b[31m"+strings.Repeat("░", 40)+"\x1b[0m\n\nNext: a (x:1)")
	assert.Contains(t, screen, "3 more failed:\n  2 failed: new is not implemented yet\n      at When I join and 1 other step\n  1 at When I join: score broke")
	pass := Result{Scenario: Scenario{Steps: []Step{{Keyword: "Given", Text: "x", Line: 1}}}, Steps: []StepResult{{Status: godog.StepPassed}}}
	assert.Equal(t, "k: all 2 scenarios passed", screenText(kata.Kata{Name: "k"}, Outcome{Results: []Result{pass, pass}}, nil, false, 0, 0))
}

// TestReports: each report a run asks for is written with the kata's name in it, holds every
// scenario that ran, and reads back.
func TestReports(t *testing.T) {
	t.Chdir(t.TempDir())
	f := &fakeFront{}
	_, err := f.run(t, counting, Options{Format: "junit:r.xml,pretty,cucumber:out/c.json"})
	assert.ErrorContains(t, err, "writing the cucumber report", "out/ does not exist")
	assert.Contains(t, f.shown, "counting: wrote the junit report "+filepath.Join(must(os.Getwd()), "r-counting.xml"))
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	data, err := os.ReadFile("r-counting.xml")
	require.NoError(t, err)
	require.NoError(t, xml.Unmarshal(data, &suites), string(data))
	assert.Equal(t, 6, suites.Tests)
	assert.Equal(t, 2, suites.Failures)
	require.Len(t, suites.Suites, 1)
	assert.Equal(t, "Parity/row 2", suites.Suites[0].Cases[2].Name)
	assert.Contains(t, suites.Suites[0].Cases[2].Failure.Message, "3 is odd")

	require.NoError(t, os.Mkdir("out", 0o755))
	_, err = (&fakeFront{}).run(t, counting, Options{Format: "cucumber:out/c.json"})
	require.NoError(t, err)
	var feats []struct {
		URI      string `json:"uri"`
		Elements []struct {
			Name  string `json:"name"`
			Steps []struct {
				Keyword string `json:"keyword"`
				Name    string `json:"name"`
				Result  struct {
					Status string `json:"status"`
				} `json:"result"`
			} `json:"steps"`
		} `json:"elements"`
	}
	data, err = os.ReadFile("out/c-counting.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &feats), string(data))
	require.Len(t, feats, 1)
	assert.Equal(t, "counting.feature", feats[0].URI)
	require.Len(t, feats[0].Elements, 6)
	last := feats[0].Elements[2].Steps[1]
	assert.Equal(t, "Then ", last.Keyword)
	assert.Equal(t, "it should be even", last.Name)
	assert.Equal(t, "failed", last.Result.Status)

	var empty bytes.Buffer
	require.NoError(t, runReport{}.WriteCucumber(&empty))
	assert.Equal(t, "[]\n", empty.String())
	assert.Equal(t, "reports/r-mastermind.xml", reportFile("reports/r.xml", "mastermind"))
	assert.Equal(t, "report-tictactoe", reportFile("report", "tictactoe"))
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestLightsReadBack: a light is written to the log as its word and reads back; a word that
// is no light is refused.

// TestScreenGroupsWrongAnswersByStep: wrong answers at one step of the feature group together,
// with their count and the first of them, before failures of one cause (a part not written
// yet), and are never folded away behind them.
func TestScreenGroupsWrongAnswersByStep(t *testing.T) {
	wrongAt := func(name string, line int, cause string) Result {
		return Result{Scenario: Scenario{Name: name, File: "x", Line: line}, Steps: []StepResult{{Step: "Then the score should be 1", Line: 5,
			Template: "Then the score should be <n>", Status: godog.StepFailed, Cause: cause, Kind: step.Wrong}}}
	}
	missing := func(name string, line int) Result {
		return Result{Scenario: Scenario{Name: name, File: "x", Line: line}, Steps: []StepResult{{Step: "When I guess", Line: 3,
			Status: godog.StepFailed, Cause: "score is not implemented yet", Kind: step.Missing}}}
	}
	results := []Result{missing("a", 1), wrongAt("b", 2, "score 2, want 1"), wrongAt("c", 3, "score 3, want 1"), wrongAt("d", 4, "score 4, want 1")}
	for i := range 8 {
		results = append(results, Result{Scenario: Scenario{Name: fmt.Sprint("e", i), File: "x", Line: 10 + i},
			Steps: []StepResult{{Step: "When I join", Status: godog.StepFailed, Cause: fmt.Sprint("cause ", i), Kind: step.Crash}}})
	}
	screen := screenText(kata.Kata{Name: "k", Files: []string{"x"}}, Outcome{Results: results}, nil, false, 0, 0)
	assert.Contains(t, screen, "\n\n11 more failed:\n  3 at Then the score should be <n> (x:5), as:\n      score 2, want 1\n      score 3, want 1\n      and 1 more\n  1 at When I join: cause 0", screen)
	assert.Contains(t, screen, "-v shows every failure")
}

// TestAPartialRunSaysSo: a run of some of the kata's scenarios — chosen by the options, or
// left out by the front end — is partial; a run of all is not.
func TestAPartialRunSaysSo(t *testing.T) {
	o, err := (&fakeFront{}).run(t, counting, Options{})
	require.NoError(t, err)
	assert.False(t, o.Partial)
	o, err = (&fakeFront{}).run(t, counting, Options{Run: "Parity"})
	require.NoError(t, err)
	assert.True(t, o.Partial)
	o, err = (&fakeFront{}).run(t, counting, Options{Tags: "@outline"})
	require.NoError(t, err)
	assert.True(t, o.Partial, "the tags chose some")
	o, err = (&fakeFront{leave: map[string]bool{"Counting/Nothing to count": true}}).run(t, counting, Options{})
	require.NoError(t, err)
	assert.True(t, o.Partial, "go test -run left one out")
}

// TestCrashesGroupByWhereTheyHappened: one crash met at many requests is one group, named by
// the error the program wrote, not one group for each request's text.
// Each language writes its error where it does: Python's last, Elixir's and Java's first,
// above the stack.
func TestCrashesGroupByWhereTheyHappened(t *testing.T) {
	for _, tt := range []struct{ lang, stderr, want string }{
		{"python", "Traceback (most recent call last):\n  File \"adapter.py\", line 9\nKeyError: 'guess'", "KeyError: 'guess'"},
		{"elixir", "** (ArithmeticError) bad argument in arithmetic expression\n    mastermind.ex:12: Mastermind.Game.score/2\n    adapter.exs:63: Katas.Adapter.main/0", "** (ArithmeticError) bad argument in arithmetic expression"},
		{"java", "Exception in thread \"main\" java.lang.IllegalStateException: boom\n\tat Mastermind.score(Mastermind.java:12)\n\tat Adapter.main(Adapter.java:61)", `Exception in thread \"main\" java.lang.IllegalStateException: boom`},
	} {
		crash := func(name string, id int) Result {
			return Result{Scenario: Scenario{Name: name, File: "x", Line: id}, Steps: []StepResult{{Step: "When I guess", Status: godog.StepFailed, Kind: step.Crash,
				Cause: fmt.Sprintf(`the program exited with status 1 before its reply to request %d {"id":%d,"op":"score"}`, id, id),
				Err:   fmt.Sprintf("the program exited with status 1 before its reply to request %d {\"id\":%d,\"op\":\"score\"}\nIts standard error ended with:\n    %s", id, id, strings.ReplaceAll(tt.stderr, "\n", "\n    "))}}}
		}
		var results []Result
		for i := range 5 {
			results = append(results, crash(fmt.Sprint("s", i), i+1))
		}
		screen := screenText(kata.Kata{Name: "k", Files: []string{"x"}}, Outcome{Results: results}, nil, false, 0, 0)
		assert.Contains(t, screen, "4 failed: \""+tt.want+"\" (the program exited with status 1)\n      at When I guess", "%s: %s", tt.lang, screen)
	}
}

// TestAnInterruptedRunBlamesNobody: a run interrupted during a scenario keeps that scenario's
// result out — it was cut short — says how many did not run, and blames no implementation.
func TestAnInterruptedRunBlamesNobody(t *testing.T) {
	ctx, interrupt := context.WithCancel(t.Context())
	defer interrupt()
	starts := 0
	f := &fakeFront{ctx: ctx, each: func(Scenario) {
		if starts++; starts == 2 {
			interrupt() // during the second scenario
		}
	}}
	o, err := f.run(t, counting, Options{})
	require.NoError(t, err)
	assert.True(t, o.Interrupted)
	assert.Len(t, o.Results, 1, "the scenario cut short is no result")
	assert.Len(t, o.NotRun, 5)
	assert.Equal(t, "counting: the run was interrupted; 5 scenarios did not run. Before it, 1 of 1 scenario passed.", f.shown[len(f.shown)-1])
	assert.False(t, o.Failed(), "nothing failed")
}

// TestTheImplementationsEndFailsTheLastScenario: what the implementation's end says fails the
// run's last scenario, if it passed, after its steps; and the front end shows it again.
func TestTheImplementationsEndFailsTheLastScenario(t *testing.T) {
	f := &fakeFront{end: errors.New("the program did not exit")}
	o, err := f.run(t, counting, Options{Run: "Nothing", Verbose: true})
	require.NoError(t, err)
	require.Len(t, o.Results, 1)
	last, failed := o.Results[0].Failure()
	require.True(t, failed)
	assert.Equal(t, "After the last step", last.Step)
	assert.Equal(t, "the program did not exit", last.Err)
	assert.Contains(t, f.shown, "FAIL Nothing to count (counting.feature:5)\n  failed: After the last step\n  the program did not exit")

	f = &fakeFront{end: errors.New("the program did not exit")}
	o, _ = f.run(t, counting, Options{Run: "row 2$"})
	last, _ = o.Results[0].Failure()
	assert.Equal(t, "3 is odd", last.Err, "a scenario that failed keeps its failure")
}
