package solver

import (
	"fmt"
	"math"
	"strings"
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
)

// Strategies lists every strategy, in the order of their constants.
func Strategies() []Strategy { return []Strategy{Knuth, MostParts, Entropy, ExpectedSize} }

// String returns the strategy's name: "Knuth", "MostParts", "Entropy" or "ExpectedSize".
func (s Strategy) String() string {
	switch s {
	case Knuth:
		return "Knuth"
	case MostParts:
		return "MostParts"
	case Entropy:
		return "Entropy"
	case ExpectedSize:
		return "ExpectedSize"
	}
	return fmt.Sprintf("Strategy(%d)", uint8(s))
}

// ParseStrategy returns the strategy String names, in any case.
func ParseStrategy(name string) (Strategy, error) {
	for _, s := range Strategies() {
		if strings.EqualFold(name, s.String()) {
			return s, nil
		}
	}
	return 0, fmt.Errorf("solver: unknown strategy %q, want Knuth, MostParts, Entropy or ExpectedSize: %w", name, ErrUnknownStrategy)
}

func (s Strategy) valid() bool { return s >= Knuth && s <= ExpectedSize }

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
