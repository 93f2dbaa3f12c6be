LINES = [[(r, c) for c in range(3)] for r in range(3)] + \
        [[(r, c) for r in range(3)] for c in range(3)] + \
        [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


def won(board, player):
    return any(all(board[r][c] == player for r, c in line) for line in LINES)


def gamestate(board):
    x_count = sum(row.count("X") for row in board)
    o_count = sum(row.count("O") for row in board)
    if o_count > x_count:
        raise ValueError("Wrong turn order: O started")
    if x_count - o_count > 1:
        raise ValueError("Wrong turn order: X went twice")
    x_won, o_won = won(board, "X"), won(board, "O")
    if x_won and o_won:
        raise ValueError("Impossible board: game should have ended after the game was won")
    if x_won or o_won:
        return "win"
    if x_count + o_count == 9:
        return "draw"
    return "ongoing"
