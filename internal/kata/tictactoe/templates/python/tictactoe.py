"""The state of a game of tic-tac-toe, from its board: Exercism's state-of-tic-tac-toe."""


def gamestate(board):
    """Return "ongoing", "draw" or "win" for a board of three rows of three cells.

    A cell is "X", "O" or " "; X starts and the players take turns. For a board that play
    could not have reached, raise ValueError with Exercism's message, exactly:
    "Wrong turn order: O started", "Wrong turn order: X went twice" or
    "Impossible board: game should have ended after the game was won". Raise ValueError too
    for a board of the wrong shape, saying what is wrong with it. Any other exception is a
    bug: the runner shows its traceback. A solution written for Exercism drops in as it is,
    and passes Exercism's scenarios (kata run tictactoe --tags '~@beyond-exercism'); the
    scenarios tagged @beyond-exercism ask more: boards of the wrong shape, play after a win.
    """
    raise NotImplementedError
