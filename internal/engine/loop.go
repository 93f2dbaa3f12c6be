package engine

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/step"
)

// Frontend is what a front end gives Run: the implementation to play each scenario against,
// where output goes, and how to run a scenario again. The engine does the rest: it plays,
// times, classifies and reports.
type Frontend struct {
	// Flag is how the front end writes a flag before an option's name: "-kata." for go
	// test, "--" for the kata command.
	Flag string
	// Each runs scenario s within the front end's own frame (go test: a subtest) by calling
	// do once, with where to show it; or leaves s out by not calling do (go test -run).
	Each func(s Scenario, do func(Output))
	// Start starts the implementation for one scenario — in process for go test, a program
	// for the kata command — and says whether it is the run's last, after which the
	// implementation may be ended for good.
	Start func(s Scenario, last bool) Instance
	// Log shows a line of the run's own: the seed of a random order, the reports written,
	// the summary.
	Log func(string)
	// Rerun is the command that runs s alone again.
	Rerun func(Scenario) string
	// Terminal says that the output is a terminal: the screen may draw a bar in colour.
	Terminal bool
	// Interrupted, when not nil, says that the run was interrupted (Ctrl-C): the scenario
	// under way then is no failure of the implementation's, and no scenario after it runs.
	Interrupted func() bool
	// FeaturePath, when not nil, is where a report says a feature file is, so that a CI
	// system links to it: "features/mastermind.feature" in the repository.
	FeaturePath func(file string) string
}

// Output is where a front end shows how one scenario went.
type Output interface {
	Fail(text string)   // the scenario failed: Failure's text when verbose, "" otherwise
	Pass(text string)   // the scenario passed, and the format asked for pretty: Pretty's text
	Skip(reason string) // the scenario did not run, and why
}

// Outcome is what a run did.
type Outcome struct {
	Results []Result   // the scenarios that ran, in the order they ran
	NotRun  []Scenario // those selected but not run after a stop
	Stopped string     // why those did not run
	Seed    int64      // the seed of a random order; 0 for the files' order
	Partial bool       // the options chose some of the kata's scenarios, not all
	// Interrupted says that the run was interrupted: NotRun holds the scenario under way then
	// and those after it.
	Interrupted bool
	Fatal       string // why the run stopped early, and what to do, when a scenario said so
}

// Failing returns the scenarios that failed, in the files' order whatever order they ran in:
// the first is the next to work on.
func (o Outcome) Failing(k kata.Kata) []Scenario {
	var out []Scenario
	for _, r := range firstInFiles(k, o.Results) {
		out = append(out, r.Scenario)
	}
	return out
}

// Light is the run's light: Amber when the implementation did not get going (a Setup failure,
// or every scenario crashed), Red when a scenario failed or none ran, Green otherwise.
func (o Outcome) Light() journal.Light {
	crashed := 0
	for _, r := range o.Results {
		if r.Crashed() {
			crashed++
		}
	}
	switch {
	case o.Fatal != "" || len(o.Results) > 0 && crashed == len(o.Results):
		return journal.Amber
	case o.Failed() || len(o.Results) == 0:
		return journal.Red
	}
	return journal.Green
}

// Entry returns the journal's entry of a run of the kata at a time.
func (o Outcome) Entry(k kata.Kata, at time.Time) journal.Entry {
	e := journal.Entry{Time: at, Kata: k.Name, Light: o.Light(), Passed: o.Passed(), Total: len(o.Results) + len(o.NotRun), Partial: o.Partial}
	if failing := o.Failing(k); len(failing) > 0 {
		e.Next = failing[0].Path()
	}
	return e
}

// Passed counts the scenarios that passed.
func (o Outcome) Passed() int {
	n := 0
	for _, r := range o.Results {
		if r.Passed() {
			n++
		}
	}
	return n
}

// Failed reports whether any scenario failed.
func (o Outcome) Failed() bool {
	for _, r := range o.Results {
		if !r.Passed() {
			return true
		}
	}
	return false
}

