package solver

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/mastermind"
)

// TestNextAnswersWithinItsBudget: a game of fewer secrets than MaxSearch whose optimal search
// runs for minutes — 10 pegs of 2 colours, a deep tree — gets an answer from Next within its
// budget (here a short one, as Next's NextBudget is long): ErrBeyondSearch, saying what to do,
// and the solver as it was, so that a heuristic strategy can go on from it.
func TestNextAnswersWithinItsBudget(t *testing.T) {
	t.Parallel()
	s, err := New(mastermind.Rules{Colors: 2, Width: 10, MaxTurns: 20}, Optimal)
	require.NoError(t, err)
	require.LessOrEqual(t, s.Remaining(), MaxSearch, "a game Next does not refuse at once")
	start := time.Now()
	guess, err := s.nextWithin(200 * time.Millisecond)
	took := time.Since(start)
	require.Error(t, err)
	assert.Nil(t, guess)
	assert.True(t, errors.Is(err, ErrBeyondSearch), "%v", err)
	assert.ErrorContains(t, err, "the 200ms budget of Next ran out")
	assert.ErrorContains(t, err, "give NextContext a longer deadline, or play a heuristic strategy (Knuth)")
	assert.Less(t, took, 5*time.Second, "it stops when its budget runs out")
	assert.Equal(t, 1024, s.Remaining(), "the solver is as it was")
}
