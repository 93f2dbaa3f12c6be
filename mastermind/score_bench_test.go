package mastermind_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/deliberate-practice/katas/mastermind"
)

// countingScore is the best simple alternative to Score: the plain counting loop, with its
// counts in arrays just big enough for the colours of the benchmark games (at most 8), so
// that nothing is cleared that is not used.
func countingScore(secret, guess mastermind.Code, colors int) mastermind.Feedback {
	var inSecret, inGuess [9]int
	var f mastermind.Feedback
	guess = guess[:len(secret)]
	for i, s := range secret {
		if g := guess[i]; s == g {
			f.Black++
		} else {
			inSecret[s]++
			inGuess[g]++
		}
	}
	for c := 1; c <= colors; c++ {
		f.White += min(inSecret[c], inGuess[c])
	}
	return f
}

// randomPairs returns n secret-guess pairs drawn uniformly from the codes of r, as a game
// sees them: not sorted, not repeated, the colours of one pair unrelated to the next.
func randomPairs(r mastermind.Rules, n int) [][2]mastermind.Code {
	rng := rand.New(rand.NewPCG(uint64(r.Colors), uint64(r.Width)))
	pairs := make([][2]mastermind.Code, n)
	for i := range pairs {
		for j := range 2 {
			c := make(mastermind.Code, r.Width)
			for k := range c {
				c[k] = mastermind.Color(rng.IntN(r.Colors) + 1)
			}
			pairs[i][j] = c
		}
	}
	return pairs
}

// benchmarkGames are the games the scorers are measured on: the classic 4 pegs of 6 colours
// and the larger 5 pegs of 8.
var benchmarkGames = []mastermind.Rules{mastermind.Classic(), {Colors: 8, Width: 5, MaxTurns: 12}}

// BenchmarkScore scores random pairs with Score, and with the counting loop.
func BenchmarkScore(b *testing.B) {
	for _, r := range benchmarkGames {
		pairs := randomPairs(r, 4096)
		b.Run(fmt.Sprintf("%dx%d/Score", r.Width, r.Colors), func(b *testing.B) {
			b.ReportAllocs()
			sink := 0
			for i := 0; b.Loop(); i++ {
				p := pairs[i%len(pairs)]
				f, _ := mastermind.Score(p[0], p[1])
				sink += f.Black + f.White
			}
			_ = sink
		})
		b.Run(fmt.Sprintf("%dx%d/counting", r.Width, r.Colors), func(b *testing.B) {
			b.ReportAllocs()
			sink := 0
			for i := 0; b.Loop(); i++ {
				p := pairs[i%len(pairs)]
				f := countingScore(p[0], p[1], r.Colors)
				sink += f.Black + f.White
			}
			_ = sink
		})
	}
}

// BenchmarkScoreVersusCounting scores the same 4096 random pairs with Score and with the
// counting loop, one after the other in every round, and reports both in ns a score and the
// speed-up (counting time / Score time), so that the ratio comes from one run on one machine.
func BenchmarkScoreVersusCounting(b *testing.B) {
	for _, r := range benchmarkGames {
		b.Run(fmt.Sprintf("%dx%d", r.Width, r.Colors), func(b *testing.B) {
			pairs := randomPairs(r, 4096)
			var score, counting time.Duration
			sink := 0
			b.ReportAllocs()
			for b.Loop() {
				start := time.Now()
				for _, p := range pairs {
					f, _ := mastermind.Score(p[0], p[1])
					sink += f.Black + f.White
				}
				mid := time.Now()
				for _, p := range pairs {
					f := countingScore(p[0], p[1], r.Colors)
					sink -= f.Black + f.White
				}
				score += mid.Sub(start)
				counting += time.Since(mid)
			}
			if sink != 0 {
				b.Fatal("Score and the counting loop disagree")
			}
			n := float64(b.N * len(pairs))
			b.ReportMetric(float64(score.Nanoseconds())/n, "score-ns")
			b.ReportMetric(float64(counting.Nanoseconds())/n, "counting-ns")
			b.ReportMetric(float64(counting)/float64(score), "speedup")
		})
	}
}
