package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/step"
)

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

// Instance is an implementation a front end started for one scenario: what the engine plays
// the scenario against.
type Instance struct {
	// Steps registers the kata's steps, played against this implementation.
	Steps kata.Steps
	// Check, when not nil, is called after every step that ran: an error it returns fails
	// that step, even one that passed, and so skips the rest. A front end that runs an
	// implementation in another process uses it to report a program that crashed, hung or
	// wrote nonsense, which a step expecting a refusal would otherwise take for one.
	Check func() error
	// Close, when not nil, ends the implementation once the scenario has run; an error it
	// returns fails a scenario that had passed.
	Close func() error
	// Stderr, when not nil, returns what the implementation wrote to standard error.
	Stderr func() string
}

// Play runs one scenario against the implementation, strictly (an undefined or pending step
// fails it), and ends the implementation.
func Play(s Scenario, impl Instance) Result {
	r := Result{Scenario: s}
	grave := func(err error) {
		if k := step.KindOf(err); k > r.Kind {
			r.Kind = k
			var se *step.Error
			if errors.As(err, &se) {
				r.Todo = se.Todo
			}
		}
	}
	var stepStart time.Time
	suite := godog.TestSuite{
		Name: s.File,
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			impl.Steps(sc)
			sc.StepContext().Before(func(ctx context.Context, _ *godog.Step) (context.Context, error) {
				stepStart = time.Now()
				return ctx, nil
			})
			sc.StepContext().After(func(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
				res := StepResult{Step: st.Text, Status: status}
				if i := len(r.Steps); i < len(s.Steps) {
					st := s.Steps[i]
					res.Step, res.Line, res.Template = st.String(), st.Line, st.Keyword+" "+st.Template
				}
				if status != godog.StepSkipped && !stepStart.IsZero() {
					res.Duration = time.Since(stepStart)
				}
				stepStart = time.Time{}
				if err != nil && status != godog.StepPassed && status != godog.StepSkipped {
					res.Err, res.Cause = stepError(err)
					res.Kind = step.KindOf(err)
					grave(err)
				}
				if impl.Check != nil && status != godog.StepSkipped {
					if cerr := impl.Check(); cerr != nil {
						res.Status = godog.StepFailed
						res.Err, res.Cause = stepError(cerr)
						res.Kind = step.KindOf(cerr)
						grave(cerr)
						r.Steps = append(r.Steps, res)
						return ctx, cerr
					}
				}
				r.Steps = append(r.Steps, res)
				return ctx, nil
			})
		},
		Options: &godog.Options{
			Format: "progress", Output: io.Discard, Strict: true, NoColors: true,
			FeatureContents: []godog.Feature{{Name: s.File, Contents: []byte(s.source)}},
		},
	}
	r.Start = time.Now()
	suite.Run()
	if impl.Close != nil {
		if err := impl.Close(); err != nil && r.Passed() {
			msg, cause := stepError(err)
			r.Steps = append(r.Steps, StepResult{Step: "After the last step", Status: godog.StepFailed, Err: msg, Cause: cause, Kind: step.KindOf(err)})
			grave(err)
		}
	}
	r.Duration = time.Since(r.Start)
	if impl.Stderr != nil {
		r.Stderr = impl.Stderr()
	}
	return r
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
