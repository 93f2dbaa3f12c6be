package mastermind_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/mastermind"
)

// TestParseErrorsAreOneType: every parser's error is a *ParseError that says what it read.
func TestParseErrorsAreOneType(t *testing.T) {
	_, colorErr := mastermind.ParseColor("Pink")
	_, codeErr := mastermind.ParseCode("Red Pink")
	_, guessErr := mastermind.Classic().ParseGuess("RGBQ")
	_, feedbackErr := mastermind.ParseFeedback("B X")
	tests := []struct {
		err  error
		what string
		peg  int
		word string
		is   error
		msg  string
	}{
		{colorErr, "colour", 0, "", mastermind.ErrUnknownColor, `mastermind: parsing colour "Pink": unknown colour`},
		{codeErr, "code", 2, "Pink", mastermind.ErrUnknownColor, `mastermind: parsing code "Red Pink": peg 2 "Pink": unknown colour`},
		{guessErr, "guess", 4, "Q", mastermind.ErrUnknownColor, `mastermind: parsing guess "RGBQ": peg 4 "Q": unknown colour`},
		{feedbackErr, "feedback", 2, "X", mastermind.ErrInvalidFeedback, `mastermind: parsing feedback "B X": key peg 2 "X": not B or W: invalid feedback`},
	}
	for _, tt := range tests {
		var pe *mastermind.ParseError
		require.True(t, errors.As(tt.err, &pe), "%v", tt.err)
		assert.Equal(t, tt.what, pe.What)
		assert.Equal(t, tt.peg, pe.Peg, tt.msg)
		assert.Equal(t, tt.word, pe.Word, tt.msg)
		assert.ErrorIs(t, tt.err, tt.is)
		assert.EqualError(t, tt.err, tt.msg)
	}
}

func TestParseGuess(t *testing.T) {
	c := func(cs ...mastermind.Color) mastermind.Code { return cs }
	classic := mastermind.Classic()
	twelve := mastermind.Rules{Colors: 12, Width: 4, MaxTurns: 10}
	tests := []struct {
		r    mastermind.Rules
		in   string
		want mastermind.Code
	}{
		{classic, "Red Green Blue Yellow", c(1, 2, 3, 4)},
		{classic, "red, GREEN,blue   yellow", c(1, 2, 3, 4)},
		{classic, "R G B Y", c(1, 2, 3, 4)},
		{classic, "rgby", c(1, 2, 3, 4)},
		{classic, "RRPO", c(1, 1, 5, 6)},
		{classic, "3235", c(3, 2, 3, 5)},
		{classic, "3 2 3 5", c(3, 2, 3, 5)},
		{classic, "red 2 B orange", c(1, 2, 3, 6)},
		{twelve, "12 11 C M", c(12, 11, 7, 8)},
		{mastermind.Rules{Colors: 6, Width: 1, MaxTurns: 3}, "Red", c(1)},
		{mastermind.Rules{Colors: 6, Width: 1, MaxTurns: 3}, "R", c(1)},
	}
	for _, tt := range tests {
		got, err := tt.r.ParseGuess(tt.in)
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("%+v.ParseGuess(%q) = %v, %v, want %v", tt.r, tt.in, got, err, tt.want)
		}
	}
}

