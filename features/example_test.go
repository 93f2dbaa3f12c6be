package features_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/tictactoe"
)

// The katas' feature files, embedded: the kit runs them against your code with RunMastermind,
// RunTicTacToe and RunCodeBreaker, and godog runs them with the Initialize functions.
func Example() {
	files, _ := fs.Glob(features.Files(), "*.feature")
	for _, name := range files {
		text, _ := fs.ReadFile(features.Files(), name)
		feature, _, _ := strings.Cut(string(text), "\n")
		fmt.Printf("%-26s %s\n", name, strings.TrimSpace(feature))
	}
	// Output:
	// codebreaker.feature        Feature: Breaking codes
	// configurable_game.feature  Feature: Configurable mastermind
	// mastermind.feature         Feature: Playing mastermind
	// tictactoe.feature          Feature: State of tic-tac-toe
}

// The route a godog user takes first: a godog.TestSuite over the embedded feature files, each
// scenario's steps registered against your code. godog runs them, with its own formats and
// concurrency; the kit's screen, log and room are RunTicTacToe's.
func ExampleInitializeTicTacToe() {
	classify := func(rows []string) (string, error) {
		state, err := tictactoe.Classify(rows) // your classifier
		return state.String(), err
	}
	var out bytes.Buffer
	suite := godog.TestSuite{
		Name: "tictactoe",
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			features.InitializeTicTacToe(sc, classify)
		},
		Options: &godog.Options{
			FS:          features.Files(),
			Paths:       []string{"tictactoe.feature"},
			Format:      "progress",
			Output:      &out,
			NoColors:    true,
			Strict:      true,
			Concurrency: 4,
		},
	}
	fmt.Println("status", suite.Run())
	for line := range strings.Lines(out.String()) {
		if strings.Contains(line, " scenarios (") {
			fmt.Print(line)
		}
	}
	// Output:
	// status 0
	// 34 scenarios (34 passed)
}
