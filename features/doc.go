// Package features is the Gherkin acceptance suite of the katas, and a kit for practising them.
//
// The feature files are embedded (Files): mastermind.feature is the Mastermind kata's
// original "Playing mastermind" feature word for word, configurable_game.feature the rules of
// Dave Thomas's Elixir exercise, tictactoe.feature Exercism's state of tic-tac-toe with its
// boards drawn as Exercism draws them, and codebreaker.feature the seed's own story, in which
// the practitioner writes the code breaker and a run grades it.
// The step definitions reach an implementation only through a small seam — NewMastermindGame
// and MastermindGame, or a Classifier — so the same scenarios run against this module's
// packages and against anyone's own implementation.
//
// # Practising the kata
//
// Write your Mastermind in your own module. Beside it, write one test that tells the kit how to
// start one of your games:
//
//	func TestAcceptance(t *testing.T) {
//		features.RunMastermind(t, func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
//			g, err := mygame.New(colors, width, turns, secret)
//			if err != nil {
//				return nil, err
//			}
//			return game{g}, nil // game gives the kit Score, TurnsLeft and Guesses
//		})
//	}
//
// go test then runs every scenario, and every row of every outline, as a subtest named after
// it (TestAcceptance/Playing_mastermind/Making_a_guess/row_15), strictly and in the files'
// order, each with a new game. A failure names the scenario, its row, the step that failed and
// the game it played; the summary counts the scenarios that ran and says how to run a failed
// one again. go test's -kata.tags, -kata.random, -kata.stop-on-failure and -kata.format flags
// choose the scenarios and write JUnit or Cucumber reports (see RunMastermind).
//
// For tic-tac-toe, pass a Classifier to RunTicTacToe the same way; for the code breaker, a
// NewCodeBreaker to RunCodeBreaker.
//
// # With godog
//
// InitializeMastermind, InitializeTicTacToe and InitializeCodeBreaker register the steps on a godog
// ScenarioContext, for a godog.TestSuite of your own or the godog command. The kit defines
// only its -kata.* flags, so a test package may bind godog's flags as godog's examples do.
//
// The kata command (cmd/kata) runs the same scenarios, through the same engine, against a
// program in any language.
package features
