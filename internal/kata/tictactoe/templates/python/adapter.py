"""The katas protocol, version 1: kata run talks to tictactoe.py through this loop.

A ValueError is the refusal Exercism's exercise asks for; any other exception is a bug, which
stops the adapter so that the runner shows its traceback.
"""
import json
import sys

import tictactoe

print(json.dumps({"protocol": "katas", "version": 1, "kata": "tictactoe"}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    op, reply = request["op"], {"id": request["id"]}
    try:
        if op == "classify":
            reply["state"] = tictactoe.gamestate(request["rows"])
        else:
            reply["error"] = "unknown op " + op
    except NotImplementedError:
        reply["error"] = "not implemented"
    except ValueError as refused:
        reply["error"] = str(refused.args[0]) if refused.args else str(refused)
    print(json.dumps(reply), flush=True)
