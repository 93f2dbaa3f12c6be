// The katas protocol, version 1: kata run talks to tictactoe.js through this loop.
const readline = require("node:readline");
const tictactoe = require("./tictactoe");

console.log(JSON.stringify({ protocol: "katas", version: 1, kata: "tictactoe" }));
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line);
  const reply = { id: request.id };
  try {
    if (request.op === "classify") {
      reply.state = tictactoe.classify(request.rows);
    } else {
      reply.error = "unknown op " + request.op;
    }
  } catch (err) {
    if (err instanceof tictactoe.Refused) {
      reply.error = err.message;
    } else if (err.message === "not implemented") {
      reply.error = "not implemented";
    } else {
      throw err; // a bug: crash, and the runner shows the stack
    }
  }
  console.log(JSON.stringify(reply));
});
