package tictactoe

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/deliberate-practice/katas/internal/brief"
)

// ErrMalformedBoard means the input is not a 3×3 board of 'X', 'O' and ' ': the wrong number
// of rows, a row of the wrong length, or another character. The error that wraps it names the
// row and column.
var ErrMalformedBoard = errors.New("malformed board")

// ErrIllegalMove means a move cannot be played: off the board, on a taken cell, or once the
// game is over.
var ErrIllegalMove = errors.New("illegal move")

// Mark is what a cell holds: Empty, X or O. It also names a player.
type Mark uint8

const (
	// Empty is an empty cell, or no player; it is the zero Mark.
	Empty Mark = iota
	// X plays first.
	X
	// O plays second.
	O
)

// String returns "X", "O", or " " for Empty.
func (m Mark) String() string {
	switch m {
	case X:
		return "X"
	case O:
		return "O"
	case Empty:
		return " "
	}
	return fmt.Sprintf("Mark(%d)", uint8(m))
}

// Move is a cell, by row and column from 0 (top left) to 2 (bottom right).
type Move struct {
	Row, Col int
}

// String names the cell as a player counts, from 1: "row 2, column 3". A move off the board
// is written with its fields as given, counted from 0: "Move{Row: -1, Col: 0}".
func (m Move) String() string {
	if m.Row < 0 || m.Row > 2 || m.Col < 0 || m.Col > 2 {
		return fmt.Sprintf("Move{Row: %d, Col: %d}", m.Row, m.Col)
	}
	return fmt.Sprintf("row %d, column %d", m.Row+1, m.Col+1)
}

// Board is a 3×3 grid of marks. The zero Board is empty, and Board is comparable, so it can
// key a map. A Board may hold any marks; Classify says whether play could have reached it.
type Board struct {
	x, o uint16 // bit 3*row+col set where X, or O, has played
}

// cell returns the bit of a cell.
func cell(row, col int) uint16 { return 1 << (3*row + col) }

// At returns the mark at row and column, counted from 0; Empty off the board.
func (b Board) At(row, col int) Mark {
	if row < 0 || row > 2 || col < 0 || col > 2 {
		return Empty
	}
	switch c := cell(row, col); {
	case b.x&c != 0:
		return X
	case b.o&c != 0:
		return O
	}
	return Empty
}

// Rows returns the board as three rows of three cells, "X", "O" or " " each: the form
// Classify and ParseBoard read.
func (b Board) Rows() []string {
	rows := make([]string, 3)
	for r := range 3 {
		var row [3]byte
		for c := range 3 {
			row[c] = b.At(r, c).String()[0]
		}
		rows[r] = string(row[:])
	}
	return rows
}

// String returns the three rows on three lines: ParseBoard(strings.Split(b.String(), "\n"))
// gives b back.
func (b Board) String() string { return strings.Join(b.Rows(), "\n") }

// Grid draws the board as the exercise does, cells between bars and rows between lines:
//
//	   |   |
//	 X | O | X
//	___|___|___
//	...
func (b Board) Grid() string {
	var s strings.Builder
	for r := range 3 {
		s.WriteString("   |   |\n")
		fmt.Fprintf(&s, " %v | %v | %v\n", b.At(r, 0), b.At(r, 1), b.At(r, 2))
		if r < 2 {
			s.WriteString("___|___|___\n")
		}
	}
	s.WriteString("   |   |\n")
	return s.String()
}

// ParseBoard reads a board from its rows, as Classify takes them, three cells each:
//
//	[]string{"XOX", " X ", "O  "}
//
// or from the lines of the grid Exercism draws, the same board here:
//
//	   |   |
//	 X | O | X
//	___|___|___
//	   |   |
//	   | X |
//	___|___|___
//	   |   |
//	 O |   |
//	   |   |
//
// cells between '|', rows separated by lines of '_' and '|', any line of spaces and bars
// around a row's cells allowed. A line may end in "\r", as lines split from a file written on
// Windows do. A malformed board returns an error
// wrapping ErrMalformedBoard that names the row and column. ParseBoard does not judge whether
// play could have reached the board: Classify does.
func ParseBoard(lines []string) (Board, error) {
	if slices.ContainsFunc(lines, func(l string) bool { return strings.HasSuffix(l, "\r") }) {
		trimmed := make([]string, len(lines))
		for i, l := range lines {
			trimmed[i] = strings.TrimSuffix(l, "\r")
		}
		lines = trimmed
	}
	if !isGrid(lines) {
		return parseRows(lines)
	}
	rows, err := gridRows(lines)
	if err != nil {
		return Board{}, err
	}
	return parseRows(rows)
}

// parseRows reads three rows of three cells. It does not allocate for a well-formed board.
func parseRows(rows []string) (Board, error) {
	if len(rows) != 3 {
		return Board{}, fmt.Errorf("tictactoe: %s, want 3: %w", brief.Count(len(rows), "row", "rows"), ErrMalformedBoard)
	}
	var b Board
	for r, row := range rows {
		if len(row) != 3 {
			return Board{}, badRow(r, row)
		}
		for c := range 3 {
			switch row[c] {
			case 'X':
				b.x |= cell(r, c)
			case 'O':
				b.o |= cell(r, c)
			case ' ':
			default:
				return Board{}, badRow(r, row)
			}
		}
	}
	return b, nil
}

