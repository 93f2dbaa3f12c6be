package mastermind

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
)

// Errors returned by ParseCode and ParseColor, inside a *ParseError.
var (
	// ErrEmptyCode means the text held no pegs at all.
	ErrEmptyCode = errors.New("empty code")
	// ErrUnknownColor means a word is neither a colour name nor a number from 1 to MaxColors.
	ErrUnknownColor = errors.New("unknown colour")
	// ErrTooManyPegs means the text held more than MaxWidth pegs.
	ErrTooManyPegs = errors.New("too many pegs")
)

// Code is a row of code pegs: a secret or a guess. Its width is its length.
type Code []Color

// ParseCode reads a code from colour names in any case or numbers from 1, separated by white
// space: "Red Green Blue Yellow", "red green blue yellow", "3 2 3 5". Names and numbers may be
// mixed. The error, a *ParseError, names the bad word and its position; it wraps
// ErrEmptyCode, ErrUnknownColor (a word that is not a colour, 0, or a number above
// MaxColors) or ErrTooManyPegs (more than MaxWidth pegs).
//
// ParseCode knows nothing of a game's rules: whether the code fits a game is for New and
// (*Game).Guess to say.
func ParseCode(s string) (Code, error) {
	var code Code
	for w := range strings.FieldsSeq(s) {
		if len(code) == MaxWidth {
			return nil, &ParseError{Input: s, Word: w, Position: MaxWidth + 1, Err: ErrTooManyPegs}
		}
		c, err := ParseColor(w)
		if err != nil {
			return nil, &ParseError{Input: s, Word: w, Position: len(code) + 1, Err: err}
		}
		code = append(code, c)
	}
	if len(code) == 0 {
		return nil, &ParseError{Input: s, Err: ErrEmptyCode}
	}
	return code, nil
}

// String writes the code as ParseCode reads it: colour names where a colour has one, numbers
// elsewhere, separated by single spaces ("Red Green Blue Yellow", "Red 9 9 Blue").
func (c Code) String() string {
	var b strings.Builder
	for i, p := range c {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// MarshalText writes the code as String does, so that a Code is a readable JSON string. It
// refuses, as ParseCode would, a code that is empty, holds colour 0 or has more than MaxWidth
// pegs, so that what it writes always reads back.
func (c Code) MarshalText() ([]byte, error) {
	switch {
	case len(c) == 0:
		return nil, fmt.Errorf("mastermind: writing code: %w", ErrEmptyCode)
	case len(c) > MaxWidth:
		return nil, fmt.Errorf("mastermind: writing code of %d pegs: %w", len(c), ErrTooManyPegs)
	}
	for i, p := range c {
		if p == 0 {
			return nil, fmt.Errorf("mastermind: writing code: peg %d is colour 0: %w", i+1, ErrUnknownColor)
		}
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a code as ParseCode does.
func (c *Code) UnmarshalText(text []byte) error {
	code, err := ParseCode(string(text))
	if err != nil {
		return err
	}
	*c = code
	return nil
}

// Equal reports whether c and d have the same colours in the same places.
func (c Code) Equal(d Code) bool {
	if len(c) != len(d) {
		return false
	}
	for i := range c {
		if c[i] != d[i] {
			return false
		}
	}
	return true
}

// ParseError is the error ParseCode returns: which word of which input was wrong, and why.
type ParseError struct {
	Input    string // the text given to ParseCode
	Word     string // the bad word; empty for ErrEmptyCode
	Position int    // the bad word's position, from 1; 0 for ErrEmptyCode
	Err      error  // ErrEmptyCode, ErrUnknownColor or ErrTooManyPegs
}

// Error says what was wrong, quoting at most the first brief.MaxQuoted bytes of the input
// and of the word, so that the message stays short whatever the input.
func (e *ParseError) Error() string {
	switch {
	case e.Position == 0:
		return fmt.Sprintf("mastermind: parsing code %s: %v", brief.Quote(e.Input), e.Err)
	case errors.Is(e.Err, ErrTooManyPegs):
		return fmt.Sprintf("mastermind: parsing code %s: %v: more than %d", brief.Quote(e.Input), e.Err, MaxWidth)
	}
	return fmt.Sprintf("mastermind: parsing code %s: peg %d %s: %v", brief.Quote(e.Input), e.Position, brief.Quote(e.Word), e.Err)
}

// Unwrap returns the cause, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Err }
