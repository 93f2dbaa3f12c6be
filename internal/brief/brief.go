// Package brief writes inputs from outside into messages: short (Quote, QuoteLong, Count,
// Thousands), for
// an error about a 10 MB input must not be 10 MB long, and safe to show (Safe), for a byte a
// program or a file wrote reaches no terminal, nor a report, raw.
package brief

import (
	"strconv"
	"unicode/utf8"
)

// MaxQuoted is how many bytes of an input Quote shows before it cuts the rest.
const MaxQuoted = 40

// Quote returns s quoted as strconv.Quote does when it is at most MaxQuoted bytes long;
// otherwise its first MaxQuoted bytes (cut at a character boundary), quoted, then an
// ellipsis and the length: "Red Green …"… (10485760 bytes). The result is at most about
// 4*MaxQuoted+30 bytes, whatever s is.
func Quote(s string) string { return quote(s, MaxQuoted) }

// quote quotes s, its first max bytes if it is longer, cut at a character boundary — and
// never to something longer than s itself: a string only a little longer is quoted whole.
func quote(s string, max int) string {
	if len(s) <= max+len("… ( bytes)")+len(strconv.Itoa(len(s))) {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// MaxQuotedLong is how many bytes of a line QuoteLong shows: a message of the implementation's
// own, a panic's, whole as a person reads it, yet bounded.
const MaxQuotedLong = 400

// QuoteLong is Quote for a line a person must read whole — a message, a panic — cut only past
// MaxQuotedLong bytes.
func QuoteLong(s string) string { return quote(s, MaxQuotedLong) }

// Thousands writes n with a comma between its thousands, as a person reads a count: 5,801.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	out := make([]byte, 0, len(s)+len(s)/3+1)
	if n < 0 { // the digits of the least int too, whose negation is itself
		out, s = append(out, '-'), s[1:]
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// Count returns n and the noun for it: "1 peg", "0 pegs", "3 pegs".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// CountThousands is Count with a comma between n's thousands: "1,296 games".
func CountThousands(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(n) + " " + many
}
