package solver

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/deliberate-practice/katas/mastermind"
)

// Limits on the games the solver takes, beyond the mastermind package's own (MaxColors and
// MaxWidth there are what any game may have). Evaluate's work grows with the square of the
// number of codes: 6 pegs of 6 colours (46,656 codes) would take about twice as long as the
// largest games the solver takes, of 32,768 codes, and is refused. The packed scoring holds a peg in four bits, so at most 16 colours and 15 pegs.
const (
	CodeLimit  = 1 << 15 // Colors^Width at most
	ColorLimit = 16
	WidthLimit = 15
)

// Errors the solver returns, wrapped with what was wrong.
var (
	// ErrTooLarge means the rules make more codes, colours or pegs than the solver takes
	// (see CodeLimit).
	ErrTooLarge = errors.New("game too large to solve")
	// ErrUnknownStrategy means a Strategy that is not one of the constants.
	ErrUnknownStrategy = errors.New("unknown strategy")
	// ErrImpossibleFeedback means feedback no guess can get, such as 3 black 1 white on four
	// pegs, or more pegs than the width. It is mastermind.ErrImpossibleFeedback: the rule
	// lives in (mastermind.Rules).CheckFeedback.
	ErrImpossibleFeedback = mastermind.ErrImpossibleFeedback
	// ErrInconsistent means no secret fits the feedback together with the feedback before it.
	ErrInconsistent = errors.New("feedback contradicts earlier feedback")
	// ErrNoGame means a Solver that New did not make: the zero Solver has no rules to play.
	ErrNoGame = errors.New("solver not made by New")
	// ErrBeyondSearch means more secrets left than Next searches an optimal tree for
	// (MaxSearch): a search that would run for hours. NextContext searches them, as long as
	// its context lets it.
	ErrBeyondSearch = errors.New("too many secrets left for the optimal search")
)

// MaxSearch is the most secrets left that Next searches an optimal tree for, where no tree it
// carries covers the game: the classic game's 1,296, which it searches in well under a second
// from any guess. Past it, Next answers at once with ErrBeyondSearch.
const MaxSearch = 1296

// NextBudget is the longest Next searches an optimal tree before it stops and returns
// ErrBeyondSearch: the number of secrets left does not tell every search that would run for
// hours (10 pegs of 2 colours, 1,024 secrets, takes minutes). NextContext searches as long as
// its context lets it.
const NextBudget = 30 * time.Second

// space is every code of a game, packed for fast scoring. Codes are numbered in colour-number
// order (1111 is 0, 1112 is 1, …). A code's pegs are packed four bits each, the first peg
// highest; its colour counts are reduced to a multiset number, and matches[a*nms+b] holds how
// many pegs multisets a and b have in common (black plus white). So a score is a XOR, two
// popcounts and a table look-up, with no allocation.
type space struct {
	rules   mastermind.Rules
	n       int      // number of codes
	pegs    []uint64 // packed pegs, colour-1 per nibble
	ms      []uint16 // multiset number of each code
	nms     int
	matches []uint8
	low     uint64 // bit 0 of each of the width nibbles
	stride  int    // Width+1: feedback index = black*stride + black+white
	xlogx   []float64
	// growth[c] is how much c·log2(c) grows when a group of c gains a secret, in units of
	// 2^-32 and rounded down, less one: always below the true growth, so that a running sum
	// of them never passes a limit before the exact sum does. growth[0] is 0.
	growth []int64 // at least 256 long
	// squareSteps[c] is 2c+1, how much the sum of squares grows when a group of c gains one;
	// at least 256 long.
	squareSteps []int64
	colors      []uint16 // colors[c]: bit d set when code c holds colour digit d
	// maxGroups is the number of feedbacks a guess can get: the most groups it can split the
	// secrets into.
	maxGroups int
}

// growthUnit is the scale of space.growth: 2^32 units to one.
const growthUnit = 1 << 32

// checkRules returns an error when the solver cannot take r.
func checkRules(r mastermind.Rules) error {
	if err := r.Validate(); err != nil {
		return err
	}
	if r.Colors > ColorLimit || r.Width > WidthLimit {
		return fmt.Errorf("solver: %d colours and %d pegs, want at most %d and %d: %w", r.Colors, r.Width, ColorLimit, WidthLimit, ErrTooLarge)
	}
	if n := math.Pow(float64(r.Colors), float64(r.Width)); n > CodeLimit {
		return fmt.Errorf("solver: %d colours and %d pegs make %.0f codes, want at most %d: %w", r.Colors, r.Width, n, CodeLimit, ErrTooLarge)
	}
	return nil
}

