/** The state of a game of tic-tac-toe, from its board: Exercism's state-of-tic-tac-toe. */
class StateOfTicTacToe {
    /**
     * Returns WIN, DRAW or ONGOING for a board of three rows of three cells.
     *
     * <p>A cell is 'X', 'O' or ' '; X starts and the players take turns. For a board that play
     * could not have reached, throw IllegalArgumentException with Exercism's message, exactly:
     * "Wrong turn order: O started", "Wrong turn order: X went twice" or
     * "Impossible board: game should have ended after the game was won". Throw one too for a
     * board of the wrong shape, saying what is wrong with it. Any other exception is a bug: the
     * runner shows its stack trace. A solution written for Exercism drops in as it is, and
     * passes Exercism's scenarios (kata run tictactoe --tags '~@beyond-exercism'); the scenarios
     * tagged @beyond-exercism ask more: boards of the wrong shape, play after a win.
     */
    public GameState determineState(String[] board) {
        throw new UnsupportedOperationException("not implemented");
    }
}
