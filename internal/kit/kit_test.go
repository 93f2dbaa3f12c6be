package kit_test

import (
	"testing"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/kata/testdata/tally"
	"github.com/deliberate-practice/katas/internal/kit"
)

// TestATinyKataThroughTheKit: a kata that is one package of its own (testdata/tally) runs
// through the kit as the real katas do, its scenarios as go test runs them; the log of the run
// says both ran and passed.
func TestATinyKataThroughTheKit(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("KATA_LOG", "1")
	kit.Run(t, tally.Kata(), func(sc *godog.ScenarioContext) {
		tally.Initialize(sc, func() (tally.Tally, error) { return &tally.Counter{}, nil })
	})
	entries, err := engine.ReadLog(".")
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Equal(t, engine.Entry{Time: entries[0].Time, Kata: "tally", Light: engine.Green, Passed: 2, Total: 2}, entries[0])
}
