package mastermind

import (
	"errors"
	"fmt"
)

// ErrInvalidRules means a Rules value has a field below 1 or more colours than MaxColors.
var ErrInvalidRules = errors.New("invalid rules")

// Rules are a game's settings: the assignment's new(num_colors, width, max_turns).
type Rules struct {
	Colors   int `json:"colors"`   // colours 1 to Colors may be played
	Width    int `json:"width"`    // pegs in a code
	MaxTurns int `json:"maxTurns"` // guesses the code breaker may make
}

// Classic is the traditional game: six colours, four pegs, twelve turns.
var Classic = Rules{Colors: 6, Width: 4, MaxTurns: 12}

// Validate returns an error wrapping ErrInvalidRules when a field is below 1 or Colors is
// above MaxColors, and nil otherwise.
func (r Rules) Validate() error {
	switch {
	case r.Colors < 1 || r.Colors > MaxColors:
		return fmt.Errorf("mastermind: %d colours, want 1 to %d: %w", r.Colors, MaxColors, ErrInvalidRules)
	case r.Width < 1:
		return fmt.Errorf("mastermind: width %d, want at least 1: %w", r.Width, ErrInvalidRules)
	case r.MaxTurns < 1:
		return fmt.Errorf("mastermind: %d turns, want at least 1: %w", r.MaxTurns, ErrInvalidRules)
	}
	return nil
}

// Check reports whether c is a valid code under r: Width pegs, each a colour from 1 to
// Colors. The error wraps ErrGuessTooShort, ErrGuessTooLong or ErrInvalidPeg, and names the
// bad peg's position and colour.
func (r Rules) Check(c Code) error {
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
		return fmt.Errorf("mastermind: %s has %d pegs, want %d: %w", what, len(c), width, short)
	case len(c) > width:
		return fmt.Errorf("mastermind: %s has %d pegs, want %d: %w", what, len(c), width, long)
	}
	return nil
}
