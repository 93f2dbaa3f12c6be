WINS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def gamestate(board):
    cells = "".join(board)
    x, o = cells.count("X"), cells.count("O")
    winners = {cells[a] for a, b, c in WINS if cells[a] != " " and cells[a] == cells[b] == cells[c]}
    if x < o:
        raise ValueError("Wrong turn order: O started")
    if x > o + 1:
        raise ValueError("Wrong turn order: X went twice")
    if len(winners) > 1:
        raise ValueError("Impossible board: game should have ended after the game was won")
    if winners:
        return "win"
    return "ongoing" if " " in cells else "draw"
