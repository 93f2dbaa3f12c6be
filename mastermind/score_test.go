package mastermind_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

func TestScore(t *testing.T) {
	tests := []struct {
		secret, guess string
		want          mastermind.Feedback
	}{
		// The seed's table.
		{"Red Green Blue Yellow", "Red Purple Purple Purple", mastermind.Feedback{Black: 1}},
		{"Red Green Blue Yellow", "Purple Purple Purple Purple", mastermind.Feedback{}},
		{"Red Green Blue Yellow", "Purple Red Purple Purple", mastermind.Feedback{White: 1}},
		{"Red Green Blue Yellow", "Red Purple Green Purple", mastermind.Feedback{Black: 1, White: 1}},
		{"Red Green Blue Yellow", "Red Green Blue Purple", mastermind.Feedback{Black: 3}},
		{"Red Green Blue Yellow", "Red Yellow Blue Green", mastermind.Feedback{Black: 2, White: 2}},
		{"Red Green Blue Yellow", "Yellow Blue Green Red", mastermind.Feedback{White: 4}},
		{"Red Green Blue Yellow", "Red Green Blue Yellow", mastermind.Feedback{Black: 4}},
		{"Red Green Blue Yellow", "Red Red Red Purple", mastermind.Feedback{Black: 1}},
		{"Green Red Blue Yellow", "Green Yellow Red Blue", mastermind.Feedback{Black: 1, White: 3}},
		{"Green Red Blue Yellow", "Red Green Yellow Blue", mastermind.Feedback{White: 4}},
		{"Green Red Blue Yellow", "Green Red Yellow Blue", mastermind.Feedback{Black: 2, White: 2}},
		{"Red Green Red Yellow", "Red Red Purple Purple", mastermind.Feedback{Black: 1, White: 1}},
		{"Red Red Red Yellow", "Red Green Purple Purple", mastermind.Feedback{Black: 1}},
		{"Red Red Blue Yellow", "Purple Purple Red Purple", mastermind.Feedback{White: 1}},
		{"Red Blue Blue Yellow", "Purple Purple Red Red", mastermind.Feedback{White: 1}},
		// The assignment's worked example.
		{"3 2 3 5", "1 1 2 2", mastermind.Feedback{White: 1}},
		{"3 2 3 5", "3 3 4 4", mastermind.Feedback{Black: 1, White: 1}},
		{"3 2 3 5", "3 1 3 6", mastermind.Feedback{Black: 2}},
		// Other widths.
		{"1", "1", mastermind.Feedback{Black: 1}},
		{"1 2 3 4 5 6 7 8", "8 7 6 5 4 3 2 1", mastermind.Feedback{White: 8}},
	}
	for _, tt := range tests {
		got, err := mastermind.Score(mustParse(tt.secret), mustParse(tt.guess))
		if err != nil || got != tt.want {
			t.Errorf("Score(%s, %s) = %v, %v, want %v", tt.secret, tt.guess, got, err, tt.want)
		}
	}
}

// TestScoreAllClassic scores every pair of the 1296 classic codes against the reference
// counting loop, and checks symmetry and that the inputs are left as they were.
func TestScoreAllClassic(t *testing.T) {
	codes := allCodes(6, 4)
	if len(codes) != 1296 {
		t.Fatalf("%d classic codes, want 1296", len(codes))
	}
	for _, s := range codes {
		before := s.String()
		for _, g := range codes {
			got, err := mastermind.Score(s, g)
			if want := referenceScore(s, g); err != nil || got != want {
				t.Fatalf("Score(%v, %v) = %v, %v, want %v", s, g, got, err, want)
			}
			if back, _ := mastermind.Score(g, s); back != got {
				t.Fatalf("Score(%v, %v) = %v but Score(%v, %v) = %v", s, g, got, g, s, back)
			}
		}
		if s.String() != before {
			t.Fatalf("Score changed its input %s to %s", before, s)
		}
	}
}

