package mastermind

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/deliberate-practice/katas/internal/brief"
)

// Errors the parsers return inside a *ParseError.
var (
	// ErrEmptyCode means the text held no pegs at all.
	ErrEmptyCode = errors.New("empty code")
	// ErrUnknownColor means a word is neither a colour's name, nor its initial where that is
	// read, nor a number from 1 to MaxColors.
	ErrUnknownColor = errors.New("unknown colour")
	// ErrTooManyPegs means the text held more than MaxWidth pegs.
	ErrTooManyPegs = errors.New("too many pegs")
	// ErrInvalidFeedback means a text is not key pegs in the seed's notation.
	ErrInvalidFeedback = errors.New("invalid feedback")
)

// ParseError is the error of every parser in the package: what it was reading, from which
// text, which peg was wrong when one was, and why. Err is one of the package's sentinels, for
// errors.Is.
type ParseError struct {
	What  string // "colour", "code", "guess" or "feedback"
	Input string // the text given
	Peg   int    // the position of the wrong peg, from 1 (a key peg for feedback); 0 when no one peg is wrong
	Word  string // the wrong peg as written; empty when Peg is 0
	Why   string // more about what is wrong, or empty: "colours are 1 to 6"
	Err   error  // ErrEmptyCode, ErrUnknownColor, ErrTooManyPegs, ErrInvalidFeedback, or for a guess ErrInvalidPeg, ErrGuessTooShort or ErrGuessTooLong
}

