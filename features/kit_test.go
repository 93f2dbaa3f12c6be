package features_test

import (
	"bytes"
	"encoding/json"
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

// report is the part of godog's Cucumber JSON report these tests read.
type report []struct {
	Name     string `json:"name"`
	Elements []struct {
		Name  string `json:"name"`
		Steps []struct {
			Name   string `json:"name"`
			Result struct {
				Status string `json:"status"`
			} `json:"result"`
		} `json:"steps"`
	} `json:"elements"`
}

// scenarioResult is one scenario or outline row: its name, its steps' text, and whether every
// step passed.
type scenarioResult struct {
	feature, name string
	steps         []string
	passed        bool
}

// runReport runs a suite strictly, without failing t, and returns godog's status and each
// scenario's result.
func runReport(t *testing.T, newSuite func(godog.Options) godog.TestSuite) (int, []scenarioResult) {
	t.Helper()
	var out bytes.Buffer
	status := newSuite(godog.Options{Format: "cucumber", Output: &out, Strict: true, Randomize: -1}).Run()
	var r report
	require.NoError(t, json.Unmarshal(out.Bytes(), &r), "the cucumber report:\n%s", out.String())
	var results []scenarioResult
	for _, f := range r {
		for _, e := range f.Elements {
			res := scenarioResult{feature: f.Name, name: e.Name, passed: len(e.Steps) > 0}
			for _, s := range e.Steps {
				res.steps = append(res.steps, s.Name)
				res.passed = res.passed && s.Result.Status == "passed"
			}
			results = append(results, res)
		}
	}
	return status, results
}

// seedScenarios counts the seed feature's scenarios by name, outline rows included.
func seedScenarios(results []scenarioResult) map[string]int {
	n := map[string]int{}
	for _, r := range results {
		if r.feature == "Playing mastermind" && r.passed {
			n[r.name]++
		}
	}
	return n
}

func TestSeedFeatureRunsWhole(t *testing.T) {
	status, results := runReport(t, func(o godog.Options) godog.TestSuite { return features.MastermindSuite(newGame, o) })
	assert.Equal(t, 0, status)
	assert.Equal(t, map[string]int{"Joining the game": 1, "Making a guess": 16, "Winning a game": 1, "Losing a game": 1}, seedScenarios(results),
		"every scenario and outline row of the seed feature passes")
	for _, r := range results {
		assert.True(t, r.passed, "%s: %s", r.feature, r.name)
	}
}

// countsRepeatsTwice is a deliberately wrong Mastermind: it awards a white peg to every
// misplaced guess peg whose colour is anywhere in the secret, so a repeated colour scores
// more than once. Everything else about it is right.
type countsRepeatsTwice struct {
	colors, width, turnsLeft int
	secret                   []int
	guesses                  int
	over                     bool
}

func (w *countsRepeatsTwice) New(numColors, width, maxTurns int, secret []int) error {
	if numColors < 1 || width < 1 || maxTurns < 1 || len(secret) != width {
		return assert.AnError
	}
	w.colors, w.width, w.turnsLeft, w.secret = numColors, width, maxTurns, secret
	return nil
}

func (w *countsRepeatsTwice) Score(guess []int) (string, features.Score, error) {
	if w.over || len(guess) != w.width || slices.ContainsFunc(guess, func(c int) bool { return c < 1 || c > w.colors }) {
		return "", features.Score{}, assert.AnError
	}
	var s features.Score
	for i, c := range guess {
		switch {
		case w.secret[i] == c:
			s.Black++
		case slices.Contains(w.secret, c):
			s.White++
		}
	}
	w.guesses++
	w.turnsLeft--
	switch {
	case s.Black == w.width:
		w.over = true
		return "won", s, nil
	case w.turnsLeft == 0:
		w.over = true
		return "lost", s, nil
	}
	return "continue", s, nil
}

func (w *countsRepeatsTwice) TurnsLeft() int { return w.turnsLeft }
func (w *countsRepeatsTwice) Guesses() int   { return w.guesses }

func TestWrongImplementationFailsTheSuite(t *testing.T) {
	wrong := func() features.Mastermind { return &countsRepeatsTwice{} }
	status, results := runReport(t, func(o godog.Options) godog.TestSuite { return features.MastermindSuite(wrong, o) })
	assert.NotEqual(t, 0, status, "the suite passed an implementation that counts repeated colours twice")
	var failed []string
	for _, r := range results {
		if r.feature == "Playing mastermind" && !r.passed {
			failed = append(failed, strings.Join(r.steps, " / "))
		}
	}
	require.Len(t, failed, 2, "the seed rows that catch the duplicate rule")
	slices.Sort(failed)
	assert.Contains(t, failed[0], `"Red Blue Blue Yellow" code pattern`)
	assert.Contains(t, failed[0], `"Purple Purple Red Red"`)
	assert.Contains(t, failed[1], `"Red Green Blue Yellow" code pattern`)
	assert.Contains(t, failed[1], `"Red Red Red Purple"`)
	// The rest of the wrong implementation is right, and the seed's other scenarios say so.
	assert.Equal(t, map[string]int{"Joining the game": 1, "Making a guess": 14, "Winning a game": 1, "Losing a game": 1}, seedScenarios(results))
}

// ignoresTurnOrder is a deliberately wrong classifier: it never checks whose turn it was.
type ignoresTurnOrder struct{}

func (ignoresTurnOrder) Classify(rows []string) (string, error) {
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

func TestWrongClassifierFailsTheSuite(t *testing.T) {
	wrong := func() features.TicTacToe { return ignoresTurnOrder{} }
	status, results := runReport(t, func(o godog.Options) godog.TestSuite { return features.TicTacToeSuite(wrong, o) })
	assert.NotEqual(t, 0, status)
	failed := map[string]int{}
	for _, r := range results {
		if !r.passed {
			failed[r.name]++
		}
	}
	assert.Equal(t, map[string]int{
		"Wrong turn order: O started":    1,
		"Wrong turn order: X went twice": 1,
		"Play continued after a win":     1,
		"Boards that play cannot reach":  7,
	}, failed)
}

func TestTicTacToeFeatureRunsWhole(t *testing.T) {
	status, results := runReport(t, func(o godog.Options) godog.TestSuite { return features.TicTacToeSuite(newClassifier, o) })
	assert.Equal(t, 0, status)
	assert.Len(t, results, 6+9+7+4, "six scenarios and three outlines of 9, 7 and 4 rows")
	for _, r := range results {
		assert.True(t, r.passed, r.name)
	}
}

func TestStrictSuiteFailsOnAnUndefinedStep(t *testing.T) {
	suite := godog.TestSuite{
		ScenarioInitializer: func(sc *godog.ScenarioContext) { features.InitializeMastermind(sc, newGame) },
		Options: &godog.Options{Format: "progress", Output: io.Discard, Strict: true, FeatureContents: []godog.Feature{{
			Name:     "undefined.feature",
			Contents: []byte("Feature: x\n  Scenario: y\n    Given a decoding board of 12 attempts\n    When I do something no step defines\n"),
		}}},
	}
	assert.NotEqual(t, 0, suite.Run(), "an undefined step must fail a strict suite")
}
