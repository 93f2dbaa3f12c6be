"""The katas protocol, version 1: kata run talks to mastermind.py through this loop."""
import json
import sys

import mastermind

print(json.dumps({"protocol": "katas", "version": 1, "kata": "mastermind"}), flush=True)
game = None
for line in sys.stdin:
    request = json.loads(line)
    op, reply = request["op"], {"id": request["id"]}
    try:
        if op == "new":
            game = mastermind.new(request["colors"], request["width"], request["turns"], request["secret"])
        elif op == "score":
            grade, (black, white), game = mastermind.score(game, request["guess"])
            reply.update(grade=grade, black=black, white=white)
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
    print(json.dumps(reply), flush=True)
