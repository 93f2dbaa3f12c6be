package mastermind

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Errors from the seed's event model. A command that fails with one of them changes nothing:
// a rejected guess uses no turn.
var (
	ErrGameNotStarted  = errors.New("game not started")
	ErrGuessTooShort   = errors.New("guess too short")
	ErrGuessTooLong    = errors.New("guess too long")
	ErrInvalidPeg      = errors.New("invalid peg in guess")
	ErrGameAlreadyWon  = errors.New("game already won")
	ErrGameAlreadyLost = errors.New("game already lost")
	// ErrInvalidSecret means the code maker's secret does not fit the rules.
	ErrInvalidSecret = errors.New("invalid secret")
	// ErrImpossibleFeedback means feedback no secret can give under the rules, such as 3 black
	// and 1 white on four pegs, or more pegs than the width.
	ErrImpossibleFeedback = errors.New("impossible feedback")
)

// Grade says where a game stands after a guess: the assignment's :continue, :won and :lost.
type Grade uint8

const (
	// Continue means the game expects another guess; it is the zero Grade.
	Continue Grade = iota
	// Won means the last guess was the secret.
	Won
	// Lost means the last guess was wrong and no turns are left.
	Lost
)

// String returns "continue", "won" or "lost".
func (g Grade) String() string {
	switch g {
	case Continue:
		return "continue"
	case Won:
		return "won"
	case Lost:
		return "lost"
	}
	return fmt.Sprintf("Grade(%d)", uint8(g))
}

// Turn is one row of the decoding board: a guess and the code maker's feedback on it.
type Turn struct {
	Guess    Code
	Feedback Feedback
}

// Game is a game of Mastermind from the code breaker's side: the rules, the hidden secret,
// the decoding board and the grade. Make one with New, NewRandom or Replay. The zero Game
// has not started: every guess returns ErrGameNotStarted.
//
// A Game is not safe for concurrent use.
type Game struct {
	rules  Rules
	secret Code
	board  []Turn
	grade  Grade
}

// New starts a game (the Join Game command): the code maker has placed secret under rules.
// It returns an error wrapping ErrInvalidRules or ErrInvalidSecret when they do not fit. The
// game keeps its own copy of secret.
func New(r Rules, secret Code) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if err := r.checkSecret(secret); err != nil {
		return nil, err
	}
	return &Game{rules: r, secret: slices.Clone(secret)}, nil
}

// NewRandom starts a game whose secret is drawn from rng, a math/rand/v2 generator
// (rand.New(rand.NewPCG(seed, 0))), so that a seeded rng gives the same game again. It returns an error for invalid rules or a nil rng; it allocates nothing
// before the rules are known to be valid, so at most MaxWidth pegs.
func NewRandom(r Rules, rng *rand.Rand) (*Game, error) {
	if rng == nil {
		return nil, errors.New("mastermind: NewRandom needs a *rand.Rand, got nil")
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	secret := make(Code, r.Width)
	for i := range secret {
		secret[i] = Color(rng.IntN(r.Colors) + 1)
	}
	return &Game{rules: r, secret: secret}, nil
}

// Guess scores a guess (the Make Guess command; Dave Thomas's score(game, guess)) and
// returns the new grade and the feedback. The guess goes on the board and uses a turn; the
// MaxTurns-th wrong guess loses.
//
// A guess that cannot be played returns an error and changes nothing: ErrGameNotStarted for
// the zero Game, ErrGameAlreadyWon or ErrGameAlreadyLost once the game is over, and
// ErrGuessTooShort, ErrGuessTooLong or ErrInvalidPeg for a guess that does not fit the rules.
// The game keeps its own copy of guess.
func (g *Game) Guess(guess Code) (Grade, Feedback, error) {
	switch {
	case g.secret == nil:
		return g.grade, Feedback{}, fmt.Errorf("mastermind: %w", ErrGameNotStarted)
	case g.grade == Won:
		return g.grade, Feedback{}, fmt.Errorf("mastermind: no more guesses: %w", ErrGameAlreadyWon)
	case g.grade == Lost:
		return g.grade, Feedback{}, fmt.Errorf("mastermind: no more guesses: %w", ErrGameAlreadyLost)
	}
	if err := g.rules.CheckCode(guess); err != nil {
		return g.grade, Feedback{}, err
	}
	f, _ := Score(g.secret, guess) // the widths agree: Check said so
	g.board = append(g.board, Turn{Guess: slices.Clone(guess), Feedback: f})
	switch {
	case f.Black == g.rules.Width:
		g.grade = Won
	case len(g.board) == g.rules.MaxTurns:
		g.grade = Lost
	}
	return g.grade, f, nil
}

// Rules returns the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// Grade returns the game's grade: Continue until it is won or lost.
func (g *Game) Grade() Grade { return g.grade }

// TurnsLeft returns how many more guesses the code breaker may make: 0 once the game is over.
func (g *Game) TurnsLeft() int {
	if g.grade != Continue {
		return 0
	}
	return g.rules.MaxTurns - len(g.board)
}

// Board returns the decoding board: every guess so far with its feedback, oldest first. It is
// a copy; changing it does not change the game.
func (g *Game) Board() []Turn {
	board := make([]Turn, len(g.board))
	for i, t := range g.board {
		board[i] = Turn{Guess: slices.Clone(t.Guess), Feedback: t.Feedback}
	}
	return board
}

// Secret returns a copy of the code maker's secret. A user interface should show it only
// once the game is over.
func (g *Game) Secret() Code { return slices.Clone(g.secret) }
