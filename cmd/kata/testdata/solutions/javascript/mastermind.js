// A practitioner's Mastermind, in JavaScript: the solution kata run's tests fill a starting
// point in with.

class Refused extends Error {}

function check(game, code, what) {
  if (code.length !== game.width) {
    throw new Refused(`the ${what} has ${code.length} pegs, want ${game.width}`);
  }
  for (const peg of code) {
    if (peg < 1 || peg > game.colors) {
      throw new Refused(`the ${what} has colour ${peg}, want 1 to ${game.colors}`);
    }
  }
}

function newGame(numColors, width, maxTurns, secret) {
  if (numColors < 1 || width < 1 || maxTurns < 1) {
    throw new Refused("a game needs at least one colour, one peg and one turn");
  }
  const game = { colors: numColors, width, turnsLeft: maxTurns, secret: [...secret], guesses: 0, grade: "continue" };
  check(game, secret, "secret");
  return game;
}

function score(game, guess) {
  if (game.grade !== "continue") throw new Refused("the game is over: " + game.grade);
  check(game, guess, "guess");
  const black = guess.filter((peg, i) => peg === game.secret[i]).length;
  let common = 0;
  for (const colour of new Set(guess)) {
    const count = (code) => code.filter((peg) => peg === colour).length;
    common += Math.min(count(game.secret), count(guess));
  }
  const turnsLeft = game.turnsLeft - 1;
  const grade = black === game.width ? "won" : turnsLeft === 0 ? "lost" : "continue";
  return [grade, [black, common - black], { ...game, turnsLeft, guesses: game.guesses + 1, grade }];
}

function turnsLeft(game) {
  return game.grade === "continue" ? game.turnsLeft : 0;
}

function guesses(game) {
  return game.guesses;
}

module.exports = { Refused, newGame, score, turnsLeft, guesses };
