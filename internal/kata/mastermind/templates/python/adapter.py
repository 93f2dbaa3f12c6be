"""The katas protocol, version 2: kata run talks to mastermind.py through this loop."""
import json
import sys

import mastermind

game = None
before = None  # the game the last score was given, which score leaves as it was


def answer(request):
    """The reply to one request; a new game replaces the last."""
    global game, before
    op, reply = request["op"], {"id": request["id"]}
    try:
        if op == "new":
            game = mastermind.new(request["colors"], request["width"], request["turns"], request["secret"])
        elif op == "score":
            grade, (black, white), after = mastermind.score(game, request["guess"])
            before, game = game, after
            reply.update(grade=grade, black=black, white=white)
        elif op == "back":
            game = before
        elif op == "turns_left":
            reply["turns_left"] = mastermind.turns_left(game)
        elif op == "guesses":
            reply["guesses"] = mastermind.guesses(game)
        else:
            reply["error"] = "unknown op " + op
    except NotImplementedError:
        reply["error"] = "not implemented"
    except mastermind.Refused as refused:
        reply["error"] = str(refused)
    return reply


print(json.dumps({"protocol": "katas", "version": 2, "kata": "mastermind"}), flush=True)
# The requests that have come, a line each, answered in order; the replies written and flushed
# before waiting for more, even when one answer crashes.
pending = b""
while chunk := sys.stdin.buffer.read1(1 << 16):
    *lines, pending = (pending + chunk).split(b"\n")
    replies = []
    try:
        for request in json.loads(b"[" + b",".join(lines) + b"]"):  # the lines read at once
            replies.append(json.dumps(answer(request)) + "\n")
    finally:
        sys.stdout.write("".join(replies))
        sys.stdout.flush()
