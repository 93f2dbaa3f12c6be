package tictactoe

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/tictactoe"
)

// ticTacToeScenario is one scenario's state.
type ticTacToeScenario struct {
	classify   Classify
	all        classifyAll   // nil: the property classifies its boards one by one
	limit      time.Duration // how long a call into the implementation may take; 0 for no limit
	rows       []string
	classified bool
	state      string
	err        error

	boards, wrong int        // boards the property classified, and those classified wrong
	firstWrong    *boardMiss // the first of those, of the fewest marks
}

// board names the board for a message: the board ["X  " " XO" "OX "].
func (s *ticTacToeScenario) board() string { return fmt.Sprintf("the board %q", s.rows) }

// Classify is a tic-tac-toe classifier under test: "ongoing", "draw" or "win" for a board of
// three rows, or an error (features.Classifier says the contract to practitioners).
type Classify func(rows []string) (state string, err error)

// Initialize registers the tic-tac-toe steps on sc, run against classify. Call it from a
// godog ScenarioInitializer, once for each scenario: the steps keep their state per call.
func Initialize(sc *godog.ScenarioContext, classify Classify) { InitializeWithin(sc, classify, 0) }

// InitializeWithin is Initialize with a time limit for each call into the implementation: a
// call that takes longer fails its step (0: no limit).
func InitializeWithin(sc *godog.ScenarioContext, classify Classify, limit time.Duration) {
	initialize(sc, classify, nil, limit)
}

// classifyAll classifies many boards at once, as a program over the protocol can: each
// board's state or refusal, and an error when the conversation broke.
type classifyAll func(boards [][]string) (states []string, refusals []error, err error)

// initialize registers the steps; all, when not nil, classifies the property's boards at once.
func initialize(sc *godog.ScenarioContext, classify Classify, all classifyAll, limit time.Duration) {
	s := &ticTacToeScenario{classify: classify, all: all, limit: limit}
	sc.Step(`^the board$`, s.theBoard)
	sc.Step(`^the rows "([^"]*)", "([^"]*)" and "([^"]*)"$`, s.theRows)
	sc.Step(`^I classify the board$`, s.iClassifyTheBoard)
	sc.Step(`^the game should be "([^"]*)"$`, s.theGameShouldBe)
	sc.Step(`^the board should be refused with "([^"]*)"$`, s.theBoardShouldBeRefusedWith)
	sc.Step(`^the board should be refused$`, s.theBoardShouldBeRefused)
	sc.Step(`^I classify every board of X, O and empty cells$`, s.iClassifyEveryBoard)
	sc.Step(`^every board should be classified as play reaches it$`, s.everyBoardShouldBeClassifiedAsPlayReachesIt)
}

// theBoard reads a board drawn as the exercise draws it.
func (s *ticTacToeScenario) theBoard(drawing *godog.DocString) error {
	b, err := tictactoe.ParseBoard(strings.Split(drawing.Content, "\n"))
	if err != nil {
		return fmt.Errorf("the feature's board: %w", err)
	}
	s.rows = b.Rows()
	return nil
}

func (s *ticTacToeScenario) theRows(top, middle, bottom string) {
	s.rows = []string{top, middle, bottom}
}

func (s *ticTacToeScenario) iClassifyTheBoard() error {
	if err := step.Guard(s.limit, "classify", func() { s.state, s.err = s.classify(slices.Clone(s.rows)) }); err != nil {
		s.state, s.err = "", err
	}
	s.classified = true
	return nil
}

func (s *ticTacToeScenario) theGameShouldBe(want string) error {
	if !s.classified {
		return errors.New("the board was not classified")
	}
	if err := step.Unwritten(s.board, "classify", "", s.err); err != nil {
		return err
	}
	switch {
	case s.err != nil:
		return step.Fail(s.board(), "refused with %s, want %q", brief.Quote(s.err.Error()), want)
	case s.state != want:
		return step.Fail(s.board(), "%s, want %q", brief.Quote(s.state), want)
	}
	return nil
}

func (s *ticTacToeScenario) theBoardShouldBeRefusedWith(msg string) error {
	if err := s.theBoardShouldBeRefused(); err != nil {
		return err
	}
	if got := s.err.Error(); got != msg {
		return step.Fail(s.board(), "refused with %s, want %q\n%s", brief.QuoteLong(got), msg, step.FirstDifference(got, msg))
	}
	return nil
}

func (s *ticTacToeScenario) theBoardShouldBeRefused() error {
	if !s.classified {
		return errors.New("the board was not classified")
	}
	if err := step.Unwritten(s.board, "classify", ", so nothing was refused", s.err); err != nil {
		return err
	}
	switch {
	case s.err == nil:
		return step.Fail(s.board(), "classified %s, want it refused", brief.Quote(s.state))
	}
	return nil
}
