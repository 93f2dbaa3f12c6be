package features_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/features"
)

// stepResult is one step of a run: its text, status and error message.
type stepResult struct {
	Name   string `json:"name"`
	Result struct {
		Status string `json:"status"`
		Error  string `json:"error_message"`
	} `json:"result"`
}

// runFeature runs one feature's text against newGame, strictly, and returns godog's status
// and every step of every scenario in order.
func runFeature(t *testing.T, newGame features.NewMastermindGame, text string) (int, []stepResult) {
	t.Helper()
	var out bytes.Buffer
	suite := godog.TestSuite{
		ScenarioInitializer: func(sc *godog.ScenarioContext) { features.InitializeMastermind(sc, newGame) },
		Options: &godog.Options{Format: "cucumber", Output: &out, Strict: true, FeatureContents: []godog.Feature{
			{Name: "test.feature", Contents: []byte(text)},
		}},
	}
	status := suite.Run()
	var report []struct {
		Elements []struct {
			Steps []stepResult `json:"steps"`
		} `json:"elements"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &report), out.String())
	var steps []stepResult
	for _, f := range report {
		for _, e := range f.Elements {
			steps = append(steps, e.Steps...)
		}
	}
	return status, steps
}

// firstFailure returns the first step that did not pass.
func firstFailure(steps []stepResult) stepResult {
	for _, s := range steps {
		if s.Result.Status != "passed" {
			return s
		}
	}
	return stepResult{}
}

// TestStepsRefuseRulesTheyCannotPlay: rules no secret fits fail the step that needs a secret,
// with a message, instead of dividing by zero, panicking in makeslice or running the test
// binary out of memory.
func TestStepsRefuseRulesTheyCannotPlay(t *testing.T) {
	tests := []struct{ rules, step, msg string }{
		{"0 colours, 4 pegs and 10 turns", "the code maker has placed a secret on the board",
			"cannot place a secret in a game of 0 colours and 4 pegs: the feature needs at least 1 of each"},
		{"6 colours, -3 pegs and 10 turns", "the code maker has placed a secret on the board",
			"cannot place a secret in a game of 6 colours and -3 pegs: the feature needs at least 1 of each"},
		{"6 colours, 1000000000000 pegs and 10 turns", "the code maker has placed a secret on the board",
			"cannot place a secret of 1000000000000 pegs: the suite makes codes of at most 64"},
		{"6 colours, 1000000000000 pegs and 10 turns", "I try to break the code with an invalid pattern 3 times",
			"cannot place a secret of 1000000000000 pegs: the suite makes codes of at most 64"},
		{"6 colours, 4 pegs and 10 turns", "I try to break the code with an invalid pattern 1000000000000 times",
			"the scenario asks for 1000000000000 wrong guesses, but the game has only 10 turns"},
	}
	for _, tt := range tests {
		status, steps := runFeature(t, newGame, "Feature: f\n  Scenario: s\n    Given a game of "+tt.rules+"\n    And "+tt.step+"\n")
		assert.NotEqual(t, 0, status, tt.rules)
		failed := firstFailure(steps)
		assert.Equal(t, tt.step, failed.Name, tt.rules)
		assert.Equal(t, "failed", failed.Result.Status, tt.rules)
		assert.Equal(t, tt.msg, failed.Result.Error, tt.rules)
	}
}

// TestStartingAHugeGameIsRefusedNotAllocated: "I start a game" with a width no code can have
// hands New a secret of MaxWidth+1 pegs, which a right implementation refuses, rather than
// trying to build a secret of that width.
func TestStartingAHugeGameIsRefusedNotAllocated(t *testing.T) {
	status, steps := runFeature(t, newGame, "Feature: f\n  Scenario: s\n    When I start a game of 6 colours, 1000000000000 pegs and 10 turns\n    Then the game should be refused\n")
	assert.Equal(t, 0, status, "%+v", steps)
}

// TestThenStepsNeedSomethingToCheck: a Then step about a guess, in a scenario where no guess
// was played, fails rather than comparing against a zero value.
func TestThenStepsNeedSomethingToCheck(t *testing.T) {
	for _, then := range []string{
		"the score should be 0 black and 0 white",
		`the grade should be "continue"`,
		`the code maker should give me "" feedback on my guess`,
	} {
		for _, given := range []string{"", "    Given a game of 6 colours, 4 pegs and 10 turns\n    And the challenger picked \"1 2 3 4\"\n"} {
			status, steps := runFeature(t, newGame, "Feature: f\n  Scenario: s\n"+given+"    Then "+then+"\n")
			assert.NotEqual(t, 0, status, then)
			failed := firstFailure(steps)
			assert.Equal(t, then, failed.Name)
			assert.Equal(t, "no guess was played, so there is nothing to check; a When step must make a guess first", failed.Result.Error)
		}
	}
}

// hugeScore is an adapter whose scores no game allows.
type hugeScore struct{ game }

func (h hugeScore) Score(guess []int) (string, int, int, error) {
	grade, _, _, err := h.game.Score(guess)
	return grade, 1 << 40, -1, err
}

// TestAnAdapterThatScoresNonsenseFailsCleanly: an implementation whose scores no game allows
// fails the step with a short message, rather than crashing the run writing a key peg for each.
func TestAnAdapterThatScoresNonsenseFailsCleanly(t *testing.T) {
	huge := func(colors, width, turns int, secret []int) (features.MastermindGame, error) {
		g, err := newGame(colors, width, turns, secret)
		if err != nil {
			return nil, err
		}
		return hugeScore{g.(game)}, nil
	}
	status, steps := runFeature(t, huge,
		"Feature: f\n  Scenario: s\n    Given a decoding board of 12 attempts\n    And the code maker placed the \"Red Green Blue Yellow\" code pattern on the board\n"+
			"    When I try to break the code with \"Red Red Red Red\"\n    Then the code maker should give me \"B\" feedback on my guess\n")
	assert.NotEqual(t, 0, status)
	failed := firstFailure(steps)
	assert.Equal(t, `the code maker should give me "B" feedback on my guess`, failed.Name)
	assert.Contains(t, failed.Result.Error, "invalid feedback (1099511627776 black, -1 white)")
	assert.Less(t, len(failed.Result.Error), 300)
}
