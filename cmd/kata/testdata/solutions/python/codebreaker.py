"""A right breaker for the code-breaker kata: Knuth's minimax, each decision worked out once.

Knuth's rule: guess the code, among all codes, whose worst feedback leaves the fewest secrets
possible; ties go to a code that could still be the secret, then to the lowest. The guess
after a run of feedback is the same in every game of the same rules, so each decision is
worked out once and kept; so is each code's score against every other.
"""
from itertools import product
from operator import eq


class Rules:
    """What every breaker of one game's rules shares: its codes, their scores, its decisions."""

    def __init__(self, colors, width):
        self.codes = list(product(range(1, colors + 1), repeat=width))
        self.counts = [tuple(c.count(k) for k in range(1, colors + 1)) for c in self.codes]
        self.rows = None  # each code's score against every code, black * 16 + white
        self.some = {}  # before the table is whole, the rows worked out, by the code's index
        self.decided = {}  # the feedback so far -> the guess, by the code's index

    def score(self, i, j):
        b = sum(map(eq, self.codes[i], self.codes[j]))
        return b * 16 + sum(map(min, self.counts[i], self.counts[j])) - b

    def table(self):
        if self.rows is None:
            n = len(self.codes)
            self.rows = [bytearray(n) for _ in range(n)]
            for i in range(n):
                for j in range(i, n):
                    self.rows[i][j] = self.rows[j][i] = self.score(i, j)
        return self.rows

    def row(self, g):
        """The scores of code g against every code."""
        if self.rows is not None:
            return self.rows[g]
        if g not in self.some:
            self.some[g] = [self.score(g, s) for s in range(len(self.codes))]
        return self.some[g]

    def opening(self):
        """The codes a first guess need be one of: one of each shape, the lowest (1122)."""
        out = []
        for i, c in enumerate(self.codes):
            counts = [c.count(k) for k in range(1, max(c) + 1)]
            if list(c) == sorted(c) and 0 not in counts and counts == sorted(counts, reverse=True):
                out.append(i)
        return out

    def decide(self, possible, history):
        """Knuth's guess for the secrets still possible, by their indexes."""
        if len(possible) == 1:
            return possible[0]
        if history:
            guesses = range(len(self.codes))
            self.table()
        else:
            guesses = self.opening()
        candidates = set(possible)
        best, best_key = None, None
        for g in guesses:
            row = self.row(g)
            parts = {}
            for s in possible:
                parts[row[s]] = parts.get(row[s], 0) + 1
            key = (max(parts.values()), g not in candidates, g)
            if best_key is None or key < best_key:
                best, best_key = g, key
        return best


kept = {}


class Breaker:
    """The breaker of one game's secret."""

    def __init__(self, colors, width, turns):
        if (colors, width) not in kept:
            kept[colors, width] = Rules(colors, width)
        self.rules = kept[colors, width]
        self.possible = list(range(len(self.rules.codes)))
        self.history = ()
        self.last = None

    def guess(self):
        if self.history not in self.rules.decided:
            self.rules.decided[self.history] = self.rules.decide(self.possible, self.history)
        self.last = self.rules.decided[self.history]
        return list(self.rules.codes[self.last])

    def feedback(self, black, white, grade):
        if grade != "continue":
            return
        fb = black * 16 + white
        row = self.rules.row(self.last)
        self.possible = [s for s in self.possible if row[s] == fb]
        self.history += (fb,)
