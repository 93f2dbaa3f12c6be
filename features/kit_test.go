package features_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/tictactoe"
)

// lies are the ways a plainGame can break the adapter's contract, one promise each.
type lies struct {
	badRules         bool // New takes 0 colours, pegs or turns
	wrongWidthSecret bool // New takes a secret of the wrong width
	badSecretColour  bool // New takes a secret colour outside 1 to numColors
	repeatsTwice     bool // a repeated guess colour scores as often as it is guessed
	neverLost        bool // the last wrong guess grades "continue"
	wrongWidthGuess  bool // Score takes a guess of the wrong width
	badGuessColour   bool // Score takes a guess colour outside 1 to numColors
	playsAfterEnd    bool // Score goes on once the game is won or lost
	refusalCosts     bool // a refused guess uses a turn
	turnsStuck       bool // TurnsLeft never counts down
	guessesZero      bool // Guesses is always 0
}

// plainGame is a Mastermind written for these tests apart from the mastermind package, right
// but for its lies.
type plainGame struct {
	lies
	colors, width, turnsLeft int
	secret                   []int
	guesses                  int
	over                     bool
}

var errPlain = errors.New("refused")

func newPlain(l lies) features.NewMastermindGame {
	return func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
		if !l.badRules && (colors < 1 || width < 1 || turns < 1) {
			return nil, errPlain
		}
		if !l.wrongWidthSecret && len(secret) != width {
			return nil, errPlain
		}
		if !l.badSecretColour && slices.ContainsFunc(secret, func(c int) bool { return c < 1 || c > colors }) {
			return nil, errPlain
		}
		return &plainGame{lies: l, colors: colors, width: width, turnsLeft: turns, secret: secret}, nil
	}
}

func (g *plainGame) Score(guess []int) (string, int, int, error) {
	switch {
	case g.over && !g.playsAfterEnd,
		len(guess) != g.width && !g.wrongWidthGuess,
		slices.ContainsFunc(guess, func(c int) bool { return c < 1 || c > g.colors }) && !g.badGuessColour:
		if g.refusalCosts {
			g.turnsLeft--
		}
		return "", 0, 0, errPlain
	}
	black, white := 0, 0
	left := map[int]int{}
	for i, c := range g.secret {
		if i < len(guess) && guess[i] == c {
			black++
		} else {
			left[c]++
		}
	}
	for i, c := range guess {
		if i < len(g.secret) && g.secret[i] == c {
			continue
		}
		if left[c] > 0 || (g.repeatsTwice && slices.Contains(g.secret, c)) {
			white++
			left[c]--
		}
	}
	g.guesses++
	if !g.turnsStuck {
		g.turnsLeft--
	}
	switch {
	case black == g.width:
		g.over = true
		return "won", black, white, nil
	case g.turnsLeft <= 0 || (g.turnsStuck && g.guesses >= 12):
		g.over = true
		if g.neverLost {
			return "continue", black, white, nil
		}
		return "lost", black, white, nil
	}
	return "continue", black, white, nil
}

func (g *plainGame) TurnsLeft() int {
	if g.over {
		return 0
	}
	return g.turnsLeft
}

func (g *plainGame) Guesses() int {
	if g.guessesZero {
		return 0
	}
	return g.guesses
}

// failing runs the kata's scenarios whose names are in names, or all of them when names is
// empty, and returns the Path of each that failed.
func failing(t *testing.T, k features.Kata, names ...string) []string {
	t.Helper()
	var failed []string
	ran := 0
	for _, s := range k.Scenarios() {
		if len(names) > 0 && !slices.Contains(names, s.Name) {
			continue
		}
		ran++
		if r := k.Run(s); !r.Passed() {
			failed = append(failed, s.Path())
		}
	}
	require.NotZero(t, ran, "no scenario is named %q", names)
	return failed
}

func TestAPlainGameWithoutLiesPassesEverything(t *testing.T) {
	assert.Empty(t, failing(t, features.Mastermind(newPlain(lies{}))))
}

