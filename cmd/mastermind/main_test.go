package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

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
	out.Reset()
	run([]string{"-secret", "RGBY"}, strings.NewReader("RRGG\nquit\n"), &out, &errOut, false)
	assert.NotContains(t, out.String(), "\x1b[", "no colour codes when colour is off")
}

// TestUseColor is the colour decision itself: a terminal, unless NO_COLOR is set to something
// (set but empty does not count, as no-color.org says) or TERM is dumb.
func TestUseColor(t *testing.T) {
	tests := []struct {
		terminal bool
		env      map[string]string
		want     bool
	}{
		{true, nil, true},
		{false, nil, false},
		{true, map[string]string{"NO_COLOR": "1"}, false},
		{true, map[string]string{"NO_COLOR": ""}, true},
		{false, map[string]string{"NO_COLOR": ""}, false},
		{true, map[string]string{"TERM": "dumb"}, false},
		{true, map[string]string{"TERM": "xterm-256color"}, true},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.env[k] }
		assert.Equal(t, tt.want, useColor(tt.terminal, getenv), "terminal %v, env %v", tt.terminal, tt.env)
	}
}

// play runs the program in-process with input and args, colour off.
func play(input string, args ...string) (out, errOut string, status int) {
	var o, e bytes.Buffer
	status = run(args, strings.NewReader(input), &o, &e, false)
	return o.String(), e.String(), status
}

// TestLongLines: a line beyond the limit is reported and skipped; the lines after it are read.
func TestLongLines(t *testing.T) {
	out, _, status := play("R G B Y"+strings.Repeat(" ", 70<<10)+"\nRGBY\n", "-secret", "RGBY")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "Not a guess: a line of 71687 bytes, more than the 4096 a line may have. Try again.")
	assert.Contains(t, out, "You broke the code in 1 guess!")

	out, _, status = play(strings.Repeat("B", 5000)+"\nquit\n", "-role", "maker")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "a line of 5000 bytes, more than the 4096 a line may have. Answer again.")
	assert.Contains(t, out, "You stopped the game.")
}

// failingReader returns some input, then an error that is not the end of input.
type failingReader struct{ data string }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, errors.New("disk on fire")
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestReadErrorExitsNonZero(t *testing.T) {
	for _, role := range []string{"breaker", "maker"} {
		var out, errOut bytes.Buffer
		status := run([]string{"-role", role, "-seed", "1"}, &failingReader{"hint\n"}, &out, &errOut, false)
		assert.Equal(t, 1, status, role)
		assert.Equal(t, "mastermind: reading input: disk on fire\n", errOut.String(), role)
	}
}

// TestMakerChecksEveryAnswer: the winning answer must fit the answers before it, and counts
// no int can add up are refused rather than wrapping round to "no pegs".
func TestMakerChecksEveryAnswer(t *testing.T) {
	out, _, _ := play("B W\nB B B B\nquit\n", "-role", "maker")
	assert.Contains(t, out, `"B B B B" contradicts an earlier answer: no secret fits them all.`)
	assert.NotContains(t, out, "I broke your code")

	out, _, _ = play("9223372036854775807 6\n-9223372036854775808 0\nquit\n", "-role", "maker")
	assert.Contains(t, out, "9223372036854775807 black and 6 white: more than 4 key pegs. Answer again.")
	assert.Contains(t, out, "-9223372036854775808 black and 0 white: counts cannot be negative. Answer again.")
	assert.NotContains(t, out, "possible secrets left", "no answer was taken")
}

func TestStrictFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-seed", "12abc"}, `mastermind: -seed "12abc": want a whole number from 0 to 18446744073709551615`},
		{[]string{"-seed", "1e3"}, `mastermind: -seed "1e3": want a whole number from 0 to 18446744073709551615`},
		{[]string{"-seed", "-1"}, `mastermind: -seed "-1": want a whole number from 0 to 18446744073709551615`},
		{[]string{"-seed", ""}, `mastermind: -seed "": want a whole number from 0 to 18446744073709551615`},
		{[]string{"-secret", ""}, `mastermind: -secret is empty; give a code such as "Red Green Blue Yellow", or leave -secret out for a random one`},
		{[]string{"-secret", "  "}, `mastermind: -secret is empty`},
	} {
		_, errOut, status := play("", tt.args...)
		assert.Equal(t, 2, status, "%q", tt.args)
		assert.Contains(t, errOut, tt.msg, "%q", tt.args)
	}
	out, _, status := play("quit\n", "-seed", "18446744073709551615")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "Seed 18446744073709551615 ")
}
