// Package tictactoe classifies tic-tac-toe boards and plays perfectly.
//
// # Classifying
//
// Classify takes a board as three rows of three cells, each 'X', 'O' or ' ', and says whether
// the game is Ongoing, a Draw or a Win:
//
//	state, err := tictactoe.Classify([]string{"XXX", " OO", "   "}) // Win
//
// X starts and the players take turns. A board play could not have reached gets one of the
// Exercism's errors, whose messages are exact: ErrOStarted ("Wrong turn order: O started"),
// ErrXWentTwice ("Wrong turn order: X went twice") and ErrPlayAfterWin ("Impossible board:
// game should have ended after the game was won"). A board of the wrong shape, or with another
// character, gets an error wrapping ErrMalformedBoard that names the row and column.
//
// # Boards
//
// ParseBoard reads the same rows, or the grid Exercism draws:
//
//	   |   |
//	 X |   |
//	___|___|___
//	   |   |
//	   | X | O
//	___|___|___
//	   |   |
//	 O | X |
//	   |   |
//
// A Board knows whose turn it is (Next), plays a move (Play), and prints as rows (String) or
// as the grid (Grid).
//
// # Perfect play
//
// Solve gives a position's value under perfect play (XWins, OWins or Tie) and the moves
// that keep it for the player to move. The empty board is a draw.
package tictactoe
