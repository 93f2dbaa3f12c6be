package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v34"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/step"
)

// Scenario is what runs as one test: a scenario of a feature file, or one row of a scenario
// outline's examples.
type Scenario struct {
	Feature string   // the feature's name, "Playing mastermind"
	Name    string   // the scenario's name, "Making a guess"
	Row     int      // an outline row's number among the outline's rows, from 1; 0 otherwise
	Example []string // an outline row's cells; nil otherwise
	File    string   // the feature file, "mastermind.feature"
	Line    int      // the line of the scenario, or of its outline row
	Tags    []string // the tags on the feature, the scenario and the examples, "@duplicates"
	Steps   []Step   // the steps, a background's first, an outline's placeholders filled in

	// What a report says of the feature and the scenario beside the above.
	FeatureLine        int
	FeatureDescription string
	FeatureTags        []string
	Description        string // the scenario's

	at int // the line of the scenario itself, by which godog chooses it (an outline's, for a row)
}

// Step is one step of a scenario.
type Step struct {
	Keyword string // "Given", "When", "Then", "And", "But" or "*"
	Text    string // `the game should be "win"`
	// Template is the step's text as the feature writes it, an outline's placeholders not
	// filled in: `the score should be <Black> black and <White> white`.
	Template string
	Line     int
	// Its argument, if it has one: a doc string, or a data table's rows.
	DocString *DocString
	Table     [][]string
}

// DocString is a step's doc string.
type DocString struct {
	Content, MediaType string
	Line               int
}

// String is the step as a person reads it: `Then the game should be "win"`.
func (s Step) String() string { return s.Keyword + " " + s.Text }

// Path is the scenario's name as a test path: the feature, the scenario and, for an outline
// row, "row N". The go test front end names each scenario's subtest by it, so that
// go test -run 'TestAcceptance/Playing_mastermind/Making_a_guess/row_15$' runs that row alone.
func (s Scenario) Path() string {
	p := s.Feature + "/" + s.Name
	if s.Row > 0 {
		p += "/row " + strconv.Itoa(s.Row)
	}
	return p
}

// String names the scenario for a person: "Making a guess, row 15 (mastermind.feature:34)".
func (s Scenario) String() string {
	name := s.Name
	if s.Row > 0 {
		name += ", row " + strconv.Itoa(s.Row)
	}
	return fmt.Sprintf("%s (%s:%d)", name, s.File, s.Line)
}

// scenarios returns the kata's scenarios and outline rows that the tag expression chooses
// (all of them for ""), in the order of its files, as godog reads the files and selects their
// pickles; and whether that is every scenario of the kata. An expression godog cannot read (it
// panics on an empty term, as in "@a,") is a *UsageError.
func scenarios(k kata.Kata, tags string) (chosen []Scenario, all bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			chosen, err = nil, &UsageError{fmt.Errorf("tag expression %s: godog cannot read it (%v); write tags as @a, ~@a, @a,@b, @a&&@b", brief.Quote(tags), v)}
		}
	}()
	suite := godog.TestSuite{Options: &godog.Options{FS: k.Features, Paths: k.Files, Tags: tags}}
	features, err := suite.RetrieveFeatures()
	if err != nil {
		return nil, false, err
	}
	all = len(features) == len(k.Files) // godog leaves out a file none of whose scenarios it chose
	for _, f := range features {
		doc := f.GherkinDocument
		if doc == nil || doc.Feature == nil {
			return nil, false, fmt.Errorf("%s: no Feature", f.Uri)
		}
		s, total := fromPickles(doc, f.Pickles)
		all = all && len(s) == total
		chosen = append(chosen, s...)
	}
	return chosen, all, nil
}

