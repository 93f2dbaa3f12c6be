// The state of a game of tic-tac-toe, from its board: Exercism's state-of-tic-tac-toe.

// gamestate returns "ongoing", "draw" or "win" for a board of three rows of three cells. A
// cell is "X", "O" or " "; X starts and the players take turns. For a board that play could
// not have reached, throw new Error with Exercism's message, exactly:
// "Wrong turn order: O started", "Wrong turn order: X went twice" or
// "Impossible board: game should have ended after the game was won". Throw one too for a
// board of the wrong shape, saying what is wrong with it. Any other error (a TypeError, a
// RangeError) is a bug: the runner shows its stack. A solution written for Exercism drops in
// as it is.
export const gamestate = (board) => {
  throw new Error("not implemented");
};
