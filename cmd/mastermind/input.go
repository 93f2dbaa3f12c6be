package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/mastermind"
)

// parseGuess reads a code as a player types it: colour names in any case, initials, or
// numbers, separated by spaces or commas; or, for codes of named colours, initials run
// together ("RGBY"), or, with nine colours or fewer, digits run together ("3235"). It checks
// the code against the rules and says plainly what is wrong.
func parseGuess(r mastermind.Rules, s string) (mastermind.Code, error) {
	words := strings.FieldsFunc(s, func(c rune) bool { return unicode.IsSpace(c) || c == ',' })
	if len(words) == 1 && len(words[0]) == r.Width && r.Width > 1 {
		if code, ok := compact(r, words[0]); ok {
			return code, nil
		}
	}
	if len(words) == 0 {
		return nil, errors.New("type a guess, hint, help or quit")
	}
	code := make(mastermind.Code, 0, len(words))
	for i, w := range words {
		c, err := parseColor(r, w)
		if err != nil {
			return nil, fmt.Errorf("peg %d: %v", i+1, err)
		}
		code = append(code, c)
	}
	if len(code) != r.Width {
		return nil, fmt.Errorf("%d pegs; a guess has %d", len(code), r.Width)
	}
	return code, nil
}

// compact reads pegs run together, one character each: initials, or digits when there are
// nine colours or fewer.
func compact(r mastermind.Rules, w string) (mastermind.Code, bool) {
	code := make(mastermind.Code, len(w))
	for i := range len(w) {
		if isDigit(w[i]) && r.Colors > 9 {
			return nil, false
		}
		c, err := parseColor(r, w[i:i+1])
		if err != nil {
			return nil, false
		}
		code[i] = c
	}
	return code, true
}

// parseColor reads one peg: a name, an initial or a number, within the rules' colours.
func parseColor(r mastermind.Rules, w string) (mastermind.Color, error) {
	if n, err := strconv.Atoi(w); err == nil {
		if n < 1 || n > r.Colors {
			return 0, fmt.Errorf("%d is not a colour; colours are 1 to %d", n, r.Colors)
		}
		return mastermind.Color(n), nil
	}
	for n := 1; n <= r.Colors; n++ {
		c := mastermind.Color(n)
		name := c.String()
		if strings.EqualFold(w, name) || (len(w) == 1 && !isDigit(name[0]) && strings.EqualFold(w, name[:1])) {
			return c, nil
		}
	}
	return 0, fmt.Errorf("%s is not a colour; colours are %s", brief.Quote(w), palette(r))
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// palette lists the colours of the rules, with initials where they have names.
func palette(r mastermind.Rules) string {
	var names []string
	for n := 1; n <= min(r.Colors, 8); n++ {
		c := mastermind.Color(n)
		names = append(names, fmt.Sprintf("%s (%s, %d)", c, c.String()[:1], n))
	}
	if r.Colors > 8 {
		names = append(names, fmt.Sprintf("and 9 to %d", r.Colors))
	}
	return strings.Join(names, ", ")
}

// parseAnswer reads the key pegs a player gives the computer: "B B W" or "bbw", "-" or
// "none" for no pegs, or counts "2 1" (black, then white). It refuses, as
// (mastermind.Rules).CheckFeedback does, feedback no secret can give.
func parseAnswer(r mastermind.Rules, s string) (mastermind.Feedback, error) {
	switch strings.ToLower(s) {
	case "":
		return mastermind.Feedback{}, errors.New(`answer with key pegs ("B B W"), "-" for none, or counts ("2 1")`)
	case "-", "none":
		return mastermind.Feedback{}, nil
	}
	if f := strings.Fields(s); len(f) == 2 {
		b, errB := strconv.Atoi(f[0])
		w, errW := strconv.Atoi(f[1])
		if errB == nil && errW == nil {
			fb := mastermind.Feedback{Black: b, White: w}
			return fb, r.CheckFeedback(fb)
		}
	}
	fb, err := mastermind.ParseFeedback(s)
	if err != nil {
		return fb, fmt.Errorf(`%s: answer with key pegs ("B B W"), "-" for none, or counts ("2 1")`, brief.Quote(s))
	}
	return fb, r.CheckFeedback(fb)
}
