// A solution to Exercism's state-of-tic-tac-toe exercise in Java, written as the track asks
// (determineState(String[]) returning a GameState, an IllegalArgumentException with the
// exercise's message), and not for this project: it drops into the starting point unchanged.
class StateOfTicTacToe {
    private static final int[][] LINES = {
        {0, 1, 2}, {3, 4, 5}, {6, 7, 8},
        {0, 3, 6}, {1, 4, 7}, {2, 5, 8},
        {0, 4, 8}, {2, 4, 6},
    };

    public GameState determineState(String[] board) {
        String cells = cells(board);
        int xs = count(cells, 'X');
        int os = count(cells, 'O');
        if (os > xs) {
            throw new IllegalArgumentException("Wrong turn order: O started");
        }
        if (xs > os + 1) {
            throw new IllegalArgumentException("Wrong turn order: X went twice");
        }
        boolean xWon = won(cells, 'X');
        boolean oWon = won(cells, 'O');
        if ((xWon && oWon) || (xWon && xs == os) || (oWon && xs > os)) {
            throw new IllegalArgumentException("Impossible board: game should have ended after the game was won");
        }
        if (xWon || oWon) {
            return GameState.WIN;
        }
        return cells.indexOf(' ') < 0 ? GameState.DRAW : GameState.ONGOING;
    }

    private static String cells(String[] board) {
        if (board.length != 3) {
            throw new IllegalArgumentException("the board has " + board.length + " rows, want 3");
        }
        StringBuilder cells = new StringBuilder();
        for (int r = 0; r < 3; r++) {
            String row = board[r];
            if (row.length() != 3) {
                throw new IllegalArgumentException("row " + (r + 1) + " has " + row.length() + " cells, want 3");
            }
            for (char cell : row.toCharArray()) {
                if (cell != 'X' && cell != 'O' && cell != ' ') {
                    throw new IllegalArgumentException("row " + (r + 1) + " holds '" + cell + "', want X, O or a space");
                }
            }
            cells.append(row);
        }
        return cells.toString();
    }

    private static int count(String cells, char mark) {
        return (int) cells.chars().filter(c -> c == mark).count();
    }

    private static boolean won(String cells, char mark) {
        for (int[] line : LINES) {
            if (cells.charAt(line[0]) == mark && cells.charAt(line[1]) == mark && cells.charAt(line[2]) == mark) {
                return true;
            }
        }
        return false;
    }
}
