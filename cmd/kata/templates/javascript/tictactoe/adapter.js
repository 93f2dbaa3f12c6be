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
  } catch (refused) {
    if (refused.constructor !== Error) throw refused; // a TypeError is a bug: crash, and show it
    reply.error = refused.message;
  }
  console.log(JSON.stringify(reply));
});
