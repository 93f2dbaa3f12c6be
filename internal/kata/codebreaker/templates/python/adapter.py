"""The katas protocol, version 2: kata run talks to codebreaker.py through this loop."""
import json
import sys

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


print(json.dumps({"protocol": "katas", "version": 2, "kata": "codebreaker"}), flush=True)
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
