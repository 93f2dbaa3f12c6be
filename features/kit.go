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
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/engine"
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
// Dave Thomas's score(game, guess), and how many turns and guesses the board shows. Colours
// are numbered from 1; the original feature's colour names stand for Red 1, Green 2, Blue 3, Yellow 4,
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
// colour outside 1 to numColors. The suite calls it once for each scenario that plays.
type NewMastermindGame func(numColors, width, maxTurns int, secret []int) (MastermindGame, error)

// Classifier is a tic-tac-toe classifier under test. It returns "ongoing", "draw" or "win"
// for a board given as three rows of three cells, each 'X', 'O' or ' '. For a board play
// could not have reached, the error's message is Exercism's, exactly: "Wrong turn order:
// O started", "Wrong turn order: X went twice" or "Impossible board: game should have ended
// after the game was won". A board of the wrong shape gets an error too.
type Classifier func(rows []string) (state string, err error)

// RunMastermind runs the Mastermind kata — its original "Playing mastermind" feature word
// for word and the rules of Dave Thomas's Elixir exercise — against the games newGame starts: each scenario
// and outline row is a subtest of t, named by its feature, scenario and row, run in the
// files' order with a game of its own, and t fails unless every one passes. A summary names
// each failure with its file, line and first failed step, and says how to run it again.
//
// go test's flags choose and report the scenarios:
//
//	-run 'TestAcceptance/Playing_mastermind/Making_a_guess/row_15$'   one row
//	-kata.tags='@refusals'            only the scenarios with these tags: @a, ~@a, @a,@b, joined by &&
//	-kata.random                      a random order, its seed logged; -kata.random=SEED replays it
//	-kata.stop-on-failure             no more scenarios after the first that fails
//	-kata.format=pretty               log every step of every scenario (go test -v shows them)
//	-kata.format=junit:report.xml     also a JUnit report, report-mastermind.xml; cucumber:FILE, Cucumber JSON
//	-kata.log                         add the run's light to .kata/log, for kata log (or KATA_LOG=1)
//
// The kit defines its -kata.* flags when it is loaded, and nothing else: a test package that
// binds godog's own flags, godog.BindFlags("godog.", flag.CommandLine, &opts), runs beside it,
// and the kit then reads -godog.format, -godog.tags, -godog.random and -godog.stop-on-failure
// too, where the -kata.* flag of the same name is not given. A report's relative path is
// taken from the package's directory, where go test runs its tests; the kata's name goes
// before its extension, so that RunMastermind and RunTicTacToe in one run write two reports.
func RunMastermind(t *testing.T, newGame NewMastermindGame) {
	t.Helper()
	run(t, "mastermind", func(sc *godog.ScenarioContext) { InitializeMastermind(sc, newGame) })
}

// RunTicTacToe runs the tic-tac-toe kata (tictactoe.feature) against classify, as
// RunMastermind runs Mastermind.
func RunTicTacToe(t *testing.T, classify Classifier) {
	t.Helper()
	run(t, "tictactoe", func(sc *godog.ScenarioContext) { InitializeTicTacToe(sc, classify) })
}

// The kit's flags, "-kata.tags" and so on, defined on the command line when the package
// loads so that go test accepts them; their values stay in the flag package and are read
// when a run starts. The prefix is the kit's own, so that nothing here collides with godog's
// flags when a test binds them itself.
const flagPrefix = "kata."

// logFlag asks the kit to add each run's light to the log of the package's folder, for the
// kata command's kata log; so does KATA_LOG=1 in the environment.
const logFlag = flagPrefix + "log"

func init() {
	engine.Flags(flag.CommandLine, flagPrefix, false)
	flag.Bool(logFlag, false, "add each run's light (green, red or amber) to .kata/log in the package's folder, for kata log")
}

// logAsked reports whether the command line or the environment asks for the log.
func logAsked() bool {
	if f := flag.Lookup(logFlag); f != nil && f.Value.String() == "true" {
		return true
	}
	return os.Getenv("KATA_LOG") == "1"
}

// run runs the kata called name with the steps init registers. Under go test -v, or a -run
// pattern that names scenarios, each scenario is a subtest of t that fails with its failure;
// otherwise the scenarios run within t, which fails with one screen that leads with the next
// scenario to work on.
func run(t *testing.T, name string, init func(*godog.ScenarioContext)) {
	t.Helper()
	opts, err := options(flag.CommandLine)
	if err != nil {
		t.Fatalf("features: %v", err)
	}
	opts.Verbose = testing.Verbose() || namesSubtests(t.Name())
	each := func(_ engine.Scenario, do func(engine.Output)) { do(testOutput{t, false}) }
	if opts.Verbose {
		each = func(s engine.Scenario, do func(engine.Output)) {
			t.Run(s.Path(), func(t *testing.T) { do(testOutput{t, true}) })
		}
	}
	outcome, err := engine.Run(kata(name), files, opts, engine.Frontend{
		Flag: "-" + flagPrefix,
		Each: each,
		Play: func(s engine.Scenario) engine.Result { return engine.Play(s, init, nil) },
		Log:  func(line string) { t.Log("\n" + line) },
		Rerun: func(s engine.Scenario) string {
			return fmt.Sprintf("go test -run '%s'", runPattern(t.Name(), s))
		},
		FeaturePath: featurePaths(),
	})
	if err == nil && logAsked() {
		if lerr := engine.AppendLog(".", outcome.Entry(name, time.Now())); lerr != nil {
			t.Errorf("features: %v", lerr)
		}
	}
	switch {
	case errors.Is(err, engine.ErrNoScenario):
		// As go test -run with a pattern no test matches: the other kata may have the tags.
		t.Skipf("features: %v", err)
	case err != nil:
		t.Errorf("features: %v", err)
	case outcome.Failed():
		t.Fail()
	}
}

