package solver_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// TestOptimalPastTheScoreTable: games of more codes than the optimal search keeps a score
// table for, up to the solver's limit, play to the end without a panic: the search scores as
// it goes. The first guesses, which no search of such a game could find in time, are the
// first code still possible; the optimal strategies take over once 150 remain (20, for two colours, whose search takes far more steps): on 1a998d6 the search of 4×10 panicked there, in the rating of a set with no score table.
func TestOptimalPastTheScoreTable(t *testing.T) {
	t.Parallel()
	for _, r := range []mastermind.Rules{
		{Colors: 10, Width: 4, MaxTurns: 20}, // 10,000 codes
		{Colors: 8, Width: 5, MaxTurns: 20},  // 32,768
		{Colors: 4, Width: 7, MaxTurns: 20},  // 16,384
		{Colors: 2, Width: 15, MaxTurns: 30}, // 32,768
		{Colors: 9, Width: 4, MaxTurns: 20},  // 6,561: within the table, for comparison
	} {
		for _, strategy := range []solver.Strategy{solver.Optimal, solver.OptimalWithin(r.MaxTurns)} {
			t.Run(fmt.Sprintf("%d×%d %v", r.Width, r.Colors, strategy), func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(uint64(r.Colors), uint64(r.Width)))
				secret := make(mastermind.Code, r.Width)
				for i := range secret {
					secret[i] = mastermind.Color(1 + rng.IntN(r.Colors))
				}
				handoff := 150
				if r.Colors == 2 { // 16 feedbacks: large groups, and a search of many more steps
					handoff = 20
				}
				s, err := solver.New(r, strategy)
				require.NoError(t, err)
				for turn := 1; turn <= r.MaxTurns; turn++ {
					var guess mastermind.Code
					if s.Remaining() > handoff {
						guess = s.Candidates(1)[0]
					} else {
						guess, err = s.Next()
						require.NoError(t, err, "turn %d, %d secrets left", turn, s.Remaining())
					}
					fb, err := mastermind.Score(secret, guess)
					require.NoError(t, err)
					if fb.Black == r.Width {
						return
					}
					require.NoError(t, s.Record(guess, fb))
				}
				t.Fatalf("the secret %v was not broken in %d turns", secret, r.MaxTurns)
			})
		}
	}
}
