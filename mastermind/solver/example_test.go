package solver_test

import (
	"fmt"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// The solver is the code breaker: it proposes a guess, is told how the guess scored, and
// narrows the secrets that remain, until one is left. The optimal strategy breaks every
// classic secret in 5,625 guesses in all, Knuth's in 5,801.
func Example() {
	secret, _ := mastermind.ParseCode("Orange Yellow Green Green")
	s, _ := solver.New(mastermind.Classic(), solver.Optimal)
	for {
		guess, _ := s.Next()
		fb, _ := mastermind.Score(secret, guess)
		fmt.Printf("%-26v %q\n", guess, fb)
		if fb.Black == 4 {
			return
		}
		s.Record(guess, fb)
	}
	// Output:
	// Red Red Green Blue         "B"
	// Red Yellow Yellow Purple   "B"
	// Green Orange Green Purple  "B W W"
	// Orange Yellow Green Green  "B B B B"
}

// Break a secret with Knuth's strategy, scoring each guess as the code maker would.
func ExampleSolver() {
	secret, _ := mastermind.ParseCode("Blue Red Yellow Red")
	s, _ := solver.New(mastermind.Classic(), solver.Knuth)
	for turn := 1; ; turn++ {
		guess, _ := s.Next()
		fb, _ := mastermind.Score(secret, guess)
		fmt.Printf("%d: %-22v %q\n", turn, guess, fb)
		if fb.Black == 4 {
			break
		}
		s.Record(guess, fb)
		fmt.Println("   secrets left:", s.Remaining())
	}
	// Output:
	// 1: Red Red Green Green    "B W"
	//    secrets left: 208
	// 2: Red Red Blue Yellow    "B W W W"
	//    secrets left: 4
	// 3: Red Blue Yellow Red    "B B W W"
	//    secrets left: 1
	// 4: Blue Red Yellow Red    "B B B B"
}

func ExampleEvaluate() {
	for _, s := range solver.Strategies() {
		st, _ := solver.Evaluate(mastermind.Classic(), s)
		fmt.Printf("%-12v %d guesses, %.3f a game, at worst %d\n", s, st.Total, st.Average(), st.Max)
	}
	// Output:
	// Knuth        5801 guesses, 4.476 a game, at worst 5
	// MostParts    5668 guesses, 4.373 a game, at worst 6
	// Entropy      5722 guesses, 4.415 a game, at worst 6
	// ExpectedSize 5696 guesses, 4.395 a game, at worst 6
}

// The optimal strategy for the classic game plays from the tree the package carries, so its
// first guess comes at once; OptimalWithin caps the guesses a game may take.
func ExampleOptimalWithin() {
	s, _ := solver.New(mastermind.Classic(), solver.Optimal)
	guess, _ := s.Next()
	fmt.Println(guess)
	capped, _ := solver.New(mastermind.Classic(), solver.OptimalWithin(5))
	guess, _ = capped.Next()
	fmt.Println(guess)
	// Output:
	// Red Red Green Blue
	// Red Red Green Blue
}