// ErrNoScenario means that the options chose no scenario of the kata.
var ErrNoScenario = errors.New("no scenario matches")

// noScenario is ErrNoScenario, saying which options chose nothing.
type noScenario string

func (e noScenario) Error() string        { return string(e) }
func (e noScenario) Is(target error) bool { return target == ErrNoScenario }

// UsageError is Run's error for options that choose nothing, or that do not parse: the
// front end's command line is wrong.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Run runs the kata's scenarios that opts choose through the front end: each in its frame, with what it showed, then the reports that opts name and
// a summary. It returns an error, having run nothing, for options that do not parse or choose
// nothing (a *UsageError) and for feature files that do not read; and the errors of reports
// it could not write.
func Run(k kata.Kata, opts Options, fe Frontend) (Outcome, error) {
	all, err := Scenarios(k)
	if err != nil {
		return Outcome{}, err
	}
	selected, seed, err := Select(k, all, opts)
	if err != nil {
		return Outcome{}, &UsageError{err}
	}
	if len(selected) == 0 {
		var what []string
		if opts.Tags != "" {
			what = append(what, "the tags "+brief.Quote(opts.Tags))
		}
		if opts.Run != "" {
			what = append(what, "the pattern "+brief.Quote(opts.Run))
		}
		return Outcome{}, &UsageError{noScenario("no scenario of " + k.Name + " matches " + strings.Join(what, " and "))}
	}
	o := Outcome{Seed: seed}
	if seed != 0 {
		fe.Log(fmt.Sprintf("%s: scenarios in random order, seed %d; %srandom=%d runs them in this order again", k.Name, seed, fe.Flag, seed))
	}
	pretty := opts.pretty()
	stopped := func(i int, why string) {
		o.Stopped = why
		for _, rest := range selected[i+1:] {
			fe.Each(rest, func(out Output) {
				o.NotRun = append(o.NotRun, rest)
				out.Skip("not run: " + why)
			})
		}
	}
	interrupted := func() bool { return fe.Interrupted != nil && fe.Interrupted() }
	for i, s := range selected {
		if interrupted() {
			o.Interrupted = true
			stopped(i-1, "the run was interrupted")
			break
		}
		fe.Each(s, func(out Output) {
			r := Play(s, fe.Start(s, i == len(selected)-1))
			if interrupted() {
				return // the scenario under way was cut short: no result of the implementation's
			}
			o.Results = append(o.Results, r)
			switch {
			case !r.Passed() && opts.Verbose:
				out.Fail(Failure(r))
			case !r.Passed():
				out.Fail("")
			case pretty:
				out.Pass(Pretty(r))
			}
			if r.Kind == step.Setup {
				o.Fatal = r.Todo
			}
		})
		if interrupted() {
			o.Interrupted = true
			stopped(i-1, "the run was interrupted") // this scenario too: it was cut short
			break
		}
		if o.Fatal != "" {
			stopped(i, "the implementation did not get going. "+o.Fatal)
			break
		}
		if opts.StopOnFailure && o.Failed() {
			stopped(i, fmt.Sprintf("a scenario before it failed, and %s%s is set", fe.Flag, OptStopOnFailure))
			break
		}
	}
	// Some of the kata's scenarios: the options chose them, or the front end left some out
	// (go test -run).
	o.Partial = len(o.Results)+len(o.NotRun) < len(all)
	errs := []error{}
	reports, _ := parseFormat(opts.Format)
	for _, r := range reports {
		if r.file == "" {
			continue
		}
		path, err := writeReport(r.format, ReportFile(r.file, k.Name), k.Name, o, fe.FeaturePath)
		if err == nil {
			fe.Log(fmt.Sprintf("%s: wrote the %s report %s", k.Name, r.format, path))
		}
		errs = append(errs, err)
	}
	if opts.Verbose {
		fe.Log(Summary(k.Name, o, fe.Rerun))
	} else {
		fe.Log(Screen(k, o, fe.Rerun, fe.Terminal))
	}
	return o, errors.Join(errs...)
}
