// A right breaker for the code-breaker kata: Knuth's minimax, each decision worked out once.
//
// Knuth's rule: guess the code, among all codes, whose worst feedback leaves the fewest secrets
// possible; ties go to a code that could still be the secret, then to the lowest. The guess
// after a run of feedback is the same in every game of the same rules, so each decision is
// worked out once and kept; so is each code's score against every other.

function allCodes(colors, width) {
  let codes = [[]];
  for (let i = 0; i < width; i++) {
    codes = codes.flatMap((c) => Array.from({ length: colors }, (_, k) => [...c, k + 1]));
  }
  return codes;
}

class Rules {
  constructor(colors, width) {
    this.codes = allCodes(colors, width);
    this.counts = this.codes.map((c) => Array.from({ length: colors }, (_, k) => c.filter((p) => p === k + 1).length));
    this.rows = new Map(); // a code's index -> its score against every code, black * 16 + white
    this.decided = new Map(); // the feedback so far -> the guess, by the code's index
  }

  score(i, j) {
    const a = this.codes[i], b = this.codes[j];
    let black = 0, common = 0;
    for (let p = 0; p < a.length; p++) if (a[p] === b[p]) black++;
    const ca = this.counts[i], cb = this.counts[j];
    for (let k = 0; k < ca.length; k++) common += Math.min(ca[k], cb[k]);
    return black * 16 + common - black;
  }

  row(g) {
    if (!this.rows.has(g)) {
      const row = new Uint8Array(this.codes.length);
      for (let s = 0; s < row.length; s++) row[s] = this.score(g, s);
      this.rows.set(g, row);
    }
    return this.rows.get(g);
  }

  decide(possible) {
    if (possible.length === 1) return possible[0];
    const candidates = new Set(possible);
    let best = -1, bestKey = null;
    for (let g = 0; g < this.codes.length; g++) {
      const row = this.row(g);
      const parts = new Map();
      let worst = 0;
      for (const s of possible) {
        const n = (parts.get(row[s]) || 0) + 1;
        parts.set(row[s], n);
        if (n > worst) worst = n;
      }
      const key = [worst, candidates.has(g) ? 0 : 1, g];
      if (bestKey === null || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
        best = g;
        bestKey = key;
      }
    }
    return best;
  }
}

const kept = new Map();

// The breaker of one game's secret.
export class Breaker {
  constructor(colors, width, turns) {
    const key = colors + "," + width;
    if (!kept.has(key)) kept.set(key, new Rules(colors, width));
    this.rules = kept.get(key);
    this.possible = this.rules.codes.map((_, i) => i);
    this.history = "";
    this.last = -1;
  }

  guess() {
    if (!this.rules.decided.has(this.history)) {
      this.rules.decided.set(this.history, this.rules.decide(this.possible));
    }
    this.last = this.rules.decided.get(this.history);
    return [...this.rules.codes[this.last]];
  }

  feedback(black, white, grade) {
    if (grade !== "continue") return;
    const fb = black * 16 + white;
    const row = this.rules.row(this.last);
    this.possible = this.possible.filter((s) => row[s] === fb);
    this.history += fb + ",";
  }
}
