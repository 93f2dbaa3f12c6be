package solver_test

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

func BenchmarkEvaluate(b *testing.B) { benchmarkEvaluate(b, mastermind.Classic()) }

// BenchmarkEvaluateLargest plays the largest games the solver takes, each of about 32,768
// secrets: 5 pegs of 8 colours, 15 pegs of 2, and 4 pegs of 13. The package documentation
// promises each of them, with any strategy, in under ten seconds on two cores. Under -short,
// as CI runs the benchmarks once each, only Knuth's strategy plays them: a minute less, and
// no code path less.
func BenchmarkEvaluateLargest(b *testing.B) {
	strategies := solver.Strategies()
	if testing.Short() {
		strategies = []solver.Strategy{solver.Knuth}
	}
	for _, r := range []mastermind.Rules{
		{Colors: 8, Width: 5, MaxTurns: 12},
		{Colors: 2, Width: 15, MaxTurns: 30},
		{Colors: 13, Width: 4, MaxTurns: 20},
	} {
		b.Run(fmt.Sprintf("%dx%d", r.Width, r.Colors), func(b *testing.B) { benchmarkEvaluate(b, r, strategies...) })
	}
}

// knownResults are the games' totals and worst cases, as the strategies played
// them when these benchmarks were written: a faster search must not change a single guess,
// and a change in a total is the cheapest sign that one did.
var knownResults = map[string][2]int{
	"4x6/Knuth":         {5801, 5},
	"4x6/MostParts":     {5668, 6},
	"4x6/Entropy":       {5722, 6},
	"4x6/ExpectedSize":  {5696, 6},
	"5x8/Knuth":         {183966, 7},
	"5x8/MostParts":     {181834, 8},
	"5x8/Entropy":       {179863, 8},
	"5x8/ExpectedSize":  {180287, 7},
	"15x2/Knuth":        {235714, 10},
	"15x2/MostParts":    {238454, 13},
	"15x2/Entropy":      {227655, 9},
	"15x2/ExpectedSize": {229384, 9},
	"4x13/Knuth":        {191995, 9},
	"4x13/MostParts":    {195013, 9},
	"4x13/Entropy":      {184069, 9},
	"4x13/ExpectedSize": {185340, 9},
}

// benchmarkEvaluate runs Evaluate for each strategy given, or each of Strategies, reporting
// the average and worst game.
func benchmarkEvaluate(b *testing.B, r mastermind.Rules, strategies ...solver.Strategy) {
	if len(strategies) == 0 {
		strategies = solver.Strategies()
	}
	for _, s := range strategies {
		b.Run(s.String(), func(b *testing.B) {
			st := evaluate(b, r, s)
			key := fmt.Sprintf("%dx%d/%v", r.Width, r.Colors, s)
			if want, ok := knownResults[key]; ok && (st.Total != want[0] || st.Max != want[1]) {
				b.Fatalf("%s: total %d, worst %d; want %d, %d", key, st.Total, st.Max, want[0], want[1])
			}
			b.ReportMetric(st.Average(), "guesses/game")
			b.ReportMetric(float64(st.Max), "worst")
		})
	}
}

// evaluate runs Evaluate b.N times, reporting allocations, and returns its statistics.
func evaluate(b *testing.B, r mastermind.Rules, s solver.Strategy) solver.Stats {
	b.ReportAllocs()
	var st solver.Stats
	for b.Loop() {
		var err error
		if st, err = solver.Evaluate(r, s); err != nil {
			b.Fatal(err)
		}
	}
	return st
}

// BenchmarkTextbook is the textbook loop alone: a score table, then a fresh game for each
// secret with a full minimax scan a turn.
func BenchmarkTextbook(b *testing.B) {
	if testing.Short() {
		b.Skip("-short: BenchmarkEvaluateVersusTextbook runs the textbook loop too")
	}
	b.ReportAllocs()
	first := codeNumber(mastermind.Classic(), code("1 1 2 2"))
	for b.Loop() {
		if st := textbookEvaluate(mastermind.Classic(), solver.Knuth, first); st.Total != 5801 {
			b.Fatalf("textbook Knuth total %d, want 5801", st.Total)
		}
	}
}

// BenchmarkEvaluateVersusTextbook runs Evaluate(Classic, Knuth) and the textbook loop side by
// side each round, and reports both and the speed-up (textbook time / Evaluate time) from one
// run on one machine. TestTextbookReproducesThePublishedTotals is where correctness is tested.
func BenchmarkEvaluateVersusTextbook(b *testing.B) {
	first := codeNumber(mastermind.Classic(), code("1 1 2 2"))
	var fast, slow time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		st, err := solver.Evaluate(mastermind.Classic(), solver.Knuth)
		mid := time.Now()
		ref := textbookEvaluate(mastermind.Classic(), solver.Knuth, first)
		fast += mid.Sub(start)
		slow += time.Since(mid)
		if err != nil || st.Total != ref.Total || st.Max != ref.Max {
			b.Fatalf("Evaluate = %+v, %v; textbook %+v", st, err, ref)
		}
	}
	n := float64(b.N)
	b.ReportMetric(fast.Seconds()*1e3/n, "evaluate-ms")
	b.ReportMetric(slow.Seconds()*1e3/n, "textbook-ms")
	b.ReportMetric(float64(slow)/float64(fast), "speedup")
}

