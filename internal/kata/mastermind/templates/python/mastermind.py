"""Mastermind as Dave Thomas's Elixir exercise has it: new(num_colors, width, max_turns),
here with the code maker's secret as well, and score(game, guess).

Colours are numbers from 1 to num_colors; a code is a list of width of them. To refuse
something (rules that make no game, a secret or a guess that does not fit, a guess after the
game is over), raise Refused with a message that says what was wrong. A refused guess
changes nothing. Any other exception is a bug: the runner shows its traceback.
"""


class Refused(Exception):
    """Raised, with a message that says what was wrong, to refuse a request."""


def new(num_colors, width, max_turns, secret):
    """Start a game of num_colors colours, width pegs and max_turns turns with the code
    maker's secret, a list of width colours, and return it; raise Refused for rules or a
    secret that do not fit."""
    raise NotImplementedError


def score(game, guess):
    """Play a guess: return (grade, (black, white), new_game).

    grade is "won", "lost" or "continue"; black counts the pegs of the right colour in the
    right place, white those of a right colour in the wrong place, each peg counted once.
    new_game is the game after the guess; game itself is left as it was.
    """
    raise NotImplementedError


def turns_left(game):
    """Return how many guesses the game still allows: 0 once it is won or lost."""
    raise NotImplementedError


def guesses(game):
    """Return how many guesses are on the board."""
    raise NotImplementedError