// fromPickles returns the scenarios of the pickles godog chose from a feature file, and how
// many pickles the file has in all.
func fromPickles(doc *messages.GherkinDocument, pickles []*messages.Pickle) ([]Scenario, int) {
	feature := doc.Feature
	// What each node of the file is, for the pickles to find: a scenario, an examples row, a
	// step (a background's too).
	type rowAt struct {
		examples *messages.Examples
		row      *messages.TableRow
		n        int // the row's number among the outline's rows, from 1
	}
	scenarios := map[string]*messages.Scenario{}
	rows := map[string]rowAt{}
	steps := map[string]*messages.Step{}
	total := 0
	addScenario := func(sc *messages.Scenario) {
		scenarios[sc.Id] = sc
		for _, st := range sc.Steps {
			steps[st.Id] = st
		}
		n := 0
		for _, ex := range sc.Examples {
			for _, r := range ex.TableBody {
				n++
				rows[r.Id] = rowAt{ex, r, n}
			}
		}
		if len(sc.Examples) == 0 {
			n = 1 // a scenario, one pickle; an outline has a pickle a row
		}
		total += n
	}
	addBackground := func(bg *messages.Background) {
		for _, st := range bg.Steps {
			steps[st.Id] = st
		}
	}
	for _, child := range feature.Children {
		switch {
		case child.Background != nil:
			addBackground(child.Background)
		case child.Scenario != nil:
			addScenario(child.Scenario)
		case child.Rule != nil:
			for _, rc := range child.Rule.Children {
				if rc.Background != nil {
					addBackground(rc.Background)
				}
				if rc.Scenario != nil {
					addScenario(rc.Scenario)
				}
			}
		}
	}

	var out []Scenario
	for _, p := range pickles {
		sc := scenarios[p.AstNodeIds[0]]
		s := Scenario{Feature: feature.Name, Name: p.Name, File: doc.Uri, Line: int(sc.Location.Line), at: int(sc.Location.Line),
			FeatureLine: int(feature.Location.Line), FeatureDescription: strings.TrimSpace(feature.Description), Description: strings.TrimSpace(sc.Description)}
		for _, t := range feature.Tags {
			s.FeatureTags = append(s.FeatureTags, t.Name)
		}
		for _, t := range p.Tags {
			s.Tags = append(s.Tags, t.Name)
		}
		if len(p.AstNodeIds) > 1 {
			r := rows[p.AstNodeIds[1]]
			s.Row, s.Line = r.n, int(r.row.Location.Line)
			for _, c := range r.row.Cells {
				s.Example = append(s.Example, c.Value)
			}
		}
		for _, ps := range p.Steps {
			st := steps[ps.AstNodeIds[0]]
			step := Step{Keyword: strings.TrimSpace(st.Keyword), Text: ps.Text, Template: st.Text, Line: int(st.Location.Line)}
			if a := ps.Argument; a != nil && a.DocString != nil {
				step.DocString = &DocString{Content: a.DocString.Content, MediaType: a.DocString.MediaType, Line: int(st.DocString.Location.Line)}
			} else if a != nil && a.DataTable != nil {
				for _, row := range a.DataTable.Rows {
					var cells []string
					for _, c := range row.Cells {
						cells = append(cells, c.Value)
					}
					step.Table = append(step.Table, cells)
				}
			}
			s.Steps = append(s.Steps, step)
		}
		out = append(out, s)
	}
	return out, total
}

// Status is how a step went: godog's own status, passed, failed, skipped, undefined, pending
// or ambiguous.
type Status = godog.StepResultStatus

// Result is how one scenario went.
type Result struct {
	Scenario Scenario
	Steps    []StepResult // in order, those after a failure skipped
	Start    time.Time
	Duration time.Duration
	// Stderr is what the implementation wrote to standard error during the scenario, as it
	// wrote it (bounded by the front end); Safe makes it fit to show.
	Stderr string
	// Kind is the kind of its failure, the gravest of its steps': step.Wrong for a scenario
	// that passed or whose implementation answered wrong; step.Crash or step.Timeout when the
	// implementation crashed or hung; step.Setup when no scenario after this one can get
	// further, Todo saying what to do. The run stops after a Setup failure.
	Kind step.Kind
	Todo string
	// Text is what the front end shows of the scenario as it ends, as the options ask: its
	// failure, when verbose; every step, when the format is pretty; "" for nothing.
	Text string
	// Grade is how a step of the scenario graded the implementation, if one did.
	Grade *step.Grade
	// Dealt says a step dealt what it played from the run's seed: the command that runs the
	// scenario again gives the seed.
	Dealt bool
}

