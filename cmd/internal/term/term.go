// Package term decides whether a program's output may be drawn in colour.
package term

import "os"

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
