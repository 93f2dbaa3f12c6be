package tictactoe_test

import (
	"testing"

	"github.com/deliberate-practice/katas/tictactoe"
)

func BenchmarkClassify(b *testing.B) {
	rows := []string{"XOX", " XO", "O X"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tictactoe.Classify(rows); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClassifyAll classifies every one of the 19,683 boards a round.
func BenchmarkClassifyAll(b *testing.B) {
	var boards [][]string
	for _, cells := range allBoards() {
		boards = append(boards, rowsOf(cells))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, rows := range boards {
			_, _ = tictactoe.Classify(rows)
		}
	}
}

func BenchmarkSolve(b *testing.B) {
	board, err := tictactoe.ParseBoard([]string{"X  ", " O ", "  X"})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := tictactoe.Solve(board); err != nil {
			b.Fatal(err)
		}
	}
}
