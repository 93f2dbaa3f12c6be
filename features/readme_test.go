package features_test

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/scratchmod"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// recipe is the README's "Practise in Go, with the kit" section, cut into its parts, with the
// commands of docs/practising.md's section on the kit.
type recipe struct {
	get      []string // the commands that point the module at the clone
	testFile string   // the practitioner's test file
	run      []string // the commands that run it: the README's, then the page's
	failure  string   // what a failing scenario prints: the head of the screen
	screen   string   // docs/practising.md's whole screen of the same run
}

// readRecipe cuts the recipe out of the README, so that the README is what gets tested.
func readRecipe(t *testing.T) recipe {
	t.Helper()
	data, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	text := string(data)
	start := strings.Index(text, "## Practise in Go, with the kit")
	require.GreaterOrEqual(t, start, 0, "the README has no section Practise in Go, with the kit")
	section := text[start:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+1]
	}
	var r recipe
	blocks := regexp.MustCompile("(?s)```(\\w+)\n(.*?)```").FindAllStringSubmatch(section, -1)
	for _, b := range blocks {
		switch lang, body := b[1], b[2]; {
		case lang == "go":
			r.testFile = body
		case lang == "text":
			r.failure = body
		case lang == "sh" && r.testFile == "":
			r.get = commands(body)
		case lang == "sh":
			r.run = commands(body)
		}
	}
	require.NotEmpty(t, r.get, "the recipe's replace")
	require.NotEmpty(t, r.testFile, "the recipe's test file")
	require.NotEmpty(t, r.run, "the recipe's go test commands")
	require.NotEmpty(t, r.failure, "the recipe's failing scenario")
	page, err := os.ReadFile("../docs/practising.md")
	require.NoError(t, err)
	_, kit, ok := strings.Cut(string(page), "\n## In Go: the kit\n")
	require.True(t, ok, "docs/practising.md has no section on the kit")
	_, block, ok := strings.Cut(kit, "```sh\n")
	require.True(t, ok, "the page's section on the kit has no commands")
	block, _, _ = strings.Cut(block, "```")
	r.run = append(r.run, commands(block)...)
	for _, b := range regexp.MustCompile("(?s)```text\n(.*?)```").FindAllStringSubmatch(string(page), -1) {
		if strings.HasPrefix(b[1], "mastermind: 50 of 61 scenarios passed") {
			r.screen = b[1]
		}
	}
	require.NotEmpty(t, r.screen, "docs/practising.md shows no screen of the game that counts a repeated colour twice")
	return r
}

