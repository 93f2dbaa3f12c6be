package mastermind_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/deliberate-practice/katas/mastermind"
)

// The code maker places a secret; the code breaker guesses, and each guess is scored in black
// pegs (right colour, right place) and white ones (right colour, wrong place), until the
// secret is found or the turns run out.
func Example() {
	secret, _ := mastermind.ParseCode("Red Green Blue Yellow")
	game, _ := mastermind.New(mastermind.Classic(), secret)
	for _, s := range []string{"Red Red Green Green", "Red Green Yellow Blue", "Red Green Blue Yellow"} {
		guess, _ := mastermind.ParseCode(s)
		grade, fb, _ := game.Guess(guess)
		fmt.Printf("%-22s %-9q %v\n", s, fb, grade)
	}
	// Output:
	// Red Red Green Green    "B W"     continue
	// Red Green Yellow Blue  "B B W W" continue
	// Red Green Blue Yellow  "B B B B" won
}

func ExampleScore() {
	secret, _ := mastermind.ParseCode("Red Green Blue Yellow")
	for _, s := range []string{"Red Yellow Blue Green", "Red Red Red Purple", "Yellow Blue Green Red"} {
		guess, _ := mastermind.ParseCode(s)
		fb, _ := mastermind.Score(secret, guess)
		fmt.Printf("%-22s %q\n", s, fb)
	}
	// Output:
	// Red Yellow Blue Green  "B B W W"
	// Red Red Red Purple     "B"
	// Yellow Blue Green Red  "W W W W"
}

func ExampleParseCode() {
	code, err := mastermind.ParseCode("3 2 3 5")
	fmt.Println(code, err)
	_, err = mastermind.ParseCode("Red Pink Blue Yellow")
	fmt.Println(err)
	fmt.Println(errors.Is(err, mastermind.ErrUnknownColor))
	// Output:
	// Blue Green Blue Purple <nil>
	// mastermind: parsing code "Red Pink Blue Yellow": peg 2 "Pink": unknown colour
	// true
}

// The assignment's worked example: six colours, four pegs, and here ten turns.
func ExampleGame_Guess() {
	secret, _ := mastermind.ParseCode("3 2 3 5")
	game, _ := mastermind.New(mastermind.Rules{Colors: 6, Width: 4, MaxTurns: 10}, secret)
	for _, s := range []string{"1 1 2 2", "3 3 4 4", "3 1 3 6", "3 2 3 5"} {
		guess, _ := mastermind.ParseCode(s)
		grade, fb, _ := game.Guess(guess)
		fmt.Printf("%s: %d black, %d white, %v, %d turns left\n", s, fb.Black, fb.White, grade, game.TurnsLeft())
	}
	_, _, err := game.Guess(secret)
	fmt.Println(err)
	// Output:
	// 1 1 2 2: 0 black, 1 white, continue, 9 turns left
	// 3 3 4 4: 1 black, 1 white, continue, 8 turns left
	// 3 1 3 6: 2 black, 0 white, continue, 7 turns left
	// 3 2 3 5: 4 black, 0 white, won, 0 turns left
	// mastermind: no more guesses: game already won
}

// A seeded *rand.Rand draws the same secret every time: here, a game to replay.
func ExampleNewRandom() {
	for range 2 {
		rng := rand.New(rand.NewPCG(2026, 11))
		game, _ := mastermind.NewRandom(mastermind.Classic(), rng)
		guess, _ := mastermind.ParseCode("Blue Red Orange Green")
		_, fb, _ := game.Guess(guess)
		fmt.Printf("%v: %q; the secret was %v\n", guess, fb, game.Secret())
	}
	// Output:
	// Blue Red Orange Green: "B B"; the secret was Blue Blue Orange Orange
	// Blue Red Orange Green: "B B"; the secret was Blue Blue Orange Orange
}

// Save a game as JSON and resume it.
func ExampleReplay() {
	secret, _ := mastermind.ParseCode("Red Green Blue Yellow")
	game, _ := mastermind.New(mastermind.Classic(), secret)
	guess, _ := mastermind.ParseCode("Red Purple Green Purple")
	game.Guess(guess)

	data, _ := mastermind.MarshalEvents(game.Events())
	fmt.Println(string(data))

	events, _ := mastermind.UnmarshalEvents(data)
	resumed, _ := mastermind.Replay(events)
	fmt.Println(resumed.TurnsLeft(), resumed.Board()[0].Feedback)
	// Output:
	// [{"event":"GameStarted","rules":{"colors":6,"width":4,"maxTurns":12},"secret":"Red Green Blue Yellow"},{"event":"GuessMade","guess":"Red Purple Green Purple","feedback":{"black":1,"white":1}}]
	// 11 B W
}
