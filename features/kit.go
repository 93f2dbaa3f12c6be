package features

import (
	"embed"
	"flag"
	"io/fs"
	"testing"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/kata/codebreaker"
	"github.com/deliberate-practice/katas/internal/kata/mastermind"
	"github.com/deliberate-practice/katas/internal/kata/tictactoe"
	"github.com/deliberate-practice/katas/internal/kit"
	"github.com/deliberate-practice/katas/internal/step"
)

//go:embed *.feature
var files embed.FS

// Files returns the feature files, to read or to run with godog.Options.FS.
func Files() fs.FS { return files }

// The kit's -kata.* flags, defined as the package loads into a test binary, and only there: go
// test parses its command line before any test runs, and refuses a flag nothing has defined.
func init() {
	if testing.Testing() {
		kit.DefineFlags(flag.CommandLine)
	}
}

// ErrNotImplemented says that an operation of an implementation is not written yet. A step
// that meets it, or any error whose text is "not implemented", fails: it never counts as the
// implementation refusing something. So a starting point whose every operation says "not
// implemented" fails every scenario, as a kata begins.
var ErrNotImplemented = step.ErrNotImplemented

// MastermindGame is one game of a Mastermind implementation under test: Dave Thomas's
// score(game, guess), and how many turns and guesses the board shows. Colours are numbered
// from 1; the original feature's colour names stand for Red 1, Green 2, Blue 3, Yellow 4,
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

// NewMastermindGame starts a game, Dave Thomas's new(num_colors, width, max_turns), with
// the code maker's secret. It returns an error, and no game, when the rules or the secret do
// not fit: fewer than 1 colour, peg or turn, a secret that is not width pegs long, or a
// colour outside 1 to numColors. The suite calls it once for each scenario that plays, and
// again where a scenario goes back to the game before a guess (@state): a Go game changes as
// it is played, so the suite starts it anew and plays the guesses before that one.
type NewMastermindGame func(numColors, width, maxTurns int, secret []int) (MastermindGame, error)

// Classifier is a tic-tac-toe classifier under test. It returns "ongoing", "draw" or "win"
// for a board given as three rows of three cells, each 'X', 'O' or ' '. For a board play
// could not have reached, the error's message is Exercism's, exactly: "Wrong turn order:
// O started", "Wrong turn order: X went twice" or "Impossible board: game should have ended
// after the game was won". A board of the wrong shape gets an error too.
type Classifier func(rows []string) (state string, err error)

// CodeBreaker is one game's code breaker under test, for the code-breaker kata: it makes each
// guess, and is told how each scored.
type CodeBreaker interface {
	// Guess returns the next guess: width colours, each from 1 to numColors. A guess of the
	// wrong width, or with a colour outside the game, fails the scenario.
	Guess() ([]int, error)
	// Feedback tells how the last guess scored: black pegs (right colour, right place), white
	// ones (right colour, wrong place), and the grade, "continue", "won" or "lost"; after
	// "won" or "lost" the game is over, and nothing more is asked of the breaker.
	Feedback(black, white int, grade string) error
}

// NewCodeBreaker makes the breaker of one game of numColors colours, width pegs and maxTurns
// guesses at most. The suite calls it once for each game it plays: a scenario may play every
// secret of a game, each a game of its own.
type NewCodeBreaker func(numColors, width, maxTurns int) (CodeBreaker, error)

// RunCodeBreaker runs the code-breaker kata (codebreaker.feature) against the breakers
// newBreaker makes, as RunMastermind runs Mastermind; this project's code maker scores their
// guesses, dealing the secrets in an order drawn from the run's seed (-kata.seed=SEED, which a
// failure's command to run it again gives, deals the same). A run's screen grades the breaker,
// by its guesses over every secret of the classic game, beside Knuth's 5,801 and the
// optimum's 5,625, and names the level reached: the tags @classic, @knuth and @optimal. A run
// plays the classic game once, however many levels it grades.
func RunCodeBreaker(t *testing.T, newBreaker NewCodeBreaker) {
	t.Helper()
	limit := kit.CallLimit()
	kit.Run(t, codebreaker.Kata(files), func(sc *godog.ScenarioContext) { codebreaker.InitializeWithin(sc, breakers(newBreaker), limit) })
}

// InitializeCodeBreaker registers the code-breaker steps on sc, played against the breakers
// newBreaker makes. Call it from a godog ScenarioInitializer, once for each scenario.
func InitializeCodeBreaker(sc *godog.ScenarioContext, newBreaker NewCodeBreaker) {
	codebreaker.Initialize(sc, breakers(newBreaker))
}

// breakers is newBreaker as the kata's steps call it.
func breakers(newBreaker NewCodeBreaker) codebreaker.NewBreaker {
	return func(colors, width, turns int) (codebreaker.Breaker, error) {
		b, err := newBreaker(colors, width, turns)
		return b, err // a nil CodeBreaker is a nil Breaker
	}
}