// TestEveryPromiseIsHeld: for each promise of the adapter's contract, a game that breaks that
// promise alone fails the scenarios that check it.
func TestEveryPromiseIsHeld(t *testing.T) {
	tests := []struct {
		lie       string
		lies      lies
		scenarios []string // each must fail at least once
	}{
		{"New takes rules below 1", lies{badRules: true}, []string{"A game needs at least one colour, one peg and one turn"}},
		{"New takes a secret of the wrong width", lies{wrongWidthSecret: true}, []string{"The secret must have exactly width pegs"}},
		{"New takes a secret colour out of range", lies{badSecretColour: true}, []string{"The secret must fit the game"}},
		{"repeated colours score twice", lies{repeatsTwice: true}, []string{"Making a guess"}},
		{"the last wrong guess does not lose", lies{neverLost: true}, []string{"Losing a game", "A wrong guess with no turns left loses", "Taking more than max turns is not possible"}},
		{"Score takes a guess of the wrong width", lies{wrongWidthGuess: true}, []string{"A guess must have exactly width pegs"}},
		{"Score takes a colour out of range", lies{badGuessColour: true}, []string{"Colours outside 1 to num_colors are refused"}},
		{"Score plays on after the end", lies{playsAfterEnd: true}, []string{"Winning a game", "Losing a game", "No guess after a win", "Taking more than max turns is not possible"}},
		{"a refused guess uses a turn", lies{refusalCosts: true}, []string{"Colours outside 1 to num_colors are refused", "A guess must have exactly width pegs"}},
		{"turns never count down", lies{turnsStuck: true}, []string{"Each scored guess uses a turn", "Scoring the worked example"}},
		{"Guesses is always 0", lies{guessesZero: true}, []string{"Each played guess goes on the board, a refused one does not"}},
	}
	for _, tt := range tests {
		t.Run(tt.lie, func(t *testing.T) {
			k := features.Mastermind(newPlain(tt.lies))
			for _, name := range tt.scenarios {
				assert.NotEmpty(t, failing(t, k, name), "%q passed a game where %s", name, tt.lie)
			}
			// Otherwise the game is right: a scenario about something else still passes.
			assert.Empty(t, failing(t, k, "Joining the game"))
		})
	}
}

// TestADuplicateBugFailsExactlyTheSeedRowsThatCatchIt: of the seed's sixteen rows, the two
// with a repeated guess colour the secret holds once catch a scorer that counts it twice.
func TestADuplicateBugFailsExactlyTheSeedRowsThatCatchIt(t *testing.T) {
	k := features.Mastermind(newPlain(lies{repeatsTwice: true}))
	assert.Equal(t, []string{"Playing mastermind/Making a guess/row 9", "Playing mastermind/Making a guess/row 16"}, failing(t, k, "Making a guess"))
	r := k.Run(scenario(t, k, "Playing mastermind/Making a guess/row 16"))
	msg := features.Failure(r)
	for _, want := range []string{
		"Making a guess, row 16 (mastermind.feature:38): | Red Blue Blue Yellow | Purple Purple Red Red | W |",
		`failed: Then the code maker should give me "W" feedback on my guess (mastermind.feature:17)`,
		`new(6, 4, 12) with secret "Red Blue Blue Yellow", guess "Purple Purple Red Red": feedback "W W" (0 black, 2 white), want "W"`,
	} {
		assert.Contains(t, msg, want)
	}
}

// scenario finds a scenario by its path.
func scenario(t *testing.T, k features.Kata, path string) features.Scenario {
	t.Helper()
	for _, s := range k.Scenarios() {
		if s.Path() == path {
			return s
		}
	}
	t.Fatalf("no scenario %q", path)
	return features.Scenario{}
}

// ignoresTurnOrder is a deliberately wrong classifier: it never checks whose turn it was.
func ignoresTurnOrder(rows []string) (string, error) {
	b, err := tictactoe.ParseBoard(rows)
	if err != nil {
		return "", err
	}
	switch {
	case b.Winner() != tictactoe.Empty:
		return "win", nil
	case !strings.Contains(strings.Join(rows, ""), " "):
		return "draw", nil
	}
	return "ongoing", nil
}

func TestAClassifierIgnoringTurnOrderFailsTheTurnOrderScenarios(t *testing.T) {
	failed := failing(t, features.TicTacToe(ignoresTurnOrder))
	var names []string
	for _, f := range failed {
		names = append(names, strings.Split(f, "/")[1])
	}
	names = slices.Compact(names)
	assert.Equal(t, []string{"Wrong turn order: O started", "Wrong turn order: X went twice", "Play continued after a win", "Boards that play cannot reach"}, names)
}

