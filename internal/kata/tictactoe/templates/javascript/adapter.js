// The katas protocol, version 1: kata run talks to tictactoe.js through this loop.
//
// A plain Error is the refusal Exercism's exercise asks for; any other error (a TypeError, a
// RangeError) is a bug, which stops the adapter so that the runner shows its stack.
import readline from "node:readline";
import { gamestate } from "./tictactoe.js";

// The messages of an operation not written yet: this starting point's, and Exercism's stub's.
const notImplemented = ["not implemented", "Remove this line and implement the function"];

console.log(JSON.stringify({ protocol: "katas", version: 1, kata: "tictactoe" }));
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line);
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
  console.log(JSON.stringify(reply));
});