// TestScoreEveryPath scores random pairs of every width Score treats differently — 4 to 8
// pegs of colours 1 to 8 counted a byte a colour, other colours and widths paired peg by peg,
// up to MaxWidth — in few colours and many, colour 0 included (9 colours from 0 mix codes of
// colours 1 to 8 with codes holding 0), against the plain counting loop, and checks symmetry.
func TestScoreEveryPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 15))
	for _, shape := range []struct{ colors, width int }{
		{3, 1}, {3, 2}, {4, 3}, {2, 4}, {6, 4}, {9, 4}, {256, 4}, {8, 5}, {9, 5}, {3, 6}, {9, 6}, {9, 7}, {256, 7}, {2, 8}, {9, 8}, {256, 8},
		{2, 9}, {15, 15}, {16, 16}, {8, 40}, {256, 64}, {2, 64}, {1, 64},
	} {
		for range 2000 {
			secret, guess := make(mastermind.Code, shape.width), make(mastermind.Code, shape.width)
			for i := range secret {
				// Colours from 0 to colors-1: 0 is not a valid colour, but Score must still count it.
				secret[i], guess[i] = mastermind.Color(rng.IntN(shape.colors)), mastermind.Color(rng.IntN(shape.colors))
			}
			got, err := mastermind.Score(secret, guess)
			if want := referenceScore(secret, guess); err != nil || got != want {
				t.Fatalf("Score(%v, %v) = %v, %v, want %v", secret, guess, got, err, want)
			}
			if back, _ := mastermind.Score(guess, secret); back != got {
				t.Fatalf("Score is not symmetric on %v, %v", secret, guess)
			}
		}
	}
}

func TestScoreRefusesCodesWiderThanMaxWidth(t *testing.T) {
	wide := make(mastermind.Code, mastermind.MaxWidth+1)
	_, err := mastermind.Score(wide, wide)
	if !errors.Is(err, mastermind.ErrGuessTooLong) || err.Error() != "mastermind: secret has more than 64 pegs: guess too long" {
		t.Errorf("Score of two codes of %d pegs: %v", len(wide), err)
	}
}

func TestScoreWidthMismatch(t *testing.T) {
	secret := mustParse("1 2 3 4")
	tests := []struct {
		guess mastermind.Code
		want  error
		msg   string
	}{
		{mustParse("1 2 3"), mastermind.ErrGuessTooShort, "mastermind: guess has fewer pegs than the secret's 4: guess too short"},
		{nil, mastermind.ErrGuessTooShort, "mastermind: guess has fewer pegs than the secret's 4: guess too short"},
		{mustParse("1 2 3 4 5"), mastermind.ErrGuessTooLong, "mastermind: guess has more pegs than the secret's 4: guess too long"},
		{make(mastermind.Code, 1000), mastermind.ErrGuessTooLong, "mastermind: guess has more pegs than the secret's 4: guess too long"},
	}
	for _, tt := range tests {
		f, err := mastermind.Score(secret, tt.guess)
		if !errors.Is(err, tt.want) || err.Error() != tt.msg || f != (mastermind.Feedback{}) {
			t.Errorf("Score with a guess of %d pegs = %v, %v, want %q", len(tt.guess), f, err, tt.msg)
		}
	}
	// A guess of 64 pegs against a secret of 0: the secret's width is what the error names.
	if _, err := mastermind.Score(nil, make(mastermind.Code, 64)); err == nil || err.Error() != "mastermind: guess has more pegs than the secret's 0: guess too long" {
		t.Errorf("Score(nil, 64 pegs): %v", err)
	}
	if f, err := mastermind.Score(nil, nil); err != nil || f != (mastermind.Feedback{}) {
		t.Errorf("Score(nil, nil) = %v, %v, want no pegs", f, err)
	}
}

func TestScoreAllocates(t *testing.T) {
	secret, guess := mustParse("1 2 3 4"), mustParse("4 3 2 1")
	if n := testing.AllocsPerRun(100, func() { _, _ = mastermind.Score(secret, guess) }); n != 0 {
		t.Errorf("Score allocates %v times a call, want 0", n)
	}
}

