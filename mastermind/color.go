package mastermind

import (
	"strconv"
	"strings"
)

// Color is a code peg's colour, numbered from 1 as in the assignment ("colours 1, 2, … n").
// The zero Color is no colour: it never appears in a valid code.
type Color uint8

// The named colours. Colours above Magenta have no name and are written as numbers.
const (
	Red Color = iota + 1
	Green
	Blue
	Yellow
	Purple
	Orange
	Cyan
	Magenta
)

// MaxColors is the largest number of colours a game can have: the largest Color.
const MaxColors = 255

// colorNames is indexed by Color; a constant string, so no package-level mutable state.
func colorName(c Color) string {
	switch c {
	case Red:
		return "Red"
	case Green:
		return "Green"
	case Blue:
		return "Blue"
	case Yellow:
		return "Yellow"
	case Purple:
		return "Purple"
	case Orange:
		return "Orange"
	case Cyan:
		return "Cyan"
	case Magenta:
		return "Magenta"
	}
	return ""
}

// String returns the colour's name ("Red"), or its number ("9") where it has no name.
func (c Color) String() string {
	if name := colorName(c); name != "" {
		return name
	}
	return strconv.Itoa(int(c))
}

// ParseColor reads one colour: a name in any case ("red", "Red") or a number from 1 to
// MaxColors ("3"). Anything else, 0 and numbers above MaxColors included, returns
// ErrUnknownColor.
func ParseColor(s string) (Color, error) {
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		n, err := strconv.ParseUint(s, 10, 8)
		if err != nil || n < 1 || n > MaxColors {
			return 0, ErrUnknownColor
		}
		return Color(n), nil
	}
	for c := Red; c <= Magenta; c++ {
		if strings.EqualFold(s, colorName(c)) {
			return c, nil
		}
	}
	return 0, ErrUnknownColor
}
