// Command tictactoe classifies tic-tac-toe boards and plays perfectly, for kata practice.
//
//	tictactoe classify "X  " " XO" "OX "   # three rows; '.' also marks an empty cell
//	tictactoe classify < board.txt          # three rows, or the grid Exercism draws
//	tictactoe play -as O                    # play against the perfect-play solver
//
// classify prints ongoing, draw or win; for a board play could not have reached it prints the
// Exercism's exact message on stderr and exits with status 1. play reads one move a line, as
// "row column" (2 3) or a cell number from 1 to 9, so a script can drive a whole game; "help"
// explains, "quit" ends. The exit status is 0 for a result or a game played, 1 for an
// impossible or malformed board or input that cannot be read, 2 for a bad command line.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/lines"
	"github.com/deliberate-practice/katas/tictactoe"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `Usage:
  tictactoe classify [ROW ROW ROW]   classify a board: three rows as arguments, or on stdin
                                     (three rows, or the grid Exercism draws)
  tictactoe play [-as X|O]           play against the perfect-play solver (tictactoe alone
                                     plays too)

A row is three cells, each X, O, or a space ('.' also marks an empty cell). On stdin a
board is three such rows, or the grid Exercism draws:

       |   |
     X | O | X
    ___|___|___
       |   |
       | X |
    ___|___|___
       |   |
     O |   |
       |   |

classify prints ongoing, draw or win, or the reason a board is impossible.
In play, type a move as "row column" (2 3) or a cell from 1 to 9; "help" explains, "quit" ends.

Exit status: 0 for a result or a game played; 1 for an impossible or malformed board,
or input that cannot be read; 2 for a bad command line.
`

// Limits on input: a line of play, and a board on standard input.
const (
	maxLine  = 4096
	maxBoard = 64 << 10
)

// run is the program; it returns the exit status: 0 for a result, 1 for an impossible or
// malformed board or input that cannot be read, 2 for a bad command line. With no arguments
// it plays a game.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return play(nil, stdin, stdout, stderr) // the main job: a game
	}
	switch args[0] {
	case "classify":
		return classify(args[1:], stdin, stdout, stderr)
	case "play":
		return play(args[1:], stdin, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "tictactoe: unknown command %q\n\n%s", args[0], usage)
	return 2
}

func classify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("classify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	rows := fs.Args()
	switch len(rows) {
	case 0:
		data, err := io.ReadAll(io.LimitReader(stdin, maxBoard+1))
		switch {
		case err != nil:
			fmt.Fprintln(stderr, "tictactoe: reading the board:", err)
			return 1
		case len(data) > maxBoard:
			fmt.Fprintf(stderr, "tictactoe: the board on standard input is more than %d bytes; a board is three rows, or the grid Exercism draws\n", maxBoard)
			return 1
		case strings.TrimSpace(string(data)) == "":
			fmt.Fprintln(stderr, "tictactoe: no board on standard input; give three rows, or the grid Exercism draws")
			return 1
		}
		rows = strings.Split(strings.TrimRight(string(data), "\r\n"), "\n")
	case 3:
	default:
		fmt.Fprintf(stderr, "tictactoe: classify takes three rows, got %s\n", brief.Count(len(rows), "argument", "arguments"))
		return 2
	}
	for i, l := range rows {
		rows[i] = strings.ReplaceAll(l, ".", " ") // in rows and in the grid alike
	}
	b, err := tictactoe.ParseBoard(rows)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	state, err := b.Classify()
	if err != nil {
		fmt.Fprintln(stderr, err) // Exercism's message, exactly
		return 1
	}
	fmt.Fprintln(stdout, state)
	return 0
}