// badRow says what is wrong with row r: its first character that is not a cell, or else its
// length.
func badRow(r int, row string) error {
	c := 0
	for i, ch := range row {
		c++
		if ch != 'X' && ch != 'O' && ch != ' ' {
			cell := fmt.Sprintf("%q", ch)
			if ch == utf8.RuneError && !strings.HasPrefix(row[i:], string(utf8.RuneError)) {
				cell = fmt.Sprintf(`'\x%02x'`, row[i]) // a byte that is no character: shown as the byte
			}
			return fmt.Errorf("tictactoe: row %d, column %d: %s is not 'X', 'O' or ' ': %w", r+1, c, cell, ErrMalformedBoard)
		}
	}
	return fmt.Errorf("tictactoe: row %d %s has %s, want 3: %w", r+1, brief.Quote(row), brief.Count(c, "cell", "cells"), ErrMalformedBoard)
}

// isGrid reports whether lines look like the drawn grid rather than plain rows.
func isGrid(lines []string) bool {
	for _, l := range lines {
		if strings.ContainsRune(l, '|') {
			return true
		}
	}
	return false
}

// gridRows finds the three rows in a drawn grid. Separator lines (only '_', '|' and spaces,
// with at least one '_') split the grid into three blocks; in each block the line with a mark
// holds the row's cells, and a block with no mark is an empty row.
func gridRows(lines []string) ([]string, error) {
	var blocks [][]string
	block := []string{}
	for _, l := range lines {
		if strings.Trim(l, "_| \t") == "" && strings.Contains(l, "_") {
			blocks = append(blocks, block)
			block = []string{}
			continue
		}
		block = append(block, l)
	}
	blocks = append(blocks, block)
	if len(blocks) != 3 {
		return nil, fmt.Errorf("tictactoe: grid has %s between its '___|___|___' lines, want 3: %w", brief.Count(len(blocks), "row", "rows"), ErrMalformedBoard)
	}
	rows := make([]string, 3)
	for r, block := range blocks {
		cells := "   "
		found := false
		for _, l := range block {
			if strings.Trim(l, "| \t") == "" {
				continue // a padding line
			}
			if found {
				return nil, fmt.Errorf("tictactoe: grid row %d has marks on more than one line: %w", r+1, ErrMalformedBoard)
			}
			found = true
			parts := strings.Split(l, "|")
			if len(parts) > 3 {
				return nil, fmt.Errorf("tictactoe: grid row %d %s has %d cells, want 3: %w", r+1, brief.Quote(l), len(parts), ErrMalformedBoard)
			}
			row := []byte("   ")
			for c, p := range parts {
				p = strings.TrimSpace(p)
				switch {
				case p == "":
				case len(p) == 1:
					row[c] = p[0] // parseRows judges the character
				default:
					return nil, fmt.Errorf("tictactoe: grid row %d, column %d: %s is not one mark: %w", r+1, c+1, brief.Quote(p), ErrMalformedBoard)
				}
			}
			cells = string(row)
		}
		rows[r] = cells
	}
	return rows, nil
}

// counts returns how many X and O are on the board.
func (b Board) counts() (x, o int) { return bits.OnesCount16(b.x), bits.OnesCount16(b.o) }

// Next returns whose turn it is: X when both have played as often, O when X has played once
// more. It returns Empty when the game is over (won or full) or when play could not have
// reached the board.
func (b Board) Next() Mark {
	if state, err := classify(b); err != nil || state != Ongoing {
		return Empty
	}
	if x, o := b.counts(); x == o {
		return X
	}
	return O
}

// Play returns the board after the player to move (Next) marks m. It returns an error
// wrapping ErrIllegalMove for a cell off the board or already taken, or a board where no one
// is to move; b itself never changes.
func (b Board) Play(m Move) (Board, error) {
	if m.Row < 0 || m.Row > 2 || m.Col < 0 || m.Col > 2 {
		return b, fmt.Errorf("tictactoe: %v is off the board: rows and columns are 0 to 2: %w", m, ErrIllegalMove)
	}
	next := b.Next()
	if next == Empty {
		return b, fmt.Errorf("tictactoe: no one is to move on this board: %w", ErrIllegalMove)
	}
	c := cell(m.Row, m.Col)
	if (b.x|b.o)&c != 0 {
		return b, fmt.Errorf("tictactoe: %v is taken by %v: %w", m, b.At(m.Row, m.Col), ErrIllegalMove)
	}
	if next == X {
		b.x |= c
	} else {
		b.o |= c
	}
	return b, nil
}

// Winner returns the player who holds a line, or Empty. On a board play could not have
// reached, where both hold one, it returns X.
func (b Board) Winner() Mark {
	switch {
	case hasLine(b.x):
		return X
	case hasLine(b.o):
		return O
	}
	return Empty
}
