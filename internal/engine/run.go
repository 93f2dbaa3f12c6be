package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/step"
)

// Front is what a run needs to know of its front end.
type Front struct {
	Out      io.Writer // where the run writes its own lines: a random order's seed, the reports written, the screen
	Flag     string    // how the front end writes a flag before an option's name: "-kata." for go test, "--" for the kata command
	Terminal bool      // Out is a terminal: the screen may draw a bar in colour
	// Width and Height are the terminal's columns and rows, which the screen fits: 0 where
	// they are not known (a pipe), for whole lines and DefaultHeight rows.
	Width, Height int
	// Where a report says a feature file is, so that a CI system links to it: its path from
	// Root, in the first of FeatureDirs (relative to Root, or absolute within it) that holds
	// a copy; its bare name where none does.
	Root        string
	FeatureDirs []string
	// Tell, where not nil, shows the line a long step tells of how far it has come, ten
	// times a second at most, while the step goes on; "" says the step is over.
	Tell func(line string)
	// Stdout, where not nil, takes a report the format names no file for ("junit"), as
	// godog writes one to standard output; nil where a report needs a file.
	Stdout io.Writer
	// Several says the front may run several katas into one folder, as a go test does: every
	// report's file takes the kata's name, Exercism's too, unless the options ask for it
	// where named. Otherwise Exercism's results are written where named, results.json.
	Several bool
}

// A Run is one run of a kata's scenarios, driven by its front end: Start it, range over its
// Scenarios, Play each against the implementation, End it with what the implementation's own
// end said, take its Outcome, and Report it.
type Run struct {
	ctx    context.Context
	kata   kata.Kata
	opts   Options
	front  Front
	chosen []Scenario // in the order they run
	every  bool       // the options chose every scenario of the kata
	out    Outcome
	line   *line     // godog's run of the scenario line last played, while it may play more
	shared *step.Run // what the run's scenarios share: its seed, what a kata keeps for the next
}

// ErrNoScenario means that the options chose no scenario of the kata.
var ErrNoScenario = errors.New("no scenario matches")

// noScenario is ErrNoScenario, saying which options chose nothing.
type noScenario string

func (e noScenario) Error() string        { return string(e) }
func (e noScenario) Is(target error) bool { return target == ErrNoScenario }

// UsageError is Start's error for options that choose nothing, or that do not parse: the
// front end's command line is wrong.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Start begins a run of the kata's scenarios that opts choose, in the order they choose, and
// says on the front's Out the seed of a random order. It returns an error, having run nothing,
// for options that do not parse or choose nothing (a *UsageError) and for feature files that
// do not read. Once ctx is done the run is interrupted: the scenario under way is no failure
// of the implementation's, and no scenario after it plays.
func Start(ctx context.Context, k kata.Kata, opts Options, front Front) (*Run, error) {
	if err := opts.check(); err != nil {
		return nil, &UsageError{err}
	}
	if err := toFront(opts.Format, front); err != nil {
		return nil, &UsageError{err}
	}
	tagged, every, err := scenarios(k, opts.Tags)
	if err != nil {
		return nil, err
	}
	chosen, seed := opts.choose(tagged)
	every = every && len(chosen) == len(tagged)
	if len(chosen) == 0 {
		var what []string
		if opts.Tags != "" {
			what = append(what, "the tags "+brief.Quote(opts.Tags))
		}
		if opts.Run != "" {
			what = append(what, "the pattern "+brief.Quote(opts.Run))
		}
		return nil, &UsageError{noScenario("no scenario of " + k.Name + " matches " + strings.Join(what, " and "))}
	}
	if front.Out == nil {
		front.Out = io.Discard
	}
	dealt := opts.dealing()
	r := &Run{ctx: ctx, kata: k, opts: opts, front: front, chosen: chosen, every: every, out: Outcome{Seed: dealt, Order: seed, Replay: opts.Seed != 0}}
	r.shared = step.NewRun(uint64(dealt), opts.Seed != 0, front.Tell)
	r.out.Selected = selection(front.Flag, opts)
	if seed != 0 {
		fmt.Fprintf(front.Out, "%s: scenarios in random order, seed %d; %srandom=%d runs them in this order again\n", k.Name, seed, front.Flag, seed)
	}
	return r, nil
}

