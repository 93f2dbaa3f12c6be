// The katas protocol, version 2: kata run talks to mastermind.js through this loop.
const mastermind = require("./mastermind");

let game = null;
let before = null; // the game the last score was given, which score leaves as it was

// The reply to one request; a new game replaces the last.
function answer(request) {
  const reply = { id: request.id };
  try {
    if (request.op === "new") {
      game = mastermind.newGame(request.colors, request.width, request.turns, request.secret);
    } else if (request.op === "score") {
      const [grade, [black, white], after] = mastermind.score(game, request.guess);
      [before, game] = [game, after];
      Object.assign(reply, { grade, black, white });
    } else if (request.op === "back") {
      game = before;
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
  return reply;
}

console.log(JSON.stringify({ protocol: "katas", version: 2, kata: "mastermind" }));
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