func TestParseGuessErrors(t *testing.T) {
	classic := mastermind.Classic()
	tests := []struct {
		r   mastermind.Rules
		in  string
		err error
		msg string
	}{
		{classic, "", mastermind.ErrEmptyCode, `mastermind: parsing guess "": empty code`},
		{classic, " , ", mastermind.ErrEmptyCode, `mastermind: parsing guess " , ": empty code`},
		{classic, "red pink blue yellow", mastermind.ErrUnknownColor, `mastermind: parsing guess "red pink blue yellow": peg 2 "pink": unknown colour`},
		// Run together, the blame goes to the right letter.
		{classic, "RGBQ", mastermind.ErrUnknownColor, `mastermind: parsing guess "RGBQ": peg 4 "Q": unknown colour`},
		{classic, "RG7Y", mastermind.ErrInvalidPeg, `mastermind: parsing guess "RG7Y": peg 3 "7": this game's colours are 1 to 6: invalid peg in guess`},
		{classic, "1 2 3 7", mastermind.ErrInvalidPeg, `mastermind: parsing guess "1 2 3 7": peg 4 "7": this game's colours are 1 to 6: invalid peg in guess`},
		{classic, "cyan red red red", mastermind.ErrInvalidPeg, `mastermind: parsing guess "cyan red red red": peg 1 "cyan": this game's colours are 1 to 6: invalid peg in guess`},
		{classic, "C R R R", mastermind.ErrInvalidPeg, `mastermind: parsing guess "C R R R": peg 1 "C": this game's colours are 1 to 6: invalid peg in guess`},
		{classic, "1 2 3", mastermind.ErrGuessTooShort, `mastermind: parsing guess "1 2 3": 3 pegs, want 4: guess too short`},
		{classic, "Red", mastermind.ErrGuessTooShort, `mastermind: parsing guess "Red": 1 peg, want 4: guess too short`},
		{classic, "RGBYP", mastermind.ErrGuessTooLong, `mastermind: parsing guess "RGBYP": 5 pegs, want 4: guess too long`},
		{classic, "rgb", mastermind.ErrGuessTooShort, `mastermind: parsing guess "rgb": 3 pegs, want 4: guess too short`},
		{classic, "123", mastermind.ErrGuessTooShort, `mastermind: parsing guess "123": 3 pegs, want 4: guess too short`},
		{classic, "rgq", mastermind.ErrUnknownColor, `mastermind: parsing guess "rgq": peg 1 "rgq": unknown colour`},
		{classic, "rgc", mastermind.ErrUnknownColor, `mastermind: parsing guess "rgc": peg 1 "rgc": unknown colour`},
		{classic, "1 2 3 4 5", mastermind.ErrGuessTooLong, `mastermind: parsing guess "1 2 3 4 5": 5 pegs, want 4: guess too long`},
		{mastermind.Rules{Colors: 12, Width: 4, MaxTurns: 9}, "1213", mastermind.ErrUnknownColor,
			`mastermind: parsing guess "1213": peg 1 "1": with 12 colours, digits run together are ambiguous; separate the pegs with spaces: unknown colour`},
		{mastermind.Rules{}, "1", mastermind.ErrInvalidRules, "mastermind: 0 colours, want 1 to 255: invalid rules"},
	}
	for _, tt := range tests {
		got, err := tt.r.ParseGuess(tt.in)
		assert.Nil(t, got, tt.in)
		assert.ErrorIs(t, err, tt.err, tt.in)
		assert.EqualError(t, err, tt.msg, tt.in)
	}
	// A huge input is counted, not kept, and quoted short.
	_, err := classic.ParseGuess(strings.Repeat("R ", 1<<20))
	assert.ErrorIs(t, err, mastermind.ErrGuessTooLong)
	assert.Less(t, len(err.Error()), 300)
}

func TestConsistent(t *testing.T) {
	secret := mustParse("Red Green Blue Yellow")
	var board []mastermind.Turn
	for _, g := range []string{"1 1 2 2", "1 3 4 4"} {
		fb, _ := mastermind.Score(secret, mustParse(g))
		board = append(board, mastermind.Turn{Guess: mustParse(g), Feedback: fb})
	}
	// Against every code, Consistent says what the plain counting scorer says.
	for _, c := range allCodes(6, 4) {
		ok, err := mastermind.Consistent(mastermind.Classic(), board, c)
		require.NoError(t, err)
		want := true
		for _, turn := range board {
			want = want && referenceScore(c, turn.Guess) == turn.Feedback
		}
		require.Equal(t, want, ok, "%v", c)
	}
	ok, _ := mastermind.Consistent(mastermind.Classic(), board, secret)
	assert.True(t, ok, "the secret is always consistent")
	_, err := mastermind.Consistent(mastermind.Classic(), []mastermind.Turn{{Guess: mustParse("1 2")}}, secret)
	assert.EqualError(t, err, "mastermind: turn 1: mastermind: guess has 2 pegs, want 4: guess too short")
	_, err = mastermind.Consistent(mastermind.Classic(), nil, mustParse("1 2 3 9"))
	assert.ErrorIs(t, err, mastermind.ErrInvalidPeg)
}

func FuzzParseGuess(f *testing.F) {
	for _, s := range []string{"RGBY", "red, green 3 y", "3235", "RGBQ", "", "1 2 3 4 5", "\x00"} {
		f.Add(s, 6, 4)
	}
	f.Add("12 11 C M", 12, 4)
	f.Fuzz(func(t *testing.T, s string, colors, width int) {
		r := mastermind.Rules{Colors: colors, Width: width, MaxTurns: 10}
		code, err := r.ParseGuess(s)
		if err != nil {
			var pe *mastermind.ParseError
			if code != nil || (!errors.As(err, &pe) && !errors.Is(err, mastermind.ErrInvalidRules)) {
				t.Fatalf("ParseGuess(%q) = %v, %v", s, code, err)
			}
			return
		}
		if err := r.CheckCode(code); err != nil {
			t.Fatalf("ParseGuess(%q) = %v, which the rules refuse: %v", s, code, err)
		}
		// A guess reads back from its canonical form.
		again, err := r.ParseGuess(code.String())
		if err != nil || !again.Equal(code) {
			t.Fatalf("ParseGuess(%q) = %v; ParseGuess(%q) = %v, %v", s, code, code.String(), again, err)
		}
	})
}
