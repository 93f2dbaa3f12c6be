# A solution to Exercism's state-of-tic-tac-toe exercise in Python, written as the track asks
# (and as its tests check: gamestate(board), a ValueError with the exercise's message), and
# not for this project: TestStartingPointsRunRedThenGreen puts it, unchanged, in the starting point.
WIN_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def winner(cells, mark):
    return any(all(cells[i] == mark for i in line) for line in WIN_LINES)


def gamestate(board):
    if len(board) != 3 or any(len(row) != 3 for row in board):
        raise ValueError("Invalid board")
    cells = "".join(board)
    if set(cells) - {"X", "O", " "}:
        raise ValueError("Invalid board")
    x_count, o_count = cells.count("X"), cells.count("O")
    if o_count > x_count:
        raise ValueError("Wrong turn order: O started")
    if x_count - o_count > 1:
        raise ValueError("Wrong turn order: X went twice")
    x_won, o_won = winner(cells, "X"), winner(cells, "O")
    if (x_won and o_won) or (x_won and x_count == o_count) or (o_won and x_count > o_count):
        raise ValueError("Impossible board: game should have ended after the game was won")
    if x_won or o_won:
        return "win"
    if " " not in cells:
        return "draw"
    return "ongoing"
