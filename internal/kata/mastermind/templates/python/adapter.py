"""The katas protocol, version 2: kata run talks to mastermind.py through this loop."""
import json
import sys
import time

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


def send(replies):
    """Writes the replies made so far, flushes them, and says when."""
    sys.stdout.write("".join(replies))
    sys.stdout.flush()
    replies.clear()
    return time.monotonic()


print(json.dumps({"protocol": "katas", "version": 2, "kata": "mastermind"}), flush=True)
# The requests that have come, a line each, answered in order. The replies are written, and
# flushed, once every request that has come is answered — and at least every tenth of a second
# while they are, so that the runner sees a slow answer at work — and even when one crashes.
pending, replies, sent = b"", [], time.monotonic()
while chunk := sys.stdin.buffer.read1(1 << 16):
    *lines, pending = (pending + chunk).split(b"\n")
    try:
        for request in json.loads(b"[" + b",".join(lines) + b"]"):  # the lines read at once
            replies.append(json.dumps(answer(request)) + "\n")
            if time.monotonic() - sent > 0.1:
                sent = send(replies)
    finally:
        sent = send(replies)
