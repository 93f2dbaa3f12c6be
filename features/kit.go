package features

import (
	"embed"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cucumber/godog"
)

//go:embed *.feature
var files embed.FS

// Files returns the feature files, to read or to run with godog.Options.FS.
func Files() fs.FS { return files }

// ErrNotImplemented says that an operation of an implementation is not written yet. A step
// that meets it, or any error whose text is "not implemented", fails: it never counts as the
// implementation refusing something. So a starting point whose every operation says "not
// implemented" fails every scenario, as a kata begins.
var ErrNotImplemented = errors.New("not implemented")

// notImplemented reports whether err says an operation is not written yet.
func notImplemented(err error) bool {
	return err != nil && (errors.Is(err, ErrNotImplemented) || strings.EqualFold(strings.TrimSpace(err.Error()), "not implemented"))
}

// MastermindGame is one game of a Mastermind implementation under test: the Elixir
// assignment's score(game, guess), and how many turns and guesses the board shows. Colours
// are numbered from 1; the seed's colour names stand for Red 1, Green 2, Blue 3, Yellow 4,
// Purple 5 and Orange 6.
type MastermindGame interface {
	// Score plays a guess: the grade is "won", "lost" or "continue", and black and white
	// count the key pegs. It returns an error for a guess that cannot be played — of the
	// wrong width, with a colour outside 1 to numColors, or once the game is over — and then
	// nothing about the game changes.
	Score(guess []int) (grade string, black, white int, err error)
	// TurnsLeft returns how many more guesses may be made: 0 once the game is over.
	TurnsLeft() int
	// Guesses returns how many guesses are on the board.
	Guesses() int
}

// NewMastermindGame starts a game, the assignment's new(num_colors, width, max_turns), with
// the code maker's secret. It returns an error, and no game, when the rules or the secret do
// not fit: fewer than 1 colour, peg or turn, a secret that is not width pegs long, or a
// colour outside 1 to numColors. The suite calls it once for each scenario that plays.
type NewMastermindGame func(numColors, width, maxTurns int, secret []int) (MastermindGame, error)

// Classifier is a tic-tac-toe classifier under test. It returns "ongoing", "draw" or "win"
// for a board given as three rows of three cells, each 'X', 'O' or ' '. For a board play
// could not have reached, the error's message is the exercise's, exactly: "Wrong turn order:
// O started", "Wrong turn order: X went twice" or "Impossible board: game should have ended
// after the game was won". A board of the wrong shape gets an error too.
type Classifier func(rows []string) (state string, err error)

// Mastermind is the Mastermind kata, played against the games newGame starts: the seed's
// "Playing mastermind" feature word for word (mastermind.feature) and the Elixir
// assignment's rules (configurable_game.feature).
func Mastermind(newGame NewMastermindGame) Kata {
	return Kata{name: "mastermind", files: []string{"mastermind.feature", "configurable_game.feature"},
		init: func(sc *godog.ScenarioContext) { InitializeMastermind(sc, newGame) }}
}

// TicTacToe is the tic-tac-toe kata (tictactoe.feature), played against classify.
func TicTacToe(classify Classifier) Kata {
	return Kata{name: "tictactoe", files: []string{"tictactoe.feature"},
		init: func(sc *godog.ScenarioContext) { InitializeTicTacToe(sc, classify) }}
}

// RunMastermind runs the Mastermind kata against the games newGame starts: each scenario and
// outline row is a subtest of t, named by Scenario.Path, run in the files' order, and t fails
// unless every one passes. The -godog.* flags of go test choose and report scenarios (see
// Run).
func RunMastermind(t *testing.T, newGame NewMastermindGame) {
	t.Helper()
	Run(t, Mastermind(newGame))
}

// RunTicTacToe runs the tic-tac-toe kata against classify, as RunMastermind does.
func RunTicTacToe(t *testing.T, classify Classifier) {
	t.Helper()
	Run(t, TicTacToe(classify))
}

// Run runs a kata's scenarios as subtests of t, strictly, with the options the go test
// command line gives:
//
//	-godog.format=pretty              log every step of every scenario (go test -v shows them)
//	-godog.format=junit:report.xml    also write a JUnit report; cucumber:report.json, Cucumber JSON
//	-godog.tags='@duplicates'         only the scenarios with these tags
//	-godog.random                     a random order, its seed logged; -godog.random=SEED replays it
//	-godog.stop-on-failure            no more scenarios after the first that fails
//
// go test -run selects scenarios by their path, 'TestAcceptance/Playing_mastermind/Making_a_guess/row_15$'
// for one row; the summary Run logs counts only the scenarios that ran, names each failure
// with its file, line and first failed step, and says how to run it again.
func Run(t *testing.T, k Kata) {
	t.Helper()
	opts, err := optionsFrom(flag.CommandLine)
	if err != nil {
		t.Fatal(err)
	}
	runTests(t, k, opts)
}

// runTests is Run with the options given.
func runTests(t *testing.T, k Kata, opts Options) {
	t.Helper()
	selected, seed, err := k.Select(opts)
	if err != nil {
		t.Fatal(err)
	}
	if seed != 0 {
		t.Logf("%s: scenarios in random order, seed %d; -godog.random=%d runs them in this order again", k.name, seed, seed)
	}
	var results []Result
	stopped := false
	for _, s := range selected {
		if stopped {
			break
		}
		ok := t.Run(s.Path(), func(t *testing.T) {
			t.Helper()
			r := k.Run(s)
			results = append(results, r)
			if opts.Pretty() {
				t.Log("\n" + Pretty(r))
			}
			if !r.Passed() {
				t.Error("\n" + Failure(r))
			}
		})
		stopped = !ok && opts.StopOnFailure
	}
	if err := opts.WriteReports(k.name, results); err != nil {
		t.Error(err)
	}
	t.Log("\n" + Summary(k.name, results, stopped, func(s Scenario) string {
		return fmt.Sprintf("go test -run '%s'", runPattern(t.Name(), s))
	}))
}

// runPattern is a go test -run pattern that selects s alone under the test named parent.
func runPattern(parent string, s Scenario) string {
	name := parent + "/" + s.Path()
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(strings.ReplaceAll(p, " ", "_"))
	}
	return "^" + strings.Join(parts, "/") + "$"
}

// writeReport writes a JUnit or Cucumber report of results to file.
func writeReport(format, file, suite string, results []Result) error {
	f, err := os.Create(filepath.Clean(file))
	if err != nil {
		return fmt.Errorf("features: writing the %s report: %w", format, err)
	}
	switch format {
	case "junit":
		err = WriteJUnit(f, suite, results)
	case "cucumber":
		err = WriteCucumber(f, results)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("features: writing the %s report %s: %w", format, file, err)
	}
	return nil
}
