// The katas protocol, version 1: kata run talks to mastermind.js through this loop.
const readline = require("node:readline");
const mastermind = require("./mastermind");

console.log(JSON.stringify({ protocol: "katas", version: 1, kata: "mastermind" }));
let game = null;
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line);
  const reply = { id: request.id };
  try {
    if (request.op === "new") {
      game = mastermind.newGame(request.colors, request.width, request.turns, request.secret);
    } else if (request.op === "score") {
      let black, white, grade;
      [grade, [black, white], game] = mastermind.score(game, request.guess);
      Object.assign(reply, { grade, black, white });
    } else if (request.op === "turns_left") {
      reply.turns_left = mastermind.turnsLeft(game);
    } else if (request.op === "guesses") {
      reply.guesses = mastermind.guesses(game);
    } else {
      reply.error = "unknown op " + request.op;
    }
  } catch (err) {
    if (err instanceof mastermind.Refused) {
      reply.error = err.message;
    } else if (err.message === "not implemented") {
      reply.error = "not implemented";
    } else {
      throw err; // a bug: crash, and the runner shows the stack
    }
  }
  console.log(JSON.stringify(reply));
});
