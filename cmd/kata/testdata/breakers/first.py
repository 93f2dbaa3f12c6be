"""A breaker for the code-breaker kata, as people write one first: it guesses the first code,
in order, that could still be the secret."""
from itertools import product


def score(secret, guess):
    black = sum(s == g for s, g in zip(secret, guess))
    white = sum(min(secret.count(c), guess.count(c)) for c in set(guess)) - black
    return black, white


class Breaker:
    """The breaker of one game's secret."""

    def __init__(self, colors, width, turns):
        self.possible = list(product(range(1, colors + 1), repeat=width))
        self.last = None

    def guess(self):
        self.last = self.possible[0]
        return list(self.last)

    def feedback(self, black, white, grade):
        self.possible = [c for c in self.possible if score(c, self.last) == (black, white)]
