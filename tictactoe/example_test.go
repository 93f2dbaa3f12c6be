package tictactoe_test

import (
	"fmt"
	"strings"

	"github.com/deliberate-practice/katas/tictactoe"
)

// A board is classified as play has it — ongoing, a draw or a win — or refused, with
// Exercism's words, where play could not have reached it; and perfect play says how an
// ongoing one ends.
func Example() {
	rows := []string{"XO ", "   ", "   "}
	state, err := tictactoe.Classify(rows)
	fmt.Println(state, err)
	b, _ := tictactoe.ParseBoard(rows)
	outcome, _, _ := tictactoe.Solve(b)
	fmt.Println(outcome, "with perfect play")
	_, err = tictactoe.Classify([]string{"OO ", "X  ", "   "})
	fmt.Println(err)
	// Output:
	// ongoing <nil>
	// X wins with perfect play
	// Wrong turn order: O started
}

func ExampleClassify() {
	for _, rows := range [][]string{
		{"X  ", " XO", "OX "},
		{"XOX", "XXO", "OXO"},
		{"XXX", " OO", "   "},
		{"OOX", "   ", "   "},
		{"XXX", "OOO", "   "},
	} {
		state, err := tictactoe.Classify(rows)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(state)
	}
	// Output:
	// ongoing
	// draw
	// win
	// Wrong turn order: O started
	// Impossible board: game should have ended after the game was won
}

func ExampleParseBoard() {
	grid := `
   |   |
 X |   |
___|___|___
   |   |
   | X | O
___|___|___
   |   |
 O | X |
   |   |`
	b, err := tictactoe.ParseBoard(strings.Split(grid, "\n"))
	fmt.Printf("%q %v\n", b.Rows(), err)
	fmt.Println(b.Next(), "to move")
	// Output:
	// ["X  " " XO" "OX "] <nil>
	// O to move
}

func ExampleSolve() {
	b, _ := tictactoe.ParseBoard([]string{"XO ", "   ", "   "})
	outcome, moves, _ := tictactoe.Solve(b)
	fmt.Println(outcome)
	for _, m := range moves {
		fmt.Println(m)
	}
	// Output:
	// X wins
	// row 2, column 1
	// row 2, column 2
	// row 3, column 1
}
