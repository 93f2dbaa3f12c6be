"""The breaker's own loop: codebreaker.Breaker (from the folder it runs in) against every secret
of the classic game, scored here, with no runner between them: what a full run of kata run is
measured against. It prints the guesses in all."""
import sys
from itertools import product

sys.path.insert(0, ".")
import codebreaker  # noqa: E402


def score(secret, guess):
    black = sum(s == g for s, g in zip(secret, guess))
    white = sum(min(secret.count(c), guess.count(c)) for c in set(guess)) - black
    return black, white


total = 0
for secret in product(range(1, 7), repeat=4):
    breaker = codebreaker.Breaker(6, 4, 12)
    for turn in range(1, 13):
        black, white = score(secret, tuple(breaker.guess()))
        total += 1
        grade = "won" if black == 4 else "lost" if turn == 12 else "continue"
        breaker.feedback(black, white, grade)
        if grade != "continue":
            break
print(total)
