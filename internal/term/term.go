// Package term decides whether a program's output may be drawn in colour, and draws it: the
// one home of the ANSI escapes the programs write.
package term

import (
	"os"
	"strconv"
)

// IsTerminal reports whether f is a terminal (a character device).
func IsTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// UseColor decides whether to use ANSI colours: only on a terminal, unless NO_COLOR is set to
// something (https://no-color.org: set but empty does not count) or the terminal is TERM=dumb,
// which cannot show them.
func UseColor(terminal bool, getenv func(string) string) bool {
	return terminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
}

// Color is a colour as an ANSI escape sets it: its SGR parameters.
type Color string

// The colours the programs draw in.
const (
	Default Color = "39"
	Red     Color = "31"
	Green   Color = "32"
	Yellow  Color = "33"
)

// Color256 is colour n of a 256-colour terminal's palette.
func Color256(n int) Color { return Color("38;5;" + strconv.Itoa(n)) }

// Paint draws s in colour c, and back to the terminal's own colour after it.
func Paint(c Color, s string) string { return "\x1b[" + string(c) + "m" + s + "\x1b[0m" }

// ClearScreen moves to the top left corner of the terminal and clears it.
const ClearScreen = "\x1b[H\x1b[2J"
