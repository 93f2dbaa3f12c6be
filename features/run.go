package features

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/cucumber/godog"
)

// A Kata is a kata's feature files with the steps that run them against one implementation.
// Make one with Mastermind or TicTacToe; RunMastermind and RunTicTacToe run it as a test, and
// Scenarios and Run let a tool run it scenario by scenario.
type Kata struct {
	name  string
	files []string
	init  func(sc *godog.ScenarioContext)
	check func() error
}

// WithCheck returns the kata with check called after every step: an error it returns fails
// that step, even one that passed, and so skips the rest of the scenario. A tool that runs an
// implementation in another process uses it to report a program that crashed, hung or wrote
// nonsense, which a step expecting a refusal would otherwise take for one.
func (k Kata) WithCheck(check func() error) Kata {
	k.check = check
	return k
}

// Name returns the kata's name: "mastermind" or "tictactoe".
func (k Kata) Name() string { return k.name }

// FeatureFiles names the kata's feature files within Files.
func (k Kata) FeatureFiles() []string { return slices.Clone(k.files) }

// Scenarios returns the kata's scenarios and outline rows in the order of its files.
func (k Kata) Scenarios() []Scenario {
	s, err := scenarios(files, k.files)
	if err != nil {
		// The files are embedded and TestScenariosMatchGodog reads every one of them.
		panic(err)
	}
	return s
}

// Result is how one scenario went.
type Result struct {
	Scenario Scenario
	Steps    []StepResult // in order, those after a failure skipped
	Duration time.Duration
}

// StepResult is how one step went.
type StepResult struct {
	Step   string // keyword and text, an outline's placeholders filled in: `Then the game should be "win"`
	Line   int    // its line in the feature file
	Status string // "passed", "failed", "skipped", "undefined", "pending" or "ambiguous"
	Err    string // why it did not pass
}

// Passed reports whether every step ran and passed.
func (r Result) Passed() bool {
	for _, s := range r.Steps {
		if s.Status != "passed" {
			return false
		}
	}
	return len(r.Steps) > 0 && len(r.Steps) == len(r.Scenario.Steps)
}

// Failure returns the first step that did not pass.
func (r Result) Failure() (StepResult, bool) {
	for _, s := range r.Steps {
		if s.Status != "passed" {
			return s, true
		}
	}
	if len(r.Steps) != len(r.Scenario.Steps) {
		return StepResult{Status: "failed", Err: fmt.Sprintf("%d of its %d steps ran", len(r.Steps), len(r.Scenario.Steps))}, true
	}
	return StepResult{}, false
}

// Run runs one scenario, strictly (an undefined or pending step fails it), with state of its
// own: a new game, a new board.
func (k Kata) Run(s Scenario) Result {
	r := Result{Scenario: s}
	suite := godog.TestSuite{
		Name: k.name,
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			k.init(sc)
			sc.StepContext().After(func(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
				i := len(r.Steps)
				res := StepResult{Step: st.Text, Status: status.String()}
				if i < len(s.Steps) {
					res.Step = keyword(s.Steps[i]) + " " + st.Text
					res.Line = s.stepLines[i]
				}
				if err != nil && status != godog.StepPassed && status != godog.StepSkipped {
					res.Err = stepError(err)
				}
				if k.check != nil && status != godog.StepSkipped {
					if cerr := k.check(); cerr != nil {
						res.Status, res.Err = "failed", cerr.Error()
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
	start := time.Now()
	suite.Run()
	r.Duration = time.Since(start)
	return r
}

// keyword returns a step's keyword: its first word.
func keyword(step string) string {
	k, _, _ := strings.Cut(step, " ")
	return k
}

// stepError is the message of a step's error, without godog's wrapping of undefined steps.
func stepError(err error) string {
	if errors.Is(err, godog.ErrUndefined) {
		return "no step definition matches this step"
	}
	if errors.Is(err, godog.ErrPending) {
		return "the step is pending"
	}
	return err.Error()
}
