package solver_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// smallGames are every game of at most maxCodes codes, one peg and one colour included.
func smallGames(maxCodes int) []mastermind.Rules {
	var games []mastermind.Rules
	for width := 1; width <= solver.WidthLimit; width++ {
		for colors := 1; colors <= solver.ColorLimit; colors++ {
			if math.Pow(float64(colors), float64(width)) > float64(maxCodes) {
				break
			}
			games = append(games, mastermind.Rules{Colors: colors, Width: width, MaxTurns: 1})
		}
	}
	return games
}

// TestEveryStrategyPlaysEverySmallGame sweeps every strategy over every game of up to a few
// hundred codes, one peg and one colour included: Evaluate and games played through New,
// Next and Record break every secret, and agree on every game's length.
func TestEveryStrategyPlaysEverySmallGame(t *testing.T) {
	// Games through New, Next and Record search an optimal tree afresh for each secret, so
	// the optimal strategies play every secret of the smaller games that way, and Evaluate
	// every game; the race pass, under -short, sweeps the smaller games only.
	maxCodes, maxPlayedOptimal := 256, 64
	if solver.Quick() {
		maxCodes, maxPlayedOptimal = 64, 27
	}
	strategies := append(solver.Strategies(), solver.Optimal, solver.OptimalWithin(3), solver.OptimalWithin(4))
	games := smallGames(maxCodes)
	require.Greater(t, len(games), 20)
	for _, r := range games {
		for _, s := range strategies {
			name := fmt.Sprintf("%d colours, %d pegs, %v", r.Colors, r.Width, s)
			st, err := solver.Evaluate(r, s)
			if err != nil {
				assert.ErrorIs(t, err, solver.ErrNoTree, name)
				sv, err := solver.New(r, s)
				require.NoError(t, err, name)
				_, err = sv.Next()
				assert.ErrorIs(t, err, solver.ErrNoTree, "%s: Next refuses as Evaluate does", name)
				continue
			}
			codes := allCodes(r)
			require.Equal(t, len(codes), st.Games, name)
			if s.MaxGuesses() > 0 || s == solver.Optimal {
				if len(codes) > maxPlayedOptimal {
					continue
				}
			}
			played := make([]int, len(st.Histogram))
			for _, secret := range codes {
				n := playOut(t, r, s, secret, len(st.Histogram))
				if n < 0 || n >= len(played) {
					t.Fatalf("%s: secret %v took %d guesses; Evaluate's worst is %d", name, secret, n, st.Max)
				}
				played[n]++
			}
			assert.Equal(t, st.Histogram, played, "%s: Evaluate and games through New, Next and Record", name)
			if n := s.MaxGuesses(); n > 0 {
				assert.LessOrEqual(t, st.Max, n, name)
			}
		}
	}
}

// playOut breaks secret with a fresh solver and returns the number of guesses, or -1 past
// limit.
func playOut(t *testing.T, r mastermind.Rules, s solver.Strategy, secret mastermind.Code, limit int) int {
	t.Helper()
	sv, err := solver.New(r, s)
	require.NoError(t, err)
	for n := 1; n < limit+1; n++ {
		guess, err := sv.Next()
		require.NoError(t, err)
		fb, err := mastermind.Score(secret, guess)
		require.NoError(t, err)
		if fb.Black == r.Width {
			return n
		}
		require.NoError(t, sv.Record(guess, fb))
	}
	return -1
}
