//go:build ignore

// gen_trees writes the classic game's optimal trees that the solver carries: go generate.
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
		strategy solver.Strategy
	}{
		{"trees/classic-optimal.tree", solver.Optimal},
		{"trees/classic-optimal-within-5.tree", solver.OptimalWithin(5)},
	} {
		f, err := os.Create(t.file)
		if err != nil {
			log.Fatal(err)
		}
		if err := solver.WriteTree(f, mastermind.Classic, t.strategy); err != nil {
			log.Fatal(err)
		}
		if err := f.Close(); err != nil {
			log.Fatal(err)
		}
	}
}
