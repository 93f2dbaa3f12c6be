// Package tictactoe is a practitioner's tic-tac-toe, in Go: the solution kata run's tests
// fill a starting point in with.
package tictactoe

import (
	"errors"
	"strings"
)

// Classify returns "ongoing", "draw" or "win", or the exercise's error.
func Classify(rows []string) (string, error) {
	if len(rows) != 3 {
		return "", errors.New("a board is three rows")
	}
	for _, r := range rows {
		if len(r) != 3 || strings.Trim(r, "XO ") != "" {
			return "", errors.New("a row is three cells, each X, O or a space")
		}
	}
	cells := strings.Join(rows, "")
	x, o := strings.Count(cells, "X"), strings.Count(cells, "O")
	switch {
	case o > x:
		return "", errors.New("Wrong turn order: O started")
	case x > o+1:
		return "", errors.New("Wrong turn order: X went twice")
	}
	won := func(mark byte) bool {
		for _, l := range [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}} {
			if cells[l[0]] == mark && cells[l[1]] == mark && cells[l[2]] == mark {
				return true
			}
		}
		return false
	}
	xWon, oWon := won('X'), won('O')
	switch {
	case xWon && oWon, xWon && x != o+1, oWon && x != o:
		return "", errors.New("Impossible board: game should have ended after the game was won")
	case xWon || oWon:
		return "win", nil
	case x+o == 9:
		return "draw", nil
	}
	return "ongoing", nil
}
