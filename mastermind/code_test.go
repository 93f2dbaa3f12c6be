package mastermind_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

func TestColorString(t *testing.T) {
	tests := []struct {
		c    mastermind.Color
		want string
	}{
		{mastermind.Red, "Red"}, {mastermind.Green, "Green"}, {mastermind.Blue, "Blue"},
		{mastermind.Yellow, "Yellow"}, {mastermind.Purple, "Purple"}, {mastermind.Orange, "Orange"},
		{mastermind.Cyan, "Cyan"}, {mastermind.Magenta, "Magenta"},
		{9, "9"}, {255, "255"}, {0, "0"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("Color(%d).String() = %q, want %q", uint8(tt.c), got, tt.want)
		}
	}
}

func TestColorRoundTrip(t *testing.T) {
	for n := 1; n <= mastermind.MaxColors; n++ {
		c := mastermind.Color(n)
		got, err := mastermind.ParseColor(c.String())
		if err != nil || got != c {
			t.Errorf("ParseColor(%q) = %v, %v, want %v", c.String(), got, err, c)
		}
		got, err = mastermind.ParseColor(strconv.Itoa(n))
		if err != nil || got != c {
			t.Errorf("ParseColor(%q) = %v, %v, want %v", strconv.Itoa(n), got, err, c)
		}
	}
}

func TestParseCode(t *testing.T) {
	c := func(cs ...mastermind.Color) mastermind.Code { return cs }
	tests := []struct {
		in   string
		want mastermind.Code
	}{
		{"Red Green Blue Yellow", c(1, 2, 3, 4)},
		{"red GREEN bLuE yellow", c(1, 2, 3, 4)},
		{"3 2 3 5", c(3, 2, 3, 5)},
		{"  Purple\tOrange 6  ", c(5, 6, 6)},
		{"Cyan Magenta 9 255", c(7, 8, 9, 255)},
		{"1", c(1)},
	}
	for _, tt := range tests {
		got, err := mastermind.ParseCode(tt.in)
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("ParseCode(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseCodeErrors(t *testing.T) {
	tests := []struct {
		in       string
		word     string
		position int
		err      error
		msg      string
	}{
		{"", "", 0, mastermind.ErrEmptyCode, `mastermind: parsing code "": empty code`},
		{"   ", "", 0, mastermind.ErrEmptyCode, `mastermind: parsing code "   ": empty code`},
		{"Red Pink Blue", "Pink", 2, mastermind.ErrUnknownColor, `mastermind: parsing code "Red Pink Blue": peg 2 "Pink": unknown colour`},
		// ParseCode reads secrets as well as guesses: a colour out of range is not "in guess".
		{"1 2 0", "0", 3, mastermind.ErrUnknownColor, `mastermind: parsing code "1 2 0": peg 3 "0": colours are numbered 1 to 255: unknown colour`},
		{"256", "256", 1, mastermind.ErrUnknownColor, `mastermind: parsing code "256": peg 1 "256": colours are numbered 1 to 255: unknown colour`},
		{"99999999999999999999", "99999999999999999999", 1, mastermind.ErrUnknownColor, `mastermind: parsing code "99999999999999999999": peg 1 "99999999999999999999": colours are numbered 1 to 255: unknown colour`},
		{strings.Repeat("1 ", 65), "1", 65, mastermind.ErrTooManyPegs, `mastermind: parsing code "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 "… (130 bytes): peg 65 "1": a code has at most 64 pegs: too many pegs`},
		{"Red,Green", "Red,Green", 1, mastermind.ErrUnknownColor, `mastermind: parsing code "Red,Green": peg 1 "Red,Green": unknown colour`},
		{"Red 3x", "3x", 2, mastermind.ErrUnknownColor, `mastermind: parsing code "Red 3x": peg 2 "3x": unknown colour`},
		{"-1", "-1", 1, mastermind.ErrUnknownColor, `mastermind: parsing code "-1": peg 1 "-1": colours are numbered 1 to 255: unknown colour`},
	}
	for _, tt := range tests {
		got, err := mastermind.ParseCode(tt.in)
		if got != nil {
			t.Errorf("ParseCode(%q) = %v, want nil code", tt.in, got)
		}
		var pe *mastermind.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseCode(%q) error = %v, want a *ParseError", tt.in, err)
			continue
		}
		if pe.Word != tt.word || pe.Peg != tt.position || !errors.Is(err, tt.err) {
			t.Errorf("ParseCode(%q) error = %+v, want word %q at %d wrapping %v", tt.in, pe, tt.word, tt.position, tt.err)
		}
		if err.Error() != tt.msg {
			t.Errorf("ParseCode(%q) error = %q, want %q", tt.in, err, tt.msg)
		}
	}
}

// TestParseErrorsStayShort: the message about a huge input quotes a bounded prefix of it.
func TestParseErrorsStayShort(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("x", 10<<20),
		strings.Repeat("\x00", 10<<20),
		"Red " + strings.Repeat("Pink", 1<<20),
		strings.Repeat("Red ", 1<<20),
	} {
		_, err := mastermind.ParseCode(in)
		if err == nil || len(err.Error()) > 500 {
			t.Errorf("ParseCode of %d bytes: error of %d bytes: %.300v", len(in), len(fmt.Sprint(err)), err)
		}
		_, err = mastermind.ParseFeedback(in)
		if err == nil || len(err.Error()) > 500 {
			t.Errorf("ParseFeedback of %d bytes: error of %d bytes: %.300v", len(in), len(fmt.Sprint(err)), err)
		}
	}
}

func TestCodeStringRoundTrip(t *testing.T) {
	for _, code := range allCodes(9, 3) {
		got, err := mastermind.ParseCode(code.String())
		if err != nil || !got.Equal(code) {
			t.Errorf("ParseCode(%q) = %v, %v, want %v", code.String(), got, err, code)
		}
	}
	if got, want := mustParse("3 2 3 9").String(), "Blue Green Blue 9"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestCodeEqual(t *testing.T) {
	a := mustParse("1 2 3")
	for _, tt := range []struct {
		b    mastermind.Code
		want bool
	}{{mustParse("1 2 3"), true}, {mustParse("1 2 4"), false}, {mustParse("1 2"), false}, {nil, false}} {
		if got := a.Equal(tt.b); got != tt.want {
			t.Errorf("%v.Equal(%v) = %v, want %v", a, tt.b, got, tt.want)
		}
	}
}

func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"Red Green Blue Yellow", "3 2 3 5", "", "0", "red 256", "Cyan 9 MAGENTA", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code, err := mastermind.ParseCode(s)
		if err != nil {
			var pe *mastermind.ParseError
			if !errors.As(err, &pe) || code != nil {
				t.Fatalf("ParseCode(%q) = %v, %v: want a nil code and a *ParseError", s, code, err)
			}
			return
		}
		for i, c := range code {
			if c == 0 {
				t.Fatalf("ParseCode(%q) peg %d is colour 0", s, i+1)
			}
		}
		again, err := mastermind.ParseCode(code.String())
		if err != nil || !again.Equal(code) {
			t.Fatalf("ParseCode(%q) = %v; ParseCode(%q) = %v, %v", s, code, code.String(), again, err)
		}
	})
}
