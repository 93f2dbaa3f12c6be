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

// suite is a strict suite over the named feature files, in random order, as subtests of t
// where t is not nil. opts may change anything but the feature files.
func suite(name string, paths []string, init func(*godog.ScenarioContext), opts godog.Options) godog.TestSuite {
	opts.FS = files
	opts.Paths = paths
	return godog.TestSuite{Name: name, ScenarioInitializer: init, Options: &opts}
}

// DefaultOptions are the options RunMastermind uses: strict, in random order, pretty output,
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

// RunMastermind runs the Mastermind features against the implementations newGame makes, each
// scenario a subtest of t, and fails t unless every step of every scenario passes.
func RunMastermind(t *testing.T, newGame func() Mastermind) {
	t.Helper()
	s := MastermindSuite(newGame, DefaultOptions(t))
	if status := s.Run(); status != 0 {
		t.Fatalf("the Mastermind features failed (godog status %d)", status)
	}
}