// Scenarios returns the run's scenarios, in the order they run, each with the reason it will
// not run — the run stopped at a failure, the implementation did not get going, the run was
// interrupted — or "" for a scenario to play. The front end plays each of the others (Play),
// and shows each of these as not run (Skip). A scenario it does neither with (go test -run
// leaves it out) makes the run one of some scenarios.
func (r *Run) Scenarios() iter.Seq2[Scenario, string] {
	return func(yield func(Scenario, string) bool) {
		for _, s := range r.chosen {
			if !yield(s, r.stop()) {
				return
			}
		}
	}
}

// Skip counts a scenario that will not run, which the front end shows as not run.
func (r *Run) Skip(s Scenario) { r.out.NotRun = append(r.out.NotRun, s) }

// stop says why no more scenarios play, "" while they do.
func (r *Run) stop() string {
	o := &r.out
	switch {
	case o.Stopped != "":
	case r.ctx.Err() != nil:
		o.Interrupted, o.Stopped = true, "the run was interrupted"
	case o.Fatal != "":
		o.Stopped = "the implementation did not get going. " + o.Fatal
	case r.opts.StopOnFailure && o.Failed():
		o.Stopped = fmt.Sprintf("a scenario before it failed, and %s%s is set", r.front.Flag, OptStopOnFailure)
	}
	return o.Stopped
}

// Play plays one scenario against the implementation and returns how it went, with the text
// its frame shows. A scenario cut short because the run was interrupted is no result: the run
// counts it among those not run.
func (r *Run) Play(s Scenario, impl Implementation) Result {
	res := r.play(s, impl)
	if r.ctx.Err() != nil {
		r.out.Interrupted, r.out.Stopped = true, "the run was interrupted"
		r.out.NotRun = append(r.out.NotRun, s)
		return Result{Scenario: s}
	}
	if res.Kind == step.Setup {
		r.out.Fatal = res.Todo
	}
	res.Text = r.text(res)
	r.out.Results = append(r.out.Results, res)
	return res
}

// text is what a scenario's frame shows of its result, as the options ask.
func (r *Run) text(res Result) string {
	switch {
	case !res.Passed() && r.opts.Verbose:
		return failureText(res)
	case res.Passed() && r.opts.pretty():
		return prettyText(res)
	}
	return ""
}

// End takes what the implementation's own end said, once the scenarios have played — a
// program that would not exit, or wrote after its last reply — and fails the last scenario
// with it, if that one passed. It returns that scenario's result, to show again, and whether
// it failed it.
func (r *Run) End(err error) (Result, bool) {
	r.release()
	n := len(r.out.Results)
	if err == nil || n == 0 || r.out.Interrupted || !r.out.Results[n-1].Passed() {
		return Result{}, false
	}
	last := &r.out.Results[n-1]
	last.after(err)
	last.Text = r.text(*last)
	return *last, true
}

// Outcome ends the run and returns how it went, printing nothing: a front keeps the run's
// light and code, and sends it to a room, before Report prints, so that an output closed
// early (kata run … | head -1) loses nothing but the printing.
func (r *Run) Outcome() Outcome {
	r.release()
	r.out.Partial = !r.every || len(r.out.Results)+len(r.out.NotRun) < len(r.chosen)
	return r.out
}

