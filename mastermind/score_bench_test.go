package mastermind_test

import (
	"testing"
	"time"

	"github.com/deliberate-practice/katas/mastermind"
)

// BenchmarkScore scores every classic guess against one secret a round, with Score and with
// the plain per-colour counting loop (referenceScore), side by side in one run.
func BenchmarkScore(b *testing.B) {
	codes := allCodes(6, 4)
	secret := mustParse("Red Green Blue Yellow")
	sink := mastermind.Feedback{}
	b.Run("Score", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			f, _ := mastermind.Score(secret, codes[i%len(codes)])
			sink.Black += f.Black
		}
	})
	b.Run("reference", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			f := referenceScore(secret, codes[i%len(codes)])
			sink.Black += f.Black
		}
	})
	_ = sink
}

// BenchmarkScoreVersusReference scores all 1296 classic guesses with Score, then with the
// reference loop, each round, and fails when Score took longer in all. It reports both in ns
// per score.
func BenchmarkScoreVersusReference(b *testing.B) {
	codes := allCodes(6, 4)
	secret := mustParse("Red Green Blue Yellow")
	var sink int
	var score, ref time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		for _, g := range codes {
			f, _ := mastermind.Score(secret, g)
			sink += f.Black
		}
		mid := time.Now()
		for _, g := range codes {
			sink += referenceScore(secret, g).Black
		}
		score += mid.Sub(start)
		ref += time.Since(mid)
	}
	n := float64(b.N * len(codes))
	b.ReportMetric(float64(score.Nanoseconds())/n, "score-ns/op")
	b.ReportMetric(float64(ref.Nanoseconds())/n, "reference-ns/op")
	if score > ref {
		b.Errorf("Score took %v, the reference counting loop %v, for the same scores", score, ref)
	}
	_ = sink
}
