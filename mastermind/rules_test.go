package mastermind_test

import (
	"errors"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

func TestRulesValidate(t *testing.T) {
	tests := []struct {
		r   mastermind.Rules
		msg string // "" for valid
	}{
		{mastermind.Classic, ""},
		{mastermind.Rules{Colors: 1, Width: 1, MaxTurns: 1}, ""},
		{mastermind.Rules{Colors: 255, Width: 100, MaxTurns: 1000}, ""},
		{mastermind.Rules{Colors: 0, Width: 4, MaxTurns: 12}, "mastermind: 0 colours, want 1 to 255: invalid rules"},
		{mastermind.Rules{Colors: 256, Width: 4, MaxTurns: 12}, "mastermind: 256 colours, want 1 to 255: invalid rules"},
		{mastermind.Rules{Colors: 6, Width: 0, MaxTurns: 12}, "mastermind: width 0, want at least 1: invalid rules"},
		{mastermind.Rules{Colors: 6, Width: 4, MaxTurns: -1}, "mastermind: -1 turns, want at least 1: invalid rules"},
	}
	for _, tt := range tests {
		err := tt.r.Validate()
		if tt.msg == "" {
			if err != nil {
				t.Errorf("%+v.Validate() = %v, want nil", tt.r, err)
			}
			continue
		}
		if !errors.Is(err, mastermind.ErrInvalidRules) || err.Error() != tt.msg {
			t.Errorf("%+v.Validate() = %v, want %q wrapping ErrInvalidRules", tt.r, err, tt.msg)
		}
	}
}

func TestRulesCheck(t *testing.T) {
	r := mastermind.Rules{Colors: 6, Width: 4, MaxTurns: 10}
	tests := []struct {
		code mastermind.Code
		err  error
		msg  string
	}{
		{mastermind.Code{1, 2, 3, 6}, nil, ""},
		{mastermind.Code{1, 2, 3}, mastermind.ErrGuessTooShort, "mastermind: guess has 3 pegs, want 4: guess too short"},
		{nil, mastermind.ErrGuessTooShort, "mastermind: guess has 0 pegs, want 4: guess too short"},
		{mastermind.Code{1, 2, 3, 4, 5}, mastermind.ErrGuessTooLong, "mastermind: guess has 5 pegs, want 4: guess too long"},
		{mastermind.Code{1, 2, 7, 4}, mastermind.ErrInvalidPeg, "mastermind: guess peg 3 is colour 7, want 1 to 6: invalid peg in guess"},
		{mastermind.Code{0, 2, 3, 4}, mastermind.ErrInvalidPeg, "mastermind: guess peg 1 is colour 0, want 1 to 6: invalid peg in guess"},
	}
	for _, tt := range tests {
		err := r.Check(tt.code)
		if !errors.Is(err, tt.err) || (err != nil && err.Error() != tt.msg) {
			t.Errorf("Check(%v) = %v, want %q", tt.code, err, tt.msg)
		}
	}
}