// RunMastermind runs the Mastermind kata — its original "Playing mastermind" feature word
// for word and the rules of Dave Thomas's Elixir exercise — against the games newGame starts: each scenario
// and outline row is a subtest of t, named by its feature, scenario and row, run in the
// files' order with a game of its own, and t fails unless every one passes. A summary names
// each failure with its file, line and first failed step, and says how to run it again.
//
// go test's flags choose and report the scenarios:
//
//	-run 'TestAcceptance/Playing_mastermind/Making_a_guess/row_15$'   one row
//	-kata.tags='@refusals'            only the scenarios with these tags, as godog reads them: @a, ~@a, @a,@b, @a&&@b
//	-kata.random                      a random order, its seed logged; -kata.random=SEED replays it
//	-kata.stop-on-failure             no more scenarios after the first that fails
//	-kata.format=pretty               log every step of every scenario (go test -v shows them)
//	-kata.format=junit:report.xml     also a JUnit report, report-mastermind.xml; cucumber:FILE, Cucumber JSON
//	-kata.log                         add the run's light to .kata/log, for kata log (or KATA_LOG=1)
//	-kata.timeout=10s                 the time each call into your game has (5s); a call that takes
//	                                  longer, a deadlock, fails its step
//
// With KATA_DOJO set to a room's address, as kata dojo serve prints it, and KATA_DOJO_NAME to
// a name, each run's light also goes to the room's dashboard (and to .kata/log). A room that
// is away, or a folder that cannot hold the log, fails nothing: one line says what was not
// done, on the terminal even where go test shows only "ok" (in the test's log under -v).
//
// A report's relative path is taken from the package's directory, where go test runs its
// tests; with -kata.format the kata's name goes before its extension, so that RunMastermind and
// RunTicTacToe in one run write two reports, and a report with no file goes to standard output.
//
// The kit defines its -kata.* flags, and nothing else, when it is loaded into a test binary
// (go test must know a flag before any test runs): a test package that binds godog's own
// flags, godog.BindFlags("godog.", flag.CommandLine, &opts), or as godog's README does today,
// godog.BindCommandLineFlags("godog.", &opts) with pflag.Parse() in TestMain, runs beside it.
// The kit then reads godog's flags as godog means them, and refuses, failing t with why, any
// it cannot honour, and a godog flag given beside the -kata.* flag of its name with another
// value: -godog.format (pretty, progress, junit and cucumber, to standard output or to the
// file named, which several katas of one test share, each run replacing its kata's part), -godog.tags,
// -godog.random, -godog.stop-on-failure, -godog.strict and -godog.no-colors are honoured;
// -godog.concurrency above 1, -godog.definitions, paths after the flags and any other
// -godog.* flag are refused. (Under pflag.Parse, go test's own flags, -v and -run among them,
// go unread: that is pflag's way, not the kit's.) For godog's own runner, its formats and
// concurrency, run the feature files with godog.TestSuite and InitializeMastermind, as the
// example of InitializeTicTacToe shows.
func RunMastermind(t *testing.T, newGame NewMastermindGame) {
	t.Helper()
	limit := kit.CallLimit()
	kit.Run(t, mastermind.Kata(files), func(sc *godog.ScenarioContext) { mastermind.InitializeWithin(sc, games(newGame), limit) })
}

// RunTicTacToe runs the tic-tac-toe kata (tictactoe.feature) against classify, as
// RunMastermind runs Mastermind.
func RunTicTacToe(t *testing.T, classify Classifier) {
	t.Helper()
	limit := kit.CallLimit()
	kit.Run(t, tictactoe.Kata(files), func(sc *godog.ScenarioContext) {
		tictactoe.InitializeWithin(sc, tictactoe.Classify(classify), limit)
	})
}

// InitializeMastermind registers the Mastermind steps on sc, played against the games newGame
// starts. Call it from a godog ScenarioInitializer, once for each scenario: the steps keep
// their state per call.
func InitializeMastermind(sc *godog.ScenarioContext, newGame NewMastermindGame) {
	mastermind.Initialize(sc, games(newGame))
}

// games is newGame as the kata's steps call it.
func games(newGame NewMastermindGame) mastermind.NewGame {
	return func(colors, width, turns int, secret []int) (mastermind.Game, error) {
		g, err := newGame(colors, width, turns, secret)
		return g, err // a nil MastermindGame is a nil Game
	}
}

// InitializeTicTacToe registers the tic-tac-toe steps on sc, run against classify. Call it
// from a godog ScenarioInitializer, once for each scenario: the steps keep their state per
// call.
func InitializeTicTacToe(sc *godog.ScenarioContext, classify Classifier) {
	tictactoe.Initialize(sc, tictactoe.Classify(classify))
}
