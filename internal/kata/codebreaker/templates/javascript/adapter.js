// The katas protocol, version 2: kata run talks to codebreaker.js through this loop.
import { Breaker } from "./codebreaker.js";

const games = new Map();

// The reply to one request; a game is known by its number.
function answer(request) {
  const reply = { id: request.id };
  try {
    if (request.op === "new") {
      games.set(request.game, new Breaker(request.colors, request.width, request.turns));
    } else if (request.op === "guess") {
      reply.guess = Array.from(games.get(request.game).guess());
    } else if (request.op === "feedback") {
      const breaker = games.get(request.game);
      if (request.grade !== "continue") {
        games.delete(request.game); // the game is over
      }
      breaker.feedback(request.black, request.white, request.grade);
    } else {
      reply.error = "unknown op " + request.op;
    }
  } catch (err) {
    if (err instanceof Error && err.message === "not implemented") {
      reply.error = "not implemented";
    } else {
      throw err; // a bug: crash, and the runner shows the stack
    }
  }
  return reply;
}

console.log(JSON.stringify({ protocol: "katas", version: 2, kata: "codebreaker" }));
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
