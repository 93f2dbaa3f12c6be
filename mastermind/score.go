package mastermind

import (
	"fmt"
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
// (*Game).Guess does. It does not allocate, and it calls no other function, so that a score
// costs one call and no stack frame.
func Score(secret, guess Code) (Feedback, error) {
	n := len(secret)
	if n == len(guess) && n >= 4 && n <= 8 {
		// Codes of 4 to 8 pegs of colours 1 to 8 (every classic game, and up to 8 pegs of 8
		// colours) are scored without a branch on the pegs. colorCount gives each colour a
		// byte, so that adding up the pegs' entries counts each code's colours, a byte a
		// colour. The pegs in common, black or white, are the sum over colours of the smaller
		// count: the guess's n pegs less, for each colour, those beyond the secret's count,
		// which a byte of (cg|0x80…) - cs gives for all colours at once.
		s, g := secret[:4], guess[:4]
		cs := colorCount[s[0]] + colorCount[s[1]] + colorCount[s[2]] + colorCount[s[3]]
		cg := colorCount[g[0]] + colorCount[g[1]] + colorCount[g[2]] + colorCount[g[3]]
		black := same(s[0], g[0]) + same(s[1], g[1]) + same(s[2], g[2]) + same(s[3], g[3])
		for i := 4; i < n; i++ {
			cs += colorCount[secret[i]]
			cg += colorCount[guess[i]]
			black += same(secret[i], guess[i])
		}
		// A colour outside 1 to 8 adds 0x10 to the first byte instead (at most 0x80 from 8
		// pegs, so no byte overflows), and then a high nibble is set: such codes are scored
		// by pairing, below.
		if (cs|cg)&0xF0F0F0F0F0F0F0F0 == 0 {
			d := (cg | highBits) - cs               // a byte a colour: 0x80 + the guess's count - the secret's
			over := d & highBits >> 7 * 0x7F        // 0x7F where the guess holds as many or more
			excess := int((d & over) * ones8 >> 56) // guess pegs beyond the secret's count
			return Feedback{Black: black, White: n - excess - black}, nil
		}
	}
	switch {
	case n > MaxWidth:
		return Feedback{}, widthError(MaxWidth + 1)
	case len(guess) < n:
		return Feedback{}, widthError(n)
	case len(guess) > n:
		return Feedback{}, widthError(n) | guessLonger
	}
	// Other codes, of any colours and up to 64 pegs, are scored by pairing pegs: blacks
	// first, then each other guess peg with the first unmatched secret peg of its colour.
	guess = guess[:n]
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
	return f, nil
}

// colorCount has, for each colour from 1 to 8, a 1 in that colour's byte (colour c in byte
// c-1), and 0x10 for every other colour. It is read, never written.
var colorCount = func() (t [256]uint64) {
	for c := range t {
		t[c] = 0x10
	}
	for c := 1; c <= 8; c++ {
		t[c] = 1 << (8 * (c - 1))
	}
	return t
}()

// same is 1 if a and b are the same colour, else 0; the compiler makes it a comparison and
// a set, without a branch.
func same(a, b Color) int {
	x := 0
	if a == b {
		x = 1
	}
	return x
}

const (
	highBits = 0x8080808080808080
	ones8    = 0x0101010101010101
)

// widthError is Score's error for codes of different widths, in one byte so that returning
// it neither allocates nor calls: the secret's width (MaxWidth+1 for any wider secret), and
// guessLonger if the guess is the longer code.
type widthError uint8

const guessLonger widthError = 0x80

func (e widthError) Error() string {
	n := int(e &^ guessLonger)
	switch {
	case n > MaxWidth:
		return fmt.Sprintf("mastermind: secret has more than %d pegs: %v", MaxWidth, ErrGuessTooLong)
	case e&guessLonger != 0:
		return fmt.Sprintf("mastermind: guess has more pegs than the secret's %d: %v", n, ErrGuessTooLong)
	}
	return fmt.Sprintf("mastermind: guess has fewer pegs than the secret's %d: %v", n, ErrGuessTooShort)
}

func (e widthError) Unwrap() error {
	if e&guessLonger != 0 || int(e) > MaxWidth {
		return ErrGuessTooLong
	}
	return ErrGuessTooShort
}
