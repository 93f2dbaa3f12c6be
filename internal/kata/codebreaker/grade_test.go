package codebreaker

import (
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// TestTheReferenceIsTheSolvers: the guesses a strategy takes for each secret add up to what
// the solver's own Evaluate finds.
func TestTheReferenceIsTheSolvers(t *testing.T) {
	for name, s := range map[string]solver.Strategy{"Knuth's": solver.Knuth, "the optimal": solver.Optimal} {
		for _, r := range []mastermind.Rules{mastermind.Classic(), {Colors: 3, Width: 3, MaxTurns: 9}} {
			got, err := reference(r, name)
			if err != nil {
				t.Fatal(err)
			}
			want, err := solver.Evaluate(r, s)
			if err != nil {
				t.Fatal(err)
			}
			total, worst := 0, 0
			for _, n := range got {
				total, worst = total+n, max(worst, n)
			}
			if total != want.Total || worst != want.Max {
				t.Errorf("%s, %+v: %d in all, %d at worst; the solver says %d and %d", name, r, total, worst, want.Total, want.Max)
			}
		}
	}
}

func BenchmarkReference(b *testing.B) {
	for _, s := range []string{"Knuth's", "the optimal"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := reference(mastermind.Classic(), s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