// Crashed reports whether the implementation crashed or hung, rather than answered wrong or
// could not get going. A run in which every scenario crashed did not get going either.
func (r Result) Crashed() bool { return r.Kind == step.Crash || r.Kind == step.Timeout }

// StepResult is how one step went.
type StepResult struct {
	Step     string // keyword and text, an outline's placeholders filled in: `Then the game should be "win"`
	Line     int    // its line in the feature file; 0 for what is no step of the file
	Status   Status
	Err      string // why it did not pass
	Cause    string // why, without what the step was about: its StepError's Cause, or Err's first line
	Kind     step.Kind
	Template string // the step as the feature writes it, placeholders and all
	Duration time.Duration
}

// Passed reports whether every step ran and passed.
func (r Result) Passed() bool {
	_, failed := r.Failure()
	return !failed
}

// Failure returns the first step that did not pass.
func (r Result) Failure() (StepResult, bool) {
	for _, s := range r.Steps {
		if s.Status != godog.StepPassed {
			return s, true
		}
	}
	if len(r.Steps) != len(r.Scenario.Steps) || len(r.Steps) == 0 {
		return StepResult{Status: godog.StepFailed, Err: fmt.Sprintf("%d of its %d steps ran", len(r.Steps), len(r.Scenario.Steps))}, true
	}
	return StepResult{}, false
}

// An Implementation is what a scenario plays against: in process for the kit, a program over
// the protocol for the kata command. It registers the kata's steps on a scenario's context,
// played against it; what else it can do it says by the interfaces below, as an
// http.ResponseWriter says it can flush by being an http.Flusher.
type Implementation interface {
	Steps(sc *godog.ScenarioContext)
}

// A Checker is an implementation that can tell, after every step that ran, that its
// conversation broke — a program that crashed, hung or wrote nonsense, which a step expecting
// a refusal would otherwise take for one: the error fails that step, even one that passed,
// and so skips the rest.
type Checker interface {
	Check() error
}

// An implementation that is an io.Closer ends its part in the scenario once its steps have
// run; an error fails a scenario that had passed ("After the last step").

// A Stderrer is an implementation that tells what it wrote to standard error during the
// scenario.
type Stderrer interface {
	Stderr() string
}

// play plays one scenario of the kata against the implementation, strictly (an undefined or
// pending step fails it), on godog's run of the scenario's line (see line), and ends the
// implementation's part in it.
func (r *Run) play(s Scenario, impl Implementation) Result {
	res := Result{Scenario: s, Start: time.Now()}
	l := r.line
	if l == nil || l.file != s.File || l.at != s.at || l.next > max(s.Row, 1) {
		r.release()
		l = startLine(r.kata, s.File, s.at)
		r.line = l
	}
	l.play(s, impl, r.shared, &res)
	r.shared.Tell("") // a line a step told of its progress goes with the scenario
	if c, ok := impl.(io.Closer); ok {
		if err := c.Close(); err != nil && res.Passed() {
			res.after(err)
		}
	}
	res.Duration = time.Since(res.Start)
	if e, ok := impl.(Stderrer); ok {
		res.Stderr = e.Stderr()
	}
	return res
}

// release ends godog's run of the last scenario line played, if one is under way, skipping
// the pickles left.
func (r *Run) release() {
	if r.line != nil {
		r.line.release()
		r.line = nil
	}
}

