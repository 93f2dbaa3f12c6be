package features

import (
	"embed"
	"io/fs"
	"testing"

	"github.com/cucumber/godog"
)

//go:embed *.feature
var files embed.FS

// Files returns the feature files, to run with godog.Options.FS.
func Files() fs.FS { return files }

// MastermindFeatures names the Mastermind feature files within Files.
func MastermindFeatures() []string {
	return []string{"mastermind.feature", "configurable_game.feature"}
}

// TicTacToeFeatures names the tic-tac-toe feature files within Files.
func TicTacToeFeatures() []string {
	return []string{"tictactoe.feature"}
}

// suite is a strict suite over the named feature files, in random order, as subtests of t
// where t is not nil. opts may change anything but the feature files.
func suite(name string, paths []string, init func(*godog.ScenarioContext), opts godog.Options) godog.TestSuite {
	opts.FS = files
	opts.Paths = paths
	return godog.TestSuite{Name: name, ScenarioInitializer: init, Options: &opts}
}

// DefaultOptions are the options RunMastermind and RunTicTacToe use: strict, in random order, pretty output,
// each scenario a subtest of t.
func DefaultOptions(t *testing.T) godog.Options {
	return godog.Options{Format: "pretty", Strict: true, Randomize: -1, TestingT: t}
}

// MastermindSuite returns the Mastermind features as a godog suite whose steps play against
// the implementations newGame makes, a new one each scenario. Its options are opts with the
// feature files set; DefaultOptions is a good start.
func MastermindSuite(newGame func() Mastermind, opts godog.Options) godog.TestSuite {
	return suite("mastermind", MastermindFeatures(), func(sc *godog.ScenarioContext) {
		InitializeMastermind(sc, newGame)
	}, opts)
}

// TicTacToeSuite returns the tic-tac-toe feature as a godog suite whose steps classify with
// the classifiers newClassifier makes, a new one each scenario.
func TicTacToeSuite(newClassifier func() TicTacToe, opts godog.Options) godog.TestSuite {
	return suite("tictactoe", TicTacToeFeatures(), func(sc *godog.ScenarioContext) {
		InitializeTicTacToe(sc, newClassifier)
	}, opts)
}

// RunMastermind runs the Mastermind features against the implementations newGame makes, each
// scenario a subtest of t, and fails t unless every step of every scenario passes.
func RunMastermind(t *testing.T, newGame func() Mastermind) {
	t.Helper()
	run(t, MastermindSuite(newGame, DefaultOptions(t)))
}

// RunTicTacToe runs the tic-tac-toe feature against the classifiers newClassifier makes, each
// scenario a subtest of t, and fails t unless every step of every scenario passes.
func RunTicTacToe(t *testing.T, newClassifier func() TicTacToe) {
	t.Helper()
	run(t, TicTacToeSuite(newClassifier, DefaultOptions(t)))
}

func run(t *testing.T, s godog.TestSuite) {
	t.Helper()
	if status := s.Run(); status != 0 {
		t.Fatalf("the %s features failed (godog status %d)", s.Name, status)
	}
}
