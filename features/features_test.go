package features_test

import (
	"bytes"
	"flag"
	"io/fs"
	"strings"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
	"github.com/deliberate-practice/katas/tictactoe"
)

// game adapts this module's mastermind package to the kit, exactly as a practitioner adapts
// their own implementation; the README shows the same shape.
type game struct{ *mastermind.Game }

func (g game) Score(guess []int) (string, int, int, error) {
	grade, fb, err := g.Guess(code(guess))
	return grade.String(), fb.Black, fb.White, err
}

func (g game) Guesses() int { return len(g.Board()) }

// newGame starts a game of this module's mastermind package for the kit.
func newGame(colors, width, turns int, secret []int) (features.MastermindGame, error) {
	g, err := mastermind.New(mastermind.Rules{Colors: colors, Width: width, MaxTurns: turns}, code(secret))
	if err != nil {
		return nil, err
	}
	return game{g}, nil
}

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

// breaker adapts this module's solver to the kit: its optimal strategy, which reaches the
// kata's highest level.
type breaker struct {
	s    *solver.Solver
	last mastermind.Code
}

// newBreaker makes a breaker of this module's solver for the kit.
func newBreaker(colors, width, turns int) (features.CodeBreaker, error) {
	s, err := solver.New(mastermind.Rules{Colors: colors, Width: width, MaxTurns: turns}, solver.Optimal)
	if err != nil {
		return nil, err
	}
	return &breaker{s: s}, nil
}

func (b *breaker) Guess() ([]int, error) {
	g, err := b.s.Next()
	b.last = g
	pegs := make([]int, len(g))
	for i, c := range g {
		pegs[i] = int(c)
	}
	return pegs, err
}

func (b *breaker) Feedback(black, white int, grade string) error {
	if grade != "continue" {
		return nil // the game is over
	}
	return b.s.Record(b.last, mastermind.Feedback{Black: black, White: white})
}

// classify adapts this module's tictactoe package to the kit.
func classify(rows []string) (string, error) {
	state, err := tictactoe.Classify(rows)
	return state.String(), err
}

// godogOptions are godog's own flags, bound to go test's command line the way godog's
// examples bind them. The kit runs beside them, and reads them as godog means them: so
// go test ./features/ -godog.format=junit:report.xml writes report.xml here, in features/,
// with every kata's suites.
var godogOptions = godog.Options{Format: "progress"}

func init() { godog.BindFlags("godog.", flag.CommandLine, &godogOptions) }

// InitializeScenario registers every step against this module's packages, for the godog
// command: go run github.com/cucumber/godog/cmd/godog@v0.16.0 run --strict.
func InitializeScenario(sc *godog.ScenarioContext) {
	features.InitializeMastermind(sc, newGame)
	features.InitializeTicTacToe(sc, classify)
	features.InitializeCodeBreaker(sc, newBreaker)
}

// TestFeatures is this project's acceptance suite: every scenario and outline row of both
// katas, once, through the same kit a practitioner uses.
func TestFeatures(t *testing.T) {
	t.Run("mastermind", func(t *testing.T) { features.RunMastermind(t, newGame) })
	t.Run("tictactoe", func(t *testing.T) { features.RunTicTacToe(t, classify) })
	t.Run("codebreaker", func(t *testing.T) { features.RunCodeBreaker(t, newBreaker) })
}

// TestTheGodogCommand runs every feature file as the godog command runs the folder — one suite,
// strict, every kata's steps registered by InitializeScenario in one registry — so that a step
// text two katas' steps both match, which the command reports as ambiguous, fails here.
func TestTheGodogCommand(t *testing.T) {
	files, err := fs.Glob(features.Files(), "*.feature")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 4, "every kata's feature file")
	var out bytes.Buffer
	tags := ""
	if testing.Short() {
		// The classic game's three levels play 3,888 games, slow under -race: the plain pass
		// matches their steps, and CI's godog command runs them too.
		tags = "~@classic&&~@knuth&&~@optimal"
	}
	status := godog.TestSuite{
		Name:                "features",
		ScenarioInitializer: InitializeScenario,
		Options:             &godog.Options{Format: "progress", Output: &out, Strict: true, NoColors: true, FS: features.Files(), Paths: files, Tags: tags},
	}.Run()
	summary := out.String()
	if i := strings.Index(summary, "\n\n"); i >= 0 {
		summary = summary[i:] // the failures and the counts, not the dots
	}
	assert.Zero(t, status, summary)
	assert.Regexp(t, `\n\d+ scenarios \(\d+ passed\)\n`, summary, "every scenario passed")
}
