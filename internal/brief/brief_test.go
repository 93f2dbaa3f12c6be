package brief_test

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/deliberate-practice/katas/internal/brief"
)

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"Red Green", `"Red Green"`},
		{strings.Repeat("a", brief.MaxQuoted), strconv.Quote(strings.Repeat("a", brief.MaxQuoted))},
		// A string only a little longer is quoted whole: never cut to something longer.
		{strings.Repeat("a", brief.MaxQuoted+9), strconv.Quote(strings.Repeat("a", brief.MaxQuoted+9))},
		{strings.Repeat("a", brief.MaxQuoted+20), `"` + strings.Repeat("a", brief.MaxQuoted) + `"… (60 bytes)`},
		// A cut never splits a character: "é" is two bytes.
		{strings.Repeat("a", brief.MaxQuoted-1) + strings.Repeat("é", 8), `"` + strings.Repeat("a", brief.MaxQuoted-1) + `"… (55 bytes)`},
	}
	for _, tt := range tests {
		if got := brief.Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%.50q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestQuoteIsBounded(t *testing.T) {
	for _, s := range []string{strings.Repeat("\x00", 10<<20), strings.Repeat("日", 1<<20), strings.Repeat("\xff", 1000)} {
		got := brief.Quote(s)
		if len(got) > 4*brief.MaxQuoted+30 {
			t.Errorf("Quote of %d bytes is %d bytes long: %.80s", len(s), len(got), got)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Quote(%.20q…) = %q is not valid UTF-8", s, got)
		}
	}
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 pegs"}, {1, "1 peg"}, {2, "2 pegs"}, {-1, "-1 pegs"}} {
		if got := brief.Count(tt.n, "peg", "pegs"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestSafeEscapesEveryPlane: a character past the first 65,536 is escaped whole, \U and eight
// digits, never as four digits and a character after them; plain text is left as it is.
func TestSafeEscapesEveryPlane(t *testing.T) {
	for in, want := range map[string]string{
		"a\U000E0001b":       `a\U000e0001b`,
		"\x1b[31m\u0085\xff": `\x1b[31m\u0085\xff`,
		"plain, é and 😀":     "plain, é and 😀",
		"tab\tand\nnewline":  "tab\tand\nnewline",
	} {
		if got := brief.Safe(in); got != want {
			t.Errorf("Safe(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestThousands: a count with a comma between its thousands, negative ones and the least int
// too (whose negation is itself).
func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1296: "1,296", -5801: "-5,801", 1000000: "1,000,000",
		math.MinInt64: "-9,223,372,036,854,775,808", math.MaxInt64: "9,223,372,036,854,775,807"} {
		if got := brief.Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
	if got := brief.CountThousands(1296, "game", "games"); got != "1,296 games" {
		t.Errorf("Count(1296) = %q", got)
	}
}
