package mastermind

import (
	"errors"
	"fmt"

	"github.com/deliberate-practice/katas/internal/brief"
)

// ErrInvalidRules means a Rules value has a field out of range: fewer than 1 colour, peg or
// turn, more colours than MaxColors or more pegs than MaxWidth.
var ErrInvalidRules = errors.New("invalid rules")

// MaxWidth is the most pegs a code may have. It is far more than any game people play, and it
// keeps a code, its feedback and every message about them short: a game never holds more than
// MaxWidth pegs a code, whatever width it was asked for, and Score pairs pegs within one
// 64-bit word.
const MaxWidth = 64

// Rules are a game's settings: Dave Thomas's new(num_colors, width, max_turns).
type Rules struct {
	Colors   int `json:"colors"`   // colours 1 to Colors may be played
	Width    int `json:"width"`    // pegs in a code
	MaxTurns int `json:"maxTurns"` // guesses the code breaker may make
}

// Classic returns the traditional game's rules: six colours, four pegs, twelve turns. It is a
// function, not a variable, so that no code can change what the classic game is for every
// other package (the solver knows its shipped trees by these rules).
func Classic() Rules { return Rules{Colors: 6, Width: 4, MaxTurns: 12} }

// Validate returns an error wrapping ErrInvalidRules when a field is below 1, Colors is above
// MaxColors or Width is above MaxWidth, and nil otherwise. MaxTurns has no upper bound: a game
// keeps only the guesses actually made.
func (r Rules) Validate() error {
	switch {
	case r.Colors < 1 || r.Colors > MaxColors:
		return fmt.Errorf("mastermind: %s, want 1 to %d: %w", brief.Count(r.Colors, "colour", "colours"), MaxColors, ErrInvalidRules)
	case r.Width < 1 || r.Width > MaxWidth:
		return fmt.Errorf("mastermind: width %d, want 1 to %d: %w", r.Width, MaxWidth, ErrInvalidRules)
	case r.MaxTurns < 1:
		return fmt.Errorf("mastermind: %s, want at least 1: %w", brief.Count(r.MaxTurns, "turn", "turns"), ErrInvalidRules)
	}
	return nil
}

// CheckCode reports whether c is a valid guess under r: Width pegs, each a colour from 1 to
// Colors. The error wraps ErrGuessTooShort, ErrGuessTooLong or ErrInvalidPeg, and names the
// bad peg's position and colour.
func (r Rules) CheckCode(c Code) error {
	if err := checkWidth("guess", c, r.Width, ErrGuessTooShort, ErrGuessTooLong); err != nil {
		return err
	}
	return r.checkPegs("guess", c, ErrInvalidPeg)
}

// checkSecret is Check for a secret: every error wraps ErrInvalidSecret.
func (r Rules) checkSecret(c Code) error {
	if err := checkWidth("secret", c, r.Width, ErrInvalidSecret, ErrInvalidSecret); err != nil {
		return err
	}
	return r.checkPegs("secret", c, ErrInvalidSecret)
}

func (r Rules) checkPegs(what string, c Code, invalid error) error {
	for i, p := range c {
		if p < 1 || int(p) > r.Colors {
			return fmt.Errorf("mastermind: %s peg %d is colour %d, want 1 to %d: %w", what, i+1, p, r.Colors, invalid)
		}
	}
	return nil
}

func checkWidth(what string, c Code, width int, short, long error) error {
	switch {
	case len(c) < width:
		return fmt.Errorf("mastermind: %s has %s, want %d: %w", what, brief.Count(len(c), "peg", "pegs"), width, short)
	case len(c) > width:
		return fmt.Errorf("mastermind: %s has %s, want %d: %w", what, brief.Count(len(c), "peg", "pegs"), width, long)
	}
	return nil
}

// CheckFeedback reports whether some secret could give feedback f to a guess under r: no
// negative count, at most Width pegs in all, never Width-1 black with 1 white (the last peg
// would be black too), and with one colour only every peg black. The error is a
// *FeedbackError, which wraps ErrImpossibleFeedback; for rules that Validate refuses, its
// error. It checks the counts one at a time, so no number, however large, can overflow it.
func (r Rules) CheckFeedback(f Feedback) error {
	if err := r.Validate(); err != nil {
		return err
	}
	w := r.Width
	switch {
	case f.Black < 0 || f.White < 0:
		return &FeedbackError{f, fmt.Sprintf("%d black and %d white: counts cannot be negative", f.Black, f.White)}
	case f.Black > w || f.White > w-f.Black:
		return &FeedbackError{f, fmt.Sprintf("%d black and %d white: more than %d key pegs", f.Black, f.White, w)}
	case f.Black == w-1 && f.White == 1:
		return &FeedbackError{f, fmt.Sprintf("%d black and 1 white cannot happen: the last peg would be black too", f.Black)}
	case r.Colors == 1 && f.Black != w:
		return &FeedbackError{f, fmt.Sprintf("%d black and %d white cannot happen with 1 colour: every peg is black", f.Black, f.White)}
	}
	return nil
}

// FeedbackError is CheckFeedback's error: feedback no secret can give, and why.
type FeedbackError struct {
	Feedback Feedback
	Why      string // "3 black and 1 white cannot happen: the last peg would be black too"
}

// Error says why the feedback cannot be: "mastermind: 3 black and 1 white cannot happen: the
// last peg would be black too: impossible feedback".
func (e *FeedbackError) Error() string {
	return "mastermind: " + e.Why + ": " + ErrImpossibleFeedback.Error()
}

// Unwrap returns ErrImpossibleFeedback, for errors.Is.
func (e *FeedbackError) Unwrap() error { return ErrImpossibleFeedback }

// Consistent reports whether secret would have given each turn's feedback: whether a code
// breaker who has seen board could still think it the secret. It returns an error when the
// secret or a turn's guess does not fit the rules.
func Consistent(r Rules, board []Turn, secret Code) (bool, error) {
	if err := r.CheckCode(secret); err != nil {
		return false, fmt.Errorf("mastermind: secret: %w", err)
	}
	for i, t := range board {
		if err := r.CheckCode(t.Guess); err != nil {
			return false, fmt.Errorf("mastermind: turn %d: %w", i+1, err)
		}
		if f, _ := Score(secret, t.Guess); f != t.Feedback {
			return false, nil
		}
	}
	return true, nil
}
