"""A practitioner's Mastermind, in Python: the solution kata run's tests fill a starting point in with."""


class Refused(Exception):
    """Raised to refuse a request."""


def check(game, code, what):
    if len(code) != game["width"]:
        raise Refused(f"the {what} has {len(code)} pegs, want {game['width']}")
    for peg in code:
        if not 1 <= peg <= game["colors"]:
            raise Refused(f"the {what} has colour {peg}, want 1 to {game['colors']}")


def new(num_colors, width, max_turns, secret):
    if num_colors < 1 or width < 1 or max_turns < 1:
        raise Refused("a game needs at least one colour, one peg and one turn")
    game = {"colors": num_colors, "width": width, "turns_left": max_turns,
            "secret": list(secret), "guesses": 0, "grade": "continue"}
    check(game, secret, "secret")
    return game


def score(game, guess):
    if game["grade"] != "continue":
        raise Refused("the game is over: " + game["grade"])
    check(game, guess, "guess")
    secret = game["secret"]
    black = sum(s == g for s, g in zip(secret, guess))
    white = sum(min(secret.count(c), guess.count(c)) for c in set(guess)) - black
    turns_left = game["turns_left"] - 1
    grade = "won" if black == game["width"] else "lost" if turns_left == 0 else "continue"
    return grade, (black, white), dict(game, turns_left=turns_left, guesses=game["guesses"] + 1, grade=grade)


def turns_left(game):
    return 0 if game["grade"] != "continue" else game["turns_left"]


def guesses(game):
    return game["guesses"]