// screenOf is the kit's screen in what go test printed: the test's output, without go test's
// lines around it and the indentation it adds.
func screenOf(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	for _, line := range strings.Split(out, "\n") {
		if text, ok := strings.CutPrefix(line, "    "); ok {
			b.WriteString(text + "\n")
		} else if strings.TrimSpace(line) == "" && b.Len() > 0 {
			b.WriteString("\n")
		}
	}
	require.NotZero(t, b.Len(), "no screen in:\n%s", out)
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// commands returns the commands of a shell block, without their comments.
func commands(block string) []string {
	var out []string
	for _, line := range strings.Split(block, "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// words splits a command as the shell would, for the plain words and single quotes a README
// command uses.
func words(cmd string) []string {
	var out []string
	var w strings.Builder
	quoted, inWord := false, false
	for _, r := range cmd {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				out = append(out, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, w.String())
	}
	return out
}

// module is a practitioner's new Go module that uses this checkout as the kit.
type module struct {
	*scratchmod.Module
	t *testing.T
}

func newModule(t *testing.T) *module {
	t.Helper()
	return &module{scratchmod.New(t, t.TempDir(), "example.com/mygame"), t}
}

func (m *module) try(args ...string) (string, bool) { m.t.Helper(); return m.Try(args...) }
func (m *module) run(args ...string) string         { m.t.Helper(); return m.Go(args...) }

// game writes the practitioner's game, right or wrong.
func (m *module) game(wrong bool) {
	m.t.Helper()
	src := string(must(os.ReadFile("testdata/kit/mygame.go")))
	if wrong {
		src = strings.Replace(src, "countRepeatsTwice = false", "countRepeatsTwice = true", 1)
	}
	require.NoError(m.t, os.WriteFile(filepath.Join(m.Dir, "mygame.go"), []byte(src), 0o644))
}

// TestReadmeRecipe builds the README's recipe, as the README writes it, in a new module, and
// runs its commands against a right game and a wrong one.
func TestReadmeRecipe(t *testing.T) {
	t.Parallel() // it waits on go commands: beside the package's other tests
	if testing.Short() {
		t.Skip("-short: builds a new module and runs go test in it, which takes seconds; the plain pass runs it")
	}
	r := readRecipe(t)
	m := newModule(t)
	m.game(false)
	for _, cmd := range r.get {
		args := words(cmd)
		require.Equal(t, []string{"go", "mod", "edit"}, args[:3], "a command to point the module at the clone: %s", cmd)
		// The README's path of the clone is this checkout's here.
		for i, a := range args {
			if strings.HasPrefix(a, "github.com/deliberate-practice/katas=") {
				args[i] = "github.com/deliberate-practice/katas=" + m.Checkout
			}
		}
		m.run(args[1:]...)
	}
	require.NoError(t, os.WriteFile(filepath.Join(m.Dir, "acceptance_test.go"), []byte(r.testFile), 0o644))
	for len(r.run) > 0 && strings.HasPrefix(r.run[0], "go mod ") {
		m.run(words(r.run[0])[1:]...) // go mod tidy, as the module's first build needs
		r.run = r.run[1:]
	}

	// The first command runs as a practitioner types it, vet and all. Then every command of
	// the README passes with a right game, run through one test binary with the flags go test
	// gives it, so that the module links once; the binary runs the flags' own checks too.
	first := words(r.run[0])
	require.Equal(t, []string{"go", "test", "."}, first, "the first command runs every scenario")
	out, ok := m.try(first[1:]...)
	require.True(t, ok, "%s:\n%s", r.run[0], out)
	right := m.TestBinary()
	flagsOf := func(cmd string) []string {
		t.Helper()
		args := words(cmd)
		require.Equal(t, []string{"go", "test"}, args[:2], cmd)
		flags, err := scratchmod.TestFlags(args[2:])
		require.NoError(t, err)
		return flags
	}
	goTest := func(bin, cmd string) (string, bool) { t.Helper(); return m.TryBinary(bin, flagsOf(cmd)...) }
	var all [][]string
	for _, cmd := range r.run {
		all = append(all, flagsOf(cmd))
	}
	for i, ran := range m.TryBinaryAll(right, all...) { // at once: they are independent
		assert.True(t, ran.OK, "%s:\n%s", r.run[i], ran.Out)
	}
	bin := func(args ...string) string { t.Helper(); return m.Binary(right, args...) }
	out = bin("-test.v")
	assert.Contains(t, out, "mastermind: all 61 scenarios passed")
	out = bin("-test.v", "-kata.tags=@refusals")
	assert.Contains(t, out, "mastermind: all 13 scenarios passed")
	out = bin("-test.v", "-kata.random=7")
	assert.Contains(t, out, "mastermind: scenarios in random order, seed 7; -kata.random=7 runs them in this order again")
	// Tags that choose nothing in any kata, a typo, fail; those of the other kata skip.
	out, ok = m.TryBinary(right, "-test.v", "-kata.tags=@refusal")
	assert.False(t, ok, "a typo in the tags chooses nothing, and fails:\n%s", out)
	assert.Contains(t, out, `features: no scenario of mastermind matches the tags "@refusal", nor of any other kata: check the tags`)
	out, ok = m.TryBinary(right, "-kata.random=-1")
	assert.False(t, ok)
	assert.Contains(t, out, `"-1" is no seed`)
	bin("-kata.format=junit:report.xml")
	report := readJUnit(t, filepath.Join(m.Dir, "report-mastermind.xml"))
	assert.Equal(t, 61, report.Tests, "a relative path lands in the package's directory, the kata's name in it")
	assert.Zero(t, report.Failures)

	// A wrong game fails, and the summary names the rows and how to run one again; that
	// command runs the one row, and its summary counts only it.
	m.game(true)
	wrong := m.TestBinary()
	out, ok = goTest(wrong, r.run[0])
	require.False(t, ok, "the recipe passed a wrong game:\n%s", out)
	screen := screenOf(t, out)
	assert.True(t, strings.HasPrefix(screen, r.failure), "the README shows the head of the screen as the kit prints it:\n%s\nREADME:\n%s", screen, r.failure)
	assert.Equal(t, r.screen, screen, "docs/practising.md shows the screen as the kit prints it")
	// go test adds a line of its own, the package's FAIL, to the binary's.
	assert.LessOrEqual(t, strings.Count(out, "\n"), 39, "one screen:\n%s", out)
	assert.NotRegexp(t, `kit\.go:\d+`, out, "no line of the kit's own on the practitioner's screen")
	verbose, _ := m.TryBinary(wrong, "-test.v")
	assert.Contains(t, verbose, "--- FAIL: TestAcceptance/Playing_mastermind/Making_a_guess/row_9")
	assert.NotRegexp(t, `\b(kit|loop|run|play)\.go:\d+`, verbose, "under -v neither: no file of the kit's heads a failure")
	rerun := regexp.MustCompile(`Run it alone: (go test -run '[^']+')`).FindStringSubmatch(out)
	require.NotNil(t, rerun, out)
	assert.Equal(t, `go test -run '^TestAcceptance/Playing_mastermind/Making_a_guess/row_9$'`, rerun[1])
	out, ok = goTest(wrong, rerun[1])
	assert.False(t, ok)
	assert.Contains(t, out, "mastermind: 0 of 1 scenario passed, 1 failed:", "a pattern that names a scenario shows its failure in full")
	assert.Contains(t, out, "--- FAIL: TestAcceptance/Playing_mastermind/Making_a_guess/row_9")
	out, ok = m.TryBinary(wrong, "-kata.stop-on-failure")
	assert.False(t, ok)
	assert.Contains(t, out, "mastermind: 9 of 10 scenarios passed, 1 failed\n")
	assert.Contains(t, out, "Stopped at the first failure; 51 scenarios did not run.")
	// Asked to, the kit logs each run's light in the package's folder, for kata log.
	before, err := journal.Read(m.Dir)
	require.NoError(t, err)
	m.TryBinary(wrong, "-kata.log")
	bin("-kata.log")
	entries, err := journal.Read(m.Dir)
	require.NoError(t, err)
	require.Len(t, entries, len(before)+2)
	entries = entries[len(before):]
	assert.Equal(t, []verdict.Light{verdict.Red, verdict.Green}, []verdict.Light{entries[0].Light, entries[1].Light})
	assert.Equal(t, 50, entries[0].Passed)
	assert.Equal(t, 61, entries[1].Total)

	// Stopped on the one scenario selected, nothing else was left to run.
	out, ok = m.TryBinary(wrong, "-kata.stop-on-failure", "-test.run", "TestAcceptance/Playing_mastermind/Making_a_guess/row_9$")
	assert.False(t, ok)
	assert.NotContains(t, out, "Stopped")
}

// junitReport is what the tests read of a JUnit report.
type junitReport struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
}

func readJUnit(t *testing.T, path string) junitReport {
	t.Helper()
	var r junitReport
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, xml.Unmarshal(data, &r))
	return r
}

// bindsGodogFlags is a practitioner's test file that binds godog's flags as godog's examples
// do, and runs both katas.
const bindsGodogFlags = `package mygame_test

import (
	"flag"
	"testing"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/tictactoe"

	"example.com/mygame"
)

var opts = godog.Options{Format: "progress"}

func init() { godog.BindFlags("godog.", flag.CommandLine, &opts) }

type game struct{ *mygame.Game }

func (g game) Score(guess []int) (string, int, int, error) {
	r, err := g.Game.Score(guess)
	return r.Grade, r.Black, r.White, err
}

func TestMastermind(t *testing.T) {
	features.RunMastermind(t, func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
		g, err := mygame.New(colors, width, turns, secret)
		if err != nil {
			return nil, err
		}
		return game{g}, nil
	})
}

func TestTicTacToe(t *testing.T) {
	features.RunTicTacToe(t, func(rows []string) (string, error) {
		s, err := tictactoe.Classify(rows)
		return s.String(), err
	})
}
`

// TestGodogsOwnFlagsBesideTheKit: a test package that binds godog's flags itself, as godog's
// examples do, runs the kit without a panic; the kit reads godog's flags, and the reports of
// both katas are written, neither over the other.
func TestGodogsOwnFlagsBesideTheKit(t *testing.T) {
	t.Parallel() // it waits on go commands: beside the package's other tests
	if testing.Short() {
		t.Skip("-short: builds a new module and runs go test in it, which takes seconds; the plain pass runs it")
	}
	m := newModule(t)
	m.game(false)
	require.NoError(t, os.WriteFile(filepath.Join(m.Dir, "acceptance_test.go"), []byte(bindsGodogFlags), 0o644))
	m.run("get", "github.com/cucumber/godog@v0.16.0", "github.com/deliberate-practice/katas@v0.0.0")
	bin := m.TestBinary()
	run := func(args ...string) string { t.Helper(); return m.Binary(bin, args...) }
	out := run("-test.v")
	assert.Contains(t, out, "mastermind: all 61 scenarios passed")
	assert.Contains(t, out, "tictactoe: all 34 scenarios passed")

	out = run("-test.v", "-godog.tags=@refusals", "-godog.random=5", "-godog.format=junit:r.xml,cucumber:r.json")
	assert.Contains(t, out, "mastermind: all 13 scenarios passed")
	assert.Contains(t, out, "mastermind: scenarios in random order, seed 5; -kata.random=5 runs them in this order again")
	assert.Contains(t, out, `features: no scenario of tictactoe matches the tags "@refusals"`)
	assert.Equal(t, 13, readJUnit(t, filepath.Join(m.Dir, "r.xml")).Tests, "godog's file, where godog writes it")

	run("-godog.format=junit:r.xml")
	assert.Equal(t, 95, readJUnit(t, filepath.Join(m.Dir, "r.xml")).Tests, "both katas in the one file: 61 and 34 scenarios")
	assert.NoFileExists(t, filepath.Join(m.Dir, "r-mastermind.xml"))

	// Without a file, to standard output, as godog writes it: a report for each kata.
	out = run("-godog.format=junit")
	assert.Equal(t, 2, strings.Count(out, "<?xml version="), out)
	assert.Contains(t, out, `<testsuite name="Playing mastermind" package="mastermind"`)

	// Every godog flag the kit does not honour is refused, saying why; none is ignored.
	for flag, why := range map[string]string{
		"-godog.format=events": "does not write godog's events stream",
		"-godog.concurrency=4": "one at a time",
		"-godog.definitions":   "does not list step definitions",
		"-godog.strict=false":  "always runs strictly",
		"features/x.feature":   `the paths "features/x.feature"`,
		"-godog.format=html:x": `unknown format "html:x"`,
		"-godog.format=junit:": "names no file",
	} {
		out, ok := m.TryBinary(bin, flag)
		assert.False(t, ok, flag)
		assert.Contains(t, out, why, flag)
	}
	run("-godog.strict", "-godog.no-colors", "-godog.concurrency=1", "-godog.tags=@refusals")

	out, ok := m.TryBinary(bin, "-kata.random=0")
	assert.False(t, ok)
	assert.Contains(t, out, `"0" is no seed`)
	out, ok = m.TryBinary(bin, "-godog.random=-1")
	assert.False(t, ok)
	assert.Contains(t, out, `-godog.random: "-1" is no seed`)
	// The kit's own flag and godog's, both given, are one value or refused: neither is
	// silently dropped.
	out = run("-test.v", "-godog.tags=@board", "-kata.tags=@board", "-test.run", "TestMastermind")
	assert.Contains(t, out, "mastermind: 1 scenario, passed")
	out, ok = m.TryBinary(bin, "-godog.tags=@refusals", "-kata.tags=@board", "-test.run", "TestMastermind")
	assert.False(t, ok)
	assert.Contains(t, out, "-godog.tags=@refusals and -kata.tags=@board both given: give one")
}

// bindsGodogFlagsToday is bindsGodogFlags as godog's README writes it today: pflag's command
// line, parsed in TestMain.
var bindsGodogFlagsToday = strings.NewReplacer(
	`"flag"`, `"os"`,
	`func init() { godog.BindFlags("godog.", flag.CommandLine, &opts) }`, `func init() { godog.BindCommandLineFlags("godog.", &opts) }

func TestMain(m *testing.M) {
	pflag.Parse()
	os.Exit(m.Run())
}`,
	`"github.com/cucumber/godog"`, `"github.com/cucumber/godog"
	"github.com/spf13/pflag"`,
).Replace(bindsGodogFlags)

// TestGodogsCurrentFlagPatternBesideTheKit: a test package that binds godog's flags as godog's
// README does today, with pflag, has the kit read them, and its own given the same way.
func TestGodogsCurrentFlagPatternBesideTheKit(t *testing.T) {
	t.Parallel() // it waits on go commands: beside the package's other tests
	if testing.Short() {
		t.Skip("-short: builds a new module and runs go test in it, which takes seconds; the plain pass runs it")
	}
	m := newModule(t)
	m.game(false)
	require.NoError(t, os.WriteFile(filepath.Join(m.Dir, "acceptance_test.go"), []byte(bindsGodogFlagsToday), 0o644))
	m.run("get", "github.com/cucumber/godog@v0.16.0", "github.com/spf13/pflag@v1.0.10", "github.com/deliberate-practice/katas@v0.0.0")
	bin := m.TestBinary()
	run := func(args ...string) { t.Helper(); m.Binary(bin, args...) }
	// pflag.Parse leaves go test's own flags (-test.v, -test.run) unread, as godog's pattern
	// has it: the reports say what ran.
	run("--godog.tags=@refusals", "--godog.format=junit:r.xml")
	assert.Equal(t, 13, readJUnit(t, filepath.Join(m.Dir, "r.xml")).Tests, "godog's tags, read by the kit")
	run("--kata.tags=@board", "--kata.format=junit:k.xml")
	assert.Equal(t, 1, readJUnit(t, filepath.Join(m.Dir, "k-mastermind.xml")).Tests, "the kit's own flag, through pflag")
	out, ok := m.TryBinary(bin, "--godog.tags=@refusals", "--kata.tags=@board")
	assert.False(t, ok)
	assert.Contains(t, out, "both given: give one", "through pflag too")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
