// The breaker's own loop: Breaker (from codebreaker.js in the folder it runs in) against every
// secret of the classic game, scored here, with no runner between them: what a full run of
// kata run is measured against. It prints the guesses in all.
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const { Breaker } = await import(pathToFileURL(join(process.cwd(), "codebreaker.js")).href);

function score(secret, guess) {
  let black = 0, common = 0;
  for (let i = 0; i < 4; i++) if (secret[i] === guess[i]) black++;
  for (let c = 1; c <= 6; c++) {
    common += Math.min(secret.filter((p) => p === c).length, guess.filter((p) => p === c).length);
  }
  return [black, common - black];
}

let total = 0;
for (let n = 0; n < 1296; n++) {
  const secret = [Math.floor(n / 216) % 6 + 1, Math.floor(n / 36) % 6 + 1, Math.floor(n / 6) % 6 + 1, n % 6 + 1];
  const breaker = new Breaker(6, 4, 12);
  for (let turn = 1; turn <= 12; turn++) {
    const [black, white] = score(secret, Array.from(breaker.guess()));
    total++;
    const grade = black === 4 ? "won" : turn === 12 ? "lost" : "continue";
    breaker.feedback(black, white, grade);
    if (grade !== "continue") break;
  }
}
console.log(total);