func newSpace(r mastermind.Rules) (*space, error) {
	if err := checkRules(r); err != nil {
		return nil, err
	}
	n := 1
	for range r.Width {
		n *= r.Colors
	}
	sp := &space{rules: r, n: n, pegs: make([]uint64, n), ms: make([]uint16, n), colors: make([]uint16, n), stride: r.Width + 1,
		maxGroups: (r.Width+1)*(r.Width+2)/2 - 1}
	for i := range r.Width {
		sp.low |= 1 << (4 * i)
	}
	ids := map[[ColorLimit]uint8]uint16{}
	var multisets [][ColorLimit]uint8
	for i := range n {
		var counts [ColorLimit]uint8
		var p uint64
		for j, v := 0, i; j < r.Width; j++ {
			d := v % r.Colors
			v /= r.Colors
			p |= uint64(d) << (4 * j) // peg Width-1-j; the order of nibbles does not matter to scoring
			counts[d]++
		}
		sp.pegs[i] = p
		for d, k := range counts[:r.Colors] {
			if k > 0 {
				sp.colors[i] |= 1 << d
			}
		}
		id, ok := ids[counts]
		if !ok {
			id = uint16(len(multisets))
			ids[counts] = id
			multisets = append(multisets, counts)
		}
		sp.ms[i] = id
	}
	sp.nms = len(multisets)
	sp.matches = make([]uint8, sp.nms*sp.nms)
	for a, ca := range multisets {
		for b, cb := range multisets {
			m := 0
			for c := range r.Colors {
				m += int(min(ca[c], cb[c]))
			}
			sp.matches[a*sp.nms+b] = uint8(m)
		}
	}
	sp.xlogx = make([]float64, n+1)
	for c := 2; c <= n; c++ {
		sp.xlogx[c] = float64(c) * math.Log2(float64(c))
	}
	sp.growth = make([]int64, max(n, 256))
	for c := 1; c < n; c++ {
		sp.growth[c] = int64(math.Floor((sp.xlogx[c+1]-sp.xlogx[c])*growthUnit)) - 1
	}
	sp.squareSteps = make([]int64, max(n, 256))
	for c := range sp.squareSteps {
		sp.squareSteps[c] = 2*int64(c) + 1
	}
	return sp, nil
}

// deadColors returns the colours that make a guess redundant when the secrets in set remain.
// A colour no secret in set holds never scores: a guess's pegs of such colours count for
// nothing, so codes that differ only in which of them they hold split set alike, and only the
// code whose pegs of them all hold the lowest of them can be the lowest code of its kind. A
// code holding any colour of the mask returned is not; the mask is empty when fewer than two
// colours are missing from set.
func (sp *space) deadColors(set []int32) uint16 {
	var present uint16
	for _, c := range set {
		present |= sp.colors[c]
	}
	absent := ^present & (1<<sp.rules.Colors - 1)
	return absent &^ (absent & -absent)
}

// feedbacks is the length of a counting array indexed by feedback.
func (sp *space) feedbacks() int { return sp.stride * sp.stride }

// win is the feedback index of all black.
func (sp *space) win() int { return sp.rules.Width*sp.stride + sp.rules.Width }

// matchRow returns the row of matches for multiset ms: the pegs it has in common (black plus
// white) with each multiset. matches is symmetric, so the row serves as a column too.
func (sp *space) matchRow(ms uint16) []uint8 { return sp.matches[int(ms)*sp.nms:][:sp.nms] }

// score returns the feedback index of code a against code b.
func (sp *space) score(a, b int32) int {
	return blackIndex(sp.pegs[a]^sp.pegs[b], sp.low, sp.stride) + int(sp.matches[int(sp.ms[a])*sp.nms+int(sp.ms[b])])
}

// indexOf returns the feedback index of f, or the error CheckFeedback gives when no two codes
// can give it.
func (sp *space) indexOf(f mastermind.Feedback) (int, error) {
	if err := sp.rules.CheckFeedback(f); err != nil {
		return 0, err
	}
	return f.Black*sp.stride + f.Black + f.White, nil
}

// feedback returns the feedback of index f.
func (sp *space) feedback(f int) mastermind.Feedback {
	black := f / sp.stride
	return mastermind.Feedback{Black: black, White: f%sp.stride - black}
}

// code returns code number i as a mastermind.Code.
func (sp *space) code(i int32) mastermind.Code {
	c := make(mastermind.Code, sp.rules.Width)
	v := int(i)
	for j := sp.rules.Width - 1; j >= 0; j-- {
		c[j] = mastermind.Color(v%sp.rules.Colors + 1)
		v /= sp.rules.Colors
	}
	return c
}

// number returns the number of a code, or an error when it does not fit the rules.
func (sp *space) number(c mastermind.Code) (int32, error) {
	if err := sp.rules.CheckCode(c); err != nil {
		return 0, err
	}
	v := 0
	for _, p := range c {
		v = v*sp.rules.Colors + int(p) - 1
	}
	return int32(v), nil
}
