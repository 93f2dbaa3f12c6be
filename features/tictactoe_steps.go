package features

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/tictactoe"
)

// TicTacToe is the seam between the tic-tac-toe feature and a classifier.
type TicTacToe interface {
	// Classify returns "ongoing", "draw" or "win" for a board given as three rows of three
	// cells, each 'X', 'O' or ' '. For a board play could not have reached, the error's
	// message is the exercise's, exactly: "Wrong turn order: O started", "Wrong turn order: X
	// went twice" or "Impossible board: game should have ended after the game was won". A
	// board of the wrong shape gets an error too.
	Classify(rows []string) (state string, err error)
}

// ticTacToeScenario is one scenario's state.
type ticTacToeScenario struct {
	newClassifier func() TicTacToe
	rows          []string
	classified    bool
	state         string
	err           error
}

// InitializeTicTacToe registers the tic-tac-toe steps on sc, run against a classifier from
// newClassifier. Call it from a godog ScenarioInitializer; it keeps its state per scenario.
func InitializeTicTacToe(sc *godog.ScenarioContext, newClassifier func() TicTacToe) {
	s := &ticTacToeScenario{newClassifier: newClassifier}
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
	c := s.newClassifier()
	if c == nil {
		return errors.New("the adapter's constructor returned nil")
	}
	s.state, s.err = c.Classify(s.rows)
	s.classified = true
	return nil
}

func (s *ticTacToeScenario) theGameShouldBe(want string) error {
	switch {
	case !s.classified:
		return errors.New("the board was not classified")
	case s.err != nil:
		return fmt.Errorf("the board %q was refused: %v; want %q", s.rows, s.err, want)
	case s.state != want:
		return fmt.Errorf("the board %q is %q, want %q", s.rows, s.state, want)
	}
	return nil
}

func (s *ticTacToeScenario) theBoardShouldBeRefusedWith(msg string) error {
	if err := s.theBoardShouldBeRefused(); err != nil {
		return err
	}
	if s.err.Error() != msg {
		return fmt.Errorf("the board %q was refused with %q, want %q", s.rows, s.err.Error(), msg)
	}
	return nil
}

func (s *ticTacToeScenario) theBoardShouldBeRefused() error {
	switch {
	case !s.classified:
		return errors.New("the board was not classified")
	case s.err == nil:
		return fmt.Errorf("the board %q was classified %q, want it refused", s.rows, s.state)
	}
	return nil
}
