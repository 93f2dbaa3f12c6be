"""The katas protocol, version 1: kata run talks to tictactoe.py through this loop."""
import json
import sys

import tictactoe

print(json.dumps({"protocol": "katas", "version": 1, "kata": "tictactoe"}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    op, reply = request["op"], {"id": request["id"]}
    try:
        if op == "classify":
            reply["state"] = tictactoe.classify(request["rows"])
        else:
            reply["error"] = "unknown op " + op
    except NotImplementedError:
        reply["error"] = "not implemented"
    except tictactoe.Refused as refused:
        reply["error"] = str(refused)
    print(json.dumps(reply), flush=True)