// Report writes the reports the options name, then the screen (or, verbose, the summary) on
// the front's Out, rerun giving the command that runs a scenario alone with the options
// given (the seed a scenario dealt from, written with the front's Flag), and returns the
// errors of reports it could not write. It ends the run first, if Outcome has not.
func (r *Run) Report(rerun func(s Scenario, options ...string) string) error {
	o := r.Outcome()
	var again func(Result) string
	if rerun != nil {
		again = func(res Result) string {
			if res.Dealt {
				return rerun(res.Scenario, fmt.Sprintf("%s%s=%d", r.front.Flag, OptSeed, o.Seed))
			}
			return rerun(res.Scenario)
		}
	}
	k, out := r.kata, r.front.Out
	var errs []error
	if reports, _ := parseFormat(r.opts.Format); slices.ContainsFunc(reports, func(f report) bool { return f != report{format: "pretty"} }) {
		errs = r.writeReports(reports, o, again) // the screen's pretty, alone, asks for none
	}
	if r.opts.Verbose {
		fmt.Fprintln(out, summaryText(k, o, again))
	} else {
		fmt.Fprintln(out, screenText(k, o, again, r.front.Terminal, r.front.Width, r.front.Height))
	}
	return errors.Join(errs...)
}

// writeReports writes the reports of o, a run's outcome, that the options name, and returns
// the errors of those it could not write.
func (r *Run) writeReports(reports []report, o Outcome, again func(Result) string) []error {
	k, out := r.kata, r.front.Out
	var errs []error
	rep := runReport{Kata: k.Name, Files: k.Files, Outcome: o, FeaturePath: featurePaths(r.front.Root, r.front.FeatureDirs...)}
	if slices.ContainsFunc(reports, func(f report) bool { return f.file != "" && (f.format == "pretty" || f.format == "progress") }) {
		rep.Summary = summaryText(k, o, again) // what a text report writes
	}
	for _, f := range reports {
		switch {
		case f == report{format: "pretty"}: // the screen's
		case f.file == "":
			if err := rep.write(f.format, r.front.Stdout); err != nil {
				errs = append(errs, fmt.Errorf("writing the %s report to standard output: %w", f.format, err))
			}
		default:
			file := f.file
			if !r.opts.AsNamed && (f.format != "exercism" || r.front.Several) {
				file = reportFile(file, k.Name) // Exercism's is results.json, one exercise's
			}
			path, err := rep.writeFile(f.format, file, r.opts.AsNamed)
			if err == nil {
				fmt.Fprintf(out, "%s: wrote the %s report %s\n", k.Name, f.format, path)
			}
			errs = append(errs, err)
		}
	}
	return errs
}

// Outcome is what a run did.
type Outcome struct {
	Results []Result   // the scenarios that ran, in the order they ran
	NotRun  []Scenario // those selected but not run after a stop
	Stopped string     // why those did not run
	Seed    int64      // the seed the run dealt from: what its scenarios deal
	Order   int64      // the seed of a random order; 0 for the files' order
	Replay  bool       // the seed was given, not drawn: the run replays another
	Partial bool       // the options chose some of the kata's scenarios, not all
	// Selected is how the options chose the scenarios, as the front's flags write it:
	// "--tags='~@optimal'"; "" for every scenario, or none the options name.
	Selected string
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

// Grade returns the run's grade of the implementation, where a scenario gave one: of the
// scenarios that did, the first in the files' order of those over the most games.
func (o Outcome) Grade(k kata.Kata) (step.Grade, bool) {
	var best *step.Grade
	for _, r := range inFiles(k, o.Results) {
		if g := r.Grade; g != nil && (best == nil || g.Games > best.Games) {
			best = g
		}
	}
	if best == nil {
		return step.Grade{}, false
	}
	return *best, true
}

// selection writes how the options choose the scenarios, as flags written with flag before
// each option's name: "--tags='~@optimal' --run='^Breaking codes/'"; "" where they choose
// every one.
func selection(flag string, o Options) string {
	var out []string
	if o.Tags != "" {
		out = append(out, flag+OptTags+"="+shellQuote(o.Tags))
	}
	if o.Run != "" {
		out = append(out, flag+OptRun+"="+shellQuote(o.Run))
	}
	return strings.Join(out, " ")
}

// shellQuote quotes s for a shell, in single quotes.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