// Error says what was wrong: "mastermind: parsing code "Red Pink": peg 2 "Pink": unknown
// colour". It quotes at most the first brief.MaxQuoted bytes of the input and of the peg, so
// that the message stays short whatever the input.
func (e *ParseError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mastermind: parsing %s %s: ", e.What, brief.Quote(e.Input))
	if e.Peg > 0 {
		peg := "peg"
		if e.What == "feedback" {
			peg = "key peg"
		}
		fmt.Fprintf(&b, "%s %d %s: ", peg, e.Peg, brief.Quote(e.Word))
	}
	if e.Why != "" {
		b.WriteString(e.Why + ": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the cause, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Err }

// colorNumber reads a colour's name in any case, or a whole number as written, without
// judging whether the number is a colour. ok is false for anything else.
func colorNumber(w string) (n int, ok bool) {
	if w != "" && (w[0] >= '0' && w[0] <= '9' || w[0] == '-' || w[0] == '+') {
		n, err := strconv.Atoi(w)
		return n, err == nil
	}
	for c := Red; c <= Magenta; c++ {
		if strings.EqualFold(w, colorName(c)) {
			return int(c), true
		}
	}
	return 0, false
}

// isColorName reports whether w is a colour's name, in any case.
func isColorName(w string) bool {
	n, ok := colorNumber(w)
	return ok && strings.EqualFold(w, colorName(Color(n)))
}

// ParseColor reads one colour: a name in any case ("red", "Red") or a number from 1 to
// MaxColors ("3"). Anything else returns a *ParseError wrapping ErrUnknownColor.
func ParseColor(s string) (Color, error) {
	if n, ok := colorNumber(s); ok && n >= 1 && n <= MaxColors {
		return Color(n), nil
	}
	return 0, &ParseError{What: "colour", Input: s, Err: ErrUnknownColor, Why: colorWhy(s)}
}

// colorWhy explains an unknown colour that is a number.
func colorWhy(w string) string {
	if _, ok := colorNumber(w); ok || strings.TrimLeft(w, "+-0123456789") == "" && w != "" {
		return fmt.Sprintf("colours are numbered 1 to %d", MaxColors)
	}
	return ""
}

// ParseCode reads a code from colour names in any case or numbers from 1, separated by white
// space: "Red Green Blue Yellow", "red green blue yellow", "3 2 3 5". Names and numbers may be
// mixed. It reads what Code.String writes. The error, a *ParseError, names the bad peg; it
// wraps ErrEmptyCode, ErrUnknownColor (a word that is not a colour, 0, or a number above
// MaxColors) or ErrTooManyPegs (more than MaxWidth pegs).
//
// ParseCode knows nothing of a game's rules: whether the code fits a game is for New and
// (*Game).Guess to say. (Rules).ParseGuess reads a guess as a player types it.
func ParseCode(s string) (Code, error) {
	var code Code
	for w := range strings.FieldsSeq(s) {
		if len(code) == MaxWidth {
			return nil, tooMany("code", s, w)
		}
		n, ok := colorNumber(w)
		if !ok || n < 1 || n > MaxColors {
			return nil, &ParseError{What: "code", Input: s, Peg: len(code) + 1, Word: w, Err: ErrUnknownColor, Why: colorWhy(w)}
		}
		code = append(code, Color(n))
	}
	if len(code) == 0 {
		return nil, &ParseError{What: "code", Input: s, Err: ErrEmptyCode}
	}
	return code, nil
}

func tooMany(what, s, w string) error {
	return &ParseError{What: what, Input: s, Peg: MaxWidth + 1, Word: w, Err: ErrTooManyPegs, Why: fmt.Sprintf("a code has at most %d pegs", MaxWidth)}
}

// ParseGuess reads a guess as a player types it, and checks it against the rules: colour
// names in any case, initials (R G B Y P O C M) or numbers, separated by spaces or commas
// ("red, green, 3 Y"); or, when a guess is a single word as long as the code, pegs run
// together: initials ("RGBY") or, with at most nine colours, digits ("3235"). The error, a
// *ParseError, names the peg that is wrong, counting a run-together guess's letters ("RGBQ":
// peg 4 "Q"); it wraps ErrUnknownColor, ErrInvalidPeg (a colour outside the rules),
// ErrEmptyCode, ErrGuessTooShort or ErrGuessTooLong.
func (r Rules) ParseGuess(s string) (Code, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	sep := func(c rune) bool { return unicode.IsSpace(c) || c == ',' }
	n, single := 0, ""
	for w := range strings.FieldsFuncSeq(s, sep) {
		n++
		single = w
	}
	if n == 0 {
		return nil, &ParseError{What: "guess", Input: s, Err: ErrEmptyCode}
	}
	if n == 1 && len(single) == r.Width && r.Width > 1 && !isColorName(single) {
		return r.parseRunTogether(s, single)
	}
	if n == 1 && r.Width > 1 && r.runTogether(single) {
		// Pegs run together, but not as many as the code has: "rgb" for four pegs.
		cause := ErrGuessTooShort
		if len(single) > r.Width {
			cause = ErrGuessTooLong
		}
		return nil, &ParseError{What: "guess", Input: s, Err: cause, Why: fmt.Sprintf("%s, want %d", brief.Count(len(single), "peg", "pegs"), r.Width)}
	}
	code := make(Code, 0, r.Width)
	i := 0
	for w := range strings.FieldsFuncSeq(s, sep) {
		if i++; i > r.Width {
			break // too long: said below
		}
		c, err := r.guessPeg(s, i, w)
		if err != nil {
			return nil, err
		}
		code = append(code, c)
	}
	if n != r.Width {
		cause := ErrGuessTooShort
		if n > r.Width {
			cause = ErrGuessTooLong
		}
		return nil, &ParseError{What: "guess", Input: s, Err: cause, Why: fmt.Sprintf("%s, want %d", brief.Count(n, "peg", "pegs"), r.Width)}
	}
	return code, nil
}

// runTogether reports whether a word reads as pegs run together: two or more initials of the
// rules' named colours or, with at most nine colours, digits, and no colour's name.
func (r Rules) runTogether(w string) bool {
	if len(w) < 2 || isColorName(w) {
		return false
	}
	for i := range len(w) {
		ch := w[i]
		switch {
		case ch >= '1' && ch <= '9' && r.Colors <= 9:
		case slices.ContainsFunc(colorsNamed(r), func(c Color) bool { return initial(c) == byte(unicode.ToUpper(rune(ch))) }):
		default:
			return false
		}
	}
	return true
}

// colorsNamed returns the rules' colours that have names.
func colorsNamed(r Rules) []Color {
	var out []Color
	for c := Red; c <= Magenta && int(c) <= r.Colors; c++ {
		out = append(out, c)
	}
	return out
}

// parseRunTogether reads pegs run together, one character each.
func (r Rules) parseRunTogether(s, w string) (Code, error) {
	code := make(Code, len(w))
	for i := range len(w) {
		ch := w[i : i+1]
		if ch[0] >= '0' && ch[0] <= '9' && r.Colors > 9 {
			return nil, &ParseError{What: "guess", Input: s, Peg: i + 1, Word: ch, Err: ErrUnknownColor,
				Why: fmt.Sprintf("with %d colours, digits run together are ambiguous; separate the pegs with spaces", r.Colors)}
		}
		c, err := r.guessPeg(s, i+1, ch)
		if err != nil {
			return nil, err
		}
		code[i] = c
	}
	return code, nil
}

// guessPeg reads peg number i of a guess: a name, an initial or a number, within the rules.
func (r Rules) guessPeg(s string, i int, w string) (Color, error) {
	n, ok := colorNumber(w)
	if !ok && len(w) == 1 {
		for c := Red; c <= Magenta; c++ {
			if initial(c) == byte(unicode.ToUpper(rune(w[0]))) {
				n, ok = int(c), true
			}
		}
	}
	switch {
	case !ok:
		return 0, &ParseError{What: "guess", Input: s, Peg: i, Word: w, Err: ErrUnknownColor}
	case n < 1 || n > r.Colors:
		return 0, &ParseError{What: "guess", Input: s, Peg: i, Word: w, Err: ErrInvalidPeg,
			Why: fmt.Sprintf("this game's colours are 1 to %d", r.Colors)}
	}
	return Color(n), nil
}

// ParseFeedback reads feedback in the seed's notation: "B" and "W" in either case, separated
// by white space or not ("B B W", "bbw"); "" is no pegs. Black pegs come before white ones, as
// the code maker places them. Anything else, or more than MaxWidth key pegs, returns a
// *ParseError wrapping ErrInvalidFeedback that names the key peg.
func ParseFeedback(s string) (Feedback, error) {
	var f Feedback
	for _, r := range s {
		if r == ' ' || r == '\t' {
			continue
		}
		peg := f.Black + f.White + 1
		bad := func(why string) error {
			return &ParseError{What: "feedback", Input: s, Peg: peg, Word: string(r), Why: why, Err: ErrInvalidFeedback}
		}
		switch r {
		case 'B', 'b':
			if f.White > 0 {
				return Feedback{}, bad("a black peg after a white one")
			}
			f.Black++
		case 'W', 'w':
			f.White++
		default:
			return Feedback{}, bad("not B or W")
		}
		if peg > MaxWidth {
			return Feedback{}, bad(fmt.Sprintf("more than %d key pegs", MaxWidth))
		}
	}
	return f, nil
}
