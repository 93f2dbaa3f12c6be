package solver

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
)

// Strategy is how the solver picks a guess: by the sizes of the groups the guess splits the
// remaining secrets into, one group for each feedback it could get.
type Strategy uint8

const (
	// Knuth minimises the largest group (Knuth 1977, "worst case").
	Knuth Strategy = iota + 1
	// MostParts maximises the number of groups (Kooi 2005).
	MostParts
	// Entropy maximises the entropy of the group sizes (Neuwirth 1982).
	Entropy
	// ExpectedSize minimises the expected size of the group the secret falls in, that is the
	// sum of the squares of the group sizes (Irving 1978).
	ExpectedSize
	// Optimal plays the tree with the fewest guesses summed over all secrets: for the classic
	// game 5625, 4.340 a game (Koyama and Lai 1993). Among trees of equal total it prefers
	// the smaller worst case, then the other strategies' ties: a possible secret, then the
	// lowest code. It searches the tree, which takes well under a second for the classic game
	// and grows quickly with the game; see OptimalWithin for a cap on the worst case.
	Optimal
)

// within marks a Strategy that is Optimal with a cap on the worst case: within | cap.
const within Strategy = 0x80

// OptimalWithin is Optimal among the trees that never take more than maxGuesses guesses:
// for the classic game OptimalWithin(5) totals 5626, where Optimal's 5625 needs 6 at worst.
// maxGuesses must be from 1 to 127; Evaluate and New refuse others as ErrUnknownStrategy, and
// a cap no tree can meet as ErrNoTree.
func OptimalWithin(maxGuesses int) Strategy {
	if maxGuesses < 1 || maxGuesses > 127 {
		return within // invalid: a cap of 0
	}
	return within | Strategy(maxGuesses)
}

// MaxGuesses returns the cap on the worst case of an OptimalWithin strategy, and 0 for
// every other strategy.
func (s Strategy) MaxGuesses() int {
	if s&within == 0 {
		return 0
	}
	return int(s &^ within)
}

// optimal reports whether s is Optimal or an OptimalWithin.
func (s Strategy) optimal() bool { return s == Optimal || s.MaxGuesses() > 0 }

// Strategies lists the four heuristic strategies, which rate a guess by how it splits the
// secrets left, in the order of their constants. Optimal, which searches the whole tree, is
// not among them.
func Strategies() []Strategy { return []Strategy{Knuth, MostParts, Entropy, ExpectedSize} }

// String returns the strategy's name: "Knuth", "MostParts", "Entropy", "ExpectedSize",
// "Optimal" or "OptimalWithin(5)".
func (s Strategy) String() string {
	if n := s.MaxGuesses(); n > 0 {
		return fmt.Sprintf("OptimalWithin(%d)", n)
	}
	switch s {
	case Knuth:
		return "Knuth"
	case MostParts:
		return "MostParts"
	case Entropy:
		return "Entropy"
	case ExpectedSize:
		return "ExpectedSize"
	case Optimal:
		return "Optimal"
	}
	return fmt.Sprintf("Strategy(%d)", uint8(s))
}

// ParseStrategy returns the strategy String names, in any case: "knuth", "Optimal",
// "OptimalWithin(5)".
func ParseStrategy(name string) (Strategy, error) {
	for _, s := range append(Strategies(), Optimal) {
		if strings.EqualFold(name, s.String()) {
			return s, nil
		}
	}
	if rest, ok := strings.CutPrefix(strings.ToLower(name), "optimalwithin("); ok {
		if n, err := strconv.Atoi(strings.TrimSuffix(rest, ")")); err == nil && strings.HasSuffix(rest, ")") && n >= 1 && n <= 127 {
			return OptimalWithin(n), nil
		}
	}
	return 0, fmt.Errorf("solver: %w %s; want Knuth, MostParts, Entropy, ExpectedSize, Optimal or OptimalWithin(N)", ErrUnknownStrategy, brief.Quote(name))
}

func (s Strategy) valid() bool { return s >= Knuth && s <= Optimal || s.MaxGuesses() > 0 }

// compare returns -1 when cost a is better than b, +1 when worse, 0 for a tie.
func (s Strategy) compare(a, b float64) int {
	if s == Entropy {
		if math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) {
			return 0
		}
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
