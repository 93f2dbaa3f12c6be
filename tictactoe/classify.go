package tictactoe

import (
	"errors"
	"fmt"
)

// The errors for boards that play could not have reached. The exercise fixes their messages
// word for word, capital letter and all, so they are not wrapped: err.Error() is exactly the
// message.
var (
	// ErrOStarted is the error for a board where O has played more than X: "Wrong turn
	// order: O started".
	//
	//lint:ignore ST1005 the exercise fixes this message word for word, capital and all
	ErrOStarted = errors.New("Wrong turn order: O started")

	// ErrXWentTwice is the error for a board where X has played two more than O: "Wrong turn
	// order: X went twice".
	//
	//lint:ignore ST1005 the exercise fixes this message word for word, capital and all
	ErrXWentTwice = errors.New("Wrong turn order: X went twice")

	// ErrPlayAfterWin is the error for a board where play went on after a line was made, or
	// where both players hold a line: "Impossible board: game should have ended after the
	// game was won".
	//
	//lint:ignore ST1005 the exercise fixes this message word for word, capital and all
	ErrPlayAfterWin = errors.New("Impossible board: game should have ended after the game was won")
)

// State is where a game stands: Ongoing (the zero State), Draw or Win.
type State uint8

const (
	// Ongoing means the board has an empty cell and no one has a line.
	Ongoing State = iota
	// Draw means the board is full and no one has a line.
	Draw
	// Win means a player has a line, whether or not the board is full.
	Win
)

// String returns "ongoing", "draw" or "win".
func (s State) String() string {
	switch s {
	case Ongoing:
		return "ongoing"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return fmt.Sprintf("State(%d)", uint8(s))
}

// lines are the eight lines of three: rows, columns, diagonals.
const (
	full uint16 = 0x1FF
	row0 uint16 = 0b000_000_111
	row1 uint16 = 0b000_111_000
	row2 uint16 = 0b111_000_000
	col0 uint16 = 0b001_001_001
	col1 uint16 = 0b010_010_010
	col2 uint16 = 0b100_100_100
	diag uint16 = 0b100_010_001
	anti uint16 = 0b001_010_100
)

func hasLine(m uint16) bool {
	return m&row0 == row0 || m&row1 == row1 || m&row2 == row2 ||
		m&col0 == col0 || m&col1 == col1 || m&col2 == col2 ||
		m&diag == diag || m&anti == anti
}

// Classify says whether a game is ongoing, drawn or won, from its board as three rows of
// three cells, each 'X', 'O' or ' ':
//
//	tictactoe.Classify([]string{"XOX", "XXO", "OXO"}) // Draw
//
// X starts. A board play could not have reached returns one of the exercise's errors, exactly:
// ErrOStarted ("Wrong turn order: O started") when O has played more than X, ErrXWentTwice
// ("Wrong turn order: X went twice") when X is more than one ahead, and ErrPlayAfterWin
// ("Impossible board: game should have ended after the game was won") when play went on after
// a line, both players holding a line among them. The turn counts are checked first. A
// malformed board returns an error wrapping ErrMalformedBoard. Classify does not allocate for
// a well-formed board.
func Classify(rows []string) (State, error) {
	b, err := parseRows(rows)
	if err != nil {
		return Ongoing, err
	}
	return classify(b)
}

// Classify is Classify for a Board.
func (b Board) Classify() (State, error) { return classify(b) }

func classify(b Board) (State, error) {
	x, o := b.counts()
	switch {
	case o > x:
		return Ongoing, ErrOStarted
	case x > o+1:
		return Ongoing, ErrXWentTwice
	}
	xWins, oWins := hasLine(b.x), hasLine(b.o)
	switch {
	case xWins && oWins, xWins && x == o, oWins && x > o:
		return Ongoing, ErrPlayAfterWin
	case xWins || oWins:
		return Win, nil
	case b.x|b.o == full:
		return Draw, nil
	}
	return Ongoing, nil
}
