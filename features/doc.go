// Package features is the Gherkin acceptance suite of the katas, and a kit for practising them.
//
// The feature files are embedded (Files): mastermind.feature is the seed's "Playing
// mastermind" feature word for word, configurable_game.feature the Elixir assignment's rules.
// The step definitions talk to an implementation only through a small adapter interface,
// Mastermind, so the same scenarios run against this module's packages and against anyone's
// own implementation of the kata.
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
// Each scenario gets a new adapter from the function you pass, so no state leaks from one
// scenario to the next. MastermindSuite gives the godog.TestSuite itself, for other godog
// options such as a JUnit report.
package features
