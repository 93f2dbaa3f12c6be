package mastermind

import (
	"fmt"
	"math/bits"
	"strings"
)

// Feedback is the code maker's answer to a guess: how many key pegs are black (right colour,
// right place) and how many white (right colour, wrong place). The zero Feedback is no pegs.
// Feedback is comparable, so it can key a map.
type Feedback struct {
	Black int `json:"black"`
	White int `json:"white"`
}

// String writes the feedback in the seed's notation: a "B" for each black peg, then a "W" for
// each white one, separated by spaces ("B B W W"); no pegs is "". Feedback that no code of at
// most MaxWidth pegs can get (a negative count, or more pegs than MaxWidth) is written as
// "invalid feedback (3 black, -1 white)", so that the string stays short whatever the numbers.
func (f Feedback) String() string {
	if f.Black < 0 || f.White < 0 || f.Black > MaxWidth || f.White > MaxWidth-f.Black {
		return fmt.Sprintf("invalid feedback (%d black, %d white)", f.Black, f.White)
	}
	var b strings.Builder
	b.Grow(2 * (f.Black + f.White))
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

// Score scores guess against secret: a black peg for each peg of the right colour in the right
// place; a white peg for each other peg whose colour the secret holds elsewhere, counting a
// repeated colour only as often as the secret holds it (black pegs are counted first, and
// the pegs they match take no further part). Score is symmetric: Score(a, b) = Score(b, a).
//
// Score returns an error wrapping ErrGuessTooShort or ErrGuessTooLong when the widths differ,
// or when the codes are wider than MaxWidth. It does not check colours against any rules;
// (*Game).Guess does. It does not allocate.
func Score(secret, guess Code) (Feedback, error) {
	n := len(secret)
	if n != len(guess) || n < 4 || n > 8 {
		return scoreOther(secret, guess)
	}
	// Codes of 4 to 8 pegs, any colours, are scored without a branch on the pegs. Each code
	// is packed into the bytes of a uint64 (two 4-byte loads, which overlap for fewer than 8
	// pegs), and a byte of S^G is zero where two pegs agree. The blacks are the zero bytes of
	// S^G. For the whites, each guess peg in turn takes the first secret peg of its colour not
	// yet taken (take): the number taken is the number of pegs the codes have in common, black
	// or white. This is written out in Score, rather than called, so that a score costs one
	// call.
	s4, g4 := secret[n-4:n], guess[n-4:n]
	shift := uint(n-4) * 8 & 63
	S := uint64(secret[0]) | uint64(secret[1])<<8 | uint64(secret[2])<<16 | uint64(secret[3])<<24 |
		(uint64(s4[0])|uint64(s4[1])<<8|uint64(s4[2])<<16|uint64(s4[3])<<24)<<shift
	G := uint64(guess[0]) | uint64(guess[1])<<8 | uint64(guess[2])<<16 | uint64(guess[3])<<24 |
		(uint64(g4[0])|uint64(g4[1])<<8|uint64(g4[2])<<16|uint64(g4[3])<<24)<<shift
	pegs := uint64(highBits) >> ((64 - uint(n)*8) & 63)
	black := bits.OnesCount64(zeroBytes(S^G) & pegs)
	free := take(S, G, pegs)
	free = take(S, G>>8, free)
	free = take(S, G>>16, free)
	free = take(S, G>>24, free)
	for G >>= 32; n > 4; n-- {
		free = take(S, G, free)
		G >>= 8
	}
	return Feedback{Black: black, White: bits.OnesCount64(pegs&^free) - black}, nil
}

const (
	low7     = 0x7F7F7F7F7F7F7F7F
	highBits = 0x8080808080808080
	ones8    = 0x0101010101010101
)

// zeroBytes sets the top bit of each zero byte of x, and of no other byte, leaving the
// other bits for the caller to mask off.
func zeroBytes(x uint64) uint64 { return ^(x&low7 + low7 | x) }

// take returns free less the first secret peg (in S) of the colour of the guess peg in the
// low byte of g, if free holds one.
func take(S, g uint64, free uint64) uint64 {
	match := zeroBytes(S^(g&0xFF)*ones8) & free
	return free ^ match&-match
}

// scoreOther is Score for the codes its packed path does not take — fewer than 4 pegs or
// more than 8 — and for the errors.
func scoreOther(secret, guess Code) (Feedback, error) {
	if len(secret) > MaxWidth {
		return Feedback{}, fmt.Errorf("mastermind: secret has %d pegs, want at most %d: %w", len(secret), MaxWidth, ErrGuessTooLong)
	}
	if err := checkWidth("guess", guess, len(secret), ErrGuessTooShort, ErrGuessTooLong); err != nil {
		return Feedback{}, err
	}
	return scoreMatch(secret, guess), nil
}

// scoreMatch scores codes of any colours and up to 64 pegs by pairing pegs: blacks first,
// then each other guess peg with the first unmatched secret peg of its colour.
func scoreMatch(secret, guess Code) Feedback {
	guess = guess[:len(secret)]
	var f Feedback
	var used uint64 // secret pegs already matched
	for i, s := range secret {
		if s == guess[i] {
			f.Black++
			used |= 1 << (i & 63)
		}
	}
	exact := used
	for i, g := range guess {
		if exact&(1<<(i&63)) != 0 {
			continue
		}
		for j, s := range secret {
			if s == g && used&(1<<(j&63)) == 0 {
				used |= 1 << (j & 63)
				f.White++
				break
			}
		}
	}
	return f
}
