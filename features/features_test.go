package features_test

import (
	"testing"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/tictactoe"
)

// game adapts this module's mastermind package to the kit, exactly as a practitioner adapts
// their own implementation. The README shows the same shape.
type game struct{ g *mastermind.Game }

func (a *game) New(numColors, width, maxTurns int, secret []int) (err error) {
	a.g, err = mastermind.New(mastermind.Rules{Colors: numColors, Width: width, MaxTurns: maxTurns}, code(secret))
	return err
}

func (a *game) Score(guess []int) (string, features.Score, error) {
	grade, fb, err := a.g.Guess(code(guess))
	return grade.String(), features.Score{Black: fb.Black, White: fb.White}, err
}

func (a *game) TurnsLeft() int { return a.g.TurnsLeft() }
func (a *game) Guesses() int   { return len(a.g.Board()) }

// code turns numbers into colours; a number no Color can hold becomes 0, which every game refuses.
func code(pegs []int) mastermind.Code {
	c := make(mastermind.Code, len(pegs))
	for i, p := range pegs {
		if p > 0 && p <= mastermind.MaxColors {
			c[i] = mastermind.Color(p)
		}
	}
	return c
}

func newGame() features.Mastermind { return &game{} }

// classifier adapts this module's tictactoe package to the kit.
type classifier struct{}

func (classifier) Classify(rows []string) (string, error) {
	state, err := tictactoe.Classify(rows)
	return state.String(), err
}

func newClassifier() features.TicTacToe { return classifier{} }

// InitializeScenario registers every step against this module's packages. The godog command
// finds it here: go run github.com/cucumber/godog/cmd/godog@v0.16.0 run --strict --random.
func InitializeScenario(sc *godog.ScenarioContext) {
	features.InitializeMastermind(sc, newGame)
	features.InitializeTicTacToe(sc, newClassifier)
}

// TestFeatures runs every feature, each scenario and outline row a subtest.
func TestFeatures(t *testing.T) {
	opts := features.DefaultOptions(t)
	opts.FS = features.Files()
	opts.Paths = []string{"."}
	suite := godog.TestSuite{Name: "katas", ScenarioInitializer: InitializeScenario, Options: &opts}
	if status := suite.Run(); status != 0 {
		t.Fatalf("the features failed (godog status %d)", status)
	}
}

// TestMastermindKit runs the Mastermind features the way a practitioner does.
func TestMastermindKit(t *testing.T) {
	features.RunMastermind(t, newGame)
}

// TestTicTacToeKit runs the tic-tac-toe feature the way a practitioner does.
func TestTicTacToeKit(t *testing.T) {
	features.RunTicTacToe(t, newClassifier)
}
