package mastermind

import (
	"errors"
	"fmt"
	"strings"
)

// ErrInvalidFeedback means a text is not key pegs in the seed's notation.
var ErrInvalidFeedback = errors.New("invalid feedback")

// Feedback is the code maker's answer to a guess: how many key pegs are black (right colour,
// right place) and how many white (right colour, wrong place). The zero Feedback is no pegs.
// Feedback is comparable, so it can key a map.
type Feedback struct {
	Black int `json:"black"`
	White int `json:"white"`
}

// String writes the feedback in the seed's notation: a "B" for each black peg, then a "W" for
// each white one, separated by spaces ("B B W W"); no pegs is "".
func (f Feedback) String() string {
	if f.Black < 0 || f.White < 0 {
		return fmt.Sprintf("invalid feedback (%d black, %d white)", f.Black, f.White)
	}
	var b strings.Builder
	for i := range f.Black + f.White {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i < f.Black {
			b.WriteByte('B')
		} else {
			b.WriteByte('W')
		}
	}
	return b.String()
}

// ParseFeedback reads feedback in the seed's notation: "B" and "W" in either case, separated
// by white space or not ("B B W", "bbw"); "" is no pegs. Black pegs come before white ones, as
// the code maker places them; anything else returns an error wrapping ErrInvalidFeedback.
func ParseFeedback(s string) (Feedback, error) {
	var f Feedback
	for i, r := range s {
		switch r {
		case 'B', 'b':
			if f.White > 0 {
				return Feedback{}, fmt.Errorf("mastermind: parsing feedback %q: black peg at offset %d after a white one: %w", s, i, ErrInvalidFeedback)
			}
			f.Black++
		case 'W', 'w':
			f.White++
		case ' ', '\t':
		default:
			return Feedback{}, fmt.Errorf("mastermind: parsing feedback %q: %q at offset %d is not B or W: %w", s, r, i, ErrInvalidFeedback)
		}
	}
	return f, nil
}

// Score scores guess against secret: a black peg for each peg of the right colour in the right
// place; a white peg for each other peg whose colour the secret holds elsewhere, counting a
// repeated colour only as often as the secret holds it (black pegs are counted first, and
// the pegs they match take no further part). Score is symmetric: Score(a, b) = Score(b, a).
//
// Score returns an error wrapping ErrGuessTooShort or ErrGuessTooLong when the widths differ.
// It does not check colours against any rules; (*Game).Guess does. It does not allocate.
func Score(secret, guess Code) (Feedback, error) {
	if err := checkWidth("guess", guess, len(secret), ErrGuessTooShort, ErrGuessTooLong); err != nil {
		return Feedback{}, err
	}
	return score(secret, guess), nil
}

// score assumes len(secret) == len(guess).
func score(secret, guess Code) Feedback {
	if len(secret) > 64 {
		return scoreWide(secret, guess)
	}
	// Up to 64 pegs: pair pegs with bit sets. For the usual widths this is a handful of
	// comparisons, faster than clearing a count per colour.
	var f Feedback
	var used uint64 // secret pegs already matched
	for i, s := range secret {
		if s == guess[i] {
			f.Black++
			used |= 1 << i
		}
	}
	exact := used
	for i, g := range guess {
		if exact&(1<<i) != 0 {
			continue
		}
		for j, s := range secret {
			if s == g && used&(1<<j) == 0 {
				used |= 1 << j
				f.White++
				break
			}
		}
	}
	return f
}

// scoreWide counts pegs per colour; it is linear in the width.
func scoreWide(secret, guess Code) Feedback {
	var inSecret, inGuess [MaxColors + 1]int
	var f Feedback
	for i, s := range secret {
		if s == guess[i] {
			f.Black++
			continue
		}
		inSecret[s]++
		inGuess[guess[i]]++
	}
	for c := range inSecret {
		f.White += min(inSecret[c], inGuess[c])
	}
	return f
}
