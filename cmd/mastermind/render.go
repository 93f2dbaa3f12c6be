package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/deliberate-practice/katas/internal/term"
	"github.com/deliberate-practice/katas/mastermind"
)

// ansi is the 256-colour code for each named colour.
func ansi(c mastermind.Color) int {
	switch c {
	case mastermind.Red:
		return 196
	case mastermind.Green:
		return 40
	case mastermind.Blue:
		return 33
	case mastermind.Yellow:
		return 226
	case mastermind.Purple:
		return 129
	case mastermind.Orange:
		return 208
	case mastermind.Cyan:
		return 51
	case mastermind.Magenta:
		return 201
	}
	return 250
}

// peg writes one code peg: its name padded to a column, in its colour when color is set.
func peg(c mastermind.Color, color bool) string {
	name := fmt.Sprintf("%-8s", c)
	if !color {
		return name
	}
	return term.Paint(term.Color256(ansi(c)), "●") + " " + name[:7]
}

// code writes a row of code pegs, each in a column of its own.
func code(c mastermind.Code, color bool) string {
	pegs := make([]string, len(c))
	for i, p := range c {
		pegs[i] = peg(p, color)
	}
	return strings.Join(pegs, " ")
}

// inline writes a code within a sentence: names, each after a coloured dot when color is set.
func inline(c mastermind.Code, color bool) string {
	if !color {
		return c.String()
	}
	pegs := make([]string, len(c))
	for i, p := range c {
		pegs[i] = term.Paint(term.Color256(ansi(p)), "●") + " " + p.String()
	}
	return strings.Join(pegs, " ")
}

// keys writes the key pegs as keyLegend describes them: the seed's notation, or filled and
// hollow dots in colour; "-" for none.
func keys(f mastermind.Feedback, color bool) string {
	switch {
	case f == (mastermind.Feedback{}):
		return "-"
	case !color:
		return f.String()
	}
	return strings.Repeat("●", f.Black) + strings.Repeat("○", f.White)
}

// keyLegend says how keys draws the key pegs.
func keyLegend(color bool) string {
	black, white := "B", "W"
	if color {
		black, white = "●", "○"
	}
	return fmt.Sprintf("Key pegs: %s for a right colour in the right place, %s for a right colour in the wrong place, - for none.", black, white)
}

// board draws the decoding board: every guess with its key pegs, then the turns left.
func board(w io.Writer, g *mastermind.Game, color bool) {
	for i, t := range g.Board() {
		fmt.Fprintf(w, "%3d  %s| %s\n", i+1, code(t.Guess, color), keys(t.Feedback, color))
	}
}

// describe names key pegs in a sentence: "B B W", or "no pegs".
func describe(f mastermind.Feedback) string {
	if f == (mastermind.Feedback{}) {
		return "no pegs"
	}
	return fmt.Sprintf("%q", f)
}