// BenchmarkNext is the second guess of a classic game: after 1122 scored one black.
func BenchmarkNext(b *testing.B) {
	for _, s := range solver.Strategies() {
		b.Run(s.String(), func(b *testing.B) {
			sv, err := solver.New(mastermind.Classic(), s)
			if err != nil {
				b.Fatal(err)
			}
			if err := sv.Record(code("1 1 2 2"), mastermind.Feedback{Black: 1}); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sv.Next(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOptimal searches the classic game's optimal trees, with and without a cap on the
// worst case, and checks that they are the trees the solver carries (trees/*.tree, written
// by go generate): the published 5625 guesses, and 5626 within five. Under -short, as CI
// runs the benchmarks once each, only the uncapped tree is searched: the capped search is the
// same code with one more bound, and 25 seconds more.
func BenchmarkOptimal(b *testing.B) {
	for _, tt := range []struct {
		s    solver.Strategy
		file string
	}{
		{solver.Optimal, "trees/classic-optimal.tree"},
		{solver.OptimalWithin(5), "trees/classic-optimal-within-5.tree"},
	} {
		b.Run(tt.s.String(), func(b *testing.B) {
			want, err := os.ReadFile(tt.file)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var got strings.Builder
			for b.Loop() {
				got.Reset()
				if err := solver.WriteTree(&got, mastermind.Classic(), tt.s); err != nil {
					b.Fatal(err)
				}
			}
			if got.String() != string(want) {
				b.Fatalf("the search's tree is not %s: run go generate", tt.file)
			}
		})
	}
}

// BenchmarkEvaluateOptimal plays the optimal strategies against every classic secret, the
// search finding the tree (Evaluate reads no embedded tree): 5625 guesses, 6 at worst
// (Koyama and Lai 1993), and with at most 5 guesses 5626.
func BenchmarkEvaluateOptimal(b *testing.B) {
	b.Run("Optimal", func(b *testing.B) { benchmarkOptimal(b, mastermind.Classic(), solver.Optimal, 5625, 6) })
	b.Run("OptimalWithin(5)", func(b *testing.B) { benchmarkOptimal(b, mastermind.Classic(), solver.OptimalWithin(5), 5626, 5) })
}

// BenchmarkOptimalLarger searches the optimal trees of 4 pegs of 7 and of 8 colours: 11228
// guesses over 2401 secrets (6 at worst) and 20471 over 4096 (7 at worst) are the published
// optima; and of 5 pegs of 5 colours, whose optimum the search found (13496 over 3125, 6 at
// worst; the tree ships in trees/). 4 x 7 and 5 x 5 take seconds, 4 x 8 tens of seconds; the
// last two run by hand, not under -short (as CI runs the benchmarks). Each reports the memory the
// process has taken from the operating system by its end (MiB-from-OS, runtime.MemStats.Sys),
// an upper bound on its peak; run one alone to read its own:
//
//	go test -run '^$' -bench OptimalLarger -benchtime 1x -timeout 1h ./mastermind/solver/
func BenchmarkOptimalLarger(b *testing.B) {
	b.Run("4x7", func(b *testing.B) {
		benchmarkOptimal(b, mastermind.Rules{Colors: 7, Width: 4, MaxTurns: 12}, solver.Optimal, 11228, 6)
	})
	b.Run("5x5", func(b *testing.B) {
		if testing.Short() {
			b.Skip("-short: the search of 5x5 takes seconds, and the plain test pass runs it")
		}
		benchmarkOptimal(b, mastermind.Rules{Colors: 5, Width: 5, MaxTurns: 12}, solver.Optimal, 13496, 6)
	})
	b.Run("4x8", func(b *testing.B) {
		if testing.Short() {
			b.Skip("-short: the optimal 4x8 tree takes minutes; run by hand")
		}
		benchmarkOptimal(b, mastermind.Rules{Colors: 8, Width: 4, MaxTurns: 12}, solver.Optimal, 20471, 7)
	})
}

// benchmarkOptimal runs Evaluate for an optimal strategy s, which searches for its tree, and
// fails unless it gives the published total and worst case.
func benchmarkOptimal(b *testing.B, r mastermind.Rules, s solver.Strategy, total, worst int) {
	st := evaluate(b, r, s)
	if st.Total != total || st.Max != worst {
		b.Fatalf("%v: %d guesses, %d at worst; want %d, %d", s, st.Total, st.Max, total, worst)
	}
	b.ReportMetric(float64(st.Total), "guesses")
	b.ReportMetric(float64(st.Max), "worst")
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.Sys)/(1<<20), "MiB-from-OS")
}
