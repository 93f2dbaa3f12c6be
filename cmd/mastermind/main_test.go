package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/cmd/internal/cmdtest"
)

func TestProgram(t *testing.T) {
	bin := cmdtest.Build(t)

	t.Run("a win", func(t *testing.T) {
		out, _, status := cmdtest.Run(t, bin, "1 1 2 2\nred green blue yellow\n", "-secret", "Red Green Blue Yellow")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "  1  Red      Red      Green    Green   | B W\n")
		assert.Contains(t, out, "11 turns left.")
		assert.Contains(t, out, "  2  Red      Green    Blue     Yellow  | B B B B\n")
		assert.Contains(t, out, "You broke the code in 2 guesses! The secret was Red Green Blue Yellow.")
	})

	t.Run("a loss", func(t *testing.T) {
		out, _, status := cmdtest.Run(t, bin, "PPPP\nPPPP\nPPPP\n", "-secret", "R G B Y", "-turns", "3")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "  3  Purple   Purple   Purple   Purple  | -\n")
		assert.Contains(t, out, "Out of turns: you lose. The secret was Red Green Blue Yellow.")
	})

	t.Run("bad input costs no turn", func(t *testing.T) {
		input := "red pink blue yellow\n1 2 3\n7 7 7 7\n\nRGBYP\nrgby\n"
		out, _, status := cmdtest.Run(t, bin, input, "-secret", "RGBY")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, `Not a guess: peg 2: "pink" is not a colour; colours are Red (R, 1), Green (G, 2), Blue (B, 3), Yellow (Y, 4), Purple (P, 5), Orange (O, 6). Try again.`)
		assert.Contains(t, out, "Not a guess: 3 pegs; a guess has 4. Try again.")
		assert.Contains(t, out, "Not a guess: peg 1: 7 is not a colour; colours are 1 to 6. Try again.")
		assert.Contains(t, out, "Not a guess: type a guess, hint, help or quit. Try again.")
		assert.Contains(t, out, "You broke the code in 1 guess!", "five refused lines used no turn")
	})

	t.Run("hint", func(t *testing.T) {
		out, _, _ := cmdtest.Run(t, bin, "hint\n1122\nhint\nquit\n", "-secret", "Blue Red Yellow Red")
		assert.Contains(t, out, "1296 possible secrets remain. The solver (Knuth) would guess Red Red Green Green.")
		assert.Contains(t, out, "208 possible secrets remain. The solver (Knuth) would guess Red Red Blue Yellow.")
	})

	t.Run("quit", func(t *testing.T) {
		out, _, status := cmdtest.Run(t, bin, "quit\nRGBY\n", "-secret", "Red Green Blue Yellow")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "You gave up. The secret was Red Green Blue Yellow.")
		assert.NotContains(t, out, "B B B B", "nothing after quit is read")
	})

	t.Run("end of input", func(t *testing.T) {
		out, _, status := cmdtest.Run(t, bin, "RRGG\n", "-seed", "42")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "Seed 42 (replay this game with -seed 42).")
		assert.Contains(t, out, "End of input. The secret was ")
		again, _, _ := cmdtest.Run(t, bin, "RRGG\n", "-seed", "42")
		assert.Equal(t, out, again, "the same seed plays the same game")
	})

	t.Run("other rules", func(t *testing.T) {
		out, _, status := cmdtest.Run(t, bin, "8 7 6 5 4\nhint\nquit\n", "-colors", "8", "-width", "5", "-turns", "10", "-secret", "4 5 6 7 8")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "break a secret of 5 pegs from 8 colours in 10 turns")
		assert.Contains(t, out, "  1  Magenta  Cyan     Orange   Purple   Yellow  | B W W W W\n")
		assert.Contains(t, out, "The solver (Knuth) would guess")
	})

	t.Run("help", func(t *testing.T) {
		_, errOut, status := cmdtest.Run(t, bin, "", "-help")
		assert.Equal(t, 0, status)
		assert.Contains(t, errOut, "Usage: mastermind [flags]")
		assert.Contains(t, errOut, "-role string")
	})

	t.Run("bad flags", func(t *testing.T) {
		for _, tt := range []struct {
			args []string
			msg  string
		}{
			{[]string{"-colors", "0"}, "mastermind: 0 colours, want 1 to 255: invalid rules"},
			{[]string{"-width", "50"}, "mastermind: -width 50 -turns 12: at most 20 pegs and 100 turns"},
			{[]string{"-role", "judge"}, `mastermind: -role "judge": want "breaker" or "maker"`},
			{[]string{"-seed", "x"}, `mastermind: -seed "x": want a whole number`},
			{[]string{"-strategy", "random"}, `solver: unknown strategy "random"`},
			{[]string{"-secret", "R G B"}, `mastermind: -secret "R G B": 3 pegs; a guess has 4`},
			{[]string{"extra"}, `mastermind: unexpected argument "extra"; see -help`},
			{[]string{"-nope"}, "flag provided but not defined: -nope"},
		} {
			_, errOut, status := cmdtest.Run(t, bin, "", tt.args...)
			assert.Equal(t, 2, status, "%v", tt.args)
			assert.Contains(t, errOut, tt.msg, "%v", tt.args)
		}
	})

	t.Run("the computer breaks your code", func(t *testing.T) {
		// The secret is Blue Red Yellow Red.
		out, _, status := cmdtest.Run(t, bin, "B W\nB W W W\nB B W W\nB B B B\n", "-role", "maker")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "Guess 1: Red Red Green Green")
		assert.Contains(t, out, "208 possible secrets left.")
		assert.Contains(t, out, "I broke your code in 4 guesses.")
	})

	t.Run("answers as counts, and a contradiction", func(t *testing.T) {
		// No pegs for Red Red Green Green, then none for Blue Blue Yellow Purple: only Orange
		// Orange Orange Orange is left, so no pegs for it contradicts the answers before.
		out, _, status := cmdtest.Run(t, bin, "0 0\n- \n3 1\nB X\n\nnone\nquit\n", "-role", "maker")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "256 possible secrets left.\nGuess 2: Blue Blue Yellow Purple")
		assert.Contains(t, out, "1 possible secret left.\nGuess 3: Orange Orange Orange Orange")
		assert.Contains(t, out, "no pegs contradicts an earlier answer: no secret fits them all. Check your secret and answer again.")
		assert.Contains(t, out, "3 black and 1 white cannot happen: the last peg would be black too. Answer again.")
		assert.Contains(t, out, `"B X": answer with key pegs ("B B W"), "-" for none, or counts ("2 1"). Answer again.`)
		assert.Contains(t, out, `answer with key pegs ("B B W"), "-" for none, or counts ("2 1"). Answer again.`)
		assert.Contains(t, out, "You stopped the game.")
	})
}

func TestColours(t *testing.T) {
	var out, errOut bytes.Buffer
	status := run([]string{"-secret", "RGBY"}, strings.NewReader("RRGG\nquit\n"), &out, &errOut, true)
	assert.Equal(t, 0, status)
	assert.Contains(t, out.String(), "\x1b[38;5;196m●\x1b[0m Red    ", "a red peg in colour on the board")
	assert.Contains(t, out.String(), "| ●○\n", "key pegs as dots")

	// Output to a pipe is never coloured, whatever NO_COLOR says.
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	t.Setenv("NO_COLOR", "")
	os.Unsetenv("NO_COLOR")
	assert.False(t, colorful(w))
	t.Setenv("NO_COLOR", "1")
	assert.False(t, colorful(w))
}
