// Package katas is the one list of the katas: the kata command's, and any other that names
// them all. A new kata is a package below internal/kata and one line here.
package katas

import (
	"fmt"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/kata/mastermind"
	"github.com/deliberate-practice/katas/internal/kata/tictactoe"
)

// All returns the katas, in the order kata list names them, their feature files those the
// features package embeds.
func All() []kata.Kata {
	return []kata.Kata{mastermind.Kata(features.Files()), tictactoe.Kata(features.Files())}
}

// Find returns the kata called name among list, or an error that says there is none.
func Find(list []kata.Kata, name string) (kata.Kata, error) {
	for _, k := range list {
		if k.Name == name {
			return k, nil
		}
	}
	return kata.Kata{}, fmt.Errorf("unknown kata %s; kata list names them", brief.Quote(name))
}
