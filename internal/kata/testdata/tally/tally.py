# A tally over the katas protocol; with "off-by-one" as its argument, a wrong one.
import json, sys

off = 1 if sys.argv[1:] == ["off-by-one"] else 0
print(json.dumps({"protocol": "katas", "version": 1, "kata": "tally"}), flush=True)
total = 0
for line in sys.stdin:
    req = json.loads(line)
    if req["op"] == "new":
        total = 0
    if req["op"] == "add":
        total += req["n"]
    print(json.dumps({"id": req["id"], "total": total + off}), flush=True)