// steps registers, on sc, the implementation's steps and the hooks that write how each step
// went into res: its line, its template, its time, its error and kind, and the
// implementation's check after it.
func steps(sc *godog.ScenarioContext, s Scenario, impl Implementation, shared *step.Run, res *Result) {
	impl.Steps(sc)
	sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
		if !same(s, p) {
			return ctx, fmt.Errorf("godog met %q where %s was to play: the engine and godog read the feature file apart", p.Name, s)
		}
		return step.WithRun(ctx, shared), nil
	})
	var stepStart time.Time
	sc.StepContext().Before(func(ctx context.Context, _ *godog.Step) (context.Context, error) {
		stepStart = time.Now()
		return ctx, nil
	})
	sc.StepContext().After(func(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
		sr := StepResult{Step: st.Text, Status: status}
		if i := len(res.Steps); i < len(s.Steps) {
			st := s.Steps[i]
			sr.Step, sr.Line, sr.Template = st.String(), st.Line, st.Keyword+" "+st.Template
		}
		if status != godog.StepSkipped && !stepStart.IsZero() {
			sr.Duration = time.Since(stepStart)
		}
		stepStart = time.Time{}
		if g, ok := step.GradeOf(ctx); ok {
			res.Grade = &g
		}
		res.Dealt = res.Dealt || step.DealtIn(ctx)
		if err != nil && status != godog.StepPassed && status != godog.StepSkipped {
			sr.fail(err)
			res.grave(err)
		}
		if c, ok := impl.(Checker); ok && status != godog.StepSkipped {
			if cerr := c.Check(); cerr != nil {
				sr.Status = godog.StepFailed
				sr.fail(cerr)
				res.grave(cerr)
				res.Steps = append(res.Steps, sr)
				return ctx, cerr
			}
		}
		res.Steps = append(res.Steps, sr)
		return ctx, nil
	})
}

// same reports whether godog's pickle p is the scenario s: its name and its steps.
func same(s Scenario, p *godog.Scenario) bool {
	if p.Name != s.Name || len(p.Steps) != len(s.Steps) {
		return false
	}
	for i, st := range p.Steps {
		if st.Text != s.Steps[i].Text {
			return false
		}
	}
	return true
}

// grave makes the result's kind the gravest of its steps' and err's, with what to do for a
// Setup failure.
func (r *Result) grave(err error) {
	if k := step.KindOf(err); k > r.Kind {
		r.Kind = k
		var se *step.Error
		if errors.As(err, &se) {
			r.Todo = se.Todo
		}
	}
}

// after fails a scenario that passed with what the implementation's end said: a step of its
// own, after the last.
func (r *Result) after(err error) {
	f := StepResult{Step: "After the last step", Status: godog.StepFailed}
	f.fail(err)
	r.Steps = append(r.Steps, f)
	r.grave(err)
}

// fail gives the step err's message, cause and kind.
func (f *StepResult) fail(err error) {
	f.Err, f.Cause = stepError(err)
	f.Kind = step.KindOf(err)
}

// stepError is the message of a step's error, without godog's wrapping of undefined steps,
// and its cause, each fit to show (Safe).
func stepError(err error) (msg, cause string) {
	var se *step.Error
	switch {
	case errors.Is(err, godog.ErrUndefined):
		msg = "no step definition matches this step"
	case errors.Is(err, godog.ErrPending):
		msg = "the step is pending"
	case errors.As(err, &se):
		return brief.Safe(err.Error()), brief.Safe(se.Cause)
	default:
		msg = err.Error()
	}
	cause, _, _ = strings.Cut(msg, "\n")
	return brief.Safe(msg), brief.Safe(cause)
}

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
	s      Scenario
	impl   Implementation
	shared *step.Run
	res    *Result
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
			steps(sc, t.s, t.impl, t.shared, t.res)
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
func (l *line) play(s Scenario, impl Implementation, shared *step.Run, res *Result) {
	for l.next < s.Row && l.give(turn{}) {
	}
	l.give(turn{s, impl, shared, res})
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
