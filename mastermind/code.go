package mastermind

import (
	"fmt"
	"strings"
)

// Code is a row of code pegs: a secret or a guess. Its width is its length.
type Code []Color

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
