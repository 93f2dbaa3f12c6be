package mastermind_test

import (
	"errors"
	"math"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

func TestRulesValidate(t *testing.T) {
	tests := []struct {
		r   mastermind.Rules
		msg string // "" for valid
	}{
		{mastermind.Classic(), ""},
		{mastermind.Rules{Colors: 1, Width: 1, MaxTurns: 1}, ""},
		{mastermind.Rules{Colors: 255, Width: mastermind.MaxWidth, MaxTurns: math.MaxInt}, ""},
		{mastermind.Rules{Colors: 0, Width: 4, MaxTurns: 12}, "mastermind: 0 colours, want 1 to 255: invalid rules"},
		{mastermind.Rules{Colors: 256, Width: 4, MaxTurns: 12}, "mastermind: 256 colours, want 1 to 255: invalid rules"},
		{mastermind.Rules{Colors: 1, Width: 4, MaxTurns: 12}, ""},
		{mastermind.Rules{Colors: math.MinInt, Width: 4, MaxTurns: 12}, "mastermind: -9223372036854775808 colours, want 1 to 255: invalid rules"},
		{mastermind.Rules{Colors: 6, Width: 0, MaxTurns: 12}, "mastermind: width 0, want 1 to 64: invalid rules"},
		{mastermind.Rules{Colors: 6, Width: 65, MaxTurns: 12}, "mastermind: width 65, want 1 to 64: invalid rules"},
		{mastermind.Rules{Colors: 6, Width: math.MaxInt, MaxTurns: 12}, "mastermind: width 9223372036854775807, want 1 to 64: invalid rules"},
		{mastermind.Rules{Colors: 6, Width: 4, MaxTurns: -1}, "mastermind: -1 turns, want at least 1: invalid rules"},
		{mastermind.Rules{Colors: 6, Width: 4, MaxTurns: 0}, "mastermind: 0 turns, want at least 1: invalid rules"},
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

func TestRulesCheckCode(t *testing.T) {
	r := mastermind.Rules{Colors: 6, Width: 4, MaxTurns: 10}
	tests := []struct {
		code mastermind.Code
		err  error
		msg  string
	}{
		{mastermind.Code{1, 2, 3, 6}, nil, ""},
		{mastermind.Code{1, 2, 3}, mastermind.ErrGuessTooShort, "mastermind: guess has 3 pegs, want 4: guess too short"},
		{nil, mastermind.ErrGuessTooShort, "mastermind: guess has 0 pegs, want 4: guess too short"},
		{mastermind.Code{1}, mastermind.ErrGuessTooShort, "mastermind: guess has 1 peg, want 4: guess too short"},
		{mastermind.Code{1, 2, 3, 4, 5}, mastermind.ErrGuessTooLong, "mastermind: guess has 5 pegs, want 4: guess too long"},
		{mastermind.Code{1, 2, 7, 4}, mastermind.ErrInvalidPeg, "mastermind: guess peg 3 is colour 7, want 1 to 6: invalid peg in guess"},
		{mastermind.Code{0, 2, 3, 4}, mastermind.ErrInvalidPeg, "mastermind: guess peg 1 is colour 0, want 1 to 6: invalid peg in guess"},
	}
	for _, tt := range tests {
		err := r.CheckCode(tt.code)
		if !errors.Is(err, tt.err) || (err != nil && err.Error() != tt.msg) {
			t.Errorf("CheckCode(%v) = %v, want %q", tt.code, err, tt.msg)
		}
	}
}

func TestCheckFeedback(t *testing.T) {
	r := mastermind.Classic()
	for b := range 5 {
		for w := range 5 - b {
			err := r.CheckFeedback(mastermind.Feedback{Black: b, White: w})
			if possible := !(b == 3 && w == 1); (err == nil) != possible {
				t.Errorf("CheckFeedback(%d black, %d white) = %v", b, w, err)
			}
		}
	}
	tests := []struct {
		f   mastermind.Feedback
		msg string
	}{
		{mastermind.Feedback{Black: 3, White: 1}, "mastermind: 3 black and 1 white cannot happen: the last peg would be black too: impossible feedback"},
		{mastermind.Feedback{Black: 2, White: 3}, "mastermind: 2 black and 3 white: more than 4 key pegs: impossible feedback"},
		{mastermind.Feedback{Black: -1}, "mastermind: -1 black and 0 white: counts cannot be negative: impossible feedback"},
		// Counts whose sum overflows an int are still refused.
		{mastermind.Feedback{Black: math.MaxInt, White: 6}, "mastermind: 9223372036854775807 black and 6 white: more than 4 key pegs: impossible feedback"},
		{mastermind.Feedback{Black: 1, White: math.MaxInt}, "mastermind: 1 black and 9223372036854775807 white: more than 4 key pegs: impossible feedback"},
		{mastermind.Feedback{Black: math.MinInt, White: math.MinInt}, "mastermind: -9223372036854775808 black and -9223372036854775808 white: counts cannot be negative: impossible feedback"},
	}
	for _, tt := range tests {
		err := r.CheckFeedback(tt.f)
		if !errors.Is(err, mastermind.ErrImpossibleFeedback) || err.Error() != tt.msg {
			t.Errorf("CheckFeedback(%+v) = %v, want %q", tt.f, err, tt.msg)
		}
		// The parts of the message, for a program to say it its own way.
		var fe *mastermind.FeedbackError
		if !errors.As(err, &fe) || fe.Feedback != tt.f || "mastermind: "+fe.Why+": impossible feedback" != tt.msg {
			t.Errorf("CheckFeedback(%+v) = %#v, want a *FeedbackError with the feedback and why", tt.f, err)
		}
	}
}

// TestCheckFeedbackChecksItsRules: feedback is judged under rules that can be played, and
// with one colour only all black can be given.
func TestCheckFeedbackChecksItsRules(t *testing.T) {
	for _, r := range []mastermind.Rules{{Colors: 6, Width: 0, MaxTurns: 10}, {Colors: 0, Width: 4, MaxTurns: 10}, {Colors: 6, Width: -3, MaxTurns: 10}} {
		if err := r.CheckFeedback(mastermind.Feedback{}); !errors.Is(err, mastermind.ErrInvalidRules) {
			t.Errorf("%+v: %v, want ErrInvalidRules", r, err)
		}
	}
	one := mastermind.Rules{Colors: 1, Width: 3, MaxTurns: 5}
	if err := one.CheckFeedback(mastermind.Feedback{Black: 3}); err != nil {
		t.Errorf("all black with one colour: %v", err)
	}
	for _, f := range []mastermind.Feedback{{Black: 1}, {White: 2}} {
		if err := one.CheckFeedback(f); !errors.Is(err, mastermind.ErrImpossibleFeedback) {
			t.Errorf("%v with one colour: %v, want ErrImpossibleFeedback", f, err)
		}
	}
}