func play(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	as := fs.String("as", "X", "the mark you play: X (moves first) or O")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage+"\nplay flags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	var you tictactoe.Mark
	switch strings.ToUpper(*as) {
	case "X":
		you = tictactoe.X
	case "O":
		you = tictactoe.O
	default:
		fmt.Fprintf(stderr, "tictactoe: -as %q: want X or O\n", *as)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tictactoe: play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}

	fmt.Fprintf(stdout, "You are %v; X moves first. Enter a move as \"row column\" (e.g. 2 2) or a cell 1-9:\n", you)
	fmt.Fprint(stdout, "  1 2 3\n  4 5 6\n  7 8 9\n\"quit\" ends the game.\n")
	in := lines.NewReader(stdin, maxLine)
	var b tictactoe.Board
	for b.Next() != tictactoe.Empty {
		if b.Next() != you {
			_, moves, err := tictactoe.Solve(b)
			if err != nil || len(moves) == 0 {
				fmt.Fprintln(stderr, "tictactoe: the solver has no move:", err)
				return 1
			}
			b, _ = b.Play(moves[0])
			fmt.Fprintf(stdout, "I play %v.\n", moves[0])
			continue
		}
		fmt.Fprint(stdout, b.Grid())
		fmt.Fprintf(stdout, "%v to move> ", you)
		line, err := in.Next()
		switch {
		case err == io.EOF:
			fmt.Fprintln(stdout, "\nEnd of input. Goodbye.")
			return 0
		case errors.Is(err, lines.ErrTooLong):
			fmt.Fprintf(stdout, "%v. Try again.\n", err) // a *lines.TooLongError, said for a person
			continue
		case err != nil:
			fmt.Fprintln(stderr, "tictactoe: reading input:", err)
			return 1
		}
		line = strings.TrimSpace(line)
		switch strings.ToLower(line) {
		case "quit", "exit", "q":
			fmt.Fprintln(stdout, "You stopped the game.")
			return 0
		case "help", "?":
			fmt.Fprintf(stdout, "You are %v. Type a move as \"row column\" (2 3: row 2, column 3) or a cell from 1 to 9,\n", you)
			fmt.Fprint(stdout, "numbered left to right, top to bottom:\n  1 2 3\n  4 5 6\n  7 8 9\n\"quit\" ends the game.\n")
			continue
		}
		m, err := parseMove(line)
		if err != nil {
			fmt.Fprintf(stdout, "%v. Try again.\n", err)
			continue
		}
		next, err := b.Play(m)
		if err != nil {
			fmt.Fprintf(stdout, "%v is taken. Try again.\n", capitalize(m.String()))
			continue
		}
		b = next
	}
	fmt.Fprint(stdout, b.Grid())
	switch w := b.Winner(); {
	case w == you:
		fmt.Fprintln(stdout, "You win!")
	case w != tictactoe.Empty:
		fmt.Fprintf(stdout, "%v wins: you lose.\n", w)
	default:
		fmt.Fprintln(stdout, "A draw.")
	}
	return 0
}

// parseMove reads "row column" (each 1 to 3) or a cell number from 1 to 9.
func parseMove(s string) (tictactoe.Move, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	nums := make([]int, len(f))
	for i, w := range f {
		n, err := strconv.Atoi(w)
		if err != nil {
			return tictactoe.Move{}, fmt.Errorf("%s is not a number", brief.Quote(w))
		}
		nums[i] = n
	}
	switch len(nums) {
	case 1:
		if nums[0] < 1 || nums[0] > 9 {
			return tictactoe.Move{}, fmt.Errorf("cell %d is off the board; cells are 1 to 9", nums[0])
		}
		return tictactoe.Move{Row: (nums[0] - 1) / 3, Col: (nums[0] - 1) % 3}, nil
	case 2:
		if nums[0] < 1 || nums[0] > 3 || nums[1] < 1 || nums[1] > 3 {
			return tictactoe.Move{}, fmt.Errorf("row %d, column %d is off the board; rows and columns are 1 to 3", nums[0], nums[1])
		}
		return tictactoe.Move{Row: nums[0] - 1, Col: nums[1] - 1}, nil
	}
	return tictactoe.Move{}, errors.New(`enter "row column" (e.g. 2 2) or a cell from 1 to 9`)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
