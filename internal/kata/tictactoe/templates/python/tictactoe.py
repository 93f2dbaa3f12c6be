"""The state of a game of tic-tac-toe, from its board."""


class Refused(Exception):
    """Raised, with a message that says what was wrong, to refuse a board."""


def classify(rows):
    """Return "ongoing", "draw" or "win" for a board of three rows of three cells.

    A cell is "X", "O" or " "; X starts and the players take turns. For a board that play
    could not have reached, raise Refused with Exercism's message, exactly:
    "Wrong turn order: O started", "Wrong turn order: X went twice" or
    "Impossible board: game should have ended after the game was won". Raise Refused too
    for a board of the wrong shape, saying what is wrong with it. Any other exception is a
    bug: the runner shows its traceback.
    """
    raise NotImplementedError
