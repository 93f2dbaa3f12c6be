package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cucumber/godog"
)

// Result is how one scenario went.
type Result struct {
	Scenario Scenario
	Steps    []StepResult // in order, those after a failure skipped
	Start    time.Time
	Duration time.Duration
	// Stderr is what the implementation wrote to standard error during the scenario, as it
	// wrote it (bounded by the front end); Safe makes it fit to show.
	Stderr string
	// Crashed says that the implementation crashed, rather than answered wrong: a program
	// that exited or hung. A run in which every scenario crashed did not get going.
	Crashed bool
	// Fatal, when not empty, says that no scenario after this one can get further, and what
	// to do about it: the program does not start, or does not speak the protocol. The run
	// stops here.
	Fatal string
}

// StepError is a step's error that keeps what the step was about — the game it played —
// apart from what went wrong, so that failures of one cause group together.
type StepError struct {
	About string // `new(6, 4, 12) with secret "Red Green Blue Yellow"`; may be empty
	Cause string // "new is not implemented yet"
	Crash bool   // the implementation crashed (a panic), rather than answered wrong
}

func (e *StepError) Error() string {
	if e.About == "" {
		return e.Cause
	}
	return e.About + ": " + e.Cause
}

// StepResult is how one step went.
type StepResult struct {
	Step     string // keyword and text, an outline's placeholders filled in: `Then the game should be "win"`
	Line     int    // its line in the feature file; 0 for what is no step of the file
	Status   string // "passed", "failed", "skipped", "undefined", "pending" or "ambiguous"
	Err      string // why it did not pass
	Cause    string // why, without what the step was about: its StepError's Cause, or Err's first line
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
		if s.Status != "passed" {
			return s, true
		}
	}
	if len(r.Steps) != len(r.Scenario.Steps) || len(r.Steps) == 0 {
		return StepResult{Status: "failed", Err: fmt.Sprintf("%d of its %d steps ran", len(r.Steps), len(r.Scenario.Steps))}, true
	}
	return StepResult{}, false
}

// Play runs one scenario, strictly (an undefined or pending step fails it), with the step
// definitions init registers, which must keep their state per call: a new game, a new board.
// check, when not nil, is called after every step that ran: an error it returns fails that
// step, even one that passed, and so skips the rest. A front end that runs an implementation
// in another process uses it to report a program that crashed, hung or wrote nonsense, which
// a step expecting a refusal would otherwise take for one.
func Play(s Scenario, init func(*godog.ScenarioContext), check func() error) Result {
	r := Result{Scenario: s}
	var stepStart time.Time
	suite := godog.TestSuite{
		Name: s.File,
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			init(sc)
			sc.StepContext().Before(func(ctx context.Context, _ *godog.Step) (context.Context, error) {
				stepStart = time.Now()
				return ctx, nil
			})
			sc.StepContext().After(func(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
				res := StepResult{Step: st.Text, Status: status.String()}
				if i := len(r.Steps); i < len(s.Steps) {
					res.Step, res.Line = s.Steps[i].String(), s.Steps[i].Line
				}
				if status != godog.StepSkipped && !stepStart.IsZero() {
					res.Duration = time.Since(stepStart)
				}
				stepStart = time.Time{}
				if err != nil && status != godog.StepPassed && status != godog.StepSkipped {
					res.Err, res.Cause = stepError(err)
					res.Err, res.Cause = Safe(res.Err), Safe(res.Cause)
					var se *StepError
					r.Crashed = r.Crashed || errors.As(err, &se) && se.Crash
				}
				if check != nil && status != godog.StepSkipped {
					if cerr := check(); cerr != nil {
						res.Status = "failed"
						res.Err, res.Cause = stepError(cerr)
						res.Err, res.Cause = Safe(res.Err), Safe(res.Cause)
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
	r.Duration = time.Since(r.Start)
	return r
}

// stepError is the message of a step's error, without godog's wrapping of undefined steps,
// and its cause.
func stepError(err error) (msg, cause string) {
	var se *StepError
	switch {
	case errors.Is(err, godog.ErrUndefined):
		msg = "no step definition matches this step"
	case errors.Is(err, godog.ErrPending):
		msg = "the step is pending"
	case errors.As(err, &se):
		return err.Error(), se.Cause
	default:
		msg = err.Error()
	}
	cause, _, _ = strings.Cut(msg, "\n")
	return msg, cause
}
