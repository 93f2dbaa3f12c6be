"""The code-breaker kata: break the code maker's secret, in as few guesses as you can.

A game has colors colours, the numbers 1 to colors; its secret, and each guess, is a code of
width pegs, and turns guesses may be made. After each guess the code maker says how it
scored: black pegs (right colour, right place), white ones (right colour, wrong place), and
the grade: "continue", "won" (the secret broken) or "lost" (no guess left).
"""


class Breaker:
    """The breaker of one game's secret; the runner makes one for each game it plays."""

    def __init__(self, colors, width, turns):
        self.colors, self.width, self.turns = colors, width, turns

    def guess(self):
        """Your next guess: a list of width colours, each from 1 to colors."""
        raise NotImplementedError

    def feedback(self, black, white, grade):
        """How your last guess scored; after "won" or "lost" the game is over."""
        raise NotImplementedError
