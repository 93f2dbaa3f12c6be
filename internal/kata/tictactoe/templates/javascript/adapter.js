// The katas protocol, version 2: kata run talks to tictactoe.js through this loop.
//
// A plain Error is the refusal Exercism's exercise asks for; any other error (a TypeError, a
// RangeError) is a bug, which stops the adapter so that the runner shows its stack.
import { gamestate } from "./tictactoe.js";

// The messages of an operation not written yet: this starting point's, and those of Exercism's
// stubs, old and new.
const notImplemented = [
  "not implemented",
  "Remove this line and implement the function",
  "Remove this statement and implement this function",
];

// The reply to one request.
function answer(request) {
  const reply = { id: request.id };
  try {
    if (request.op === "classify") {
      reply.state = gamestate(request.rows);
    } else {
      reply.error = "unknown op " + request.op;
    }
  } catch (err) {
    if (!(err instanceof Error) || err.constructor !== Error) {
      throw err; // a bug: crash, and the runner shows the stack
    }
    reply.error = notImplemented.includes(err.message) ? "not implemented" : err.message;
  }
  return reply;
}

console.log(JSON.stringify({ protocol: "katas", version: 2, kata: "tictactoe" }));
// The requests that have come, a line each, answered in order. The replies are written once
// every request that has come is answered — and at least every tenth of a second while they
// are, so that the runner sees a slow answer at work — and even when one crashes.
let pending = "";
let replies = [];
let sent = Date.now();
function send() {
  process.stdout.write(replies.join(""));
  replies = [];
  sent = Date.now();
}
process.stdin.setEncoding("utf8").on("data", (chunk) => {
  const lines = (pending + chunk).split("\n");
  pending = lines.pop();
  try {
    for (const line of lines) {
      replies.push(JSON.stringify(answer(JSON.parse(line))) + "\n");
      if (Date.now() - sent > 100) send();
    }
  } finally {
    send();
  }
});