// TestAnUndefinedStepFails: the kit is strict; a step no definition matches fails its
// scenario rather than passing it as pending.
func TestAnUndefinedStepFails(t *testing.T) {
	k := features.Mastermind(newPlain(lies{}))
	s := scenario(t, k, "Configurable mastermind/Black pegs take precedence over white ones")
	r := features.RunSource(k, s, "Feature: Configurable mastermind\n  Scenario: Black pegs take precedence over white ones\n    Given a game of 6 colours, 4 pegs and 10 turns\n    When I do something no step defines\n")
	assert.False(t, r.Passed())
	f, ok := r.Failure()
	require.True(t, ok)
	assert.Equal(t, "undefined", f.Status)
	assert.Equal(t, "no step definition matches this step", f.Err)
}

// TestScenariosMatchGodog: the kit runs each scenario and outline row on its own, from its
// feature file with the rest blanked out. Run one by one, they must be exactly what godog
// runs from the whole file: the same scenarios, in the same order, with the same steps.
func TestScenariosMatchGodog(t *testing.T) {
	record := func(contents []byte) []string {
		var got []string
		suite := godog.TestSuite{
			ScenarioInitializer: func(sc *godog.ScenarioContext) {
				sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
					got = append(got, "Scenario: "+p.Name)
					for _, st := range p.Steps {
						got = append(got, "  "+st.Text)
					}
					return ctx, nil
				})
			},
			Options: &godog.Options{Format: "progress", Output: io.Discard, FeatureContents: []godog.Feature{{Name: "f.feature", Contents: contents}}},
		}
		suite.Run()
		return got
	}
	for _, k := range []features.Kata{features.Mastermind(newPlain(lies{})), features.TicTacToe(ignoresTurnOrder)} {
		byFile := map[string][]string{}
		for _, s := range k.Scenarios() {
			byFile[s.File] = append(byFile[s.File], record([]byte(features.Source(s)))...)
		}
		require.NotEmpty(t, byFile)
		for file, oneByOne := range byFile {
			whole, err := io.ReadAll(must(features.Files().Open(file)))
			require.NoError(t, err)
			assert.Equal(t, record(whole), oneByOne, file)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestScenarioCounts(t *testing.T) {
	count := func(k features.Kata) map[string]int {
		n := map[string]int{}
		for _, s := range k.Scenarios() {
			n[s.Feature]++
		}
		return n
	}
	assert.Equal(t, map[string]int{"Playing mastermind": 19, "Configurable mastermind": 27}, count(features.Mastermind(newPlain(lies{}))))
	assert.Equal(t, map[string]int{"State of tic-tac-toe": 26}, count(features.TicTacToe(ignoresTurnOrder)))
}

func TestSelect(t *testing.T) {
	k := features.Mastermind(newPlain(lies{}))
	all, seed, err := k.Select(features.Options{})
	require.NoError(t, err)
	assert.Zero(t, seed, "the files' order by default")
	assert.Equal(t, k.Scenarios(), all)

	a, seed, err := k.Select(features.Options{Random: 7})
	require.NoError(t, err)
	assert.Equal(t, int64(7), seed)
	b, _, _ := k.Select(features.Options{Random: 7})
	assert.Equal(t, a, b, "a seed replays its order")
	assert.NotEqual(t, all, a, "a random order")
	assert.ElementsMatch(t, all, a)

	_, seed, _ = k.Select(features.Options{Random: -1})
	assert.NotZero(t, seed, "a new seed is chosen, to be printed")

	one, _, err := k.Select(features.Options{Run: "Making_a_guess/row_15$"})
	require.NoError(t, err)
	require.Len(t, one, 1)
	assert.Equal(t, "Playing mastermind/Making a guess/row 15", one[0].Path())
	same, _, _ := k.Select(features.Options{Run: "Making a guess/row 15$"})
	assert.Equal(t, one, same, "spaces as spaces or underscores")

	for _, bad := range []features.Options{{Format: "html"}, {Format: "junit"}, {Tags: "wip"}, {Run: "("}} {
		_, _, err := k.Select(bad)
		assert.Error(t, err, "%+v", bad)
	}
}

func TestSummary(t *testing.T) {
	k := features.Mastermind(newPlain(lies{repeatsTwice: true}))
	var results []features.Result
	for _, s := range k.Scenarios() {
		if s.Name == "Making a guess" {
			results = append(results, k.Run(s))
		}
	}
	got := features.Summary("mastermind", results, false, func(s features.Scenario) string { return "rerun " + s.Path() })
	assert.Equal(t, `mastermind: 14 of 16 scenarios passed, 2 failed:
  Making a guess, row 9 (mastermind.feature:31): Then the code maker should give me "B" feedback on my guess
  Making a guess, row 16 (mastermind.feature:38): Then the code maker should give me "W" feedback on my guess
To run one again: rerun Playing mastermind/Making a guess/row 9`, got)
	assert.Equal(t, "mastermind: all 2 scenarios passed\nStopped at the first failure; the scenarios after it did not run.",
		features.Summary("mastermind", results[:2], true, nil))
}

func TestReports(t *testing.T) {
	k := features.Mastermind(newPlain(lies{repeatsTwice: true}))
	var results []features.Result
	for _, s := range k.Scenarios()[:10] {
		results = append(results, k.Run(s))
	}
	var junit bytes.Buffer
	require.NoError(t, features.WriteJUnit(&junit, "mastermind", results))
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	require.NoError(t, xml.Unmarshal(junit.Bytes(), &suites), junit.String())
	assert.Equal(t, 10, suites.Tests)
	assert.Equal(t, 1, suites.Failures, "row 9 of the seed's outline")
	require.Len(t, suites.Suites, 1)
	assert.Equal(t, "Making a guess/row 9", suites.Suites[0].Cases[9].Name)
	assert.Contains(t, suites.Suites[0].Cases[9].Failure.Message, `want "B"`)

	var cucumber bytes.Buffer
	require.NoError(t, features.WriteCucumber(&cucumber, results))
	var feats []struct {
		URI      string `json:"uri"`
		Elements []struct {
			Name  string `json:"name"`
			Steps []struct {
				Keyword string `json:"keyword"`
				Name    string `json:"name"`
				Result  struct {
					Status string `json:"status"`
				} `json:"result"`
			} `json:"steps"`
		} `json:"elements"`
	}
	require.NoError(t, json.Unmarshal(cucumber.Bytes(), &feats), cucumber.String())
	require.Len(t, feats, 1)
	assert.Equal(t, "mastermind.feature", feats[0].URI)
	require.Len(t, feats[0].Elements, 10)
	last := feats[0].Elements[9].Steps[3]
	assert.Equal(t, "Then ", last.Keyword)
	assert.Equal(t, `the code maker should give me "B" feedback on my guess`, last.Name)
	assert.Equal(t, "failed", last.Result.Status)
}

// TestWithCheckFailsAStepThatPassed: a check's error fails the step it follows, even a step
// that passed, and the steps after it are skipped.
func TestWithCheckFailsAStepThatPassed(t *testing.T) {
	steps := 0
	k := features.Mastermind(newPlain(lies{})).WithCheck(func() error {
		if steps++; steps == 2 {
			return errors.New("the program crashed")
		}
		return nil
	})
	r := k.Run(scenario(t, k, "Playing mastermind/Joining the game"))
	require.False(t, r.Passed())
	f, _ := r.Failure()
	assert.Equal(t, "failed", f.Status)
	assert.Equal(t, "the program crashed", f.Err)
	assert.Equal(t, "And the code maker has placed a secret on the board", f.Step)
	assert.Equal(t, "skipped", r.Steps[2].Status)
}

// TestNotImplementedFailsEveryScenario: an implementation that says "not implemented" to every
// operation, as a kata's starting point does, fails every scenario of both katas; it is never
// taken for refusing something.
func TestNotImplementedFailsEveryScenario(t *testing.T) {
	notYet := func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
		return nil, errors.New("not implemented")
	}
	m := features.Mastermind(notYet)
	assert.Len(t, failing(t, m), len(m.Scenarios()))
	tt := features.TicTacToe(func([]string) (string, error) { return "", features.ErrNotImplemented })
	assert.Len(t, failing(t, tt), len(tt.Scenarios()))
	r := m.Run(scenario(t, m, "Configurable mastermind/A game needs at least one colour, one peg and one turn/row 1"))
	f, _ := r.Failure()
	assert.Equal(t, "new(0, 4, 10) with secret Red Red Red Red: new is not implemented yet, so nothing was refused", f.Err)
}
