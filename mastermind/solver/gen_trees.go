//go:build ignore

// gen_trees writes the optimal trees that the solver carries: go generate.
package main

import (
	"log"
	"os"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

func main() {
	for _, t := range []struct {
		file     string
		rules    mastermind.Rules
		strategy solver.Strategy
	}{
		{"trees/classic-optimal.tree", mastermind.Classic(), solver.Optimal},
		{"trees/classic-optimal-within-5.tree", mastermind.Classic(), solver.OptimalWithin(5)},
		{"trees/5x5-optimal.tree", mastermind.Rules{Colors: 5, Width: 5, MaxTurns: 12}, solver.Optimal},
	} {
		f, err := os.Create(t.file)
		if err != nil {
			log.Fatal(err)
		}
		if err := solver.WriteTree(f, t.rules, t.strategy); err != nil {
			log.Fatal(err)
		}
		if err := f.Close(); err != nil {
			log.Fatal(err)
		}
	}
}
