"""Mastermind as Dave Thomas's Elixir exercise has it: new(num_colors, width, max_turns) and score(game, guess).

Colours are numbers from 1 to num_colors; a code is a list of width of them. To refuse
something (rules that make no game, a secret or a guess that does not fit, a guess after the
game is over), raise Refused with a message that says what was wrong. A refused guess
changes nothing. Any other exception is a bug: the runner shows its traceback.
"""


class Refused(Exception):
    """Raised, with a message that says what was wrong, to refuse a request."""


def new(num_colors, width, max_turns, secret):
    """Start a game with the code maker's secret, and return it."""
    raise NotImplementedError


def score(game, guess):
    """Play a guess: return (grade, (black, white), new_game).

    grade is "won", "lost" or "continue"; black counts the pegs of the right colour in the
    right place, white the others of a right colour.
    """
    raise NotImplementedError


def turns_left(game):
    """Return how many guesses the game still allows."""
    raise NotImplementedError


def guesses(game):
    """Return how many guesses are on the board."""
    raise NotImplementedError
