"""The katas protocol, version 2: kata run talks to codebreaker.py through this loop."""
import json
import sys
import time

import codebreaker

games = {}


def answer(request):
    """The reply to one request; a game is known by its number."""
    op, reply = request["op"], {"id": request["id"]}
    try:
        if op == "new":
            games[request["game"]] = codebreaker.Breaker(request["colors"], request["width"], request["turns"])
        elif op == "guess":
            reply["guess"] = list(games[request["game"]].guess())
        elif op == "feedback":
            breaker = games[request["game"]]
            if request["grade"] != "continue":
                del games[request["game"]]  # the game is over
            breaker.feedback(request["black"], request["white"], request["grade"])
        else:
            reply["error"] = "unknown op " + op
    except NotImplementedError:
        reply["error"] = "not implemented"
    return reply


def send(replies):
    """Writes the replies made so far, flushes them, and says when."""
    sys.stdout.write("".join(replies))
    sys.stdout.flush()
    replies.clear()
    return time.monotonic()


print(json.dumps({"protocol": "katas", "version": 2, "kata": "codebreaker"}), flush=True)
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
