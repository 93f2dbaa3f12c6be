// A breaker for the code-breaker kata, as people write one first: it guesses the first code,
// in order, that could still be the secret.

function score(secret, guess) {
  let black = 0, common = 0;
  for (let i = 0; i < secret.length; i++) if (secret[i] === guess[i]) black++;
  const colors = new Set([...secret, ...guess]);
  for (const c of colors) {
    common += Math.min(secret.filter((p) => p === c).length, guess.filter((p) => p === c).length);
  }
  return [black, common - black];
}

function allCodes(colors, width) {
  let codes = [[]];
  for (let i = 0; i < width; i++) {
    codes = codes.flatMap((c) => Array.from({ length: colors }, (_, k) => [...c, k + 1]));
  }
  return codes;
}

export class Breaker {
  constructor(colors, width, turns) {
    this.possible = allCodes(colors, width);
    this.last = null;
  }

  guess() {
    this.last = this.possible[0];
    return this.last;
  }

  feedback(black, white, grade) {
    this.possible = this.possible.filter((c) => {
      const [b, w] = score(c, this.last);
      return b === black && w === white;
    });
  }
}
