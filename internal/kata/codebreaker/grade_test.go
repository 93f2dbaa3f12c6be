package codebreaker

import (
	"errors"
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

// TestTheGradeCountsEveryGameEnded: a play of every classic secret is graded by its guesses
// in all, its worst game wherever it falls, and its games ended; a game the breaker did not
// play to its end counts in none of them, and a play cut short has no line on the screen.
func TestTheGradeCountsEveryGameEnded(t *testing.T) {
	r := mastermind.Classic()
	games, err := newGames(r, everySecret(r))
	if err != nil {
		t.Fatal(err)
	}
	wrong := func(secret mastermind.Code) mastermind.Code {
		g := append(mastermind.Code(nil), secret...)
		g[0] = g[0]%6 + 1 // another colour in the first peg: never the secret
		return g
	}
	for i, g := range games {
		misses := 3 // four guesses a game...
		if i == 100 {
			misses = 6 // ...but the worst, seven, in one game neither first nor last
		}
		for range misses {
			if _, _, err := g.play.Guess(wrong(g.secret)); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := g.play.Guess(g.secret); err != nil {
			t.Fatal(err)
		}
		g.grade = "won"
	}
	s := &breakerScenario{rules: r, games: games}
	got, ok := s.grade(nil)
	if !ok || got.Total != 4*1295+7 || got.Worst != 7 || got.Games != 1296 {
		t.Fatalf("grade %+v, %v; want 5,187 guesses over 1,296 games, 7 at worst", got, ok)
	}
	games[100].grade, games[5].fault = "continue", errors.New("not played")
	got, ok = s.grade(nil)
	if !ok || got.Total != 4*1294 || got.Worst != 4 || got.Games != 1294 || got.Line != "" {
		t.Fatalf("a play cut short: grade %+v, %v; want 5,176 guesses over the 1,294 games ended, 4 at worst, and no line", got, ok)
	}
}
