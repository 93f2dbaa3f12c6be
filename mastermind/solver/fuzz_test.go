package solver_test

import (
	"errors"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// FuzzRecord feeds a solver arbitrary guesses and feedback: it never panics, a refused Record
// changes nothing, an accepted one never grows the set of secrets, and the secrets left always
// include every code consistent with the accepted feedback.
func FuzzRecord(f *testing.F) {
	f.Add([]byte{0, 0, 1, 1, 1, 0, 1, 2, 3, 4, 0, 2})
	f.Add([]byte{5, 5, 5, 5, 4, 0})
	r := mastermind.Rules{Colors: 4, Width: 3, MaxTurns: 10}
	f.Fuzz(func(t *testing.T, data []byte) {
		sv, err := solver.New(r, solver.Knuth)
		if err != nil {
			t.Fatal(err)
		}
		var board []mastermind.Turn
		for len(data) >= 5 {
			guess := mastermind.Code{mastermind.Color(data[0] % 6), mastermind.Color(data[1] % 6), mastermind.Color(data[2] % 6)}
			fb := mastermind.Feedback{Black: int(data[3]%5) - 1, White: int(data[4] % 5)}
			data = data[5:]
			before := sv.Remaining()
			if err := sv.Record(guess, fb); err != nil {
				if sv.Remaining() != before {
					t.Fatalf("Record(%v, %v) = %v but changed Remaining from %d to %d", guess, fb, err, before, sv.Remaining())
				}
				if !errors.Is(err, solver.ErrImpossibleFeedback) && !errors.Is(err, solver.ErrInconsistent) &&
					!errors.Is(err, mastermind.ErrInvalidPeg) {
					t.Fatalf("Record(%v, %v): unexpected error %v", guess, fb, err)
				}
				continue
			}
			board = append(board, mastermind.Turn{Guess: guess, Feedback: fb})
			if sv.Remaining() > before || sv.Remaining() == 0 {
				t.Fatalf("Record(%v, %v): Remaining went from %d to %d", guess, fb, before, sv.Remaining())
			}
		}
		n := 0
		for _, c := range allCodes(r) {
			ok, err := mastermind.Consistent(r, board, c)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				n++
			}
		}
		if n != sv.Remaining() {
			t.Fatalf("%d codes fit the board, the solver keeps %d", n, sv.Remaining())
		}
		if _, err := sv.Next(); err != nil {
			t.Fatal(err)
		}
	})
}
