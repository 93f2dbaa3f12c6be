package engine

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// DefaultHeight is the rows a run's screen fits where its front end knows no other — a
// pipe, CI, go test — as a terminal's usual 24.
const DefaultHeight = 24

// A screen is a run's summary for a person, in two parts: the head — the count, the grade,
// Next: in full and how to run it alone — which is always shown; and the list of the other
// failures, cut to the rows the head leaves, ending with how many more -v shows.
type screen struct {
	head, list []string
	more       int // failures the list holds, for its last line when it is cut
	tail       string
	asIs       bool // a screen of a few lines that says why the run stopped: shown as it is
}

// fit lays the screen out in height rows (DefaultHeight where 0) of width columns. Where the
// width is known (a terminal), the head's long lines are wrapped, indented under the line
// they continue, but for the command that runs a scenario alone, which stays whole to be
// pasted and takes the rows the terminal gives it; and the list's lines are cut to the width.
// Where it is not (a pipe), every line is whole: -v, or the log, has the full text anyway.
func (s screen) fit(width, height int) string {
	if s.asIs {
		return strings.Join(s.head, "\n")
	}
	if height <= 0 {
		height = DefaultHeight
	}
	var out []string
	rows := 0
	for _, l := range s.head {
		if width <= 0 || strings.HasPrefix(l, runAlone) {
			out = append(out, l)
			rows += rowsOf(l, width)
			continue
		}
		w := wrap(l, width)
		out = append(out, w...)
		rows += len(w)
	}
	var tail []string
	if s.tail != "" {
		tail = strings.Split(s.tail, "\n")
	}
	room := height - 1 - rows - len(tail) // a row for the shell's prompt
	list := make([]string, len(s.list))
	for i, l := range s.list {
		list[i] = l
		if width > 0 {
			list[i] = cut(l, width)
		}
	}
	if len(list) > room {
		keep := max(room-1, 1)
		last := fmt.Sprintf("  and more: -v shows every one of the %d", s.more)
		if width > 0 {
			last = cut(last, width)
		}
		list = append(list[:keep], last)
	}
	out = append(out, list...)
	out = append(out, tail...)
	return strings.Join(out, "\n")
}

// runAlone heads the line that says how to run the next scenario alone.
const runAlone = "Run it alone: "

// rowsOf is how many rows of width columns a terminal takes to show line; one where the width
// is not known.
func rowsOf(line string, width int) int {
	if width <= 0 {
		return 1
	}
	return max(1, (columns(line)+width-1)/width)
}

// escape matches a terminal's colour escapes, which take no column.
var escape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// columns is how many columns line takes on a terminal: a rune each, escapes none.
func columns(line string) int { return utf8.RuneCountInString(escape.ReplaceAllString(line, "")) }

// wrap breaks line into lines of at most width columns, at spaces where it can, each after
// the first indented four more than the line.
func wrap(line string, width int) []string {
	if columns(line) <= width || escape.MatchString(line) {
		return []string{line}
	}
	indent := strings.Repeat(" ", len(line)-len(strings.TrimLeft(line, " "))+4)
	var out []string
	rest := line
	first := true
	for {
		limit := width
		prefix := ""
		if !first {
			prefix = indent
			limit = width - len(indent)
		}
		if utf8.RuneCountInString(rest) <= limit {
			out = append(out, prefix+rest)
			return out
		}
		cutAt := byteIndexOfRune(rest, limit)
		if sp := strings.LastIndex(rest[:cutAt], " "); sp > len(rest)-len(strings.TrimLeft(rest, " ")) {
			cutAt = sp
		}
		out = append(out, prefix+strings.TrimRight(rest[:cutAt], " "))
		rest = strings.TrimLeft(rest[cutAt:], " ")
		first = false
	}
}

// cut cuts line to width columns, ending it with … where it was longer.
func cut(line string, width int) string {
	if columns(line) <= width || escape.MatchString(line) {
		return line
	}
	return strings.TrimRight(line[:byteIndexOfRune(line, width-1)], " ") + "…"
}

// byteIndexOfRune is the byte index of the nth rune of s (len(s) past its end).
func byteIndexOfRune(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}
