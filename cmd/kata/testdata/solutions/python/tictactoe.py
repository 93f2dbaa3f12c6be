"""A practitioner's tic-tac-toe, in Python: the solution kata run's tests fill a starting point in with."""


class Refused(Exception):
    """Raised to refuse a request."""


def classify(rows):
    if len(rows) != 3 or any(len(row) != 3 or set(row) - set("XO ") for row in rows):
        raise Refused("a board is three rows of three cells, each X, O or a space")
    cells = "".join(rows)
    x, o = cells.count("X"), cells.count("O")
    if o > x:
        raise Refused("Wrong turn order: O started")
    if x > o + 1:
        raise Refused("Wrong turn order: X went twice")
    lines = [cells[i:i + 3] for i in (0, 3, 6)] + [cells[i::3] for i in range(3)] + [cells[0::4], cells[2:7:2]]
    x_won, o_won = "XXX" in lines, "OOO" in lines
    if (x_won and o_won) or (x_won and x != o + 1) or (o_won and x != o):
        raise Refused("Impossible board: game should have ended after the game was won")
    if x_won or o_won:
        return "win"
    return "draw" if x + o == 9 else "ongoing"