func TestFeedbackString(t *testing.T) {
	tests := []struct {
		f    mastermind.Feedback
		want string
	}{
		{mastermind.Feedback{}, ""},
		{mastermind.Feedback{Black: 1}, "B"},
		{mastermind.Feedback{White: 1}, "W"},
		{mastermind.Feedback{Black: 1, White: 1}, "B W"},
		{mastermind.Feedback{Black: 2, White: 2}, "B B W W"},
		{mastermind.Feedback{White: 4}, "W W W W"},
		{mastermind.Feedback{Black: -1}, "invalid feedback (-1 black, 0 white)"},
		{mastermind.Feedback{Black: 64}, strings.TrimSpace(strings.Repeat("B ", 64))},
		{mastermind.Feedback{Black: 60, White: 4}, strings.TrimSpace(strings.Repeat("B ", 60) + "W W W W")},
		// Feedback no code can get prints short, whatever the numbers.
		{mastermind.Feedback{Black: 65}, "invalid feedback (65 black, 0 white)"},
		{mastermind.Feedback{Black: 60, White: 5}, "invalid feedback (60 black, 5 white)"},
		{mastermind.Feedback{Black: 1e18}, "invalid feedback (1000000000000000000 black, 0 white)"},
		{mastermind.Feedback{Black: math.MaxInt, White: math.MaxInt}, "invalid feedback (9223372036854775807 black, 9223372036854775807 white)"},
	}
	for _, tt := range tests {
		if got := tt.f.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestParseFeedback(t *testing.T) {
	for b := range 9 {
		for w := range 9 - b {
			f := mastermind.Feedback{Black: b, White: w}
			got, err := mastermind.ParseFeedback(f.String())
			if err != nil || got != f {
				t.Errorf("ParseFeedback(%q) = %v, %v, want %v", f.String(), got, err, f)
			}
		}
	}
	for in, want := range map[string]mastermind.Feedback{"bbw": {Black: 2, White: 1}, " B\tW ": {Black: 1, White: 1}, "": {}} {
		if got, err := mastermind.ParseFeedback(in); err != nil || got != want {
			t.Errorf("ParseFeedback(%q) = %v, %v, want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"W B", "B X", "2 1", "B,W", strings.Repeat("B", 65)} {
		if got, err := mastermind.ParseFeedback(in); !errors.Is(err, mastermind.ErrInvalidFeedback) {
			t.Errorf("ParseFeedback(%q) = %v, %v, want ErrInvalidFeedback", in, got, err)
		}
	}
}

func FuzzScore(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4}, []byte{4, 3, 2, 1})
	f.Add([]byte{1, 1, 1, 2}, []byte{1, 2, 2, 2})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		n := min(len(a), len(b))
		secret, guess := make(mastermind.Code, n), make(mastermind.Code, n)
		for i := range n {
			secret[i], guess[i] = mastermind.Color(a[i]), mastermind.Color(b[i])
		}
		got, err := mastermind.Score(secret, guess)
		if n > mastermind.MaxWidth {
			if !errors.Is(err, mastermind.ErrGuessTooLong) {
				t.Fatalf("Score of %d pegs: %v, want ErrGuessTooLong", n, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("Score(%v, %v): %v", secret, guess, err)
		}
		if got.Black < 0 || got.White < 0 || got.Black+got.White > n {
			t.Fatalf("Score(%v, %v) = %+v: pegs out of range for width %d", secret, guess, got, n)
		}
		if back, _ := mastermind.Score(guess, secret); back != got {
			t.Fatalf("Score(%v, %v) = %+v, Score(%v, %v) = %+v", secret, guess, got, guess, secret, back)
		}
		if want := referenceScore(secret, guess); got != want {
			t.Fatalf("Score(%v, %v) = %+v, reference %+v", secret, guess, got, want)
		}
	})
}