// featurePaths returns where a report says a feature file is: its path in the module that
// runs the tests (this one's features/mastermind.feature, or a copy kata features wrote into a
// practitioner's module), so that a CI system can link to it; its bare name when the module
// holds no copy. It finds the module once.
func featurePaths() func(file string) string {
	bare := func(file string) string { return file }
	wd, err := os.Getwd()
	if err != nil {
		return bare
	}
	root := wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return bare
		}
		root = parent
	}
	var dirs []string
	if _, src, _, ok := runtime.Caller(0); ok {
		dirs = append(dirs, filepath.Dir(src)) // this package's own, in this module
	}
	dirs = append(dirs, wd, root, filepath.Join(root, "features"))
	return func(file string) string {
		for _, d := range dirs {
			c := filepath.Join(d, file)
			rel, err := filepath.Rel(root, c)
			if err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			if _, err := os.Stat(c); err == nil {
				return filepath.ToSlash(rel)
			}
		}
		return file
	}
}

// namesSubtests reports whether go test's -run pattern names tests below the test called
// parent: the scenarios.
func namesSubtests(parent string) bool {
	f := flag.Lookup("test.run")
	if f == nil {
		return false
	}
	depth, elements := 0, 1
	for _, r := range f.Value.String() {
		switch r {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case '/':
			if depth == 0 {
				elements++
			}
		}
	}
	return elements > strings.Count(parent, "/")+1
}

// kata is the kata called name.
func kata(name string) engine.Kata {
	for _, k := range engine.Katas() {
		if k.Name == name {
			return k
		}
	}
	panic("features: no kata " + name) // only this package names katas
}

// testOutput shows a scenario in its own subtest, or within the test that runs the kata.
type testOutput struct {
	t       *testing.T
	subtest bool
}

func (o testOutput) Fail(text string) {
	o.t.Helper()
	if text != "" {
		o.t.Error("\n" + text)
	}
}

func (o testOutput) Pass(text string) { o.t.Helper(); o.t.Log("\n" + text) }

// Skip skips a scenario's subtest; within the kata's test a scenario not run is only counted.
func (o testOutput) Skip(reason string) {
	o.t.Helper()
	if o.subtest {
		o.t.Skip(reason)
	}
}

// godogOptions are godog's flags the kit reads, when a test binds them, by the option each
// sets.
var godogOptions = map[string]string{
	"format": engine.OptFormat, "f": engine.OptFormat,
	"tags": engine.OptTags, "t": engine.OptTags,
	"random": engine.OptRandom, "stop-on-failure": engine.OptStopOnFailure,
}

// options reads the kit's flags from fs, and godog's where a test binds them and sets one the
// kit's flags leave unset.
func options(fs *flag.FlagSet) (engine.Options, error) {
	o, err := engine.FromFlags(fs, flagPrefix)
	if err != nil {
		return o, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var errs []error
	fs.Visit(func(f *flag.Flag) {
		name, ok := strings.CutPrefix(f.Name, "godog.")
		opt := godogOptions[name]
		if !ok || opt == "" || set[flagPrefix+opt] {
			return
		}
		v := f.Value.String()
		if opt == engine.OptRandom && v == "0" {
			v = "false" // godog's flag says 0 for -godog.random=false
		}
		if err := o.Set(opt, v); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", f.Name, err))
		}
	})
	return o, errors.Join(errs...)
}

// runPattern is a go test -run pattern that selects s alone under the test named parent.
func runPattern(parent string, s engine.Scenario) string {
	parts := strings.Split(parent+"/"+s.Path(), "/")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(strings.ReplaceAll(p, " ", "_"))
	}
	return "^" + strings.Join(parts, "/") + "$"
}

// crash is a step's failure by a panic in the implementation.
func crash(about string, p *panicked) error {
	return &engine.StepError{About: about, Cause: p.Error(), Crash: true}
}

// fail is a step's failure: what the step played (the game, the board) and what went wrong,
// kept apart so that a run can group the failures of one cause.
func fail(about, format string, args ...any) error {
	return &engine.StepError{About: about, Cause: fmt.Sprintf(format, args...)}
}
