// Package features is the Gherkin acceptance suite of the katas, and a kit for practising them.
//
// The feature files are embedded (Files): mastermind.feature is the seed's "Playing
// mastermind" feature word for word, configurable_game.feature the Elixir assignment's rules,
// tictactoe.feature the tic-tac-toe exercise with its boards drawn as the exercise draws them.
// The step definitions talk to an implementation only through small adapter interfaces,
// Mastermind and TicTacToe, so the same scenarios run against this module's packages and
// against anyone's own implementation of the katas.
//
// # Practising the kata
//
// Write your Mastermind in your own module. Beside it, write an adapter from Mastermind to
// your code, and a test that runs the suite:
//
//	func TestAcceptance(t *testing.T) {
//		features.RunMastermind(t, func() features.Mastermind { return &adapter{} })
//	}
//
// go test then runs every scenario and every outline row as a subtest, under strict godog
// (an undefined or pending step fails) and in random order. The scenarios that fail are the
// rules your implementation has yet to get right.
//
// For tic-tac-toe, adapt your classifier to TicTacToe and call RunTicTacToe the same way.
//
// Each scenario gets a new adapter from the function you pass, so no state leaks from one
// scenario to the next. MastermindSuite and TicTacToeSuite give the godog.TestSuite itself,
// for other godog options such as a JUnit report.
package features
