package mastermind

import (
	"errors"
	"fmt"
	"strings"
)

// Errors returned by ParseCode and ParseColor, inside a *ParseError.
var (
	// ErrEmptyCode means the text held no pegs at all.
	ErrEmptyCode = errors.New("empty code")
	// ErrUnknownColor means a word is neither a colour name nor a number.
	ErrUnknownColor = errors.New("unknown colour")
)

// Code is a row of code pegs: a secret or a guess. Its width is its length.
type Code []Color

// ParseCode reads a code from colour names in any case or numbers from 1, separated by white
// space: "Red Green Blue Yellow", "red green blue yellow", "3 2 3 5". Names and numbers may be
// mixed. The error, a *ParseError, names the bad word and its position; it wraps
// ErrEmptyCode, ErrUnknownColor or ErrInvalidPeg (for 0 or a number above MaxColors).
//
// ParseCode knows nothing of a game's rules: whether the code fits a game is for New and
// (*Game).Guess to say.
func ParseCode(s string) (Code, error) {
	words := strings.Fields(s)
	if len(words) == 0 {
		return nil, &ParseError{Input: s, Err: ErrEmptyCode}
	}
	code := make(Code, len(words))
	for i, w := range words {
		c, err := ParseColor(w)
		if err != nil {
			return nil, &ParseError{Input: s, Word: w, Position: i + 1, Err: err}
		}
		code[i] = c
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

// MarshalText writes the code as String does, so that a Code is a readable JSON string.
func (c Code) MarshalText() ([]byte, error) {
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
	Err      error  // ErrEmptyCode, ErrUnknownColor or ErrInvalidPeg
}

func (e *ParseError) Error() string {
	if e.Position == 0 {
		return fmt.Sprintf("mastermind: parsing code %q: %v", e.Input, e.Err)
	}
	return fmt.Sprintf("mastermind: parsing code %q: peg %d %q: %v", e.Input, e.Position, e.Word, e.Err)
}

// Unwrap returns the cause, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Err }
