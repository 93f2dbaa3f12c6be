"""A practitioner's tic-tac-toe in Python, written as Exercism's state-of-tic-tac-toe asks:
gamestate(board), raising ValueError with the exercise's message. kata run's tests drop it
into the starting point unchanged."""


def gamestate(board):
    if len(board) != 3 or any(len(row) != 3 or set(row) - set("XO ") for row in board):
        raise ValueError("a board is three rows of three cells, each X, O or a space")
    cells = "".join(board)
    x, o = cells.count("X"), cells.count("O")
    if o > x:
        raise ValueError("Wrong turn order: O started")
    if x > o + 1:
        raise ValueError("Wrong turn order: X went twice")
    lines = [cells[i:i + 3] for i in (0, 3, 6)] + [cells[i::3] for i in range(3)] + [cells[0::4], cells[2:7:2]]
    x_won, o_won = "XXX" in lines, "OOO" in lines
    if (x_won and o_won) or (x_won and x != o + 1) or (o_won and x != o):
        raise ValueError("Impossible board: game should have ended after the game was won")
    if x_won or o_won:
        return "win"
    return "draw" if x + o == 9 else "ongoing"
