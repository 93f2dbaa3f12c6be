package mastermind

import "strconv"

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

// initial returns the first letter of a named colour's name, or 0.
func initial(c Color) byte {
	if name := colorName(c); name != "" {
		return name[0]
	}
	return 0
}

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
