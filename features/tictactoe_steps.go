package features

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/brief"

	"github.com/deliberate-practice/katas/tictactoe"
)

// ticTacToeScenario is one scenario's state.
type ticTacToeScenario struct {
	classify   Classifier
	rows       []string
	classified bool
	state      string
	err        error
}

// InitializeTicTacToe registers the tic-tac-toe steps on sc, run against classify. Call it
// from a godog ScenarioInitializer, once for each scenario: the steps keep their state per
// call.
func InitializeTicTacToe(sc *godog.ScenarioContext, classify Classifier) {
	s := &ticTacToeScenario{classify: classify}
	sc.Step(`^the board$`, s.theBoard)
	sc.Step(`^the rows "([^"]*)", "([^"]*)" and "([^"]*)"$`, s.theRows)
	sc.Step(`^I classify the board$`, s.iClassifyTheBoard)
	sc.Step(`^the game should be "([^"]*)"$`, s.theGameShouldBe)
	sc.Step(`^the board should be refused with "([^"]*)"$`, s.theBoardShouldBeRefusedWith)
	sc.Step(`^the board should be refused$`, s.theBoardShouldBeRefused)
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
	s.state, s.err = s.classify(slices.Clone(s.rows))
	s.classified = true
	return nil
}

func (s *ticTacToeScenario) theGameShouldBe(want string) error {
	switch {
	case !s.classified:
		return errors.New("the board was not classified")
	case notImplemented(s.err):
		return fmt.Errorf("the board %q: classify is not implemented yet", s.rows)
	case s.err != nil:
		return fmt.Errorf("the board %q was refused: %s; want %q", s.rows, brief.Quote(s.err.Error()), want)
	case s.state != want:
		return fmt.Errorf("the board %q is %s, want %q", s.rows, brief.Quote(s.state), want)
	}
	return nil
}

func (s *ticTacToeScenario) theBoardShouldBeRefusedWith(msg string) error {
	if err := s.theBoardShouldBeRefused(); err != nil {
		return err
	}
	if s.err.Error() != msg {
		return fmt.Errorf("the board %q was refused with %s, want %q", s.rows, brief.Quote(s.err.Error()), msg)
	}
	return nil
}

func (s *ticTacToeScenario) theBoardShouldBeRefused() error {
	switch {
	case !s.classified:
		return errors.New("the board was not classified")
	case notImplemented(s.err):
		return fmt.Errorf("the board %q: classify is not implemented yet, so nothing was refused", s.rows)
	case s.err == nil:
		return fmt.Errorf("the board %q was classified %s, want it refused", s.rows, brief.Quote(s.state))
	}
	return nil
}
