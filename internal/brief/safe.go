package brief

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Safe returns text from outside — a program's standard error, its messages — with every
// byte that is not UTF-8, and every control or non-printing character but newline and tab,
// written as an escape a person can read: \xff, \x1b, \u0085, \U000e0001. Nothing is dropped and nothing
// reaches a terminal, an XML report or a JSON report raw; the terminal output and both
// reports use it, so that they show the same bytes the same way.
func Safe(s string) string {
	clean := true
	for _, r := range s {
		if unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x80 && unsafeRune(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r) && r > 0xFFFF:
			fmt.Fprintf(&b, `\U%08x`, r) // \u and four digits would read as another character and a digit
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unsafeRune reports whether r must be escaped: a control character other than newline and
// tab, a character XML cannot hold, or the replacement character that stands for bytes lost.
func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r == utf8.RuneError, r == 0xFFFE, r == 0xFFFF:
		return true
	case r >= 0xD800 && r <= 0xDFFF:
		return true
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) && r != 0x200D
}
